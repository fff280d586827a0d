#include "treelock/sim/statistics.h"

#include "statisticsrecorder.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

namespace treelock::sim {

namespace {

constexpr std::array<double, 13> kCoarseBoundsMs{0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000};
constexpr int kFinePerOctave = 8;
constexpr std::size_t kFineBuckets = 1 + 48 * kFinePerOctave;
/// Hot spots in the text report (the JSON has all of Statistics::hotSpots).
constexpr std::size_t kTextHotSpots = 5;

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

// The q-quantile of `count` waits in log-scale buckets, at most the largest wait.
double percentile(const std::vector<std::uint64_t>& fine, std::uint64_t count, double maxMs, double q)
{
    if (count == 0)
        return 0.0;
    const auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count)));
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < fine.size(); ++i) {
        seen += fine[i];
        if (seen >= rank)
            return std::min(fineUpperMs(i), maxMs);
    }
    return maxMs;
}

std::string operationName(Operation op)
{
    return std::string(toString(op));
}

} // namespace

namespace detail {

StatisticsRecorder::StatisticsRecorder(Micros sampleInterval)
    : m_interval(sampleInterval.count() > 0 ? sampleInterval : Micros(500000)), m_intervalEnd(m_interval),
      m_fine(kFineBuckets, 0), m_coarse(kCoarseBoundsMs.size() + 1, 0)
{
    for (auto& buckets : m_operationFine)
        buckets.assign(kFineBuckets, 0);
}

void StatisticsRecorder::recordGrant(Operation op, Micros wait, bool waited, const std::string& lastClash)
{
    const double ms = static_cast<double>(wait.count()) / 1000.0;
    const std::size_t fine = fineIndex(wait.count());
    std::lock_guard lock(m_mutex);
    ++m_stats.attempts;
    ++m_stats.grants;
    ++m_fine[fine];
    std::size_t c = 0;
    while (c < kCoarseBoundsMs.size() && ms > kCoarseBoundsMs[c])
        ++c;
    ++m_coarse[c];
    ++m_waits;
    m_maxWaitMs = std::max(m_maxWaitMs, ms);
    if (waited) {
        Statistics::OperationWaits& w = m_stats.waitsByOperation[operationIndex(op)];
        ++w.waited;
        w.maxMs = std::max(w.maxMs, ms);
        ++m_operationFine[operationIndex(op)][fine];
    }
    leavePath(lastClash);
}

void StatisticsRecorder::recordRefusal(Operation wanted, std::optional<Operation> blocking,
                                       const std::string& clashPath, bool queued, const std::string& previousClash,
                                       bool counted)
{
    std::lock_guard lock(m_mutex);
    ++m_stats.attempts;
    ++m_stats.conflicts;
    if (queued)
        ++m_stats.queued;
    if (blocking)
        ++m_stats.conflictMatrix[operationIndex(wanted)][operationIndex(*blocking)];
    leavePath(previousClash);
    if (clashPath.empty())
        return;
    PathCounts& counts = pathCounts(clashPath);
    ++counts.waiting;
    if (!counted)
        return;
    ++counts.refusals;
    if (queued)
        ++counts.queued;
    if (!blocking)
        return;
    const auto pair = std::find_if(counts.pairs.begin(), counts.pairs.end(), [&](const auto& p) {
        return p.wanted == wanted && p.blocking == *blocking;
    });
    if (pair != counts.pairs.end())
        ++pair->count;
    else
        counts.pairs.push_back({wanted, *blocking, 1});
}

void StatisticsRecorder::recordTimeout(Operation op, const std::string& lastClash)
{
    std::lock_guard lock(m_mutex);
    ++m_stats.timeouts;
    ++m_stats.waitsByOperation[operationIndex(op)].timeouts;
    leavePath(lastClash);
}

void StatisticsRecorder::endWait(const std::string& lastClash)
{
    std::lock_guard lock(m_mutex);
    leavePath(lastClash);
}

void StatisticsRecorder::leavePath(const std::string& path)
{
    if (path.empty())
        return;
    // A path somebody waits on is never replaced, so it is still here.
    const auto it = m_paths.find(path);
    if (it != m_paths.end() && it->second.waiting > 0)
        --it->second.waiting;
}

StatisticsRecorder::PathCounts& StatisticsRecorder::pathCounts(const std::string& path)
{
    if (const auto it = m_paths.find(path); it != m_paths.end())
        return it->second;
    if (m_paths.size() >= Statistics::kHotSpotPaths) {
        // Space for the new path: the least refused one that nobody waits on goes
        // (there is one: fewer users than paths wait).
        auto victim = m_paths.end();
        for (auto it = m_paths.begin(); it != m_paths.end(); ++it)
            if (it->second.waiting == 0 && (victim == m_paths.end() || it->second.refusals < victim->second.refusals))
                victim = it;
        if (victim != m_paths.end())
            m_paths.erase(victim);
    }
    return m_paths[path];
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
    s.waitP50Ms = percentile(m_fine, m_waits, m_maxWaitMs, 0.50);
    s.waitP90Ms = percentile(m_fine, m_waits, m_maxWaitMs, 0.90);
    s.waitP99Ms = percentile(m_fine, m_waits, m_maxWaitMs, 0.99);
    s.waitMaxMs = m_maxWaitMs;
    for (std::size_t i = 0; i < kOperationCount; ++i) {
        Statistics::OperationWaits& w = s.waitsByOperation[i];
        w.medianMs = percentile(m_operationFine[i], w.waited, w.maxMs, 0.50);
    }

    // The hottest paths: O(paths x log kHotSpots).
    std::vector<const std::pair<const std::string, PathCounts>*> hottest;
    hottest.reserve(m_paths.size());
    for (const auto& entry : m_paths)
        hottest.push_back(&entry);
    const auto hotter = [](const auto* a, const auto* b) {
        return a->second.refusals != b->second.refusals ? a->second.refusals > b->second.refusals : a->first < b->first;
    };
    const std::size_t top = std::min(hottest.size(), Statistics::kHotSpots);
    std::partial_sort(hottest.begin(), hottest.begin() + static_cast<std::ptrdiff_t>(top), hottest.end(), hotter);
    for (std::size_t i = 0; i < top; ++i) {
        const auto& [path, counts] = *hottest[i];
        Statistics::HotSpot spot;
        spot.path = path;
        spot.refusals = counts.refusals;
        spot.queued = counts.queued;
        spot.waiting = counts.waiting;
        spot.pairs = counts.pairs;
        std::stable_sort(spot.pairs.begin(), spot.pairs.end(),
                         [](const auto& a, const auto& b) { return a.count > b.count; });
        if (spot.pairs.size() > Statistics::kHotSpotPairs)
            spot.pairs.resize(Statistics::kHotSpotPairs);
        s.hotSpots.push_back(std::move(spot));
    }
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
    j["fairness"] = s.fairnessGrace ? Json{{"on", true}, {"grace_ms", s.fairnessGrace->count()}} : Json{{"on", false}};
    j["attempts"] = s.attempts;
    j["grants"] = s.grants;
    j["conflicts"] = s.conflicts;
    j["queued"] = s.queued;
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
    j["refused_by_abandoned"] = s.refusedByAbandoned;
    j["queued_behind_abandoned"] = s.queuedBehindAbandoned;
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
    Json waits = Json::object();
    for (Operation op : kAllOperations) {
        const Statistics::OperationWaits& w = s.waitsByOperation[operationIndex(op)];
        if (w.waited || w.timeouts)
            waits[operationName(op)] = {{"waited", w.waited}, {"median_ms", w.medianMs}, {"max_ms", w.maxMs},
                                        {"timeouts", w.timeouts}};
    }
    j["waits_by_operation"] = waits;
    Json spots = Json::array();
    for (const Statistics::HotSpot& spot : s.hotSpots) {
        Json pairs = Json::array();
        for (const auto& p : spot.pairs)
            pairs.push_back({{"wanted", operationName(p.wanted)}, {"blocking", operationName(p.blocking)}, {"count", p.count}});
        spots.push_back({{"path", spot.path}, {"refusals", spot.refusals}, {"queued", spot.queued},
                         {"waiting", spot.waiting}, {"pairs", pairs}});
    }
    j["hot_spots"] = spots;
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
    out << "users " << s.users << ", locking " << (s.locking ? "on" : "off") << ", fairness "
        << (s.fairnessGrace ? "on (grace " + std::to_string(s.fairnessGrace->count()) + " ms)" : std::string("off"))
        << ", " << static_cast<double>(s.elapsed.count()) / 1000.0 << " s simulated\n";
    out << "operations   " << s.completed << " completed (" << s.opsPerSecond << "/s), " << s.failed
        << " failed cleanly, " << s.timeouts << " timed out\n";
    out << "locks        " << s.attempts << " attempts, " << s.grants << " grants, " << s.conflicts
        << " conflicts (" << s.queued << " behind a waiter)\n";
    out << "wait         p50 " << s.waitP50Ms << " ms, p90 " << s.waitP90Ms << " ms, p99 " << s.waitP99Ms
        << " ms, max " << s.waitMaxMs << " ms\n";
    // Starvation: the operations whose acquires waited longest first.
    std::vector<Operation> waited;
    for (Operation op : kAllOperations) {
        const Statistics::OperationWaits& w = s.waitsByOperation[operationIndex(op)];
        if (w.waited || w.timeouts)
            waited.push_back(op);
    }
    std::stable_sort(waited.begin(), waited.end(), [&](Operation a, Operation b) {
        const auto& wa = s.waitsByOperation[operationIndex(a)];
        const auto& wb = s.waitsByOperation[operationIndex(b)];
        return wa.timeouts != wb.timeouts ? wa.timeouts > wb.timeouts : wa.maxMs > wb.maxMs;
    });
    out << "waits by operation (acquires refused first, the most starved first)\n";
    if (waited.empty())
        out << "  none: no acquire was refused\n";
    for (Operation op : waited) {
        const Statistics::OperationWaits& w = s.waitsByOperation[operationIndex(op)];
        out << "  " << std::left << std::setw(15) << toString(op) << std::right << std::setw(7) << w.waited
            << " waited, median " << w.medianMs << " ms, longest " << w.maxMs << " ms, " << w.timeouts
            << " timed out\n";
    }
    out << "hot spots (where refused attempts clashed, the " << kTextHotSpots << " most refused)\n";
    if (s.hotSpots.empty())
        out << "  none\n";
    for (std::size_t i = 0; i < s.hotSpots.size() && i < kTextHotSpots; ++i) {
        const Statistics::HotSpot& spot = s.hotSpots[i];
        out << "  " << std::left << std::setw(15) << spot.path << std::right << std::setw(7) << spot.refusals
            << " refusals, " << spot.queued << " behind a waiter";
        if (spot.waiting)
            out << ", " << spot.waiting << " waiting now";
        for (std::size_t p = 0; p < spot.pairs.size(); ++p)
            out << (p == 0 ? "; " : ", ") << toString(spot.pairs[p].wanted) << " vs " << toString(spot.pairs[p].blocking)
                << " " << spot.pairs[p].count;
        out << "\n";
    }
    out << "faults       " << s.crashes << " crashes, " << s.pauses << " pauses, " << s.slowReleases
        << " slow releases; " << s.reaped << " abandoned leases reaped\n";
    if (s.crashes + s.pauses > 0)
        out << "abandoned    " << s.refusedByAbandoned << " attempts refused by an abandoned lease, "
            << s.queuedBehindAbandoned << " queued behind a waiter for one\n";
    out << "safety       " << s.violations << " violations, " << s.fencingRejections
        << " fencing rejections (" << s.staleWrites << " stale writes, " << s.superseded << " superseded)\n";
    for (const auto& v : s.recentViolations)
        out << "  violation: " << v << '\n';
    return out.str();
}

} // namespace treelock::sim
