// Virtual users on the memory engine: safety with and without locking,
// determinism, faults, controls.
#include "treelock/error.h"
#include "treelock/sim/simulation.h"

#include <gtest/gtest.h>

#include <thread>

using namespace treelock;
using namespace treelock::sim;
using namespace std::chrono_literals;

namespace {

SimulationConfig contended(std::uint64_t seed = 7)
{
    SimulationConfig c;
    c.users = 30;
    c.seed = seed;
    c.duration = 8s; // virtual
    c.targets = TargetChoice::Hotspot;
    c.hotFraction = 0.6;
    c.hold = Distribution::uniform(5, 30);
    c.think = Distribution::exponential(20, 200);
    return c;
}

void expectSame(const Statistics& a, const Statistics& b)
{
    EXPECT_EQ(a.attempts, b.attempts);
    EXPECT_EQ(a.grants, b.grants);
    EXPECT_EQ(a.conflicts, b.conflicts);
    EXPECT_EQ(a.timeouts, b.timeouts);
    EXPECT_EQ(a.completed, b.completed);
    EXPECT_EQ(a.failed, b.failed);
    EXPECT_EQ(a.fencingRejections, b.fencingRejections);
    EXPECT_EQ(a.violations, b.violations);
    EXPECT_EQ(a.crashes, b.crashes);
    EXPECT_EQ(a.pauses, b.pauses);
    EXPECT_EQ(a.reaped, b.reaped);
    EXPECT_EQ(a.conflictMatrix, b.conflictMatrix);
    EXPECT_EQ(a.completedByOperation, b.completedByOperation);
    EXPECT_EQ(a.waitP99Ms, b.waitP99Ms);
    EXPECT_EQ(a.treeEntries, b.treeEntries);
    ASSERT_EQ(a.throughput.size(), b.throughput.size());
    for (std::size_t i = 0; i < a.throughput.size(); ++i)
        EXPECT_EQ(a.throughput[i].opsPerSecond, b.throughput[i].opsPerSecond);
}

} // namespace

TEST(Simulation, LockingOnGivesNoViolations)
{
    for (const char* profile : {"fine", "seed"}) {
        SimulationConfig c = contended();
        c.profile = profile;
        const Statistics s = Simulation(c).run();
        EXPECT_GT(s.completed, 500u) << profile;
        EXPECT_GT(s.conflicts, 100u) << profile << ": the hot spot must contend";
        EXPECT_EQ(s.violations, 0u) << profile << "\n" << toText(s);
        EXPECT_EQ(s.fencingRejections, 0u) << profile;
        EXPECT_EQ(s.grants, s.attempts - s.conflicts);
        EXPECT_EQ(s.elapsed, 8s);
    }
}

TEST(Simulation, LockingOffGivesViolations)
{
    SimulationConfig c = contended();
    c.locking = false;
    const Statistics s = Simulation(c).run();
    EXPECT_GT(s.violations, 0u) << toText(s);
    EXPECT_EQ(s.attempts, 0u) << "users skip the lock";
    EXPECT_GT(s.completed, 500u);
    // The throughput series carries the running total, so charts can show it climb.
    ASSERT_FALSE(s.throughput.empty());
    EXPECT_GT(s.throughput.back().violations, 0u);
    EXPECT_LE(s.throughput.back().violations, s.violations);
}

TEST(Simulation, SameSeedGivesIdenticalStatistics)
{
    SimulationConfig c = contended(42);
    c.crashRate = 0.02;
    c.pauseRate = 0.02;
    c.slowReleaseRate = 0.05;
    const Statistics a = Simulation(c).run();
    const Statistics b = Simulation(c).run();
    expectSame(a, b);
    c.seed = 43;
    const Statistics other = Simulation(c).run();
    EXPECT_NE(a.completed * 1000003 + a.conflicts, other.completed * 1000003 + other.conflicts)
        << "a different seed should give a different run";
}

TEST(Simulation, PausedHoldersLateWritesAreRejectedByFencing)
{
    SimulationConfig c = contended(3);
    c.pauseRate = 0.05;
    c.hotFraction = 0.9;
    c.ttl = 200ms;
    const Statistics s = Simulation(c).run();
    EXPECT_GT(s.pauses, 5u);
    EXPECT_GT(s.staleWrites, 0u);
    EXPECT_GT(s.fencingRejections, 0u) << toText(s);
    EXPECT_GT(s.superseded, 0u);
    EXPECT_EQ(s.violations, 0u) << "fencing keeps the data safe\n" << toText(s);
    EXPECT_GT(s.reaped, 0u) << "paused leases expire and are reaped";
}

TEST(Simulation, CrashedHoldersLeasesExpireAndAreReaped)
{
    SimulationConfig c = contended(5);
    c.crashRate = 0.05;
    c.ttl = 300ms;
    Simulation sim(c);
    const Statistics s = sim.run();
    EXPECT_GT(s.crashes, 5u);
    EXPECT_GT(s.reaped, 0u);
    EXPECT_EQ(s.violations, 0u) << toText(s);
    EXPECT_TRUE(sim.engine()->fsck(false).clean());
}

