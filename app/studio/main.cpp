// treelock-studio: the operator's window onto live locks. Thin: options,
// translations, then the main window from treelock::ui.
#include "mainwindow/studiooptions.h"

#include <QApplication>
#include <QTextStream>

namespace {

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
    return treelock::ui::runStudio(app, options);
}
