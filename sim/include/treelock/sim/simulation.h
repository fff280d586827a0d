#pragma once

#include "treelock/engine.h"
#include "treelock/policy.h"
#include "treelock/sim/filesystem.h"
#include "treelock/sim/limits.h"
#include "treelock/sim/statistics.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace treelock::sim {

/// A random duration: Fixed (mean), Uniform [min, max], or Exponential (mean,
/// cut at max when max > 0). Milliseconds of simulated time.
struct Distribution {
    enum class Kind { Fixed, Uniform, Exponential };
    Kind kind = Kind::Fixed;
    double meanMs = 0;
    double minMs = 0;
    double maxMs = 0;

    static Distribution fixed(double ms) { return {Kind::Fixed, ms, ms, ms}; }
    static Distribution uniform(double minMs, double maxMs) { return {Kind::Uniform, (minMs + maxMs) / 2, minMs, maxMs}; }
    static Distribution exponential(double meanMs, double maxMs = 0) { return {Kind::Exponential, meanMs, 0, maxMs}; }
};

/// How users pick the paths they operate on.
enum class TargetChoice {
    Uniform, ///< any live entry of the right kind
    Hotspot, ///< with probability hotFraction, one of the first hotEntries entries in path order
};

/// How time passes.
enum class Timing {
    /// Discrete events on a virtual clock that also drives the MemoryEngine:
    /// single-threaded, as fast as the CPU allows (or paced by setSpeed), and
    /// deterministic: the same seed gives the same statistics.
    Virtual,
    /// Wall-clock time on worker threads, with any engine (RedisEngine included);
    /// each user's LockClient renews with its watchdog thread.
    RealTime,
};

/// Everything a simulation run is made of; defaults in one place.
struct SimulationConfig {
    std::size_t users = 20;                       ///< limits::kMinUsers..limits::kMaxUsers (1..500)
    /// Relative weight of each operation (index: operationIndex). All zero = invalid.
    std::array<double, kOperationCount> mix{3, 4, 1, 1.5, 0.5, 1, 1, 1, 0.5, 1, 1};
    TargetChoice targets = TargetChoice::Hotspot;
    double hotFraction = 0.5;                     ///< share of picks from the hot spot
    std::size_t hotEntries = 4;                   ///< size of the hot spot
    Distribution think = Distribution::exponential(20, 200);
    Distribution hold = Distribution::uniform(2, 20);
    std::chrono::milliseconds waitTimeout{500};   ///< give up an operation after waiting this long
    std::chrono::milliseconds ttl{2000};          ///< lease TTL
    /// How soon a holding user first renews its lease, said with each grant
    /// (ClientOptions::renewEvery): 10 ms to the ttl; 0, the default:
    /// kWatchdogFirstRenewal. Later gaps grow as LockClient's watchdog's do
    /// (watchdogGap). Fairness presumes a crashed or paused holder dead 1.5
    /// expected gaps after its last renewal.
    std::chrono::milliseconds renewEvery{0};
    /// Faults, as probabilities per granted operation.
    double crashRate = 0;        ///< the user dies while holding: abandons the lease, restarts after ttl
    double pauseRate = 0;        ///< stops renewing, sleeps past the TTL, then writes with its old token
    double slowReleaseRate = 0;  ///< keeps the lease slowReleaseDelay longer after writing
    std::chrono::milliseconds slowReleaseDelay{200};
    bool locking = true;                          ///< false: users skip the lock entirely
    /// The project's fairness grace, set on the engine when the run is built
    /// (Engine::setFairnessGrace; with a Redis engine, the project's setting): a
    /// user that has waited longer holds back newer conflicting requests. 0 to
    /// kMaxGrace; nothing: fairness off, so a waiting writer can starve behind
    /// readers that keep overlapping.
    std::optional<std::chrono::milliseconds> fairnessGrace = kDefaultGrace;
    std::uint64_t seed = 1;
    std::string profile = "fine";                 ///< Policy::builtin name
    std::optional<Policy> policy;                 ///< overrides `profile`
    Timing timing = Timing::Virtual;
    /// RealTime only: the engine to use (not owned alone; e.g. a RedisEngine).
    /// Unset: a MemoryEngine (in Virtual timing, always a MemoryEngine on the virtual clock).
    std::shared_ptr<Engine> engine;
    std::string project = "sim";                  ///< project of the engine the simulation creates
    std::chrono::milliseconds duration{10000};    ///< simulated time; 0 = until stop()
    /// Initial tree (FileSystem::fromPaths form). Empty: the seed's fixture plus
    /// folders /P000.. sized for `users`.
    std::vector<std::string> tree;
    std::size_t maxEntries = 0;                   ///< tree size limit; 0 = max(2000, 20 x users)
    std::chrono::milliseconds sampleInterval{500}; ///< throughput series resolution
    std::chrono::milliseconds sweepInterval{1000}; ///< periodic sweep + reap check; 0 = never
    std::size_t threads = 0;                      ///< RealTime workers; 0 = min(users, 4)

