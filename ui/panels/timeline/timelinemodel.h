#pragma once

#include "lockview/lockstate.h"

#include <QObject>
#include <QString>
#include <QtEndian>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace treelock::ui {

/// One lease, or one wait for a lease, as a bar of the timeline.
struct TimelineSpan {
    enum class Kind : std::uint8_t { Lease, Wait };
    /// How it ended.
    enum class End : std::uint8_t {
        Open,      ///< still held, or still waiting
        Released,  ///< its owner released it (a release event)
        Expired,   ///< its time ran out (an expire event, or seen expired)
        Forced,    ///< an operator force-released it
        Gone,      ///< left the lock state, no event said how
        Granted,   ///< a wait that got its lease
        GaveUp,    ///< a wait that vanished without a grant
    };
    Kind kind = Kind::Lease;
    End end = End::Open;
    LeaseId id;                  ///< the lease's id; a wait's, the id it asks for
    std::string owner;
    std::string operation;
    std::vector<LockRequest> requests;
    ServerTime from{};           ///< granted at; a wait's first refused attempt
    ServerTime to{};             ///< ended at (End::Open: not yet)
    ServerTime expiresAt{};      ///< a lease's last known expiry
    QString endDetail;           ///< a forced release: by whom and why

    /// Where its bar ends when drawn at `now`: its end, or for an open lease
    /// `now` or its expiry, whichever comes first (an expired lease blocks nothing).
    ServerTime shownEnd(ServerTime now) const;
    /// The strongest mode it asks for (X > SIX > S > IX > IS).
    LockMode strongestMode() const;
};

/// A moment worth a vertical line: a forced release, a failover, the
/// connection lost or back.
struct TimelineMarker {
    enum class Kind : std::uint8_t { Force, Failover, Connection };
    Kind kind = Kind::Force;
    ServerTime at{};
    QString title;               ///< "Force release of alice's lease"
    QString detail;              ///< who and why
    QString streamId;            ///< a forced release's event (the event log's row)
    LeaseId lease;               ///< a forced release's lease
};

/// What the rows of the timeline are: one per path, or one per owner.
enum class TimelineGrouping : std::uint8_t { Path, Owner };

/// One row of the timeline: the spans of a path (a lease of several paths
/// has a bar in each) or of an owner.
struct TimelineRow {
    std::string key;                      ///< the path or the owner
    std::vector<std::uint32_t> spans;     ///< span slots, by `from`
    std::vector<std::uint32_t> open;      ///< the slots of its open spans
    std::chrono::milliseconds longest{0}; ///< the longest ended span
    ServerTime lastEnd{};                 ///< the latest end of its ended spans
};

/// The history of a project's leases and waits for the timeline: built from
/// the events stream's entries (grants, releases, expiries, forced releases)
/// and from lock states (their waiters; their leases where no event tells,
/// as in a simulation, which has no stream). Appends cost what changed: an
/// event O(its paths), a state's delta O(its changes); a state without a
/// delta, O(its leases). Keeps the last hour, at most kMaxSpans spans and
/// kMaxRows rows of each grouping: past a cap the oldest ended spans, or the
/// rows quiet longest, go in one pass down to four fifths of it, at the cost
/// of what goes (spans are kept in the order they came, rows in the order
/// they last changed). Spans and rows that go are used again, their buffers
/// with them, so that a busy project's history allocates next to nothing.
/// GUI thread only.
class TimelineModel : public QObject {
    Q_OBJECT
public:
    static constexpr std::chrono::hours kHistory{1};
    static constexpr std::size_t kMaxSpans = 40000;
    static constexpr std::size_t kMaxRows = 5000;
    static constexpr std::size_t kMaxMarkers = 500;

    explicit TimelineModel(QObject* parent = nullptr);

    void appendLog(const std::vector<LogEntry>& batch);
    void applyState(const LockState& state);
    void addMarker(TimelineMarker marker);
    void clear();

