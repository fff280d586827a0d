#include "treelock/history.h"

#include "treelock/error.h"
#include "treelock/path.h"
#include "treelock/redisprotocol.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace treelock {

namespace {

std::string field(const std::string& path, LockMode mode)
{
    return redis::KeySchema::nodeField(path, mode);
}

// Stream ids "ms-seq" compare numerically, part by part.
bool idLess(const std::string& a, const std::string& b)
{
    auto parts = [](const std::string& id) {
        std::uint64_t ms = 0, seq = 0;
        const auto dash = id.find('-');
        std::from_chars(id.data(), id.data() + (dash == std::string::npos ? id.size() : dash), ms);
        if (dash != std::string::npos)
            std::from_chars(id.data() + dash + 1, id.data() + id.size(), seq);
        return std::pair{ms, seq};
    };
    return parts(a) < parts(b);
}

} // namespace

// ---------------------------------------------------------------- HistoryChecker

HistoryChecker::HistoryChecker(bool trimmed, std::size_t maxViolations) : m_maxViolations(maxViolations)
{
    m_report.trimmed = trimmed;
}

void HistoryChecker::violate(HistoryViolation v)
{
    if (m_report.violations.size() < m_maxViolations)
        m_report.violations.push_back(std::move(v));
}

void HistoryChecker::add(const LiveLease& lease, int sign)
{
    for (const auto& r : lease.requests) {
        for (const auto& a : ancestorsOf(r.path)) {
            auto& c = m_counts[field(a, intentionOf(r.mode))];
            c += sign;
        }
        m_counts[field(r.path, r.mode)] += sign;
    }
    std::erase_if(m_counts, [](const auto& kv) { return kv.second == 0; });
}

std::optional<std::string> HistoryChecker::clash(const std::vector<LockRequest>& requests) const
{
    auto held = [this](const std::string& path, LockMode mode) {
        const auto it = m_counts.find(field(path, mode));
        return it != m_counts.end() && it->second > 0;
    };
    for (const auto& r : requests) {
        for (const auto& a : ancestorsOf(r.path))
            for (LockMode h : kAllModes)
                if (held(a, h) && !compatible(h, intentionOf(r.mode)))
                    return toString(r) + " clashes with " + std::string(toString(h)) + " held on " + a;
        for (LockMode h : kAllModes)
            if (held(r.path, h) && !compatible(h, r.mode))
                return toString(r) + " clashes with " + std::string(toString(h)) + " held on " + r.path;
    }
    return std::nullopt;
}

LeaseId HistoryChecker::blockerOf(const std::vector<LockRequest>& requests) const
{
    for (const auto& [id, lease] : m_live)
        if (requestsConflict(lease.requests, requests))
            return id;
    return {};
}

void HistoryChecker::feed(const std::vector<Event>& events)
{
    for (const auto& e : events)
        feed(e);
}

void HistoryChecker::feed(const Event& e)
{
    ++m_report.events;
    if (m_report.firstEventId.empty())
        m_report.firstEventId = e.id;
    m_report.lastEventId = e.id;

    if (e.type == EventType::Grant) {
        ++m_report.grants;
        if (e.fence <= m_lastFence)
            violate({"fence-not-increasing", e.id, e.lease, {},
                     "grant of lease " + shortLeaseId(e.lease) + " has fence " + std::to_string(e.fence)
                         + ", not above the previous grant's " + std::to_string(m_lastFence)});
        m_lastFence = std::max(m_lastFence, e.fence);
        if (m_live.contains(e.lease) || m_revoked.contains(e.lease)) {
            violate({"duplicate-grant", e.id, e.lease, e.lease,
                     "lease " + shortLeaseId(e.lease) + " granted again while still held"});
            return;
        }
        if (auto why = clash(e.requests)) {
            const LeaseId other = blockerOf(e.requests);
            violate({"conflicting-grant", e.id, e.lease, other,
                     "grant of lease " + shortLeaseId(e.lease) + " (" + toString(e.requests)
                         + ", fence " + std::to_string(e.fence) + "): " + *why + " by live lease "
                         + shortLeaseId(other)
                         + (other.empty() ? std::string()
                                          : " (" + toString(m_live.at(other).requests)
                                                + ", fence " + std::to_string(m_live.at(other).fence)
                                                + ")")});
        }
        for (auto& [id, revoked] : m_revoked)
            if (requestsConflict(revoked.lease.requests, e.requests))
                revoked.conflictingGrants.emplace_back(e.id, e.lease);
        LiveLease lease{e.requests, e.fence};
        add(lease, +1);
        m_live.emplace(e.lease, std::move(lease));
    } else if (e.type == EventType::Release || e.type == EventType::Expire || e.type == EventType::Force) {
        ++m_report.ends;
        end(e);
    } else if (e.type == EventType::Config && e.setting == "events=all" && m_report.unrecorded) {
        m_report.unrecordedUntil = e.id;
    } else if (e.type == EventType::Config && e.setting == "events=audit") {
        m_report.unrecorded = true;
        if (m_report.unrecordedFrom.empty())
            m_report.unrecordedFrom = e.id;
        m_report.unrecordedUntil.clear();
        for (const auto& [id, lease] : m_live) {
            add(lease, -1);
            m_fateUnknown.insert(id);
        }
        m_live.clear();
    }
    m_report.liveAtEnd = m_live.size();
    m_report.unknownAtEnd = m_fateUnknown.size();
}