TEST(Simulation, StatisticsHaveSeriesHistogramAndMatrix)
{
    SimulationConfig c = contended();
    c.duration = 5s;
    const Statistics s = Simulation(c).run();
    EXPECT_EQ(s.throughput.size(), 10u); // 5 s / 500 ms
    std::uint64_t histogram = 0;
    for (const auto& b : s.waitHistogram)
        histogram += b.count;
    EXPECT_EQ(histogram, s.grants);
    std::uint64_t matrix = 0;
    for (const auto& row : s.conflictMatrix)
        for (auto n : row)
            matrix += n;
    EXPECT_EQ(matrix, s.conflicts);
    EXPECT_LE(s.waitP50Ms, s.waitP90Ms);
    EXPECT_LE(s.waitP90Ms, s.waitP99Ms);
    EXPECT_LE(s.waitP99Ms, s.waitMaxMs);
    const std::string json = toJson(s);
    for (const char* key : {"\"attempts\"", "\"grants\"", "\"conflicts\"", "\"timeouts\"", "\"fencing_rejections\"",
                            "\"violations\"", "\"ops_per_second\""})
        EXPECT_NE(json.find(key), std::string::npos) << key;
}

TEST(Simulation, FiveHundredUsersRunQuickly)
{
    SimulationConfig c;
    c.users = 500;
    c.duration = 2s;
    c.crashRate = 0.01;
    const auto started = std::chrono::steady_clock::now();
    const Statistics s = Simulation(c).run();
    EXPECT_EQ(s.violations, 0u);
    EXPECT_GT(s.completed, 3000u);
    EXPECT_LT(std::chrono::steady_clock::now() - started, 30s);
}

TEST(Simulation, StepPauseResumeStopAndTree)
{
    SimulationConfig c = contended();
    c.duration = 0ms; // until stop()
    Simulation sim(c);
    EXPECT_EQ(sim.state(), Simulation::State::Idle);
    const auto before = sim.tree();
    std::vector<std::string> lines;
    for (int i = 0; i < 40; ++i)
        if (auto line = sim.step())
            lines.push_back(*line);
    ASSERT_EQ(lines.size(), 40u);
    EXPECT_NE(lines.front().find("user-"), std::string::npos) << lines.front();
    EXPECT_GT(sim.now().count(), 0);

    sim.setSpeed(0);
    sim.start();
    EXPECT_EQ(sim.state(), Simulation::State::Running);
    std::this_thread::sleep_for(100ms);
    sim.pause();
    EXPECT_EQ(sim.state(), Simulation::State::Paused);
    const auto paused = sim.statistics();
    std::this_thread::sleep_for(50ms);
    EXPECT_EQ(sim.statistics().completed, paused.completed) << "nothing runs while paused";
    EXPECT_TRUE(sim.step().has_value());
    sim.setLocking(false);
    sim.resume();
    std::this_thread::sleep_for(100ms);
    sim.stop();
    EXPECT_EQ(sim.state(), Simulation::State::Finished);
    const Statistics s = sim.statistics();
    EXPECT_GT(s.completed, paused.completed);
    EXPECT_FALSE(s.locking);
    EXPECT_NE(sim.tree().version, before.version) << "the tree really changed";
    EXPECT_TRUE(sim.engine()->snapshot().leases.empty()) << "stop() released what users held";
}

TEST(Simulation, PacedVirtualTimeFollowsSpeed)
{
    SimulationConfig c = contended();
    c.duration = 0ms;
    Simulation sim(c);
    sim.setSpeed(1.0);
    sim.start();
    std::this_thread::sleep_for(300ms);
    const auto t = sim.now();
    sim.stop();
    EXPECT_GE(t.count(), 150);
    EXPECT_LE(t.count(), 600);
}

TEST(Simulation, RealTimeOnMemoryEngine)
{
    SimulationConfig c = contended();
    c.timing = Timing::RealTime;
    c.duration = 1500ms;
    const Statistics s = Simulation(c).run();
    EXPECT_GT(s.completed, 100u);
    EXPECT_EQ(s.violations, 0u) << toText(s);
    EXPECT_GE(s.elapsed, 1400ms);
    EXPECT_LE(s.elapsed, 1600ms);
}

TEST(Simulation, InvalidConfigIsRefused)
{
    SimulationConfig c;
    c.users = 0;
    EXPECT_THROW(Simulation{c}, InvalidInput);
    c.users = 501;
    EXPECT_THROW(Simulation{c}, InvalidInput);
    c = SimulationConfig{};
    c.mix = {};
    EXPECT_THROW(Simulation{c}, InvalidInput);
    c = SimulationConfig{};
    c.crashRate = 1.5;
    EXPECT_THROW(Simulation{c}, InvalidInput);
    c = SimulationConfig{};
    c.profile = "nope";
    EXPECT_THROW(Simulation{c}, InvalidInput);
}

TEST(Simulation, ParseMix)
{
    const auto mix = parseMix("create=2,move-folder=0.5");
    EXPECT_EQ(mix[operationIndex(Operation::Create)], 2);
    EXPECT_EQ(mix[operationIndex(Operation::MoveFolder)], 0.5);
    EXPECT_EQ(mix[operationIndex(Operation::Upload)], 0);
    EXPECT_THROW(parseMix("jump=1"), InvalidInput);
    EXPECT_THROW(parseMix("create=-1"), InvalidInput);
    EXPECT_THROW(parseMix("create"), InvalidInput);
}
