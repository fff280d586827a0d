// A short real-time run against a real redis-server, with crashes.
#include "redisoptions.h"
#include "redisserver.h"

#include "treelock/redisengine.h"
#include "treelock/sim/simulation.h"

#include <gtest/gtest.h>

#include <thread>

using namespace treelock;
using namespace treelock::sim;
using namespace std::chrono_literals;

TEST(SimulationOnRedis, CrashesLeaveNothingBehindAfterTheTtl)
{
    test::RedisServer server;
    auto engine = std::make_shared<RedisEngine>(test::redisOptionsFor(server), "simtest");
    SimulationConfig c;
    c.users = 20;
    c.timing = Timing::RealTime;
    c.engine = engine;
    c.duration = 3s;
    c.ttl = 500ms;
    c.crashRate = 0.05;
    c.pauseRate = 0.02;
    c.seed = 11;
    const Statistics s = Simulation(c).run();
    EXPECT_GT(s.completed, 100u);
    EXPECT_GT(s.crashes, 0u);
    EXPECT_EQ(s.violations, 0u) << toText(s);
    EXPECT_EQ(s.errors, 0u);

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
    SimulationConfig c;
    c.users = 20;
    c.timing = Timing::RealTime;
    c.engine = std::make_shared<RedisEngine>(test::redisOptionsFor(server), "simoff");
    c.duration = 1500ms;
    c.locking = false;
    c.hotFraction = 0.8;
    c.hold = Distribution::uniform(5, 30);
    EXPECT_GT(Simulation(c).run().violations, 0u);
}
