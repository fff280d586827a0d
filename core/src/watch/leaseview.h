#pragma once

#include "treelock/engine.h"
#include "treelock/leasewatch.h"

#include <cstddef>
#include <optional>
#include <set>
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
    void listed(const LeaseInfo& lease, ServerTime now, std::vector<LeaseDelta>& out);
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
    /// Up to `max` leases whose known expiry is at or before `now`, soonest first:
    /// expired, or renewed without an event. O(max).
    std::vector<LeaseId> due(ServerTime now, std::size_t max) const;
    /// The earliest known expiry, if any lease is held. O(1).
    std::optional<ServerTime> nextExpiry() const;
    /// The leases ordered by expiry, then id. O(n).
    std::vector<LeaseInfo> sorted() const;

private:
    /// Adds `lease` or replaces the one with its id (Added, or Changed when it differs).
    void put(const LeaseInfo& lease, std::vector<LeaseDelta>& out);
    void remove(Map::iterator it, LeaseDelta::Cause cause, std::vector<LeaseDelta>& out);

    Map m_leases;
    std::set<std::pair<ServerTime, LeaseId>> m_expiry; ///< (expiresAt, id) of every lease in m_leases
    std::unordered_set<LeaseId> m_unconfirmed;         ///< held when the list began, not listed yet
    bool m_listing = false;
};

} // namespace treelock::detail
