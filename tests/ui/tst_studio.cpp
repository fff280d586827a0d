// The Studio against a real redis-server: locks taken through core show up in
// the table and the tree and disappear when released; "Release expired" reaps;
// force-release is audited; the connection banner comes and goes; and the
// executable's --screenshot writes a PNG.
#include "bridge/bridge.h"
#include "lockview/locktreemodel.h"
#include "lockview/presentation.h"
#include "lockview/projecttree.h"
#include "mainwindow/helpdialogs.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/projectnotice.h"
#include "mainwindow/updatehold.h"
#include "mainwindow/welcomepanel.h"
#include "panels/timeline/timelinepanel.h"
#include "panels/timeline/timelineview.h"
#include "panels/eventlog/eventlogfilterproxy.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/eventlog/eventlogpanel.h"
#include "panels/hotspots/hotspotmodel.h"
#include "panels/hotspots/hotspotpanel.h"
#include "panels/leases/leasepanel.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/tree/legendwidget.h"
#include "panels/tree/treefilterproxy.h"
#include "panels/tree/treepanel.h"
#include "panels/waiting/waitertablemodel.h"
#include "panels/waiting/waitingpanel.h"
#include "simulation/scenariostepmodel.h"
#include "simulation/simulationpanel.h"

#include "redisoptions.h"
#include "redisserver.h"
#include "studiotest.h"

#include "modaldialogs.h"

#include <treelock/leaseid.h>
#include <treelock/path.h>
#include <treelock/redisengine.h>

#include <QAccessible>
#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCompleter>
#include <QContextMenuEvent>
#include <QDialog>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMouseEvent>
#include <QPointer>
#include <QProcess>
#include <QScopeGuard>
#include <QScreen>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QSysInfo>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTranslator>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>
#include <QWheelEvent>

#include <algorithm>
#include <functional>
#include <map>
#include <thread>

using namespace treelock;
using namespace treelock::ui;
using namespace treelock::test;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeout = 5000;

constexpr const char* kSeedTreeJson = R"({"format":"treelock-tree","version":1,"name":"seed",
    "paths":["/A/a.txt","/A/C/c.txt","/A/C/D/d.txt","/A/C/E/","/B/"]})";

ProjectTreeData seedTree()
{
    ProjectTreeData t;
    QString error;
    parseTreeJson(kSeedTreeJson, &t, &error);
    return t;
}

NodeKind kindAt(const MainWindow& w, const std::string& path)
{
    return NodeKind(w.treeModel()->indexForPath(path).data(LockTreeModel::KindRole).toInt());
}

/// Types a reason into the force-release dialog and presses Enter.
void typeReasonAndEnter(QWidget* modal)
{
    auto* reason = modal->findChild<QLineEdit*>(QStringLiteral("forceReleaseReason"));
    if (!reason) {
        rejectDialog(modal);
        return;
    }
    QTest::keyClicks(reason, QStringLiteral("stuck upload"));
    QTest::keyClick(reason, Qt::Key_Return);
}


/// Replaces the text of `field` by typing over it.
void retype(QLineEdit* field, const QString& text)
{
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(field, text);
}

using test::menuBarAction;

QModelIndex leaseRow(MainWindow& w, const LeaseId& id)
{
    const int row = w.leaseModel()->rowOf(id);
    return row < 0 ? QModelIndex() : w.leaseModel()->index(row, LeaseTableModel::OwnerColumn);
}

/// Starts the treelock-studio executable offscreen, with its settings in `configDir`.
void startStudio(QProcess& studio, const QString& configDir, const QStringList& arguments)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), configDir);
    studio.setProcessEnvironment(env);
    studio.start(QStringLiteral(TREELOCK_STUDIO_PATH), arguments);
}

QModelIndex treeRow(MainWindow& w, const std::string& path)
{
    return w.treePanel()->proxy()->mapFromSource(w.treeModel()->indexForPath(path));
}

/// Deselects the selected row of `view` as a user does: Ctrl+click on it.
void deselectByCtrlClick(QAbstractItemView* view)
{
    const QModelIndexList rows = view->selectionModel()->selectedRows();
    for (const QModelIndex& row : rows) {
        view->scrollTo(row);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, view->visualRect(row).center());
    }
    QVERIFY(view->selectionModel()->selectedRows().isEmpty());
}

/// Expands the node at `index` as a user does: clicks its branch arrow (which
/// leaves the selection, and so the lease filter, alone).
void clickBranchArrow(QTreeView* view, const QModelIndex& index)
{
    QVERIFY(index.isValid());
    QVERIFY(!view->isExpanded(index));
    view->scrollTo(index);
    const QRect item = view->visualRect(index);
    const QPoint arrow(item.left() - view->indentation() / 2, item.center().y());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, arrow);
    QVERIFY(view->isExpanded(index));
}

AcquireOptions as(const char* owner, const char* op, std::chrono::milliseconds ttl = 30s)
{
    AcquireOptions o;
    o.owner = owner;
    o.operation = op;
    o.ttl = ttl;
    return o;
}

struct Fixture {
    explicit Fixture(const std::string& project)
    {
        StudioOptions options = test::studioOptions(BackendConfig::Kind::Url);
        options.backend.url = QString::fromStdString(server.url());
        options.backend.project = QString::fromStdString(project);
        options.backend.operatorName = QStringLiteral("tester");
        window = std::make_unique<MainWindow>(options);
        window->setTree(seedTree());
        window->start();
        engine = std::make_unique<RedisEngine>(redisOptionsFor(server), project);
    }
    /// Shows the window and makes it the active one (shortcuts need that).
    bool show() { return showActive(*window); }
    LeaseId take(const char* owner, const char* op, std::vector<LockRequest> requests, std::chrono::milliseconds ttl = 60s)
    {
        const AcquireResult r = engine->acquire(requests, as(owner, op, ttl));
        return r.granted ? r.grant.lease : LeaseId();
    }
    /// Waits for `id`'s row in the lease table and selects it as a user does, with
    /// a click; false when the row does not come.
    [[nodiscard]] bool clickLease(const LeaseId& id)
    {
        if (!QTest::qWaitFor([&] { return leaseRow(*window, id).isValid(); }, kTimeout))
            return false;
        clickRow(window->leasePanel()->view(), leaseRow(*window, id));
        return true;
    }
    test::RedisServer server;
    std::unique_ptr<MainWindow> window;
    std::unique_ptr<RedisEngine> engine;
};

bool logHas(const MainWindow& w, const QString& text)
{
    const EventLogModel* m = w.logModel();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->entryAt(r).detail.contains(text))
            return true;
    return false;
}


} // namespace

