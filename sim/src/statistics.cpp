#include "treelock/sim/statistics.h"

#include "statisticsrecorder.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

namespace treelock::sim {

namespace {

constexpr std::array<double, 13> kCoarseBoundsMs{0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000};
constexpr int kFinePerOctave = 8;
constexpr std::size_t kFineBuckets = 1 + 48 * kFinePerOctave;

std::size_t fineIndex(std::int64_t micros)
{
    if (micros <= 0)
        return 0;
    const auto i = 1 + static_cast<std::size_t>(std::log2(static_cast<double>(micros)) * kFinePerOctave);
    return std::min(i, kFineBuckets - 1);
}

double fineUpperMs(std::size_t index)
{
    return index == 0 ? 0.0 : std::pow(2.0, static_cast<double>(index) / kFinePerOctave) / 1000.0;
}

} // namespace

namespace detail {

StatisticsRecorder::StatisticsRecorder(Micros sampleInterval)
    : m_interval(sampleInterval.count() > 0 ? sampleInterval : Micros(500000)), m_intervalEnd(m_interval),
      m_fine(kFineBuckets, 0), m_coarse(kCoarseBoundsMs.size() + 1, 0)
{
}

void StatisticsRecorder::recordWait(Micros wait)
{
    const double ms = static_cast<double>(wait.count()) / 1000.0;
    std::lock_guard lock(m_mutex);
    ++m_fine[fineIndex(wait.count())];
    std::size_t c = 0;
    while (c < kCoarseBoundsMs.size() && ms > kCoarseBoundsMs[c])
        ++c;
    ++m_coarse[c];
    ++m_waits;
    m_maxWaitMs = std::max(m_maxWaitMs, ms);
}

void StatisticsRecorder::recordCompleted(Operation op, Micros now)
{
    std::lock_guard lock(m_mutex);
    roll(now);
    ++m_stats.completed;
    ++m_stats.completedByOperation[operationIndex(op)];
    ++m_intervalCompleted;
}

void StatisticsRecorder::advance(Micros now, std::uint64_t violations)
{
    std::lock_guard lock(m_mutex);
    m_stats.violations = violations;
    roll(now);
}

void StatisticsRecorder::roll(Micros now)
{
    while (now >= m_intervalEnd) {
        Statistics::Sample s;
        s.time = static_cast<double>(m_intervalEnd.count()) / 1e6;
        s.opsPerSecond = static_cast<double>(m_intervalCompleted) * 1e6 / static_cast<double>(m_interval.count());
        s.completed = m_stats.completed;
        s.conflicts = m_stats.conflicts;
        s.violations = m_stats.violations;
        m_samples.push_back(s);
        if (m_samples.size() > Statistics::kMaxSamples)
            m_samples.pop_front();
        m_intervalCompleted = 0;
        m_intervalEnd += m_interval;
    }
}

Statistics StatisticsRecorder::snapshot(Micros now) const
{
    std::lock_guard lock(m_mutex);
    Statistics s = m_stats;
    s.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(now);
    const double seconds = static_cast<double>(now.count()) / 1e6;
    s.opsPerSecond = seconds > 0 ? static_cast<double>(s.completed) / seconds : 0.0;
    s.throughput.assign(m_samples.begin(), m_samples.end());
    for (std::size_t c = 0; c < m_coarse.size(); ++c)
        s.waitHistogram.push_back({c < kCoarseBoundsMs.size() ? kCoarseBoundsMs[c]
                                                              : std::numeric_limits<double>::infinity(),
                                   m_coarse[c]});
    auto percentile = [&](double q) {
        if (m_waits == 0)
            return 0.0;
        const auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(m_waits)));
        std::uint64_t seen = 0;
        for (std::size_t i = 0; i < m_fine.size(); ++i) {
            seen += m_fine[i];
            if (seen >= rank)
                return std::min(fineUpperMs(i), m_maxWaitMs);
        }
        return m_maxWaitMs;
    };
    s.waitP50Ms = percentile(0.50);
    s.waitP90Ms = percentile(0.90);
    s.waitP99Ms = percentile(0.99);
    s.waitMaxMs = m_maxWaitMs;
    return s;
}

} // namespace detail

