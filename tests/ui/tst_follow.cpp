// Studio follows a project on a real redis-server through a LeaseWatch: another
// client's grants, releases, forced releases and expiries show in the lease
// table without the project being read whole every second; a trimmed events
// stream makes it list again and the event log says why; a large project loads
// in the background with its progress in the status bar.
#include "bridge/bridge.h"
#include "mainwindow/mainwindow.h"
#include "panels/eventlog/eventlogmodel.h"
#include "lockview/locktreemodel.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/waiting/waitertablemodel.h"

#include "redisoptions.h"
#include "redisserver.h"
#include "studiotest.h"

#include <treelock/engine.h>
#include <treelock/leaseid.h>
#include <treelock/leasewatch.h>
#include <treelock/redisengine.h>
#include <treelock/redisprotocol.h>

#include <QAction>
#include <QLabel>
#include <QStatusBar>
#include <QTest>

using namespace treelock;
using namespace treelock::ui;
using namespace treelock::test;
using namespace std::chrono_literals;

namespace {

// "Within a few hundred ms": the worker polls every 100 ms; the rest is slack
// for a loaded machine.
constexpr int kFollow = 1500;
constexpr int kTimeout = 20000;

Bridge::Reads reads(const MainWindow& w)
{
    return w.bridge()->reads().get();
}

LeaseId take(Engine& engine, const std::string& path, const std::string& owner, std::chrono::milliseconds ttl = 60s)
{
    AcquireOptions options;
    options.owner = owner;
    options.operation = "upload";
    options.ttl = ttl;
    const AcquireResult r = engine.acquire({{path, LockMode::X}}, options);
    return r.granted ? r.grant.lease : LeaseId{};
}

bool logHas(const MainWindow& w, const QString& text)
{
    for (int r = 0; r < w.logModel()->rowCount(); ++r)
        if (w.logModel()->entryAt(r).detail.contains(text))
            return true;
    return false;
}

QString counts(const MainWindow& w)
{
    auto* label = w.statusBar()->findChild<QLabel*>(QStringLiteral("countsLabel"));
    return label ? label->text() : QString();
}

// `count` leases in `project`, one X lock each on /bulk/f<i>, pipelined a thousand at a time.
bool fill(const RedisServer& server, const char* project, int count)
{
    const redis::KeySchema keys(project);
    redis::RawConnection c(server.url());
    const redis::Library& library = redis::embeddedLibrary();
    c.load(library);
    const std::string function = library.function(redis::Script::Acquire);
    for (int first = 0; first < count; first += 1000) {
        const int last = std::min(count, first + 1000);
        for (int i = first; i < last; ++i)
            c.append(redis::acquireCall(keys, newLeaseId(), "filler", "upload", 10min, kReapBatch,
                                        {{"/bulk/f" + std::to_string(i), LockMode::X}})
                         .fcall(function));
        for (int i = first; i < last; ++i)
            if (const redis::Reply r = c.readReply(); r.isError()) {
                qWarning("filling %s: %s", project, r.describe().c_str());
                return false;
            }
    }
    return true;
}

StudioOptions redisWindow(const RedisServer& server, const char* project)
{
    StudioOptions options = studioOptions(BackendConfig::Kind::Url);
    options.backend.url = QString::fromStdString(server.url());
    options.backend.project = QString::fromLatin1(project);
    return options;
}

// The first list ended.
bool synced(const MainWindow& w)
{
    const Bridge::Reads r = reads(w);
    return r.watch && r.watch->relistsFor(RelistReason::Start) == 1 && !counts(w).startsWith(QStringLiteral("Loading"));
}

/// A window following `project` on a redis-server of its own, and another
/// client of that server.
struct Followed {
    explicit Followed(const char* project)
        : window(redisWindow(server, project)), other(redisOptionsFor(server), project)
    {
        window.start();
    }
    /// Shown, active, and done with its first list.
    bool ready() { return showActive(window) && QTest::qWaitFor([this] { return synced(window); }, kTimeout); }

    RedisServer server;
    MainWindow window;
    RedisEngine other;
};

/// A window on `project`, filled with `leases` leases first, on a redis-server of its own.
struct Filled {
    Filled(const char* project, int leases) : filled(fill(server, project, leases)), window(redisWindow(server, project)) {}
    /// Filled, connecting, shown and active.
    bool start()
    {
        window.start();
        return filled && showActive(window);
    }

