// Studio's Timeline: the model builds bars from stream events and lock states
// (grants, releases, forced releases, waits that end in a grant or a give-up)
// and answers "what was held at t"; the panel's real widgets zoom, select the
// lease, the waiter or the event a bar or a line stands for in a real
// MainWindow on a real redis-server, and a drag puts the time cursor there.
#include "mainwindow/mainwindow.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/eventlog/eventlogpanel.h"
#include "panels/leases/leasepanel.h"
#include "panels/timeline/timelinemodel.h"
#include "panels/timeline/timelinepanel.h"
#include "panels/timeline/timelinetext.h"
#include "panels/timeline/timelineview.h"
#include "panels/waiting/waitingpanel.h"

#include "redisoptions.h"
#include "redisserver.h"
#include "studiotest.h"
#include "testleases.h"

#include <treelock/redisengine.h>

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>

#include <thread>

using namespace treelock;
using namespace treelock::ui;
using namespace treelock::test;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeout = 15000;

const ServerTime kT0 = ui::test::kNow;

LogEntry entry(LogEntry::Type type, const char* lease, ServerTime at, std::vector<LockRequest> requests = {{"/A/C", LockMode::X}},
               const char* owner = "alice")
{
    LogEntry e;
    e.type = type;
    e.lease = QString::fromLatin1(lease);
    e.owner = QString::fromLatin1(owner);
    e.operation = QStringLiteral("move-folder");
    e.time = at;
    e.requests = std::move(requests);
    e.paths = requestsText(e.requests);
    e.expiresAt = at + 60s;
    e.streamId = QStringLiteral("%1-0").arg(at.time_since_epoch().count());
    return e;
}

/// A state at `at` with `leases` (no delta: a simulation's) and `waiters`.
LockState stateAt(ServerTime at, std::vector<LeaseInfo> leases, std::vector<WaiterInfo> waiters, std::uint64_t generation)
{
    LockState s;
    s.generation = generation;
    s.clock = ServerClock{at, std::chrono::steady_clock::now(), 0};
    s.leases = std::move(leases);
    s.waiters = std::move(waiters);
    s.full = true;
    return s;
}

WaiterInfo waiter(const char* id, const char* owner, ServerTime since)
{
    WaiterInfo w;
    w.id = id;
    w.owner = owner;
    w.operation = "upload";
    w.requests = {{"/A/C/D/d.txt", LockMode::X}};
    w.since = since;
    return w;
}

bool hasRow(const TimelineModel& m, TimelineGrouping g, const std::string& key)
{
    for (const TimelineRow* row : m.rows(g))
        if (row->key == key)
            return true;
    return false;
}

/// Shows `panel` at 1000×300; false when it never shows.
bool showPanel(TimelinePanel& panel)
{
    panel.resize(1000, 300);
    panel.show();
    return QTest::qWaitForWindowExposed(&panel);
}

/// The id of the `n`th lease of a busy history, and the path it holds.
std::string busyId(int n)
{
    return QStringLiteral("busy%1").arg(n, 6, 10, QLatin1Char('0')).toStdString();
}
std::string busyPath(int n, int paths)
{
    return "/P" + std::to_string(n % paths) + "/f" + std::to_string(n % paths) + ".txt";
}

/// Leases `first` to `last` - 1 of a busy history, each on a path of its own
/// (`paths` of them in turn), granted a millisecond apart after kT0 and
/// released right after: one batch.
std::vector<LogEntry> busyLeases(int first, int last, int paths)
{
    std::vector<LogEntry> batch;
    for (int n = first; n < last; ++n) {
        const std::string id = busyId(n);
        const ServerTime at = kT0 + std::chrono::milliseconds(n);
        const std::vector<LockRequest> path{{busyPath(n, paths), LockMode::X}};
        const std::string owner = "user" + std::to_string(n % 7);
        batch.push_back(entry(LogEntry::Type::Grant, id.c_str(), at, path, owner.c_str()));
        batch.push_back(entry(LogEntry::Type::Release, id.c_str(), at + 1ms, path, owner.c_str()));
    }
    return batch;
}