void HistoryChecker::end(const Event& e)
{
    auto checkFence = [&](std::uint64_t granted) {
        if (e.fence != 0 && e.fence != granted)
            violate({"fence-mismatch", e.id, e.lease, {},
                     std::string(toString(e.type)) + " of lease " + shortLeaseId(e.lease) + " carries fence "
                         + std::to_string(e.fence) + ", granted with " + std::to_string(granted)});
    };
    if (auto it = m_live.find(e.lease); it != m_live.end()) {
        checkFence(it->second.fence);
        add(it->second, -1);
        if (e.type == EventType::Force && e.wasLive)
            m_revoked[e.lease] = Revoked{it->second, {}};
        m_live.erase(it);
        m_ended.insert(e.lease);
        return;
    }
    if (auto it = m_revoked.find(e.lease); it != m_revoked.end() && e.type == EventType::Expire) {
        // The revocation kept the paths blocked until now (a lock-delay).
        checkFence(it->second.lease.fence);
        for (const auto& [eventId, lease] : it->second.conflictingGrants)
            violate({"conflicting-grant", eventId, lease, e.lease,
                     "grant of lease " + shortLeaseId(lease) + " during the lock-delay of revoked lease "
                         + shortLeaseId(e.lease) + " ("
                         + toString(it->second.lease.requests) + ")"});
        m_revoked.erase(it);
        return;
    }
    if (m_fateUnknown.erase(e.lease) > 0) {
        m_ended.insert(e.lease);
        return; // live when releases stopped being recorded, and still held until now
    }
    if ((m_report.trimmed || m_report.unrecorded) && !m_ended.contains(e.lease))
        return; // granted before the first event we have, or while grants went unrecorded
    violate({"unmatched-end", e.id, e.lease, {},
             std::string(toString(e.type)) + " of lease " + shortLeaseId(e.lease)
                 + (m_ended.contains(e.lease) ? " that had already ended" : " that was never granted")});
}

HistoryReport checkHistory(const std::vector<Event>& events, bool trimmed)
{
    HistoryChecker checker(trimmed);
    checker.feed(events);
    return checker.report();
}

HistoryReport checkEngineHistory(Engine& engine, const std::optional<EventStreamInfo>& info)
{
    constexpr std::size_t kPage = 1000;
    std::vector<Event> all;
    std::string after = "0";
    for (;;) {
        auto page = engine.events(after, kPage);
        if (page.empty())
            break;
        after = page.back().id;
        const bool last = page.size() < kPage;
        std::move(page.begin(), page.end(), std::back_inserter(all));
        if (last)
            break;
    }
    bool trimmed = false;
    if (info) {
        trimmed = info->trimmed()
                  || (!all.empty() && !info->firstId.empty() && idLess(info->firstId, all.front().id));
    } else {
        trimmed = all.size() >= static_cast<std::size_t>(kEventStreamCap);
    }
    HistoryChecker checker(trimmed);
    if (engine.eventLevel() == EventLevel::Audit)
        checker.assumeUnrecorded();
    checker.feed(all);
    HistoryReport report = checker.report();
    if (info)
        report.eventsAddedEver = info->entriesAdded;
    return report;
}

