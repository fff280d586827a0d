#pragma once

#include "treelock/engine.h"
#include "treelock/eventstream.h"
#include "treelock/lockmode.h"
#include "treelock/redisengine.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace treelock {

/// One broken guarantee found in a history.
struct HistoryViolation {
    /// "conflicting-grant", "fence-not-increasing", "unmatched-release",
    /// "fence-mismatch", "duplicate-grant"
    std::string kind;
    std::string eventId;                ///< stream id of the offending event
    LeaseId lease;                      ///< the lease of that event
    LeaseId other;                      ///< conflicting-grant: the live lease it clashes with
    std::string message;                ///< readable, names paths, modes, fences
};

/// Verdict of a history check.
struct HistoryReport {
    std::size_t events = 0;             ///< events examined
    std::size_t grants = 0;
    std::size_t ends = 0;               ///< release, expire and force events
    std::size_t liveAtEnd = 0;          ///< leases granted and not ended by the last event
    /// Leases live when grants and releases stopped being recorded and not ended
    /// by an event since: they may be live still, or released unseen.
    std::size_t unknownAtEnd = 0;
    std::string firstEventId;
    std::string lastEventId;
    /// The stream had been trimmed (capped) before the first event read: leases
    /// granted earlier are not known, so their ends are not counted as violations
    /// and a conflict with one of them cannot be seen. Only what is there is checked.
    bool trimmed = false;
    /// Grants and releases went unrecorded for a while (the project's events=audit,
    /// seen in a "config" event or in force now): ends of leases whose grant is
    /// missing are not violations, and a clash with such a lease cannot be seen.
    bool unrecorded = false;
    std::string unrecordedFrom;         ///< the first "config" event of events=audit, if the stream has it
    std::string unrecordedUntil;        ///< the "config" event of events=all after the last of events=audit
    bool unrecordedNow = false;         ///< the project is at events=audit now (assumeUnrecorded)
    std::uint64_t eventsAddedEver = 0;  ///< from XINFO STREAM when known, else 0
    std::vector<HistoryViolation> violations; ///< in stream order; capped at `maxViolations`
    bool ok() const noexcept { return violations.empty(); }
};

/// Replays a project's event stream and checks, event by event:
///  1. every grant is compatible with every lease live at that moment (granted,
///     and neither released, expired nor force-released; a lease revoked with a
///     lock-delay stays live until its `expire` event), using the node counts of
///     docs/semantics.md: O(depth x requests) per event;
///  2. fences of grants strictly increase (so they never repeat);
///  3. every release, expire and force names a lease that is live in the replay,
///     with the fence it was granted with.
/// Reentrant acquires and renewals leave no event and need none. Not thread-safe.
class HistoryChecker {
public:
    /// `trimmed`: the first event fed is not the first ever (the stream was
    /// capped); ends of unknown leases are then tolerated.
    explicit HistoryChecker(bool trimmed = false, std::size_t maxViolations = 100);

    /// Feeds the next event (in stream order).
    void feed(const Event& event);
    /// Feeds several.
    void feed(const std::vector<Event>& events);
    /// The project does not record grants and releases now (events=audit): ends
    /// of unknown leases are tolerated from the first event on. A "config" event
    /// of events=audit has the same effect from where it stands in the stream,
    /// and then the leases live there may end unseen: later grants are not
    /// checked against them.
    void assumeUnrecorded() noexcept
    {
        m_report.unrecorded = true;
        m_report.unrecordedNow = true;
    }
    /// The verdict so far.
    const HistoryReport& report() const noexcept { return m_report; }
    /// Leases live in the replay now.
    std::size_t live() const noexcept { return m_live.size(); }

private:
    struct LiveLease {
        std::vector<LockRequest> requests;
        std::uint64_t fence = 0;
    };
    /// A live lease force-released by an admin. The `force` event does not say
    /// whether a lock-delay keeps it in place; an `expire` of it later says it
    /// did, and then grants in between that conflict with it were violations.
    struct Revoked {
        LiveLease lease;
        std::vector<std::pair<std::string, LeaseId>> conflictingGrants; ///< (event id, lease)
    };
    void add(const LiveLease& lease, int sign);
    std::optional<std::string> clash(const std::vector<LockRequest>& requests) const;
    LeaseId blockerOf(const std::vector<LockRequest>& requests) const;
    void end(const Event& event);
    void violate(HistoryViolation v);

