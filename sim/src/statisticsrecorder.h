#pragma once

#include "treelock/sim/statistics.h"

#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace treelock::sim::detail {

/// Collects counters from the simulator's threads. Every member is thread-safe
/// (one mutex, held for a few increments); snapshot() copies. O(1) per record.
class StatisticsRecorder {
public:
    using Micros = std::chrono::microseconds;

    explicit StatisticsRecorder(Micros sampleInterval);

    /// Runs `f(Statistics&)` under the lock for counters without a helper.
    template <class F>
    void update(F&& f)
    {
        std::lock_guard lock(m_mutex);
        f(m_stats);
    }
    /// A granted acquire of `op` after `wait` (an attempt and a grant); `waited`: it
    /// was refused first, so its wait counts for the operation; ends the user's wait
    /// at `lastClash` (empty: it never waited).
    void recordGrant(Operation op, Micros wait, bool waited, const std::string& lastClash);
    /// A refused attempt of `wanted` (an attempt and a conflict; in the matrix when the
    /// blocker's operation is known), counted against `clashPath` when `counted` (as
    /// the engine's contention table counts: not a registered waiter's retry behind the
    /// same blocker); the user's wait moves from `previousClash` (empty: none) to
    /// `clashPath`. O(1) on average; O(kHotSpotPaths) when a new path replaces the
    /// least refused one.
    void recordRefusal(Operation wanted, std::optional<Operation> blocking, const std::string& clashPath, bool queued,
                       const std::string& previousClash, bool counted);
    /// An acquire of `op` given up after the wait timeout; ends the user's wait at `lastClash`.
    void recordTimeout(Operation op, const std::string& lastClash);
    /// Ends a user's wait at `lastClash` without an outcome (an engine error, the end of the run).
    void endWait(const std::string& lastClash);
    void recordCompleted(Operation op, Micros now);
    /// Closes throughput intervals up to `now`; `violations` is the safety
    /// monitor's running total, recorded in the samples.
    void advance(Micros now, std::uint64_t violations);
    Statistics snapshot(Micros now) const;

private:
    struct PathCounts {
        std::uint64_t refusals = 0;
        std::uint64_t queued = 0;
        std::size_t waiting = 0;
        std::vector<Statistics::HotSpot::Pair> pairs; // in first-seen order
    };

    void roll(Micros now);
    void leavePath(const std::string& path);
    PathCounts& pathCounts(const std::string& path);

    mutable std::mutex m_mutex;
    Statistics m_stats;
    Micros m_interval;
    Micros m_intervalEnd;
    std::uint64_t m_intervalCompleted = 0;
    std::deque<Statistics::Sample> m_samples;
    std::vector<std::uint64_t> m_fine;   // log-scale buckets for percentiles
    std::vector<std::uint64_t> m_coarse; // display buckets
    std::uint64_t m_waits = 0;
    double m_maxWaitMs = 0;
    // Per operation: log-scale buckets of the waits of acquires that were refused first.
    std::array<std::vector<std::uint64_t>, kOperationCount> m_operationFine;
    std::unordered_map<std::string, PathCounts> m_paths; // at most Statistics::kHotSpotPaths
};

} // namespace treelock::sim::detail