// ---------------------------------------------------------------- intervals

bool requestsConflict(const std::vector<LockRequest>& a, const std::vector<LockRequest>& b)
{
    for (const auto& x : a)
        for (const auto& y : b) {
            if (x.path == y.path) {
                if (!compatible(x.mode, y.mode))
                    return true;
            } else if (isAncestor(x.path, y.path)) {
                if (!compatible(x.mode, intentionOf(y.mode)))
                    return true;
            } else if (isAncestor(y.path, x.path)) {
                if (!compatible(y.mode, intentionOf(x.mode)))
                    return true;
            }
        }
    return false;
}

std::vector<IntervalViolation> checkIntervals(std::vector<HeldInterval> intervals, std::size_t maxViolations)
{
    std::erase_if(intervals, [](const HeldInterval& h) { return h.lost; });
    std::sort(intervals.begin(), intervals.end(),
              [](const HeldInterval& x, const HeldInterval& y) { return x.acquiredNs < y.acquiredNs; });
    std::vector<IntervalViolation> out;
    // `open` holds indices of intervals that may still overlap later starts.
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < intervals.size(); ++i) {
        const auto& cur = intervals[i];
        std::erase_if(open, [&](std::size_t j) { return intervals[j].releasedNs <= cur.acquiredNs; });
        for (std::size_t j : open) {
            const auto& prev = intervals[j];
            if (prev.lease == cur.lease || !requestsConflict(prev.requests, cur.requests))
                continue;
            if (out.size() >= maxViolations)
                return out;
            std::ostringstream m;
            m << prev.client << " held lease " << shortLeaseId(prev.lease) << " ("
              << toString(prev.requests) << ", fence " << prev.fence << ") over ["
              << prev.acquiredNs << ", " << prev.releasedNs << "] ns while " << cur.client
              << " held lease " << shortLeaseId(cur.lease) << " (" << toString(cur.requests)
              << ", fence " << cur.fence << ") over [" << cur.acquiredNs << ", " << cur.releasedNs
              << "] ns: overlap " << (std::min(prev.releasedNs, cur.releasedNs) - cur.acquiredNs) << " ns";
            out.push_back({prev, cur, m.str()});
        }
        open.push_back(i);
    }
    return out;
}

ConcurrencyFloor maxConcurrentHolders(const std::vector<HeldInterval>& intervals, LockMode mode)
{
    // Per path: +1 at start, -1 at end; ends sort before starts at the same instant.
    std::map<std::string, std::vector<std::pair<std::int64_t, int>>> edges;
    for (const auto& h : intervals) {
        if (h.lost)
            continue;
        for (const auto& r : h.requests)
            if (r.mode == mode) {
                edges[r.path].emplace_back(h.acquiredNs, +1);
                edges[r.path].emplace_back(h.releasedNs, -1);
            }
    }
    ConcurrencyFloor best;
    for (auto& [path, list] : edges) {
        std::sort(list.begin(), list.end());
        std::int64_t level = 0;
        for (const auto& [t, d] : list) {
            level += d;
            if (level > static_cast<std::int64_t>(best.maxHolders)) {
                best.maxHolders = static_cast<std::size_t>(level);
                best.path = path;
            }
        }
    }
    return best;
}

std::string formatInterval(const HeldInterval& h)
{
    std::string line = h.client + " " + h.lease + " " + std::to_string(h.fence) + " "
                       + std::to_string(h.acquiredNs) + " " + std::to_string(h.releasedNs) + " "
                       + (h.lost ? "1" : "0") + " ";
    for (std::size_t i = 0; i < h.requests.size(); ++i)
        line += (i ? "," : "") + toString(h.requests[i]);
    return line;
}

HeldInterval parseInterval(const std::string& line)
{
    std::istringstream in(line);
    HeldInterval h;
    std::string lost, requests;
    if (!(in >> h.client >> h.lease >> h.fence >> h.acquiredNs >> h.releasedNs >> lost >> requests))
        throw InvalidInput("malformed interval line \"" + line + "\"");
    h.lost = lost == "1";
    std::size_t start = 0;
    while (start <= requests.size()) {
        const auto comma = requests.find(',', start);
        h.requests.push_back(parseLockSpec(requests.substr(start, comma - start)));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return h;
}

} // namespace treelock
