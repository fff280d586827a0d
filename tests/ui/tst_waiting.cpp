// Studio's Waiting and Hot spots docks and the tree's waiting marks, against
// real engines: a waiting acquire shows up as a row (who, what, how long,
// behind whom), its nodes get the badge and the tooltip says who waits there
// for whom; refusals show up as hot spots, and the operator's alarm threshold,
// typed into its spin box, raises the alarm once per crossing and is
// remembered.
#include "bridge/bridge.h"
#include "lockview/locktreemodel.h"
#include "lockview/projecttree.h"
#include "lockview/waitbadgedelegate.h"
#include "mainwindow/mainwindow.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/hotspots/hotspotmodel.h"
#include "panels/hotspots/hotspotpanel.h"
#include "panels/leases/leasepanel.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/tree/treefilterproxy.h"
#include "panels/tree/treepanel.h"
#include "panels/waiting/waitertablemodel.h"
#include "panels/waiting/waitingpanel.h"
#include "simulation/simulationpanel.h"

#include "engineleases.h"
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
#include <QHelpEvent>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextTable>
#include <QTest>
#include <QToolButton>
#include <QToolTip>
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
    return seedProjectTree();
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

/// The tooltip a user gets by resting the mouse on `index` of `view`: the
/// cursor goes there and the view gets the help event Qt sends after the
/// pause. Empty when none shows.
QString hover(QAbstractItemView* view, const QModelIndex& index)
{
    view->scrollTo(index);
    const QPoint at = view->visualRect(index).center();
    const QPoint global = view->viewport()->mapToGlobal(at);
    QCursor::setPos(global);
    QHelpEvent event(QEvent::ToolTip, at, global);
    QApplication::sendEvent(view->viewport(), &event);
    return QToolTip::isVisible() ? QToolTip::text() : QString();
}

/// The label Qt shows a tooltip in, or null.
QLabel* toolTipLabel()
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (w->objectName() == QLatin1String("qtooltip_label") && w->isVisible())
            return qobject_cast<QLabel*>(w);
    return nullptr;
}

/// The cells of the tables in a rich-text label that take more than one line
/// at the width the label has ("TTL: 10\nmin"), laid out as the label lays
/// them out.
QStringList wrappedCells(const QLabel* label)
{
    QTextDocument doc;
    doc.setDefaultFont(label->font());
    doc.setHtml(label->text());
    doc.setDocumentMargin(0);
    const int margins = 2 * label->margin() + std::max(0, label->indent());
    doc.setTextWidth(label->contentsRect().width() - margins);
    doc.size(); // lays it out
    QStringList wrapped;
    for (QTextFrame* frame : doc.rootFrame()->childFrames()) {
        auto* table = qobject_cast<QTextTable*>(frame);
        if (!table)
            continue;
        for (int r = 0; r < table->rows(); ++r)
            for (int c = 0; c < table->columns(); ++c) {
                const QTextBlock block = table->cellAt(r, c).firstCursorPosition().block();
                if (block.layout() && block.layout()->lineCount() > 1)
                    wrapped << block.text();
            }
    }
    return wrapped;
}

