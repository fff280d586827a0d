#pragma once

#include "lockplan.h"
#include "memory/contentiontable.h"
#include "memory/waiterqueue.h"
#include "treelock/memoryengine.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace treelock {

namespace detail {

/// One lease as MemoryEngine holds it (the lease record of the Redis state hash).
struct LeaseRecord {
    std::string owner;
    std::string operation;
    std::vector<LockRequest> requests; // normalised
    std::int64_t ttlMs = 0;
    std::int64_t createdMs = 0;
    std::int64_t expiresMs = 0;
    std::uint64_t fence = 0;
    int holds = 1;
    bool revoked = false;
    std::string lastCall; // the call id of the last change of holds (AcquireOptions::callId)
    std::int64_t renewEveryMs = 0; // AcquireOptions::renewEvery; 0: not said

    /// Whether it renews by watchdog and has missed its renewals: no renewal for
    /// kPresumedDeadPeriods of the gap expected after the last (expectedRenewalGapMs).
    bool presumedDead(std::int64_t nowMs) const
    {
        if (renewEveryMs <= 0)
            return false;
        const std::int64_t lastRenewal = expiresMs - ttlMs;
        return static_cast<double>(nowMs - lastRenewal)
               > expectedRenewalGapMs(renewEveryMs, lastRenewal - createdMs, ttlMs) * kPresumedDeadPeriods;
    }
};

/// One entry of MemoryEngine's event stream.
struct StoredEvent {
    StreamId id;
    Event event;
};

inline ServerTime fromMs(std::int64_t ms)
{
    return ServerTime{std::chrono::milliseconds{ms}};
}

} // namespace detail

/// What a MemoryEngine holds: the lease table (node counts, holders, leases
/// and their expiry), the event stream, the waiters and the contention table.
/// Everything is guarded by `mutex`; the wake signals share it. The lease
/// table's bookkeeping is in memorystate.cpp, the verbs in memoryengine.cpp.
struct MemoryEngine::State {
    std::string project;
    PathOptions pathOptions;
    Clock clock;

    std::mutex mutex;
    std::condition_variable wakeCondition;
    std::condition_variable eventCondition; ///< notified on every appended event
    std::uint64_t wakeGeneration = 0;

    std::unordered_map<std::string, std::int64_t> nodes; // "<path>|<mode>" -> count > 0
    std::unordered_map<std::string, LeaseId> who;        // "<path>" -> last lease to raise a count there
    std::unordered_map<LeaseId, detail::LeaseRecord> leases;
    std::set<std::pair<std::int64_t, LeaseId>> expiry;   // (expires_ms, id)
    std::optional<std::uint64_t> fence;                  // unset until the first grant
    std::deque<detail::StoredEvent> events;
    detail::StreamId lastEventId;
    std::uint64_t eventsAdded = 0;                       // ever appended, trimmed or not
    EventLevel eventLevel = EventLevel::All;
    std::optional<std::int64_t> graceMs = kDefaultGrace.count(); // unset: fairness off

    detail::WaiterQueue waiters;
    detail::ContentionTable hot;

    std::int64_t nowMs() const { return clock().time_since_epoch().count(); }

    void publishWake();
    /// Ends the registration of waiter `id`; wakes whoever it held back when
    /// `wakeHeldBack`. Whether there was one.
    bool dropWaiter(const LeaseId& id, bool wakeHeldBack);
    /// Ends the waiters' registrations that ran out, waking whom they held back.
    void reapWaiters(std::int64_t now);

    /// Appends to the stream (capped at kEventStreamCap) with an id after the last.
    void appendEvent(Event event, std::int64_t now);
    Event leaseEvent(EventType type, const LeaseId& id, const detail::LeaseRecord& record) const;

    static std::string pathOf(const std::string& field) { return field.substr(0, field.rfind('|')); }
    /// As the Redis layout keeps it: one holder per node, the last lease that
    /// raised any of its counts, forgotten when every count there is 0.
    void forgetHolderIfEmpty(const std::string& path);
    void addCounts(const LeaseId& id, const std::vector<LockRequest>& requests);
    void removeCounts(const std::vector<LockRequest>& requests);
    void setExpiry(const LeaseId& id, detail::LeaseRecord& record, std::int64_t expiresMs);
    /// Removes a lease entirely with an event of type `kind` (plus `extra`'s
    /// audit fields for force) and publishes a wake-up. O(requests x depth).
    void dropLease(const LeaseId& id, EventType kind, std::int64_t now, const Event* extra = nullptr);
    /// The record of a lease that is held and not revoked, or nullptr (a lease
    /// this engine does not know). O(log leases).
    detail::LeaseRecord* findLease(const LeaseId& id);
    /// What release and renew answer before they act: Unknown, Expired (the
    /// lease is dropped here with its Expire event) or Ok with `record` set.
    LeaseStatus findLiveLease(const LeaseId& id, std::int64_t now, detail::LeaseRecord*& record);
    /// Reaps up to `limit` expired leases, lowest (expires_ms, id) first.
    std::size_t reapExpired(std::int64_t now, std::size_t limit);
    bool anyExpired(std::int64_t now) const;
    std::int64_t count(const std::string& field) const;
    /// The first step of `plan` whose node count is not 0.
    std::optional<detail::CheckStep> findClash(const std::vector<detail::CheckStep>& plan) const;
    /// Who holds `clash`: the node's last holder if one of its requests leaves
    /// that mode there, else the first such lease among the soonest to expire
    /// (scanning at most a bounded number).
    Blocker blockerFor(const detail::CheckStep& clash, const std::vector<LockRequest>& wanted,
                       std::int64_t now) const;
    LeaseInfo info(const LeaseId& id, const detail::LeaseRecord& record) const;
};

} // namespace treelock
