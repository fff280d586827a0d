// The on-call operator's path through Studio, pressed as a person presses it,
// in a 1280x800 window: "bob cannot delete /A; unblock him". Everything in his
// way is released in two actions and a confirmation, by mouse and by keyboard;
// the reason is offered, remembered and recorded; the keyboard's place is
// always drawn; the views hold still while the user aims; a release does not
// move the selection onto someone else.
#include "common/focusring.h"
#include "lockview/locktreemodel.h"
#include "lockview/presentation.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/updatehold.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/leases/leasepanel.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/tree/treepanel.h"
#include "panels/waiting/waitertablemodel.h"
#include "panels/waiting/waitingpanel.h"

#include "connection/serverwording.h"
#include "panels/eventlog/eventlogpanel.h"
#include "panels/hotspots/hotspotmodel.h"

#include "engineleases.h"
#include "modaldialogs.h"
#include "redisserver.h"
#include "studiotest.h"

#include <treelock/leaseid.h>

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QStatusBar>
#include <QTimer>
#include <QTranslator>
#include <QSortFilterProxyModel>
#include <QTabBar>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

#include <thread>

using namespace treelock;
using namespace treelock::ui;
using namespace treelock::test;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeout = 10000;

/// A studio on the in-process engine, 1280x800, with the seed's tree, and
/// the scene of the page: alice moves /A/C (X), carol reads /A/a.txt (S),
/// and bob's delete of /A waits for both.
struct Scene {
    Scene()
    {
        window = std::make_unique<MainWindow>(memoryOptions());
        ProjectTreeData t;
        QString error;
        parseTreeJson(R"({"format":"treelock-tree","version":1,"name":"seed",
            "paths":["/A/a.txt","/A/C/c.txt","/A/C/D/d.txt","/B/b.txt"]})", &t, &error);
        window->setTree(t);
        window->resize(1280, 800);
        window->start();
        engine = engineOf(*window);
    }

    bool setUp()
    {
        if (!showActive(*window) || !engine)
            return false;
        alice = take({{"/A/C", LockMode::X}}, "alice", "move-folder");
        carol = take({{"/A/a.txt", LockMode::S}}, "carol", "download");
        bob = waitFor({{"/A", LockMode::X}}, "bob", "delete-folder");
        return !alice.empty() && !carol.empty() && !bob.empty()
            && QTest::qWaitFor([&] { return window->waiterModel()->blockers(bob).size() == 2; }, kTimeout);
    }

    LeaseId take(std::vector<LockRequest> requests, const char* owner, const char* op)
    {
        const AcquireResult r = engine->acquire(requests, as(owner, op));
        return r.granted ? r.grant.lease : LeaseId();
    }

    /// A waiting acquire, refused and registered for ten minutes.
    LeaseId waitFor(std::vector<LockRequest> requests, const char* owner, const char* op)
    {
        AcquireOptions o = as(owner, op);
        o.wait = 1s;
        o.leaseId = newLeaseId();
        o.waitRefresh = 10min;
        return engine->acquire(requests, o).granted ? LeaseId() : *o.leaseId;
    }

    /// Bob tries again: granted once nothing is in his way.
    bool bobGetsIn()
    {
        AcquireOptions o = as("bob", "delete-folder");
        o.leaseId = bob;
        return engine->acquire({{"/A", LockMode::X}}, o).granted;
    }

    int forceEvents(const QString& reason)
    {
        int n = 0;
        for (const Event& e : engine->events("0", 1000))
            n += e.type == EventType::Force && QString::fromStdString(e.reason) == reason;
        return n;
    }

    QModelIndex bobsRow(int column = WaiterTableModel::OwnerColumn) const
    {
        const int row = window->waiterModel()->rowOf(bob);
        return row < 0 ? QModelIndex()
                       : window->waitingPanel()->proxy()->mapFromSource(window->waiterModel()->index(row, column));
    }

    std::unique_ptr<MainWindow> window;
    std::shared_ptr<Engine> engine;
    LeaseId alice, carol, bob;
};

/// The tab of `dock` in the bottom dock area's tab bar, clicked as a user does.
bool clickTab(MainWindow& w, QDockWidget* dock)
{
    for (QTabBar* tabs : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        if (!tabs->isVisible())
            continue;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i) == dock->windowTitle()) {
                QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(i).center());
                return dockInFront(w, dock);
            }
    }
    return false;
}

