#include "memory/memorystate.h"

#include "treelock/error.h"

#include <algorithm>

namespace treelock {

namespace {

using std::chrono::milliseconds;

constexpr std::size_t kBlockerScanLimit = 1000;

} // namespace

void MemoryEngine::State::publishWake()
{
    ++wakeGeneration;
    wakeCondition.notify_all();
}

void MemoryEngine::State::appendEvent(Event event, std::int64_t now)
{
    detail::StreamId id{now, 0};
    if (id.ms <= lastEventId.ms)
        id = detail::StreamId{lastEventId.ms, lastEventId.seq + 1};
    lastEventId = id;
    event.id = detail::formatStreamId(id);
    event.time = detail::fromMs(now);
    events.push_back(detail::StoredEvent{id, std::move(event)});
    ++eventsAdded;
    while (events.size() > static_cast<std::size_t>(kEventStreamCap))
        events.pop_front();
    eventCondition.notify_all();
}

Event MemoryEngine::State::leaseEvent(EventType type, const LeaseId& id, const detail::LeaseRecord& record) const
{
    Event event;
    event.type = type;
    event.lease = id;
    event.owner = record.owner;
    event.operation = record.operation;
    event.requests = record.requests;
    event.fence = record.fence;
    return event;
}

void MemoryEngine::State::forgetHolderIfEmpty(const std::string& path)
{
    for (const LockMode mode : kAllModes)
        if (nodes.contains(detail::nodeField(path, mode)))
            return;
    who.erase(path);
}

void MemoryEngine::State::addCounts(const LeaseId& id, const std::vector<LockRequest>& requests)
{
    for (const detail::Contribution& c : detail::contributionsOf(requests)) {
        const std::int64_t value = (nodes[c.field] += c.delta);
        if (value <= 0)
            nodes.erase(c.field);
        who[pathOf(c.field)] = id;
    }
}

void MemoryEngine::State::removeCounts(const std::vector<LockRequest>& requests)
{
    for (const detail::Contribution& c : detail::contributionsOf(requests)) {
        const auto it = nodes.find(c.field);
        const std::int64_t value = (it == nodes.end() ? 0 : it->second) - c.delta;
        if (value > 0) {
            if (it == nodes.end())
                nodes.emplace(c.field, value);
            else
                it->second = value;
        } else {
            if (it != nodes.end())
                nodes.erase(it);
            forgetHolderIfEmpty(pathOf(c.field));
        }
    }
}

void MemoryEngine::State::setExpiry(const LeaseId& id, detail::LeaseRecord& record, std::int64_t expiresMs)
{
    expiry.erase({record.expiresMs, id});
    record.expiresMs = expiresMs;
    expiry.emplace(expiresMs, id);
}

void MemoryEngine::State::dropLease(const LeaseId& id, EventType kind, std::int64_t now, const Event* extra)
{
    const auto it = leases.find(id);
    if (it == leases.end())
        return;
    detail::LeaseRecord record = std::move(it->second);
    leases.erase(it);
    expiry.erase({record.expiresMs, id});
    removeCounts(record.requests);
    if (kind != EventType::Release || eventLevel == EventLevel::All) {
        Event event = leaseEvent(kind, id, record);
        if (extra) {
            event.by = extra->by;
            event.host = extra->host;
            event.reason = extra->reason;
            event.wasLive = extra->wasLive;
        }
        appendEvent(std::move(event), now);
    }
    publishWake();
}

detail::LeaseRecord* MemoryEngine::State::findLease(const LeaseId& id)
{
    const auto it = leases.find(id);
    return it == leases.end() || it->second.revoked ? nullptr : &it->second;
}

LeaseStatus MemoryEngine::State::findLiveLease(const LeaseId& id, std::int64_t now, detail::LeaseRecord*& record)
{
    record = findLease(id);
    if (!record)
        return LeaseStatus::Unknown;
    if (record->expiresMs <= now) {
        record = nullptr;
        dropLease(id, EventType::Expire, now);
        return LeaseStatus::Expired;
    }
    return LeaseStatus::Ok;
}

std::size_t MemoryEngine::State::reapExpired(std::int64_t now, std::size_t limit)
{
    std::size_t reaped = 0;
    while (reaped < limit && !expiry.empty() && expiry.begin()->first <= now) {
        const LeaseId id = expiry.begin()->second;
        dropLease(id, EventType::Expire, now);
        ++reaped;
    }
    return reaped;
}

bool MemoryEngine::State::anyExpired(std::int64_t now) const
{
    return !expiry.empty() && expiry.begin()->first <= now;
}

std::int64_t MemoryEngine::State::count(const std::string& field) const
{
    const auto it = nodes.find(field);
    return it == nodes.end() ? 0 : it->second;
}

std::optional<detail::CheckStep> MemoryEngine::State::findClash(const std::vector<detail::CheckStep>& plan) const
{
    for (const detail::CheckStep& step : plan) {
        if (count(step.field) > 0)
            return step;
    }
    return std::nullopt;
}

Blocker MemoryEngine::State::blockerFor(const detail::CheckStep& clash, const std::vector<LockRequest>& wanted,
                                        std::int64_t now) const
{
    Blocker blocker;
    blocker.clashPath = clash.path;
    blocker.heldMode = clash.held;
    blocker.wanted = wanted[clash.request];

    const LeaseId* holder = nullptr;
    const detail::LeaseRecord* record = nullptr;
    const LockRequest* via = nullptr;
    if (const auto w = who.find(clash.path); w != who.end()) {
        if (const auto l = leases.find(w->second); l != leases.end()) {
            via = detail::firstLeavingOn(l->second.requests, clash.path, clash.held);
            if (via) {
                holder = &l->first;
                record = &l->second;
            }
        }
    }
    if (!via) {
        std::size_t scanned = 0;
        for (const auto& [expires, id] : expiry) {
            if (scanned++ >= kBlockerScanLimit)
                break;
            const auto l = leases.find(id);
            if (l == leases.end())
                continue;
            via = detail::firstLeavingOn(l->second.requests, clash.path, clash.held);
            if (via) {
                holder = &l->first;
                record = &l->second;
                break;
            }
        }
    }
    if (via) {
        blocker.lease = *holder;
        blocker.owner = record->owner;
        blocker.operation = record->operation;
        blocker.path = via->path;
        blocker.mode = via->mode;
        blocker.expiresIn = milliseconds{std::max<std::int64_t>(0, record->expiresMs - now)};
    }
    return blocker;
}

LeaseInfo MemoryEngine::State::info(const LeaseId& id, const detail::LeaseRecord& record) const
{
    LeaseInfo lease;
    lease.id = id;
    lease.owner = record.owner;
    lease.operation = record.operation;
    lease.requests = record.requests;
    lease.ttl = milliseconds{record.ttlMs};
    lease.createdAt = detail::fromMs(record.createdMs);
    lease.expiresAt = detail::fromMs(record.expiresMs);
    lease.fence = record.fence;
    lease.holds = record.holds;
    lease.revoked = record.revoked;
    return lease;
}

bool MemoryEngine::State::dropWaiter(const LeaseId& id, bool wakeHeldBack)
{
    const detail::WaiterQueue::Dropped dropped = waiters.drop(id);
    if (dropped.heldBack && wakeHeldBack)
        publishWake();
    return dropped.found;
}

void MemoryEngine::State::reapWaiters(std::int64_t now)
{
    if (waiters.reap(now))
        publishWake();
}

} // namespace treelock
