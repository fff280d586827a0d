// Short real-time runs against a real redis-server: crashes, fairness.
#include "redisoptions.h"
#include "redisserver.h"

#include "treelock/redisengine.h"
#include "treelock/sim/simulation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

using namespace treelock;
using namespace treelock::sim;
using namespace std::chrono_literals;

namespace {

// `users` virtual users on `engine` for `duration` of real time.
SimulationConfig realTimeOn(std::shared_ptr<Engine> engine, std::size_t users, std::chrono::milliseconds duration)
{
    SimulationConfig c;
    c.users = users;
    c.timing = Timing::RealTime;
    c.engine = std::move(engine);
    c.duration = duration;
    return c;
}

} // namespace

TEST(SimulationOnRedis, CrashesLeaveNothingBehindAfterTheTtl)
{
    test::RedisServer server;
    auto engine = std::make_shared<RedisEngine>(test::redisOptionsFor(server), "simtest");
    SimulationConfig c = realTimeOn(engine, 20, 3s);
    c.ttl = 500ms;
    c.crashRate = 0.05;
    c.pauseRate = 0.02;
    c.seed = 11;
    const Statistics s = Simulation(c).run();
    EXPECT_GT(s.completed, 100u);
    EXPECT_GT(s.crashes, 0u);
    EXPECT_EQ(s.violations, 0u) << toText(s);
    EXPECT_EQ(s.errors, 0u);

    EXPECT_TRUE(engine->snapshot().waiters.empty()) << "the run ends every wait it registered";

    const FsckReport report = engine->fsck(false);
    EXPECT_TRUE(report.clean()) << report.differences.size() << " differences";
    std::this_thread::sleep_for(c.ttl + 200ms);
    engine->sweep("test");
    EXPECT_TRUE(engine->snapshot().leases.empty());
    EXPECT_TRUE(engine->fsck(false).clean());
}

TEST(SimulationOnRedis, LockingOffIsCaughtByTheMonitor)
{
    test::RedisServer server;
    SimulationConfig c = realTimeOn(std::make_shared<RedisEngine>(test::redisOptionsFor(server), "simoff"), 20, 1500ms);
    c.locking = false;
    c.hotFraction = 0.8;
    c.hold = Distribution::uniform(5, 30);
    EXPECT_GT(Simulation(c).run().violations, 0u);
}

// Users that wait are registered on the server and fairness applies: refusals
// behind an older waiter, and the hot spots the server counts too.
TEST(SimulationOnRedis, WaitingUsersQueueBehindOlderWaiters)
{
    test::RedisServer server;
    auto engine = std::make_shared<RedisEngine>(test::redisOptionsFor(server), "simfair");
    SimulationConfig c = realTimeOn(engine, 30, 2s);
    c.hotFraction = 0.9;
    c.hold = Distribution::uniform(5, 30);
    c.seed = 5;
    const Statistics s = Simulation(c).run();
    EXPECT_EQ(engine->fairnessGrace(), kDefaultGrace);
    EXPECT_GT(s.queued, 0u) << toText(s);
    EXPECT_EQ(s.violations, 0u);
    EXPECT_EQ(s.errors, 0u);
    ASSERT_FALSE(s.hotSpots.empty());
    const std::vector<HotPath> counted = engine->contention(kContentionPaths);
    EXPECT_TRUE(std::any_of(counted.begin(), counted.end(),
                            [&](const HotPath& h) { return h.path == s.hotSpots.front().path; }))
        << s.hotSpots.front().path;
    EXPECT_TRUE(engine->snapshot().waiters.empty());
}
