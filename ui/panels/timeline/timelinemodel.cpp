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

/// `text` into `out` as UTF-8, its buffer used again: no allocation for a
/// text no longer than the longest before (ids are ASCII; others take the slow way).
void assignText(std::string& out, const QString& text)
{
    out.resize(std::size_t(text.size()));
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c >= 0x80) {
            out = text.toStdString();
            return;
        }
        out[std::size_t(i)] = char(c);
    }
}

void assignText(std::string& out, const std::string& text)
{
    out.assign(text);
}

/// Fills a span taken for a new lease or wait (its buffers used again).
template <class Text>
void fill(TimelineSpan& s, TimelineSpan::Kind kind, std::string_view id, const Text& owner, const Text& operation,
          const std::vector<LockRequest>& requests, ServerTime from, ServerTime expiresAt = {})
{
    s.kind = kind;
    s.id.assign(id);
    assignText(s.owner, owner);
    assignText(s.operation, operation);
    s.requests = requests;
    s.from = from;
    s.expiresAt = expiresAt;
}

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
    // The maps key on the spans' ids and the rows' keys: they go first.
    m_leases.index.clear();
    m_waits.index.clear();
    m_byPath = {};
    m_byOwner = {};
    m_spans.clear();
    m_slots.clear();
    m_free.clear();
    m_arrivals.clear();
    m_openLeases.clear();
    m_openWaits.clear();
    m_count = 0;
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

TimelineModel::Slot TimelineModel::takeSlot()
{
    if (m_free.empty()) {
        m_spans.emplace_back();
        m_slots.emplace_back();
        return Slot(m_spans.size() - 1);
    }
    const Slot slot = m_free.back();
    m_free.pop_back();
    // What fill() does not set; its strings and vectors keep their buffers for it.
    TimelineSpan& s = m_spans[slot];
    s.end = TimelineSpan::End::Open;
    s.to = {};
    s.expiresAt = {};
    s.endDetail.clear();
    return slot;
}

void TimelineModel::touch(Rows& rows, RowNode* node)
{
    node->changed = ++m_changes;
    rows.changes.push_back({node, node->changed});
    if (rows.changes.size() > 4 * rows.byKey.size() + 4096) // the older changes of rows that changed again
        std::erase_if(rows.changes, [](const Change& c) { return c.at != c.node->changed; });
}

TimelineModel::RowNode* TimelineModel::rowFor(Rows& rows, const std::string& key)
{
    const std::size_t hash = hashText(key);
    const auto [entry, added] = rows.byKey.emplace(key, hash, nullptr);
    if (!added) {
        touch(rows, entry->value);
        return entry->value;
    }
    RowNode* node = nullptr;
    if (rows.spare.empty()) {
        node = &rows.pool.emplace_back();
        node->index = std::uint32_t(rows.pool.size() - 1);
        rows.briefs.emplace_back();
        rows.briefs.back().used = true;
    } else {
        node = rows.spare.back();
        rows.spare.pop_back();
        node->row.spans.clear();
        node->row.open.clear();
        node->row.longest = {};
        node->row.lastEnd = {};
        node->lastFrom = {};
        rows.briefs[node->index] = {.used = true};
    }
    node->row.key.assign(key);
    node->keyHash = hash;
    entry->key = node->row.key; // the row's own text, not the span's
    entry->value = node;
    rows.added.emplace_back(&node->row, node->index);
    touch(rows, node);
    return node;
}

