// Redis restart (SIGKILL, then start in the same folder) under load, with AOF
// everysec and without persistence: clients send the calls whose answers were lost
// again until the server is back (no call ends with an unknown outcome), never see
// a false grant, answer again within 2 s of the server being back, and every fence
// granted after the restart exceeds every fence granted before.
#include "faultsupport.h"
#include "redisserver.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

using namespace treelock;
using namespace std::chrono;

namespace {

void restartUnderLoad(bool appendOnly)
{
    constexpr int kProcesses = 6;
    test::RedisServer server(test::RedisServer::Options{.tcp = false, .appendOnly = appendOnly, .extraConfig = {}});
    const std::string dir = test::tempDir("restart");
    const auto workers = test::startWorkers("contention", kProcesses, server.url(), dir, 3000,
                                            {"--ops", "1000000", "--duration-ms", "5000", "--ttl", "1000",
                                             "--timeout-ms", "500", "--wait-ms", "1000", "--hold-us", "2000"});
    std::this_thread::sleep_for(milliseconds(1500));
    const std::int64_t stoppedNs = test::monoNs();
    server.stop(/*crash=*/true);
    std::this_thread::sleep_for(milliseconds(300)); // clients hit the dead server
    const std::int64_t startNs = test::monoNs();
    server.start();
    const std::int64_t backNs = test::monoNs();
    for (auto& w : workers)
        EXPECT_EQ(w->wait(), 0);

    const test::Outage outage = test::readOutage(dir, kProcesses, stoppedNs, backNs);
    // First answered call after the outage, counted from the moment the server
    // was started again (so it includes the server's own start-up and AOF load).
    double worstReconnect = 0;
    for (int i = 0; i < kProcesses; ++i)
        worstReconnect = std::max(worstReconnect, outage.firstAnswer(std::size_t(i), startNs));
    RedisEngine engine(test::redisAt(server.url()), "fault");
    const auto [violations, history] = test::verdictOf(outage, engine, test::redisAt(server.url()));
    std::cout << "[figures] restart (" << (appendOnly ? "AOF everysec" : "no persistence") << "): "
              << kProcesses << " clients, " << outage.before << " grants before, " << outage.after << " after, " << outage.errors
              << " errors reported; answered again at most " << worstReconnect
              << " s after the server was started again; max fence before " << outage.maxFenceBefore << ", min fence after "
              << outage.minFenceAfter << "; interval violations " << violations.size() << "; history (" << history.events
              << " events" << (history.trimmed ? ", trimmed" : "") << ") violations "
              << history.violations.size() << std::endl;
    EXPECT_EQ(outage.errors, 0u) << "a call ended with an unknown outcome: it should have been sent again";
    EXPECT_GT(outage.before, 0u);
    EXPECT_GT(outage.after, 0u);
    EXPECT_GT(outage.minFenceAfter, outage.maxFenceBefore);
    EXPECT_LE(worstReconnect, 2.0);
    test::expectNoViolation(violations, history);
    test::removeUnlessFailed(dir);
}

} // namespace

TEST(FaultRestart, appendOnlyEverysec) { restartUnderLoad(true); }

TEST(FaultRestart, noPersistence) { restartUnderLoad(false); }

// A restart that loses only the last writes (RDB snapshot older than the last grants;
// the same happens with AOF everysec when a slow fsync postpones the AOF write, seen
// under load in appendOnlyEverysec): the fence counter still exists but is lower than
// fences already handed out. Fences after the restart must still exceed all before.
TEST(FaultRestart, partialDataLossKeepsFencesRising)
{
    test::RedisServer server(test::RedisServer::Options{.tcp = false, .appendOnly = false,
                                                        .extraConfig = {"save 3600 1"}});
    std::uint64_t maxBefore = 0;
    {
        RedisEngine engine(test::redisAt(server.url()), "fault");
        for (int i = 0; i < 10; ++i)
            engine.release(engine.acquire({{"/a", LockMode::X}}, {}).grant.lease);
        ASSERT_NE(server.cli({"SAVE"}).find("OK"), std::string::npos);
        for (int i = 0; i < 10; ++i) { // acknowledged, then lost in the crash
            const auto r = engine.acquire({{"/a", LockMode::X}}, {});
            maxBefore = std::max(maxBefore, r.grant.fence);
            engine.release(r.grant.lease);
        }
    }
    server.restart(/*crash=*/true);
    RedisEngine engine(test::redisAt(server.url()), "fault");
    const auto after = engine.acquire({{"/a", LockMode::X}}, {});
    ASSERT_TRUE(after.granted);
    std::cout << "[figures] partial data loss: max fence before the crash " << maxBefore
              << ", first fence after the restart " << after.grant.fence << std::endl;
    EXPECT_GT(after.grant.fence, maxBefore)
        << "a fence handed out before the crash is handed out again: storage that checks fences "
           "accepts the new holder's and the old holder's writes alike";
}