/// Confirms the force-release dialog with the mouse, with the reason it offers;
/// records that reason and what the dialog listed.
void clickConfirm(QWidget* modal, QString* reason, QString* listed)
{
    auto* reasons = modal->findChild<QComboBox*>(QStringLiteral("forceReleaseReasons"));
    auto* ok = modal->findChild<QPushButton*>(QStringLiteral("forceReleaseButton"));
    if (auto* items = modal->findChild<QLabel*>(QStringLiteral("forceReleaseItems")))
        *listed = items->text();
    if (!reasons || !ok || !ok->isEnabled())
        return rejectDialog(modal);
    *reason = reasons->currentText();
    QTest::mouseClick(ok, Qt::LeftButton);
}

/// A dialog watcher that goes with the test that made it, answered or not
/// (one left over would answer the next test's dialog with this test's variables).
struct Watch {
    QPointer<QTimer> timer;
    ~Watch() { delete timer.data(); }
};

} // namespace

class TestOnCall : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareStudioTests(); }

    void theWaitingTabAndADoubleClickReleaseEverythingInTheWay()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        // The row names both blockers, not only the first.
        QTRY_VERIFY_WITH_TIMEOUT(s.bobsRow(WaiterTableModel::BehindColumn).data().toString().contains(QStringLiteral("+1")), kTimeout);
        // Action 1: the Waiting tab.
        QVERIFY(clickTab(w, w.waitingDock()));
        // Action 2: a double-click on bob's row; then the confirmation.
        QString reason, listed;
        bool dialog = false;
        Watch watch1{whenModal([&](QWidget* modal) { clickConfirm(modal, &reason, &listed); }, &dialog)};
        QTableView* view = w.waitingPanel()->view();
        const QPoint at = view->visualRect(s.bobsRow()).center();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at); // a double-click starts as a click
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(dialog);
        QVERIFY2(listed.contains(QStringLiteral("alice")) && listed.contains(QStringLiteral("carol")), qPrintable(listed));
        QVERIFY(!reason.isEmpty()); // offered: the mouse alone confirms
        QTRY_VERIFY_WITH_TIMEOUT(s.engine->snapshot().leases.empty(), kTimeout);
        QCOMPARE(s.forceEvents(reason), 2);
        QVERIFY(s.bobGetsIn());
        QTRY_VERIFY_WITH_TIMEOUT(w.lastActionMessage().contains(QStringLiteral("bob")), kTimeout);
    }

    void theTreesMenuReleasesWhatBlocksTheWaiterThere()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        QTreeView* tree = w.treePanel()->view();
        auto* proxy = qobject_cast<QAbstractProxyModel*>(tree->model());
        QVERIFY(proxy);
        const QModelIndex a = proxy->mapFromSource(w.treeModel()->indexForPath("/A"));
        QVERIFY(a.isValid());
        // Action 1: right-click /A, where the badge says someone waits.
        QMenu* menu = openContextMenu(tree, a, QStringLiteral("treeNodeMenu"));
        QVERIFY(menu);
        QString reason, listed;
        bool dialog = false;
        Watch watch2{whenModal([&](QWidget* modal) { clickConfirm(modal, &reason, &listed); }, &dialog)};
        // Action 2: the entry that names bob.
        QAction* unblock = menu->findChild<QAction*>(QStringLiteral("releaseNodeWaiterBlockers"));
        QVERIFY(unblock && unblock->text().contains(QStringLiteral("bob")));
        QVERIFY(pick(menu, QStringLiteral("releaseNodeWaiterBlockers")));
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(s.engine->snapshot().leases.empty(), kTimeout);
        QVERIFY(s.bobGetsIn());
    }

    void theKeyboardAloneGetsThereAndShowsWhereItIs()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        auto* ring = w.findChild<FocusRing*>(QStringLiteral("focusRing"));
        QVERIFY(ring);
        // Key 1: Ctrl+Shift+W brings the Waiting panel forward and gives it the keys,
        // with the longest waiter (bob, the only one) selected.
        QTest::keyClick(&w, Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
        QTableView* view = w.waitingPanel()->view();
        QTRY_VERIFY_WITH_TIMEOUT(view->hasFocus(), kTimeout);
        QCOMPARE(w.waitingPanel()->currentWaiterId(), QString::fromStdString(s.bob));
        // The ring is drawn around the table.
        QTRY_VERIFY_WITH_TIMEOUT(ring->isVisible(), kTimeout);
        QCOMPARE(ring->target(), static_cast<QWidget*>(view));
        QVERIFY(ring->geometry().contains(QRect(view->mapTo(&w, QPoint(0, 0)), view->size())));
        // Key 2: Del opens the dialog over everything in bob's way; Enter confirms.
        bool dialog = false;
        QString reason;
        Watch watch3{whenModal([&](QWidget* modal) {
            auto* field = modal->findChild<QLineEdit*>(QStringLiteral("forceReleaseReason"));
            if (!field)
                return rejectDialog(modal);
            reason = field->text();
            QTest::keyClick(field, Qt::Key_Return);
        }, &dialog)};
        QTest::keyClick(view, Qt::Key_Delete);
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(s.engine->snapshot().leases.empty(), kTimeout);
        QCOMPARE(s.forceEvents(reason), 2);
    }

    void theReasonIsRememberedAndPresetsAreOffered()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        QStringList offered;
        Watch watch4{whenModal([&](QWidget* modal) {
            auto* reasons = modal->findChild<QComboBox*>(QStringLiteral("forceReleaseReasons"));
            auto* field = modal->findChild<QLineEdit*>(QStringLiteral("forceReleaseReason"));
            if (!reasons || !field)
                return rejectDialog(modal);
            for (int i = 0; i < reasons->count(); ++i)
                offered << reasons->itemText(i);
            // Typing replaces the suggestion.
            QTest::keyClicks(field, QStringLiteral("disk full on the build host"));
            QTest::keyClick(field, Qt::Key_Return);
        })};
        w.releaseBlockers(QString::fromStdString(s.bob));
        QVERIFY(offered.size() >= 3);
        QTRY_COMPARE_WITH_TIMEOUT(s.forceEvents(QStringLiteral("disk full on the build host")), 2, kTimeout);
        // The next dialog starts from it.
        const LeaseId dave = s.take({{"/B/b.txt", LockMode::X}}, "dave", "upload");
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(dave) >= 0, kTimeout);
        QString first;
        Watch watch5{whenModal([&](QWidget* modal) {
            if (auto* reasons = modal->findChild<QComboBox*>(QStringLiteral("forceReleaseReasons")))
                first = reasons->currentText();
            rejectDialog(modal);
        })};
        w.forceRelease(QString::fromStdString(dave));
        QCOMPARE(first, QStringLiteral("disk full on the build host"));
    }

    void theLocksMenuReleasesWhatBlocksTheLongestWaiter()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        QAction* action = menuBarAction(w, QStringLiteral("releaseBlockersAction"));
        QVERIFY(action);
        QTRY_VERIFY_WITH_TIMEOUT(action->isEnabled(), kTimeout);
        QString context;
        Watch watch{whenModal([&](QWidget* modal) {
            if (auto* label = modal->findChild<QLabel*>(QStringLiteral("forceReleaseContext")))
                context = label->text();
            if (auto* ok = modal->findChild<QPushButton*>(QStringLiteral("forceReleaseButton")))
                QTest::mouseClick(ok, Qt::LeftButton);
            else
                rejectDialog(modal);
        })};
        QTest::keyClick(&w, Qt::Key_B, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(context.contains(QStringLiteral("bob")), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(s.engine->snapshot().leases.empty(), kTimeout);
        QVERIFY(s.bobGetsIn());
    }

    void theLeaseTitleCountsALeaseThatExpiresAsExpired()
    {
        Scene s;
        QVERIFY(showActive(*s.window));
        AcquireOptions o = as("dave", "upload");
        o.ttl = 1500ms;
        QVERIFY(s.engine->acquire({{"/B/b.txt", LockMode::X}}, o).granted);
        auto* title = s.window->leasePanel()->findChild<QLabel*>();
        QVERIFY(title);
        QTRY_VERIFY_WITH_TIMEOUT(s.window->leaseModel()->leaseCount() == 1, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(title->text().contains(QStringLiteral("1 expired")), kTimeout);
        QVERIFY2(title->text().contains(QStringLiteral("0 live")), qPrintable(title->text()));
    }

    void theLeaseTitleSaysWhichFiltersHideRows()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->leaseCount() == 2, kTimeout);
        QVERIFY(w.treePanel()->selectPath(QStringLiteral("/A/C")));
        QLineEdit* filter = w.leasePanel()->filterField();
        filter->setFocus();
        QTest::keyClicks(filter, QStringLiteral("bob"));
        auto* title = w.leasePanel()->findChild<QLabel*>();
        QTRY_VERIFY_WITH_TIMEOUT(title->text().contains(QStringLiteral("0 of 2 shown")), kTimeout);
        QVERIFY2(title->text().contains(QStringLiteral("touching /A/C")) && title->text().contains(QStringLiteral("bob")),
                 qPrintable(title->text()));
    }

    void severalRequestsAreCutAtTheEndNotInTheMiddle()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        const LeaseId erin = s.take({{"/B/b.txt", LockMode::X}, {"/B/c.txt", LockMode::X}}, "erin", "move-file");
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(erin) >= 0, kTimeout);
        QTableView* view = w.leasePanel()->view();
        // The delegate the column draws with: one request keeps the view's cut in
        // the middle (mode and file name stay), several are cut at the end.
        struct Probe : QStyledItemDelegate {
            using QStyledItemDelegate::initStyleOption;
        };
        const auto elideOf = [&](const LeaseId& id, QString* text) {
            const QModelIndex index = view->model()->index(w.leaseModel()->rowOf(id), LeaseTableModel::PathsColumn);
            auto* delegate = static_cast<Probe*>(static_cast<QStyledItemDelegate*>(view->itemDelegateForIndex(index)));
            QStyleOptionViewItem option;
            option.initFrom(view);
            option.textElideMode = view->textElideMode();
            delegate->initStyleOption(&option, index);
            *text = option.text;
            return option.textElideMode;
        };
        QString text;
        QCOMPARE(elideOf(erin, &text), Qt::ElideRight);
        QVERIFY2(text.contains(QStringLiteral(", ")), qPrintable(text));
        QCOMPARE(elideOf(s.alice, &text), Qt::ElideMiddle);
        QVERIFY2(!text.contains(QStringLiteral(", ")), qPrintable(text));
    }

    void theWaitingPanelsButtonsAreReachedByTab()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        QTest::keyClick(&w, Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
        QTableView* view = w.waitingPanel()->view();
        QTRY_VERIFY_WITH_TIMEOUT(view->hasFocus(), kTimeout);
        // Back from the table: Release blockers…, then Show blocker, each taking the keys.
        QTest::keyClick(view, Qt::Key_Backtab, Qt::ShiftModifier);
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(w.waitingPanel()->releaseBlockersButton()), kTimeout);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ShiftModifier);
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(w.waitingPanel()->showBlockerButton()), kTimeout);
        // Space presses it: the lease in bob's way is selected in the lease table.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Space);
        QTRY_VERIFY_WITH_TIMEOUT(!w.leasePanel()->currentLeaseId().isEmpty(), kTimeout);
    }

    void tabLeavesATableForTheNextControlInView()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        QTableView* leases = w.leasePanel()->view();
        leases->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY_WITH_TIMEOUT(leases->hasFocus(), kTimeout);
        QTest::keyClick(leases, Qt::Key_Tab);
        QWidget* next = QApplication::focusWidget();
        QVERIFY(next);
        QVERIFY2(next != leases, "Tab walked the table's cells instead of leaving it");
        QVERIFY2(next->isVisible(), qPrintable(next->objectName()));
    }

    void thePauseButtonHoldsTheViewsAndSaysWhatWaits()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        QToolButton* pause = w.updateHold()->statusButton();
        QVERIFY(pause->isVisible());
        QTest::mouseClick(pause, Qt::LeftButton);
        QVERIFY(w.updateHold()->holding());
        const LeaseId erin = s.take({{"/B/b.txt", LockMode::S}}, "erin", "download");
        QTRY_VERIFY_WITH_TIMEOUT(w.updateHold()->waiting() > 0, kTimeout);
        QVERIFY(pause->text().contains(QStringLiteral("waiting")));
        QCOMPARE(w.leaseModel()->rowOf(erin), -1); // held back
        QTest::mouseClick(pause, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(erin) >= 0, kTimeout);
        QCOMPARE(w.updateHold()->waiting(), 0);
    }

    void restingOnTheLeaseTableKeepsItsRowsWhereTheyAre()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        QTableView* view = w.leasePanel()->view();
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowCount() == 2, kTimeout);
        const QString firstBefore = view->model()->index(0, LeaseTableModel::OwnerColumn).data().toString();
        // The pointer comes to rest on the table.
        QEnterEvent enter(QPointF(5, 5), view->viewport()->mapToGlobal(QPointF(5, 5)), view->viewport()->mapToGlobal(QPointF(5, 5)));
        QApplication::sendEvent(view->viewport(), &enter);
        QVERIFY(w.updateHold()->holdingTable());
        QVERIFY(!w.updateHold()->holding()); // the tree and the other panels go on
        // A lease that would sort first (it expires soonest) arrives.
        AcquireOptions o = as("erin", "upload");
        o.ttl = 30s;
        QVERIFY(s.engine->acquire({{"/B/b.txt", LockMode::X}}, o).granted);
        QTRY_VERIFY_WITH_TIMEOUT(w.updateHold()->waiting() > 0, kTimeout);
        QCOMPARE(view->model()->index(0, LeaseTableModel::OwnerColumn).data().toString(), firstBefore);
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(view->viewport(), &leave);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->index(0, LeaseTableModel::OwnerColumn).data().toString(), QStringLiteral("erin"), kTimeout);
        // A pointer that comes to rest (reading, not aiming) lets the rows go on after a while.
        QApplication::sendEvent(view->viewport(), &enter);
        const LeaseId gina = s.take({{"/B/g.txt", LockMode::X}}, "gina", "upload");
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(gina) >= 0, kTimeout);
        QVERIFY(!w.updateHold()->holdingTable());
    }

    void aWaiterGoneLeavesNothingSelectedInsteadOfItsNeighbour()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        const LeaseId gina = s.waitFor({{"/A/C/c.txt", LockMode::X}}, "gina", "upload");
        QVERIFY(!gina.empty());
        QTRY_VERIFY_WITH_TIMEOUT(w.waiterModel()->rowOf(gina) >= 0, kTimeout);
        QVERIFY(clickTab(w, w.waitingDock()));
        clickRow(w.waitingPanel()->view(), s.bobsRow());
        QCOMPARE(w.waitingPanel()->currentWaiterId(), QString::fromStdString(s.bob));
        // bob stops waiting (his wait is cancelled): gina's row must not become the selection.
        QVERIFY(s.engine->cancelWait(s.bob));
        QTRY_VERIFY_WITH_TIMEOUT(w.waiterModel()->rowOf(s.bob) < 0, kTimeout);
        QCOMPARE(w.waitingPanel()->currentWaiterId(), QString());
    }

    void anOutcomeLeavesTheStatusBarAfterAWhile()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        auto* result = w.findChild<QLabel*>(QStringLiteral("actionResult"));
        auto* timer = w.findChild<QTimer*>(QStringLiteral("actionResultTimer"));
        QVERIFY(result && timer);
        Watch watch{whenModal([](QWidget* modal) {
            if (auto* ok = modal->findChild<QPushButton*>(QStringLiteral("forceReleaseButton")))
                QTest::mouseClick(ok, Qt::LeftButton);
            else
                rejectDialog(modal);
        })};
        w.releaseBlockers(QString::fromStdString(s.bob));
        QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(QStringLiteral("bob")), kTimeout);
        QVERIFY(timer->isActive());
        timer->start(10); // the 15 s, shortened
        QTRY_VERIFY_WITH_TIMEOUT(result->text().isEmpty(), kTimeout);
    }

    void theEventLogGoesOnFollowingOnceItHasTheKeys()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        for (int i = 0; i < 60; ++i)
            QVERIFY(!s.take({{"/B/f" + std::to_string(i), LockMode::X}}, "erin", "upload").empty());
        auto* log = w.findChild<EventLogPanel*>();
        QVERIFY(log);
        QTableView* view = log->view();
        QScrollBar* bar = view->verticalScrollBar();
        QTRY_VERIFY_WITH_TIMEOUT(bar->maximum() > 0 && bar->value() == bar->maximum(), kTimeout);
        // Tab brings the keys to the log (as from the control before it).
        view->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY_WITH_TIMEOUT(view->hasFocus(), kTimeout);
        for (int i = 0; i < 20; ++i)
            QVERIFY(!s.take({{"/B/g" + std::to_string(i), LockMode::X}}, "erin", "upload").empty());
        const int before = bar->maximum();
        QTRY_VERIFY_WITH_TIMEOUT(bar->maximum() > before, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() == bar->maximum(), kTimeout);
    }

    void theHotSpotsWaitersAgreeWithTheWaitingPanel()
    {
        Scene s;
        QVERIFY(s.setUp());
        MainWindow& w = *s.window;
        const std::string clash = w.waiterModel()->waiterAt(w.waiterModel()->rowOf(s.bob))->blocker.clashPath;
        QTRY_VERIFY_WITH_TIMEOUT(w.hotSpotModel()->rowOf(clash) >= 0, kTimeout);
        const auto waitersThere = [&] {
            return w.hotSpotModel()->index(w.hotSpotModel()->rowOf(clash), HotSpotModel::WaitersColumn).data().toInt();
        };
        QTRY_COMPARE_WITH_TIMEOUT(waitersThere(), 1, kTimeout);
        // bob gives up: both say so with the same state, not at the next contention reading.
        QVERIFY(s.engine->cancelWait(s.bob));
        QTRY_VERIFY_WITH_TIMEOUT(w.waiterModel()->rowCount() == 0, kTimeout);
        QCOMPARE(waitersThere(), 0);
    }

    void serverWordsAreTheOperatorsAndShort()
    {
        const QString lost = connectionProblemText(
            QStringLiteral("Redis at 127.0.0.1:6379: command XRANGE failed: no answer within 1000 ms"));
        QVERIFY2(!lost.contains(QStringLiteral("XRANGE")), qPrintable(lost));
        QVERIFY2(lost.contains(QStringLiteral("stopped answering")) && lost.contains(QStringLiteral("1000 ms")), qPrintable(lost));
        const QString evicts = QStringLiteral("Redis maxmemory-policy is \"allkeys-lru\", not \"noeviction\": under memory "
                                              "pressure Redis may evict lock keys, and locks would silently vanish");
        QVERIFY(serverWarningShort(evicts).size() < 20);
        // In Chinese, neither is English.
        QTranslator chinese;
        QVERIFY(chinese.load(QStringLiteral(":/i18n/treelock_zh_CN.qm")));
        QCoreApplication::installTranslator(&chinese);
        const QString zhLost = connectionProblemText(
            QStringLiteral("Redis at 127.0.0.1:6379: command XRANGE failed: no answer within 1000 ms"));
        const QString zhShort = serverWarningShort(evicts);
        const QString zhWhole = serverWarningText(evicts);
        QCoreApplication::removeTranslator(&chinese);
        for (const QString& t : {zhLost, zhShort, zhWhole})
            QVERIFY2(!t.contains(QStringLiteral("stopped")) && !t.contains(QStringLiteral("may evict"))
                         && !t.contains(QStringLiteral("evicts keys")),
                     qPrintable(t));
    }

    void aServerThatMayEvictLocksSaysSoWholeInTheStatusBar()
    {
        RedisServer server(RedisServer::Options{false, false, {"maxmemory-policy allkeys-lru"}, {}});
        StudioOptions options = studioOptions(BackendConfig::Kind::Url);
        options.backend.url = QString::fromStdString(server.url());
        options.backend.project = QStringLiteral("evict");
        MainWindow w(options);
        w.resize(1280, 800);
        w.start();
        QVERIFY(showActive(w));
        QTRY_VERIFY_WITH_TIMEOUT(w.statusBar()->currentMessage().contains(QStringLiteral("may evict locks")), kTimeout);
        const QString message = w.statusBar()->currentMessage();
        // It fits beside the permanent labels: nothing of it is cut.
        int permanent = 0;
        for (QWidget* child : w.statusBar()->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
            if (child->isVisible() && child->x() > w.width() / 3)
                permanent += child->width();
        QVERIFY2(w.statusBar()->fontMetrics().horizontalAdvance(message) < w.width() - permanent,
                 qPrintable(message));
    }

    void aTtlIsShownAsItWasSet()
    {
        QCOMPARE(presentation::formatDuration(5999ms), QStringLiteral("6 s"));
        QCOMPARE(presentation::formatDuration(6000ms), QStringLiteral("6 s"));
        QCOMPARE(presentation::formatDuration(1500ms), QStringLiteral("1.5 s"));
        QCOMPARE(presentation::formatDuration(250ms), QStringLiteral("250 ms"));
        QCOMPARE(presentation::formatDuration(59999ms), QStringLiteral("1 min 00 s"));
        Scene s;
        QVERIFY(showActive(*s.window));
        AcquireOptions o = as("alice", "upload");
        o.ttl = 6000ms;
        QVERIFY(s.engine->acquire({{"/B/b.txt", LockMode::X}}, o).granted);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (int r = 0; r < s.window->logModel()->rowCount(); ++r)
                    if (s.window->logModel()->entryAt(r).type == LogEntry::Type::Grant)
                        return s.window->logModel()->entryAt(r).detail.contains(QStringLiteral("TTL 6 s"));
                return false;
            }(),
            kTimeout);
    }
};

TREELOCK_STUDIO_TEST_MAIN(TestOnCall)
#include "tst_oncall.moc"
