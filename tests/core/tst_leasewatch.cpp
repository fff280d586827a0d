// LeaseWatch: the list in pages, the deltas each event gives, expiry without a
// reaper, renewals learnt when due, and every reason to list again, reported and
// counted. Each behaviour on MemoryEngine (manual clock) and RedisEngine
// (throwaway redis-server); the reasons only Redis has (restart, libraries) on Redis.

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/leasewatch.h"
#include "treelock/memoryengine.h"
#include "treelock/redisengine.h"
#include "watchcheck.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>

namespace treelock {

void PrintTo(RelistReason reason, std::ostream* os)
{
    *os << toString(reason);
}

} // namespace treelock

namespace {

using namespace treelock;
using namespace std::chrono_literals;
using std::chrono::milliseconds;
using test::pollUntilQuiet;
using Kind = LeaseDelta::Kind;
using Cause = LeaseDelta::Cause;

const std::string kProject = "watched";

/// One engine and the watches made on it: MemoryEngine on a manual clock, or
/// RedisEngine on a throwaway server, where time is real.
class WatchTest : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override
    {
        if (redis()) {
            test::RedisServer::Options options;
            options.appendOnly = true;
            m_server = std::make_unique<test::RedisServer>(options);
            m_engine = std::make_shared<RedisEngine>(test::redisOptionsFor(*m_server), kProject);
        } else {
            auto clock = m_clockMs;
            m_engine = std::make_shared<MemoryEngine>(kProject, PathOptions{},
                                                      [clock] { return ServerTime{milliseconds{clock->load()}}; });
        }
    }

    bool redis() const { return GetParam(); }
    Engine& engine() { return *m_engine; }
    test::RedisServer& server() { return *m_server; }

    std::unique_ptr<LeaseWatch> watch(LeaseWatchOptions options = {})
    {
        if (redis())
            return std::make_unique<LeaseWatch>(test::redisOptionsFor(*m_server), kProject, options);
        return std::make_unique<LeaseWatch>(static_cast<MemoryEngine&>(*m_engine), options);
    }

    LeaseId grant(const std::string& path, milliseconds ttl = 60s, const std::string& owner = "ann")
    {
        AcquireOptions o;
        o.owner = owner;
        o.operation = "edit";
        o.ttl = ttl;
        const AcquireResult r = m_engine->acquire({{path, LockMode::X}}, o);
        EXPECT_TRUE(r.granted) << path;
        return r.grant.lease;
    }

    /// Lets `d` of server time pass: the manual clock moves, or we sleep.
    void pass(milliseconds d)
    {
        if (redis())
            std::this_thread::sleep_for(d);
        else
            m_clockMs->fetch_add(d.count());
    }

    /// Drops every event of the stream, as XTRIM MAXLEN 0 does.
    void trimStream()
    {
        if (redis())
            m_server->cli({"XTRIM", "tl:{" + kProject + "}:events", "MAXLEN", "0"});
        else
            static_cast<MemoryEngine&>(*m_engine).trimEvents(0);
    }

    /// The view against a fresh snapshot (a margin for Redis, where the two read the clock apart).
    void expectMatches(const LeaseWatch& w, const std::set<LeaseId>& renewed = {})
    {
        test::expectViewMatches(w, engine().snapshot(), redis() ? 50ms : 0ms, renewed);
    }

private:
    std::unique_ptr<test::RedisServer> m_server;
    std::shared_ptr<Engine> m_engine;
    std::shared_ptr<std::atomic<std::int64_t>> m_clockMs =
        std::make_shared<std::atomic<std::int64_t>>(1'800'000'000'000);
};

INSTANTIATE_TEST_SUITE_P(Engines, WatchTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& engine) { return engine.param ? "Redis" : "Memory"; });

