#pragma once

#include "treelock/policy.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace treelock::sim {

/// Number of operations (rows and columns of the conflict matrix).
inline constexpr std::size_t kOperationCount = kAllOperations.size();

/// Index of an operation in kAllOperations (and in the matrices below).
constexpr std::size_t operationIndex(Operation op) noexcept { return static_cast<std::size_t>(op); }

/// A copy of a simulation's counters at one moment: plain data, cheap to copy
/// (a few KiB), safe to hand to another thread. Times are simulated time
/// (virtual in deterministic mode, wall clock in real-time mode).
struct Statistics {
    /// One point of the throughput series.
    struct Sample {
        double time = 0;            ///< seconds since the start (end of the interval)
        double opsPerSecond = 0;    ///< operations completed in the interval, per second
        std::uint64_t completed = 0; ///< totals at that time
        std::uint64_t conflicts = 0;
        std::uint64_t violations = 0;
    };
    /// One bar of the wait-time histogram: waits in (previous upper, upper].
    struct Bucket {
        double upperMs = 0;         ///< +infinity for the last bucket
        std::uint64_t count = 0;
    };
    /// How long the acquires of one operation waited: where starvation shows.
    struct OperationWaits {
        std::uint64_t waited = 0;   ///< acquires granted after at least one refusal
        double medianMs = 0;        ///< their wait until the grant (approximate: ~9 % buckets)
        double maxMs = 0;           ///< the longest of them (exact)
        std::uint64_t timeouts = 0; ///< acquires given up after the wait timeout
    };
    /// A path where acquires were refused, counted by the simulator as the engine's
    /// contention table counts (Engine::contention): against the node where the
    /// attempt clashed (Blocker::clashPath), a waiting user's first refusal and each
    /// one behind a new blocker, not its retries behind the same one.
    struct HotSpot {
        /// What clashed there: the refused operation and the blocker's.
        struct Pair {
            Operation wanted = Operation::Create;
            Operation blocking = Operation::Create;
            std::uint64_t count = 0;
        };
        std::string path;
        std::uint64_t refusals = 0;
        std::uint64_t queued = 0;   ///< of them, refused behind an older waiter (fairness), not a holder
        std::size_t waiting = 0;    ///< users waiting now whose last attempt clashed here
        std::vector<Pair> pairs;    ///< most frequent first, at most kHotSpotPairs
    };

    std::chrono::milliseconds elapsed{0};
    std::size_t users = 0;
    bool locking = true;
    /// The project's fairness grace (Engine::fairnessGrace) as the run set it; nothing: fairness off.
    std::optional<std::chrono::milliseconds> fairnessGrace;

    std::uint64_t attempts = 0;           ///< acquire calls
    std::uint64_t grants = 0;             ///< granted acquires (operations that got their locks)
    std::uint64_t conflicts = 0;          ///< refused acquire calls
    std::uint64_t queued = 0;             ///< of them, refused behind an older waiter (Blocker::queued)
    std::uint64_t timeouts = 0;           ///< operations that gave up after the wait timeout
    std::uint64_t completed = 0;          ///< operations whose change was applied to the tree
    std::uint64_t failed = 0;             ///< precondition failures (path moved away, name taken, tree full)
    std::uint64_t fencingRejections = 0;  ///< mutations the tree refused for an old fencing token
    std::uint64_t violations = 0;         ///< safety violations seen by the monitor
    std::uint64_t superseded = 0;         ///< operations overtaken by a newer token (fencing protects)
    std::uint64_t crashes = 0;            ///< crash faults injected
    std::uint64_t pauses = 0;             ///< pause faults injected
    std::uint64_t slowReleases = 0;       ///< slow-release faults injected
    std::uint64_t staleWrites = 0;        ///< late writes attempted by paused users
    std::uint64_t lostLeases = 0;         ///< held leases found lost (renewal failed)
    std::uint64_t reaped = 0;             ///< abandoned leases (crash, pause) confirmed reaped
    /// Refused attempts whose blocker was a lease its holder abandoned (crash,
    /// pause): it excludes until its TTL ends.
    std::uint64_t refusedByAbandoned = 0;
    /// Refused attempts queued behind a waiter that waits for such a lease (or
    /// behind a waiter queued so): what fairness costs while the lease is not
    /// yet presumed dead (semantics.md).
    std::uint64_t queuedBehindAbandoned = 0;
    std::uint64_t swept = 0;              ///< leases reaped by the simulator's periodic sweep
    std::uint64_t errors = 0;             ///< engine errors (ConnectionError, ScriptError)
    double opsPerSecond = 0;              ///< completed / elapsed

    std::size_t inFlight = 0;             ///< operations between begin and end now
    std::size_t waiting = 0;              ///< users waiting for a lock now
    std::size_t treeEntries = 0;

    std::array<std::uint64_t, kOperationCount> completedByOperation{};
    /// conflictMatrix[wanted][blocker]: refused attempts of `wanted` whose named
    /// blocker was running `blocker` (the empirical permission matrix).
    std::array<std::array<std::uint64_t, kOperationCount>, kOperationCount> conflictMatrix{};

    double waitP50Ms = 0;                 ///< waits until a grant (approximate: ~9 % buckets)
    double waitP90Ms = 0;
    double waitP99Ms = 0;
    double waitMaxMs = 0;
    std::vector<Bucket> waitHistogram;    ///< fixed bounds 0, 1, 2, 5, ... 5000 ms, +inf
    /// Per operation (index: operationIndex): the waits of its acquires that were refused first.
    std::array<OperationWaits, kOperationCount> waitsByOperation{};
    /// The kHotSpots most refused paths, most refusals first (ties: path order).
    std::vector<HotSpot> hotSpots;
    std::vector<Sample> throughput;       ///< oldest first, at most kMaxSamples
    std::vector<std::string> recentViolations; ///< readable descriptions, newest last

    static constexpr std::size_t kMaxSamples = 3600;
    /// Paths in hotSpots.
    static constexpr std::size_t kHotSpots = 10;
    /// Operation pairs per hot spot.
    static constexpr std::size_t kHotSpotPairs = 3;
    /// Paths the simulator counts refusals on; when they are all taken, a new
    /// path replaces the least refused one that nobody waits on.
    static constexpr std::size_t kHotSpotPaths = 4096;
};

/// The statistics as JSON (snake_case keys: attempts, grants, conflicts,
/// timeouts, fencing_rejections, violations, ops_per_second, ..., fairness,
/// waits_by_operation, hot_spots). `indent` < 0: one line.
std::string toJson(const Statistics& statistics, int indent = 2);

/// A short human-readable report (several lines): the counters, the waits, the
/// waits per operation (the most starved first) and the 5 hottest paths.
std::string toText(const Statistics& statistics);

} // namespace treelock::sim