    /// Throws InvalidInput naming the first bad field.
    void validate() const;
};

/// Parses "create=3,move-folder=1,..." into weights (operations not named get 0).
/// Throws InvalidInput naming the bad item.
std::array<double, kOperationCount> parseMix(const std::string& text);

/// Virtual users running the seed's 11 operations concurrently on a simulated
/// project tree through the real lock engine (LockClient per user), with fault
/// injection, a fenced file system, a safety monitor and live statistics. A
/// user whose acquire is refused waits as a registered waiter (AcquireOptions::
/// wait and leaseId), so the project's fairness applies to it.
///
/// Control: run() (blocking, headless) or start()/pause()/resume()/stop()/step()
/// (a background thread; for a GUI). Every public member is thread-safe; the
/// query members (statistics(), tree(), engine(), ...) are cheap enough to call
/// from a GUI timer (statistics(): a few KiB copied; tree(): O(entries)).
class Simulation {
public:
    enum class State { Idle, Running, Paused, Finished };

    explicit Simulation(SimulationConfig config);
    ~Simulation(); // stop()s
    Simulation(const Simulation&) = delete;
    Simulation& operator=(const Simulation&) = delete;

    /// Runs to the end of the configured duration on the calling thread and
    /// returns the final statistics. Needs a duration > 0 and state Idle.
    Statistics run();

    /// Starts (or, if paused, resumes) on background thread(s). Returns at once.
    void start();
    /// Holds the clock still: no event runs until resume() or step(). Returns
    /// once the events already running have ended (at most one engine call each).
    void pause();
    void resume();
    /// Ends the run: threads joined, held leases released. Final state Finished.
    void stop();
    /// While Idle or Paused: runs the next event and returns what it did
    /// ("0.512 s user-3 move-folder /A/C /B: granted, fence 42"); nullopt if nothing is left.
    std::optional<std::string> step();
    /// Virtual: simulated ms per wall ms (0 = as fast as possible, the default
    /// for run()); RealTime: divides think and hold times. Any time.
    void setSpeed(double speed);
    double speed() const;
    /// Switches locking on or off while running (users pick it up with their next operation).
    void setLocking(bool on);
    /// Sets the project's fairness grace (nothing: off) at any time, as
    /// SimulationConfig::fairnessGrace; the next attempts see it. An engine call:
    /// may wait on Redis. Throws InvalidInput outside 0..kMaxGrace.
    void setFairnessGrace(std::optional<std::chrono::milliseconds> grace);

    State state() const;
    /// Simulated time since the start.
    std::chrono::milliseconds now() const;
    /// Thread-safe copy of the counters.
    Statistics statistics() const;
    /// Thread-safe copy of the simulated project tree.
    FileSystem::Snapshot tree() const;
    /// The engine the users lock through (for snapshots: lock table, project tree decoration).
    std::shared_ptr<Engine> engine() const;
    const SimulationConfig& config() const noexcept;
    /// Lease owner names of the users ("user-001", ...).
    std::vector<std::string> userNames() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl; // Owned.
};

std::string_view toString(Simulation::State state) noexcept;

} // namespace treelock::sim
