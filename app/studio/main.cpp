// treelock-studio: the operator's window onto live locks. Thin: options,
// translations, then the main window from treelock::ui.
#include "mainwindow/studiooptions.h"

#include <QApplication>
#include <QTextStream>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Treelock"));
    QApplication::setApplicationName(QStringLiteral("Treelock Studio"));
    QApplication::setApplicationVersion(QStringLiteral(TREELOCK_VERSION));
    QApplication::setStyle(QStringLiteral("Fusion"));

    // The language must be known before the option descriptions are translated.
    const QStringList args = QApplication::arguments();
    QString language;
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--lang") && i + 1 < args.size())
            language = args[i + 1];
        else if (args[i].startsWith(QLatin1String("--lang=")))
            language = args[i].mid(7);
    }
    treelock::ui::installTranslations(app, language);

    treelock::ui::StudioOptions options;
    QString message;
    int exitCode = 0;
    if (!treelock::ui::parseStudioOptions(args, &options, &message, &exitCode)) {
        QTextStream(exitCode == 0 ? stdout : stderr) << message << '\n';
        return exitCode;
    }
    return treelock::ui::runStudio(app, options);
}
