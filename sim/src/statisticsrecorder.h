#pragma once

#include "treelock/sim/statistics.h"

#include <chrono>
#include <deque>
#include <mutex>

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
    void recordWait(Micros wait);
    void recordCompleted(Operation op, Micros now);
    /// Closes throughput intervals up to `now`; `violations` is the safety
    /// monitor's running total, recorded in the samples.
    void advance(Micros now, std::uint64_t violations);
    Statistics snapshot(Micros now) const;

private:
    void roll(Micros now);

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
};

} // namespace treelock::sim::detail