TEST_P(WatchTest, listsInPagesAndShowsTheFirstRowsAtOnce)
{
    // Redis answers a sorted set of up to 128 members in one ZSCAN, whatever COUNT says.
    constexpr int kLeases = 300;
    for (int i = 0; i < kLeases; ++i)
        grant("/p/" + std::to_string(i));
    auto w = watch({.pageSize = 100});
    const WatchUpdate first = w->poll(0ms);
    ASSERT_TRUE(first.listing);
    EXPECT_EQ(first.listing->reason, RelistReason::Start);
    EXPECT_EQ(first.listing->total, std::size_t(kLeases));
    EXPECT_FALSE(first.listing->done);
    EXPECT_FALSE(w->synced());
    EXPECT_GE(first.deltas.size(), 1u) << "the first page's leases come with the first poll";
    EXPECT_LT(first.deltas.size(), std::size_t(kLeases));
    const test::Polled rest = pollUntilQuiet(*w);
    ASSERT_FALSE(rest.lists.empty());
    EXPECT_TRUE(rest.lists.back().done);
    EXPECT_GE(rest.lists.back().listed, std::size_t(kLeases));
    EXPECT_TRUE(w->synced());
    EXPECT_EQ(w->leases().size(), std::size_t(kLeases));
    EXPECT_EQ(w->stats().relistsFor(RelistReason::Start), 1u);
    expectMatches(*w);
}

TEST_P(WatchTest, followsGrantsAndReleasesFromTheStream)
{
    const LeaseId before = grant("/a");
    auto w = watch();
    pollUntilQuiet(*w);
    const LeaseId added = grant("/b", 60s, "bob");
    engine().release(before);
    const test::Polled polled = pollUntilQuiet(*w);
    EXPECT_EQ(polled.events, 2u);
    // A grant shows once its record is read, after the batch of events it came in.
    ASSERT_EQ(polled.deltas.size(), 2u);
    EXPECT_EQ(polled.deltas[0].kind, Kind::Removed);
    EXPECT_EQ(polled.deltas[0].cause, Cause::Released);
    EXPECT_EQ(polled.deltas[0].lease.id, before);
    EXPECT_EQ(polled.deltas[1].kind, Kind::Added);
    EXPECT_EQ(polled.deltas[1].lease.id, added);
    EXPECT_EQ(polled.deltas[1].lease.owner, "bob");
    EXPECT_TRUE(polled.lists.empty()) << "the stream answered: no list";
    expectMatches(*w);
}

// A lease granted and released between two polls leaves the view as it was:
// the counts by event type still say it happened (what the exporter counts).
TEST_P(WatchTest, countsEveryEventByTypeEvenWhenTheViewIsUnchanged)
{
    auto w = watch();
    pollUntilQuiet(*w);
    for (int i = 0; i < 3; ++i)
        engine().release(grant("/brief" + std::to_string(i)));
    const LeaseId forced = grant("/forced");
    engine().forceRelease(forced, ForceOptions{.operatorName = "op", .host = "h", .reason = "stuck", .admin = true});
    const test::Polled polled = pollUntilQuiet(*w);
    EXPECT_EQ(polled.events, 8u);
    EXPECT_TRUE(w->leases().empty());
    EXPECT_EQ(w->stats().eventsOf(EventType::Grant), 4u);
    EXPECT_EQ(w->stats().eventsOf(EventType::Release), 3u);
    EXPECT_EQ(w->stats().eventsOf(EventType::Force), 1u);
    EXPECT_EQ(w->stats().eventsOf(EventType::Expire), 0u);
    EXPECT_EQ(w->stats().events, 8u);
}

TEST_P(WatchTest, forcedReleasesLeaveOrMarkTheLeaseRevoked)
{
    const LeaseId gone = grant("/a");
    const LeaseId delayed = grant("/b");
    auto w = watch();
    pollUntilQuiet(*w);
    ForceOptions force{.operatorName = "op", .host = "h", .reason = "stuck", .admin = true};
    engine().forceRelease(gone, force);
    force.lockDelay = 30s;
    engine().forceRelease(delayed, force);
    const test::Polled polled = pollUntilQuiet(*w);
    EXPECT_EQ(polled.count(Kind::Removed, Cause::Forced), 1u);
    ASSERT_EQ(w->leases().count(delayed), 1u);
    EXPECT_TRUE(w->leases().at(delayed).revoked) << "revoked, blocking its paths for the lock-delay";
    EXPECT_EQ(w->leases().count(gone), 0u);
    expectMatches(*w);
}

