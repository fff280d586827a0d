#pragma once

#include "lockview/lockstate.h"

#include <QObject>
#include <QString>

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
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
    bool alive = false;          ///< the slot holds a span (false: free)
    LeaseId id;                  ///< the lease's id; a wait's, the id it asks for
    std::string owner;
    std::string operation;
    std::vector<LockRequest> requests;
    ServerTime from{};           ///< granted at; a wait's first refused attempt
    ServerTime to{};             ///< ended at (End::Open: not yet)
    ServerTime expiresAt{};      ///< a lease's last known expiry
    QString endDetail;           ///< a forced release: by whom and why
    QString streamId;            ///< the event that ended it, when one did

    /// An open lease span.
    static TimelineSpan lease(LeaseId id, std::string owner, std::string operation, std::vector<LockRequest> requests,
                              ServerTime from, ServerTime expiresAt = {});

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
/// delta, O(its leases). Keeps the last hour and at most kMaxSpans spans.
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
    const std::deque<TimelineMarker>& markers() const { return m_markers; }

    /// Every row of `grouping`, by key.
    const std::vector<const TimelineRow*>& rows(TimelineGrouping grouping) const;
    /// The rows of `grouping` with a bar between `from` and `to` (at `now`), by key. O(rows × log spans).
    std::vector<const TimelineRow*> rowsBetween(TimelineGrouping grouping, ServerTime from, ServerTime to,
                                                ServerTime now) const;
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
    struct Rows {
        std::unordered_map<std::string, std::unique_ptr<TimelineRow>> byKey;
        mutable std::vector<const TimelineRow*> sorted;
        mutable std::vector<const TimelineRow*> added; // since `sorted` was made: merged in when asked
        mutable bool dirty = false;                    // a row went: `sorted` is made anew
    };

    void applyEntry(const LogEntry& e);
    Slot newSpan(TimelineSpan span);
    void endSpan(Slot slot, TimelineSpan::End end, ServerTime at);
    /// A wait that ended as a give-up a moment ago turns out granted.
    void grantWait(const LeaseId& id, ServerTime at);
    void leaseSeen(const LeaseInfo& lease);
    void leaseGone(const LeaseId& id, ServerTime at);
    void waitersSeen(const std::vector<WaiterInfo>& waiters, ServerTime at);
    Rows& rowsOf(TimelineGrouping grouping) { return grouping == TimelineGrouping::Path ? m_byPath : m_byOwner; }
    const Rows& rowsOf(TimelineGrouping grouping) const
    {
        return grouping == TimelineGrouping::Path ? m_byPath : m_byOwner;
    }
    template <class F>
    void forEachRow(const TimelineSpan& span, F&& f);
    /// False past twice kMaxSpans (held at once): no new span then.
    bool hasRoom() const { return m_count < 2 * kMaxSpans; }
    /// Drops what ended before the last hour, and the oldest spans past kMaxSpans or kMaxRows.
    void prune();
    void noteTime(ServerTime t);

    std::vector<TimelineSpan> m_spans;
    std::vector<Slot> m_free;
    std::size_t m_count = 0;
    std::unordered_map<LeaseId, Slot> m_leases;       // every stored lease span
    std::unordered_map<LeaseId, Slot> m_waits;        // the last wait span of each id
    std::unordered_map<LeaseId, Slot> m_openLeases;
    std::unordered_map<LeaseId, Slot> m_openWaits;
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
