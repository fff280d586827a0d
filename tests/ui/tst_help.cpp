// Studio's Help menu: the user guide and the keyboard shortcuts, each opened
// as a user does (the menu's action, then its key).
#include "mainwindow/helpdialogs.h"
#include "mainwindow/mainwindow.h"

#include "studiotest.h"

#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTreeWidget>

#include <memory>

using namespace treelock;
using namespace treelock::ui;
using namespace treelock::test;

namespace {

constexpr int kTimeout = 10000;

/// A window with the seed's tree, started.
std::unique_ptr<MainWindow> startedWindow(const StudioOptions& options)
{
    auto w = std::make_unique<MainWindow>(options);
    w->setTree(seedProjectTree());
    w->start();
    return w;
}

/// Picks the Help menu's `action` as a user does; the dialog of type `Dialog`
/// it shows, or null when none shows.
template <typename Dialog>
Dialog* openFromHelp(MainWindow& w, const char* action)
{
    QAction* entry = menuBarAction(w, QLatin1String(action));
    if (!entry)
        return nullptr;
    entry->trigger();
    auto* dialog = w.findChild<Dialog*>();
    return dialog && QTest::qWaitFor([dialog] { return dialog->isVisible(); }) ? dialog : nullptr;
}

/// The rows of the Keyboard Shortcuts dialog, as "keys = command".
QStringList shortcutRows(const ShortcutsDialog& dialog)
{
    QStringList rows;
    for (int i = 0; i < dialog.list()->topLevelItemCount(); ++i)
        rows << dialog.list()->topLevelItem(i)->text(0) + QStringLiteral(" = ") + dialog.list()->topLevelItem(i)->text(1);
    return rows;
}

} // namespace

class TestHelp : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { prepareStudioTests(); }

    void keyboardShortcutsListTheMenusKeys()
    {
        auto w = startedWindow(memoryOptions());
        QVERIFY(showActive(*w));
        auto* dialog = openFromHelp<ShortcutsDialog>(*w, "shortcutsAction");
        QVERIFY(dialog);
        const QStringList rows = shortcutRows(*dialog);
        // Once each, where the menus have it twice (View › Simulation is in the Simulation menu too).
        QCOMPARE(rows.filter(QStringLiteral("Ctrl+5 =")).size(), 1);
        QVERIFY(rows.contains(QStringLiteral("Ctrl+Shift+R = Locks › Release expired")));
        for (const char* row : {"Ctrl+Shift+W = View › Waiting", "F8 = View › Pause Updates", "F5 = Simulation › Start",
                                "Ctrl+K = File › Connect…", "F1 = Help › User Guide", "Ctrl+/ = Help › Keyboard Shortcuts"})
            QVERIFY2(rows.contains(QString::fromUtf8(row)), qPrintable(QString::fromUtf8(row) + QStringLiteral(" not in:\n") + rows.join(QLatin1Char('\n'))));
        // Read from the menus when opened: a key added since is listed, by its key.
        dialog->close();
        QVERIFY(showActive(*w)); // the keys go to the window again
        QMenu* help = w->menuBar()->findChild<QMenu*>(QStringLiteral("helpMenu"));
        help->addAction(QStringLiteral("&Later entry"))->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_9));
        QTest::keyClick(w.get(), Qt::Key_Slash, Qt::ControlModifier);
        QTRY_VERIFY(dialog->isVisible());
        QVERIFY2(shortcutRows(*dialog).contains(QStringLiteral("Ctrl+Alt+9 = Help › Later entry")),
                 qPrintable(shortcutRows(*dialog).join(QLatin1Char('\n'))));
    }

    void userGuideShowsTheStudioGuide()
    {
        auto w = startedWindow(memoryOptions());
        QVERIFY(showActive(*w));
        auto* dialog = openFromHelp<UserGuideDialog>(*w, "userGuideAction");
        QVERIFY(dialog);
        const QString text = dialog->browser()->toPlainText();
        QVERIFY(text.startsWith(QStringLiteral("Treelock Studio")));
        QVERIFY(text.contains(QStringLiteral("Starting it")));
        // Rendered, not shown as Markdown source; no broken pictures.
        QVERIFY(!text.contains(QStringLiteral("## ")));
        for (QTextBlock b = dialog->browser()->document()->begin(); b.isValid(); b = b.next())
            for (auto f = b.begin(); !f.atEnd(); ++f)
                QVERIFY2(!f.fragment().charFormat().isImageFormat(), qPrintable(b.text()));
        // F1 brings the same dialog back.
        dialog->close();
        QVERIFY(showActive(*w)); // the keys go to the window again
        QTest::keyClick(w.get(), Qt::Key_F1);
        QTRY_VERIFY(dialog->isVisible());
        QCOMPARE(w->findChildren<UserGuideDialog*>().size(), 1);
    }
};

TREELOCK_STUDIO_TEST_MAIN(TestHelp)
#include "tst_help.moc"