class TestStudio : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        test::prepareStudioTests();
    }

    void leaseTakenThroughCoreAppearsAndReleasedOneDisappears()
    {
        Fixture f("appear");
        QTRY_VERIFY_WITH_TIMEOUT(f.window->statesApplied() > 0, kTimeout);
        const AcquireResult r = f.engine->acquire({{"/A/C", LockMode::X}, {"/B/C", LockMode::X}}, as("bob", "move-folder"));
        QVERIFY(r.granted);
        const LeaseId id = r.grant.lease;
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(id) >= 0, kTimeout);
        const int row = f.window->leaseModel()->rowOf(id);
        QCOMPARE(f.window->leaseModel()->index(row, LeaseTableModel::OwnerColumn).data().toString(), QStringLiteral("bob"));
        QTRY_COMPARE_WITH_TIMEOUT(int(kindAt(*f.window, "/A/C")), int(NodeKind::HeldX), kTimeout);
        QCOMPARE(int(kindAt(*f.window, "/A")), int(NodeKind::IntentIX));
        QCOMPARE(int(kindAt(*f.window, "/A/C/D/d.txt")), int(NodeKind::CoveredX));
        // /B/C is not in the tree: added on the fly and flagged.
        const QModelIndex added = f.window->treeModel()->indexForPath("/B/C");
        QVERIFY(added.isValid());
        QVERIFY(added.data(LockTreeModel::FromLeaseRole).toBool());

        QVERIFY(f.engine->release(id).status == LeaseStatus::Ok);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(id) < 0, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(int(kindAt(*f.window, "/A/C")), int(NodeKind::None), kTimeout);
        QCOMPARE(int(kindAt(*f.window, "/A")), int(NodeKind::None));
    }

    void changesAppearWithin500ms()
    {
        Fixture f("latency");
        QTRY_VERIFY_WITH_TIMEOUT(f.window->statesApplied() > 0, kTimeout);
        QTest::qWait(1200); // let the first snapshot cycle pass
        QElapsedTimer t;
        t.start();
        const AcquireResult r = f.engine->acquire({{"/A/a.txt", LockMode::X}}, as("erin", "upload"));
        QVERIFY(r.granted);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) >= 0, kTimeout);
        QVERIFY2(t.elapsed() < 500, qPrintable(QStringLiteral("took %1 ms").arg(t.elapsed())));
    }

    void releaseExpiredReapsAnExpiredLease()
    {
        Fixture f("expired");
        const AcquireResult r = f.engine->acquire({{"/A/a.txt", LockMode::X}}, as("dave", "delete-file", 50ms));
        QVERIFY(r.granted);
        QAction* action = f.window->releaseExpiredAction();
        QTRY_VERIFY_WITH_TIMEOUT(action->isEnabled(), kTimeout);
        QVERIFY(action->text().contains(QLatin1Char('1')));
        QTRY_COMPARE_WITH_TIMEOUT(int(kindAt(*f.window, "/A/a.txt")), int(NodeKind::Expired), kTimeout);
        QCOMPARE(f.engine->snapshot().leases.size(), std::size_t(1)); // expired, not reaped
        QSignalSpy reported(f.window.get(), &MainWindow::actionReported);
        action->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(reported.count(), 1, kTimeout);
        QVERIFY(reported.at(0).at(0).value<ActionResult>().ok);
        QCOMPARE(reported.at(0).at(0).value<ActionResult>().count, qint64(1));
        QVERIFY(f.engine->snapshot().leases.empty());
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) < 0, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!action->isEnabled(), kTimeout);
        bool sawSweep = false;
        for (const Event& e : f.engine->events("0", 100))
            sawSweep = sawSweep || (e.type == EventType::Sweep && e.by == "tester" && e.count == 1);
        QVERIFY(sawSweep);
    }

    void forceReleaseWritesTheAuditEvent()
    {
        Fixture f("force");
        QVERIFY(f.show());
        const AcquireResult r = f.engine->acquire({{"/A/C", LockMode::X}}, as("alice", "move-folder", 60s));
        QVERIFY(r.granted);
        QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*f.window, r.grant.lease).isValid(), kTimeout);
        // The user selects the lease, picks Locks > Force release and gives a reason.
        clickRow(f.window->leasePanel()->view(), leaseRow(*f.window, r.grant.lease));
        QCOMPARE(f.window->leasePanel()->currentLeaseId(), QString::fromStdString(r.grant.lease));
        QAction* forceRelease = menuBarAction(*f.window, QStringLiteral("forceReleaseAction"));
        QVERIFY(forceRelease);
        QTRY_VERIFY_WITH_TIMEOUT(forceRelease->isEnabled(), kTimeout);
        QSignalSpy reported(f.window.get(), &MainWindow::actionReported);
        bool dialog = false;
        whenModal([](QWidget* modal) {
            auto* reason = modal->findChild<QLineEdit*>(QStringLiteral("forceReleaseReason"));
            if (!reason)
                return rejectDialog(modal);
            QTest::keyClicks(reason, QStringLiteral("stuck job"));
            QTest::keyClick(reason, Qt::Key_Return);
        }, &dialog);
        forceRelease->trigger();
        QVERIFY(dialog);
        QTRY_COMPARE_WITH_TIMEOUT(reported.count(), 1, kTimeout);
        QVERIFY2(reported.at(0).at(0).value<ActionResult>().ok, qPrintable(f.window->lastActionMessage()));
        QVERIFY(f.window->lastActionMessage().contains(QStringLiteral("tester")));
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) < 0, kTimeout);
        bool audited = false;
        for (const Event& e : f.engine->events("0", 100)) {
            if (e.type != EventType::Force)
                continue;
            QCOMPARE(e.lease, r.grant.lease);
            QCOMPARE(e.by, std::string("tester"));
            QCOMPARE(QString::fromStdString(e.host), QSysInfo::machineHostName());
            QCOMPARE(e.reason, std::string("stuck job"));
            QVERIFY(e.wasLive);
            audited = true;
        }
        QVERIFY(audited);
        QVERIFY(f.engine->snapshot().leases.empty());
    }

    void connectionLossShowsBannerAndReconnects()
    {
        Fixture f("reconnect");
        // Connected for sure: a lease taken on the server shows in the table.
        const LeaseId seen = f.take("erin", "upload", {{"/A/e.txt", LockMode::X}});
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(seen) >= 0, kTimeout);
        QSignalSpy connection(f.window->bridge(), &Bridge::connectionChanged);
        f.server.stop(true);
        QTRY_VERIFY_WITH_TIMEOUT(!connection.isEmpty()
                                     && connection.last().at(0).value<ConnectionState>().status == ConnectionStatus::Lost,
                                 kTimeout);
        auto* banner = f.window->findChild<QWidget*>(QStringLiteral("connectionBanner"));
        QVERIFY(banner);
        QVERIFY(!banner->isHidden());
        const QString text = banner->findChild<QLabel*>()->text();
        QVERIFY2(text.startsWith(QStringLiteral("Connection lost: ")) && text.contains(QStringLiteral("last known state")),
                 qPrintable(text));
        f.server.start();
        QTRY_VERIFY_WITH_TIMEOUT(connection.last().at(0).value<ConnectionState>().status == ConnectionStatus::Connected,
                                 8000);
        QVERIFY(banner->isHidden());
        // And it works again.
        RedisEngine engine(redisOptionsFor(f.server), "reconnect");
        const AcquireResult r = engine.acquire({{"/B", LockMode::S}}, as("frank", "copy-folder"));
        QVERIFY(r.granted);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) >= 0, kTimeout);
    }

    // Opening an empty project on a server that has others (the command-line
    // tool's default is "default", Studio's "demo") says which ones there are.
    void anEmptyProjectNamesTheServersOtherProjects()
    {
        test::RedisServer server;
        RedisEngine cli(redisOptionsFor(server), "default");
        QVERIFY(cli.acquire({{"/A", LockMode::X}}, as("alice", "lock", 60s)).granted);
        const auto open = [&](const char* project) {
            StudioOptions options = test::studioOptions(BackendConfig::Kind::Url);
            options.backend.url = QString::fromStdString(server.url());
            options.backend.project = QString::fromLatin1(project);
            auto w = std::make_unique<MainWindow>(options);
            w->start();
            return w;
        };
        const auto empty = open("demo");
        // (Tests load no translator: the plural reads "1 lease(s)" here.)
        QTRY_VERIFY_WITH_TIMEOUT(logHas(*empty, QStringLiteral("Project demo holds no locks. Other projects on this "
                                                               "server: default (1 lease")),
                                 kTimeout);
        // A project that holds locks is taken to be the one meant.
        const auto busy = open("default");
        QTRY_VERIFY_WITH_TIMEOUT(busy->leasePanel()->view()->model()->rowCount() == 1, kTimeout);
        QVERIFY(!logHas(*busy, QStringLiteral("holds no locks")));
    }

    // A server never reached has no "last known state" to speak of.
    void neverReachedServerSaysCannotConnect()
    {
        StudioOptions options = test::studioOptions(BackendConfig::Kind::Url);
        options.backend.url = QStringLiteral("redis://127.0.0.1:1");
        MainWindow w(options);
        w.start();
        w.show();
        auto* banner = w.findChild<QWidget*>(QStringLiteral("connectionBanner"));
        QTRY_VERIFY_WITH_TIMEOUT(!banner->isHidden(), kTimeout);
        const QString text = banner->findChild<QLabel*>()->text();
        QVERIFY2(text.startsWith(QStringLiteral("Cannot connect: Redis at redis://127.0.0.1:1: the connection was refused")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("last known state")), qPrintable(text));
    }

    void enterInTheForceReleaseDialogReleasesAndSelectsNothing()
    {
        Fixture f("enter");
        QVERIFY(f.show());
        const LeaseId alice = f.take("alice", "move-folder", {{"/A/C", LockMode::X}});
        const LeaseId bob = f.take("bob", "upload", {{"/B/b.txt", LockMode::X}});
        QVERIFY(!alice.empty() && !bob.empty());
        QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*f.window, alice).isValid() && leaseRow(*f.window, bob).isValid(), kTimeout);
        QTableView* table = f.window->leasePanel()->view();
        clickRow(table, leaseRow(*f.window, alice));
        QCOMPARE(f.window->leasePanel()->currentLeaseId(), QString::fromStdString(alice));

        bool dialog = false;
        whenModal(&typeReasonAndEnter, &dialog);
        QTest::keyClick(table, Qt::Key_Delete);
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(f.engine->snapshot().leases.size() == 1, kTimeout);
        QCOMPARE(f.engine->snapshot().leases.front().id, bob);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->findChild<QLabel*>(QStringLiteral("actionResult"))->toolTip().contains(QStringLiteral("force-released")), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(alice) < 0, kTimeout);
        // Nothing selected: a second Delete cannot reach bob's lease.
        QVERIFY(table->selectionModel()->selectedRows().isEmpty());
        QVERIFY(f.window->leasePanel()->currentLeaseId().isEmpty());
        bool second = false;
        QPointer<QTimer> watcher = whenModal(&rejectDialog, &second);
        QTest::keyClick(table, Qt::Key_Delete);
        QTest::qWait(200);
        delete watcher.data();
        QVERIFY(!second);
        QVERIFY(f.window->leaseModel()->rowOf(bob) >= 0);
    }

    void cancelledForceReleaseSaysSo()
    {
        Fixture f("cancel");
        QVERIFY(f.show());
        const LeaseId alice = f.take("alice", "move-folder", {{"/A/C", LockMode::X}});
        QVERIFY(f.clickLease(alice));
        whenModal([](QWidget* modal) {
            // The offered reason erased, Enter does nothing; Esc cancels.
            auto* reason = modal->findChild<QLineEdit*>(QStringLiteral("forceReleaseReason"));
            QTest::keyClick(reason, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClick(reason, Qt::Key_Delete);
            QTest::keyClick(reason, Qt::Key_Return);
            if (modal->isVisible())
                QTest::keyClick(reason, Qt::Key_Escape);
        });
        QTest::keyClick(f.window->leasePanel()->view(), Qt::Key_Delete);
        QVERIFY(f.window->findChild<QLabel*>(QStringLiteral("actionResult"))->text().contains(QStringLiteral("cancelled")));
        QVERIFY(logHas(*f.window, QStringLiteral("cancelled")));
        QCOMPARE(f.engine->snapshot().leases.size(), std::size_t(1));
    }

    void leasesLostInARestartAreLogged()
    {
        Fixture f("vanish");
        QTRY_VERIFY_WITH_TIMEOUT(f.window->statesApplied() > 0, kTimeout);
        const LeaseId a = f.take("alice", "upload", {{"/A/a.txt", LockMode::X}});
        const LeaseId b = f.take("bob", "upload", {{"/B/b.txt", LockMode::X}});
        const LeaseId c = f.take("carol", "upload", {{"/A/C/c.txt", LockMode::X}});
        QVERIFY(!a.empty() && !b.empty() && !c.empty());
        // (untranslated, the plural reads "lease(s)")
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowCount() == 3, kTimeout);
        QSignalSpy connection(f.window->bridge(), &Bridge::connectionChanged);
        f.server.stop(true); // no persistence: the leases are gone with the process
        QTRY_VERIFY_WITH_TIMEOUT(!connection.isEmpty()
                                     && connection.last().at(0).value<ConnectionState>().status == ConnectionStatus::Lost,
                                 kTimeout);
        f.server.start();
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowCount() == 0, 8000);
        QVERIFY(RedisEngine(redisOptionsFor(f.server), "vanish").snapshot().leases.empty());
        QTRY_VERIFY_WITH_TIMEOUT(logHas(*f.window, QStringLiteral(" vanished after the connection was restored")), kTimeout);
    }

    void leaseOnlyNodesLeaveTheTreeWithTheirLease()
    {
        Fixture f("leaseonly");
        const LeaseId id = f.take("bob", "move-folder", {{"/A/C", LockMode::X}, {"/B/C", LockMode::X}});
        QTRY_VERIFY_WITH_TIMEOUT(f.window->treeModel()->indexForPath("/B/C").isValid(), kTimeout);
        QVERIFY(f.window->treeModel()->indexForPath("/B/C").data(LockTreeModel::FolderRole).toBool());
        QVERIFY(f.engine->release(id).status == LeaseStatus::Ok);
        QTRY_VERIFY_WITH_TIMEOUT(!f.window->treeModel()->indexForPath("/B/C").isValid(), kTimeout);
        QVERIFY(f.window->treeModel()->indexForPath("/A/C").isValid()); // in the loaded tree: stays
    }

    void searchTakesAPathOrAName()
    {
        Fixture f("search");
        QVERIFY(f.show());
        QLineEdit* search = f.window->treePanel()->searchField();
        QLabel* status = f.window->treePanel()->searchStatus();
        QTreeView* tree = f.window->treePanel()->view();
        QTest::keyClicks(search, QStringLiteral("/A/C/D/d.txt"));
        QTRY_COMPARE_WITH_TIMEOUT(f.window->treePanel()->currentPath(), QStringLiteral("/A/C/D/d.txt"), kTimeout);
        QVERIFY(tree->isExpanded(treeRow(*f.window, "/A/C/D")));
        QVERIFY(status->text().contains(QStringLiteral("/A/C/D/d.txt")));

        retype(search, QStringLiteral("A/C/E/")); // no leading slash, a trailing one
        QTRY_COMPARE_WITH_TIMEOUT(f.window->treePanel()->currentPath(), QStringLiteral("/A/C/E"), kTimeout);

        retype(search, QStringLiteral("/A/nope.txt"));
        QTRY_COMPARE_WITH_TIMEOUT(status->text(), QStringLiteral("No match for /A/nope.txt"), kTimeout);

        retype(search, QStringLiteral(".TXT"));
        // (untranslated, the plural reads "match(es)")
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("3 match")), kTimeout);
        QVERIFY(treeRow(*f.window, "/A/C/c.txt").isValid());
        QVERIFY(!treeRow(*f.window, "/A/C/E").isValid());

        retype(search, QStringLiteral("zzz"));
        QTRY_COMPARE_WITH_TIMEOUT(status->text(), QStringLiteral("No match for zzz"), kTimeout);
    }

    void windowFitsTheScreenAndTheTreeGetsTheMostRoom()
    {
        const StudioOptions options = memoryOptions();
        MainWindow w(options);
        w.setTree(seedTree());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QRect available = w.screen()->availableGeometry();
        QVERIFY2(available.contains(w.frameGeometry()),
                 qPrintable(QStringLiteral("window %1x%2+%3+%4 on a screen of %5x%6")
                                .arg(w.frameGeometry().width()).arg(w.frameGeometry().height())
                                .arg(w.frameGeometry().x()).arg(w.frameGeometry().y())
                                .arg(available.width()).arg(available.height())));
        QVERIFY(available.contains(QRect(w.statusBar()->mapToGlobal(QPoint(0, 0)), w.statusBar()->size())));
        const QSize tree = w.treePanel()->view()->viewport()->size();
        const QSize leases = w.leasePanel()->view()->viewport()->size();
        const QSize log = w.findChild<EventLogPanel*>()->view()->viewport()->size();
        const auto area = [](QSize s) { return s.width() * s.height(); };
        QVERIFY2(area(tree) > area(leases) && area(tree) > area(log),
                 qPrintable(QStringLiteral("tree %1x%2, leases %3x%4, log %5x%6").arg(tree.width()).arg(tree.height())
                                .arg(leases.width()).arg(leases.height()).arg(log.width()).arg(log.height())));
        QVERIFY2(tree.height() > 2 * log.height(), qPrintable(QStringLiteral("tree %1 px high, log %2").arg(tree.height()).arg(log.height())));
    }

    void restoredGeometryIsClampedToTheScreen()
    {
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        {
            MainWindow big(test::memoryOptions());
            big.setGeometry(QRect(available.topLeft() + QPoint(300, 200), available.size() * 2));
            QSettings().setValue(QStringLiteral("window/geometry"), big.saveGeometry());
        }
        StudioOptions options;
        options.backend.kind = BackendConfig::Kind::Memory;
        MainWindow w(options);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QRect frame = w.frameGeometry();
        QVERIFY2(available.contains(frame), qPrintable(QStringLiteral("window %1x%2+%3+%4 on a screen of %5x%6")
                                                           .arg(frame.width()).arg(frame.height()).arg(frame.x()).arg(frame.y())
                                                           .arg(available.width()).arg(available.height())));
        QSettings().remove(QStringLiteral("window"));
    }

    void legendCollapsesByClickAndIsRemembered()
    {
        QSettings().remove(QStringLiteral("view/legend"));
        StudioOptions options;
        options.backend.kind = BackendConfig::Kind::Memory;
        options.windowSize = QSize(1280, 1000); // tall enough for the tree to keep the legend's height
        auto w = std::make_unique<MainWindow>(options);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QAbstractButton* toggle = w->treePanel()->legendToggle();
        QWidget* legend = w->treePanel()->findChild<QWidget*>(QStringLiteral("legend"));
        QVERIFY(legend);
        const bool shown = legend->isVisible();
        const int treeHeight = w->treePanel()->view()->height();
        QTest::mouseClick(toggle, Qt::LeftButton);
        QCOMPARE(legend->isVisible(), !shown);
        QCOMPARE(QSettings().value(QStringLiteral("view/legend")).toBool(), !shown);
        QTRY_VERIFY_WITH_TIMEOUT(shown ? w->treePanel()->view()->height() > treeHeight
                                       : w->treePanel()->view()->height() < treeHeight, kTimeout);
        w.reset();
        MainWindow again(options);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QCOMPARE(again.treePanel()->findChild<QWidget*>(QStringLiteral("legend"))->isVisible(), !shown);
        QSettings().remove(QStringLiteral("view/legend"));
        QSettings().remove(QStringLiteral("window"));
    }

    void leaseColumnsShowTheirWholeText()
    {
        Fixture f("columns");
        QVERIFY(f.show());
        const LeaseId id = f.take("alice", "rename-folder", {{"/A/C", LockMode::X}, {"/A/C2", LockMode::X}});
        QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*f.window, id).isValid(), kTimeout);
        QTableView* table = f.window->leasePanel()->view();
        const QFontMetrics fm = table->fontMetrics();
        const QModelIndex row = leaseRow(*f.window, id);
        for (int c : {LeaseTableModel::OwnerColumn, LeaseTableModel::OperationColumn, LeaseTableModel::AgeColumn,
                      LeaseTableModel::TimeLeftColumn, LeaseTableModel::FenceColumn}) {
            // A narrow table hides the age and the fence rather than cut them.
            if (table->isColumnHidden(c) && (c == LeaseTableModel::AgeColumn || c == LeaseTableModel::FenceColumn))
                continue;
            const QString text = row.siblingAtColumn(c).data().toString();
            QVERIFY2(table->columnWidth(c) >= fm.horizontalAdvance(text) + 8,
                     qPrintable(QStringLiteral("column %1 is %2 px for '%3'").arg(c).arg(table->columnWidth(c)).arg(text)));
        }
        // The widest age and time left the columns will show.
        using namespace std::chrono_literals;
        QVERIFY(table->isColumnHidden(LeaseTableModel::AgeColumn)
                || table->columnWidth(LeaseTableModel::AgeColumn) >= fm.horizontalAdvance(presentation::formatAge(59min + 59s)) + 8);
        QVERIFY(table->columnWidth(LeaseTableModel::TimeLeftColumn) >= fm.horizontalAdvance(presentation::formatTimeLeft(-59s)) + 8);
        // The paths of a two-path lease fit, and they are not the narrowest column any more.
        const QString paths = row.siblingAtColumn(LeaseTableModel::PathsColumn).data().toString();
        QVERIFY2(table->columnWidth(LeaseTableModel::PathsColumn) >= fm.horizontalAdvance(paths) + 8,
                 qPrintable(QStringLiteral("paths %1 px for '%2'").arg(table->columnWidth(LeaseTableModel::PathsColumn)).arg(paths)));
        for (int c : {LeaseTableModel::OwnerColumn, LeaseTableModel::AgeColumn})
            QVERIFY(table->columnWidth(LeaseTableModel::PathsColumn) > table->columnWidth(c));
        // Nothing is cut at the table's right edge.
        for (int c = 0; c < LeaseTableModel::ColumnCount; ++c)
            QVERIFY2(table->isColumnHidden(c) || table->columnViewportPosition(c) + table->columnWidth(c) <= table->viewport()->width(),
                     qPrintable(table->model()->headerData(c, Qt::Horizontal).toString()));
    }

    void treeNodeMenuActsOnTheNode()
    {
        Fixture f("treemenu");
        QVERIFY(f.show());
        const LeaseId id = f.take("alice", "move-folder", {{"/A/C", LockMode::X}});
        QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*f.window, id).isValid(), kTimeout);
        QTreeView* tree = f.window->treePanel()->view();
        QTRY_VERIFY_WITH_TIMEOUT(treeRow(*f.window, "/A/C").isValid(), kTimeout);
        const QString menuName = QStringLiteral("treeNodeMenu");

        QVERIFY(pick(openContextMenu(tree, treeRow(*f.window, "/A/C"), menuName), QStringLiteral("copyNodePath")));
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("/A/C"));

        QVERIFY(pick(openContextMenu(tree, treeRow(*f.window, "/A/C"), menuName), QStringLiteral("showNodeLeases")));
        QCOMPARE(f.window->leaseModel()->nodePath(), QStringLiteral("/A/C"));

        QVERIFY(pick(openContextMenu(tree, treeRow(*f.window, "/A"), menuName), QStringLiteral("expandSubtree")));
        QVERIFY(tree->isExpanded(treeRow(*f.window, "/A/C/D")));
        QVERIFY(pick(openContextMenu(tree, treeRow(*f.window, "/A"), menuName), QStringLiteral("collapseSubtree")));
        QVERIFY(!tree->isExpanded(treeRow(*f.window, "/A")));
        clickBranchArrow(tree, treeRow(*f.window, "/A"));
        QVERIFY(!tree->isExpanded(treeRow(*f.window, "/A/C"))); // stays collapsed below

        // /A only carries an intention: nothing to release there.
        QMenu* menu = openContextMenu(tree, treeRow(*f.window, "/A"), menuName);
        QVERIFY(menu);
        QVERIFY(!menu->findChild<QAction*>(QStringLiteral("forceReleaseNode"))->isEnabled());
        menu->close();
        bool dialog = false;
        whenModal(&typeReasonAndEnter, &dialog);
        QVERIFY(pick(openContextMenu(tree, treeRow(*f.window, "/A/C"), menuName), QStringLiteral("forceReleaseNode")));
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(f.engine->snapshot().leases.empty(), kTimeout);
    }

    // A project at events=audit records no grants and releases: the lease table
    // and the tree follow them through snapshots, the log shows the setting change.
    void auditProjectIsFollowedThroughSnapshots()
    {
        Fixture f("audit");
        QTRY_VERIFY_WITH_TIMEOUT(f.window->statesApplied() > 0, kTimeout);
        f.engine->setEventLevel(EventLevel::Audit, "ops", "console-1");
        const AcquireResult r = f.engine->acquire({{"/A/C", LockMode::X}}, as("bob", "move-folder"));
        QVERIFY(r.granted);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) >= 0, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(int(kindAt(*f.window, "/A/C")), int(NodeKind::HeldX), kTimeout);
        QVERIFY(f.engine->release(r.grant.lease).status == LeaseStatus::Ok);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) < 0, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(int(kindAt(*f.window, "/A/C")), int(NodeKind::None), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(logHas(*f.window, QStringLiteral("Setting events=audit by ops@console-1")), kTimeout);
        const EventLogModel* log = f.window->logModel();
        for (int row = 0; row < log->rowCount(); ++row)
            QVERIFY2(log->entryAt(row).lease != QString::fromStdString(r.grant.lease), "an unrecorded grant was logged");
        // The status bar says so while it holds, and its tooltip says what it means.
        const QLabel* backend = f.window->findChild<QLabel*>(QStringLiteral("backendLabel"));
        QVERIFY(backend);
        QTRY_VERIFY_WITH_TIMEOUT(backend->text().contains(QStringLiteral("events: audit")), kTimeout);
        QVERIFY(backend->toolTip().contains(QStringLiteral("records no grants and releases")));
        f.engine->setEventLevel(EventLevel::All, "ops", "console-1");
        QTRY_VERIFY_WITH_TIMEOUT(!backend->text().contains(QStringLiteral("events: audit")), kTimeout);
    }

    void leaseMenuCopiesShowsAndFilters()
    {
        Fixture f("leasemenu");
        QVERIFY(f.show());
        const LeaseId id = f.take("alice", "move-folder", {{"/A/C", LockMode::X}, {"/B/C", LockMode::X}});
        const LeaseId other = f.take("bob", "upload", {{"/A/a.txt", LockMode::X}});
        QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*f.window, id).isValid() && leaseRow(*f.window, other).isValid(), kTimeout);
        QTableView* table = f.window->leasePanel()->view();
        const QString menuName = QStringLiteral("leaseMenu");
        QVERIFY(pick(openContextMenu(table, leaseRow(*f.window, id), menuName), QStringLiteral("copyLeaseId")));
        QCOMPARE(QApplication::clipboard()->text(), QString::fromStdString(id));
        QVERIFY(pick(openContextMenu(table, leaseRow(*f.window, id), menuName), QStringLiteral("copyLeasePaths")));
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("/A/C\n/B/C"));

        f.window->treePanel()->view()->collapseAll();
        QVERIFY(pick(openContextMenu(table, leaseRow(*f.window, id), menuName), QStringLiteral("showLeaseInTree")));
        QVERIFY(f.window->treeModel()->indexForPath("/B/C").data(LockTreeModel::HighlightRole).toBool());
        QVERIFY(f.window->treePanel()->view()->isExpanded(treeRow(*f.window, "/B")));

        QTRY_VERIFY_WITH_TIMEOUT(f.window->logModel()->rowCount() >= 2, kTimeout);
        QVERIFY(pick(openContextMenu(table, leaseRow(*f.window, id), menuName), QStringLiteral("showLeaseEvents")));
        EventLogPanel* log = f.window->findChild<EventLogPanel*>();
        QCOMPARE(log->proxy()->rowCount(), 1);
        QCOMPARE(log->proxy()->index(0, 0).data(EventLogModel::LeaseIdRole).toString(), QString::fromStdString(id));
        bool dialog = false;
        whenModal(&typeReasonAndEnter, &dialog);
        QVERIFY(pick(openContextMenu(table, leaseRow(*f.window, id), menuName), QStringLiteral("leaseForceRelease")));
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(id) < 0, kTimeout);
        QVERIFY(f.window->leaseModel()->rowOf(other) >= 0);
    }

    void eventRowsLeadToTheirLeaseAndPath()
    {
        Fixture f("eventmenu");
        QVERIFY(f.show());
        const LeaseId id = f.take("alice", "move-folder", {{"/A/C/D", LockMode::X}});
        const LeaseId other = f.take("bob", "upload", {{"/A/a.txt", LockMode::X}});
        QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*f.window, id).isValid() && leaseRow(*f.window, other).isValid(), kTimeout);
        EventLogPanel* log = f.window->findChild<EventLogPanel*>();
        QTRY_VERIFY_WITH_TIMEOUT(log->proxy()->rowCount() >= 2, kTimeout);
        QModelIndex grant;
        for (int r = 0; r < log->proxy()->rowCount(); ++r)
            if (log->proxy()->index(r, 0).data(EventLogModel::LeaseIdRole).toString() == QString::fromStdString(id))
                grant = log->proxy()->index(r, EventLogModel::OwnerColumn);
        QVERIFY(grant.isValid());
        const QString menuName = QStringLiteral("eventMenu");
        QVERIFY(pick(openContextMenu(log->view(), grant, menuName), QStringLiteral("copyEvent")));
        QVERIFY(QApplication::clipboard()->text().contains(QString::fromStdString(id)));
        QVERIFY(pick(openContextMenu(log->view(), grant, menuName), QStringLiteral("showEventLease")));
        QCOMPARE(f.window->leasePanel()->currentLeaseId(), QString::fromStdString(id));
        QVERIFY(pick(openContextMenu(log->view(), grant, menuName), QStringLiteral("showEventPath")));
        QCOMPARE(f.window->treePanel()->currentPath(), QStringLiteral("/A/C/D"));

        // Double-click selects the lease of the row.
        deselectByCtrlClick(f.window->leasePanel()->view());
        QVERIFY(f.window->leasePanel()->currentLeaseId().isEmpty());
        log->view()->scrollTo(grant);
        const QPoint at = log->view()->visualRect(grant).center();
        QTest::mouseClick(log->view()->viewport(), Qt::LeftButton, {}, at); // the first click of the two
        QTest::mouseDClick(log->view()->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(f.window->leasePanel()->currentLeaseId(), QString::fromStdString(id));
    }

    void eventLogFiltersAndExports()
    {
        Fixture f("eventlog");
        QVERIFY(f.show());
        const LeaseId id = f.take("alice", "move-folder", {{"/A/C", LockMode::X}});
        const LeaseId other = f.take("bob", "upload", {{"/A/a.txt", LockMode::X}});
        QVERIFY(f.engine->release(other).status == LeaseStatus::Ok);
        EventLogPanel* log = f.window->findChild<EventLogPanel*>();
        QTRY_COMPARE_WITH_TIMEOUT(log->proxy()->rowCount(), 3, kTimeout); // 2 grants, 1 release
        QTest::keyClicks(log->findChild<QLineEdit*>(QStringLiteral("eventFilter")), QStringLiteral("bob"));
        QCOMPARE(log->proxy()->rowCount(), 2);
        auto* type = log->findChild<QComboBox*>(QStringLiteral("eventTypeFilter"));
        type->setFocus();
        QTest::keyClick(type, Qt::Key_Down); // "grant"
        QCOMPARE(type->currentText(), QStringLiteral("grant"));
        QCOMPARE(log->proxy()->rowCount(), 1);
        QCOMPARE(log->proxy()->index(0, 0).data(EventLogModel::LeaseIdRole).toString(), QString::fromStdString(other));

        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("events.csv"));
        bool dialog = false;
        whenModal([file](QWidget* modal) { typeFileNameAndEnter(modal, file); }, &dialog);
        QTest::mouseClick(log->findChild<QAbstractButton*>(QStringLiteral("exportEvents")), Qt::LeftButton);
        QVERIFY(dialog);
        QFile csv(file);
        QVERIFY2(csv.open(QIODevice::ReadOnly), qPrintable(f.window->statusBar()->currentMessage()));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2); // header + bob's grant
        QVERIFY(lines[0].startsWith(QStringLiteral("Time,Event,Owner")));
        QVERIFY(lines[1].contains(QString::fromStdString(other)));
        // The date, the time to the millisecond and the UTC offset: the file means the same tomorrow, elsewhere.
        static const QRegularExpression iso(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}(Z|[+-]\\d\\d:\\d\\d),"));
        QVERIFY2(iso.match(lines[1]).hasMatch(), qPrintable(lines[1]));
        QVERIFY(f.window->statusBar()->currentMessage().contains(file));
    }

    // Every control of the window and its panels (but the Simulation dock's,
    // checked by tst_ui_simulation) is pressed and must change something the
    // user can see. A control without an entry in the table fails the test,
    // so one added later without an effect check cannot slip through.
    void everyControlHasAVisibleEffect()
    {
        Fixture f("controls");
        QVERIFY(f.show());
        MainWindow* w = f.window.get();
        QTRY_VERIFY_WITH_TIMEOUT(w->statesApplied() > 0, kTimeout);
        LeaseId target = f.take("alice", "move-folder", {{"/A/C", LockMode::X}, {"/B/D", LockMode::X}});
        std::string treeNode = "/A/C"; // where the tree's context menu opens
        QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*w, target).isValid(), kTimeout);
        clickRow(w->leasePanel()->view(), leaseRow(*w, target)); // enables Force release
        // hank waits (for ten minutes) behind gina: a row in Waiting, a path in Hot spots.
        // (Before erin's lease expires: an acquire reaps expired leases.)
        const LeaseId gina = f.take("gina", "move-folder", {{"/B/hold", LockMode::X}}, 10min);
        AcquireOptions waiting = as("hank", "upload", 60s);
        waiting.wait = 1s;
        waiting.leaseId = newLeaseId();
        waiting.waitRefresh = 10min;
        QVERIFY(!f.engine->acquire({{"/B/hold/h.txt", LockMode::X}}, waiting).granted);
        const LeaseId hank = *waiting.leaseId;
        QTRY_VERIFY_WITH_TIMEOUT(w->waiterModel()->rowOf(hank) >= 0, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(w->hotSpotModel()->rowOf("/B/hold") >= 0, kTimeout);
        f.take("erin", "upload", {{"/A/a.txt", LockMode::X}}, 50ms);
        QTRY_VERIFY_WITH_TIMEOUT(w->releaseExpiredAction()->isEnabled(), kTimeout); // and Release expired
        EventLogPanel* log = w->findChild<EventLogPanel*>();
        QTRY_VERIFY_WITH_TIMEOUT(log->proxy()->rowCount() > 0, kTimeout);
        QDockWidget* simDock = w->simulationDock();
        const auto waiterIndex = [&] {
            return w->waitingPanel()->proxy()->mapFromSource(w->waiterModel()->index(w->waiterModel()->rowOf(hank), 0));
        };
        // No node selected: the lease table shows every lease again (the checks
        // after these find the target's row).
        const auto unselectNode = [&] {
            w->treePanel()->view()->selectionModel()->clear();
            QVERIFY(w->leaseModel()->nodePath().isEmpty());
        };
        const auto hotSpotIndex = [&] {
            return w->hotSpotPanel()->proxy()->mapFromSource(w->hotSpotModel()->index(w->hotSpotModel()->rowOf("/B/hold"), 0));
        };

        const auto targetEvent = [&] {
            for (int r = 0; r < log->proxy()->rowCount(); ++r)
                if (log->proxy()->index(r, 0).data(EventLogModel::LeaseIdRole).toString() == QString::fromStdString(target))
                    return log->proxy()->index(r, EventLogModel::OwnerColumn);
            return QModelIndex();
        };
        int fresh = 0;
        const auto freshTarget = [&] {
            target = f.take("dave", "upload", {{"/B/t" + std::to_string(++fresh), LockMode::X}});
            QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*w, target).isValid(), kTimeout);
            QTRY_VERIFY_WITH_TIMEOUT(targetEvent().isValid(), kTimeout);
        };
        // Opens a dialog: which class, then closes it.
        const auto expectDialog = [&](const std::function<void()>& press, const char* className) {
            QString opened;
            whenModal([&opened](QWidget* modal) {
                opened = QString::fromLatin1(modal->metaObject()->className());
                rejectDialog(modal);
            });
            press();
            QTRY_COMPARE_WITH_TIMEOUT(opened, QString::fromLatin1(className), kTimeout);
        };
        const auto toggles = [&](const std::function<void()>& press, const std::function<bool()>& state) {
            const bool before = state();
            press();
            QTRY_COMPARE_WITH_TIMEOUT(state(), !before, kTimeout);
            press();
            QTRY_COMPARE_WITH_TIMEOUT(state(), before, kTimeout);
        };

        // A dock's menu entry brings it to the front, or closes it when it is
        // in front; the dock is left open for the controls inside it.
        const auto togglesDock = [&](const std::function<void()>& press, QDockWidget* dock) {
            // In front with the keys elsewhere, the entry gives it the keys first.
            if (dockInFront(*w, dock) && !dock->isAncestorOf(QApplication::focusWidget())) {
                press();
                QTRY_VERIFY_WITH_TIMEOUT(dock->isAncestorOf(QApplication::focusWidget()), kTimeout);
                QVERIFY(dockInFront(*w, dock));
            }
            toggles(press, [&] { return dockInFront(*w, dock); });
            if (dock->isHidden()) {
                press();
                QTRY_VERIFY_WITH_TIMEOUT(dockInFront(*w, dock), kTimeout);
            }
            // Given the keys, a dock selects its first row, which may filter the lease table to its node.
            w->leasePanel()->setNodeFilter({});
        };

        struct Control {
            QString key;                 // objectName, else the text
            std::function<void()> press; // what the user does
            QAbstractButton* button = nullptr;
        };
        // A lease in a project of its own, and its engine.
        struct Elsewhere {
            std::unique_ptr<RedisEngine> engine;
            LeaseId lease;
        };
        int elsewhere = 0;
        // Takes one, waits for the bar above the views to offer its project, and presses `c` (on that bar).
        const auto pressWhenOffered = [&](const Control& c, Elsewhere* other) {
            other->engine = std::make_unique<RedisEngine>(redisOptionsFor(f.server), "elsewhere" + std::to_string(++elsewhere));
            other->lease = other->engine->acquire({{"/A", LockMode::X}}, as("ivan", "lock")).grant.lease;
            QTRY_COMPARE_WITH_TIMEOUT(w->projectNotice()->offered(), QString::fromStdString(other->engine->project()), kTimeout);
            c.press();
        };
        std::vector<Control> controls;
        QSet<QObject*> seen;
        const auto addAction = [&](QAction* a) {
            if (a->isSeparator() || !a->isEnabled() || !a->isVisible() || seen.contains(a))
                return;
            seen.insert(a);
            controls.push_back({a->objectName().isEmpty() ? a->text() : a->objectName(), [a] { a->trigger(); }});
        };
        std::function<void(QMenu*)> walkMenu = [&](QMenu* menu) {
            // The Simulation menu belongs to the Simulation dock's checks.
            if (menu->objectName() == QLatin1String("simulationMenu") || menu->title().remove(QLatin1Char('&')) == QLatin1String("Simulation"))
                return;
            menu->popup(QPoint(0, 0)); // dynamic menus fill themselves when shown
            menu->hide();
            for (QAction* a : menu->actions()) {
                if (a->menu())
                    walkMenu(a->menu());
                else
                    addAction(a);
            }
        };
        for (QAction* a : w->menuBar()->actions())
            if (a->menu())
                walkMenu(a->menu());
        for (QToolBar* bar : w->findChildren<QToolBar*>())
            for (QAction* a : bar->actions())
                addAction(a);
        // Context menus: pressed again (on the current target) when checked.
        const auto contextActions = [&](const std::function<QMenu*()>& open) {
            QMenu* menu = open();
            QVERIFY(menu);
            for (QAction* a : menu->actions()) {
                if (a->isSeparator() || !a->isEnabled())
                    continue;
                const QString name = a->objectName();
                controls.push_back({name.isEmpty() ? a->text() : name, [open, name] { QVERIFY(pick(open(), name)); }});
            }
            menu->close();
        };
        contextActions([&] { return openContextMenu(w->treePanel()->view(), treeRow(*w, treeNode), QStringLiteral("treeNodeMenu")); });
        contextActions([&] { return openContextMenu(w->leasePanel()->view(), leaseRow(*w, target), QStringLiteral("leaseMenu")); });
        contextActions([&] { return openContextMenu(log->view(), targetEvent(), QStringLiteral("eventMenu")); });
        contextActions([&] {
            w->waitingDock()->raise();
            return openContextMenu(w->waitingPanel()->view(), waiterIndex(), QStringLiteral("waiterMenu"));
        });
        contextActions([&] {
            w->hotSpotDock()->raise();
            return openContextMenu(w->hotSpotPanel()->view(), hotSpotIndex(), QStringLiteral("hotSpotMenu"));
        });
        for (QAbstractButton* b : w->findChildren<QAbstractButton*>()) {
            auto* tool = qobject_cast<QToolButton*>(b);
            const bool structural = b->objectName().startsWith(QLatin1String("qt_"))        // dock and toolbar chrome
                                    || qobject_cast<QLineEdit*>(b->parentWidget())          // a field's clear button
                                    || b->parentWidget()->inherits("QTabBar")               // tab scrolling
                                    || b->inherits("QTableCornerButton")                    // select all
                                    || (tool && tool->defaultAction());                     // an action, checked above
            if (structural || !b->isEnabled() || simDock->isAncestorOf(b))
                continue;
            controls.push_back({b->objectName().isEmpty() ? b->text() : b->objectName(),
                                [b] { QVERIFY2(b->isVisible(), qPrintable(b->objectName() + QStringLiteral(" is hidden")));
                                      QTest::mouseClick(b, Qt::LeftButton); }, b});
        }

        QTemporaryDir dir;
        const QString treeMenu = QStringLiteral("treeNodeMenu");
        const QString seedFile = dir.filePath(QStringLiteral("seed.json"));
        {
            QFile json(seedFile);
            QVERIFY(json.open(QIODevice::WriteOnly));
            json.write(kSeedTreeJson);
        }
        // Force-releases the target through `c`: a reason typed into the dialog,
        // then the lease leaves the table.
        const auto forceReleaseTarget = [&](const Control& c) {
            bool dialog = false;
            whenModal(&typeReasonAndEnter, &dialog);
            const LeaseId released = target;
            c.press();
            QVERIFY(dialog);
            QTRY_VERIFY_WITH_TIMEOUT(w->leaseModel()->rowOf(released) < 0, kTimeout);
        };
        // A span button of the Timeline: the chart shows that much time across.
        const auto spanShown = [&](const Control& c, std::chrono::milliseconds span) {
            w->timelineDock()->raise();
            if (w->timelinePanel()->view()->visibleSpan() == span)
                w->timelinePanel()->view()->setVisibleSpan(span == 1h ? 1min : 1h);
            c.press();
            QCOMPARE(w->timelinePanel()->view()->visibleSpan(), span);
        };
        // The welcome panel retired when the leases came: Help brings it back for
        // its button, and "Don't show again" puts it away after, as it was.
        QAction* summonWelcome = menuBarAction(*w, QStringLiteral("welcomeAction"));
        QVERIFY(summonWelcome);
        const auto dismissWelcome = [&] {
            QTest::mouseClick(w->welcomePanel()->findChild<QAbstractButton*>(QStringLiteral("welcomeDismiss")), Qt::LeftButton);
            QVERIFY(w->welcomePanel()->isHidden());
        };
        const auto pressOnWelcome = [&](const Control& c) {
            summonWelcome->trigger();
            QVERIFY(w->welcomePanel()->isVisible());
            c.press();
        };
        // The simulation (or scenario) a welcome button showed goes, and the dock in front before comes back.
        const auto endSimulation = [&](QDockWidget* front, const std::function<void()>& end) {
            end();
            QTRY_VERIFY_WITH_TIMEOUT(!w->showsSimulation(), kTimeout);
            if (front)
                front->raise();
            dismissWelcome();
        };
        const auto dockInFrontNow = [&]() -> QDockWidget* {
            for (QDockWidget* d : w->findChildren<QDockWidget*>())
                if (d != simDock && !d->isFloating() && dockInFront(*w, d) && !w->tabifiedDockWidgets(d).isEmpty())
                    return d;
            return nullptr;
        };
        // A Help dialog opens (not modal), then is closed.
        const auto expectHelpDialog = [&](const Control& c, const std::function<QDialog*()>& find, const std::function<bool(QDialog*)>& shows) {
            c.press();
            QTRY_VERIFY_WITH_TIMEOUT(find() && find()->isVisible(), kTimeout);
            QVERIFY(shows(find()));
            find()->close();
        };
        std::map<QString, std::function<void(const Control&)>> effects{
            {QStringLiteral("connectAction"), [&](const Control& c) { expectDialog(c.press, "treelock::ui::ConnectDialog"); }},
            {QStringLiteral("openFolderAction"), [&](const Control& c) { expectDialog(c.press, "QFileDialog"); }},
            {QStringLiteral("openTreeAction"), [&](const Control& c) { expectDialog(c.press, "QFileDialog"); }},
            {QStringLiteral("openDemoTreeAction"), [&](const Control& c) {
                 c.press();
                 QCOMPARE(w->treeModel()->treeName(), QStringLiteral("demo"));
                 // Back to the seed tree, opened from its file as a user does.
                 QAction* open = menuBarAction(*w, QStringLiteral("openTreeAction"));
                 QVERIFY(open);
                 bool dialog = false;
                 whenModal([&](QWidget* modal) { typeFileNameAndEnter(modal, seedFile); }, &dialog);
                 open->trigger();
                 QVERIFY(dialog);
                 QTRY_COMPARE_WITH_TIMEOUT(w->treeModel()->treeName(), QStringLiteral("seed"), kTimeout);
                 QTRY_VERIFY_WITH_TIMEOUT(treeRow(*w, "/A/C/D/d.txt").isValid(), kTimeout);
             }},
            {QStringLiteral("quitAction"), [&](const Control& c) {
                 c.press();
                 QVERIFY(!w->isVisible());
                 QVERIFY(f.show());
             }},
            {QStringLiteral("refreshAction"), [&](const Control& c) {
                 w->statusBar()->clearMessage();
                 c.press();
                 QVERIFY(!w->statusBar()->currentMessage().isEmpty());
             }},
            {QStringLiteral("releaseExpiredAction"), [&](const Control& c) {
                 const LeaseId old = f.take("erin", "upload", {{"/B/e.txt", LockMode::X}}, 50ms);
                 QTRY_VERIFY_WITH_TIMEOUT(w->leaseModel()->rowOf(old) >= 0
                                              && w->leaseModel()->statusAt(w->leaseModel()->rowOf(old)) == LeaseTableModel::Status::Expired,
                                          kTimeout);
                 QTRY_VERIFY_WITH_TIMEOUT(w->releaseExpiredAction()->isEnabled(), kTimeout);
                 c.press();
                 QTRY_VERIFY_WITH_TIMEOUT(!w->releaseExpiredAction()->isEnabled(), kTimeout);
                 QTRY_VERIFY_WITH_TIMEOUT(w->leaseModel()->rowOf(old) < 0, kTimeout);
             }},
            {QStringLiteral("forceReleaseAction"), [&](const Control& c) {
                 freshTarget();
                 clickRow(w->leasePanel()->view(), leaseRow(*w, target));
                 forceReleaseTarget(c);
                 freshTarget();
             }},
            {QStringLiteral("copyUrlAction"), [&](const Control& c) {
                 QApplication::clipboard()->clear();
                 c.press();
                 QCOMPARE(QApplication::clipboard()->text(), w->backendInfo().url);
             }},
            {QStringLiteral("copyCommandAction"), [&](const Control& c) {
                 QApplication::clipboard()->clear();
                 c.press();
                 QCOMPARE(QApplication::clipboard()->text(),
                          QStringLiteral("treelock --redis %1 --project controls locks").arg(w->backendInfo().url));
             }},
            {QStringLiteral("switchProjectButton"), [&](const Control& c) {
                 Elsewhere other;
                 pressWhenOffered(c, &other);
                 QTRY_COMPARE_WITH_TIMEOUT(w->backendInfo().project, QString::fromStdString(other.engine->project()), kTimeout);
                 // Filters left by earlier controls (a node of the project left, a text) would hide the lease.
                 w->leasePanel()->setNodeFilter({});
                 w->leasePanel()->filterField()->clear();
                 // A reconnection: on a loaded machine its first list takes longer than a click's effect.
                 QTRY_VERIFY2_WITH_TIMEOUT(leaseRow(*w, other.lease).isValid(),
                                           qPrintable(QStringLiteral("%1 leases (first: %2), node filter '%3', text '%4', hold '%5', simulation shown %6")
                                                          .arg(w->leaseModel()->leaseCount())
                                                          .arg(w->leaseModel()->leaseAt(0) ? QString::fromStdString(w->leaseModel()->leaseAt(0)->owner + " " + w->leaseModel()->leaseAt(0)->id) : QString())
                                                          .arg(w->leaseModel()->nodePath(), w->leaseModel()->searchText(), w->updateHold()->reason())
                                                          .arg(w->showsSimulation())),
                                           4 * kTimeout);
                 // ...and back: the bar now offers the project left.
                 QTRY_COMPARE_WITH_TIMEOUT(w->projectNotice()->offered(), QStringLiteral("controls"), kTimeout);
                 c.press();
                 QTRY_COMPARE_WITH_TIMEOUT(w->backendInfo().project, QStringLiteral("controls"), kTimeout);
                 QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*w, target).isValid(), 4 * kTimeout);
                 QVERIFY(other.engine->release(other.lease).status == LeaseStatus::Ok);
                 w->setTree(seedTree()); // each project opened on an empty tree of its own
             }},
            {QStringLiteral("dismissProjectNoticeButton"), [&](const Control& c) {
                 Elsewhere other;
                 pressWhenOffered(c, &other);
                 QVERIFY(w->projectNotice()->isHidden());
                 QVERIFY(other.engine->release(other.lease).status == LeaseStatus::Ok);
             }},
            {QStringLiteral("onlyLockedAction"), [&](const Control& c) { toggles(c.press, [&] { return w->treePanel()->proxy()->onlyLocked(); }); }},
            {QStringLiteral("onlyLockedButton"), [&](const Control& c) { toggles(c.press, [&] { return w->treePanel()->proxy()->onlyLocked(); }); }},
            {QStringLiteral("legendToggle"), [&](const Control& c) { toggles(c.press, [&] { return w->treePanel()->legendShown(); }); }},
            {QStringLiteral("timelineSpan1min"), [&](const Control& c) { spanShown(c, 1min); }},
            {QStringLiteral("timelineSpan5min"), [&](const Control& c) { spanShown(c, 5min); }},
            {QStringLiteral("timelineSpan15min"), [&](const Control& c) { spanShown(c, 15min); }},
            {QStringLiteral("timelineSpan1h"), [&](const Control& c) { spanShown(c, 1h); }},
            {QStringLiteral("timelineNowButton"), [&](const Control& c) {
                 TimelineView* chart = w->timelinePanel()->view();
                 chart->scrollTo(ServerTime(std::chrono::milliseconds(1)));
                 QVERIFY(!chart->following());
                 c.press();
                 QVERIFY(chart->following());
             }},
            {QStringLiteral("timelineDockAction"), [&](const Control& c) { togglesDock(c.press, w->timelineDock()); }},
            {QStringLiteral("pauseUpdatesAction"), [&](const Control& c) { toggles(c.press, [&] { return w->updateHold()->holding(); }); }},
            {QStringLiteral("releaseBlockersAction"), [&](const Control& c) { expectDialog(c.press, "treelock::ui::ForceReleaseDialog"); }},
            {QStringLiteral("releaseWaiterBlockers"), [&](const Control& c) {
                 expectDialog(c.press, "treelock::ui::ForceReleaseDialog");
                 w->leasePanel()->setNodeFilter({}); // the right-click selected the waiter, whose node filtered the table
             }},
            {QStringLiteral("releaseBlockersButton"), [&](const Control& c) {
                 w->waitingDock()->raise();
                 clickRow(w->waitingPanel()->view(), waiterIndex());
                 expectDialog(c.press, "treelock::ui::ForceReleaseDialog");
                 w->leasePanel()->setNodeFilter({}); // the waiter's node filtered the table
             }},
            {QStringLiteral("eventLogAction"), [&](const Control& c) { togglesDock(c.press, w->findChild<QDockWidget*>(QStringLiteral("eventLogDock"))); }},
            {QStringLiteral("simulationDockAction"), [&](const Control& c) { togglesDock(c.press, simDock); }},
            {QStringLiteral("permissionMatrixAction"), [&](const Control& c) { togglesDock(c.press, w->findChild<QDockWidget*>(QStringLiteral("permissionMatrixDock"))); }},
            {QStringLiteral("waitingDockAction"), [&](const Control& c) { togglesDock(c.press, w->waitingDock()); }},
            {QStringLiteral("hotSpotsDockAction"), [&](const Control& c) { togglesDock(c.press, w->hotSpotDock()); }},
            {QStringLiteral("showWaiterBlocker"), [&](const Control& c) {
                 deselectByCtrlClick(w->leasePanel()->view());
                 c.press();
                 QCOMPARE(w->leasePanel()->currentLeaseId(), QString::fromStdString(gina));
             }},
            {QStringLiteral("showBlockerButton"), [&](const Control& c) {
                 w->waitingDock()->raise();
                 clickRow(w->waitingPanel()->view(), waiterIndex());
                 deselectByCtrlClick(w->leasePanel()->view());
                 c.press();
                 QCOMPARE(w->leasePanel()->currentLeaseId(), QString::fromStdString(gina));
                 unselectNode();
             }},
            {QStringLiteral("showWaiterInTree"), [&](const Control& c) {
                 unselectNode();
                 c.press();
                 QCOMPARE(w->treePanel()->currentPath(), QStringLiteral("/B/hold/h.txt"));
                 unselectNode();
             }},
            {QStringLiteral("showHotSpotInTree"), [&](const Control& c) {
                 unselectNode();
                 c.press();
                 QCOMPARE(w->treePanel()->currentPath(), QStringLiteral("/B/hold"));
                 unselectNode();
             }},
            {QStringLiteral("copyHotSpotPath"), [&](const Control& c) {
                 QApplication::clipboard()->clear();
                 c.press();
                 QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("/B/hold"));
             }},
            {QStringLiteral("expandLockedAction"), [&](const Control& c) {
                 w->treePanel()->view()->collapseAll();
                 c.press();
                 QVERIFY(w->treePanel()->view()->isExpanded(treeRow(*w, "/A")));
             }},
            {QStringLiteral("findNodeAction"), [&](const Control& c) {
                 w->leasePanel()->view()->setFocus();
                 c.press();
                 QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(w->treePanel()->searchField()), kTimeout);
             }},
            {QStringLiteral("filterLeasesAction"), [&](const Control& c) {
                 w->treePanel()->view()->setFocus();
                 c.press();
                 QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(w->leasePanel()->filterField()), kTimeout);
             }},
            {QStringLiteral("aboutAction"), [&](const Control& c) { expectDialog(c.press, "QMessageBox"); }},
            {QStringLiteral("userGuideAction"), [&](const Control& c) {
                 expectHelpDialog(c, [&]() -> QDialog* { return w->findChild<UserGuideDialog*>(); }, [](QDialog* d) {
                     return static_cast<UserGuideDialog*>(d)->browser()->toPlainText().contains(QStringLiteral("Treelock Studio"));
                 });
             }},
            {QStringLiteral("shortcutsAction"), [&](const Control& c) {
                 expectHelpDialog(c, [&]() -> QDialog* { return w->findChild<ShortcutsDialog*>(); }, [](QDialog* d) {
                     return static_cast<ShortcutsDialog*>(d)->list()->topLevelItemCount() > 10;
                 });
             }},
            {QStringLiteral("welcomeAction"), [&](const Control& c) {
                 QVERIFY(w->welcomePanel()->isHidden());
                 c.press();
                 QVERIFY(w->welcomePanel()->isVisible());
                 dismissWelcome();
             }},
            {QStringLiteral("welcomeDismiss"), [&](const Control& c) {
                 pressOnWelcome(c);
                 QVERIFY(w->welcomePanel()->isHidden());
             }},
            {QStringLiteral("welcomeCopyCommand"), [&](const Control& c) {
                 QApplication::clipboard()->clear();
                 pressOnWelcome(c);
                 QVERIFY2(QApplication::clipboard()->text().contains(QStringLiteral(" --project controls acquire ")),
                          qPrintable(QApplication::clipboard()->text()));
                 dismissWelcome();
             }},
            {QStringLiteral("welcomeStartSimulation"), [&](const Control& c) {
                 QDockWidget* front = dockInFrontNow();
                 pressOnWelcome(c);
                 QTRY_VERIFY_WITH_TIMEOUT(w->simulationPanel()->state() == sim::Simulation::State::Running, kTimeout);
                 QTRY_VERIFY_WITH_TIMEOUT(w->showsSimulation(), kTimeout);
                 endSimulation(front, [&] { w->simulationPanel()->runActions().at(2)->trigger(); }); // Stop
             }},
            {QStringLiteral("welcomePlayScenario"), [&](const Control& c) {
                 QDockWidget* front = dockInFrontNow();
                 pressOnWelcome(c);
                 QTRY_VERIFY_WITH_TIMEOUT(w->simulationPanel()->stepModel()->rowCount() > 0, kTimeout);
                 QTRY_VERIFY_WITH_TIMEOUT(w->showsSimulation(), kTimeout);
                 endSimulation(front, [&] { w->simulationPanel()->closeScenario(); });
             }},
            {QStringLiteral("copyNodePath"), [&](const Control& c) {
                 c.press();
                 QCOMPARE(QApplication::clipboard()->text(), QString::fromStdString(treeNode));
             }},
            {QStringLiteral("showNodeLeases"), [&](const Control& c) {
                 c.press();
                 QCOMPARE(w->leaseModel()->nodePath(), QString::fromStdString(treeNode));
                 QTest::mouseClick(w->leasePanel()->findChild<QAbstractButton*>(QStringLiteral("clearNodeFilter")), Qt::LeftButton);
                 QVERIFY(w->leaseModel()->nodePath().isEmpty());
             }},
            {QStringLiteral("expandSubtree"), [&](const Control& c) {
                 w->treePanel()->view()->collapseAll();
                 std::vector<std::string> above;
                 for (std::string p = parentPath(treeNode); p != "/" && !p.empty(); p = parentPath(p))
                     above.insert(above.begin(), p);
                 for (const std::string& p : above)
                     clickBranchArrow(w->treePanel()->view(), treeRow(*w, p));
                 c.press();
                 QVERIFY(w->treePanel()->view()->isExpanded(treeRow(*w, "/A/C/D")));
             }},
            {QStringLiteral("collapseSubtree"), [&](const Control& c) {
                 w->treePanel()->view()->expandAll();
                 c.press();
                 QVERIFY(!w->treePanel()->view()->isExpanded(treeRow(*w, "/A/C")));
             }},
            {QStringLiteral("forceReleaseNode"), [&](const Control& c) {
                 freshTarget();
                 treeNode = w->leaseModel()->leaseAt(w->leaseModel()->rowOf(target))->requests.front().path;
                 forceReleaseTarget(c);
                 treeNode = "/A/C";
                 freshTarget();
             }},
            {QStringLiteral("leaseForceRelease"), [&](const Control& c) {
                 freshTarget();
                 forceReleaseTarget(c);
                 freshTarget();
             }},
            {QStringLiteral("copyLeaseId"), [&](const Control& c) {
                 c.press();
                 QCOMPARE(QApplication::clipboard()->text(), QString::fromStdString(target));
             }},
            {QStringLiteral("copyLeasePaths"), [&](const Control& c) {
                 c.press();
                 QCOMPARE(QApplication::clipboard()->text(), QString::fromStdString(w->leaseModel()->leaseAt(w->leaseModel()->rowOf(target))->requests.front().path));
             }},
            {QStringLiteral("showLeaseInTree"), [&](const Control& c) {
                 w->treePanel()->view()->collapseAll();
                 c.press();
                 const std::string path = w->leaseModel()->leaseAt(w->leaseModel()->rowOf(target))->requests.front().path;
                 QVERIFY(w->treeModel()->indexForPath(path).data(LockTreeModel::HighlightRole).toBool());
                 QVERIFY(w->treePanel()->view()->isExpanded(treeRow(*w, parentPath(path))));
             }},
            {QStringLiteral("showLeaseEvents"), [&](const Control& c) {
                 c.press();
                 QCOMPARE(log->proxy()->leaseId(), QString::fromStdString(target));
                 QTest::mouseClick(log->findChild<QAbstractButton*>(QStringLiteral("clearLeaseFilter")), Qt::LeftButton);
                 QVERIFY(log->proxy()->leaseId().isEmpty());
             }},
            {QStringLiteral("clearLeaseFilter"), [&](const Control& c) {
                 QVERIFY(pick(openContextMenu(w->leasePanel()->view(), leaseRow(*w, target), QStringLiteral("leaseMenu")),
                              QStringLiteral("showLeaseEvents")));
                 QCOMPARE(log->proxy()->leaseId(), QString::fromStdString(target));
                 c.press();
                 QVERIFY(log->proxy()->leaseId().isEmpty());
             }},
            {QStringLiteral("clearNodeFilter"), [&](const Control& c) {
                 QVERIFY(pick(openContextMenu(w->treePanel()->view(), treeRow(*w, "/A"), treeMenu), QStringLiteral("showNodeLeases")));
                 c.press();
                 QVERIFY(w->leaseModel()->nodePath().isEmpty());
             }},
            {QStringLiteral("copyEvent"), [&](const Control& c) {
                 c.press();
                 QVERIFY(QApplication::clipboard()->text().contains(QString::fromStdString(target)));
             }},
            {QStringLiteral("showEventLease"), [&](const Control& c) {
                 deselectByCtrlClick(w->leasePanel()->view());
                 QVERIFY(w->leasePanel()->currentLeaseId().isEmpty());
                 c.press();
                 QCOMPARE(w->leasePanel()->currentLeaseId(), QString::fromStdString(target));
             }},
            {QStringLiteral("showEventPath"), [&](const Control& c) {
                 c.press();
                 QCOMPARE(w->treePanel()->currentPath(), QString::fromStdString(w->leaseModel()->leaseAt(w->leaseModel()->rowOf(target))->requests.front().path));
             }},
            {QStringLiteral("exportEvents"), [&](const Control& c) { expectDialog(c.press, "QFileDialog"); }},
            {QStringLiteral("Export Markdown…"), [&](const Control& c) {
                 w->findChild<QDockWidget*>(QStringLiteral("permissionMatrixDock"))->raise();
                 expectDialog(c.press, "QFileDialog");
             }},
            {QStringLiteral("Export CSV…"), [&](const Control& c) {
                 w->findChild<QDockWidget*>(QStringLiteral("permissionMatrixDock"))->raise();
                 expectDialog(c.press, "QFileDialog");
             }},
            {QStringLiteral("followEvents"), [&](const Control& c) {
                 w->findChild<QDockWidget*>(QStringLiteral("eventLogDock"))->raise();
                 for (int i = 0; i < 30; ++i)
                     QVERIFY(f.engine->release(f.take("fred", "upload", {{"/B/f.txt", LockMode::X}})).status == LeaseStatus::Ok);
                 QTRY_VERIFY_WITH_TIMEOUT(log->view()->verticalScrollBar()->maximum() > 0, kTimeout);
                 // The user scrolls up with the mouse wheel.
                 QWidget* viewport = log->view()->viewport();
                 const QPoint at = viewport->rect().center();
                 for (int turns = 0; turns < 100 && log->view()->verticalScrollBar()->value() > 0; ++turns) {
                     QWheelEvent wheel(at, viewport->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                                       Qt::NoModifier, Qt::NoScrollPhase, false);
                     QApplication::sendEvent(viewport, &wheel);
                 }
                 QCOMPARE(log->view()->verticalScrollBar()->value(), 0);
                 QVERIFY(!log->following());
                 c.press();
                 QVERIFY(log->following());
                 QCOMPARE(log->view()->verticalScrollBar()->value(), log->view()->verticalScrollBar()->maximum());
             }},
            {QStringLiteral("clearEvents"), [&](const Control& c) {
                 QVERIFY(w->logModel()->rowCount() > 0);
                 c.press();
                 QCOMPARE(w->logModel()->rowCount(), 0);
             }},
            {QStringLiteral("dismissFailoverButton"), [&](const Control& c) {
                 // A failover needs Sentinel (tst_ui_ha does it for real); here the
                 // bridge's report alone raises the banner that the button closes.
                 emit w->bridge()->failedOver({QStringLiteral("127.0.0.1:1"), QStringLiteral("127.0.0.1:2"), QDateTime::currentDateTime(), 0, 1});
                 QTRY_VERIFY_WITH_TIMEOUT(w->failoverBanner()->isVisible(), kTimeout);
                 c.press();
                 QVERIFY(w->failoverBanner()->isHidden());
             }},
            {QStringLiteral("retryButton"), [&](const Control& c) {
                 QSignalSpy connection(w->bridge(), &Bridge::connectionChanged);
                 f.server.stop(true);
                 QTRY_VERIFY_WITH_TIMEOUT(!connection.isEmpty() && connection.last().at(0).value<ConnectionState>().status == ConnectionStatus::Lost, kTimeout);
                 f.server.start();
                 c.press();
                 QTRY_VERIFY_WITH_TIMEOUT(w->findChild<QWidget*>(QStringLiteral("connectionBanner"))->isHidden(), kTimeout);
                 f.engine = std::make_unique<RedisEngine>(redisOptionsFor(f.server), "controls");
                 freshTarget();
             }},
        };

        QStringList checked;
        for (const Control& c : controls) {
            const auto it = effects.find(c.key);
            QVERIFY2(it != effects.end(), qPrintable(QStringLiteral("no effect check for the control \"%1\": add one to this test").arg(c.key)));
            it->second(c);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("the control \"%1\" had no visible effect").arg(c.key)));
            checked << c.key;
        }
        // The walk found the controls it should (it is not vacuous).
        for (const char* key : {"connectAction", "forceReleaseAction", "releaseExpiredAction", "copyNodePath", "leaseForceRelease", "showEventLease",
                                "legendToggle", "exportEvents", "clearEvents", "copyCommandAction", "switchProjectButton",
                                "userGuideAction", "shortcutsAction", "welcomeAction", "welcomeCopyCommand", "welcomeStartSimulation",
                                "welcomePlayScenario", "welcomeDismiss"})
            QVERIFY2(checked.contains(QLatin1String(key)), key);
    }

    void forceReleaseResultIsReadableInTheStatusBar()
    {
        Fixture f("readable");
        QVERIFY(f.show());
        QCOMPARE(f.window->size(), QSize(1024, 640)); // 80% of the 1280x800 screen
        const LeaseId alice = f.take("alice", "move-folder", {{"/A/C", LockMode::X}});
        QVERIFY(f.clickLease(alice));
        bool dialog = false;
        whenModal(&typeReasonAndEnter, &dialog);
        QTest::keyClick(f.window->leasePanel()->view(), Qt::Key_Delete);
        QVERIFY(dialog);
        auto* result = f.window->statusBar()->findChild<QLabel*>(QStringLiteral("actionResult"));
        QVERIFY(result);
        QTRY_VERIFY_WITH_TIMEOUT(result->toolTip().contains(QStringLiteral("force-released")), kTimeout);
        QTest::qWait(50); // the status bar lays out again for the new text
        QVERIFY(result->isVisible());
        // What the label shows, not only what it holds: the outcome and who did it.
        QVERIFY2(result->text().contains(QStringLiteral("force-released")) && result->text().contains(QStringLiteral("tester")),
                 qPrintable(result->text()));
        for (QLabel* other : f.window->statusBar()->findChildren<QLabel*>()) {
            if (other != result && other->isVisible() && other->parentWidget() == result->parentWidget())
                QVERIFY2(!other->geometry().intersects(result->geometry()), qPrintable(other->text()));
        }
        // And it stays on record: the stream's force event names the operator.
        QTRY_VERIFY_WITH_TIMEOUT(logHas(*f.window, QStringLiteral("tester")), kTimeout);
    }

    void f5GivesTheSimulationDockRoomAndItsNumbersShow()
    {
        const StudioOptions options = memoryOptions();
        MainWindow w(options);
        w.setTree(seedTree());
        QVERIFY(showActive(w));
        QCOMPARE(w.size(), QSize(1024, 640));
        QTest::keyClick(&w, Qt::Key_F5);
        QDockWidget* dock = w.simulationDock();
        QTRY_VERIFY(dock->isVisible());
        QTRY_VERIFY2(dock->height() >= w.height() * 4 / 10,
                     qPrintable(QStringLiteral("dock %1 px of %2").arg(dock->height()).arg(w.height())));
        auto* scroll = dock->findChild<QScrollArea*>(QStringLiteral("simulationPanelScroll"));
        auto* tile = dock->findChild<QWidget*>(QStringLiteral("violationsTile"));
        QVERIFY(scroll && tile);
        const QRect inViewport(tile->mapTo(scroll->viewport(), QPoint(0, 0)), tile->size());
        QVERIFY2(scroll->viewport()->rect().contains(inViewport),
                 qPrintable(QStringLiteral("tile at %1,%2 %3x%4 in a viewport of %5x%6").arg(inViewport.x()).arg(inViewport.y())
                                .arg(inViewport.width()).arg(inViewport.height())
                                .arg(scroll->viewport()->width()).arg(scroll->viewport()->height())));
        QTest::keyClick(&w, Qt::Key_F5, Qt::ShiftModifier); // stop

        // The Scenarios tab: a loaded scenario's ✓/✗ column is in view.
        auto* tabs = dock->findChild<QTabWidget*>(QStringLiteral("simulationTabs"));
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(1).center());
        QCOMPARE(tabs->currentIndex(), 1);
        auto* list = dock->findChild<QListWidget*>(QStringLiteral("scenarioList"));
        const QList<QListWidgetItem*> items = list->findItems(QStringLiteral("fine-vs-seed"), Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(items.front()).center());
        QTest::mouseClick(dock->findChild<QAbstractButton*>(QStringLiteral("scenarioLoad")), Qt::LeftButton);
        auto* steps = dock->findChild<QTableView*>(QStringLiteral("scenarioSteps"));
        QTRY_VERIFY(steps->model()->rowCount() > 0);
        QHeaderView* header = steps->horizontalHeader();
        const int result = 5; // ScenarioStepModel::ResultColumn
        QCOMPARE(steps->model()->headerData(result, Qt::Horizontal).toString(), QStringLiteral("Result"));
        const int left = header->sectionViewportPosition(result);
        QVERIFY2(left >= 0 && left + header->sectionSize(result) <= steps->viewport()->width(),
                 qPrintable(QStringLiteral("Result at %1+%2 in a viewport %3 wide").arg(left).arg(header->sectionSize(result))
                                .arg(steps->viewport()->width())));
        // ... and so is the step's text, whole: the steps scroll into view inside the dock.
        const QRect viewInScroll(steps->mapTo(scroll->viewport(), QPoint(0, 0)), steps->size());
        QVERIFY2(viewInScroll.left() >= 0 && viewInScroll.left() < scroll->viewport()->width(), "the step table is out of view");
    }

    void deepNamesKeepTheirRoom()
    {
        const StudioOptions options = memoryOptions();
        MainWindow w(options);
        ProjectTreeData t;
        QString error;
        QVERIFY(parseTreeJson(R"({"format":"treelock-tree","version":1,"name":"deep",
            "paths":["/projects/p03-cobalt/src/report-2026.txt","/B/"]})", &t, &error));
        w.setTree(t);
        QVERIFY(showActive(w));
        QCOMPARE(w.size(), QSize(1024, 640));
        QTest::keyClicks(w.treePanel()->searchField(), QStringLiteral("/projects/p03-cobalt/src/report-2026.txt"));
        QTRY_COMPARE(w.treePanel()->currentPath(), QStringLiteral("/projects/p03-cobalt/src/report-2026.txt"));
        QTreeView* view = w.treePanel()->view();
        const QModelIndex node = treeRow(w, "/projects/p03-cobalt/src/report-2026.txt");
        const int needed = view->fontMetrics().horizontalAdvance(QStringLiteral("report-2026.txt"))
                           + view->style()->pixelMetric(QStyle::PM_SmallIconSize) + 12;
        QVERIFY2(view->visualRect(node).width() >= needed,
                 qPrintable(QStringLiteral("%1 px for a name that needs %2").arg(view->visualRect(node).width()).arg(needed)));
    }

    void viewMenuBringsATabbedDockForwardInsteadOfClosingIt()
    {
        Fixture f("docks");
        QVERIFY(f.show());
        QDockWidget* log = f.window->findChild<QDockWidget*>(QStringLiteral("eventLogDock"));
        QDockWidget* sim = f.window->simulationDock();
        QAction* simulation = f.window->findChild<QAction*>(QStringLiteral("simulationDockAction"));
        QAction* eventLog = f.window->findChild<QAction*>(QStringLiteral("eventLogAction"));
        QVERIFY(log && sim && simulation && eventLog);
        QVERIFY(f.window->tabifiedDockWidgets(log).contains(sim));
        // The event log is in front; the Simulation dock is open behind it.
        QTabBar* tabs = nullptr;
        for (QTabBar* bar : f.window->findChildren<QTabBar*>(Qt::FindDirectChildrenOnly))
            if (bar->isVisible() && bar->count() >= 2)
                tabs = bar;
        QVERIFY(tabs);
        const auto front = [tabs] { return tabs->tabText(tabs->currentIndex()); };
        log->raise();
        QTRY_COMPARE(front(), log->windowTitle());
        QVERIFY(!sim->isHidden());
        QVERIFY(simulation->isChecked());
        simulation->trigger();
        QTRY_COMPARE(front(), sim->windowTitle());
        QVERIFY(sim->isVisible());
        QVERIFY(simulation->isChecked());
        // Chosen again while in front, it closes.
        simulation->trigger();
        QTRY_VERIFY(sim->isHidden());
        QVERIFY(!simulation->isChecked());
        // The event log, brought to the front by its tab, closes too, and comes back.
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i) == log->windowTitle())
                QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(i).center());
        QTRY_COMPARE(front(), log->windowTitle());
        // In front, its entry first gives it the keys; chosen again, it closes.
        eventLog->trigger();
        QTRY_VERIFY(log->isAncestorOf(QApplication::focusWidget()));
        QVERIFY(!log->isHidden());
        eventLog->trigger();
        QVERIFY(log->isHidden());
        eventLog->trigger();
        QVERIFY(log->isVisible());
    }

    // Assistive technology and GUI robots find a button by the words on it:
    // its accessible name must contain them (a longer explanation belongs in
    // the accessible description).
    void buttonsAreFoundByTheirVisibleText()
    {
        Fixture f("a11y");
        QVERIFY(f.show());
        int checked = 0;
        for (QAbstractButton* b : f.window->findChildren<QAbstractButton*>()) {
            const QString text = QString(b->text()).remove(QLatin1Char('&')).trimmed();
            if (!std::any_of(text.begin(), text.end(), [](QChar c) { return c.isLetter(); }))
                continue; // a symbol (✕) says nothing; its accessible name does
            QAccessibleInterface* a = QAccessible::queryAccessibleInterface(b);
            QVERIFY(a);
            const QString name = a->text(QAccessible::Name);
            QVERIFY2(name.contains(text, Qt::CaseInsensitive),
                     qPrintable(QStringLiteral("%1: shows \"%2\", accessible name \"%3\"").arg(b->objectName(), text, name)));
            ++checked;
        }
        QVERIFY(checked >= 10); // the Simulation dock's Start, Pause, Stop, Step among them
    }

    void connectingMessageGoesOnceConnected()
    {
        for (const bool privateServer : {false, true}) {
            std::unique_ptr<Fixture> f;
            std::unique_ptr<MainWindow> own;
            MainWindow* w = nullptr;
            if (privateServer) { // Studio's default: it starts its own redis-server
                StudioOptions options;
                options.useSettings = false;
                own = std::make_unique<MainWindow>(options);
                own->setTree(seedTree());
                own->start();
                own->show();
                w = own.get();
            } else {
                f = std::make_unique<Fixture>("connecting");
                QVERIFY(f->show());
                w = f->window.get();
            }
            // The backend is announced just before the connection is reported.
            QTRY_VERIFY_WITH_TIMEOUT(!w->backendInfo().url.isEmpty(), 3 * kTimeout);
            QTest::qWait(100);
            QVERIFY2(w->statusBar()->currentMessage() != QStringLiteral("Connecting…"),
                     privateServer ? "private server: still Connecting… once connected"
                                   : "still Connecting… once connected");
        }
    }

    void statePillsKeepTheirWidthOnASmallScreen()
    {
        Fixture f("pills");
        QVERIFY(f.show());
        QCOMPARE(f.window->size(), QSize(1024, 640));
        f.take("alice", "move-folder", {{"/A/C", LockMode::X}});
        QTreeView* view = f.window->treePanel()->view();
        // "/A" carries an IX intention, "/A/C/D" is covered by the X above.
        QTRY_VERIFY_WITH_TIMEOUT(treeRow(*f.window, "/A/C/D").isValid(), kTimeout);
        for (const char* path : {"/A", "/A/C/D"}) {
            const QModelIndex row = treeRow(*f.window, path);
            QTRY_VERIFY_WITH_TIMEOUT(!row.siblingAtColumn(LockTreeModel::StateColumn).data().toString().isEmpty(), kTimeout);
            QStyleOptionViewItem option;
            option.initFrom(view);
            const QModelIndex state = row.siblingAtColumn(LockTreeModel::StateColumn);
            const int needed = view->itemDelegateForColumn(LockTreeModel::StateColumn)->sizeHint(option, state).width();
            QVERIFY2(view->header()->sectionSize(LockTreeModel::StateColumn) >= needed,
                     qPrintable(QStringLiteral("%1: the state column is %2 px, its pill \"%3\" needs %4")
                                    .arg(QLatin1String(path)).arg(view->header()->sectionSize(LockTreeModel::StateColumn))
                                    .arg(state.data().toString()).arg(needed)));
        }
    }

    void showItsEventsShowsEveryEventOfTheLease()
    {
        Fixture f("itsevents");
        QVERIFY(f.show());
        const LeaseId id = f.take("alice", "move-folder", {{"/A/C", LockMode::X}});
        QTRY_VERIFY_WITH_TIMEOUT(leaseRow(*f.window, id).isValid(), kTimeout);
        EventLogPanel* log = f.window->findChild<EventLogPanel*>();
        QTRY_VERIFY_WITH_TIMEOUT(log->proxy()->rowCount() >= 1, kTimeout);
        // Filters left from before that hide alice's events.
        QTest::keyClicks(log->filterField(), QStringLiteral("nobody"));
        auto* type = log->findChild<QComboBox*>(QStringLiteral("eventTypeFilter"));
        type->setFocus();
        QTest::keyClick(type, Qt::Key_End); // "info"
        QCOMPARE(log->proxy()->rowCount(), 0);
        QVERIFY(pick(openContextMenu(f.window->leasePanel()->view(), leaseRow(*f.window, id), QStringLiteral("leaseMenu")),
                     QStringLiteral("showLeaseEvents")));
        QVERIFY(log->filterField()->text().isEmpty());
        QCOMPARE(type->currentIndex(), 0);
        QCOMPARE(log->proxy()->rowCount(), 1); // the grant
        // What happens to the lease later shows too.
        QVERIFY(f.engine->release(id).status == LeaseStatus::Ok);
        QTRY_COMPARE_WITH_TIMEOUT(log->proxy()->rowCount(), 2, kTimeout);
    }

    void searchFeedbackFollowsTheTreeAndTheNextSearch()
    {
        Fixture f("stalesearch");
        QVERIFY(f.show());
        QLineEdit* search = f.window->treePanel()->searchField();
        QLabel* status = f.window->treePanel()->searchStatus();
        auto* chip = f.window->leasePanel()->findChild<QWidget*>(QStringLiteral("nodeChip"));
        QTest::keyClicks(search, QStringLiteral("/A/C/D/d.txt"));
        QTRY_COMPARE(status->text(), QStringLiteral("Found /A/C/D/d.txt"));
        QVERIFY(!chip->isHidden()); // the lease table shows the leases touching it
        search->clear();
        QTest::keyClicks(search, QStringLiteral("zzz"));
        QTRY_COMPARE(status->text(), QStringLiteral("No match for zzz"));
        QVERIFY(chip->isHidden());
        QVERIFY(f.window->treePanel()->currentPath().isEmpty());

        search->clear();
        QTest::keyClicks(search, QStringLiteral("/A/C/D/d.txt"));
        QTRY_COMPARE(status->text(), QStringLiteral("Found /A/C/D/d.txt"));
        // Another tree without that path: the search is run on it again.
        QMenu* file = f.window->menuBar()->findChild<QMenu*>(QStringLiteral("fileMenu"));
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other.json"));
        QFile json(other);
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(R"({"format":"treelock-tree","version":1,"name":"other","paths":["/X/y.txt"]})");
        json.close();
        bool dialog = false;
        whenModal([other](QWidget* modal) { typeFileNameAndEnter(modal, other); }, &dialog);
        QAction* open = nullptr;
        for (QAction* a : file->actions())
            if (a->objectName() == QLatin1String("openTreeAction"))
                open = a;
        QVERIFY(open);
        open->trigger();
        QVERIFY(dialog);
        QTRY_VERIFY(f.window->treeModel()->indexForPath("/X/y.txt").isValid());
        QTRY_COMPARE(status->text(), QStringLiteral("No match for /A/C/D/d.txt"));
        QVERIFY(chip->isHidden());
    }

    // "Only locked" hides the node the lease table is filtered to: the table
    // shows every lease again (not "0 of 2" for a node nobody sees), whether
    // the node was selected or picked by "Show leases on this node".
    void hidingTheFilteredNodeShowsEveryLeaseAgain()
    {
        Fixture f("hiddenfilter");
        QVERIFY(f.show());
        QVERIFY(!f.take("erin", "create", {{"/A/C/c.txt", LockMode::X}}).empty());
        QVERIFY(!f.take("carol", "delete-folder", {{"/B", LockMode::X}}).empty());
        QTRY_COMPARE_WITH_TIMEOUT(f.window->leaseModel()->rowCount(), 2, kTimeout);
        LeaseTableModel* leases = f.window->leaseModel();
        QLineEdit* search = f.window->treePanel()->searchField();
        QLabel* status = f.window->treePanel()->searchStatus();
        auto* chip = f.window->leasePanel()->findChild<QWidget*>(QStringLiteral("nodeChip"));
        QVERIFY(chip);
        QTest::keyClicks(search, QStringLiteral("/A/C/D/d.txt"));
        QTest::keyClick(search, Qt::Key_Return);
        QCOMPARE(status->text(), QStringLiteral("Found /A/C/D/d.txt"));
        QVERIFY(chip->isVisible());
        QCOMPARE(leases->rowCount(), 0);

        QTest::keySequence(f.window.get(), QKeySequence(Qt::CTRL | Qt::Key_L));
        QVERIFY(f.window->treePanel()->proxy()->onlyLocked());
        QVERIFY(!treeRow(*f.window, "/A/C/D/d.txt").isValid());
        QVERIFY2(chip->isHidden(), qPrintable(chip->findChild<QLabel*>()->text()));
        QCOMPARE(leases->rowCount(), 2);
        QVERIFY(f.window->treePanel()->currentPath().isEmpty());
        QVERIFY2(status->text().isEmpty(), qPrintable(status->text()));

        // The same for a node whose leases its context menu asked for.
        QTest::keySequence(f.window.get(), QKeySequence(Qt::CTRL | Qt::Key_L));
        QVERIFY(!f.window->treePanel()->proxy()->onlyLocked());
        QTreeView* tree = f.window->treePanel()->view();
        QMenu* menu = openContextMenu(tree, treeRow(*f.window, "/A/a.txt"), QStringLiteral("treeNodeMenu"));
        QVERIFY(pick(menu, QStringLiteral("showNodeLeases")));
        QVERIFY(chip->isVisible());
        QCOMPARE(chip->findChild<QLabel*>()->text(), QStringLiteral("touching /A/a.txt"));
        QTest::keySequence(f.window.get(), QKeySequence(Qt::CTRL | Qt::Key_L));
        QVERIFY(!treeRow(*f.window, "/A/a.txt").isValid());
        QVERIFY(chip->isHidden());
        QCOMPARE(leases->rowCount(), 2);
    }

    // At 1280x800, the first size on many laptops: every column of the lease
    // table is in view (no scroll bar across), and the tree's Holder and Mode
    // columns show their usual texts whole.
    void defaultSizeShowsEveryColumnAndItsTexts()
    {
        // With the English plurals ("3 leases below"), as Studio shows them.
        QTranslator english;
        QVERIFY(english.load(QStringLiteral(":/i18n/treelock_en.qm")));
        QCoreApplication::installTranslator(&english);
        const auto untranslated = qScopeGuard([&english] { QCoreApplication::removeTranslator(&english); });
        StudioOptions options = memoryOptions();
        options.windowSize = QSize(1280, 800);
        options.scenario = QStringLiteral("seed");
        MainWindow w(options);
        w.start();
        QVERIFY(showActive(w));
        QCOMPARE(w.size(), QSize(1280, 800));
        QTableView* table = w.leasePanel()->view();
        const auto allInView = [table](QString* why) {
            for (int c = 0; c < LeaseTableModel::ColumnCount; ++c) {
                const int left = table->columnViewportPosition(c);
                if (table->isColumnHidden(c) || left < 0 || left + table->columnWidth(c) > table->viewport()->width()) {
                    *why = QStringLiteral("column '%1' at %2..%3 of a %4 px table")
                               .arg(table->model()->headerData(c, Qt::Horizontal).toString())
                               .arg(left).arg(left + table->columnWidth(c)).arg(table->viewport()->width());
                    return false;
                }
            }
            return !table->horizontalScrollBar()->isVisible();
        };
        QString why;
        QVERIFY2(allInView(&why), qPrintable(why));
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowCount() >= 4, kTimeout);
        // Once laid out (a busy machine may take a while to get there).
        QTRY_VERIFY2_WITH_TIMEOUT(allInView(&why), qPrintable(why), kTimeout);

        QTreeView* tree = w.treePanel()->view();
        const int margins = 2 * (tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, tree) + 1);
        QTRY_VERIFY_WITH_TIMEOUT(treeRow(w, "/").siblingAtColumn(LockTreeModel::HolderColumn).data().toString().endsWith(
                                     QStringLiteral(" leases below")), kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(treeRow(w, "/A/C/D").siblingAtColumn(LockTreeModel::ModeColumn).data().toString(),
                                  QStringLiteral("X above"), kTimeout);
        for (const char* path : {"/", "/A", "/A/C", "/A/C/D"}) {
            for (int c : {LockTreeModel::HolderColumn, LockTreeModel::ModeColumn, LockTreeModel::TimeLeftColumn}) {
                const QModelIndex cell = treeRow(w, path).siblingAtColumn(c);
                const QString text = cell.data().toString();
                const QVariant font = cell.data(Qt::FontRole);
                const QFontMetrics fm(font.isValid() ? font.value<QFont>() : tree->font());
                // The columns are fitted again shortly after the rows in view change.
                QTRY_VERIFY2_WITH_TIMEOUT(fm.elidedText(text, Qt::ElideRight, tree->columnWidth(c) - margins) == text,
                         qPrintable(QStringLiteral("%1: '%2' cut in a %3 px column").arg(QLatin1String(path), text).arg(tree->columnWidth(c))),
                         kTimeout);
            }
        }
    }

    void legendWrapsAndNeverOutgrowsTheTree()
    {
        QSettings().remove(QStringLiteral("view/legend"));
        StudioOptions options = memoryOptions();
        options.windowSize = QSize(1280, 1000);
        MainWindow w(options);
        w.setTree(seedTree());
        QVERIFY(showActive(w));
        // The welcome strip of an empty project takes what the legend lacks at
        // this size; it goes with the first lease, or with "Don't show again".
        QTRY_VERIFY(w.welcomePanel()->isVisible());
        QTest::mouseClick(w.welcomePanel()->findChild<QAbstractButton*>(QStringLiteral("welcomeDismiss")), Qt::LeftButton);
        QAbstractButton* toggle = w.treePanel()->legendToggle();
        if (!toggle->isChecked())
            QTest::mouseClick(toggle, Qt::LeftButton);
        auto* legend = w.treePanel()->findChild<LegendWidget*>(QStringLiteral("legend"));
        QVERIFY(legend);
        QTRY_VERIFY(legend->isVisible()); // at 1280x1000 the tree's rows keep more than its height
        // Nothing is cut off: a narrower legend is taller, not elided.
        QVERIFY(legend->heightFor(500) > legend->heightFor(1400));
        QCOMPARE(legend->height(), legend->heightFor(legend->width()));
        QTest::keyClick(&w, Qt::Key_F5); // the Simulation dock takes half the window
        QTRY_VERIFY(w.simulationDock()->height() >= w.height() * 4 / 10);
        QTest::keyClick(&w, Qt::Key_F5, Qt::ShiftModifier);
        QTRY_VERIFY2(!legend->isVisible() || legend->height() <= w.treePanel()->view()->height(),
                     qPrintable(QStringLiteral("legend %1 px, tree %2 px").arg(legend->height()).arg(w.treePanel()->view()->height())));
        QVERIFY(toggle->isChecked()); // the choice stays; the legend comes back with the room
    }

    void dockSeparatorIsEasyToGrab()
    {
        const StudioOptions options = memoryOptions();
        MainWindow w(options);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QRect central = w.centralWidget()->geometry();
        QDockWidget* log = w.findChild<QDockWidget*>(QStringLiteral("eventLogDock"));
        const int gap = log->geometry().top() - central.bottom() - 1;
        QVERIFY2(gap >= 7, qPrintable(QStringLiteral("%1 px between the views and the docks").arg(gap)));
        // Dragged from the middle of that gap, the border moves and the dock stays docked.
        const int before = log->height();
        const QPoint at(central.center().x(), central.bottom() + 1 + gap / 2);
        QTest::mousePress(&w, Qt::LeftButton, {}, at);
        for (int dy = 10; dy <= 60; dy += 10) {
            QMouseEvent move(QEvent::MouseMove, at - QPoint(0, dy), w.mapToGlobal(at - QPoint(0, dy)), Qt::NoButton,
                             Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&w, &move);
            QTest::qWait(20);
        }
        QTest::mouseRelease(&w, Qt::LeftButton, {}, at - QPoint(0, 60));
        QTRY_VERIFY2(log->height() > before + 30, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(log->height())));
        QVERIFY(!log->isFloating());
    }

    void smallWindowKeepsAUsableSize()
    {
        const StudioOptions options = memoryOptions();
        MainWindow w(options);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resize(400, 300);
        QTRY_VERIFY(w.width() >= 640 && w.height() >= 420);
        for (QAbstractButton* b : w.findChildren<QAbstractButton*>()) {
            // (A dock title's float and close buttons lie at its right edge, under the dock's own frame.)
            if (!b->isVisible() || b->window() != &w || b->objectName().startsWith(QLatin1String("qt_dockwidget_")))
                continue;
            bool scrolls = false; // a scroll area's content may lie outside it by design
            for (QWidget* p = b->parentWidget(); p && !scrolls; p = p->parentWidget())
                scrolls = qobject_cast<QAbstractScrollArea*>(p) != nullptr;
            if (scrolls)
                continue;
            const QRect r(b->mapTo(&w, QPoint(0, 0)), b->size());
            QVERIFY2(QRect(QPoint(0, 0), w.size()).contains(r), qPrintable(QStringLiteral("%1 '%2' of %3 at %4,%5 %6x%7").arg(QString::fromLatin1(b->metaObject()->className()), b->text(),
                     QString::fromLatin1(b->parentWidget()->metaObject()->className())).arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())));
        }
    }

    void forceDialogNamesTheOperatorAndHowToSetIt()
    {
        Fixture f("operator");
        QVERIFY(f.show());
        const LeaseId id = f.take("alice", "upload", {{"/A/a.txt", LockMode::X}});
        QVERIFY(f.clickLease(id));
        QString shown;
        whenModal([&shown](QWidget* modal) {
            if (auto* who = modal->findChild<QLabel*>(QStringLiteral("forceReleaseOperator")))
                shown = who->text();
            rejectDialog(modal);
        });
        QTest::keyClick(f.window->leasePanel()->view(), Qt::Key_Delete);
        QVERIFY2(shown.contains(QStringLiteral("tester")) && shown.contains(QSysInfo::machineHostName())
                     && shown.contains(QStringLiteral("--user")), qPrintable(shown));
        QVERIFY(!shown.contains(QStringLiteral("Recorded as")));
    }

    void screenshotOptionWritesAPng()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("studio.png"));
        QProcess studio;
        startStudio(studio, dir.filePath(QStringLiteral("config")),
                     {QStringLiteral("--screenshot"), png, QStringLiteral("--after"), QStringLiteral("1200"),
                      QStringLiteral("--demo-scenario"), QStringLiteral("seed")});
        QVERIFY2(studio.waitForFinished(60000), "treelock-studio did not exit");
        QVERIFY2(studio.exitStatus() == QProcess::NormalExit && studio.exitCode() == 0,
                 studio.readAllStandardError().constData());
        QVERIFY(QFileInfo(png).size() > 0);
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800 && image.height() >= 500);
    }

    void sizeOptionSetsTheWindowAndTheScreenshot()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("small.png"));
        QProcess studio;
        startStudio(studio, dir.filePath(QStringLiteral("config")),
                     {QStringLiteral("--memory"), QStringLiteral("--size"), QStringLiteral("1280x800"),
                      QStringLiteral("--screenshot"), png, QStringLiteral("--after"), QStringLiteral("300")});
        QVERIFY2(studio.waitForFinished(60000), "treelock-studio did not exit");
        QVERIFY2(studio.exitStatus() == QProcess::NormalExit && studio.exitCode() == 0,
                 studio.readAllStandardError().constData());
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1280, 800));
    }

    void badSizeNamesTheInputAndTheRule()
    {
        for (const QString& bad : {QStringLiteral("big"), QStringLiteral("1280x"), QStringLiteral("100x100"),
                                   QStringLiteral("1280x800x2")}) {
            QTemporaryDir dir;
            QProcess studio;
            startStudio(studio, dir.path(), {QStringLiteral("--memory"), QStringLiteral("--size"), bad});
            QVERIFY2(studio.waitForFinished(30000), "treelock-studio did not exit");
            QCOMPARE(studio.exitCode(), 2);
            const QString err = QString::fromUtf8(studio.readAllStandardError());
            QVERIFY2(err.contains(QLatin1String("--size '") + bad + QLatin1Char('\'')) && err.contains(QLatin1String("WIDTHxHEIGHT")),
                     qPrintable(err));
        }
    }
};

TREELOCK_STUDIO_TEST_MAIN(TestStudio)
#include "tst_studio.moc"