TEST_P(WatchTest, dropsExpiredLeasesWithoutAReaper)
{
    grant("/short", 100ms);
    grant("/long", 60s);
    auto w = watch();
    pollUntilQuiet(*w);
    ASSERT_EQ(w->leases().size(), 2u);
    pass(250ms);
    const test::Polled polled = pollUntilQuiet(*w);
    EXPECT_EQ(polled.count(Kind::Removed, Cause::Expired), 1u);
    EXPECT_EQ(polled.events, 0u) << "nobody reaped it: no event";
    EXPECT_EQ(w->leases().size(), 1u);
    expectMatches(*w);
}

TEST_P(WatchTest, learnsARenewalWhenTheKnownExpiryComes)
{
    const LeaseId renewed = grant("/a", 300ms);
    auto w = watch();
    pollUntilQuiet(*w);
    const ServerTime known = w->leases().at(renewed).expiresAt;
    pass(100ms);
    const RenewResult r = engine().renew(renewed, 60s);
    ASSERT_EQ(r.status, LeaseStatus::Ok);
    pollUntilQuiet(*w);
    EXPECT_EQ(w->leases().at(renewed).expiresAt, known) << "a renewal leaves no event";
    pass(300ms);
    const test::Polled polled = pollUntilQuiet(*w);
    EXPECT_EQ(polled.count(Kind::Changed), 1u);
    EXPECT_EQ(w->leases().at(renewed).expiresAt, r.expiresAt);
    EXPECT_EQ(w->leases().at(renewed).ttl, 60s);
    EXPECT_EQ(w->stats().recordReads, 1u) << "the due lease (the list read the rest)";
    expectMatches(*w);
}

TEST_P(WatchTest, listsAgainWhenTheStreamWasTrimmedPastItsPosition)
{
    grant("/a");
    auto w = watch();
    pollUntilQuiet(*w);
    grant("/b");
    trimStream(); // the grant of /b is gone from the stream before the watch read it
    const test::Polled polled = pollUntilQuiet(*w);
    ASSERT_EQ(polled.finishedLists(), std::vector<RelistReason>{RelistReason::StreamTrimmed});
    EXPECT_NE(polled.lists.front().why.find("no longer holds event"), std::string::npos) << polled.lists.front().why;
    EXPECT_EQ(w->stats().relistsFor(RelistReason::StreamTrimmed), 1u);
    EXPECT_EQ(w->leases().size(), 2u);
    expectMatches(*w);
}

TEST_P(WatchTest, listsEveryIntervalAtEventsAuditAndOnceWhenItEnds)
{
    auto w = watch({.auditRelist = 150ms});
    grant("/a");
    pollUntilQuiet(*w);
    engine().setEventLevel(EventLevel::Audit, "op");
    pollUntilQuiet(*w);
    const LeaseId unrecorded = grant("/b");
    pollUntilQuiet(*w);
    EXPECT_EQ(w->leases().count(unrecorded), 0u) << "a grant at events=audit leaves no event";
    std::this_thread::sleep_for(200ms);
    const test::Polled listed = pollUntilQuiet(*w);
    EXPECT_EQ(listed.finishedLists(), std::vector<RelistReason>{RelistReason::AuditEvents});
    EXPECT_EQ(w->leases().count(unrecorded), 1u);
    engine().release(unrecorded);
    engine().setEventLevel(EventLevel::All, "op");
    const test::Polled back = pollUntilQuiet(*w);
    EXPECT_EQ(back.finishedLists(), std::vector<RelistReason>{RelistReason::AuditEvents});
    EXPECT_NE(back.lists.back().why.find("again"), std::string::npos) << back.lists.back().why;
    EXPECT_EQ(w->leases().count(unrecorded), 0u);
    EXPECT_EQ(w->stats().relistsFor(RelistReason::AuditEvents), 2u);
    expectMatches(*w);
}

TEST_P(WatchTest, startsAtEventsAuditAndListsAgainOnItsOwn)
{
    engine().setEventLevel(EventLevel::Audit, "op");
    auto w = watch({.auditRelist = 100ms});
    pollUntilQuiet(*w);
    grant("/a");
    std::this_thread::sleep_for(150ms);
    const test::Polled polled = pollUntilQuiet(*w);
    EXPECT_EQ(polled.finishedLists(), std::vector<RelistReason>{RelistReason::AuditEvents});
    EXPECT_EQ(w->leases().size(), 1u);
}

