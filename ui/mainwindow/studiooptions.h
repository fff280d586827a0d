#pragma once

#include "lockview/lockstate.h"

#include <QSize>
#include <QString>
#include <QStringList>

class QApplication;
class QCoreApplication;

namespace treelock::ui {

/// Command line of treelock-studio, defaults in one place.
struct StudioOptions {
    BackendConfig backend;        ///< default: private redis-server, project "demo"
    QString treeFile;             ///< --tree: a tree file (JSON) or a folder; default: demo tree for "demo"
    QString screenshot;           ///< --screenshot FILE
    int screenshotAfterMs = 1500; ///< --after MS
    QSize windowSize;             ///< --size WxH; invalid: fit the screen (1440×900 for screenshots)
    QString scenario;             ///< --demo-scenario NAME
    QString language;             ///< --lang (e.g. zh_CN); empty: system locale
    bool useSettings = true;      ///< false for screenshots (deterministic window)
    bool simulate = false;        ///< --simulate: open the Simulation panel and start a run
    int simulationUsers = 0;      ///< --users N (0: the panel's default)
    bool simulationLocking = true; ///< false with --no-locking
    QString simulationScenario;   ///< --sim-scenario NAME: play a compiled-in scenario
    bool showTimeline = false;    ///< --timeline: bring the Timeline dock to the front
};

/// Parses `arguments` (argv, including the program name). Returns false and
/// sets `message` on bad input; `exitCode` is then the code to exit with (0 for --help/--version).
bool parseStudioOptions(const QStringList& arguments, StudioOptions* options, QString* message, int* exitCode);

/// The value of --lang in `arguments`, or empty. Read before the options are
/// parsed, because their descriptions are translated.
QString languageArgument(const QStringList& arguments);

/// Loads the Studio's (and Qt's) translation for `language` or, if empty, the
/// system locale, into `app` (a QCoreApplication while the options are parsed,
/// the QApplication after). Returns the language loaded, or empty.
QString installTranslations(QCoreApplication& app, const QString& language);

/// True when Qt has somewhere to open windows: QT_QPA_PLATFORM, DISPLAY or
/// WAYLAND_DISPLAY is set, or `arguments` name a -platform. Otherwise false,
/// with `message` saying what to set (creating a QApplication would abort).
bool haveDisplay(const QStringList& arguments, QString* message);

/// Creates the main window and runs the event loop. Returns the exit code.
int runStudio(QApplication& app, const StudioOptions& options);

} // namespace treelock::ui