    /// The server's time now, as the last state's clock says (before any
    /// state: the newest event's time).
    ServerTime now() const;
    /// True when the clock stands still (a paused simulation).
    bool clockStopped() const { return m_clock.serverTime != ServerTime{} && m_clock.rate == 0; }
    /// The oldest time it holds anything of.
    ServerTime oldest() const { return m_oldest; }

    std::size_t spanCount() const { return m_count; }
    const TimelineSpan& span(std::uint32_t slot) const { return m_spans[slot]; }
    /// The lease span of `id`, or the last wait span of `id`; null when none.
    const TimelineSpan* findLease(const LeaseId& id) const;
    const TimelineSpan* findWait(const LeaseId& id) const;
    /// The slot of the lease span of `id` (with `wait`, of its last wait span).
    std::optional<std::uint32_t> slotOf(const LeaseId& id, bool wait = false) const;
    const std::deque<TimelineMarker>& markers() const { return m_markers; }

    /// Every row of `grouping`, by key.
    const std::vector<const TimelineRow*>& rows(TimelineGrouping grouping) const;
    /// The rows of `grouping` with a bar between `from` and `to` (at `now`), by key, into `out`
    /// (its buffer reused). O(rows × log spans).
    void rowsBetween(TimelineGrouping grouping, ServerTime from, ServerTime to, ServerTime now,
                     std::vector<const TimelineRow*>& out) const;
    /// The mode a span's bar shows in `row` of `grouping`.
    LockMode modeIn(const TimelineSpan& span, const TimelineRow& row, TimelineGrouping grouping) const;
    /// Calls `f(slot)` for each span of `row` whose bar overlaps [from, to], open ones last.
    template <class F>
    void forEachSpan(const TimelineRow& row, ServerTime from, ServerTime to, ServerTime now, F&& f) const;

    /// What was held and who waited at `t`.
    struct Moment {
        std::vector<const TimelineSpan*> held;
        std::vector<const TimelineSpan*> waiting;
    };
    Moment at(ServerTime t) const;

signals:
    /// Something was added or ended (emitted once per append).
    void changed();
    /// The history was emptied.
    void cleared();

private:
    using Slot = std::uint32_t;
    /// A text's hash for TextIndex: eight bytes a round, each mixed in by a
    /// multiply (ids and paths are short; std::hash takes longer at it).
    static std::size_t hashText(std::string_view text)
    {
        std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ text.size();
        std::size_t i = 0;
        for (; i + 8 <= text.size(); i += 8) {
            std::uint64_t word = 0;
            std::memcpy(&word, text.data() + i, 8);
            h = (h ^ word) * 0xff51afd7ed558ccdULL;
            h ^= h >> 32;
        }
        std::uint64_t rest = 0;
        std::memcpy(&rest, text.data() + i, text.size() - i);
        h = (h ^ rest) * 0xc4ceb9fe1a85ec53ULL;
        return std::size_t(h ^ (h >> 29));
    }

    /// Texts to small values, for the ids and the rows' keys: open
    /// addressing in one array (a lookup touches a slot or two, not a node, and
    /// nothing is allocated per entry). The keys are views: the caller keeps each
    /// text alive, unchanged, while it is a key. `hash` is hashText(key).
    template <class Value>
    class TextIndex {
    public:
        struct Entry {
            std::size_t hash = 0;
            std::string_view key; ///< may be pointed at another copy of the same text
            Value value{};
        };

