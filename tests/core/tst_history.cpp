// History checker and interval checker: synthetic histories that must pass and
// must fail, and real histories of both engines.
#include "process.h"
#include "redisserver.h"

#include <treelock/error.h>
#include <treelock/history.h>
#include <treelock/memoryengine.h>
#include <treelock/redisengine.h>
#include <treelock/redisprotocol.h>

#include <gtest/gtest.h>


#include <algorithm>
#include <random>
#include <thread>

using namespace treelock;
using namespace std::chrono_literals;

namespace {

int g_seq = 0;

RedisOptions redisAt(const std::string& url)
{
    RedisOptions options;
    options.url = url;
    return options;
}

Event grant(const std::string& lease, std::vector<LockRequest> requests, std::uint64_t fence)
{
    Event e;
    e.id = "1000-" + std::to_string(g_seq++);
    e.type = EventType::Grant;
    e.lease = lease;
    e.requests = std::move(requests);
    e.fence = fence;
    return e;
}

Event ending(const std::string& type, const std::string& lease, std::uint64_t fence, bool wasLive = false)
{
    Event e;
    e.id = "1000-" + std::to_string(g_seq++);
    e.type = parseEventType(type);
    e.lease = lease;
    e.fence = fence;
    e.wasLive = wasLive;
    return e;
}

const std::string L1(32, '1'), L2(32, '2'), L3(32, '3');

// The kinds of a report's violations, in order: compared whole, a failure shows them all.
std::vector<std::string> kindsOf(const HistoryReport& report)
{
    std::vector<std::string> kinds;
    for (const auto& v : report.violations)
        kinds.push_back(v.kind);
    return kinds;
}

HeldInterval interval(std::string client, std::string lease, std::vector<LockRequest> r, std::int64_t a,
                      std::int64_t b)
{
    HeldInterval h;
    h.client = std::move(client);
    h.lease = std::move(lease);
    h.requests = std::move(r);
    h.acquiredNs = a;
    h.releasedNs = b;
    return h;
}

} // namespace

TEST(HistoryChecker, acceptsCompatibleAndSequentialGrants)
{
    const auto report = checkHistory({
        grant(L1, {{"/A", LockMode::S}}, 10),
        grant(L2, {{"/A/b", LockMode::S}}, 11),   // S under S: compatible
        ending("release", L1, 10),
        ending("release", L2, 11),
        grant(L3, {{"/A", LockMode::X}}, 12),
        ending("expire", L3, 12),
    });
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    EXPECT_EQ(report.grants, 3u);
    EXPECT_EQ(report.ends, 3u);
    EXPECT_EQ(report.liveAtEnd, 0u);
}

TEST(HistoryChecker, rejectsGrantConflictingWithLiveAncestor)
{
    const auto report = checkHistory({
        grant(L1, {{"/A", LockMode::X}}, 1),
        grant(L2, {{"/A/b/c", LockMode::IS}}, 2),
    });
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"conflicting-grant"}));
    EXPECT_EQ(report.violations[0].lease, L2);
    EXPECT_EQ(report.violations[0].other, L1);
}

TEST(HistoryChecker, rejectsGrantConflictingWithLiveDescendant)
{
    const auto report = checkHistory({
        grant(L1, {{"/A/b", LockMode::X}}, 1),
        grant(L2, {{"/A", LockMode::S}}, 2),
    });
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"conflicting-grant"}));
}

TEST(HistoryChecker, rejectsRepeatedOrFallingFence)
{
    const auto report = checkHistory({
        grant(L1, {{"/A", LockMode::S}}, 5),
        grant(L2, {{"/B", LockMode::S}}, 5),
        grant(L3, {{"/C", LockMode::S}}, 4),
    });
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"fence-not-increasing", "fence-not-increasing"}));
}

TEST(HistoryChecker, rejectsUnmatchedAndRepeatedEnds)
{
    auto report = checkHistory({ending("release", L1, 1)});
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"unmatched-end"}));

    report = checkHistory({grant(L1, {{"/A", LockMode::X}}, 1), ending("release", L1, 1),
                           ending("expire", L1, 1)});
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"unmatched-end"}));

    report = checkHistory({grant(L1, {{"/A", LockMode::X}}, 1), ending("release", L1, 2)});
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"fence-mismatch"}));
}

TEST(HistoryChecker, trimmedStreamToleratesEndsOfEarlierLeases)
{
    const auto report = checkHistory({ending("release", L1, 1), grant(L2, {{"/A", LockMode::X}}, 2)},
                                     /*trimmed=*/true);
    EXPECT_TRUE(report.ok());
    EXPECT_TRUE(report.trimmed);
}

