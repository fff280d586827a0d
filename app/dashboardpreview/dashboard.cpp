#include "dashboard.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace treelock::dashboardpreview {

namespace {

std::optional<double> optionalNumber(const QJsonValue& v)
{
    if (v.isDouble())
        return v.toDouble();
    return std::nullopt;
}

std::vector<Threshold> readThresholds(const QJsonObject& defaults)
{
    std::vector<Threshold> out;
    for (const QJsonValue& step : defaults.value("thresholds").toObject().value("steps").toArray()) {
        const QJsonObject s = step.toObject();
        out.push_back({optionalNumber(s.value("value")), grafanaColor(s.value("color").toString())});
    }
    std::stable_sort(out.begin(), out.end(), [](const Threshold& a, const Threshold& b) {
        return a.value.value_or(-1e308) < b.value.value_or(-1e308);
    });
    return out;
}

std::vector<ValueMapping> readMappings(const QJsonObject& defaults)
{
    std::vector<ValueMapping> out;
    for (const QJsonValue& mapping : defaults.value("mappings").toArray()) {
        const QJsonObject m = mapping.toObject();
        if (m.value("type").toString() != QLatin1String("value"))
            continue;
        const QJsonObject options = m.value("options").toObject();
        for (auto it = options.begin(); it != options.end(); ++it) {
            bool ok = false;
            const double value = it.key().toDouble(&ok);
            if (!ok)
                continue;
            const QJsonObject result = it.value().toObject();
            ValueMapping vm{value, result.value("text").toString(), std::nullopt};
            if (result.contains("color"))
                vm.color = grafanaColor(result.value("color").toString());
            out.push_back(vm);
        }
    }
    return out;
}

Panel readPanel(const QJsonObject& p, const QString& file)
{
    Panel panel;
    panel.id = p.value("id").toInt();
    panel.type = p.value("type").toString();
    panel.title = p.value("title").toString();
    panel.description = p.value("description").toString();
    const QJsonValue grid = p.value("gridPos");
    if (!grid.isObject())
        throw InputError(QStringLiteral("%1: panel '%2' (id %3) has no gridPos: every panel needs its place on the grid")
                             .arg(file, panel.title)
                             .arg(panel.id)
                             .toStdString());
    const QJsonObject g = grid.toObject();
    panel.grid = {g.value("x").toInt(), g.value("y").toInt(), g.value("w").toInt(), g.value("h").toInt()};
    if (panel.grid.w <= 0 || panel.grid.h <= 0 || panel.grid.x < 0 || panel.grid.x + panel.grid.w > 24)
        throw InputError(QStringLiteral("%1: panel '%2' has gridPos x=%3 w=%4 h=%5: it must lie within the 24 columns "
                                        "and have a width and height of at least 1")
                             .arg(file, panel.title)
                             .arg(panel.grid.x)
                             .arg(panel.grid.w)
                             .arg(panel.grid.h)
                             .toStdString());
    const QJsonObject defaults = p.value("fieldConfig").toObject().value("defaults").toObject();
    panel.unit = defaults.value("unit").toString();
    const QJsonObject custom = defaults.value("custom").toObject();
    panel.stacked = custom.value("stacking").toObject().value("mode").toString("none") != QLatin1String("none");
    panel.fillOpacity = std::clamp(custom.value("fillOpacity").toInt(0), 0, 100);
    if (defaults.value("decimals").isDouble())
        panel.decimals = defaults.value("decimals").toInt();
    panel.min = optionalNumber(defaults.value("min"));
    panel.thresholds = readThresholds(defaults);
    panel.mappings = readMappings(defaults);
    for (const QJsonValue& t : p.value("targets").toArray()) {
        const QJsonObject target = t.toObject();
        if (target.value("hide").toBool())
            continue;
        panel.targets.push_back({target.value("refId").toString(), target.value("expr").toString(),
                                 target.value("legendFormat").toString()});
    }
    return panel;
}

} // namespace

int Dashboard::gridHeight() const
{
    int bottom = 0;
    for (const Panel& p : panels)
        bottom = std::max(bottom, p.grid.y + p.grid.h);
    return bottom;
}

