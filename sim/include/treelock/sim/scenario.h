#pragma once

#include "treelock/engine.h"
#include "treelock/policy.h"
#include "treelock/sim/filesystem.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace treelock::sim {

/// What a scenario step does; the JSON form names it by the word in each
/// comment. StallReplica and KillPrimary need "topology": "sentinel".
enum class ScenarioAction {
    Acquire,      ///< "acquire": the actor's operation, waiting up to wait_ms (or in the background)
    Await,        ///< "await": the outcome of the actor's acquire in the background
    Write,        ///< "write": the operation on the tree, with the actor's fence
    Release,      ///< "release": the actor's lease
    Pause,        ///< "pause": the actor stops renewing its lease
    Crash,        ///< "crash": as pause, and the actor forgets what it did
    Wait,         ///< "wait": wait_ms pass
    Snapshot,     ///< "snapshot": live and expired leases, waiters
    Sweep,        ///< "sweep": expired leases reaped
    ForceRelease, ///< "force-release": the lease of another actor (target)
    Expect,       ///< "expect": paths that exist and paths that do not
    StallReplica, ///< "stall-replica": the replica gets nothing from the primary
    KillPrimary,  ///< "kill-primary": SIGKILL to the primary; the sentinels promote the replica
};

/// The JSON word of `action` ("force-release").
std::string_view toString(ScenarioAction action) noexcept;
/// The action a JSON word names, if any.
std::optional<ScenarioAction> parseScenarioAction(std::string_view word) noexcept;

/// One scripted step: an actor does an action and the outcome is checked.
/// The JSON form is documented in docs/simulator.md.
struct ScenarioStep {
    std::string actor;                       ///< "A", "B", "operator", ...
    ScenarioAction action = ScenarioAction::Expect;
    std::optional<OperationCall> call;       ///< acquire (and optionally write)
    std::optional<std::string> profile;      ///< acquire: policy profile for this step
    std::chrono::milliseconds waitFor{0};    ///< acquire: wait this long; wait: sleep this long
    /// acquire: keeps waiting (up to waitFor) while the next steps play; the step
    /// ends once the acquire waits as a registered waiter that holds newer
    /// conflicting requests back (outcome "waiting"); a later "await" of the
    /// same actor takes its outcome.
    bool background = false;
    std::optional<std::chrono::milliseconds> ttl; ///< acquire: lease TTL for this step
    int minReplicas = 0;                     ///< acquire: RedisOptions::minReplicas (Sentinel scenarios)
    std::string target;                      ///< force-release: whose lease
    std::string expect;                      ///< expected outcome word; empty: the action's default
    std::optional<std::string> blocker;      ///< acquire refused/timeout/waiting: owner of the blocker
    std::optional<std::string> heldMode;     ///< ... and the mode held where it clashed
    /// ... and whether it is an older waiter the request queues behind (Blocker::queued)
    /// rather than a holder.
    std::optional<bool> queued;
    std::optional<std::size_t> live;         ///< snapshot: live leases
    std::optional<std::size_t> expired;      ///< snapshot: expired, not yet reaped leases
    std::optional<std::size_t> waiters;      ///< snapshot: registered waiters
    std::optional<std::size_t> count;        ///< sweep: leases reaped
    std::vector<std::string> exists;         ///< expect: paths that must exist in the tree
    std::vector<std::string> missing;        ///< expect: paths that must not
    std::string narration;                   ///< what the step shows, in words
};

/// A scripted conflict story (resources/scenarios/*.json).
struct Scenario {
    std::string name;
    std::string title;
    std::string description;
    std::string profile = "fine";
    std::chrono::milliseconds ttl{30000};
    std::vector<std::string> tree;           ///< FileSystem::fromPaths form; empty: the seed's fixture
    /// "" (any engine) or "sentinel": the scenario runs on a private primary,
    /// replica and three sentinels that the player starts and stops itself.
    std::string topology;
    std::vector<ScenarioStep> steps;

    /// Parses the JSON form. Throws InvalidInput naming the step and key at fault,
    /// also for an acquire in the background that is never awaited, an "await"
    /// with none to await, and another lease step of an actor whose acquire still
    /// waits in the background.
    static Scenario fromJson(std::string_view json);
    /// Reads and parses a file. Throws InvalidInput (also when it cannot be read).
    static Scenario fromFile(const std::string& path);
};

/// What one step did.
struct StepResult {
    std::size_t index = 0;                   ///< 0-based
    std::string actor;
    std::string action;                      ///< the action's JSON word
    std::string what;                        ///< "acquire move-folder /A/C /B"
    std::string expected;
    std::string actual;
    std::string detail;                      ///< blocker, fence, counts, messages
    std::string narration;
    bool ok = false;                         ///< actual matched every expectation
    std::string mismatch;                    ///< which expectation failed, if any

    /// "step 2  B  acquire upload /A/C/D d.txt -> refused (blocked by A ...)  [ok]".
    std::string line() const;
};

/// Server time for a scenario played at a reader's pace: it runs only while a
/// step runs and stands still between steps, so the time a viewer takes
/// between two steps (or a player's display delay) expires no lease; a wait
/// step still lets its full time pass. Starts at the system time, held. Give
/// now() to a MemoryEngine as its clock and the clock to the ScenarioPlayer,
/// which runs it around each step. Thread-safe.
class ScenarioClock {
public:
    ScenarioClock();

    ServerTime now() const;
    /// Lets time pass (from the current reading on).
    void run();
    /// Stops time at the current reading.
    void hold();
    bool running() const;

private:
    mutable std::mutex m_mutex; // Guards the fields below.
    ServerTime m_held;          // the reading when held, or when run() was called
    std::optional<std::chrono::steady_clock::time_point> m_runningSince;
};

/// Plays a Scenario step by step against an engine (MemoryEngine or
/// RedisEngine), on a FileSystem built from the scenario's tree. An acquire in
/// the background waits on its own thread until its "await" step. A "sentinel"
/// scenario ignores `engine` (it may be null) and runs on a private Sentinel
/// set-up (treelock::SentinelGroup) the player starts, in a few seconds, and
/// stops with itself; its steps may stall the replica and kill the primary. Actors get
/// their own LockClient (owner = actor name, watchdog on). Steps take real
/// time (wait steps sleep; acquires may wait), so a GUI calls next() from a
/// worker thread. With a ScenarioClock (the engine's clock), time passes only
/// inside next(). Not thread-safe except tree(), which may be called from any thread.
class ScenarioPlayer {
public:
    ScenarioPlayer(Scenario scenario, std::shared_ptr<Engine> engine, std::shared_ptr<ScenarioClock> clock = {});
    ~ScenarioPlayer(); // ends the waits still in the background, releases what the actors hold

    const Scenario& scenario() const noexcept;
    std::size_t position() const noexcept;   ///< index of the next step
    bool atEnd() const noexcept;
    /// Runs the next step. Throws InvalidInput if at the end; engine errors propagate.
    StepResult next();
    /// Runs every remaining step; `onStep` sees each result as it happens.
    std::vector<StepResult> runAll(const std::function<void(const StepResult&)>& onStep = {});
    /// True if every step so far had its expected outcome.
    bool passed() const noexcept;
    FileSystem::Snapshot tree() const;
    std::shared_ptr<Engine> engine() const;
    /// True when this scenario needs no engine from the caller ("sentinel").
    static bool bringsItsOwnEngine(const Scenario& scenario);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl; // Owned.
};

} // namespace treelock::sim