TEST(HistoryChecker, unrecordedGrantsAreToleratedAfterTheAuditSetting)
{
    Event audit;
    audit.type = EventType::Config;
    audit.id = "1-0";
    audit.setting = "events=audit";
    // Before the setting an end without its grant is a violation; after it, not.
    auto report = checkHistory({ending("expire", L1, 1), audit, ending("expire", L2, 2)});
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"unmatched-end"}));
    EXPECT_TRUE(report.unrecorded);
    report = checkHistory({audit, ending("expire", L1, 1), grant(L2, {{"/A", LockMode::X}}, 2),
                           ending("release", L2, 2), ending("release", L2, 2)});
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"unmatched-end"})) << "a second end is still seen";

    // Back to events=all: a lease live when recording stopped may have been
    // released unseen; a later grant on its paths is no violation, and its end,
    // if it comes, is none either.
    Event all = audit;
    all.id = "3-0";
    all.setting = "events=all";
    report = checkHistory({grant(L1, {{"/A", LockMode::X}}, 1), audit, all, grant(L2, {{"/A", LockMode::X}}, 2)});
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    EXPECT_EQ(report.liveAtEnd, 1u);
    EXPECT_EQ(report.unknownAtEnd, 1u) << "L1 may still be held";
    EXPECT_EQ(report.unrecordedFrom, "1-0");
    EXPECT_EQ(report.unrecordedUntil, "3-0");
    EXPECT_FALSE(report.unrecordedNow);
    report = checkHistory({grant(L1, {{"/A", LockMode::X}}, 1), audit, all, ending("expire", L1, 1),
                           grant(L2, {{"/A", LockMode::X}}, 2)});
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    // Leases granted after recording resumed are checked as before.
    report = checkHistory({audit, all, grant(L1, {{"/A", LockMode::X}}, 1), grant(L2, {{"/A/b", LockMode::S}}, 2)});
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"conflicting-grant"}));

    HistoryChecker checker;
    checker.assumeUnrecorded(); // the project is at events=audit now
    checker.feed(ending("force", L1, 1, true));
    EXPECT_TRUE(checker.report().ok());
    EXPECT_TRUE(checker.report().unrecordedNow);
    EXPECT_EQ(checker.report().unrecordedFrom, "");
}

TEST(HistoryChecker, lockDelayKeepsRevokedLeaseBlockingUntilItsExpire)
{
    // force (live) then expire: a lock-delay was in force, a conflicting grant in between is a violation.
    auto report = checkHistory({grant(L1, {{"/A", LockMode::X}}, 1), ending("force", L1, 1, true),
                                grant(L2, {{"/A", LockMode::X}}, 2), ending("expire", L1, 1)});
    ASSERT_EQ(kindsOf(report), (std::vector<std::string>{"conflicting-grant"}));
    EXPECT_EQ(report.violations[0].lease, L2);
    // force without delay: free at once.
    report = checkHistory({grant(L1, {{"/A", LockMode::X}}, 1), ending("force", L1, 1, true),
                           grant(L2, {{"/A", LockMode::X}}, 2)});
    EXPECT_TRUE(report.ok());
}

TEST(Intervals, conflictRelationFollowsTheCompatibilityTable)
{
    EXPECT_FALSE(requestsConflict({{"/A", LockMode::S}}, {{"/A", LockMode::S}}));
    EXPECT_TRUE(requestsConflict({{"/A", LockMode::S}}, {{"/A", LockMode::X}}));
    EXPECT_TRUE(requestsConflict({{"/A", LockMode::S}}, {{"/A/b", LockMode::X}}));
    EXPECT_FALSE(requestsConflict({{"/A", LockMode::S}}, {{"/A/b", LockMode::S}}));
    EXPECT_FALSE(requestsConflict({{"/A/C", LockMode::X}}, {{"/A/CD", LockMode::X}}));
    EXPECT_FALSE(requestsConflict({{"/A", LockMode::IX}}, {{"/A/b", LockMode::X}}));
    EXPECT_TRUE(requestsConflict({{"/B", LockMode::S}, {"/A", LockMode::SIX}}, {{"/A/x", LockMode::IX}}));
}