TEST_P(WatchTest, refusesOptionsOutOfRange)
{
    EXPECT_THROW(watch({.pageSize = 0}), InvalidInput);
    EXPECT_THROW(watch({.pageSize = 5001}), InvalidInput);
    EXPECT_THROW(watch({.eventBatch = 0}), InvalidInput);
    EXPECT_THROW(watch({.auditRelist = 0ms}), InvalidInput);
    EXPECT_THROW(watch({.pace = -1ms}), InvalidInput);
}

TEST(MemoryWatch, readsTheStreamAtMostOncePerPace)
{
    MemoryEngine engine(kProject);
    LeaseWatch w(engine, {.pace = 300ms});
    pollUntilQuiet(w);
    AcquireOptions o;
    o.ttl = 60s;
    engine.acquire({{"/a", LockMode::X}}, o);
    EXPECT_EQ(w.poll(1s).events, 1u);
    engine.acquire({{"/b", LockMode::X}}, o);
    const auto started = std::chrono::steady_clock::now();
    const WatchUpdate next = w.poll(1s);
    EXPECT_GE(std::chrono::steady_clock::now() - started, 250ms) << "the second read waits out the pace";
    EXPECT_EQ(next.events, 1u);
    EXPECT_EQ(next.deltas.size(), 1u);
}

TEST(RedisWatch, listsAgainWhenTheFunctionLibrariesChange)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), kProject);
    LeaseWatch w(test::redisOptionsFor(server), kProject, {.libraryCheck = 1ms});
    pollUntilQuiet(w);
    server.cli({"FUNCTION", "FLUSH"});
    const test::Polled polled = pollUntilQuiet(w);
    ASSERT_FALSE(polled.finishedLists().empty());
    EXPECT_EQ(polled.finishedLists().front(), RelistReason::LibraryChanged);
    EXPECT_NE(polled.lists.front().why.find("-> none"), std::string::npos) << polled.lists.front().why;
    EXPECT_EQ(w.stats().relistsFor(RelistReason::LibraryChanged), 1u);
}

TEST(RedisWatch, listsAgainAfterTheServerRestarts)
{
    test::RedisServer::Options options;
    options.appendOnly = true;
    test::RedisServer server(options);
    RedisEngine engine(test::redisOptionsFor(server), kProject);
    AcquireOptions o;
    o.ttl = 60s;
    engine.acquire({{"/a", LockMode::X}}, o);
    LeaseWatch w(test::redisOptionsFor(server), kProject);
    pollUntilQuiet(w);
    server.restart();
    try {
        engine.now(); // the call that finds the connection gone
    } catch (const ConnectionError&) {
    }
    engine.acquire({{"/b", LockMode::X}}, o);
    const test::Polled polled = pollUntilQuiet(w);
    EXPECT_EQ(polled.finishedLists(), std::vector<RelistReason>{RelistReason::ServerRestarted});
    EXPECT_NE(polled.lists.front().why.find("another process"), std::string::npos) << polled.lists.front().why;
    EXPECT_EQ(w.leases().size(), 2u);
    test::expectViewMatches(w, engine.snapshot(), 50ms);
}

TEST(RedisWatch, readsAtMostAPageOfRecordsPerCall)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), kProject);
    AcquireOptions o;
    o.ttl = 60s;
    for (int i = 0; i < 300; ++i)
        engine.acquire({{"/f/" + std::to_string(i), LockMode::X}}, o);
    LeaseWatch w(test::redisOptionsFor(server), kProject, {.pageSize = 50});
    const test::Polled polled = pollUntilQuiet(w);
    EXPECT_EQ(w.leases().size(), 300u);
    // ZSCAN's COUNT is a hint: pages come near the size asked, not above a few times it.
    std::size_t previous = 0, pages = 0;
    for (const ListProgress& p : polled.lists) {
        EXPECT_LE(p.listed - previous, 200u);
        previous = p.listed;
        ++pages;
    }
    EXPECT_GE(pages, 3u);
}

} // namespace