    HistoryReport m_report;
    std::size_t m_maxViolations;
    std::map<LeaseId, LiveLease> m_live;
    std::map<LeaseId, Revoked> m_revoked;
    std::set<LeaseId> m_ended;                          ///< to tell repeats from unknowns
    /// Live when grants and releases stopped being recorded (events=audit): they
    /// may have been released since, unseen, so no grant is checked against them.
    std::set<LeaseId> m_fateUnknown;
    std::map<std::string, std::int64_t> m_counts;       ///< "<path>|<mode>" -> count
    std::uint64_t m_lastFence = 0;
};

/// Pure: checks a whole event list (see HistoryChecker).
HistoryReport checkHistory(const std::vector<Event>& events, bool trimmed = false);

/// Reads the whole event stream of `engine` in pages of 1,000 and checks it.
/// Trimmed: from `info` when given (and when the first event read is later than
/// its first id, i.e. the cap trimmed during the read); without `info`, when
/// at least kEventStreamCap events are there (a stream that never reached the
/// cap was never trimmed). O(events x depth).
HistoryReport checkEngineHistory(Engine& engine, const std::optional<EventStreamInfo>& info = {});

// ------------------------------------------------------------- client intervals

/// One lease as a test client saw it: from the moment acquire returned to the
/// moment it called release, on CLOCK_MONOTONIC (one clock for every process
/// of the machine). The recorded span lies inside the real one.
struct HeldInterval {
    std::string client;                 ///< which process / thread
    LeaseId lease;
    std::vector<LockRequest> requests;  ///< normalised
    std::int64_t acquiredNs = 0;
    std::int64_t releasedNs = 0;
    std::uint64_t fence = 0;
    /// The lease was found lost (renew or release answered Unknown/Expired):
    /// another holder may legitimately have overlapped it, so it is not checked.
    bool lost = false;
};

/// Two intervals that overlap although their leases conflict.
struct IntervalViolation {
    HeldInterval first;
    HeldInterval second;
    std::string message;
};

/// True if two normalised request sets could not be held together: same path
/// with incompatible modes, or one path a proper ancestor of the other and the
/// ancestor's mode incompatible with the descendant's intention.
bool requestsConflict(const std::vector<LockRequest>& a, const std::vector<LockRequest>& b);

/// Every pair of non-lost intervals of different leases that overlap in time
/// (open intervals: touching ends do not overlap) and conflict. Sweep over
/// start times: O(n log n + overlapping pairs). Capped at `maxViolations`.
std::vector<IntervalViolation> checkIntervals(std::vector<HeldInterval> intervals,
                                              std::size_t maxViolations = 100);

/// The floor: the greatest number of intervals holding `mode` explicitly on one
/// path at the same instant, and that path. A system that serialises everything
/// reaches 1 at most; shared modes must reach 2 or more.
struct ConcurrencyFloor {
    std::string path;
    std::size_t maxHolders = 0;
};
ConcurrencyFloor maxConcurrentHolders(const std::vector<HeldInterval>& intervals, LockMode mode);

/// One interval as a text line: "client lease fence acquiredNs releasedNs lost MODE:PATH,..."
/// (paths must not contain spaces or commas; test clients use simple names).
std::string formatInterval(const HeldInterval& interval);
/// Inverse of formatInterval. Throws InvalidInput.
HeldInterval parseInterval(const std::string& line);

} // namespace treelock
