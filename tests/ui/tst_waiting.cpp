// Studio's Waiting and Hot spots docks and the tree's waiting marks, against
// real engines: a waiting acquire shows up as a row (who, what, how long,
// behind whom), its nodes get the badge and the tooltip says who waits there
// for whom; refusals show up as hot spots, and the operator's alarm threshold,
// typed into its spin box, raises the alarm once per crossing and is
// remembered.
#include "locks/bridge.h"
#include "locks/eventlogmodel.h"
#include "locks/hotspotmodel.h"
#include "locks/hotspotpanel.h"
#include "locks/leasepanel.h"
#include "locks/locktreemodel.h"
#include "locks/projecttree.h"
#include "locks/treepanel.h"
#include "locks/waitbadgedelegate.h"
#include "locks/waitertablemodel.h"
#include "locks/waitingpanel.h"
#include "mainwindow/mainwindow.h"

#include "redisoptions.h"
#include "redisserver.h"
#include "studiotest.h"

#include <treelock/leaseid.h>
#include <treelock/lockclient.h>
#include <treelock/redisengine.h>

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

#include <atomic>
#include <thread>

using namespace treelock;
using namespace treelock::ui;
using namespace treelock::test;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeout = 10000;

ProjectTreeData seedTree()
{
    ProjectTreeData t;
    QString error;
    parseTreeJson(R"({"format":"treelock-tree","version":1,"name":"seed",
        "paths":["/A/a.txt","/A/C/c.txt","/A/C/D/d.txt","/A/C/E/","/B/"]})", &t, &error);
    return t;
}

StudioOptions memoryOptions(bool useSettings = false)
{
    StudioOptions options;
    options.backend.kind = BackendConfig::Kind::Memory;
    options.useSettings = useSettings;
    return options;
}

[[nodiscard]] bool showActive(QWidget& w)
{
    w.show();
    QApplication::setActiveWindow(&w);
    return QTest::qWaitForWindowActive(&w);
}

/// The engine the window's bridge uses (the in-process one in memory mode).
std::shared_ptr<Engine> engineOf(MainWindow& w)
{
    return w.bridge()->engine().get();
}

AcquireOptions as(const char* owner, const char* op)
{
    AcquireOptions o;
    o.owner = owner;
    o.operation = op;
    o.ttl = 10min;
    return o;
}

LeaseId take(Engine& engine, std::vector<LockRequest> requests, const char* owner, const char* op)
{
    const AcquireResult r = engine.acquire(requests, as(owner, op));
    return r.granted ? r.grant.lease : LeaseId();
}

/// A waiting acquire that is refused twice, the second time past the project's
/// grace (so it holds back newer conflicting requests), and stays registered
/// for ten minutes. Returns the id it waits under, or empty if it was granted.
LeaseId waitFor(Engine& engine, std::vector<LockRequest> requests, const char* owner, const char* op)
{
    AcquireOptions o = as(owner, op);
    o.wait = 1s;
    o.leaseId = newLeaseId();
    o.waitRefresh = 10min;
    if (engine.acquire(requests, o).granted)
        return {};
    std::this_thread::sleep_for(20ms);
    return engine.acquire(requests, o).granted ? LeaseId() : *o.leaseId;
}

/// `n` refused attempts (no wait) of `owner`.
void refuse(Engine& engine, std::vector<LockRequest> requests, const char* owner, const char* op, int n)
{
    for (int i = 0; i < n; ++i)
        QVERIFY(!engine.acquire(requests, as(owner, op)).granted);
}

/// The dock's tab is the current one (or it is alone): what the user sees.
bool dockInFront(MainWindow& w, QDockWidget* dock)
{
    if (dock->isHidden())
        return false;
    for (QTabBar* tabs : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        if (!tabs->isVisible())
            continue;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i) == dock->windowTitle())
                return tabs->currentIndex() == i;
    }
    return dock->isVisible();
}

/// Brings `dock` to the front through its View-menu entry, as a user does.
[[nodiscard]] bool bringToFront(MainWindow& w, const char* actionName, QDockWidget* dock)
{
    QAction* action = menuBarAction(w, QLatin1String(actionName));
    if (!action)
        return false;
    if (!dockInFront(w, dock))
        action->trigger();
    return QTest::qWaitFor([&] { return dockInFront(w, dock); }, kTimeout);
}

