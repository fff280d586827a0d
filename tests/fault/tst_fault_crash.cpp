// Client crash: kill -9 a fifth of the clients while they hold leases. Every
// lease of theirs must be free within TTL + 1 s, and a read-only auditor (fsck
// without repair, one atomic script) must find node counts equal to the leases
// at every sample.
#include "faultsupport.h"
#include "redisserver.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <set>

using namespace treelock;
using namespace std::chrono;

TEST(FaultCrash, killedClientsLeasesFreeWithinTtlPlusOneSecond)
{
    constexpr int kProcesses = 10;
    constexpr int kKilled = kProcesses / 5;
    constexpr milliseconds kTtl{1000};
    test::RedisServer server;
    const std::string dir = test::tempDir("crash");
    test::StreamFollower follower(server.url(), "fault", milliseconds(20));

    const auto workers = test::startWorkers("contention", kProcesses, server.url(), dir, 2000,
                                            {"--ops", "1000000", "--duration-ms", "4000", "--pin", "1", "--ttl",
                                             std::to_string(kTtl.count()), "--hold-us", "3000"});

    RedisEngine engine(test::redisAt(server.url()), "fault");
    // Wait until every worker holds its pinned lease, then let them work a while.
    const auto pinDeadline = steady_clock::now() + seconds(10);
    while (engine.snapshot().leases.size() < kProcesses && steady_clock::now() < pinDeadline)
        std::this_thread::sleep_for(milliseconds(20));
    std::this_thread::sleep_for(milliseconds(800));

    std::set<std::string> killedOwners;
    for (int i = 0; i < kKilled; ++i) {
        workers[i]->signal(SIGKILL);
        EXPECT_EQ(workers[i]->wait(), 128 + SIGKILL);
        killedOwners.insert(test::workerId(i));
    }
    const auto killedAt = steady_clock::now();
    const auto snapAtKill = engine.snapshot();
    std::size_t heldAtKill = 0;
    for (const auto& l : snapAtKill.leases)
        heldAtKill += killedOwners.contains(l.owner) && !l.expired(snapAtKill.serverTime);
    EXPECT_GE(heldAtKill, static_cast<std::size_t>(kKilled)) << "the killed clients held no lease";

    // Their pinned paths: acquirable again (wait 0, polled) within TTL + 1 s.
    std::vector<double> freedAfter;
    for (int i = 0; i < kKilled; ++i) {
        const std::string path = "/own/w" + std::to_string(i);
        for (;;) {
            const auto r = engine.acquire({{path, LockMode::X}}, test::acquireAs("checker", milliseconds(200)));
            if (r.granted) {
                freedAfter.push_back(duration<double>(steady_clock::now() - killedAt).count());
                engine.release(r.grant.lease);
                break;
            }
            if (steady_clock::now() - killedAt > kTtl + seconds(2)) {
                ADD_FAILURE() << path << " still blocked " << (kTtl + seconds(2)).count() << " ms after the kill";
                break;
            }
            std::this_thread::sleep_for(milliseconds(10));
        }
    }
    // Every other lease of theirs: expired (blocks nothing) by TTL + 1 s after the kill.
    std::this_thread::sleep_until(killedAt + kTtl + seconds(1));
    const auto snap = engine.snapshot();
    for (const auto& l : snap.leases)
        EXPECT_FALSE(killedOwners.contains(l.owner) && !l.expired(snap.serverTime))
            << "lease " << shortLeaseId(l.id) << " of killed " << l.owner << " still live";

    for (int i = kKilled; i < kProcesses; ++i)
        EXPECT_EQ(workers[i]->wait(), 0);
    // Survivors ended: their pinned leases were released by the Lease destructor.
    engine.sweep("test");
    follower.stop();

    std::vector<HeldInterval> intervals;
    for (int i = 0; i < kProcesses; ++i) {
        const auto log = test::readWorkerLog(test::workerLogPath(dir, i));
        intervals.insert(intervals.end(), log.intervals.begin(), log.intervals.end());
    }
    const auto violations = checkIntervals(intervals);
    const auto& history = follower.report();
    double worst = 0;
    for (double f : freedAfter)
        worst = std::max(worst, f);
    std::cout << "[figures] crash: " << kKilled << " of " << kProcesses << " clients killed holding "
              << heldAtKill << " live leases; pinned paths free after at most " << worst << " s (TTL "
              << kTtl.count() / 1000.0 << " s); fsck samples " << follower.auditSamples() << ", unclean "
              << follower.uncleanSamples() << "; intervals " << intervals.size() << ", violations "
              << violations.size() << "; history events " << follower.eventsRead() << ", violations "
              << history.violations.size() << std::endl;
    for (double f : freedAfter)
        EXPECT_LE(f, duration<double>(kTtl + seconds(1)).count());
    EXPECT_EQ(follower.uncleanSamples(), 0) << follower.firstUnclean();
    EXPECT_GT(follower.auditSamples(), 20);
    test::expectNoViolation(violations, history);
    EXPECT_EQ(history.liveAtEnd, 0u);
    EXPECT_TRUE(engine.nodeCounts().empty());
    test::removeUnlessFailed(dir);
}