/// The path rows of `m`: by key, each with the lease spans it shows found by their ids.
void checkRows(const TimelineModel& m)
{
    const auto& rows = m.rows(TimelineGrouping::Path);
    QVERIFY(std::is_sorted(rows.begin(), rows.end(), [](auto* a, auto* b) { return a->key < b->key; }));
    for (const TimelineRow* row : rows) {
        QVERIFY2(!row->spans.empty(), row->key.c_str());
        for (const std::uint32_t slot : row->spans) {
            const TimelineSpan& s = m.span(slot);
            QCOMPARE(m.findLease(s.id), &s);
            QCOMPARE(s.requests.front().path, row->key);
        }
    }
}

/// A window on a private redis-server's project "timeline", its Timeline dock
/// brought forward through the View menu, and an engine on the same project.
struct RedisStudio {
    RedisServer server;
    std::unique_ptr<MainWindow> window;
    std::shared_ptr<RedisEngine> engine;

    RedisStudio()
    {
        StudioOptions options = studioOptions(BackendConfig::Kind::Url);
        options.backend.url = QString::fromStdString(server.url());
        options.backend.project = QStringLiteral("timeline");
        window = std::make_unique<MainWindow>(options);
        window->setTree(seedProjectTree());
        window->start();
        engine = std::make_shared<RedisEngine>(redisOptionsFor(server), "timeline");
    }
    TimelinePanel* panel() const { return window->timelinePanel(); }
    TimelineView* view() const { return panel()->view(); }
};