        std::size_t size() const { return m_size; }
        void clear()
        {
            m_slots.clear();
            m_size = 0;
        }
        Entry* find(std::string_view key, std::size_t hash)
        {
            return const_cast<Entry*>(std::as_const(*this).find(key, hash));
        }
        const Entry* find(std::string_view key, std::size_t hash) const
        {
            if (m_slots.empty())
                return nullptr;
            for (std::size_t i = hash & mask();; i = (i + 1) & mask()) {
                const Entry& e = m_slots[i];
                if (e.key.data() == nullptr)
                    return nullptr;
                if (e.hash == hash && e.key == key)
                    return &e;
            }
        }
        /// The entry of `key`, and whether it is new (then holding `value`).
        std::pair<Entry*, bool> emplace(std::string_view key, std::size_t hash, Value value)
        {
            if ((m_size + 1) * 4 > m_slots.size() * 3)
                grow();
            for (std::size_t i = hash & mask();; i = (i + 1) & mask()) {
                Entry& e = m_slots[i];
                if (e.key.data() == nullptr) {
                    e = Entry{hash, key, std::move(value)};
                    ++m_size;
                    return {&e, true};
                }
                if (e.hash == hash && e.key == key)
                    return {&e, false};
            }
        }
        /// The entry of hash `hash` holding `value` (its key not read), or null.
        Entry* findValue(std::size_t hash, const Value& value)
        {
            if (m_slots.empty())
                return nullptr;
            for (std::size_t i = hash & mask();; i = (i + 1) & mask()) {
                Entry& e = m_slots[i];
                if (e.key.data() == nullptr)
                    return nullptr;
                if (e.hash == hash && e.value == value)
                    return &e;
            }
        }
        /// Erases the entry `e` (from a find or emplace(), with no change in between).
        void erase(Entry* e)
        {
            // Backward shift: the entries after it that would not be found past the hole move into it.
            std::size_t hole = std::size_t(e - m_slots.data());
            for (std::size_t j = (hole + 1) & mask(); m_slots[j].key.data() != nullptr; j = (j + 1) & mask()) {
                const std::size_t home = m_slots[j].hash & mask();
                const bool stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
                if (!stays) {
                    m_slots[hole] = std::move(m_slots[j]);
                    hole = j;
                }
            }
            m_slots[hole] = Entry{};
            --m_size;
        }

    private:
        std::size_t mask() const { return m_slots.size() - 1; }
        void grow()
        {
            std::vector<Entry> old(std::max<std::size_t>(16, m_slots.size() * 2));
            old.swap(m_slots);
            for (Entry& e : old) {
                if (e.key.data() == nullptr)
                    continue;
                std::size_t i = e.hash & mask();
                while (m_slots[i].key.data() != nullptr)
                    i = (i + 1) & mask();
                m_slots[i] = std::move(e);
            }
        }

