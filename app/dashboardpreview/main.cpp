// treelock-dashboard-preview: draws a Grafana dashboard's panels from a
// Prometheus server into one PNG, where Grafana itself is not at hand. Each
// panel's queries run as Grafana would run them (a range query per target,
// its variables filled in) and the panels are drawn at their gridPos.
#include "dashboard.h"
#include "paneldrawing.h"
#include "panelqueries.h"
#include "prometheusclient.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFileInfo>
#include <QGuiApplication>
#include <QRegularExpression>
#include <QTextStream>

#include <cmath>
#include <cstdio>

namespace {

using namespace treelock::dashboardpreview;

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;      // a query failed or the image could not be written
constexpr int kExitInvalid = 2;     // bad options or dashboard
constexpr int kExitUnreachable = 5; // as treelock's: the server could not be asked
constexpr std::chrono::seconds kQueryTimeout{30};

const char* const kUsage =
    "Draws every panel of a Grafana dashboard at its place (gridPos, 24 columns)\n"
    "into one PNG, from a Prometheus server's HTTP API: each target's expr runs as\n"
    "a range query over --from..--to, with $project, $__rate_interval, $__interval\n"
    "and $__range filled in. Grafana is not needed.\n"
    "Exit: 0 drawn, 1 a query failed (the panel shows why; the image is written)\n"
    "or the PNG could not be written, 2 bad options or dashboard, 5 Prometheus\n"
    "unreachable.";

struct Options {
    QString dashboard;
    QUrl prometheus;
    QString out;
    TimeRange range;
    int width = 1600;
    Substitutions values;
};

qint64 wholeNumber(const QString& option, const QString& text, qint64 low, qint64 high, const char* meaning)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value < low || value > high)
        throw InputError(QStringLiteral("--%1: '%2' is not %3 from %4 to %5")
                             .arg(option, text, QLatin1String(meaning))
                             .arg(low)
                             .arg(high)
                             .toStdString());
    return value;
}

Options readOptions(const QCommandLineParser& parser)
{
    Options o;
    for (const char* required : {"dashboard", "prometheus", "out"})
        if (parser.value(QLatin1String(required)).isEmpty())
            throw InputError(QStringLiteral("--%1 is required (see --help)").arg(QLatin1String(required)).toStdString());
    o.dashboard = parser.value("dashboard");
    o.out = parser.value("out");
    o.prometheus = QUrl(parser.value("prometheus"), QUrl::StrictMode);
    if (!o.prometheus.isValid() || o.prometheus.host().isEmpty()
        || (o.prometheus.scheme() != QLatin1String("http") && o.prometheus.scheme() != QLatin1String("https")))
        throw InputError(QStringLiteral("--prometheus: '%1' is not an http:// or https:// URL with a host")
                             .arg(parser.value("prometheus"))
                             .toStdString());
    o.width = int(wholeNumber("width", parser.value("width"), 480, 7680, "a width in pixels"));
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    constexpr qint64 kLatest = 253402300799; // 9999-12-31
    o.range.to = parser.isSet("to") ? wholeNumber("to", parser.value("to"), 1, kLatest, "a Unix time in seconds") : now;
    o.range.from = parser.isSet("from") ? wholeNumber("from", parser.value("from"), 0, kLatest, "a Unix time in seconds")
                                        : o.range.to - 3600;
    if (o.range.from >= o.range.to)
        throw InputError(QStringLiteral("--from %1 is not before --to %2: the range must be at least a second")
                             .arg(o.range.from)
                             .arg(o.range.to)
                             .toStdString());
    const qint64 span = o.range.to - o.range.from;
    o.range.step = parser.isSet("step") ? double(wholeNumber("step", parser.value("step"), 1, span, "a step in seconds"))
                                        : std::max(1.0, std::ceil(double(span) / 500));
    if (double(span) / o.range.step > 11000)
        throw InputError(QStringLiteral("--step %1: %2 s in steps of %1 s are more than the 11,000 points Prometheus "
                                        "gives a series")
                             .arg(o.range.step)
                             .arg(span)
                             .toStdString());
    static const QRegularExpression duration(QStringLiteral(R"(^([0-9]+(ms|s|m|h|d|w|y))+$)"));
    o.values.rateInterval = parser.value("rate-interval");
    if (!duration.match(o.values.rateInterval).hasMatch())
        throw InputError(QStringLiteral("--rate-interval: '%1' is not a PromQL duration such as 30s, 1m or 5m")
                             .arg(o.values.rateInterval)
                             .toStdString());
    const QStringList projects = parser.values("project");
    o.values.project = projects.isEmpty() ? QStringLiteral(".*") : projects.join(QLatin1Char('|'));
    o.values.interval = QString::number(qint64(o.range.step)) + QLatin1Char('s');
    o.values.rangeSeconds = span;
    return o;
}