void clickRow(QAbstractItemView* view, const QModelIndex& index)
{
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
}

QMenu* openContextMenu(QAbstractItemView* view, const QModelIndex& index, const QString& menuName)
{
    view->scrollTo(index);
    const QPoint pos = view->visualRect(index).center();
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, view->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(view->viewport(), &event);
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* menu = qobject_cast<QMenu*>(w); menu && menu->objectName() == menuName && menu->isVisible())
            return menu;
    return nullptr;
}

bool pick(QMenu* menu, const QString& actionName)
{
    QAction* action = menu ? menu->findChild<QAction*>(actionName) : nullptr;
    if (!action || !action->isEnabled())
        return false;
    menu->hide();
    action->trigger();
    menu->close();
    return true;
}

/// The Waiting panel's row of the waiter `id` (proxy index, column `column`).
QModelIndex waiterRow(MainWindow& w, const LeaseId& id, int column = WaiterTableModel::OwnerColumn)
{
    const int row = w.waiterModel()->rowOf(id);
    return row < 0 ? QModelIndex() : w.waitingPanel()->proxy()->mapFromSource(w.waiterModel()->index(row, column));
}

QModelIndex hotSpotRow(MainWindow& w, const std::string& path, int column = HotSpotModel::PathColumn)
{
    const int row = w.hotSpotModel()->rowOf(path);
    return row < 0 ? QModelIndex() : w.hotSpotPanel()->proxy()->mapFromSource(w.hotSpotModel()->index(row, column));
}

QString treeTip(MainWindow& w, const std::string& path)
{
    return w.treeModel()->indexForPath(path).data(Qt::ToolTipRole).toString();
}

int logLines(const MainWindow& w, const QString& text)
{
    int n = 0;
    for (int r = 0; r < w.logModel()->rowCount(); ++r)
        n += w.logModel()->entryAt(r).detail.contains(text);
    return n;
}

/// Types `text` over the spin box's value and confirms it with Enter.
void typeInto(QSpinBox* spin, const QString& text)
{
    spin->setFocus();
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

/// The width a cell's text needs in `view` (font of the cell, or the view's).
int textWidth(QAbstractItemView* view, const QModelIndex& index)
{
    const QVariant font = index.data(Qt::FontRole);
    const QFontMetrics fm(font.isValid() ? font.value<QFont>() : view->font());
    return fm.horizontalAdvance(index.data().toString()) + 8;
}

struct MemoryStudio {
    MemoryStudio()
    {
        window = std::make_unique<MainWindow>(memoryOptions());
        window->setTree(seedTree());
        window->start();
        engine = engineOf(*window);
    }
    std::unique_ptr<MainWindow> window;
    std::shared_ptr<Engine> engine;
};

} // namespace