void TimelineModel::addSpan(Slot slot, std::size_t idHash)
{
    TimelineSpan& s = m_spans[slot];
    SlotInfo& info = m_slots[slot];
    info.live = true;
    info.idHash = idHash;
    info.wait = s.kind == TimelineSpan::Kind::Wait;
    ++m_count;
    m_arrivals.push_back({slot, info.serial});
    noteTime(s.from);
    (info.wait ? m_waits : m_leases).set(s.id, idHash, slot);
    std::vector<Slot>& open = openOf(s);
    info.openAt = std::uint32_t(open.size());
    open.push_back(slot);
    info.rowCount = 0;
    info.moreRows.clear();
    for (const LockRequest& r : s.requests)
        info.addRow({&m_byPath, rowFor(m_byPath, r.path)});
    info.addRow({&m_byOwner, rowFor(m_byOwner, s.owner)});
    info.forEachRow([&](const RowRef& ref) {
        TimelineRow& row = ref.node->row;
        // Mostly in order: spans come as they start.
        if (row.spans.empty() || s.from >= ref.node->lastFrom) {
            row.spans.push_back(slot);
            ref.node->lastFrom = s.from;
        } else {
            auto at = row.spans.end();
            while (at != row.spans.begin() && m_spans[*(at - 1)].from > s.from)
                --at;
            row.spans.insert(at, slot);
        }
        row.open.push_back(slot);
        ++ref.rows->briefs[ref.node->index].open;
    });
}

void TimelineModel::endSpan(Slot slot, TimelineSpan::End end, ServerTime at)
{
    TimelineSpan& s = m_spans[slot];
    const bool wasOpen = s.end == TimelineSpan::End::Open;
    s.end = end;
    s.to = std::max(s.from, at);
    if (wasOpen) {
        std::vector<Slot>& open = openOf(s);
        const std::uint32_t i = m_slots[slot].openAt;
        open[i] = open.back();
        m_slots[open[i]].openAt = i;
        open.pop_back();
    }
    m_slots[slot].forEachRow([&](const RowRef& ref) {
        touch(*ref.rows, ref.node);
        TimelineRow& row = ref.node->row;
        RowBrief& brief = ref.rows->briefs[ref.node->index];
        if (wasOpen) {
            row.open.erase(std::remove(row.open.begin(), row.open.end(), slot), row.open.end());
            --brief.open;
        }
        row.longest = std::max(row.longest, milliseconds(s.to - s.from));
        row.lastEnd = std::max(row.lastEnd, s.to);
        brief.lastEnd = row.lastEnd;
    });
}

void TimelineModel::grantWait(std::string_view id, std::size_t hash, ServerTime at)
{
    // The last wait span of the id: the open one, if any.
    const std::optional<Slot> slot = m_waits.find(id, hash);
    if (!slot)
        return;
    const TimelineSpan& s = m_spans[*slot];
    if (s.end == TimelineSpan::End::Open
        || (s.end == TimelineSpan::End::GaveUp && at >= s.from && at - s.to <= kLateGrant))
        endSpan(*slot, TimelineSpan::End::Granted, at);
}

