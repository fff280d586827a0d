#include "mainwindow/studiooptions.h"

#include "mainwindow/mainwindow.h"
#include "treelock/error.h"
#include "treelock/redisurl.h"
#include "treelock/sim/limits.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QRegularExpression>
#include <QTextStream>
#include <QTimer>
#include <QTranslator>

namespace treelock::ui {

bool parseStudioOptions(const QStringList& arguments, StudioOptions* options, QString* message, int* exitCode)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("StudioOptions",
        "Treelock Studio: live view of a project's hierarchical locks.\n"
        "With no options it starts a private redis-server and opens the demo project."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption redis(QStringLiteral("redis"), QApplication::translate("StudioOptions", "Connect to the Redis server at URL (redis://…, unix://…, redis+sentinel://host:port,…/MASTER or redis+cluster://host:port,…)."), QStringLiteral("URL"));
    const QCommandLineOption privateHa(QStringLiteral("private-ha"), QApplication::translate("StudioOptions", "Start a private primary, replica and three sentinels, to watch a failover (Locks › Fail over now, Kill primary)."));
    const QCommandLineOption memory(QStringLiteral("memory"), QApplication::translate("StudioOptions", "Use the in-process engine instead of Redis."));
    const QCommandLineOption project(QStringLiteral("project"), QApplication::translate("StudioOptions", "Project to open (default: demo)."), QStringLiteral("NAME"), QStringLiteral("demo"));
    const QCommandLineOption user(QStringLiteral("user"), QApplication::translate("StudioOptions", "Operator name recorded with forced releases (default: $USER)."), QStringLiteral("NAME"));
    const QCommandLineOption tree(QStringLiteral("tree"), QApplication::translate("StudioOptions", "Tree file (JSON) or local folder to show."), QStringLiteral("PATH"));
    const QCommandLineOption shot(QStringLiteral("screenshot"), QApplication::translate("StudioOptions", "Save the main window as a PNG and exit."), QStringLiteral("FILE"));
    const QCommandLineOption after(QStringLiteral("after"), QApplication::translate("StudioOptions", "Wait MS milliseconds before the screenshot (default 1500)."), QStringLiteral("MS"), QStringLiteral("1500"));
    const QCommandLineOption size(QStringLiteral("size"), QApplication::translate("StudioOptions", "Window size in pixels, e.g. 1280x800 (default: fits the screen; 1440x900 for --screenshot)."), QStringLiteral("WxH"));
    const QCommandLineOption scenario(QStringLiteral("demo-scenario"), QApplication::translate("StudioOptions", "Take a scenario's locks at start (\"seed\": someone moves /A/C while another edits /A/C/D/d.txt)."), QStringLiteral("NAME"));
    const QCommandLineOption lang(QStringLiteral("lang"), QApplication::translate("StudioOptions", "User interface language (e.g. zh_CN, en)."), QStringLiteral("LANG"));
    const QCommandLineOption simulate(QStringLiteral("simulate"), QApplication::translate("StudioOptions", "Open the Simulation panel and start a simulation (in-process engine)."));
    const QCommandLineOption users(QStringLiteral("users"), QApplication::translate("StudioOptions", "Virtual users for --simulate (1-500)."), QStringLiteral("N"));
    const QCommandLineOption noLocking(QStringLiteral("no-locking"), QApplication::translate("StudioOptions", "With --simulate: users skip the locks (violations appear)."));
    const QCommandLineOption simScenario(QStringLiteral("sim-scenario"), QApplication::translate("StudioOptions", "Open the Simulation panel and play a scenario (e.g. seed-example)."), QStringLiteral("NAME"));
    const QCommandLineOption timeline(QStringLiteral("timeline"), QApplication::translate("StudioOptions", "Bring the Timeline dock to the front (e.g. for --screenshot)."));
    parser.addOptions({redis, privateHa, memory, project, user, tree, shot, after, size, scenario, lang, simulate, users, noLocking, simScenario, timeline});
    // Option errors read like the no-display error: the program's name first.
    const QString prefix = QStringLiteral("treelock-studio: ");
    if (!parser.parse(arguments)) {
        *message = prefix + parser.errorText();
        *exitCode = 2;
        return false;
    }
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))) {
        *message = parser.helpText();
        *exitCode = 0;
        return false;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        *message = QApplication::applicationName() + QLatin1Char(' ') + QApplication::applicationVersion();
        *exitCode = 0;
        return false;
    }
    if (int(parser.isSet(redis)) + int(parser.isSet(memory)) + int(parser.isSet(privateHa)) > 1) {
        *message = prefix + QApplication::translate("StudioOptions", "--redis, --memory and --private-ha exclude each other");
        *exitCode = 2;
        return false;
    }
    StudioOptions o;
    if (parser.isSet(redis)) {
        o.backend.kind = BackendConfig::Kind::Url;
        o.backend.url = parser.value(redis);
        // A URL that cannot work is an option error, like the CLI's, not a connection to retry.
        try {
            RedisAddress::parse(o.backend.url.toStdString());
        } catch (const InvalidInput& e) {
            *message = prefix + QString::fromUtf8(e.what());
            *exitCode = 2;
            return false;
        }
        o.backend.user = qEnvironmentVariable("TREELOCK_REDIS_USER");
        o.backend.password = qEnvironmentVariable("TREELOCK_REDIS_PASSWORD");
        // The same variables as the CLI's, for what the dialog would otherwise ask.
        o.backend.sentinelUser = qEnvironmentVariable("TREELOCK_SENTINEL_USER");
        o.backend.sentinelPassword = qEnvironmentVariable("TREELOCK_SENTINEL_PASSWORD");
        o.backend.tls.caFile = qEnvironmentVariable("TREELOCK_TLS_CACERT");
        o.backend.tls.certFile = qEnvironmentVariable("TREELOCK_TLS_CERT");
        o.backend.tls.keyFile = qEnvironmentVariable("TREELOCK_TLS_KEY");
        o.backend.tls.serverName = qEnvironmentVariable("TREELOCK_TLS_SNI");
        const QString insecureText = qEnvironmentVariable("TREELOCK_TLS_INSECURE");
        const QString insecure = insecureText.toLower();
        if (insecure == QLatin1String("1") || insecure == QLatin1String("yes") || insecure == QLatin1String("true")) {
            o.backend.tls.verify = false;
        } else if (!insecure.isEmpty() && insecure != QLatin1String("0") && insecure != QLatin1String("no")
                   && insecure != QLatin1String("false")) {
            *message = prefix + QApplication::translate("StudioOptions", "invalid TREELOCK_TLS_INSECURE \"%1\": expected 1 (yes, true) or 0 (no, false)").arg(insecureText);
            *exitCode = 2;
            return false;
        }
    } else if (parser.isSet(memory)) {
        o.backend.kind = BackendConfig::Kind::Memory;
    } else if (parser.isSet(privateHa)) {
        o.backend.kind = BackendConfig::Kind::PrivateHa;
    }
    o.backend.project = parser.value(project);
    o.backend.operatorName = parser.value(user);
    o.treeFile = parser.value(tree);
    o.screenshot = parser.value(shot);
    bool ok = false;
    o.screenshotAfterMs = parser.value(after).toInt(&ok);
    if (!ok || o.screenshotAfterMs < 0) {
        *message = prefix + QApplication::translate("StudioOptions", "--after needs a number of milliseconds");
        *exitCode = 2;
        return false;
    }
    if (parser.isSet(size)) {
        // The window's minimum size: below it buttons are cut off.
        static const QRegularExpression pattern(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$"));
        const QRegularExpressionMatch m = pattern.match(parser.value(size));
        const QSize s = m.hasMatch() ? QSize(m.captured(1).toInt(), m.captured(2).toInt()) : QSize();
        if (!s.isValid() || s.width() < 640 || s.height() < 420 || s.width() > 16384 || s.height() > 16384) {
            *message = prefix + QApplication::translate("StudioOptions", "--size '%1': needs WIDTHxHEIGHT in pixels, from 640x420 to 16384x16384 (e.g. 1280x800)")
                           .arg(parser.value(size));
            *exitCode = 2;
            return false;
        }
        o.windowSize = s;
    }
    o.scenario = parser.value(scenario);
    // Names are checked here, not when the window has started (a screenshot would exit 0 without them).
    const auto checkName = [&](const QCommandLineOption& option, const QStringList& valid) {
        const QString value = parser.value(option);
        if (value.isEmpty() || valid.contains(value))
            return true;
        *message = prefix + QApplication::translate("StudioOptions", "--%1 '%2': no such scenario; valid names: %3")
                                .arg(option.names().constFirst(), value, valid.join(QStringLiteral(", ")));
        *exitCode = 2;
        return false;
    };
    QStringList simScenarios;
    for (const QString& file : QDir(QStringLiteral(":/scenarios")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        simScenarios << QFileInfo(file).completeBaseName();
    if (!checkName(scenario, {QStringLiteral("seed")}) || !checkName(simScenario, simScenarios))
        return false;
    o.simulate = parser.isSet(simulate);
    o.simulationLocking = !parser.isSet(noLocking);
    o.simulationScenario = parser.value(simScenario);
    o.showTimeline = parser.isSet(timeline);
    if (parser.isSet(users)) {
        o.simulationUsers = parser.value(users).toInt(&ok);
        if (!ok || o.simulationUsers < int(treelock::sim::limits::kMinUsers) || o.simulationUsers > int(treelock::sim::limits::kMaxUsers)) {
            *message = prefix + QApplication::translate("StudioOptions", "--users needs a number from 1 to 500");
            *exitCode = 2;
            return false;
        }
    }
    o.language = parser.value(lang);
    o.useSettings = o.screenshot.isEmpty();
    *options = o;
    return true;
}

QString languageArgument(const QStringList& arguments)
{
    QString language;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--lang") && i + 1 < arguments.size())
            language = arguments[i + 1];
        else if (arguments[i].startsWith(QLatin1String("--lang=")))
            language = arguments[i].mid(7);
    }
    return language;
}

bool haveDisplay(const QStringList& arguments, QString* message)
{
    for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}) {
        if (!qEnvironmentVariableIsEmpty(name))
            return true;
    }
    // QGuiApplication takes -platform NAME (also spelt --platform) from the command line.
    for (qsizetype i = 1; i + 1 < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("-platform") || arguments[i] == QLatin1String("--platform"))
            return true;
    }
    *message = QCoreApplication::translate("StudioOptions",
        "no display: set DISPLAY (or WAYLAND_DISPLAY), or use QT_QPA_PLATFORM=offscreen "
        "(for example with --screenshot FILE), or run under xvfb-run -a");
    return false;
}

QString installTranslations(QCoreApplication& app, const QString& language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    if (!language.isEmpty())
        QLocale::setDefault(locale);
    auto* studio = new QTranslator(&app);
    // No translation for the locale: English, whose file only holds plural forms.
    if (!studio->load(locale, QStringLiteral("treelock"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        && !studio->load(QStringLiteral(":/i18n/treelock_en.qm"))) {
        delete studio;
        return {};
    }
    app.installTranslator(studio);
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    else
        delete qt;
    return locale.name();
}

int runStudio(QApplication& app, const StudioOptions& options)
{
    MainWindow window(options);
    window.show();
    window.start();
    if (!options.screenshot.isEmpty()) {
        QTimer::singleShot(options.screenshotAfterMs, &window, [&app, &window, &options] {
            const bool ok = window.saveScreenshot(options.screenshot);
            QTextStream err(stderr);
            if (ok)
                err << "screenshot: " << QDir::toNativeSeparators(QFileInfo(options.screenshot).absoluteFilePath()) << '\n';
            else
                err << "screenshot: cannot write " << options.screenshot << '\n';
            app.exit(ok ? 0 : 1);
        });
    }
    return app.exec();
}

} // namespace treelock::ui