std::string toJson(const Statistics& s, int indent)
{
    using Json = nlohmann::ordered_json;
    Json j;
    j["elapsed_ms"] = s.elapsed.count();
    j["users"] = s.users;
    j["locking"] = s.locking;
    j["attempts"] = s.attempts;
    j["grants"] = s.grants;
    j["conflicts"] = s.conflicts;
    j["timeouts"] = s.timeouts;
    j["completed"] = s.completed;
    j["failed"] = s.failed;
    j["fencing_rejections"] = s.fencingRejections;
    j["violations"] = s.violations;
    j["superseded"] = s.superseded;
    j["crashes"] = s.crashes;
    j["pauses"] = s.pauses;
    j["slow_releases"] = s.slowReleases;
    j["stale_writes"] = s.staleWrites;
    j["lost_leases"] = s.lostLeases;
    j["reaped"] = s.reaped;
    j["swept"] = s.swept;
    j["errors"] = s.errors;
    j["ops_per_second"] = std::round(s.opsPerSecond * 10) / 10;
    j["tree_entries"] = s.treeEntries;
    j["wait_ms"] = {{"p50", s.waitP50Ms}, {"p90", s.waitP90Ms}, {"p99", s.waitP99Ms}, {"max", s.waitMaxMs}};
    Json hist = Json::array();
    for (const auto& b : s.waitHistogram)
        hist.push_back({{"le_ms", std::isinf(b.upperMs) ? Json("inf") : Json(b.upperMs)}, {"count", b.count}});
    j["wait_histogram"] = hist;
    Json completed = Json::object();
    Json matrix = Json::object();
    for (Operation wanted : kAllOperations) {
        completed[std::string(toString(wanted))] = s.completedByOperation[operationIndex(wanted)];
        Json row = Json::object();
        for (Operation blocker : kAllOperations)
            if (auto n = s.conflictMatrix[operationIndex(wanted)][operationIndex(blocker)])
                row[std::string(toString(blocker))] = n;
        if (!row.empty())
            matrix[std::string(toString(wanted))] = row;
    }
    j["completed_by_operation"] = completed;
    j["conflicts_by_pair"] = matrix;
    Json series = Json::array();
    for (const auto& p : s.throughput)
        series.push_back({{"t", p.time}, {"ops_per_second", p.opsPerSecond}});
    j["throughput"] = series;
    j["recent_violations"] = s.recentViolations;
    return j.dump(indent);
}

std::string toText(const Statistics& s)
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(1);
    out << "users " << s.users << ", locking " << (s.locking ? "on" : "off") << ", "
        << static_cast<double>(s.elapsed.count()) / 1000.0 << " s simulated\n";
    out << "operations   " << s.completed << " completed (" << s.opsPerSecond << "/s), " << s.failed
        << " failed cleanly, " << s.timeouts << " timed out\n";
    out << "locks        " << s.attempts << " attempts, " << s.grants << " grants, " << s.conflicts
        << " conflicts\n";
    out << "wait         p50 " << s.waitP50Ms << " ms, p90 " << s.waitP90Ms << " ms, p99 " << s.waitP99Ms
        << " ms, max " << s.waitMaxMs << " ms\n";
    out << "faults       " << s.crashes << " crashes, " << s.pauses << " pauses, " << s.slowReleases
        << " slow releases; " << s.reaped << " abandoned leases reaped\n";
    out << "safety       " << s.violations << " violations, " << s.fencingRejections
        << " fencing rejections (" << s.staleWrites << " stale writes, " << s.superseded << " superseded)\n";
    for (const auto& v : s.recentViolations)
        out << "  violation: " << v << '\n';
    return out.str();
}

} // namespace treelock::sim
