// treelock-studio: the operator's window onto live locks. Thin: options,
// translations, then the main window from treelock::ui.
#include "mainwindow/studiooptions.h"

#include <QApplication>
#include <QSocketNotifier>
#include <QTextStream>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace {

constexpr int kQuitSignals[] = {SIGTERM, SIGINT, SIGHUP};
int g_signalPipe[2] = {-1, -1};

extern "C" void onQuitSignal(int signo)
{
    const int savedErrno = errno;
    const char byte = char(signo);
    [[maybe_unused]] const ssize_t written = ::write(g_signalPipe[1], &byte, 1);
    errno = savedErrno;
}

/// Turns SIGTERM, SIGINT and SIGHUP into a normal end of the event loop with
/// exit code 128 + signal, so that the main window and its bridge are destroyed:
/// the private redis-server is stopped and its folder removed. The handler only
/// writes the signal number to a pipe; the GUI thread reads it. A second signal
/// while shutting down takes the default action.
void quitOnSignals(QApplication& app)
{
    if (::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    auto* notifier = new QSocketNotifier(g_signalPipe[0], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [&app, notifier] {
        char byte = 0;
        if (::read(g_signalPipe[0], &byte, 1) != 1)
            return;
        notifier->setEnabled(false);
        for (int signo : kQuitSignals)
            std::signal(signo, SIG_DFL);
        app.exit(128 + byte);
    });
    struct sigaction action = {};
    action.sa_handler = onQuitSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int signo : kQuitSignals)
        ::sigaction(signo, &action, nullptr);
}

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Treelock"));
    QCoreApplication::setApplicationName(QStringLiteral("Treelock Studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TREELOCK_VERSION));
}

} // namespace

int main(int argc, char** argv)
{
    QString language;
    {
        // The options first, without a display: --help, --version and bad options
        // work anywhere, and no display is an error message rather than an abort.
        QCoreApplication core(argc, argv);
        setIdentity();
        const QStringList args = QCoreApplication::arguments();
        language = treelock::ui::languageArgument(args);
        treelock::ui::installTranslations(core, language);
        treelock::ui::StudioOptions options;
        QString message;
        int exitCode = 0;
        const bool parsed = treelock::ui::parseStudioOptions(args, &options, &message, &exitCode);
        if (!parsed && exitCode == 0) {
            QTextStream(stdout) << message << '\n';
            return 0;
        }
        QString noDisplay;
        if (!treelock::ui::haveDisplay(args, &noDisplay)) {
            QTextStream(stderr) << (parsed ? QStringLiteral("treelock-studio: ") + noDisplay : message) << '\n';
            return parsed ? 1 : exitCode;
        }
        // A parse error may be an option of QApplication's (-style, -platform...),
        // which it removes from the arguments: parse again below.
    }

    QApplication app(argc, argv);
    setIdentity();
    QApplication::setStyle(QStringLiteral("Fusion"));
    treelock::ui::installTranslations(app, language);

    treelock::ui::StudioOptions options;
    QString message;
    int exitCode = 0;
    if (!treelock::ui::parseStudioOptions(QApplication::arguments(), &options, &message, &exitCode)) {
        QTextStream(exitCode == 0 ? stdout : stderr) << message << '\n';
        return exitCode;
    }
    quitOnSignals(app);
    return treelock::ui::runStudio(app, options);
}