void TimelineModel::applyEntry(const LogEntry& e)
{
    using End = TimelineSpan::End;
    if (e.time > m_newestEvent)
        m_newestEvent = e.time;
    assignText(m_id, e.lease);
    const LeaseId& id = m_id;
    const std::size_t hash = hashText(id);
    switch (e.type) {
    case LogEntry::Type::Grant: {
        grantWait(id, hash, e.time);
        if (const std::optional<Slot> slot = m_leases.find(id, hash)) {
            m_spans[*slot].expiresAt = std::max(m_spans[*slot].expiresAt, e.expiresAt);
            return;
        }
        if (hasRoom()) {
            const Slot slot = takeSlot();
            fill(m_spans[slot], TimelineSpan::Kind::Lease, id, e.owner, e.operation, e.requests, e.time, e.expiresAt);
            addSpan(slot, hash);
        }
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
        std::optional<Slot> slot = m_leases.find(id, hash);
        if (!slot) {
            // Its grant is older than what the stream holds: a bar from the
            // end alone would say nothing; the lock state tells of those held.
            if (e.type != LogEntry::Type::Force || e.requests.empty() || !hasRoom())
                return;
            slot = takeSlot();
            fill(m_spans[*slot], TimelineSpan::Kind::Lease, id, e.owner, e.operation, e.requests, e.time);
            addSpan(*slot, hash);
        } else {
            const End before = m_spans[*slot].end;
            if (before != End::Open && before != End::Gone)
                return; // ended already by its own event
        }
        TimelineSpan& s = m_spans[*slot];
        const bool expiredFirst = s.expiresAt != ServerTime{} && s.expiresAt < e.time;
        if (e.type == LogEntry::Type::Release)
            endSpan(*slot, End::Released, e.time);
        else if (e.type == LogEntry::Type::Expire)
            endSpan(*slot, End::Expired, expiredFirst ? s.expiresAt : e.time);
        else
            endSpan(*slot, End::Forced, e.wasLive || !expiredFirst ? e.time : s.expiresAt);
        if (e.type == LogEntry::Type::Force)
            s.endDetail = e.detail;
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
    const std::size_t hash = hashText(lease.id);
    if (const std::optional<Slot> slot = m_leases.find(lease.id, hash)) {
        TimelineSpan& s = m_spans[*slot];
        if (s.end == TimelineSpan::End::Open)
            s.expiresAt = lease.expiresAt; // renewed, or revoked
        return;
    }
    if (m_count >= kMaxSpans)
        return; // a listing of more leases than the timeline keeps: the newest events still come
    grantWait(lease.id, hash, lease.createdAt);
    const Slot slot = takeSlot();
    fill(m_spans[slot], TimelineSpan::Kind::Lease, lease.id, lease.owner, lease.operation, lease.requests,
         lease.createdAt, lease.expiresAt);
    addSpan(slot, hash);
}

void TimelineModel::leaseGone(Slot slot, ServerTime at)
{
    const TimelineSpan& s = m_spans[slot];
    if (s.end != TimelineSpan::End::Open)
        return;
    // Gone from the state with no event: it ended between the state before and this one.
    const bool expired = s.expiresAt != ServerTime{} && s.expiresAt <= at;
    endSpan(slot, expired ? TimelineSpan::End::Expired : TimelineSpan::End::Gone, expired ? s.expiresAt : at);
}

void TimelineModel::waitersSeen(const std::vector<WaiterInfo>& waiters, ServerTime at)
{
    std::unordered_set<std::string_view> now;
    now.reserve(waiters.size());
    for (const WaiterInfo& w : waiters) {
        now.insert(w.id);
        if (!hasRoom())
            continue;
        const std::size_t hash = hashText(w.id);
        const std::optional<Slot> wait = m_waits.find(w.id, hash);
        if (wait && m_spans[*wait].end == TimelineSpan::End::Open)
            continue;
        if (m_leases.find(w.id, hash))
            continue; // granted already: the state's waiters lag its grant
        const Slot slot = takeSlot();
        fill(m_spans[slot], TimelineSpan::Kind::Wait, w.id, w.owner, w.operation, w.requests, w.since);
        addSpan(slot, hash);
    }
    std::vector<Slot> gone;
    for (const Slot slot : m_openWaits)
        if (!now.contains(m_spans[slot].id))
            gone.push_back(slot);
    for (const Slot slot : gone) {
        if (const std::optional<Slot> lease = m_leases.find(m_spans[slot].id))
            endSpan(slot, TimelineSpan::End::Granted, m_spans[*lease].from);
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
            if (const std::optional<Slot> slot = m_leases.find(id))
                leaseGone(*slot, at);
        m_generation = state.generation;
    } else if (state.decorated) {
        // The open leases it lists (a set as small as the history, not as the project).
        std::unordered_set<Slot> listed;
        for (const LeaseInfo& l : state.leases) {
            leaseSeen(l);
            if (const std::optional<Slot> slot = m_leases.find(l.id))
                listed.insert(*slot);
        }
        std::vector<Slot> gone;
        for (const Slot slot : m_openLeases)
            if (!listed.contains(slot))
                gone.push_back(slot);
        for (const Slot slot : gone)
            leaseGone(slot, at);
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
    const std::optional<Slot> slot = m_leases.find(id);
    return slot ? &m_spans[*slot] : nullptr;
}

const TimelineSpan* TimelineModel::findWait(const LeaseId& id) const
{
    const std::optional<Slot> slot = m_waits.find(id);
    return slot ? &m_spans[*slot] : nullptr;
}

std::optional<std::uint32_t> TimelineModel::slotOf(const LeaseId& id, bool wait) const
{
    return (wait ? m_waits : m_leases).find(id);
}

const std::vector<TimelineModel::SortedRow>& TimelineModel::sortedRows(TimelineGrouping grouping) const
{
    const Rows& rows = rowsOf(grouping);
    if (!rows.added.empty()) {
        // A busy project adds rows all the time: merged, not sorted again.
        std::sort(rows.added.begin(), rows.added.end());
        rows.merged.clear();
        rows.merged.reserve(rows.sorted.size() + rows.added.size());
        std::merge(rows.sorted.begin(), rows.sorted.end(), rows.added.begin(), rows.added.end(),
                   std::back_inserter(rows.merged));
        rows.sorted.swap(rows.merged);
        rows.added.clear();
        rows.listed = false;
    }
    return rows.sorted;
}

const std::vector<const TimelineRow*>& TimelineModel::rows(TimelineGrouping grouping) const
{
    const Rows& rows = rowsOf(grouping);
    sortedRows(grouping);
    if (!rows.listed) {
        rows.list.clear();
        for (const SortedRow& r : rows.sorted)
            rows.list.push_back(r.row);
        rows.listed = true;
    }
    return rows.list;
}

void TimelineModel::rowsBetween(TimelineGrouping grouping, ServerTime from, ServerTime to, ServerTime now,
                                std::vector<const TimelineRow*>& out) const
{
    out.clear();
    const std::vector<RowBrief>& briefs = rowsOf(grouping).briefs;
    for (const SortedRow& sorted : sortedRows(grouping)) {
        // Most rows are told by their brief, without reading the row.
        const RowBrief& brief = briefs[sorted.index];
        if (brief.lastEnd >= from && brief.lastEnd <= to) {
            out.push_back(sorted.row); // the span that ended last ends in view
            continue;
        }
        if (brief.open == 0 && brief.lastEnd < from)
            continue;
        const TimelineRow* row = sorted.row;
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
    for (Slot slot = 0; slot < m_spans.size(); ++slot) {
        const TimelineSpan& s = m_spans[slot];
        if (!m_slots[slot].live || s.from > t || s.shownEnd(now) <= t)
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
    const bool rowsFull = std::max(m_byPath.byKey.size(), m_byOwner.byKey.size()) > m_rowsAbove;
    if (!due && !spansFull && !rowsFull)
        return;
    const ServerTime horizon = now - kHistory;
    std::vector<Slot>& dead = m_dead;
    dead.clear();
    const auto kill = [this, &dead](Slot slot) {
        m_slots[slot].dying = true;
        dead.push_back(slot);
    };
    if (due) {
        // What ended before the last hour: spans come about as they start, so
        // the walk stops at the first that started within it.
        m_lastPrune = now;
        for (const Arrival& a : m_arrivals) {
            if (stale(a))
                continue;
            const TimelineSpan& s = m_spans[a.slot];
            if (s.from >= horizon)
                break;
            if (s.end != TimelineSpan::End::Open && s.to < horizon)
                kill(a.slot);
        }
    }
    // Past a cap, down to four fifths of it at once, so that the next pass is
    // a fifth of the cap away: the spans that came first (and ended) go, then
    // the rows quiet longest (with their spans).
    constexpr std::size_t kKeepSpans = kMaxSpans * 4 / 5;
    constexpr std::size_t kKeepRows = kMaxRows * 4 / 5;
    if (spansFull) {
        for (auto it = m_arrivals.begin(); it != m_arrivals.end() && m_count - dead.size() > kKeepSpans; ++it)
            if (!stale(*it) && m_spans[it->slot].end != TimelineSpan::End::Open)
                kill(it->slot);
    }
    bool rowsPass = false;
    for (Rows* rows : {&m_byPath, &m_byOwner}) {
        if (rows->byKey.size() > m_rowsAbove) {
            pickQuietRows(*rows, kKeepRows, dead);
            rowsPass = true;
        }
    }
    dropSpans(dead);
    while (!m_arrivals.empty() && stale(m_arrivals.front()))
        m_arrivals.pop_front();
    if (m_arrivals.size() > 2 * m_count + 1024) // the stale entries of spans that went from the middle
        std::erase_if(m_arrivals, [this](const Arrival& a) { return stale(a); });
    // Open spans and busy rows stay: when they keep a pass from its mark, the
    // next waits for a fifth of a cap more.
    if (spansFull)
        m_pruneAbove = m_count > kKeepSpans ? m_count + kMaxSpans / 5 : kMaxSpans;
    if (rowsPass) {
        const std::size_t rowsLeft = std::max(m_byPath.byKey.size(), m_byOwner.byKey.size());
        m_rowsAbove = rowsLeft > kKeepRows ? rowsLeft + kMaxRows / 5 : kMaxRows;
    }
    while (!m_markers.empty() && m_markers.front().at < horizon)
        m_markers.pop_front();
    // The oldest time left: the first span that came (spans come about as they start).
    m_oldest = m_markers.empty() ? ServerTime{} : m_markers.front().at;
    if (!m_arrivals.empty()) {
        const ServerTime first = m_spans[m_arrivals.front().slot].from;
        if (m_oldest == ServerTime{} || first < m_oldest)
            m_oldest = first;
    }
}

void TimelineModel::pickQuietRows(Rows& rows, std::size_t keep, std::vector<Slot>& dead)
{
    std::size_t left = rows.byKey.size();
    for (auto it = rows.changes.begin(); it != rows.changes.end() && left > keep; ++it) {
        const TimelineRow& row = it->node->row;
        if (it->at != it->node->changed || !row.open.empty())
            continue; // changed since, or busy: it stays
        for (const Slot s : row.spans) {
            if (!m_slots[s].dying) {
                m_slots[s].dying = true;
                dead.push_back(s);
            }
        }
        --left;
    }
}

void TimelineModel::dropSpans(const std::vector<Slot>& dead)
{
    if (dead.empty())
        return;
    // The rows the spans leave, each once.
    std::vector<RowRef>& touched = m_touched;
    touched.clear();
    ++m_passes;
    for (const Slot slot : dead) {
        m_slots[slot].forEachRow([&](const RowRef& ref) {
            if (ref.node->pass != m_passes) {
                ref.node->pass = m_passes;
                touched.push_back(ref);
            }
        });
    }
    std::vector<RowRef>& emptied = m_emptied;
    emptied.clear();
    for (const RowRef& ref : touched) {
        std::erase_if(ref.node->row.spans, [this](Slot s) { return m_slots[s].dying; });
        if (ref.node->row.spans.empty()) {
            emptied.push_back(ref);
            ref.rows->briefs[ref.node->index].used = false;
        }
    }
    if (!emptied.empty()) {
        // Out of the sorted lists, then kept for new rows.
        for (Rows* rows : {&m_byPath, &m_byOwner}) {
            const auto gone = [rows](const SortedRow& r) { return !rows->briefs[r.index].used; };
            std::erase_if(rows->sorted, gone);
            std::erase_if(rows->added, gone);
            rows->listed = false;
        }
        for (const RowRef& ref : emptied) {
            ref.rows->byKey.erase(ref.rows->byKey.findValue(ref.node->keyHash, ref.node));
            ref.node->changed = 0;
            ref.rows->spare.push_back(ref.node);
        }
        for (Rows* rows : {&m_byPath, &m_byOwner})
            while (!rows->changes.empty() && rows->changes.front().at != rows->changes.front().node->changed)
                rows->changes.pop_front();
    }
    // Their spans are not read: their strings and vectors stay for the next spans of the slots.
    for (const Slot slot : dead) {
        SlotInfo& info = m_slots[slot];
        (info.wait ? m_waits : m_leases).drop(info.idHash, slot);
        info.live = false;
        info.dying = false;
        ++info.serial;
        m_free.push_back(slot);
    }
    m_count -= dead.size();
}

} // namespace treelock::ui