        std::vector<Entry> m_slots; // a power of two of them; an empty one has no key
        std::size_t m_size = 0;
    };
    /// A row in the rows by key, with its key's first bytes: most comparisons read no row.
    struct SortedRow {
        std::array<std::uint64_t, 5> prefix; // its first 40 bytes (zero-padded), big-endian: they sort as the bytes do
        const TimelineRow* row;
        std::uint32_t index;                 // its RowNode's
        SortedRow(const TimelineRow* r, std::uint32_t at) : prefix{}, row(r), index(at)
        {
            char bytes[sizeof prefix] = {};
            std::memcpy(bytes, r->key.data(), std::min(sizeof bytes, r->key.size()));
            for (std::size_t i = 0; i < prefix.size(); ++i)
                prefix[i] = qFromBigEndian<quint64>(bytes + 8 * i);
        }
        bool operator<(const SortedRow& other) const
        {
            // As std::string compares (bytes as unsigned); the padding sorts a key before its extensions.
            for (std::size_t i = 0; i < prefix.size(); ++i)
                if (prefix[i] != other.prefix[i])
                    return prefix[i] < other.prefix[i];
            return row->key < other.row->key;
        }
    };
    /// A row, and when it last changed (0: not in use, a spare).
    struct RowNode {
        TimelineRow row;
        std::uint64_t changed = 0;
        std::size_t keyHash = 0;
        std::uint64_t pass = 0;  // the last pass that took spans out of it
        std::uint32_t index = 0; // its place in the pool (and its brief's)
        ServerTime lastFrom{};   // the latest start of its spans (a new one after it goes last)
    };
    /// What rowsBetween() and a pass ask of each row, packed together.
    struct RowBrief {
        ServerTime lastEnd{};   // its row's
        std::uint32_t open = 0; // its row's open spans
        bool used = false;      // false: a spare
    };
    /// A row as it changed; stale once it changed again.
    struct Change {
        RowNode* node;
        std::uint64_t at;
    };
    struct Rows {
        std::deque<RowNode> pool;    // every row made (a deque: they stay put)
        std::vector<RowBrief> briefs; // by pool place
        std::vector<RowNode*> spare; // rows that went, to be used again
        std::deque<Change> changes;  // the least recent first, with stale ones
        TextIndex<RowNode*> byKey;   // keys: the rows' own
        mutable std::vector<SortedRow> sorted;
        mutable std::vector<SortedRow> added;  // since `sorted` was made: merged in when asked
        mutable std::vector<SortedRow> merged; // the merge's buffer, kept
        mutable std::vector<const TimelineRow*> list; // `sorted`'s rows, as rows() hands them out
        mutable bool listed = false;                  // `list` is up to date
    };
    /// A row a span has a bar in.
    struct RowRef {
        Rows* rows;
        RowNode* node;
    };
    /// Ids to slots; the keys view the spans' own ids.
    struct IdMap {
        TextIndex<Slot> index;
        std::optional<Slot> find(std::string_view id) const { return find(id, hashText(id)); }
        std::optional<Slot> find(std::string_view id, std::size_t hash) const
        {
            const auto* e = index.find(id, hash);
            return e ? std::optional<Slot>(e->value) : std::nullopt;
        }
        /// Points `id` at `slot`, keyed on `id` (a view of the span's own; the
        /// entry of an older span of the id, a wait before, is keyed anew).
        void set(std::string_view id, std::size_t hash, Slot slot)
        {
            auto* e = index.emplace(id, hash, slot).first;
            e->key = id;
            e->value = slot;
        }
        /// Forgets the id of hash `hash` while it points at `slot`.
        void drop(std::size_t hash, Slot slot)
        {
            if (auto* e = index.findValue(hash, slot))
                index.erase(e);
        }
    };
    /// What the model keeps of a slot beside its span, packed together: a pass
    /// over many slots reads none of their spans.
    struct SlotInfo {
        std::size_t idHash = 0;   // hashText(its span's id)
        std::uint32_t serial = 0; // moves on each time the slot is freed
        std::uint32_t openAt = 0; // where it is in its open list, while open
        bool live = false;        // it holds a span (false: free)
        bool dying = false;       // picked by the pass under way to go
        bool wait = false;        // its span is a wait
        std::uint8_t rowCount = 0;
        std::array<RowRef, 2> rows{}; // the rows it has a bar in, its paths' then its owner's:
        std::vector<RowRef> moreRows; // the first two here, the rest (many paths) there
        void addRow(const RowRef& ref)
        {
            if (rowCount < rows.size())
                rows[rowCount] = ref;
            else
                moreRows.push_back(ref);
            ++rowCount;
        }
        template <class F>
        void forEachRow(F&& f) const
        {
            for (std::size_t i = 0; i < std::min<std::size_t>(rowCount, rows.size()); ++i)
                f(rows[i]);
            for (const RowRef& ref : moreRows)
                f(ref);
        }
    };
    /// A span in the order spans came; stale once its slot was freed (`serial` moved on).
    struct Arrival {
        Slot slot;
        std::uint32_t serial;
    };

