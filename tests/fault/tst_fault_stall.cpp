// Server stall (CLIENT PAUSE) and slow-script BUSY replies. A BUSY reply is an
// error (ScriptError), never success. A call that times out behind CLIENT PAUSE
// has lost its answer: it is sent again until the pause ends, and taken once.
// Client processes running through the stall produce no violation.
#include "faultsupport.h"
#include "redisserver.h"

#include <treelock/error.h>
#include <treelock/lockclient.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <future>
#include <iostream>

using namespace treelock;
using namespace std::chrono;

namespace {

struct Workers {
    Workers(const std::string& url, const std::string& dir, int count)
        : list(test::startWorkers("contention", count, url, dir, 4000,
                                  {"--ops", "1000000", "--duration-ms", "4000", "--ttl", "1000", "--timeout-ms",
                                   "300", "--wait-ms", "500"}))
    {
    }
    // Waits for the workers; returns (errors, intervals) and checks the intervals.
    std::size_t finish(const std::string& dir)
    {
        std::vector<HeldInterval> intervals;
        std::size_t errors = 0;
        for (std::size_t i = 0; i < list.size(); ++i) {
            EXPECT_EQ(list[i]->wait(), 0);
            const auto log = test::readWorkerLog(test::workerLogPath(dir, i));
            intervals.insert(intervals.end(), log.intervals.begin(), log.intervals.end());
            errors += log.errors.size();
        }
        const auto violations = checkIntervals(intervals);
        EXPECT_TRUE(violations.empty()) << violations.front().message;
        EXPECT_GT(intervals.size(), 0u);
        return errors;
    }
    std::vector<std::unique_ptr<test::WorkerProcess>> list;
};

} // namespace

TEST(FaultStall, busyScriptRepliesAreNeverSuccess)
{
    test::RedisServer server(test::RedisServer::Options{.extraConfig = {"busy-reply-threshold 50"}});
    const std::string dir = test::tempDir("busy");
    RedisEngine engine(test::redisAt(server.url()), "fault");
    test::StreamFollower follower(server.url(), "fault");
    const auto held = engine.acquire({{"/held", LockMode::X}}, test::acquireAs("holder", seconds(30)));
    ASSERT_TRUE(held.granted);
    Workers workers(server.url(), dir, 3);
    std::this_thread::sleep_for(milliseconds(500));

    // A slow script from another connection: ~3 s of busy loop on server time.
    auto busy = std::async(std::launch::async, [&server] {
        return server.cli({"EVAL",
                           "local t = redis.call('TIME') local s = t[1] * 1000000 + t[2] "
                           "repeat t = redis.call('TIME') until t[1] * 1000000 + t[2] - s > 3000000 return 'done'",
                           "0"});
    });
    // Wait until the server answers BUSY (the script has run past the threshold).
    const auto waitBusy = steady_clock::now() + seconds(2);
    while (server.cli({"PING"}).find("BUSY") == std::string::npos && steady_clock::now() < waitBusy)
        std::this_thread::sleep_for(milliseconds(10));
    int busyReplies = 0, calls = 0;
    std::string firstMessage;
    const auto stallEnd = steady_clock::now() + milliseconds(1200);
    while (steady_clock::now() < stallEnd) {
        ++calls;
        try {
            const auto r = engine.acquire({{"/during", LockMode::X}}, test::acquireAs("stalled"));
            ADD_FAILURE() << "acquire answered during BUSY (granted " << r.granted << ")";
        } catch (const ScriptError& e) {
            busyReplies += std::string(e.what()).find("BUSY") != std::string::npos;
            if (firstMessage.empty())
                firstMessage = e.what();
        }
        EXPECT_THROW(engine.release(held.grant.lease), ScriptError);
        EXPECT_THROW(engine.renew(held.grant.lease, std::nullopt), ScriptError);
        std::this_thread::sleep_for(milliseconds(20));
    }
    EXPECT_NE(busy.get().find("done"), std::string::npos);
    const std::size_t workerErrors = workers.finish(dir);

    // Nothing of the stalled calls happened: the held lease is intact, /during was never granted.
    const auto snap = engine.snapshot();
    bool stillHeld = false;
    for (const auto& l : snap.leases)
        stillHeld |= l.id == held.grant.lease && !l.expired(snap.serverTime);
    EXPECT_TRUE(stillHeld);
    for (const auto& e : engine.events("0", 100000)) {
        if (e.type == EventType::Grant) {
            EXPECT_NE(e.owner, "stalled");
        }
    }
    follower.stop();
    const auto& report = follower.report();
    std::cout << "[figures] BUSY: " << calls << " acquire attempts during a 3 s script, " << busyReplies
              << " answered BUSY (ScriptError), 0 granted; worker errors " << workerErrors << "; history "
              << report.events << " events, violations " << report.violations.size() << "; first: "
              << firstMessage << std::endl;
    EXPECT_EQ(busyReplies, calls);
    EXPECT_GT(workerErrors, 0u);
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    EXPECT_FALSE(report.trimmed);
    EXPECT_EQ(follower.uncleanSamples(), 0) << follower.firstUnclean();
    EXPECT_EQ(engine.release(held.grant.lease).status, LeaseStatus::Ok);
    EXPECT_TRUE(engine.fsck(false).clean());
    if (!HasFailure())
        std::filesystem::remove_all(dir);
}

TEST(FaultStall, clientPauseIsWaitedOutAndEachCallTakenOnce)
{
    test::RedisServer server;
    const std::string dir = test::tempDir("pause-all");
    auto engine = std::make_shared<RedisEngine>(
        test::redisAt(server.url(), milliseconds(300)),
        "fault");
    test::StreamFollower follower(server.url(), "fault");
    LockClient client(engine, test::clientAs("paused", seconds(2)));
    Workers workers(server.url(), dir, 3);
    std::this_thread::sleep_for(milliseconds(500));

    ASSERT_NE(server.cli({"CLIENT", "PAUSE", "2000", "ALL"}).find("OK"), std::string::npos);
    // The call times out (300 ms) again and again while the server is paused; each
    // time it is sent again with its call id, and the first answer after the pause
    // is its grant. The pause ends before the failover timeout (15 s).
    AcquireOutcome during = client.acquire({{"/during", LockMode::X}}, "stalled", milliseconds(200));
    const std::size_t workerErrors = workers.finish(dir);
    follower.stop();
    const auto& report = follower.report();
    std::size_t duringLeases = 0, duringHolds = 0;
    for (const auto& l : engine->snapshot().leases)
        if (l.owner == "paused") {
            ++duringLeases;
            duringHolds += static_cast<std::size_t>(l.holds);
        }
    std::cout << "[figures] CLIENT PAUSE: an acquire during a 2 s pause granted " << bool(during)
              << " once the pause ended; worker errors " << workerErrors << "; history " << report.events
              << " events, violations " << report.violations.size() << std::endl;
    ASSERT_TRUE(during) << "the call's outcome was not learned";
    EXPECT_EQ(duringLeases, 1u) << "the call made a second lease, or none";
    EXPECT_EQ(duringHolds, 1u) << "the call took a second hold";
    EXPECT_EQ(workerErrors, 0u) << "a worker's call ended without an answer";
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    EXPECT_EQ(follower.uncleanSamples(), 0) << follower.firstUnclean();
    EXPECT_TRUE(engine->fsck(false).clean());
    auto again = client.acquire({{"/after", LockMode::X}}, "after", seconds(2));
    EXPECT_TRUE(again);
    if (!HasFailure())
        std::filesystem::remove_all(dir);
}