TEST(Intervals, overlappingConflictingIntervalsFail)
{
    const auto v = checkIntervals({
        interval("c1", L1, {{"/A", LockMode::X}}, 100, 200),
        interval("c2", L2, {{"/A/b", LockMode::S}}, 199, 300),
    });
    ASSERT_EQ(v.size(), 1u);
    EXPECT_NE(v[0].message.find("overlap 1 ns"), std::string::npos) << v[0].message;
}

TEST(Intervals, touchingOrCompatibleOrLostIntervalsPass)
{
    auto lost = interval("c3", L3, {{"/A", LockMode::X}}, 150, 400);
    lost.lost = true;
    const auto v = checkIntervals({
        interval("c1", L1, {{"/A", LockMode::X}}, 100, 200),
        interval("c2", L2, {{"/A", LockMode::X}}, 200, 300),    // touches, no overlap
        interval("c4", "4" + L1.substr(1), {{"/B", LockMode::S}}, 100, 300),
        interval("c5", "5" + L1.substr(1), {{"/B", LockMode::S}}, 150, 250),
        lost,
    });
    EXPECT_TRUE(v.empty()) << v.front().message;
}

TEST(Intervals, serialisedHistoryFailsTheFloor)
{
    // Every S holder of /A strictly after the previous one: a serialising lock.
    std::vector<HeldInterval> serial;
    for (int i = 0; i < 10; ++i)
        serial.push_back(interval("c" + std::to_string(i % 3), std::string(31, 'a') + char('0' + i),
                                  {{"/A", LockMode::S}}, i * 100, i * 100 + 90));
    EXPECT_TRUE(checkIntervals(serial).empty());
    EXPECT_LT(maxConcurrentHolders(serial, LockMode::S).maxHolders, 2u);

    serial.push_back(interval("c9", std::string(32, 'f'), {{"/A", LockMode::S}}, 150, 260));
    const auto floor = maxConcurrentHolders(serial, LockMode::S);
    EXPECT_EQ(floor.maxHolders, 2u);
    EXPECT_EQ(floor.path, "/A");
}

TEST(Intervals, lineFormatRoundTrips)
{
    auto h = interval("w3", L1, {{"/a/b", LockMode::S}, {"/c", LockMode::X}}, 12345, 67890);
    h.fence = 77;
    h.lost = true;
    const auto back = parseInterval(formatInterval(h));
    EXPECT_EQ(back.client, h.client);
    EXPECT_EQ(back.lease, h.lease);
    EXPECT_EQ(back.requests, h.requests);
    EXPECT_EQ(back.acquiredNs, h.acquiredNs);
    EXPECT_EQ(back.releasedNs, h.releasedNs);
    EXPECT_EQ(back.fence, 77u);
    EXPECT_TRUE(back.lost);
    EXPECT_THROW(parseInterval("garbage"), InvalidInput);
}

namespace {

// Random acquire/release/expire/force traffic on a depth-3 tree.
void randomTraffic(Engine& engine, int steps, unsigned seed)
{
    std::mt19937 rng(seed);
    const std::vector<std::string> nodes{"/", "/a", "/b", "/a/x", "/a/y", "/b/x", "/a/x/1", "/b/x/2"};
    std::vector<LeaseId> held;
    for (int i = 0; i < steps; ++i) {
        const int what = static_cast<int>(rng() % 10);
        if (what < 6 || held.empty()) {
            const LockMode m = kAllModes[rng() % 5];
            AcquireOptions o;
            o.ttl = (rng() % 4 == 0) ? 10ms : 10s;
            auto r = engine.acquire({{nodes[rng() % nodes.size()], m}}, o);
            if (r.granted)
                held.push_back(r.grant.lease);
        } else {
            const auto k = rng() % held.size();
            if (what < 9)
                engine.release(held[k]);
            else
                engine.forceRelease(held[k], {"op", "host", "test", true, (rng() % 2) ? 20ms : 0ms});
            held.erase(held.begin() + static_cast<long>(k));
        }
    }
}

} // namespace

TEST(EngineHistory, memoryEngineHistoryPasses)
{
    MemoryEngine engine("p");
    randomTraffic(engine, 3000, 1);
    const auto report = checkEngineHistory(engine);
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    EXPECT_FALSE(report.trimmed);
    EXPECT_GT(report.grants, 100u);
}

TEST(EngineHistory, auditLevelProjectPasses)
{
    MemoryEngine engine("p");
    randomTraffic(engine, 500, 2);
    engine.setEventLevel(EventLevel::Audit, "ops", "h");
    randomTraffic(engine, 500, 3);
    const auto report = checkEngineHistory(engine);
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    EXPECT_TRUE(report.unrecorded);
}

