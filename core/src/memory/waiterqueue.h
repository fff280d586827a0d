#pragma once

#include "lockplan.h"
#include "treelock/engine.h"

#include <array>
#include <functional>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace treelock::detail {

/// MemoryEngine's registered waiters and what they hold back (fairness), as
/// the waiters sorted set and the reservations are kept on Redis. A waiter that
/// has waited past the grace reserves every (node, mode) its requests leave, so
/// that a younger acquire that conflicts waits behind it. Not thread-safe: the
/// engine's mutex guards it; the engine publishes the wake-ups it asks for.
class WaiterQueue {
public:
    /// Whether a refusal of `id` counts for contention: every refusal of an id
    /// that is no registered waiter, and of a waiter the first and each one
    /// whose blocker (the lease or waiter in the way, or the clash path)
    /// differs from its last. O(1).
    bool countsAsRefusal(const LeaseId& id, const Blocker& blocker) const;
    /// After a refusal of an attempt that waits: registers the waiter under `id`
    /// (unless kMaxWaiters are registered) or refreshes it, and makes it hold
    /// back once it has waited `graceMs` (never when unset). O(requests x depth).
    void registerWaiter(const LeaseId& id, const AcquireOptions& options, const std::vector<LockRequest>& requests,
                        const Blocker& blocker, std::int64_t nowMs, std::optional<std::int64_t> graceMs);
    /// Ends the registration of `id`. Whether there was one, and whether it
    /// held anyone back (who should then be woken).
    struct Dropped {
        bool found = false;
        bool heldBack = false;
    };
    Dropped drop(const LeaseId& id);
    /// Ends up to a batch of registrations that ran out by `nowMs`, oldest
    /// first; whether any of them held someone back.
    bool reap(std::int64_t nowMs);
    /// Fairness off: no waiter holds back any more; whether one did.
    bool releaseAll();
    /// The order (who waited first) of the waiter `id`, if it is registered.
    std::optional<std::int64_t> orderOf(const LeaseId& id) const;
    /// The first reservation, in the clash order of `plan`, that an acquire by
    /// a waiter of order `mine` (newest: max) and id `self`, whose maker holds
    /// `holding`, must wait behind: the step and the waiter's id. A waiter last
    /// refused by a lease in `holding`, or by one `presumedDead` says is, is
    /// passed over. O(plan x reservations on its nodes x holding).
    std::optional<std::pair<CheckStep, LeaseId>> findHeldBack(
        const std::vector<CheckStep>& plan, std::int64_t mine, const LeaseId& self,
        const std::vector<LeaseId>& holding = {},
        const std::function<bool(const LeaseId&)>& presumedDead = {}) const;
    /// The blocker an acquire of `wanted` sees when the waiter `waiterId`
    /// holds it back at `clash`.
    Blocker queuedBlocker(const CheckStep& clash, const LeaseId& waiterId,
                          const std::vector<LockRequest>& wanted) const;
    /// The waiters whose registration runs past `nowMs`, oldest first.
    std::vector<WaiterInfo> live(std::int64_t nowMs) const;
    /// How many of those are blocked at `path`. O(waiters).
    std::size_t waitingAt(const std::string& path, std::int64_t nowMs) const;

private:
    struct Record {
        std::string owner;
        std::string operation;
        std::vector<LockRequest> requests; // normalised
        std::int64_t order = 0;  // µs of the first refusal, made unique: who waited first
        std::int64_t sinceMs = 0;
        std::int64_t lastMs = 0;
        std::int64_t untilMs = 0;
        bool holdsBack = false;
        Blocker blocker;
    };
    // Who holds back on one node: per mode (IS, IX, S, SIX, X) the waiters that
    // reserve it, by their order (oldest first).
    using Reservations = std::array<std::vector<std::pair<std::int64_t, LeaseId>>, 5>;

    void reserve(const LeaseId& id, Record& waiter);
    void unreserve(const LeaseId& id, Record& waiter);
    WaiterInfo info(const LeaseId& id, const Record& waiter) const;

    std::unordered_map<LeaseId, Record> m_waiters;
    std::set<std::pair<std::int64_t, LeaseId>> m_expiry; // (until_ms, id)
    std::map<std::string, Reservations> m_reservations;  // path -> who holds back there
    std::int64_t m_lastOrder = 0;
};

} // namespace treelock::detail
