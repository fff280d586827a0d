#include "panels/timeline/timelinemodel.h"

#include <QCoreApplication>

#include <algorithm>
#include <unordered_set>

namespace treelock::ui {

namespace {

using std::chrono::milliseconds;

/// A wait that vanished this long before its grant event came still counts as granted.
constexpr milliseconds kLateGrant{10000};
/// How often the history is trimmed to the last hour.
constexpr milliseconds kPruneEvery{30000};

int modeRank(LockMode mode)
{
    switch (mode) {
    case LockMode::IS: return 0;
    case LockMode::IX: return 1;
    case LockMode::S: return 2;
    case LockMode::SIX: return 3;
    case LockMode::X: return 4;
    }
    return 0;
}

} // namespace

TimelineSpan TimelineSpan::lease(LeaseId id, std::string owner, std::string operation, std::vector<LockRequest> requests,
                                 ServerTime from, ServerTime expiresAt)
{
    TimelineSpan s;
    s.id = std::move(id);
    s.owner = std::move(owner);
    s.operation = std::move(operation);
    s.requests = std::move(requests);
    s.from = from;
    s.expiresAt = expiresAt;
    return s;
}

ServerTime TimelineSpan::shownEnd(ServerTime now) const
{
    if (end != End::Open)
        return to;
    if (kind == Kind::Lease && expiresAt != ServerTime{} && expiresAt < now)
        return std::max(from, expiresAt);
    return std::max(from, now);
}

LockMode TimelineSpan::strongestMode() const
{
    LockMode best = LockMode::IS;
    for (const LockRequest& r : requests)
        if (modeRank(r.mode) > modeRank(best))
            best = r.mode;
    return best;
}

TimelineModel::TimelineModel(QObject* parent) : QObject(parent) {}

ServerTime TimelineModel::now() const
{
    if (m_clock.serverTime == ServerTime{})
        return m_newestEvent;
    return std::max(m_clock.now(), m_newestEvent);
}

void TimelineModel::noteTime(ServerTime t)
{
    if (t == ServerTime{})
        return;
    if (m_oldest == ServerTime{} || t < m_oldest)
        m_oldest = t;
}

void TimelineModel::clear()
{
    m_spans.clear();
    m_free.clear();
    m_count = 0;
    m_leases.clear();
    m_waits.clear();
    m_openLeases.clear();
    m_openWaits.clear();
    m_byPath = {};
    m_byOwner = {};
    m_markers.clear();
    m_clock = {};
    m_newestEvent = {};
    m_oldest = {};
    m_lastPrune = {};
    m_pruneAbove = kMaxSpans;
    m_rowsAbove = kMaxRows;
    m_generation = 0;
    emit cleared();
    emit changed();
}

template <class F>
void TimelineModel::forEachRow(const TimelineSpan& span, F&& f)
{
    for (const LockRequest& r : span.requests)
        f(m_byPath, r.path);
    f(m_byOwner, span.owner);
}

TimelineModel::Slot TimelineModel::newSpan(TimelineSpan span)
{
    span.alive = true;
    if (span.to < span.from && span.end != TimelineSpan::End::Open)
        span.to = span.from;
    Slot slot = 0;
    if (!m_free.empty()) {
        slot = m_free.back();
        m_free.pop_back();
        m_spans[slot] = std::move(span);
    } else {
        slot = Slot(m_spans.size());
        m_spans.push_back(std::move(span));
    }
    ++m_count;
    const TimelineSpan& s = m_spans[slot];
    noteTime(s.from);
    (s.kind == TimelineSpan::Kind::Lease ? m_leases : m_waits)[s.id] = slot;
    if (s.end == TimelineSpan::End::Open)
        (s.kind == TimelineSpan::Kind::Lease ? m_openLeases : m_openWaits)[s.id] = slot;
    forEachRow(s, [this, slot, &s](Rows& rows, const std::string& key) {
        auto& row = rows.byKey[key];
        if (!row) {
            row = std::make_unique<TimelineRow>();
            row->key = key;
            rows.added.push_back(row.get());
        }
        // Mostly in order: spans come as they start.
        auto at = row->spans.end();
        while (at != row->spans.begin() && m_spans[*(at - 1)].from > s.from)
            --at;
        row->spans.insert(at, slot);
        if (s.end == TimelineSpan::End::Open) {
            row->open.push_back(slot);
        } else {
            row->longest = std::max(row->longest, milliseconds(s.to - s.from));
            row->lastEnd = std::max(row->lastEnd, s.to);
        }
    });
    return slot;
}

void TimelineModel::endSpan(Slot slot, TimelineSpan::End end, ServerTime at)
{
    TimelineSpan& s = m_spans[slot];
    const bool wasOpen = s.end == TimelineSpan::End::Open;
    s.end = end;
    s.to = std::max(s.from, at);
    if (wasOpen)
        (s.kind == TimelineSpan::Kind::Lease ? m_openLeases : m_openWaits).erase(s.id);
    forEachRow(s, [this, slot, wasOpen, &s](Rows& rows, const std::string& key) {
        const auto it = rows.byKey.find(key);
        if (it == rows.byKey.end())
            return;
        TimelineRow& row = *it->second;
        if (wasOpen)
            row.open.erase(std::remove(row.open.begin(), row.open.end(), slot), row.open.end());
        row.longest = std::max(row.longest, milliseconds(s.to - s.from));
        row.lastEnd = std::max(row.lastEnd, s.to);
    });
}

void TimelineModel::grantWait(const LeaseId& id, ServerTime at)
{
    if (const auto open = m_openWaits.find(id); open != m_openWaits.end()) {
        endSpan(open->second, TimelineSpan::End::Granted, at);
        return;
    }
    const auto it = m_waits.find(id);
    if (it == m_waits.end())
        return;
    TimelineSpan& s = m_spans[it->second];
    if (s.end == TimelineSpan::End::GaveUp && at >= s.from && at - s.to <= kLateGrant)
        endSpan(it->second, TimelineSpan::End::Granted, at);
}

void TimelineModel::applyEntry(const LogEntry& e)
{
    using End = TimelineSpan::End;
    if (e.time > m_newestEvent)
        m_newestEvent = e.time;
    const LeaseId id = e.lease.toStdString();
    switch (e.type) {
    case LogEntry::Type::Grant: {
        grantWait(id, e.time);
        if (const auto it = m_leases.find(id); it != m_leases.end()) {
            m_spans[it->second].expiresAt = std::max(m_spans[it->second].expiresAt, e.expiresAt);
            return;
        }
        if (hasRoom())
            newSpan(TimelineSpan::lease(id, e.owner.toStdString(), e.operation.toStdString(), e.requests, e.time, e.expiresAt));
        return;
    }
    case LogEntry::Type::Release:
    case LogEntry::Type::Expire:
    case LogEntry::Type::Force: {
        if (e.type == LogEntry::Type::Force) {
            TimelineMarker m;
            m.kind = TimelineMarker::Kind::Force;
            m.at = e.time;
            m.title = QCoreApplication::translate("TimelineModel", "Force release of %1's lease").arg(e.owner);
            m.detail = e.detail;
            m.streamId = e.streamId;
            m.lease = id;
            addMarker(std::move(m));
        }
        const auto it = m_leases.find(id);
        Slot slot = 0;
        if (it == m_leases.end()) {
            // Its grant is older than what the stream holds: a bar from the
            // end alone would say nothing; the lock state tells of those held.
            if (e.type != LogEntry::Type::Force || e.requests.empty() || !hasRoom())
                return;
            slot = newSpan(TimelineSpan::lease(id, e.owner.toStdString(), e.operation.toStdString(), e.requests, e.time));
        } else {
            slot = it->second;
            const End before = m_spans[slot].end;
            if (before != End::Open && before != End::Gone)
                return; // ended already by its own event
        }
        TimelineSpan& s = m_spans[slot];
        const bool expiredFirst = s.expiresAt != ServerTime{} && s.expiresAt < e.time;
        if (e.type == LogEntry::Type::Release)
            endSpan(slot, End::Released, e.time);
        else if (e.type == LogEntry::Type::Expire)
            endSpan(slot, End::Expired, expiredFirst ? s.expiresAt : e.time);
        else
            endSpan(slot, End::Forced, e.wasLive || !expiredFirst ? e.time : s.expiresAt);
        m_spans[slot].streamId = e.streamId;
        if (e.type == LogEntry::Type::Force)
            m_spans[slot].endDetail = e.detail;
        return;
    }
    default:
        return;
    }
}

void TimelineModel::appendLog(const std::vector<LogEntry>& batch)
{
    bool any = false;
    for (const LogEntry& e : batch) {
        if (e.type == LogEntry::Type::Info || e.type == LogEntry::Type::Sweep || e.type == LogEntry::Type::Refused)
            continue;
        applyEntry(e);
        any = true;
    }
    if (!any)
        return;
    prune();
    emit changed();
}

void TimelineModel::leaseSeen(const LeaseInfo& lease)
{
    if (const auto it = m_leases.find(lease.id); it != m_leases.end()) {
        TimelineSpan& s = m_spans[it->second];
        if (s.end == TimelineSpan::End::Open)
            s.expiresAt = lease.expiresAt; // renewed, or revoked
        return;
    }
    if (m_count >= kMaxSpans)
        return; // a listing of more leases than the timeline keeps: the newest events still come
    grantWait(lease.id, lease.createdAt);
    newSpan(TimelineSpan::lease(lease.id, lease.owner, lease.operation, lease.requests, lease.createdAt, lease.expiresAt));
}

void TimelineModel::leaseGone(const LeaseId& id, ServerTime at)
{
    const auto it = m_openLeases.find(id);
    if (it == m_openLeases.end())
        return;
    const TimelineSpan& s = m_spans[it->second];
    // Gone from the state with no event: it ended between the state before and this one.
    const bool expired = s.expiresAt != ServerTime{} && s.expiresAt <= at;
    endSpan(it->second, expired ? TimelineSpan::End::Expired : TimelineSpan::End::Gone, expired ? s.expiresAt : at);
}

void TimelineModel::waitersSeen(const std::vector<WaiterInfo>& waiters, ServerTime at)
{
    std::unordered_set<LeaseId> now;
    now.reserve(waiters.size());
    for (const WaiterInfo& w : waiters) {
        now.insert(w.id);
        if (m_openWaits.contains(w.id) || !hasRoom())
            continue;
        if (const auto lease = m_leases.find(w.id); lease != m_leases.end())
            continue; // granted already: the state's waiters lag its grant
        TimelineSpan s = TimelineSpan::lease(w.id, w.owner, w.operation, w.requests, w.since);
        s.kind = TimelineSpan::Kind::Wait;
        newSpan(std::move(s));
    }
    std::vector<std::pair<LeaseId, Slot>> gone;
    for (const auto& [id, slot] : m_openWaits)
        if (!now.contains(id))
            gone.emplace_back(id, slot);
    for (const auto& [id, slot] : gone) {
        const auto lease = m_leases.find(id);
        if (lease != m_leases.end())
            endSpan(slot, TimelineSpan::End::Granted, m_spans[lease->second].from);
        else
            endSpan(slot, TimelineSpan::End::GaveUp, at);
    }
}

void TimelineModel::applyState(const LockState& state)
{
    m_clock = state.clock;
    const ServerTime at = state.clock.serverTime;
    const bool delta = state.base != 0 && !state.full && state.base == m_generation;
    if (delta) {
        for (const LeaseInfo& l : state.leasesSet)
            leaseSeen(l);
        for (const LeaseId& id : state.leasesGone)
            leaseGone(id, at);
        m_generation = state.generation;
    } else if (state.decorated) {
        // The open leases it lists (a set as small as the history, not as the project).
        std::unordered_set<Slot> listed;
        for (const LeaseInfo& l : state.leases) {
            leaseSeen(l);
            if (const auto it = m_openLeases.find(l.id); it != m_openLeases.end())
                listed.insert(it->second);
        }
        std::vector<LeaseId> gone;
        for (const auto& [id, slot] : m_openLeases)
            if (!listed.contains(slot))
                gone.push_back(id);
        for (const LeaseId& id : gone)
            leaseGone(id, at);
        m_generation = state.generation;
    }
    // else: a light state whose base is not ours: the next decorated one lists every lease.
    waitersSeen(state.waiters, at);
    prune();
    emit changed();
}

void TimelineModel::addMarker(TimelineMarker marker)
{
    noteTime(marker.at);
    const auto at = std::upper_bound(m_markers.begin(), m_markers.end(), marker.at,
                                     [](ServerTime t, const TimelineMarker& m) { return t < m.at; });
    m_markers.insert(at, std::move(marker));
    while (m_markers.size() > kMaxMarkers)
        m_markers.pop_front();
    emit changed();
}

const TimelineSpan* TimelineModel::findLease(const LeaseId& id) const
{
    const auto it = m_leases.find(id);
    return it == m_leases.end() ? nullptr : &m_spans[it->second];
}

const TimelineSpan* TimelineModel::findWait(const LeaseId& id) const
{
    const auto it = m_waits.find(id);
    return it == m_waits.end() ? nullptr : &m_spans[it->second];
}

const std::vector<const TimelineRow*>& TimelineModel::rows(TimelineGrouping grouping) const
{
    const Rows& rows = rowsOf(grouping);
    const auto byKey = [](const TimelineRow* a, const TimelineRow* b) { return a->key < b->key; };
    if (rows.dirty) {
        rows.sorted.clear();
        rows.sorted.reserve(rows.byKey.size());
        for (const auto& [key, row] : rows.byKey)
            rows.sorted.push_back(row.get());
        std::sort(rows.sorted.begin(), rows.sorted.end(), byKey);
        rows.added.clear();
        rows.dirty = false;
    } else if (!rows.added.empty()) {
        // A busy project adds rows all the time: merged, not sorted again.
        std::sort(rows.added.begin(), rows.added.end(), byKey);
        const auto middle = rows.sorted.insert(rows.sorted.end(), rows.added.begin(), rows.added.end());
        std::inplace_merge(rows.sorted.begin(), middle, rows.sorted.end(), byKey);
        rows.added.clear();
    }
    return rows.sorted;
}

std::vector<const TimelineRow*> TimelineModel::rowsBetween(TimelineGrouping grouping, ServerTime from, ServerTime to,
                                                           ServerTime now) const
{
    std::vector<const TimelineRow*> out;
    for (const TimelineRow* row : rows(grouping)) {
        if (row->open.empty() && row->lastEnd < from)
            continue;
        bool any = false;
        // forEachSpan cannot stop early; look at the open ones and the ended ones by hand.
        for (const Slot s : row->open)
            any = any || (m_spans[s].from <= to && m_spans[s].shownEnd(now) >= from);
        if (!any) {
            const ServerTime first = from - row->longest;
            auto it = std::lower_bound(row->spans.begin(), row->spans.end(), first,
                                       [this](Slot s, ServerTime t) { return m_spans[s].from < t; });
            for (; !any && it != row->spans.end() && m_spans[*it].from <= to; ++it)
                any = m_spans[*it].end != TimelineSpan::End::Open && m_spans[*it].to >= from;
        }
        if (any)
            out.push_back(row);
    }
    return out;
}

LockMode TimelineModel::modeIn(const TimelineSpan& span, const TimelineRow& row, TimelineGrouping grouping) const
{
    if (grouping == TimelineGrouping::Path)
        for (const LockRequest& r : span.requests)
            if (r.path == row.key)
                return r.mode;
    return span.strongestMode();
}

TimelineModel::Moment TimelineModel::at(ServerTime t) const
{
    Moment m;
    const ServerTime now = this->now();
    for (const TimelineSpan& s : m_spans) {
        if (!s.alive || s.from > t || s.shownEnd(now) <= t)
            continue;
        (s.kind == TimelineSpan::Kind::Lease ? m.held : m.waiting).push_back(&s);
    }
    const auto byStart = [](const TimelineSpan* a, const TimelineSpan* b) { return a->from < b->from; };
    std::sort(m.held.begin(), m.held.end(), byStart);
    std::sort(m.waiting.begin(), m.waiting.end(), byStart);
    return m;
}

void TimelineModel::prune()
{
    const ServerTime now = this->now();
    const bool due = m_lastPrune == ServerTime{} || now - m_lastPrune >= kPruneEvery;
    const bool spansFull = m_count > m_pruneAbove;
    const bool full = spansFull || std::max(m_byPath.byKey.size(), m_byOwner.byKey.size()) > m_rowsAbove;
    if (!due && !full)
        return;
    m_lastPrune = now;
    const ServerTime horizon = now - kHistory;
    std::vector<bool> dead(m_spans.size(), false);
    std::vector<std::pair<ServerTime, Slot>> ended;
    for (Slot i = 0; i < m_spans.size(); ++i) {
        const TimelineSpan& s = m_spans[i];
        if (!s.alive || s.end == TimelineSpan::End::Open)
            continue;
        if (s.to < horizon)
            dead[i] = true;
        else
            ended.emplace_back(s.to, i);
    }
    // Past a cap: the spans that ended first go, then the rows that were
    // quiet longest (their ended spans), down to three quarters of the cap,
    // so that the next pass is a quarter of the cap away.
    constexpr std::size_t kKeepSpans = kMaxSpans * 3 / 4;
    constexpr std::size_t kKeepRows = kMaxRows * 3 / 4;
    std::size_t alive = m_count - std::size_t(std::count(dead.begin(), dead.end(), true));
    if (alive > kKeepSpans && spansFull) {
        const std::size_t drop = std::min(ended.size(), alive - kKeepSpans);
        std::nth_element(ended.begin(), ended.begin() + std::ptrdiff_t(drop), ended.end());
        for (std::size_t i = 0; i < drop; ++i)
            dead[ended[i].second] = true;
    }
    for (Rows* rows : {&m_byPath, &m_byOwner}) {
        if (rows->byKey.size() <= m_rowsAbove)
            continue;
        // Quiet rows only: the spans they share with other rows go with them.
        std::vector<std::pair<ServerTime, TimelineRow*>> quiet;
        for (auto& [key, row] : rows->byKey)
            if (row->open.empty())
                quiet.emplace_back(row->lastEnd, row.get());
        const std::size_t drop = std::min(quiet.size(), rows->byKey.size() - kKeepRows);
        std::nth_element(quiet.begin(), quiet.begin() + std::ptrdiff_t(drop), quiet.end());
        for (std::size_t i = 0; i < drop; ++i)
            for (const Slot s : quiet[i].second->spans)
                dead[s] = true;
    }
    std::size_t dropped = 0;
    for (Slot i = 0; i < m_spans.size(); ++i) {
        if (!dead[i])
            continue;
        TimelineSpan& s = m_spans[i];
        auto& ids = s.kind == TimelineSpan::Kind::Lease ? m_leases : m_waits;
        if (const auto it = ids.find(s.id); it != ids.end() && it->second == i)
            ids.erase(it);
        s = TimelineSpan{};
        m_free.push_back(i);
        ++dropped;
    }
    m_count -= dropped;
    if (dropped > 0) {
        for (Rows* rows : {&m_byPath, &m_byOwner}) {
            for (auto it = rows->byKey.begin(); it != rows->byKey.end();) {
                TimelineRow& row = *it->second;
                row.spans.erase(std::remove_if(row.spans.begin(), row.spans.end(), [&dead](Slot s) { return dead[s]; }),
                                row.spans.end());
                if (row.spans.empty()) {
                    it = rows->byKey.erase(it);
                    rows->dirty = true;
                } else {
                    ++it;
                }
            }
        }
    }
    // Open spans and busy rows stay: the next pass waits for a quarter of a cap more.
    m_pruneAbove = std::max(kMaxSpans, m_count + kMaxSpans / 4);
    m_rowsAbove = std::max(kMaxRows, std::max(m_byPath.byKey.size(), m_byOwner.byKey.size()) + kMaxRows / 4);
    while (!m_markers.empty() && m_markers.front().at < horizon)
        m_markers.pop_front();
    // The oldest time left.
    m_oldest = m_markers.empty() ? ServerTime{} : m_markers.front().at;
    for (const TimelineSpan& s : m_spans)
        if (s.alive && (m_oldest == ServerTime{} || s.from < m_oldest))
            m_oldest = s.from;
}

} // namespace treelock::ui