/// The number `pattern`'s first group finds in `text`, in seconds (a pattern
/// with two groups reads minutes and seconds); -1 if it finds none.
int secondsIn(const QString& text, const QString& pattern)
{
    const QRegularExpressionMatch m = QRegularExpression(pattern).match(text);
    if (!m.hasMatch())
        return -1;
    return m.lastCapturedIndex() == 2 ? m.captured(1).toInt() * 60 + m.captured(2).toInt() : m.captured(1).toInt();
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
        QVERIFY2(panel->emptyLabel()->text().contains(QStringLiteral("Nobody waits for a lock.")), qPrintable(panel->emptyLabel()->text()));
        QCOMPARE(w.waitingDock()->windowTitle(), QStringLiteral("Waiting"));
        // The line above says where, not "0 waiters".
        QCOMPARE(panel->titleLabel()->text(), QStringLiteral("Project <b>demo</b> · grace 5 ms"));

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
        // Past the grace, but nobody queues behind bob: nothing to say, no column.
        QCOMPARE(cell(WaiterTableModel::HoldsBackColumn), QString());
        QVERIFY(panel->view()->isColumnHidden(WaiterTableModel::HoldsBackColumn));
        QVERIFY2(panel->titleLabel()->text().startsWith(QStringLiteral("<b>1</b> waiter"))
                     && panel->titleLabel()->text().contains(QStringLiteral(" · project <b>demo</b> · grace 5 ms")),
                 qPrintable(panel->titleLabel()->text()));
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
        QVERIFY(w.hotSpotAlarmLabel()->isVisible());
        QCOMPARE(w.hotSpotAlarmLabel()->text(), QStringLiteral("Hot spot alarm: /A/C"));
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
        StudioOptions options = test::studioOptions(BackendConfig::Kind::Url);
        options.backend.url = QString::fromStdString(server.url());
        options.backend.project = QStringLiteral("waitredis");
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
              HotSpotModel::LastColumn, HotSpotModel::OperationsColumn},
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

    // The times in a waiter's tooltip are those of the moment it shows, and an
    // open tooltip follows the clock: how long ago the last attempt was, when
    // the lease in its way frees.
    void waiterTooltipSaysTheTimesOfNow()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w));
        QVERIFY(!take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder").empty());
        const std::vector<LockRequest> wants{{"/A/C/D/d.txt", LockMode::X}};
        const LeaseId bob = waitFor(*s.engine, wants, "bob", "upload");
        QVERIFY(!bob.empty());
        QTRY_VERIFY_WITH_TIMEOUT(waiterRow(w, bob).isValid(), kTimeout);
        QVERIFY(bringToFront(w, "waitingDockAction", w.waitingDock()));
        QTableView* view = w.waitingPanel()->view();
        const QString lastAttempt = QStringLiteral("last attempt (\\d+) s ago");
        const QString frees = QStringLiteral("frees in (\\d+) min (\\d+) s");

        const QString first = hover(view, waiterRow(w, bob, WaiterTableModel::BehindColumn));
        const int tried = secondsIn(first, lastAttempt);
        const int left = secondsIn(first, frees);
        QVERIFY2(tried >= 0 && left > 0, qPrintable(first));
        // Two seconds later, the same tooltip shown again.
        QTest::qWait(2100);
        QToolTip::hideText();
        // It goes a moment later; hovered before that, a tooltip whose text the clock
        // has kept up to date would stay as it is and go all the same.
        QTRY_VERIFY(!QToolTip::isVisible());
        const QString later = hover(view, waiterRow(w, bob, WaiterTableModel::BehindColumn));
        QVERIFY2(secondsIn(later, lastAttempt) >= tried + 2, qPrintable(first + QStringLiteral(" | ") + later));
        QVERIFY2(secondsIn(later, frees) <= left - 2, qPrintable(first + QStringLiteral(" | ") + later));

        // Left open, it counts on by itself. (Not "the text changed": "frees in"
        // may tick a moment before "last attempt" does.)
        const QString open = QToolTip::text();
        QTRY_VERIFY2_WITH_TIMEOUT(QToolTip::isVisible()
                                      && secondsIn(QToolTip::text(), lastAttempt) > secondsIn(open, lastAttempt),
                                  qPrintable(open + QStringLiteral(" | ") + QToolTip::text()), 3000);
        QToolTip::hideText();

        // bob tries again: within a snapshot the tooltip knows.
        retryWait(*s.engine, wants, "bob", "upload", bob);
        QTRY_VERIFY_WITH_TIMEOUT(secondsIn(hover(view, waiterRow(w, bob, WaiterTableModel::BehindColumn)), lastAttempt) <= 1, kTimeout);
        QToolTip::hideText();
    }

    // "Holds back" names the waiters that queue behind one, and is shown only
    // while some waiter does; the grace is said with its unit, here and in
    // the event log.
    void holdsBackNamesWhoQueuesBehindAndTheGraceHasItsUnit()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w));
        QVERIFY(bringToFront(w, "waitingDockAction", w.waitingDock()));
        QVERIFY(!take(*s.engine, {{"/B/f.txt", LockMode::S}}, "frank", "copy-file").empty());
        const LeaseId carol = waitFor(*s.engine, {{"/B", LockMode::X}}, "carol", "delete-folder");
        QVERIFY(!carol.empty());
        QTRY_VERIFY_WITH_TIMEOUT(waiterRow(w, carol).isValid(), kTimeout);
        QTableView* view = w.waitingPanel()->view();
        // carol is past the grace, but nobody is behind her yet.
        QVERIFY(view->isColumnHidden(WaiterTableModel::HoldsBackColumn));
        const LeaseId gina = waitFor(*s.engine, {{"/B/g.txt", LockMode::S}}, "gina", "copy-file");
        QVERIFY(!gina.empty());
        QTRY_VERIFY_WITH_TIMEOUT(!view->isColumnHidden(WaiterTableModel::HoldsBackColumn), kTimeout);
        QCOMPARE(waiterRow(w, carol, WaiterTableModel::HoldsBackColumn).data().toString(), QStringLiteral("gina"));
        QCOMPARE(waiterRow(w, gina, WaiterTableModel::HoldsBackColumn).data().toString(), QString());
        const QString tip = hover(view, waiterRow(w, carol, WaiterTableModel::HoldsBackColumn));
        QVERIFY2(tip.contains(QStringLiteral("Holds back gina: they queue behind it")), qPrintable(tip));
        QToolTip::hideText();
        QVERIFY2(view->model()->headerData(WaiterTableModel::HoldsBackColumn, Qt::Horizontal, Qt::ToolTipRole).toString()
                     .contains(QStringLiteral("fairness grace (5 ms)")),
                 qPrintable(view->model()->headerData(WaiterTableModel::HoldsBackColumn, Qt::Horizontal, Qt::ToolTipRole).toString()));
        QVERIFY2(w.waitingPanel()->titleLabel()->text().contains(QStringLiteral(" · grace 5 ms")),
                 qPrintable(w.waitingPanel()->titleLabel()->text()));

        // The operator changes the grace: the log and the panel say it in milliseconds.
        s.engine->setFairnessGrace(20ms, "ops", "console-1");
        QTRY_COMPARE_WITH_TIMEOUT(logLines(w, QStringLiteral("Setting grace 20 ms by ops@console-1")), 1, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(w.waitingPanel()->titleLabel()->text().contains(QStringLiteral(" · grace 20 ms")), kTimeout);
        s.engine->setFairnessGrace(std::nullopt, "ops", "console-1");
        QTRY_COMPARE_WITH_TIMEOUT(logLines(w, QStringLiteral("Setting grace off (no fairness) by ops@console-1")), 1, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(w.waitingPanel()->titleLabel()->text().contains(QStringLiteral(" · fairness off")), kTimeout);
        // Fairness off: gina's next attempt gets her lock, and nobody is held back.
        AcquireOptions again = as("gina", "copy-file");
        again.wait = 1s;
        again.leaseId = gina;
        QVERIFY(s.engine->acquire({{"/B/g.txt", LockMode::S}}, again).granted);
        QTRY_VERIFY_WITH_TIMEOUT(!waiterRow(w, gina).isValid(), kTimeout);
        QVERIFY(view->isColumnHidden(WaiterTableModel::HoldsBackColumn));
    }

    // Hot spots say when the last refusal was, counting on; the status bar's
    // alarm is short (the whole lines in its tooltip) and goes when the alarm does.
    void hotSpotsShowTheLastRefusalAndTheAlarmLastsAsLongAsItsCause()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        w.resize(1024, 640);
        QVERIFY(showActive(w));
        QVERIFY(bringToFront(w, "hotSpotsDockAction", w.hotSpotDock()));
        QVERIFY(!take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder").empty());
        refuse(*s.engine, {{"/A/C/c.txt", LockMode::X}}, "erin", "upload", 5);
        menuBarAction(w, QStringLiteral("refreshAction"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(hotSpotRow(w, "/A/C").isValid(), kTimeout);
        QTableView* view = w.hotSpotPanel()->view();
        QVERIFY(!view->isColumnHidden(HotSpotModel::LastColumn));
        QCOMPARE(view->model()->headerData(HotSpotModel::LastColumn, Qt::Horizontal).toString(), QStringLiteral("Last refused try"));
        const auto last = [&] { return hotSpotRow(w, "/A/C", HotSpotModel::LastColumn).data().toString(); };
        const int first = secondsIn(last(), QStringLiteral("^(\\d+) s ago$"));
        QVERIFY2(first >= 0 && first <= 2, qPrintable(last()));
        // No new refusal, no new reading needed: the age counts on.
        QTRY_VERIFY_WITH_TIMEOUT(secondsIn(last(), QStringLiteral("^(\\d+) s ago$")) >= first + 2, kTimeout);

        // The alarm: a short label, the whole story in its tooltip.
        QLabel* alarm = w.hotSpotAlarmLabel();
        QVERIFY(!alarm->isVisible());
        typeInto(w.hotSpotPanel()->thresholdField(), QStringLiteral("2"));
        QVERIFY(alarm->isVisible());
        QCOMPARE(alarm->text(), QStringLiteral("Hot spot alarm: /A/C"));
        QVERIFY2(alarm->width() >= alarm->fontMetrics().horizontalAdvance(alarm->text()),
                 qPrintable(QStringLiteral("%1 px for %2").arg(alarm->width()).arg(alarm->text())));
        QVERIFY2(alarm->toolTip().contains(QStringLiteral("/A/C: 3.")) && alarm->toolTip().contains(QStringLiteral("above 2 (Upload vs Move folder ×5)")),
                 qPrintable(alarm->toolTip()));
        // Over the threshold no more: the alarm and its label go.
        typeInto(w.hotSpotPanel()->thresholdField(), QStringLiteral("100"));
        QVERIFY(!alarm->isVisible());
    }

    // Show blocker moves the lease table up or down to the lease, not across
    // to its id column: the owner stays in view.
    void showBlockerKeepsTheLeaseTableScrolledWhereItWas()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        w.resize(1024, 640);
        QVERIFY(showActive(w));
        // A narrow lease table, as on a laptop with the tree given more room.
        auto* splitter = w.findChild<QSplitter*>(QStringLiteral("mainSplitter"));
        QVERIFY(splitter);
        splitter->setSizes({700, 324});
        // Enough leases that alice's is not in the first screenful.
        const LeaseId alice = take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder");
        QVERIFY(!alice.empty());
        for (int i = 0; i < 30; ++i)
            QVERIFY(!take(*s.engine, {{"/projects/p" + std::to_string(i) + ".txt", LockMode::X}}, "zed", "upload").empty());
        const LeaseId bob = waitFor(*s.engine, {{"/A/C/D/d.txt", LockMode::X}}, "bob", "upload");
        QVERIFY(!bob.empty());
        QTRY_VERIFY_WITH_TIMEOUT(waiterRow(w, bob).isValid() && w.leaseModel()->rowCount() == 31, kTimeout);
        QVERIFY(bringToFront(w, "waitingDockAction", w.waitingDock()));
        QTableView* leases = w.leasePanel()->view();
        QScrollBar* across = leases->horizontalScrollBar();
        QVERIFY2(across->maximum() > 0, "the lease table must scroll across for this test");
        across->setValue(0);

        clickRow(w.waitingPanel()->view(), waiterRow(w, bob));
        QTest::mouseClick(w.waitingPanel()->showBlockerButton(), Qt::LeftButton);
        QCOMPARE(w.leasePanel()->currentLeaseId(), QString::fromStdString(alice));
        QCOMPARE(across->value(), 0);
        const int owner = leases->columnViewportPosition(LeaseTableModel::OwnerColumn);
        QVERIFY2(owner >= 0 && owner < leases->viewport()->width(), qPrintable(QString::number(owner)));
        // ... and down to alice's row.
        const QModelIndex row = leases->selectionModel()->selectedRows(LeaseTableModel::OwnerColumn).value(0);
        QVERIFY(leases->viewport()->rect().intersects(leases->visualRect(row)));
        QCOMPARE(row.data().toString(), QStringLiteral("alice"));
    }

    // The Waiting table gives each text the room it needs (a long request
    // list too), the docks leave the tree the larger part of the window, and
    // an empty list says so rather than "0 waiters".
    // The node a search found exists only while a waiter names it. When the
    // waiter gives up, the node goes: the lease table must not stay filtered
    // to it, nor follow the neighbour the tree makes current, and the search
    // status must not say it found it.
    void leaseTableLetsGoOfANodeThatLeavesTheTree()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w));
        QVERIFY(!take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder").empty());
        QVERIFY(!take(*s.engine, {{"/B", LockMode::X}}, "carol", "delete-folder").empty());
        const LeaseId bob = waitFor(*s.engine, {{"/A/C/D/report.pdf", LockMode::X}}, "bob", "upload");
        QVERIFY(!bob.empty());
        QTRY_VERIFY_WITH_TIMEOUT(w.treeModel()->indexForPath("/A/C/D/report.pdf").isValid(), kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(w.leaseModel()->rowCount(), 2, kTimeout);

        QLineEdit* search = w.treePanel()->searchField();
        QLabel* status = w.treePanel()->searchStatus();
        auto* chip = w.leasePanel()->findChild<QWidget*>(QStringLiteral("nodeChip"));
        QVERIFY(chip);
        QTest::keyClicks(search, QStringLiteral("/A/C/D/report.pdf"));
        QTest::keyClick(search, Qt::Key_Return);
        QCOMPARE(w.treePanel()->currentPath(), QStringLiteral("/A/C/D/report.pdf"));
        QCOMPARE(status->text(), QStringLiteral("Found /A/C/D/report.pdf"));
        QVERIFY(chip->isVisible());
        QCOMPARE(chip->findChild<QLabel*>()->text(), QStringLiteral("touching /A/C/D/report.pdf"));
        QCOMPARE(w.leaseModel()->rowCount(), 1); // alice's move covers it; carol's lease does not touch it

        QVERIFY(s.engine->cancelWait(bob));
        QTRY_VERIFY_WITH_TIMEOUT(!w.treeModel()->indexForPath("/A/C/D/report.pdf").isValid(), kTimeout);
        QVERIFY2(chip->isHidden(), qPrintable(chip->findChild<QLabel*>()->text()));
        QVERIFY2(w.treePanel()->currentPath().isEmpty(), qPrintable(w.treePanel()->currentPath()));
        QVERIFY2(!status->text().contains(QStringLiteral("report.pdf")), qPrintable(status->text()));
        QCOMPARE(w.leaseModel()->rowCount(), 2);
        // The next node the user picks filters the table again.
        QVERIFY(w.treePanel()->selectPath(QStringLiteral("/A/C/D/d.txt")));
        QVERIFY(chip->isVisible());
        QCOMPARE(chip->findChild<QLabel*>()->text(), QStringLiteral("touching /A/C/D/d.txt"));
    }

    // A name with the "1 waiting" badge is drawn whole when the column has
    // room for both: pixel for pixel as the name alone is drawn (an italic
    // name's last glyph leans out past its advance).
    void aNameBesideItsBadgeIsNotCutWhereItFits()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        w.resize(1280, 800); // a name column with room for the name and its badge
        QVERIFY(showActive(w));
        QVERIFY(!take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder").empty());
        // report.pdf is not in the loaded tree: its name is italic.
        const LeaseId bob = waitFor(*s.engine, {{"/A/C/D/report.pdf", LockMode::X}, {"/A/C/D/d.txt", LockMode::X}}, "bob", "upload");
        QVERIFY(!bob.empty());
        QTRY_VERIFY_WITH_TIMEOUT(w.treeModel()->indexForPath("/A/C/D/report.pdf").data(LockTreeModel::WaitingRole).toInt() == 1,
                                 kTimeout);
        QTreeView* tree = w.treePanel()->view();
        QVERIFY(w.treePanel()->selectPath(QStringLiteral("/A/C/D/report.pdf")));
        tree->selectionModel()->clear(); // drawn as any row, not as the selected one
        auto* badge = qobject_cast<WaitBadgeDelegate*>(tree->itemDelegateForColumn(LockTreeModel::NameColumn));
        QVERIFY(badge);
        QStyledItemDelegate plain;
        for (const char* path : {"/A/C/D/report.pdf", "/A/C/D/d.txt"}) {
            const QModelIndex node = w.treePanel()->proxy()->mapFromSource(w.treeModel()->indexForPath(path));
            QVERIFY(node.isValid());
            QVERIFY(node.data(Qt::FontRole).value<QFont>().italic() == (QLatin1String(path) == QLatin1String("/A/C/D/report.pdf")));
            QStyleOptionViewItem option;
            option.initFrom(tree);
            option.widget = tree;
            option.state &= ~(QStyle::State_HasFocus | QStyle::State_Selected);
            option.rect = QRect(QPoint(0, 0), tree->visualRect(node).size());
            QVERIFY2(option.rect.width() >= badge->sizeHint(option, node).width(),
                     qPrintable(QStringLiteral("%1: the column has %2 px, name and badge need %3")
                                    .arg(QLatin1String(path)).arg(option.rect.width()).arg(badge->sizeHint(option, node).width())));
            const QRect where = badge->badgeRect(option, node);
            QVERIFY(!where.isEmpty());
            QImage withBadge(option.rect.size(), QImage::Format_ARGB32);
            QImage nameAlone(option.rect.size(), QImage::Format_ARGB32);
            withBadge.fill(Qt::white);
            nameAlone.fill(Qt::white);
            {
                QPainter p(&withBadge);
                badge->paint(&p, option, node);
            }
            {
                QPainter p(&nameAlone);
                plain.paint(&p, option, node);
            }
            const QRect name(0, 0, where.left(), option.rect.height());
            QVERIFY2(withBadge.copy(name) == nameAlone.copy(name),
                     qPrintable(QStringLiteral("%1 is drawn differently beside its badge (cut?); badge at x %2 of %3")
                                    .arg(QLatin1String(path)).arg(where.left()).arg(option.rect.width())));
        }
    }

    // The Waiting and Hot spots docks share the event log's tab bar with the
    // Simulation panel. Closed by its key, a dock gives the front back to the
    // dock that was there before it, not to its neighbour tab.
    void closingADockByItsKeyBringsBackTheDockBeforeIt()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w));
        auto* log = w.findChild<QDockWidget*>(QStringLiteral("eventLogDock"));
        QDockWidget* sim = w.simulationDock();
        QVERIFY(log && sim);
        QVERIFY(dockInFront(w, log));
        QVERIFY(w.tabifiedDockWidgets(log).contains(sim));
        const QKeySequence hotSpotsKey(Qt::CTRL | Qt::SHIFT | Qt::Key_H);
        const QKeySequence waitingKey(Qt::CTRL | Qt::SHIFT | Qt::Key_W);
        for (const auto& [key, dock] : {std::pair{hotSpotsKey, w.hotSpotDock()}, std::pair{waitingKey, w.waitingDock()}}) {
            QTest::keySequence(&w, key);
            QTRY_VERIFY_WITH_TIMEOUT(dockInFront(w, dock), kTimeout);
            QTest::keySequence(&w, key);
            QTRY_VERIFY_WITH_TIMEOUT(dock->isHidden(), kTimeout);
            QVERIFY2(dockInFront(w, log), qPrintable(dock->windowTitle() + QStringLiteral(" closed, the Simulation panel in front: ")
                                                     + QString::number(dockInFront(w, sim))));
            QVERIFY(!dockInFront(w, sim));
        }
        // From the Simulation panel, Hot spots opened and closed by its key go back to it.
        QTest::keySequence(&w, QKeySequence(Qt::CTRL | Qt::Key_5));
        QTRY_VERIFY_WITH_TIMEOUT(dockInFront(w, sim), kTimeout);
        QTest::keySequence(&w, hotSpotsKey);
        QTRY_VERIFY_WITH_TIMEOUT(dockInFront(w, w.hotSpotDock()), kTimeout);
        QTest::keySequence(&w, hotSpotsKey);
        QTRY_VERIFY_WITH_TIMEOUT(w.hotSpotDock()->isHidden(), kTimeout);
        QVERIFY(dockInFront(w, sim));
    }

    void waitingTableSizesItsColumnsAndTheDocksLeaveTheTreeRoom()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w)); // the size a first start gives on a 1280x800 screen
        QVERIFY(bringToFront(w, "waitingDockAction", w.waitingDock()));
        QVERIFY2(w.treePanel()->view()->height() > w.waitingDock()->height(),
                 qPrintable(QStringLiteral("tree %1 px, Waiting dock %2 px in a %3 px window")
                                .arg(w.treePanel()->view()->height()).arg(w.waitingDock()->height()).arg(w.height())));
        QVERIFY(bringToFront(w, "hotSpotsDockAction", w.hotSpotDock()));
        QVERIFY(w.treePanel()->view()->height() > w.hotSpotDock()->height());
        QVERIFY(bringToFront(w, "waitingDockAction", w.waitingDock()));
        QVERIFY(w.waitingPanel()->emptyLabel()->isVisible());
        QVERIFY(!w.waitingPanel()->titleLabel()->text().contains(QStringLiteral("waiter")));

        QVERIFY(!take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder").empty());
        const LeaseId bob = waitFor(*s.engine,
                                    {{"/A/C/D/d.txt", LockMode::X}, {"/A/C/D/quarterly-report-final.txt", LockMode::X},
                                     {"/A/C/E/archive-2026-11.zip", LockMode::X}},
                                    "bob", "upload");
        QVERIFY(!bob.empty());
        QTRY_VERIFY_WITH_TIMEOUT(waiterRow(w, bob).isValid(), kTimeout);
        QTableView* view = w.waitingPanel()->view();
        const QModelIndex requests = waiterRow(w, bob, WaiterTableModel::RequestsColumn);
        // Once laid out (a busy machine may take a while to get there).
        QTRY_VERIFY2_WITH_TIMEOUT(view->columnWidth(WaiterTableModel::RequestsColumn) >= textWidth(view, requests),
                                  qPrintable(QStringLiteral("%1 px for '%2' (Behind: %3 px)")
                                                 .arg(view->columnWidth(WaiterTableModel::RequestsColumn))
                                                 .arg(requests.data().toString())
                                                 .arg(view->columnWidth(WaiterTableModel::BehindColumn))),
                                  kTimeout);
        // The columns fill the table, no more.
        int sum = 0;
        for (int c = 0; c < WaiterTableModel::ColumnCount; ++c)
            sum += view->isColumnHidden(c) ? 0 : view->columnWidth(c);
        QCOMPARE(sum, view->viewport()->width());
        // A table too narrow for the texts cuts them in the middle and keeps them whole in the tooltip.
        w.waitingDock()->setFloating(true);
        w.waitingDock()->resize(420, 200);
        QTRY_VERIFY_WITH_TIMEOUT(view->columnWidth(WaiterTableModel::RequestsColumn) < textWidth(view, requests), kTimeout);
        const QString tip = hover(view, requests);
        QVERIFY2(tip.contains(requests.data().toString()), qPrintable(tip));
        QToolTip::hideText();
        w.waitingDock()->setFloating(false);
    }

    // The tree's tooltip says why a path it did not have is there, and keeps
    // each cell of its lease table on one line.
    void treeTooltipSaysWhoNamesANodeAndKeepsItsCellsOnOneLine()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w));
        QVERIFY(!take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder").empty());
        // bob uploads a file the tree does not have, below alice's move.
        const LeaseId bob = waitFor(*s.engine, {{"/A/C/D/new.txt", LockMode::X}}, "bob", "upload");
        QVERIFY(!bob.empty());
        QTRY_VERIFY_WITH_TIMEOUT(w.treeModel()->indexForPath("/A/C/D/new.txt").isValid(), kTimeout);
        QVERIFY(w.treePanel()->selectPath(QStringLiteral("/A/C/D/new.txt")));
        QTreeView* tree = w.treePanel()->view();
        const QModelIndex node = tree->currentIndex();
        const QString tip = hover(tree, node);
        QVERIFY2(tip.contains(QStringLiteral("Not in the loaded tree: added because a waiting request names it")), qPrintable(tip));
        QVERIFY2(!tip.contains(QStringLiteral("a lease names it")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("bob waits here for alice's move folder of /A/C")), qPrintable(tip));
        // The lease above it, one line a lease: "10 min" of the TTL not broken in two.
        QLabel* label = toolTipLabel();
        QVERIFY(label);
        const QStringList wrapped = wrappedCells(label);
        QVERIFY2(wrapped.isEmpty(), qPrintable(wrapped.join(QStringLiteral(" | "))));
        QToolTip::hideText();
    }

    // A waiter that creates a file in a folder that does not exist yet brings
    // the folder along, and both go when the wait ends.
    void aWaitersPathInAMissingFolderAppearsWithItsFolder()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w));
        QVERIFY(!take(*s.engine, {{"/A", LockMode::X}}, "alice", "delete-folder").empty());
        QVERIFY(!w.treeModel()->indexForPath("/A/Zeta").isValid());
        const LeaseId ivan = waitFor(*s.engine, {{"/A/Zeta/brand-new.txt", LockMode::X}}, "ivan", "create");
        QVERIFY(!ivan.empty());
        QTRY_VERIFY_WITH_TIMEOUT(w.treeModel()->indexForPath("/A/Zeta/brand-new.txt").isValid(), kTimeout);
        QCOMPARE(w.treeModel()->indexForPath("/A/Zeta/brand-new.txt").data(LockTreeModel::WaitingRole).toInt(), 1);
        QTreeView* tree = w.treePanel()->view();
        QVERIFY(w.treePanel()->selectPath(QStringLiteral("/A/Zeta")));
        const QString folderTip = hover(tree, tree->currentIndex());
        QVERIFY2(folderTip.contains(QStringLiteral("added because a waiting request names a path inside it")),
                 qPrintable(folderTip));
        QToolTip::hideText();
        QVERIFY(w.treePanel()->selectPath(QStringLiteral("/A/Zeta/brand-new.txt")));
        const QString fileTip = hover(tree, tree->currentIndex());
        QVERIFY2(fileTip.contains(QStringLiteral("ivan waits here for alice's delete folder of /A")), qPrintable(fileTip));
        QToolTip::hideText();

        QVERIFY(s.engine->cancelWait(ivan));
        QTRY_VERIFY_WITH_TIMEOUT(!w.treeModel()->indexForPath("/A/Zeta").isValid(), kTimeout);
        QVERIFY(!w.treeModel()->indexForPath("/A/Zeta/brand-new.txt").isValid());
    }

    // While the window shows a simulation, the Hot spots dock still shows
    // Studio's project, and says so; the Waiting dock names the project it shows.
    void docksNameTheProjectTheyShowWhileASimulationRuns()
    {
        MemoryStudio s;
        MainWindow& w = *s.window;
        QVERIFY(showActive(w));
        HotSpotPanel* hot = w.hotSpotPanel();
        QVERIFY(bringToFront(w, "hotSpotsDockAction", w.hotSpotDock()));
        QCOMPARE(hot->titleLabel()->text(), QStringLiteral("Project <b>demo</b>"));
        QVERIFY(!hot->simulationNote()->isVisible());
        QVERIFY(!take(*s.engine, {{"/A/C", LockMode::X}}, "alice", "move-folder").empty());
        refuse(*s.engine, {{"/A/C/c.txt", LockMode::X}}, "erin", "upload", 2);
        menuBarAction(w, QStringLiteral("refreshAction"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(hotSpotRow(w, "/A/C").isValid(), kTimeout);
        QVERIFY2(hot->titleLabel()->text().startsWith(QStringLiteral("<b>1</b> path"))
                     && hot->titleLabel()->text().contains(QStringLiteral(" refused in project <b>demo</b>")),
                 qPrintable(hot->titleLabel()->text()));

        QTest::keyClick(&w, Qt::Key_F5); // Simulation › Start
        QTRY_VERIFY_WITH_TIMEOUT(w.showsSimulation(), kTimeout);
        QVERIFY(bringToFront(w, "hotSpotsDockAction", w.hotSpotDock()));
        QVERIFY(hot->simulationNote()->isVisible());
        QVERIFY2(hot->simulationNote()->text().contains(QStringLiteral("project <b>demo</b>, on Studio's connection, not the simulation's")),
                 qPrintable(hot->simulationNote()->text()));
        QVERIFY(hotSpotRow(w, "/A/C").isValid()); // still Studio's table
        const QString simulated = w.simulationPanel()->shownProject();
        QVERIFY(!simulated.isEmpty() && simulated != QStringLiteral("demo"));
        QTRY_VERIFY_WITH_TIMEOUT(w.waitingPanel()->titleLabel()->text().contains(QStringLiteral("<b>%1</b>").arg(simulated)), kTimeout);
        QVERIFY2(!w.waitingPanel()->titleLabel()->text().contains(QStringLiteral("grace 5 ms")), // not known for the simulation
                 qPrintable(w.waitingPanel()->titleLabel()->text()));

        QTest::keyClick(&w, Qt::Key_F5, Qt::ShiftModifier); // Simulation › Stop
        QTRY_VERIFY_WITH_TIMEOUT(!w.showsSimulation(), kTimeout);
        QVERIFY(!hot->simulationNote()->isVisible());
        QVERIFY(w.waitingPanel()->titleLabel()->text().contains(QStringLiteral("<b>demo</b> · grace 5 ms")));
    }
};

TREELOCK_STUDIO_TEST_MAIN(TestWaiting)
#include "tst_waiting.moc"