    RedisServer server;
    bool filled;
    MainWindow window;
};

} // namespace

class TestFollow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareStudioTests(); }

    // Someone waits: the Waiting panel shows them from reads of the waiters
    // alone, never of the project's leases.
    void showsWaitersWithoutReadingTheLeases()
    {
        Followed f("waiters");
        QVERIFY(f.ready());
        MainWindow& w = f.window;
        RedisEngine& other = f.other;
        const std::uint64_t snapshots = reads(w).snapshots;

        const LeaseId held = take(other, "/A", "alice");
        QVERIFY(!held.empty());
        AcquireOptions wait;
        wait.owner = "bob";
        wait.operation = "upload";
        wait.wait = 200ms;
        wait.leaseId = newLeaseId();
        wait.waitRefresh = 10min; // stays registered after the attempt gives up
        QVERIFY(!other.acquire({{"/A/a.txt", LockMode::X}}, wait).granted);
        QTRY_VERIFY_WITH_TIMEOUT(w.waiterModel()->rowOf(*wait.leaseId) >= 0, kTimeout);

        // The grant of the waiter's id ends its wait.
        QVERIFY(other.release(held).status == LeaseStatus::Ok);
        wait.wait = 0ms;
        QVERIFY(other.acquire({{"/A/a.txt", LockMode::X}}, wait).granted);
        QTRY_VERIFY_WITH_TIMEOUT(w.waiterModel()->rowOf(*wait.leaseId) < 0, kFollow);
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(*wait.leaseId) >= 0, kFollow);

        const Bridge::Reads after = reads(w);
        QCOMPARE(after.snapshots, snapshots);
        QVERIFY(after.waiterReads >= 1);
    }

    void followsAnotherClientWithoutReadingTheProjectWhole()
    {
        Followed f("follow");
        QVERIFY(f.ready());
        MainWindow& w = f.window;
        RedisEngine& other = f.other;
        const std::uint64_t snapshots = reads(w).snapshots;

        const LeaseId kept = take(other, "/A", "alice");
        QVERIFY(!kept.empty());
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(kept) >= 0, kFollow);

        const LeaseId released = take(other, "/B", "bob");
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(released) >= 0, kFollow);
        QVERIFY(other.release(released).status == LeaseStatus::Ok);
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(released) < 0, kFollow);

        const LeaseId forced = take(other, "/C", "carol");
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(forced) >= 0, kFollow);
        ForceOptions force;
        force.operatorName = "ops";
        force.reason = "stuck";
        force.admin = true;
        QVERIFY(other.forceRelease(forced, force).status == LeaseStatus::Ok);
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(forced) < 0, kFollow);

        // A short lease shows, then shows expired (as a snapshot lists it until
        // it is reaped), then leaves when a sweep reaps it.
        const LeaseId brief = take(other, "/D", "dave", 400ms);
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(brief) >= 0, kFollow);
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->statusAt(w.leaseModel()->rowOf(brief)) == LeaseTableModel::Status::Expired,
                                 400 + kFollow);
        QTRY_VERIFY_WITH_TIMEOUT(w.releaseExpiredAction()->isEnabled(), kFollow);
        QCOMPARE(other.sweep("ops"), std::size_t(1));
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(brief) < 0, kFollow);
        QTRY_COMPARE_WITH_TIMEOUT(w.leaseModel()->rowCount(), 1, kFollow);
        QVERIFY2(counts(w).startsWith(QStringLiteral("1 live lease")), qPrintable(counts(w)));

        // Some seconds later: still the one list, and no snapshot read.
        QTest::qWait(2500);
        QVERIFY(w.leaseModel()->rowOf(kept) >= 0);
        const Bridge::Reads after = reads(w);
        QCOMPARE(after.snapshots, snapshots);
        QVERIFY(after.watch);
        std::uint64_t lists = 0;
        for (const std::uint64_t n : after.watch->relists)
            lists += n;
        QCOMPARE(lists, std::uint64_t(1));
        QVERIFY(after.watch->events >= 6);
    }

    void aTrimmedStreamMakesItListAgainAndTheLogSaysWhy()
    {
        Followed f("trim");
        QVERIFY(f.ready());
        MainWindow& w = f.window;
        RedisEngine& other = f.other;
        const LeaseId a = take(other, "/A", "alice");
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(a) >= 0, kFollow);

        // The stream loses the event the watch read last; a lease granted then
        // is found by the list.
        const redis::KeySchema keys("trim");
        f.server.cli({"XTRIM", keys.events(), "MAXLEN", "0"});
        const LeaseId b = take(other, "/B", "bob");
        f.server.cli({"XTRIM", keys.events(), "MAXLEN", "0"});
        QTRY_VERIFY_WITH_TIMEOUT(reads(w).watch->relistsFor(RelistReason::StreamTrimmed) >= 1, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(b) >= 0, kTimeout);
        QVERIFY(w.leaseModel()->rowOf(a) >= 0);
        QTRY_VERIFY_WITH_TIMEOUT(logHas(w, QStringLiteral("Listing the project's leases again (stream-trimmed): ")), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(logHas(w, QStringLiteral("Listed 2 lease")), kTimeout);
        QVERIFY(logHas(w, QStringLiteral("following the events stream again")));
    }

    void aLargeProjectLoadsInTheBackground()
    {
        constexpr int kLeases = 20000;
        Filled f("large", kLeases);
        QVERIFY(f.start());
        MainWindow& w = f.window;
        // Rows show, and the status bar counts them, before the list ends.
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowCount() > 0 && counts(w).startsWith(QStringLiteral("Loading leases… ")),
                                 kTimeout);
        const QString progress = counts(w);
        QVERIFY2(progress.contains(QStringLiteral(" of ~")), qPrintable(progress));
        QVERIFY2(w.leaseModel()->rowCount() < kLeases, qPrintable(progress));
        QTRY_COMPARE_WITH_TIMEOUT(w.leaseModel()->rowCount(), kLeases, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!counts(w).startsWith(QStringLiteral("Loading")), kTimeout);
        QCOMPARE(reads(w).snapshots, std::uint64_t(0));
    }

    // Decorating a large project takes the worker long: the decorated states
    // are made on a pool thread while the worker goes on following, so the
    // table takes each change at the usual pace and the tree catches up.
    void aLargeProjectsTreeIsDecoratedAsideWhileTheTableFollows()
    {
        constexpr int kLeases = 150000;
        Filled f("big", kLeases);
        QVERIFY(f.start());
        MainWindow& w = f.window;
        const RedisServer& server = f.server;
        QTRY_VERIFY_WITH_TIMEOUT(!counts(w).startsWith(QStringLiteral("Loading")) && w.leaseModel()->leaseCount() == kLeases,
                                 120000);
        RedisEngine other(redisOptionsFor(server), "big");
        // Changes keep coming until a decorated state made aside went out, and once more after it.
        int n = 0;
        const auto change = [&] { return !take(other, "/more/f" + std::to_string(n++) + ".txt", "dora").empty(); };
        QTRY_VERIFY_WITH_TIMEOUT((change(), reads(w).decoratedAside > 0), 120000);
        const std::string last = "/more/f" + std::to_string(n) + ".txt";
        QVERIFY(change());
        // The table has it within a light state's pace...
        QTRY_COMPARE_WITH_TIMEOUT(w.leaseModel()->leaseCount(), kLeases + n, 5000);
        // ...and the tree, at the next decorated state: every lease held, the counts as the table's.
        QTRY_VERIFY_WITH_TIMEOUT(w.treeModel()->indexForPath(last).isValid(), 60000);
        QCOMPARE(NodeKind(w.treeModel()->indexForPath(last).data(LockTreeModel::KindRole).toInt()), NodeKind::HeldX);
        QTRY_VERIFY_WITH_TIMEOUT(!w.treeModel()->behind(), 60000);
        QCOMPARE(w.treeModel()->state()->leases.size(), std::size_t(kLeases + n));
        QVERIFY2(counts(w).startsWith(QLocale().toString(kLeases + n) + QStringLiteral(" live")), qPrintable(counts(w)));
        QCOMPARE(reads(w).snapshots, std::uint64_t(0));
    }
};

QTEST_MAIN(TestFollow)
#include "tst_follow.moc"