Dashboard loadDashboard(const QString& file)
{
    if (!QFileInfo::exists(file))
        throw InputError(QStringLiteral("--dashboard: '%1' does not exist").arg(file).toStdString());
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        throw InputError(QStringLiteral("--dashboard: cannot read '%1': %2").arg(file, in.errorString()).toStdString());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(in.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        throw InputError(QStringLiteral("--dashboard: '%1' is not JSON: %2 at byte %3")
                             .arg(file, error.errorString())
                             .arg(error.offset)
                             .toStdString());
    QJsonObject root = doc.object();
    // A dashboard saved through Grafana's HTTP API wraps it in {"dashboard": ...}.
    if (!root.contains("panels") && root.value("dashboard").isObject())
        root = root.value("dashboard").toObject();
    if (!root.value("panels").isArray())
        throw InputError(QStringLiteral("--dashboard: '%1' has no \"panels\" list: it is not a Grafana dashboard")
                             .arg(file)
                             .toStdString());

    Dashboard dashboard;
    dashboard.title = root.value("title").toString();
    dashboard.uid = root.value("uid").toString();
    std::vector<std::pair<Panel, std::vector<Panel>>> read;
    for (const QJsonValue& v : root.value("panels").toArray()) {
        const QJsonObject p = v.toObject();
        std::vector<Panel> nested;
        if (p.value("collapsed").toBool())
            for (const QJsonValue& n : p.value("panels").toArray())
                nested.push_back(readPanel(n.toObject(), file));
        read.emplace_back(readPanel(p, file), std::move(nested));
    }
    std::stable_sort(read.begin(), read.end(),
                     [](const auto& a, const auto& b) { return a.first.grid.y < b.first.grid.y; });
    // A collapsed row is drawn open: its panels go below it, and what follows moves down.
    int shift = 0;
    for (auto& [panel, nested] : read) {
        panel.grid.y += shift;
        dashboard.panels.push_back(panel);
        if (nested.empty())
            continue;
        int top = nested.front().grid.y;
        int bottom = 0;
        for (const Panel& n : nested) {
            top = std::min(top, n.grid.y);
            bottom = std::max(bottom, n.grid.y + n.grid.h);
        }
        for (Panel& n : nested) {
            n.grid.y = panel.grid.y + 1 + (n.grid.y - top);
            dashboard.panels.push_back(n);
        }
        shift += bottom - top;
    }
    return dashboard;
}

QString substitute(const QString& expr, const Substitutions& values)
{
    static const QRegularExpression variable(QStringLiteral(R"(\$\{(\w+)(?::[^}]*)?\}|\[\[(\w+)\]\]|\$(\w+))"));
    const QHash<QString, QString> known{
        {QStringLiteral("project"), values.project},
        {QStringLiteral("__rate_interval"), values.rateInterval},
        {QStringLiteral("__interval"), values.interval},
        {QStringLiteral("__range"), QString::number(values.rangeSeconds) + QLatin1Char('s')},
        {QStringLiteral("__range_s"), QString::number(values.rangeSeconds)},
        {QStringLiteral("__range_ms"), QString::number(values.rangeSeconds * 1000)},
    };
    QString out;
    qsizetype done = 0;
    for (auto it = variable.globalMatch(expr); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString name = m.captured(1);
        if (name.isEmpty())
            name = m.captured(2);
        if (name.isEmpty())
            name = m.captured(3);
        const auto value = known.find(name);
        if (value == known.end())
            throw InputError(QStringLiteral("the expression uses $%1, which the preview cannot fill in: it knows $project, "
                                            "$__rate_interval, $__interval and $__range")
                                 .arg(name)
                                 .toStdString());
        out += expr.mid(done, m.capturedStart() - done) + *value;
        done = m.capturedEnd();
    }
    return out + expr.mid(done);
}

QColor grafanaColor(const QString& name)
{
    static const QHash<QString, QColor> named{
        {QStringLiteral("green"), QColor(0x73, 0xbf, 0x69)},  {QStringLiteral("red"), QColor(0xf2, 0x49, 0x5c)},
        {QStringLiteral("yellow"), QColor(0xfa, 0xde, 0x2a)}, {QStringLiteral("orange"), QColor(0xff, 0x98, 0x30)},
        {QStringLiteral("blue"), QColor(0x57, 0x94, 0xf2)},   {QStringLiteral("purple"), QColor(0xb8, 0x77, 0xd9)},
        {QStringLiteral("text"), QColor(0xcc, 0xcc, 0xdc)},
    };
    const auto it = named.find(name);
    if (it != named.end())
        return *it;
    const QColor parsed = QColor::fromString(name);
    return parsed.isValid() ? parsed : QColor(0xcc, 0xcc, 0xdc);
}

} // namespace treelock::dashboardpreview
