// The primary killed (SIGKILL) while four client processes lock and release through
// Sentinel with --min-replicas 1: every client finds the new primary by itself, no
// two acknowledged grants that conflict were held at once (interval checker), the
// event stream replays clean (history checker), and every fence granted after the
// failover exceeds every fence granted before it.
#include "faultsupport.h"

#include <treelock/redissentinelgroup.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

using namespace treelock;
using namespace std::chrono;

TEST(SentinelFault, killedPrimaryUnderLoadFromFourProcesses)
{
    constexpr int kProcesses = 4;
    SentinelGroupConfig config;
    config.replicas = 2; // one is left to acknowledge grants once the other is promoted
    SentinelGroup group(config);
    const std::string dir = test::tempDir("sentinel-fault");
    const auto workers = test::startWorkers("contention", kProcesses, group.url(), dir, 4000,
                                            {"--ops", "1000000", "--duration-ms", "12000", "--ttl", "2000",
                                             "--timeout-ms", "1000", "--wait-ms", "1000", "--hold-us", "2000",
                                             "--min-replicas", "1", "--failover-ms", "20000"});
    std::this_thread::sleep_for(milliseconds(2000));
    const HostPort old = group.address(0);
    const std::int64_t killedNs = test::monoNs();
    group.node(0).stop(/*crash=*/true);
    const HostPort promoted = group.waitForNewPrimary(old, seconds(30));
    const std::int64_t promotedNs = test::monoNs();
    for (auto& w : workers)
        EXPECT_EQ(w->wait(), 0);

    const test::Outage outage = test::readOutage(dir, kProcesses, killedNs, promotedNs);
    int clientsBack = 0;
    double worstBack = 0;
    for (int i = 0; i < kProcesses; ++i) {
        clientsBack += outage.grantedAfter(std::size_t(i), promotedNs);
        worstBack = std::max(worstBack, outage.firstAnswer(std::size_t(i), killedNs));
    }
    RedisEngine engine(test::redisAt(group.url()), "fault");
    const auto [violations, history] = test::verdictOf(outage, engine, test::redisAt(group.url()));
    std::cout << "[figures] sentinel failover: primary " << old.text() << " killed, " << promoted.text()
              << " promoted " << (promotedNs - killedNs) / 1e9 << " s later; " << kProcesses << " clients, "
              << outage.before << " grants before, " << outage.after << " after, " << outage.errors
              << " errors reported; every client answered again at most " << worstBack
              << " s after the kill; max fence before " << outage.maxFenceBefore << ", min fence after "
              << outage.minFenceAfter
              << "; interval violations " << violations.size() << "; history (" << history.events
              << " events) violations " << history.violations.size() << std::endl;
    EXPECT_GT(outage.before, 0u);
    EXPECT_EQ(clientsBack, kProcesses) << "a client did not find the new primary";
    EXPECT_GT(outage.minFenceAfter, outage.maxFenceBefore);
    test::expectNoViolation(violations, history);
    EXPECT_TRUE(engine.fsck(false).clean());
    test::removeUnlessFailed(dir);
}