QStringList notes(const Options& o)
{
    const QDateTime from = QDateTime::fromSecsSinceEpoch(o.range.from);
    const QDateTime to = QDateTime::fromSecsSinceEpoch(o.range.to);
    const QString day = QStringLiteral("yyyy-MM-dd HH:mm:ss");
    return {
        QStringLiteral("%1 → %2 %3 (%4 s, one point every %5 s)   ·   project = %6   ·   $__rate_interval = %7   ·   %8")
            .arg(from.toString(day), to.toString(from.date() == to.date() ? QStringLiteral("HH:mm:ss") : day),
                 from.timeZoneAbbreviation())
            .arg(o.range.to - o.range.from)
            .arg(o.range.step)
            .arg(o.values.project, o.values.rateInterval, o.prometheus.toString(QUrl::RemoveUserInfo)),
        QStringLiteral("Drawn by treelock-dashboard-preview from the queries of %1, not by Grafana.")
            .arg(QFileInfo(o.dashboard).fileName()),
    };
}

int run(const QCommandLineParser& parser, QTextStream& err)
{
    const Options options = readOptions(parser);
    const Dashboard dashboard = loadDashboard(options.dashboard);
    PrometheusClient client(options.prometheus, kQueryTimeout);
    const std::vector<PanelData> data = queryPanels(dashboard, client, options.values, options.range);

    int failed = 0;
    for (std::size_t i = 0; i < data.size(); ++i)
        for (const QString& error : data[i].errors) {
            err << "treelock-dashboard-preview: panel '" << dashboard.panels[i].title << "': " << error << Qt::endl;
            ++failed;
        }
    const QImage image = drawDashboard(dashboard, data, {options.width, options.range, notes(options)});
    if (!image.save(options.out, "PNG")) {
        err << "treelock-dashboard-preview: --out: cannot write '" << options.out
            << "' (does its folder exist, and may it be written?)" << Qt::endl;
        return kExitFailed;
    }
    err << "treelock-dashboard-preview: wrote " << options.out << " (" << image.width() << "x" << image.height() << ", "
        << dashboard.panels.size() << " panels";
    if (failed > 0)
        err << ", " << failed << (failed == 1 ? " query" : " queries") << " failed";
    err << ")" << Qt::endl;
    return failed > 0 ? kExitFailed : kExitOk;
}

} // namespace

int main(int argc, char* argv[])
{
    // Drawing needs no display: the offscreen platform unless the caller chose one.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    QGuiApplication::setApplicationName(QStringLiteral("treelock-dashboard-preview"));
    QGuiApplication::setApplicationVersion(QStringLiteral(TREELOCK_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromLatin1(kUsage));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {"dashboard", "The dashboard JSON (a Grafana export).", "FILE"},
        {"prometheus", "The Prometheus server's root URL, e.g. http://127.0.0.1:9090.", "URL"},
        {"out", "The PNG to write.", "PNG"},
        {"from", "Start of the range, Unix seconds (default: an hour before --to).", "UNIX"},
        {"to", "End of the range, Unix seconds (default: now).", "UNIX"},
        {"step", "Seconds between points (default: the range / 500, at least 1).", "S"},
        {"width", "Image width in pixels, 480..7680 (default 1600).", "PX", "1600"},
        {"project", "$project: a project (a regex; repeat for several; default .*, all).", "P"},
        {"rate-interval", "$__rate_interval, a PromQL duration (default 1m).", "D", "1m"},
    });
    QTextStream err(stderr);
    if (!parser.parse(QGuiApplication::arguments())) {
        err << "treelock-dashboard-preview: " << parser.errorText() << " (see --help)" << Qt::endl;
        return kExitInvalid;
    }
    if (parser.isSet("help"))
        parser.showHelp(kExitOk);
    if (parser.isSet("version"))
        parser.showVersion();
    if (!parser.positionalArguments().isEmpty()) {
        err << "treelock-dashboard-preview: unexpected argument '" << parser.positionalArguments().constFirst()
            << "': every input is an option (see --help)" << Qt::endl;
        return kExitInvalid;
    }
    try {
        return run(parser, err);
    } catch (const InputError& e) {
        err << "treelock-dashboard-preview: " << e.what() << Qt::endl;
        return kExitInvalid;
    } catch (const UnreachableError& e) {
        err << "treelock-dashboard-preview: " << e.what() << Qt::endl;
        return kExitUnreachable;
    }
}