TEST(EngineHistory, redisEngineHistoryPassesAndTrimmingIsReported)
{
    test::RedisServer server;
    RedisEngine engine(redisAt(server.url()), "p");
    randomTraffic(engine, 3000, 2);
    auto info = readEventStreamInfo(redisAt(server.url()), "p");
    ASSERT_TRUE(info);
    EXPECT_FALSE(info->trimmed());
    auto report = checkEngineHistory(engine, info);
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    EXPECT_FALSE(report.trimmed);
    EXPECT_EQ(report.events, info->length);

    // Push the stream past its cap: the check must say it was trimmed and still pass.
    // What the random traffic still holds goes first (a live lease on "/" would refuse
    // /t; which ones are left depends on how fast the 10 ms leases ran out). A lease it
    // force-released with a lock-delay keeps its paths until the delay (20 ms) ends, so
    // wait for those to run out on the server's clock.
    for (const LeaseInfo& lease : engine.snapshot().leases)
        if (!lease.revoked)
            engine.forceRelease(lease.id, {"op", "host", "clear the way", true, 0ms});
    for (Snapshot s = engine.snapshot();
         std::ranges::any_of(s.leases, [&](const LeaseInfo& l) { return !l.expired(s.serverTime); });
         s = engine.snapshot())
        std::this_thread::sleep_for(5ms);
    while (readEventStreamInfo(redisAt(server.url()), "p")->entriesAdded <= 10500)
        for (int i = 0; i < 500; ++i) {
            auto r = engine.acquire({{"/t", LockMode::X}}, {});
            ASSERT_TRUE(r.granted) << "refused by " << r.blocker->owner << " on " << r.blocker->path;
            engine.release(r.grant.lease);
        }
    info = readEventStreamInfo(redisAt(server.url()), "p");
    ASSERT_TRUE(info);
    EXPECT_TRUE(info->trimmed());
    EXPECT_GT(info->entriesAdded, info->length);
    report = checkEngineHistory(engine, info);
    EXPECT_TRUE(report.trimmed);
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    EXPECT_EQ(report.eventsAddedEver, info->entriesAdded);
    // Without XINFO, a stream at the cap is assumed trimmed.
    EXPECT_TRUE(checkEngineHistory(engine).trimmed);
}

namespace {

std::pair<std::string, int> runCli(const std::string& args)
{
    const auto r = test::runCommand(std::string(TREELOCK_CLI_PATH) + " " + args + " 2>&1");
    return {r.output, r.exitCode};
}

} // namespace

TEST(CheckHistoryCli, verdictAndExitCode)
{
    test::RedisServer server;
    RedisEngine engine(redisAt(server.url()), "p");
    randomTraffic(engine, 500, 3);
    auto [out, code] = runCli("--redis " + server.url() + " --project p --quiet check-history");
    EXPECT_EQ(code, 0) << out;
    EXPECT_EQ(out.rfind("ok: ", 0), 0u) << out;
    std::tie(out, code) = runCli("--redis " + server.url() + " --project p --quiet --json check-history");
    EXPECT_EQ(code, 0) << out;
    EXPECT_NE(out.find("\"ok\":true"), std::string::npos) << out;

    // Forge a history in which two leases hold X on /A at once.
    const std::string events = redis::KeySchema("p").events();
    for (const auto& lease : {L1, L2})
        server.cli({"XADD", events, "*", "type", "grant", "t", "1", "lease", lease, "owner", "o", "op", "x",
                    "requests", "X /A", "fence", lease == L1 ? "9000000000000000" : "9000000000000001",
                    "expires_ms", "2"});
    std::tie(out, code) = runCli("--redis " + server.url() + " --project p --quiet check-history");
    EXPECT_EQ(code, 6) << out;
    EXPECT_NE(out.find("VIOLATION (conflicting-grant)"), std::string::npos) << out;
    EXPECT_NE(out.find(shortLeaseId(L1)), std::string::npos) << out;
}

TEST(EventTypeNames, roundTripAndUnknown)
{
    for (EventType t : {EventType::Grant, EventType::Release, EventType::Expire, EventType::Force, EventType::Sweep,
                        EventType::Config})
        EXPECT_EQ(parseEventType(toString(t)), t);
    EXPECT_EQ(toString(EventType::Force), "force");
    EXPECT_EQ(parseEventType("Grant"), EventType::Unknown);
    EXPECT_EQ(parseEventType(""), EventType::Unknown);
    EXPECT_EQ(toString(EventType::Unknown), "unknown");
}