    void applyEntry(const LogEntry& e);
    /// A free slot for a new span: the caller fills its span (kind, id, owner,
    /// operation, requests, from, expiresAt), then addSpan() files it.
    Slot takeSlot();
    void addSpan(Slot slot, std::size_t idHash);
    void endSpan(Slot slot, TimelineSpan::End end, ServerTime at);
    /// A wait that ended as a give-up a moment ago turns out granted.
    void grantWait(std::string_view id, std::size_t hash, ServerTime at);
    void leaseSeen(const LeaseInfo& lease);
    void leaseGone(Slot slot, ServerTime at);
    void waitersSeen(const std::vector<WaiterInfo>& waiters, ServerTime at);
    const Rows& rowsOf(TimelineGrouping grouping) const
    {
        return grouping == TimelineGrouping::Path ? m_byPath : m_byOwner;
    }
    /// The rows of `grouping` by key, the rows added since merged in.
    const std::vector<SortedRow>& sortedRows(TimelineGrouping grouping) const;
    std::vector<Slot>& openOf(const TimelineSpan& s)
    {
        return s.kind == TimelineSpan::Kind::Lease ? m_openLeases : m_openWaits;
    }
    /// The row of `key`, made (or a spare one used) when there is none; it changes.
    RowNode* rowFor(Rows& rows, const std::string& key);
    /// Notes that `node` changes now: it is the last of its rows to go.
    void touch(Rows& rows, RowNode* node);
    /// False past twice kMaxSpans (held at once): no new span then.
    bool hasRoom() const { return m_count < 2 * kMaxSpans; }
    bool stale(const Arrival& a) const { return a.serial != m_slots[a.slot].serial || m_slots[a.slot].dying; }
    /// Drops what ended before the last hour, and the oldest spans past kMaxSpans or kMaxRows.
    void prune();
    /// Marks the spans of the rows of `rows` quiet longest to go, down to `keep` rows.
    void pickQuietRows(Rows& rows, std::size_t keep, std::vector<Slot>& dead);
    /// Frees the spans of `dead` (marked dying), and the rows they leave empty.
    void dropSpans(const std::vector<Slot>& dead);
    void noteTime(ServerTime t);

    // A pass's lists, their buffers kept from one pass to the next.
    std::vector<Slot> m_dead;
    std::vector<RowRef> m_touched;
    std::vector<RowRef> m_emptied;

    std::deque<TimelineSpan> m_spans;     // by slot (a deque: the ids the maps key on stay put)
    std::vector<SlotInfo> m_slots;
    std::vector<Slot> m_free;
    std::deque<Arrival> m_arrivals;       // every span, in the order they came (and stale ones)
    std::size_t m_count = 0;
    IdMap m_leases;                       // every stored lease span
    IdMap m_waits;                        // the last wait span of each id
    std::vector<Slot> m_openLeases;
    std::vector<Slot> m_openWaits;
    Rows m_byPath;
    Rows m_byOwner;
    std::deque<TimelineMarker> m_markers;
    ServerClock m_clock;
    ServerTime m_newestEvent{};
    ServerTime m_oldest{};
    ServerTime m_lastPrune{};
    std::size_t m_pruneAbove = kMaxSpans;  // spans past which the next pass runs
    std::size_t m_rowsAbove = kMaxRows;
    std::uint64_t m_generation = 0;  // the last state applied (its delta's base)
    std::uint64_t m_changes = 0;     // rows' changes so far
    std::uint64_t m_passes = 0;      // passes that dropped spans so far
    LeaseId m_id;                    // an event's lease id, its buffer used again
};

template <class F>
void TimelineModel::forEachSpan(const TimelineRow& row, ServerTime from, ServerTime to, ServerTime now, F&& f) const
{
    // By start: those that may reach `from` start at most `longest` before it.
    const ServerTime first = from - row.longest;
    auto it = std::lower_bound(row.spans.begin(), row.spans.end(), first,
                               [this](Slot s, ServerTime t) { return m_spans[s].from < t; });
    for (; it != row.spans.end() && m_spans[*it].from <= to; ++it) {
        const TimelineSpan& s = m_spans[*it];
        if (s.end != TimelineSpan::End::Open && s.to >= from)
            f(*it);
    }
    for (const Slot s : row.open)
        if (m_spans[s].from <= to && m_spans[s].shownEnd(now) >= from)
            f(s);
}

} // namespace treelock::ui