/// Waits until the bar of `id` is in view and at least `width` pixels wide.
QRect waitForBar(TimelineView* view, const LeaseId& id, bool wait = false, int width = 6)
{
    QRect r;
    (void)QTest::qWaitFor([&] {
        r = view->barRect(id, wait);
        return r.width() >= width;
    }, kTimeout);
    return r;
}

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        prepareStudioTests();
    }

    void grantMakesABarThatItsReleaseEnds()
    {
        TimelineModel m;
        m.appendLog({entry(LogEntry::Type::Grant, "L1", kT0, {{"/A/C", LockMode::X}, {"/B", LockMode::S}})});
        const TimelineSpan* s = m.findLease("L1");
        QVERIFY(s);
        QCOMPARE(int(s->end), int(TimelineSpan::End::Open));
        QVERIFY(s->from == kT0);
        // A bar in each path's row, and in the owner's.
        QVERIFY(hasRow(m, TimelineGrouping::Path, "/A/C"));
        QVERIFY(hasRow(m, TimelineGrouping::Path, "/B"));
        QVERIFY(hasRow(m, TimelineGrouping::Owner, "alice"));
        QCOMPARE(int(m.modeIn(*s, *m.rows(TimelineGrouping::Path).front(), TimelineGrouping::Path)), int(LockMode::X));
        QCOMPARE(int(m.modeIn(*s, *m.rows(TimelineGrouping::Path).back(), TimelineGrouping::Path)), int(LockMode::S));

        m.appendLog({entry(LogEntry::Type::Release, "L1", kT0 + 5s)});
        s = m.findLease("L1");
        QCOMPARE(int(s->end), int(TimelineSpan::End::Released));
        QVERIFY(s->to == kT0 + 5s);
        QVERIFY(s->shownEnd(kT0 + 1h) == kT0 + 5s);
    }

    void forceReleaseEndsTheBarAndMarksTheMoment()
    {
        TimelineModel m;
        m.appendLog({entry(LogEntry::Type::Grant, "L2", kT0)});
        LogEntry force = entry(LogEntry::Type::Force, "L2", kT0 + 7s);
        force.wasLive = true;
        force.detail = QStringLiteral("live lease revoked by ops@host: stuck job");
        m.appendLog({force});
        const TimelineSpan* s = m.findLease("L2");
        QCOMPARE(int(s->end), int(TimelineSpan::End::Forced));
        QVERIFY(s->to == kT0 + 7s);
        QCOMPARE(m.markers().size(), std::size_t(1));
        const TimelineMarker& marker = m.markers().front();
        QCOMPARE(int(marker.kind), int(TimelineMarker::Kind::Force));
        QVERIFY(marker.at == kT0 + 7s);
        QCOMPARE(marker.streamId, force.streamId);
        QVERIFY(TimelineText::markerTooltip(marker).contains(QStringLiteral("ops@host: stuck job")));
        QVERIFY(TimelineText::spanTooltip(*s, kT0 + 8s).contains(QStringLiteral("force-released")));
    }

    void waitEndsInItsGrantOrInAGiveUp()
    {
        TimelineModel m;
        // Two waiters registered; the first gets its lease (the grant event
        // of its id), the second vanishes with no grant.
        m.applyState(stateAt(kT0 + 1s, {}, {waiter("W1", "bob", kT0), waiter("W2", "carol", kT0 + 500ms)}, 1));
        const TimelineSpan* w1 = m.findWait("W1");
        QVERIFY(w1);
        QCOMPARE(int(w1->kind), int(TimelineSpan::Kind::Wait));
        QCOMPARE(int(w1->end), int(TimelineSpan::End::Open));
        QVERIFY(w1->from == kT0);

        m.appendLog({entry(LogEntry::Type::Grant, "W1", kT0 + 3s, {{"/A/C/D/d.txt", LockMode::X}}, "bob")});
        QCOMPARE(int(m.findWait("W1")->end), int(TimelineSpan::End::Granted));
        QVERIFY(m.findWait("W1")->to == kT0 + 3s);
        QVERIFY(m.findLease("W1") && m.findLease("W1")->from == kT0 + 3s); // the bar the wait joins

        m.applyState(stateAt(kT0 + 4s, {}, {}, 2));
        const TimelineSpan* w2 = m.findWait("W2");
        QCOMPARE(int(w2->end), int(TimelineSpan::End::GaveUp));
        QVERIFY(w2->to == kT0 + 4s);
        QCOMPARE(int(m.findWait("W1")->end), int(TimelineSpan::End::Granted)); // not a give-up
    }

    void successiveStatesMakeBarsWithoutEvents()
    {
        // A simulation's states: a lease present in one and gone in the next ended then.
        using ui::test::testLease;
        using ui::test::testLeaseId;
        TimelineModel m;
        const LeaseInfo l = testLease("S1", {{"/P000/f", LockMode::X}}, 30s, "user-001");
        m.applyState(stateAt(kT0 + 1s, {l}, {waiter(testLeaseId("S2").c_str(), "user-002", kT0)}, 1));
        QCOMPARE(int(m.findLease(l.id)->end), int(TimelineSpan::End::Open));
        QVERIFY(m.findLease(l.id)->from == l.createdAt);
        LeaseInfo granted = testLease("S2", {{"/P000/g", LockMode::X}}, 30s, "user-002");
        granted.createdAt = kT0 + 1500ms;
        m.applyState(stateAt(kT0 + 2s, {granted}, {}, 2));
        QCOMPARE(int(m.findLease(l.id)->end), int(TimelineSpan::End::Gone));
        QVERIFY(m.findLease(l.id)->to == kT0 + 2s);
        // The waiter's lease is in the state that lost the waiter: granted when it was created.
        QCOMPARE(int(m.findWait(granted.id)->end), int(TimelineSpan::End::Granted));
        QVERIFY(m.findWait(granted.id)->to == kT0 + 1500ms);
    }

    void theCursorSaysWhatWasHeldAndWhoWaited()
    {
        TimelineModel m;
        m.appendLog({entry(LogEntry::Type::Grant, "L1", kT0), entry(LogEntry::Type::Grant, "L3", kT0 + 1s, {{"/B", LockMode::S}}, "dave")});
        // The state that lists the waiter lists the leases too (a state tells every lease).
        std::vector<LeaseInfo> held;
        for (const char* id : {"L1", "L3"}) {
            const TimelineSpan* span = m.findLease(id);
            LeaseInfo l = ui::test::testLease(id, span->requests, 60s, span->owner);
            l.id = id;
            l.createdAt = span->from;
            held.push_back(l);
        }
        m.applyState(stateAt(kT0 + 2s, held, {waiter("W1", "bob", kT0 + 1s)}, 1));
        m.appendLog({entry(LogEntry::Type::Release, "L1", kT0 + 10s)});
        m.applyState(stateAt(kT0 + 20s, {held[1]}, {}, 2));
        const TimelineModel::Moment at5 = m.at(kT0 + 5s);
        QCOMPARE(at5.held.size(), std::size_t(2));
        QCOMPARE(at5.waiting.size(), std::size_t(1));
        const QString text = TimelineText::momentText(at5, kT0 + 5s);
        // (English plurals come from the translation the application loads.)
        QVERIFY2(text.contains(QRegularExpression(QStringLiteral("2 lease(s|\\(s\\)) held \\(alice X /A/C; dave S /B\\)"))), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("1 waiting")), qPrintable(text));
        // After the release only dave's lease is held.
        QCOMPARE(m.at(kT0 + 11s).held.size(), std::size_t(1));
        QCOMPARE(m.at(kT0 - 1s).held.size(), std::size_t(0));
    }

    void aBusyHistoryDropsItsQuietestRowsInOnePass()
    {
        // A lease held from the start, then a new path a lease, each released:
        // one row past the cap, and the rows quiet longest go, down to four fifths of it.
        TimelineModel m;
        m.appendLog({entry(LogEntry::Type::Grant, "held", kT0 - 1s, {{"/held", LockMode::X}})});
        const int paths = int(TimelineModel::kMaxRows);
        m.appendLog(busyLeases(0, paths, paths));
        QCOMPARE(m.rows(TimelineGrouping::Path).size(), TimelineModel::kMaxRows * 4 / 5);
        QVERIFY(hasRow(m, TimelineGrouping::Path, "/held")); // busy: it stays, oldest as it is
        QCOMPARE(int(m.findLease("held")->end), int(TimelineSpan::End::Open));
        QVERIFY(!m.findLease(busyId(0)));
        QVERIFY(!hasRow(m, TimelineGrouping::Path, busyPath(0, paths)));
        QVERIFY(m.findLease(busyId(paths - 1)));
        QVERIFY(hasRow(m, TimelineGrouping::Path, busyPath(paths - 1, paths)));
        QCOMPARE(m.spanCount(), TimelineModel::kMaxRows * 4 / 5);
        // Many more passes (rows, and the ids and keys they are found by, go and
        // are used again): the rows stay under the cap, by key, each lease found.
        for (int n = paths; n < 6 * paths; n += 250)
            m.appendLog(busyLeases(n, n + 250, 3 * paths));
        QVERIFY(m.rows(TimelineGrouping::Path).size() <= TimelineModel::kMaxRows);
        QVERIFY(m.rows(TimelineGrouping::Path).size() >= TimelineModel::kMaxRows * 4 / 5);
        QVERIFY(hasRow(m, TimelineGrouping::Path, "/held"));
        checkRows(m);
        QVERIFY(m.findLease(busyId(6 * paths - 1)));
        QCOMPARE(m.at(kT0 - 500ms).held.size(), std::size_t(1));
    }

    void aLongHistoryDropsItsOldestSpansInOnePass()
    {
        // A few paths, a span past the spans' cap: those that came first go, down to four fifths of it.
        TimelineModel m;
        m.appendLog({entry(LogEntry::Type::Grant, "held", kT0 - 1s, {{"/P0/f0.txt", LockMode::S}})});
        const int spans = int(TimelineModel::kMaxSpans);
        m.appendLog(busyLeases(0, spans, 10));
        QCOMPARE(m.spanCount(), TimelineModel::kMaxSpans * 4 / 5);
        QVERIFY(m.findLease("held")); // open: it stays
        QVERIFY(!m.findLease(busyId(0)));
        QVERIFY(!m.findLease(busyId(spans - int(m.spanCount()))));
        QVERIFY(m.findLease(busyId(spans - int(m.spanCount()) + 1)));
        QCOMPARE(m.rows(TimelineGrouping::Path).size(), std::size_t(10));
        checkRows(m);
        QCOMPARE(m.at(kT0 + std::chrono::milliseconds(spans - 1)).held.size(), std::size_t(2));
    }

    void theScrollBarsStayStillUntilTheirHandlesMove()
    {
        // Half an hour of history on a clock that stands still, 5 minutes in view.
        TimelinePanel panel;
        QVERIFY(showPanel(panel));
        TimelineView* view = panel.view();
        auto history = std::make_shared<std::vector<LogEntry>>();
        for (int n = 0; n < 30; ++n) {
            const std::string id = busyId(n);
            const ServerTime at = kT0 + std::chrono::minutes(n);
            history->push_back(entry(LogEntry::Type::Grant, id.c_str(), at, {{busyPath(n, 30), LockMode::X}}));
            history->push_back(entry(LogEntry::Type::Release, id.c_str(), at + 20s, {{busyPath(n, 30), LockMode::X}}));
        }
        panel.appendLog(history);
        const auto clockAt = [&panel](ServerTime at) {
            panel.applyState(std::make_shared<LockState>(stateAt(at, {}, {}, 0)));
        };
        ServerTime now = kT0 + 30min;
        clockAt(now);
        QScrollBar* bar = view->horizontalScrollBar();
        QTRY_COMPARE_WITH_TIMEOUT(bar->maximum(), int((30min - 5min) / 100ms), kTimeout);
        QCOMPARE(bar->value(), bar->maximum());
        int paints = 0;
        struct PaintCounter : QObject {
            int* count;
            explicit PaintCounter(int* c) : count(c) {}
            bool eventFilter(QObject*, QEvent* e) override
            {
                *count += e->type() == QEvent::Paint;
                return false;
            }
        } counter(&paints);
        view->viewport()->installEventFilter(&counter);
        QSignalSpy ranges(bar, &QScrollBar::rangeChanged);
        // A tenth of a second later the handle stays where it is drawn: the bar is left be.
        now += 100ms;
        clockAt(now);
        QTRY_VERIFY_WITH_TIMEOUT(paints >= 2, kTimeout); // the second after a refresh at the new time
        QCOMPARE(ranges.count(), 0);
        // Five minutes later it moves, and the bar with it, still at its end (following).
        now += 5min;
        clockAt(now);
        QTRY_VERIFY_WITH_TIMEOUT(ranges.count() > 0, kTimeout);
        QCOMPARE(bar->maximum(), int((now - kT0 - 5min) / 100ms));
        QCOMPARE(bar->value(), bar->maximum());
        QVERIFY(view->following());
        // A click left of the handle goes back; End follows again.
        QTest::mouseClick(bar, Qt::LeftButton, {}, QPoint(bar->width() / 3, bar->height() / 2));
        QTRY_VERIFY_WITH_TIMEOUT(!view->following(), kTimeout);
        QVERIFY(view->visibleEnd() <= now - 4min);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_End);
        QVERIFY(view->following());
        QVERIFY(view->visibleEnd() == now);
    }

    void zoomButtonsAndKeysChangeTheSpan()
    {
        TimelinePanel panel;
        QVERIFY(showPanel(panel));
        TimelineView* view = panel.view();
        QCOMPARE(view->visibleSpan(), std::chrono::milliseconds(5min));
        QTest::mouseClick(panel.spanButton(1min), Qt::LeftButton);
        QCOMPARE(view->visibleSpan(), std::chrono::milliseconds(1min));
        QVERIFY(panel.spanButton(1min)->isChecked());
        QTest::mouseClick(panel.spanButton(60min), Qt::LeftButton);
        QCOMPARE(view->visibleSpan(), std::chrono::milliseconds(1h));
        QVERIFY(!panel.spanButton(1min)->isChecked());
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Plus);
        QCOMPARE(view->visibleSpan(), std::chrono::milliseconds(30min));
        QTest::keyClick(view, Qt::Key_Minus);
        QTest::keyClick(view, Qt::Key_Minus);
        QCOMPARE(view->visibleSpan(), std::chrono::milliseconds(1h)); // no further than an hour
        // Rows by owner, from the tool bar's box.
        panel.groupingBox()->setCurrentIndex(1);
        QCOMPARE(int(view->grouping()), int(TimelineGrouping::Owner));
    }

    void clickingABarSelectsItsLeaseAndADragSetsTheCursor()
    {
        RedisStudio studio;
        MainWindow& w = *studio.window;
        QVERIFY(showActive(w));
        QAction* action = menuBarAction(w, QStringLiteral("timelineDockAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
        action->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(dockInFront(w, w.timelineDock()), kTimeout);
        QTest::mouseClick(studio.panel()->spanButton(1min), Qt::LeftButton);

        const AcquireResult alice = studio.engine->acquire({{"/A/C", LockMode::X}}, acquireOptions("alice", "move-folder", 10min));
        QVERIFY(alice.granted);
        const LeaseId id = alice.grant.lease;
        const QRect bar = waitForBar(studio.view(), id);
        QVERIFY2(bar.width() >= 6, "alice's bar never showed");
        QVERIFY(studio.window->leasePanel()->currentLeaseId().isEmpty());
        QTest::mouseClick(studio.view()->viewport(), Qt::LeftButton, {}, bar.center());
        QTRY_COMPARE_WITH_TIMEOUT(w.leasePanel()->currentLeaseId(), QString::fromStdString(id), kTimeout);

        // A drag over the chart, right of the bar's start: the cursor's line names alice's lease.
        TimelineView* view = studio.view();
        const QRect chart = view->chartRect();
        const int y = chart.bottom() - 4; // below every row
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, QPoint(chart.left() + 10, y));
        QTest::mouseMove(view->viewport(), QPoint(bar.left() + bar.width() / 2, y));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, QPoint(bar.left() + bar.width() / 2, y));
        QVERIFY(view->timeCursor().has_value());
        const QString text = studio.panel()->cursorLabel()->text();
        QVERIFY2(text.startsWith(QStringLiteral("At ")), qPrintable(text));
        QVERIFY2(text.contains(QRegularExpression(QStringLiteral("1 lease(\\(s\\))? held \\(alice X /A/C\\)"))), qPrintable(text));
        QCOMPARE(view->highlightedRowKeys(), std::vector<std::string>{"/A/C"});
        // The keys move it: Escape drops it, Right puts it back.
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(!view->timeCursor());
        QVERIFY(studio.panel()->cursorLabel()->text().startsWith(QStringLiteral("Click or drag")));
    }

    void aWaitBarSelectsTheWaiterAndAForceLineItsEvent()
    {
        RedisStudio studio;
        MainWindow& w = *studio.window;
        QVERIFY(showActive(w));
        menuBarAction(w, QStringLiteral("timelineDockAction"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(dockInFront(w, w.timelineDock()), kTimeout);
        QTest::mouseClick(studio.panel()->spanButton(1min), Qt::LeftButton);

        const AcquireResult alice = studio.engine->acquire({{"/A/C", LockMode::X}}, acquireOptions("alice", "move-folder", 10min));
        QVERIFY(alice.granted);
        AcquireOptions wait = acquireOptions("bob", "upload", 10min);
        wait.wait = 1s;
        wait.leaseId = newLeaseId();
        wait.waitRefresh = 10min;
        QVERIFY(!studio.engine->acquire({{"/A/C/D/d.txt", LockMode::X}}, wait).granted);
        const QRect waitBar = waitForBar(studio.view(), *wait.leaseId, true);
        QVERIFY2(waitBar.width() >= 6, "bob's wait never showed");
        QTest::mouseClick(studio.view()->viewport(), Qt::LeftButton, {}, waitBar.center());
        QTRY_COMPARE_WITH_TIMEOUT(w.waitingPanel()->currentWaiterId(), QString::fromStdString(*wait.leaseId), kTimeout);

        // An operator's forced release: a line, whose click selects its event in the log.
        menuBarAction(w, QStringLiteral("timelineDockAction"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(dockInFront(w, w.timelineDock()), kTimeout);
        ForceOptions force;
        force.operatorName = "ops";
        force.host = "console";
        force.reason = "stuck move";
        force.admin = true;
        QVERIFY(studio.engine->forceRelease(alice.grant.lease, force).status == LeaseStatus::Ok);
        TimelineModel* model = studio.panel()->liveModel();
        QTRY_COMPARE_WITH_TIMEOUT(model->markers().size(), std::size_t(1), kTimeout);
        QCOMPARE(int(model->findLease(alice.grant.lease)->end), int(TimelineSpan::End::Forced));
        QRect line;
        QTRY_VERIFY_WITH_TIMEOUT(!(line = studio.view()->markerRect(0)).isEmpty(), kTimeout);
        // On the axis, above every bar.
        QTest::mouseClick(studio.view()->viewport(), Qt::LeftButton, {}, QPoint(line.center().x(), 4));
        QTRY_VERIFY_WITH_TIMEOUT(dockInFront(w, w.findChild<QDockWidget*>(QStringLiteral("eventLogDock"))), kTimeout);
        EventLogPanel* log = w.findChild<EventLogPanel*>();
        QVERIFY(log);
        const QModelIndex current = log->view()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.data(EventLogModel::TypeRole).toInt(), int(LogEntry::Type::Force));
        QCOMPARE(current.data(EventLogModel::LeaseIdRole).toString(), QString::fromStdString(alice.grant.lease));
    }
};

TREELOCK_STUDIO_TEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
