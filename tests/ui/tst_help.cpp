// What a new operator finds in Studio's first window: the welcome panel that
// says what to do first (a lock taken with the CLI command it copies, the demo
// simulation, a scenario), its "Don't show again", and the Help menu's user
// guide and keyboard shortcuts. Every control is pressed as a user does.
#include "bridge/bridge.h"
#include "mainwindow/helpdialogs.h"
#include "mainwindow/mainwindow.h"
#include "panels/leases/leasepanel.h"
#include "panels/tree/treepanel.h"
#include "mainwindow/welcomepanel.h"
#include "panels/leases/leasetablemodel.h"
#include "simulation/scenariostepmodel.h"
#include "simulation/simulationpanel.h"

#include "redisserver.h"
#include "studiotest.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QFileInfo>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
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

/// A window on the in-process engine with the seed's tree, started and active.
std::unique_ptr<MainWindow> startedWindow(const StudioOptions& options)
{
    auto w = std::make_unique<MainWindow>(options);
    w->setTree(seedProjectTree());
    w->start();
    return w;
}

QPushButton* welcomeButton(const MainWindow& w, const char* name)
{
    return w.welcomePanel()->findChild<QPushButton*>(QLatin1String(name));
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
    void init() { QSettings().clear(); }

    void welcomePanelShowsInAFreshWindowUntilALeaseAppears()
    {
        auto w = startedWindow(memoryOptions());
        QVERIFY(showActive(*w));
        WelcomePanel* panel = w->welcomePanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->isVisible(), kTimeout);
        QCOMPARE(w->leaseModel()->leaseCount(), 0);
        // Above the (empty) lease table, which it leaves the room of, beside the whole tree.
        const QWidget* leases = w->leasePanel();
        QCOMPARE(panel->parentWidget(), leases->parentWidget());
        QVERIFY(panel->geometry().bottom() < leases->geometry().top());
        QCOMPARE(panel->width(), leases->width());
        QVERIFY(w->treePanel()->mapTo(w.get(), QPoint(0, 0)).y() < panel->mapTo(w.get(), QPoint(0, 0)).y() + panel->height());
        QVERIFY(panel->findChild<QLabel*>(QStringLiteral("welcomeText"))->text().contains(QStringLiteral("demo")));
        // No terminal reaches the in-process engine: no command to copy.
        QVERIFY(welcomeButton(*w, "welcomeCopyCommand")->isHidden());
        QVERIFY(welcomeButton(*w, "welcomeStartSimulation")->isVisible());
        // A lease: the operator has found the way, the panel goes, and stays gone once the lease does.
        const AcquireResult r = w->bridge()->engine().get()->acquire({{"/A/a.txt", LockMode::X}},
                                                                      acquireOptions("alice", "upload", std::chrono::minutes(10)));
        QVERIFY(r.granted);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isHidden(), kTimeout);
        QVERIFY(w->bridge()->engine().get()->release(r.grant.lease).status == LeaseStatus::Ok);
        QTRY_COMPARE_WITH_TIMEOUT(w->leaseModel()->leaseCount(), 0, kTimeout);
        QVERIFY(panel->isHidden());
    }

    void startButtonStartsTheSimulation()
    {
        auto w = startedWindow(memoryOptions());
        QVERIFY(showActive(*w));
        QTRY_VERIFY_WITH_TIMEOUT(w->welcomePanel()->isVisible(), kTimeout);
        QVERIFY(w->simulationPanel()->state() == sim::Simulation::State::Idle);
        QTest::mouseClick(welcomeButton(*w, "welcomeStartSimulation"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(w->simulationPanel()->state() == sim::Simulation::State::Running, kTimeout);
        QVERIFY(dockInFront(*w, w->simulationDock()));
        // Running, Start is disabled in the menu: so is the panel's button.
        QTRY_VERIFY_WITH_TIMEOUT(!welcomeButton(*w, "welcomeStartSimulation")->isEnabled(), kTimeout);
        w->simulationPanel()->runActions().at(2)->trigger(); // Stop
    }

    void playButtonPlaysTheSeedScenario()
    {
        auto w = startedWindow(memoryOptions());
        QVERIFY(showActive(*w));
        QTRY_VERIFY_WITH_TIMEOUT(w->welcomePanel()->isVisible(), kTimeout);
        QPushButton* play = welcomeButton(*w, "welcomePlayScenario");
        QVERIFY(play->toolTip().contains(QStringLiteral("/A/C")));
        QTest::mouseClick(play, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(w->simulationPanel()->stepModel()->rowCount() > 0, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(w->simulationPanel()->scenarioAtEnd(), 30000);
        QVERIFY(dockInFront(*w, w->simulationDock()));
        QVERIFY(w->showsSimulation());
    }

    void copiedCommandTakesALockThatShows()
    {
        RedisServer server;
        StudioOptions options = studioOptions(BackendConfig::Kind::Url);
        options.backend.url = QString::fromStdString(server.url());
        options.backend.project = QStringLiteral("first-run");
        options.backend.operatorName = QStringLiteral("new operator");
        auto w = startedWindow(options);
        QVERIFY(showActive(*w));
        QTRY_VERIFY_WITH_TIMEOUT(w->welcomePanel()->isVisible(), kTimeout);
        QPushButton* copy = welcomeButton(*w, "welcomeCopyCommand");
        QVERIFY(copy->isVisible());
        QApplication::clipboard()->clear();
        QTest::mouseClick(copy, Qt::LeftButton);
        const QString command = QApplication::clipboard()->text();
        QVERIFY2(command.startsWith(QStringLiteral("treelock --redis ") + options.backend.url)
                     && command.contains(QStringLiteral("--project first-run acquire --owner 'new operator' --op upload /A a.txt")),
                 qPrintable(command));
        QVERIFY2(w->statusBar()->currentMessage().contains(command), qPrintable(w->statusBar()->currentMessage()));

        // Pasted into a shell, it takes a lock, which the window shows.
        QProcess shell;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"), QFileInfo(QStringLiteral(TREELOCK_CLI_PATH)).absolutePath() + QLatin1Char(':')
                                               + env.value(QStringLiteral("PATH")));
        shell.setProcessEnvironment(env);
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
        QVERIFY(shell.waitForFinished(30000));
        QVERIFY2(shell.exitCode() == 0, shell.readAllStandardError().constData());
        QTRY_COMPARE_WITH_TIMEOUT(w->leaseModel()->leaseCount(), 1, kTimeout);
        const LeaseInfo* lease = w->leaseModel()->leaseAt(0);
        QCOMPARE(lease->owner, std::string("new operator"));
        QCOMPARE(lease->operation, std::string("upload"));
        QTRY_VERIFY_WITH_TIMEOUT(w->welcomePanel()->isHidden(), kTimeout);
    }

    void dontShowAgainIsRememberedOnlyWithSettings()
    {
        {
            // Without settings (a screenshot, a test): this window only.
            auto w = startedWindow(memoryOptions(false));
            QVERIFY(showActive(*w));
            QTRY_VERIFY_WITH_TIMEOUT(w->welcomePanel()->isVisible(), kTimeout);
            QTest::mouseClick(welcomeButton(*w, "welcomeDismiss"), Qt::LeftButton);
            QVERIFY(w->welcomePanel()->isHidden());
            QVERIFY(!QSettings().contains(WelcomePanel::dismissedKey()));
        }
        {
            auto w = startedWindow(memoryOptions(true));
            QVERIFY(showActive(*w));
            QTRY_VERIFY_WITH_TIMEOUT(w->welcomePanel()->isVisible(), kTimeout);
            QTest::mouseClick(welcomeButton(*w, "welcomeDismiss"), Qt::LeftButton);
            QVERIFY(w->welcomePanel()->isHidden());
        }
        {
            // The next window remembers; Help › Show Welcome Panel brings it back, and forgets.
            auto w = startedWindow(memoryOptions(true));
            QVERIFY(showActive(*w));
            QTRY_VERIFY_WITH_TIMEOUT(w->statesApplied() > 0, kTimeout);
            QTest::qWait(200);
            QVERIFY(w->welcomePanel()->isHidden());
            QAction* welcome = menuBarAction(*w, QStringLiteral("welcomeAction"));
            QVERIFY(welcome);
            welcome->trigger();
            QVERIFY(w->welcomePanel()->isVisible());
        }
        auto w = startedWindow(memoryOptions(true));
        QVERIFY(showActive(*w));
        QTRY_VERIFY_WITH_TIMEOUT(w->welcomePanel()->isVisible(), kTimeout);
    }

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