class TestWaiting : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        prepareStudioTests();
    }

    void blockedWaiterIsListedAndItsNodesSayWhoWaitsForWhom()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(s.engine);
        QVERIFY(showActive(w));
        WaitingPanel* panel = w.waitingPanel();
        QVERIFY(bringToFront(w, "waitingDockAction", w.waitingDock()));
        QVERIFY(panel->emptyLabel()->isVisible());
        QCOMPARE(panel->emptyLabel()->text(), QStringLiteral("No one waits."));
        QCOMPARE(w.waitingDock()->windowTitle(), QStringLiteral("Waiting"));

        const LeaseId alice = take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder");
        QVERIFY(!alice.empty());
        const LeaseId bob = waitFor(*s.engine, {{"/A/C/D/d.txt", LockMode::X}}, "bob", "upload");
        QVERIFY(!bob.empty());
        QTRY_VERIFY_WITH_TIMEOUT(waiterRow(w, bob).isValid(), kTimeout);
        QVERIFY(panel->view()->isVisible());
        QVERIFY(!panel->emptyLabel()->isVisible());
        QCOMPARE(w.waitingDock()->windowTitle(), QStringLiteral("Waiting (1)"));
        const auto cell = [&](int column) { return waiterRow(w, bob, column).data().toString(); };
        QCOMPARE(cell(WaiterTableModel::OwnerColumn), QStringLiteral("bob"));
        QCOMPARE(cell(WaiterTableModel::OperationColumn), QStringLiteral("Upload"));
        QCOMPARE(cell(WaiterTableModel::RequestsColumn), QStringLiteral("X /A/C/D/d.txt"));
        QCOMPARE(cell(WaiterTableModel::BehindColumn), QStringLiteral("alice's move folder of /A/C"));
        QCOMPARE(cell(WaiterTableModel::HoldsBackColumn), QStringLiteral("yes"));
        QVERIFY2(cell(WaiterTableModel::WaitingColumn).endsWith(QStringLiteral(" s")), qPrintable(cell(WaiterTableModel::WaitingColumn)));
        // The age counts up while the panel is open.
        const qlonglong waited = waiterRow(w, bob, WaiterTableModel::WaitingColumn).data(WaiterTableModel::SortRole).toLongLong();
        QTRY_VERIFY_WITH_TIMEOUT(waiterRow(w, bob, WaiterTableModel::WaitingColumn).data(WaiterTableModel::SortRole).toLongLong()
                                     >= waited + 1000, kTimeout);

        // The tree: the requested node and the clash node carry the badge and say it.
        const std::string clash = s.engine->snapshot().waiters.at(0).blocker.clashPath;
        QCOMPARE(clash, std::string("/A/C"));
        for (const std::string& path : {std::string("/A/C/D/d.txt"), clash}) {
            QCOMPARE(w.treeModel()->indexForPath(path).data(LockTreeModel::WaitingRole).toInt(), 1);
            const QString tip = treeTip(w, path);
            QVERIFY2(tip.contains(QStringLiteral("bob waits here for alice's move folder of /A/C, ")), qPrintable(tip));
        }
        QCOMPARE(w.treeModel()->indexForPath("/A/a.txt").data(LockTreeModel::WaitingRole).toInt(), 0);
        QVERIFY(!treeTip(w, "/A/a.txt").contains(QStringLiteral("waits here")));
        // The badge is drawn right of the name, inside the name column.
        QTreeView* tree = w.treePanel()->view();
        QVERIFY(w.treePanel()->selectPath(QStringLiteral("/A/C/D/d.txt")));
        const QModelIndex node = tree->currentIndex();
        auto* badge = qobject_cast<WaitBadgeDelegate*>(tree->itemDelegateForColumn(LockTreeModel::NameColumn));
        QVERIFY(badge);
        QStyleOptionViewItem option;
        option.initFrom(tree);
        option.rect = tree->visualRect(node);
        const QRect where = badge->badgeRect(option, node);
        QVERIFY(!where.isEmpty());
        QVERIFY2(option.rect.contains(where), "the badge leaves the name column");
        tree->selectionModel()->clear();

        // Selecting the waiter selects its node; Show blocker selects alice's lease.
        clickRow(panel->view(), waiterRow(w, bob));
        QCOMPARE(w.treePanel()->currentPath(), QStringLiteral("/A/C/D/d.txt"));
        QVERIFY(panel->showBlockerButton()->isEnabled());
        QTest::mouseClick(panel->showBlockerButton(), Qt::LeftButton);
        QCOMPARE(w.leasePanel()->currentLeaseId(), QString::fromStdString(alice));

        // Once it gives up, the row, the badge and the tooltip line go.
        QVERIFY(s.engine->cancelWait(bob));
        QTRY_VERIFY_WITH_TIMEOUT(!waiterRow(w, bob).isValid(), kTimeout);
        QVERIFY(panel->emptyLabel()->isVisible());
        QCOMPARE(w.waitingDock()->windowTitle(), QStringLiteral("Waiting"));
        QTRY_COMPARE_WITH_TIMEOUT(w.treeModel()->indexForPath("/A/C").data(LockTreeModel::WaitingRole).toInt(), 0, kTimeout);
        QVERIFY(!treeTip(w, "/A/C").contains(QStringLiteral("waits here")));
    }

    void queuedWaiterSaysWhomItQueuesBehind()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w));
        // frank reads a file of /B; carol waits to delete /B; gina's read of
        // another file no lease blocks, but carol waited first.
        QVERIFY(!take(*s.engine, {{"/B/f.txt", LockMode::S}}, "frank", "copy-file").empty());
        const LeaseId carol = waitFor(*s.engine, {{"/B", LockMode::X}}, "carol", "delete-folder");
        QVERIFY(!carol.empty());
        const LeaseId gina = waitFor(*s.engine, {{"/B/g.txt", LockMode::S}}, "gina", "copy-file");
        QVERIFY(!gina.empty());
        QTRY_VERIFY_WITH_TIMEOUT(waiterRow(w, gina).isValid() && waiterRow(w, carol).isValid(), kTimeout);
        QCOMPARE(waiterRow(w, gina, WaiterTableModel::BehindColumn).data().toString(), QStringLiteral("queued behind carol"));
        QCOMPARE(waiterRow(w, carol, WaiterTableModel::BehindColumn).data().toString(), QStringLiteral("frank's copy file of /B/f.txt"));
        // Longest wait first.
        QCOMPARE(w.waitingPanel()->proxy()->index(0, WaiterTableModel::OwnerColumn).data().toString(), QStringLiteral("carol"));
        const QString tip = treeTip(w, "/B/g.txt");
        QVERIFY2(tip.contains(QStringLiteral("gina waits here behind carol's delete folder of /B, ")), qPrintable(tip));
        // /B/g.txt is not in the tree: it is there while gina waits for it.
        QVERIFY(w.treeModel()->indexForPath("/B/g.txt").data(LockTreeModel::FromLeaseRole).toBool());
        QVERIFY(tip.contains(QStringLiteral("added because a waiting request names it")));

        // Show blocker of a queued waiter selects the older waiter.
        QVERIFY(bringToFront(w, "waitingDockAction", w.waitingDock()));
        QVERIFY(pick(openContextMenu(w.waitingPanel()->view(), waiterRow(w, gina), QStringLiteral("waiterMenu")),
                     QStringLiteral("showWaiterBlocker")));
        QCOMPARE(w.waitingPanel()->currentWaiterId(), QString::fromStdString(carol));
        QCOMPARE(w.treePanel()->currentPath(), QStringLiteral("/B"));
        QVERIFY(pick(openContextMenu(w.waitingPanel()->view(), waiterRow(w, gina), QStringLiteral("waiterMenu")),
                     QStringLiteral("showWaiterInTree")));
        QCOMPARE(w.treePanel()->currentPath(), QStringLiteral("/B/g.txt"));

        QVERIFY(s.engine->cancelWait(gina));
        QTRY_VERIFY_WITH_TIMEOUT(!w.treeModel()->indexForPath("/B/g.txt").isValid(), kTimeout);
    }

    void refusalsShowAsHotSpotsAndTheAlarmRaisesOncePerCrossing()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w));
        HotSpotPanel* panel = w.hotSpotPanel();
        QVERIFY(bringToFront(w, "hotSpotsDockAction", w.hotSpotDock()));
        QVERIFY(panel->emptyLabel()->isVisible());
        QVERIFY(!take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder").empty());
        refuse(*s.engine, {{"/A/C/c.txt", LockMode::X}}, "erin", "upload", 5);
        QSignalSpy readings(w.bridge(), &Bridge::contentionChanged);
        menuBarAction(w, QStringLiteral("refreshAction"))->trigger(); // reads the table now
        QTRY_VERIFY_WITH_TIMEOUT(hotSpotRow(w, "/A/C").isValid(), kTimeout);
        QVERIFY(panel->view()->isVisible());
        const auto cell = [&](int column) { return hotSpotRow(w, "/A/C", column).data().toString(); };
        QCOMPARE(cell(HotSpotModel::TotalColumn), QStringLiteral("5"));
        QCOMPARE(cell(HotSpotModel::WaitersColumn), QStringLiteral("0"));
        QCOMPARE(cell(HotSpotModel::OperationsColumn), QStringLiteral("Upload vs Move folder ×5"));
        // Five refusals just now: 5 × ln 2 ≈ 3.5 a minute.
        const double rate = hotSpotRow(w, "/A/C", HotSpotModel::RateColumn).data(HotSpotModel::SortRole).toDouble();
        QVERIFY2(rate > 3.0 && rate < 3.5, qPrintable(QString::number(rate)));
        QVERIFY(!hotSpotRow(w, "/A/C").data(HotSpotModel::AlarmRole).toBool());
        QCOMPARE(w.hotSpotDock()->windowTitle(), QStringLiteral("Hot spots"));

        // The operator types 2: /A/C is above it.
        QSpinBox* threshold = panel->thresholdField();
        QCOMPARE(threshold->text(), QStringLiteral("off"));
        typeInto(threshold, QStringLiteral("2"));
        QCOMPARE(threshold->value(), 2);
        QVERIFY(hotSpotRow(w, "/A/C").data(HotSpotModel::AlarmRole).toBool());
        QCOMPARE(hotSpotRow(w, "/A/C").data(Qt::BackgroundRole).value<QColor>(), QColor(0xfd, 0xe4, 0xe4));
        QVERIFY2(w.hotSpotDock()->windowTitle().startsWith(QStringLiteral("Hot spots (1 alarm")), qPrintable(w.hotSpotDock()->windowTitle()));
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("Hot spot alarm: /A/C: ")),
                 qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(logLines(w, QStringLiteral("Hot spot alarm: /A/C: ")), 1);

        // Later readings find it still above: no new alarm.
        const int before = int(readings.count());
        menuBarAction(w, QStringLiteral("refreshAction"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(readings.count() >= before + 2, kTimeout); // the refresh's, then the worker's own
        QCOMPARE(logLines(w, QStringLiteral("Hot spot alarm: /A/C: ")), 1);
        QVERIFY(hotSpotRow(w, "/A/C").data(HotSpotModel::AlarmRole).toBool());

        // Above the rate, the alarm ends; below it again, it is raised again.
        typeInto(threshold, QStringLiteral("100"));
        QVERIFY(!hotSpotRow(w, "/A/C").data(HotSpotModel::AlarmRole).toBool());
        QCOMPARE(w.hotSpotDock()->windowTitle(), QStringLiteral("Hot spots"));
        typeInto(threshold, QStringLiteral("2"));
        QCOMPARE(logLines(w, QStringLiteral("Hot spot alarm: /A/C: ")), 2);
        typeInto(threshold, QStringLiteral("0"));
        QCOMPARE(threshold->text(), QStringLiteral("off"));
        QCOMPARE(w.hotSpotDock()->windowTitle(), QStringLiteral("Hot spots"));

        // Double-click selects the path in the tree.
        const QModelIndex row = hotSpotRow(w, "/A/C");
        panel->view()->scrollTo(row);
        const QPoint at = panel->view()->visualRect(row).center();
        QTest::mouseClick(panel->view()->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(panel->view()->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(w.treePanel()->currentPath(), QStringLiteral("/A/C"));
        QVERIFY(pick(openContextMenu(panel->view(), hotSpotRow(w, "/A/C"), QStringLiteral("hotSpotMenu")),
                     QStringLiteral("copyHotSpotPath")));
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("/A/C"));
    }

    void alarmThresholdIsRemembered()
    {
        QSettings().remove(QStringLiteral("hotSpots"));
        {
            MainWindow w(memoryOptions(true));
            QVERIFY(showActive(w));
            QVERIFY(bringToFront(w, "hotSpotsDockAction", w.hotSpotDock()));
            typeInto(w.hotSpotPanel()->thresholdField(), QStringLiteral("7"));
            QCOMPARE(QSettings().value(QStringLiteral("hotSpots/alarmAbove")).toInt(), 7);
        }
        MainWindow again(memoryOptions(true));
        QCOMPARE(again.hotSpotPanel()->thresholdField()->value(), 7);
        QCOMPARE(again.hotSpotModel()->threshold(), 7);
        QSettings().remove(QStringLiteral("hotSpots"));
        QSettings().remove(QStringLiteral("window"));
    }

    void viewMenuTogglesTheDocksAndTheWindowRemembersThem()
    {
        QSettings().remove(QStringLiteral("window"));
        {
            MainWindow w(memoryOptions(true));
            QVERIFY(showActive(w));
            for (const auto& [name, dock] : {std::pair{"waitingDockAction", w.waitingDock()}, std::pair{"hotSpotsDockAction", w.hotSpotDock()}}) {
                QAction* action = menuBarAction(w, QLatin1String(name));
                QVERIFY2(action, name);
                QVERIFY(!dockInFront(w, dock)); // tabbed behind the event log
                action->trigger();
                QTRY_VERIFY_WITH_TIMEOUT(dockInFront(w, dock), kTimeout);
                QVERIFY(action->isChecked());
                action->trigger();
                QTRY_VERIFY_WITH_TIMEOUT(dock->isHidden(), kTimeout);
                QVERIFY(!action->isChecked());
            }
            // Waiting stays closed, Hot spots open in front.
            menuBarAction(w, QStringLiteral("hotSpotsDockAction"))->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(dockInFront(w, w.hotSpotDock()), kTimeout);
            w.close();
        }
        MainWindow again(memoryOptions(true));
        QVERIFY(showActive(again));
        QVERIFY(again.waitingDock()->isHidden());
        QVERIFY(!menuBarAction(again, QStringLiteral("waitingDockAction"))->isChecked());
        QVERIFY(dockInFront(again, again.hotSpotDock()));
        QSettings().remove(QStringLiteral("window"));
    }

    // A LockClient waits on a thread, as an application would; the
    // Studio on the same Redis lists it until it gets its lease.
    void waitingClientOnRedisIsListedUntilGranted()
    {
        RedisServer server;
        StudioOptions options;
        options.backend.kind = BackendConfig::Kind::Url;
        options.backend.url = QString::fromStdString(server.url());
        options.backend.project = QStringLiteral("waitredis");
        options.useSettings = false;
        MainWindow w(options);
        w.setTree(seedTree());
        w.start();
        QVERIFY(showActive(w));
        auto engine = std::make_shared<RedisEngine>(redisOptionsFor(server), "waitredis");
        const LeaseId alice = take(*engine, {{"/A/C", LockMode::X}}, "alice", "move-folder");
        QVERIFY(!alice.empty());

        std::atomic<bool> granted = false;
        std::thread bob([engine, &granted] {
            ClientOptions client;
            client.owner = "bob";
            LockClient locks(engine, client);
            AcquireOutcome got = locks.acquire({{"/A/C/D/d.txt", LockMode::X}}, "upload", 30s);
            granted = bool(got);
        });
        QTRY_VERIFY_WITH_TIMEOUT(w.waiterModel()->rowCount() == 1, kTimeout);
        const QModelIndex row = w.waitingPanel()->proxy()->index(0, WaiterTableModel::OwnerColumn);
        QCOMPARE(row.data().toString(), QStringLiteral("bob"));
        QCOMPARE(row.siblingAtColumn(WaiterTableModel::BehindColumn).data().toString(), QStringLiteral("alice's move folder of /A/C"));
        QTRY_VERIFY_WITH_TIMEOUT(treeTip(w, "/A/C/D/d.txt").contains(QStringLiteral("bob waits here for alice's move folder of /A/C, ")),
                                 kTimeout);
        // Every attempt bob made was refused at /A/C.
        QTRY_VERIFY_WITH_TIMEOUT(hotSpotRow(w, "/A/C").isValid(), kTimeout);
        QVERIFY(hotSpotRow(w, "/A/C", HotSpotModel::TotalColumn).data(HotSpotModel::SortRole).toLongLong() >= 1);
        QTRY_COMPARE_WITH_TIMEOUT(hotSpotRow(w, "/A/C", HotSpotModel::WaitersColumn).data().toString(), QStringLiteral("1"), kTimeout);

        QVERIFY(engine->release(alice).status == LeaseStatus::Ok);
        bob.join();
        QVERIFY(granted);
        QTRY_COMPARE_WITH_TIMEOUT(w.waiterModel()->rowCount(), 0, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!treeTip(w, "/A/C/D/d.txt").contains(QStringLiteral("waits here")), kTimeout);
    }

    // The panels as a user sees them, at a laptop's size, saved as pictures
    // (in $TREELOCK_SCREENSHOT_DIR when set): texts fit their columns.
    void panelsShowTheirTextsWhole()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        w.resize(1280, 800);
        QVERIFY(showActive(w));
        QVERIFY(!take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder").empty());
        QVERIFY(!take(*s.engine, {{"/B/f.txt", LockMode::S}}, "frank", "copy-file").empty());
        const LeaseId bob = waitFor(*s.engine, {{"/A/C/D/d.txt", LockMode::X}}, "bob", "upload");
        const LeaseId carol = waitFor(*s.engine, {{"/B", LockMode::X}}, "carol", "delete-folder");
        const LeaseId gina = waitFor(*s.engine, {{"/B/g.txt", LockMode::S}}, "gina", "copy-file");
        QVERIFY(!bob.empty() && !carol.empty() && !gina.empty());
        refuse(*s.engine, {{"/A/C/c.txt", LockMode::X}}, "erin", "upload", 6);
        refuse(*s.engine, {{"/A/C", LockMode::S}}, "dave", "copy-folder", 2);
        QTRY_COMPARE_WITH_TIMEOUT(w.waiterModel()->rowCount(), 3, kTimeout);
        menuBarAction(w, QStringLiteral("refreshAction"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(hotSpotRow(w, "/A/C").isValid() && hotSpotRow(w, "/B").isValid(), kTimeout);
        w.treePanel()->expandLocked();
        QVERIFY(w.treePanel()->selectPath(QStringLiteral("/B/g.txt")));
        // An alarm at 5 refusals/min: /A/C (ten refusals just now, about 6.9 a minute) passes it.
        QVERIFY(bringToFront(w, "hotSpotsDockAction", w.hotSpotDock()));
        typeInto(w.hotSpotPanel()->thresholdField(), QStringLiteral("5"));
        QVERIFY(hotSpotRow(w, "/A/C").data(HotSpotModel::AlarmRole).toBool());
        QVERIFY(!hotSpotRow(w, "/B").data(HotSpotModel::AlarmRole).toBool());

        QTemporaryDir temporary;
        const QString dir = qEnvironmentVariable("TREELOCK_SCREENSHOT_DIR", temporary.path());
        QVERIFY(QDir().mkpath(dir));
        struct Shot {
            const char* action;
            QDockWidget* dock;
            QTableView* view;
            QList<int> columns; // that must show their whole text
            const char* file;
        };
        const Shot shots[] = {
            {"waitingDockAction", w.waitingDock(), w.waitingPanel()->view(),
             {WaiterTableModel::OwnerColumn, WaiterTableModel::OperationColumn, WaiterTableModel::RequestsColumn,
              WaiterTableModel::WaitingColumn, WaiterTableModel::BehindColumn, WaiterTableModel::HoldsBackColumn},
             "studio-waiting.png"},
            {"hotSpotsDockAction", w.hotSpotDock(), w.hotSpotPanel()->view(),
             {HotSpotModel::PathColumn, HotSpotModel::RateColumn, HotSpotModel::TotalColumn, HotSpotModel::WaitersColumn,
              HotSpotModel::OperationsColumn},
             "studio-hot-spots.png"},
        };
        for (const Shot& shot : shots) {
            QVERIFY(bringToFront(w, shot.action, shot.dock));
            QTest::qWait(100); // laid out
            QVERIFY(shot.view->isVisible());
            QVERIFY(shot.view->model()->rowCount() > 0);
            for (int r = 0; r < shot.view->model()->rowCount(); ++r)
                for (int c : shot.columns) {
                    const QModelIndex index = shot.view->model()->index(r, c);
                    QVERIFY2(shot.view->columnWidth(c) >= textWidth(shot.view, index),
                             qPrintable(QStringLiteral("%1: column %2 is %3 px for '%4'").arg(QLatin1String(shot.file)).arg(c)
                                            .arg(shot.view->columnWidth(c)).arg(index.data().toString())));
                }
            QVERIFY(w.grab().save(QDir(dir).filePath(QLatin1String(shot.file)), "PNG"));
        }
    }
};

int main(int argc, char** argv)
{
    // Offscreen, the screen is a laptop's (1280x800), as in tst_ui_studio.
    QTemporaryDir config;
    if (qgetenv("QT_QPA_PLATFORM") == "offscreen") {
        QFile f(config.filePath(QStringLiteral("screen.json")));
        if (f.open(QIODevice::WriteOnly))
            f.write(R"({"screens":[{"name":"laptop","x":0,"y":0,"width":1280,"height":800,"logicalDpi":96,"logicalBaseDpi":96,"dpr":1}]})");
        f.close();
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + f.fileName().toUtf8());
    }
    QApplication app(argc, argv);
    TestWaiting test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_waiting.moc"
