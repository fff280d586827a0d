// 10,000 release / renew / force attempts with wrong, stale or foreign lease ids,
// from client processes: none succeeds and the project's state does not change.
#include "faultsupport.h"
#include "redisserver.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>

using namespace treelock;
using namespace std::chrono;

namespace {

struct State {
    std::vector<std::tuple<std::string, std::uint64_t, std::int64_t, int>> leases; // id, fence, expiry, holds
    std::vector<std::pair<std::string, std::int64_t>> nodes;
    std::size_t events = 0;
    bool operator==(const State&) const = default;
};

State stateOf(RedisEngine& engine)
{
    State s;
    for (const auto& l : engine.snapshot().leases)
        s.leases.emplace_back(l.id, l.fence, l.expiresAt.time_since_epoch().count(), l.holds);
    s.nodes = engine.nodeCounts();
    s.events = engine.events("0", 100000).size();
    return s;
}

} // namespace

TEST(FaultWrongId, tenThousandWrongStaleOrForeignIdsNeverWork)
{
    constexpr int kProcesses = 4;
    constexpr int kAttempts = 10000;
    test::RedisServer server;
    const std::string dir = test::tempDir("wrongid");
    RedisEngine engine(test::redisAt(server.url()), "fault");
    RedisEngine foreign(test::redisAt(server.url()), "other");
    std::ofstream ids(dir + "/ids");
    // Live leases of this project (their ids are mangled by one digit), stale ids
    // (released, expired, force-released), and live leases of another project.
    for (int i = 0; i < 20; ++i) {
        const auto r = engine.acquire({{"/live/" + std::to_string(i), i % 2 ? LockMode::S : LockMode::X}},
                                      test::acquireAs("holder", seconds(60)));
        ids << "live " << r.grant.lease << "\n";
    }
    for (int i = 0; i < 20; ++i) {
        const auto r = engine.acquire({{"/stale/" + std::to_string(i), LockMode::X}},
                                      test::acquireAs("gone", i % 3 == 1 ? milliseconds(10) : seconds(60)));
        if (i % 3 == 0)
            engine.release(r.grant.lease);
        else if (i % 3 == 2)
            engine.forceRelease(r.grant.lease, {"op", "host", "setup", true, milliseconds(0)});
        ids << "stale " << r.grant.lease << "\n";
    }
    std::this_thread::sleep_for(milliseconds(20));
    engine.sweep("setup");
    for (int i = 0; i < 20; ++i) {
        const auto r = foreign.acquire({{"/live/" + std::to_string(i), LockMode::X}}, test::acquireAs("anonymous", seconds(60)));
        ids << "foreign " << r.grant.lease << "\n";
    }
    ids.close();
    const State before = stateOf(engine);

    const auto started = steady_clock::now();
    const auto workers = test::startWorkers("wrongid", kProcesses, server.url(), dir, 5000,
                                            {"--ops", std::to_string(kAttempts / kProcesses), "--ids", dir + "/ids"});
    long long attempts = 0, success = 0;
    for (int i = 0; i < kProcesses; ++i) {
        EXPECT_EQ(workers[i]->wait(), 0);
        const auto log = test::readWorkerLog(test::workerLogPath(dir, i));
        attempts += test::summaryValue(log.summary, "attempts");
        success += test::summaryValue(log.summary, "success");
    }
    const double seconds = duration<double>(steady_clock::now() - started).count();
    const State after = stateOf(engine);
    std::cout << "[figures] wrong ids: " << attempts << " release/renew/force attempts in " << seconds
              << " s, " << success << " succeeded; state " << (before == after ? "unchanged" : "CHANGED")
              << std::endl;
    EXPECT_EQ(attempts, kAttempts);
    EXPECT_EQ(success, 0);
    EXPECT_TRUE(before == after);
    EXPECT_EQ(foreign.snapshot().leases.size(), 20u);
    EXPECT_TRUE(engine.fsck(false).clean());
    if (!HasFailure())
        std::filesystem::remove_all(dir);
}
