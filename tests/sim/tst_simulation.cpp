// Virtual users on the memory engine: safety with and without locking,
// determinism, faults, fairness and the report of waits and hot spots, controls.
#include "treelock/error.h"
#include "treelock/sim/simulation.h"

#include <gtest/gtest.h>

#include <algorithm>
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

/// Many readers (copies) and few writers on the nested hot spot: the
/// readers-and-writers setup of docs/simulator.md.
SimulationConfig readersAndWriters(std::size_t users = 100)
{
    SimulationConfig c;
    c.users = users;
    c.duration = 30s; // virtual
    c.mix = parseMix("copy-folder=10,copy-file=10,create=1,upload=1,move-folder=1,rename-folder=1,delete-folder=1");
    return c;
}

/// The longest wait until a grant of the writers that need a whole folder.
double longestFolderWriterWait(const Statistics& s)
{
    double longest = 0;
    for (Operation op : {Operation::DeleteFolder, Operation::MoveFolder, Operation::RenameFolder})
        longest = std::max(longest, s.waitsByOperation[operationIndex(op)].maxMs);
    return longest;
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
    EXPECT_EQ(a.queued, b.queued);
    EXPECT_EQ(a.refusedByAbandoned, b.refusedByAbandoned);
    EXPECT_EQ(a.queuedBehindAbandoned, b.queuedBehindAbandoned);
    for (std::size_t i = 0; i < kOperationCount; ++i) {
        EXPECT_EQ(a.waitsByOperation[i].waited, b.waitsByOperation[i].waited);
        EXPECT_EQ(a.waitsByOperation[i].maxMs, b.waitsByOperation[i].maxMs);
        EXPECT_EQ(a.waitsByOperation[i].timeouts, b.waitsByOperation[i].timeouts);
    }
    ASSERT_EQ(a.hotSpots.size(), b.hotSpots.size());
    for (std::size_t i = 0; i < a.hotSpots.size(); ++i) {
        EXPECT_EQ(a.hotSpots[i].path, b.hotSpots[i].path);
        EXPECT_EQ(a.hotSpots[i].refusals, b.hotSpots[i].refusals);
    }
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

TEST(Simulation, RefusalsByAbandonedLeasesAndQueuesBehindThemAreCounted)
{
    // Crashed holders' leases exclude until their TTL whatever fairness does; with
    // fairness their waiters hold others back only until the lease is presumed
    // dead (1.5 renewal periods after its grant: ttl/3 each).
    SimulationConfig c = contended(5);
    c.crashRate = 0.05;
    c.ttl = 3s;
    c.waitTimeout = 2500ms;
    SimulationConfig off = c;
    off.fairnessGrace = std::nullopt;
    const Statistics fair = Simulation(c).run();
    const Statistics unfair = Simulation(off).run();
    EXPECT_GT(fair.crashes, 0u);
    EXPECT_GT(fair.refusedByAbandoned, 0u) << toText(fair);
    EXPECT_GT(fair.queuedBehindAbandoned, 0u) << toText(fair);
    EXPECT_GT(unfair.refusedByAbandoned, 0u) << toText(unfair);
    EXPECT_EQ(unfair.queuedBehindAbandoned, 0u) << "nobody holds back without fairness\n" << toText(unfair);
    EXPECT_NE(toText(fair).find("abandoned    "), std::string::npos) << toText(fair);
    EXPECT_EQ(Simulation(contended(5)).run().refusedByAbandoned, 0u) << "no crash, no abandoned lease";
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
    // Crashed leases in the hot spot hold up their waiters, and fairness the
    // requests behind those waiters: fewer complete than without fairness (about
    // 2,400 vs 5,300 in 2 s; docs/simulator.md says why the engine keeps it so).
    EXPECT_GT(s.completed, 2000u);
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

// A refused user waits as a registered waiter: the engine lists it, and past
// the grace it holds newer conflicting requests back.
TEST(Simulation, WaitingUsersAreRegisteredWaitersThatHoldBack)
{
    SimulationConfig c = contended();
    c.duration = 0ms;
    Simulation sim(c);
    bool listed = false, holdsBack = false;
    for (int i = 0; i < 20000 && !holdsBack; ++i) {
        ASSERT_TRUE(sim.step().has_value());
        const Snapshot snap = sim.engine()->snapshot();
        for (const WaiterInfo& w : snap.waiters) {
            listed = true;
            holdsBack = holdsBack || w.holdsBack;
            EXPECT_EQ(w.owner.rfind("user-", 0), 0u) << w.owner;
        }
    }
    EXPECT_TRUE(listed);
    EXPECT_TRUE(holdsBack);
    sim.stop();
    EXPECT_TRUE(sim.engine()->snapshot().waiters.empty()) << "stop() ends every wait";
}

// Many readers and few writers: with fairness the writers' waits stay short;
// without it readers that keep overlapping hold them up for much longer.
// Simulated time: deterministic for the seed.
TEST(Simulation, FairnessBoundsTheWritersWaitsAmongReaders)
{
    const Statistics fair = Simulation(readersAndWriters()).run();
    SimulationConfig c = readersAndWriters();
    c.fairnessGrace.reset();
    const Statistics unfair = Simulation(c).run();
    EXPECT_EQ(fair.fairnessGrace, kDefaultGrace);
    EXPECT_FALSE(unfair.fairnessGrace.has_value());
    EXPECT_GT(fair.queued, 0u);
    EXPECT_EQ(unfair.queued, 0u) << "nobody queues behind a waiter without fairness";
    EXPECT_EQ(fair.violations + unfair.violations, 0u);
    for (const Statistics* s : {&fair, &unfair})
        for (Operation op : {Operation::DeleteFolder, Operation::MoveFolder, Operation::RenameFolder})
            EXPECT_GT(s->waitsByOperation[operationIndex(op)].waited, 20u) << toString(op) << "\n" << toText(*s);
    EXPECT_LT(longestFolderWriterWait(fair), 150.0) << toText(fair);
    EXPECT_GT(longestFolderWriterWait(unfair), 2 * longestFolderWriterWait(fair)) << toText(unfair);
}

TEST(Simulation, ReportCountsWaitsPerOperationAndHotSpots)
{
    SimulationConfig c = contended();
    c.crashRate = 0.02;    // crashed leases block until their TTL ...
    c.waitTimeout = 100ms; // ... so some give up
    Simulation sim(c);
    const Statistics s = sim.run();
    std::uint64_t waited = 0, timeouts = 0;
    for (Operation op : kAllOperations) {
        const Statistics::OperationWaits& w = s.waitsByOperation[operationIndex(op)];
        waited += w.waited;
        timeouts += w.timeouts;
        EXPECT_LE(w.medianMs, w.maxMs) << toString(op);
        EXPECT_LE(w.maxMs, s.waitMaxMs) << toString(op);
        if (w.waited == 0) {
            EXPECT_EQ(w.maxMs, 0.0) << toString(op);
        }
    }
    EXPECT_GT(waited, 100u);
    EXPECT_LE(waited, s.grants);
    EXPECT_GT(s.timeouts, 0u);
    EXPECT_EQ(timeouts, s.timeouts);

    ASSERT_EQ(s.hotSpots.size(), Statistics::kHotSpots);
    std::uint64_t refusals = 0;
    // The engine counts a waiter's refusals once per blocker too: the same totals.
    const std::vector<HotPath> engine = sim.engine()->contention(kContentionPaths);
    for (std::size_t i = 0; i < s.hotSpots.size(); ++i) {
        const Statistics::HotSpot& spot = s.hotSpots[i];
        refusals += spot.refusals;
        if (i > 0) {
            EXPECT_LE(spot.refusals, s.hotSpots[i - 1].refusals);
        }
        EXPECT_LE(spot.queued, spot.refusals);
        EXPECT_EQ(spot.waiting, 0u) << "nobody waits after the run";
        ASSERT_FALSE(spot.pairs.empty()) << spot.path;
        EXPECT_LE(spot.pairs.size(), Statistics::kHotSpotPairs);
        std::uint64_t paired = 0;
        for (std::size_t p = 0; p < spot.pairs.size(); ++p) {
            paired += spot.pairs[p].count;
            if (p > 0) {
                EXPECT_LE(spot.pairs[p].count, spot.pairs[p - 1].count);
            }
        }
        EXPECT_LE(paired, spot.refusals);
        const auto counted = std::find_if(engine.begin(), engine.end(), [&](const HotPath& h) { return h.path == spot.path; });
        ASSERT_NE(counted, engine.end()) << spot.path;
        EXPECT_EQ(counted->total, std::int64_t(spot.refusals)) << spot.path;
    }
    EXPECT_LE(refusals, s.conflicts);

    const std::string text = toText(s);
    EXPECT_NE(text.find("fairness on (grace 5 ms)"), std::string::npos) << text;
    EXPECT_NE(text.find("waits by operation"), std::string::npos) << text;
    EXPECT_NE(text.find("hot spots"), std::string::npos) << text;
    EXPECT_NE(text.find("  " + s.hotSpots.front().path + " "), std::string::npos) << text;
    const std::string json = toJson(s);
    for (const char* key : {"\"fairness\"", "\"grace_ms\"", "\"queued\"", "\"waits_by_operation\"", "\"median_ms\"",
                            "\"hot_spots\"", "\"pairs\""})
        EXPECT_NE(json.find(key), std::string::npos) << key;
}

TEST(Simulation, FairnessIsTheProjectsSettingAndSwitchesLive)
{
    SimulationConfig c = contended();
    c.fairnessGrace = 20ms;
    Simulation sim(c);
    EXPECT_EQ(sim.engine()->fairnessGrace(), 20ms);
    EXPECT_EQ(sim.statistics().fairnessGrace, 20ms);
    sim.setFairnessGrace(std::nullopt);
    EXPECT_FALSE(sim.engine()->fairnessGrace().has_value());
    EXPECT_FALSE(sim.statistics().fairnessGrace.has_value());
    EXPECT_THROW(sim.setFairnessGrace(kMaxGrace + 1ms), InvalidInput);
    EXPECT_FALSE(sim.statistics().fairnessGrace.has_value());
    EXPECT_NE(toText(sim.statistics()).find("fairness off"), std::string::npos);
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
    c = SimulationConfig{};
    c.fairnessGrace = kMaxGrace + 1ms;
    try {
        Simulation{c};
        FAIL() << "a grace above the maximum is refused";
    } catch (const InvalidInput& error) {
        EXPECT_EQ(std::string(error.what()), "simulation: fairness grace must be within [0, 60000] ms or off, got 60001 ms");
    }
    c.fairnessGrace = -1ms;
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
