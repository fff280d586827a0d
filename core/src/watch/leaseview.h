#pragma once

#include "treelock/engine.h"
#include "treelock/leasewatch.h"

#include <cstddef>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace treelock::detail {

/// The leases a LeaseWatch shows, and the rules that change them: plain data,
/// no I/O. Every change is appended to `out` as a LeaseDelta. A lease is in the
/// view while its expiry is after the time given; a release, expire or force
/// event of an older grant of the same id (a lower fence) changes nothing.
class LeaseView {
public:
    using Map = std::unordered_map<LeaseId, LeaseInfo>;

    const Map& leases() const noexcept { return m_leases; }

    /// A list begins: every lease held is unconfirmed until a page lists it.
    void beginList();
    /// A lease a list page read at `now`; an expired one leaves the view. O(log n).
    void listed(LeaseInfo lease, ServerTime now, std::vector<LeaseDelta>& out);
    /// The list ended: the leases no page listed are gone (Vanished). O(unconfirmed).
    void endList(std::vector<LeaseDelta>& out);
    bool listing() const noexcept { return m_listing; }

    /// Applies one event. A grant or a forced release returns the lease whose
    /// record must be read (its fence, owner and TTL come from there); a release
    /// or an expire event removes the lease. Other events change nothing. O(log n).
    std::optional<LeaseId> apply(const Event& event, std::vector<LeaseDelta>& out);
    /// What a read of lease `id`'s record found at `now` (nothing: the server no
    /// longer holds it; the lease leaves the view with `causeIfGone`). O(log n).
    void update(const LeaseId& id, const std::optional<LeaseInfo>& record, ServerTime now,
                LeaseDelta::Cause causeIfGone, std::vector<LeaseDelta>& out);
    /// Takes up to `max` leases whose known expiry is at or before `now`, soonest
    /// first: expired, or renewed without an event. The caller reads their
    /// records and hands each to update(), or to requeue() when it cannot.
    /// O(max log n).
    std::vector<LeaseId> takeDue(ServerTime now, std::size_t max);
    /// Puts back leases takeDue() gave whose records could not be read.
    void requeue(const std::vector<LeaseId>& ids);
    /// Whether a lease is due at `now`. O(1) amortised.
    bool anyDue(ServerTime now)
    {
        const std::optional<ServerTime> next = nextExpiry();
        return next && *next <= now;
    }
    /// The earliest known expiry, if any lease is held. O(1) amortised.
    std::optional<ServerTime> nextExpiry();
    /// The leases ordered by expiry, then id. O(n log n).
    std::vector<LeaseInfo> sorted() const;
    /// Room for `n` leases (a list says how many to expect).
    void reserve(std::size_t n) { m_leases.reserve(n); }

private:
    /// One lease's expiry as it was when it was noted; stale once the lease is
    /// gone or its expiry moved (then another entry holds the new one).
    struct Expiry {
        ServerTime at;
        LeaseId id;
        bool operator>(const Expiry& other) const { return at > other.at; }
    };
    /// Adds `lease` or replaces the one with its id (Added, or Changed when it differs).
    void put(LeaseInfo lease, std::vector<LeaseDelta>& out);
    void remove(Map::iterator it, LeaseDelta::Cause cause, std::vector<LeaseDelta>& out);
    void noteExpiry(ServerTime at, const LeaseId& id);
    /// Drops stale entries from the top of the heap.
    void dropStale();

    Map m_leases;
    /// A min-heap of expiries (std::push_heap with >): a new entry for every
    /// expiry noted, the stale ones dropped when they reach the top. A heap in
    /// one vector, not a tree, because a list inserts a million of them.
    std::vector<Expiry> m_expiry;
    std::unordered_set<LeaseId> m_unconfirmed; ///< held when the list began, not listed yet
    bool m_listing = false;
};

} // namespace treelock::detail
