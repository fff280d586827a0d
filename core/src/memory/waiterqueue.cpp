#include "memory/waiterqueue.h"

#include <algorithm>

namespace treelock::detail {

namespace {
// How many waiters queued one behind another a check follows to a lease presumed dead.
constexpr int kDeadChain = 8;
} // namespace

namespace {

constexpr std::size_t kWaiterReapBatch = 100;

std::size_t modeIndex(LockMode mode)
{
    return static_cast<std::size_t>(mode);
}

ServerTime fromMs(std::int64_t ms)
{
    return ServerTime{std::chrono::milliseconds{ms}};
}

// What a waiter reserves: every (node, mode) its requests leave.
std::vector<std::pair<std::string, LockMode>> reservedBy(const std::vector<LockRequest>& requests)
{
    std::vector<std::pair<std::string, LockMode>> out;
    for (const Contribution& c : contributionsOf(requests)) {
        if (auto parsed = parseNodeField(c.field))
            out.push_back(std::move(*parsed));
    }
    return out;
}

} // namespace

bool WaiterQueue::countsAsRefusal(const LeaseId& id, const Blocker& blocker) const
{
    const auto it = m_waiters.find(id);
    return it == m_waiters.end() || it->second.blocker.lease != blocker.lease
           || it->second.blocker.clashPath != blocker.clashPath;
}

void WaiterQueue::registerWaiter(const LeaseId& id, const AcquireOptions& options,
                                 const std::vector<LockRequest>& requests, const Blocker& blocker,
                                 std::int64_t nowMs, std::optional<std::int64_t> graceMs)
{
    auto it = m_waiters.find(id);
    if (it == m_waiters.end()) {
        if (m_waiters.size() >= kMaxWaiters)
            return;
        Record waiter;
        waiter.owner = options.owner;
        waiter.operation = options.operation;
        waiter.requests = requests;
        waiter.order = std::max(nowMs * 1000, m_lastOrder + 1);
        m_lastOrder = waiter.order;
        waiter.sinceMs = nowMs;
        it = m_waiters.emplace(id, std::move(waiter)).first;
    } else {
        m_expiry.erase({it->second.untilMs, id});
    }
    Record& waiter = it->second;
    waiter.lastMs = nowMs;
    waiter.untilMs = nowMs + options.waitRefresh.count();
    waiter.blocker = blocker;
    m_expiry.emplace(waiter.untilMs, id);
    if (!waiter.holdsBack && graceMs && nowMs - waiter.sinceMs >= *graceMs)
        reserve(id, waiter);
}

WaiterQueue::Dropped WaiterQueue::drop(const LeaseId& id)
{
    const auto it = m_waiters.find(id);
    if (it == m_waiters.end())
        return {};
    const bool heldBack = it->second.holdsBack;
    unreserve(id, it->second);
    m_expiry.erase({it->second.untilMs, id});
    m_waiters.erase(it);
    return {true, heldBack};
}

bool WaiterQueue::reap(std::int64_t nowMs)
{
    bool heldBack = false;
    std::size_t reaped = 0;
    while (reaped < kWaiterReapBatch && !m_expiry.empty() && m_expiry.begin()->first <= nowMs) {
        const LeaseId id = m_expiry.begin()->second;
        heldBack = drop(id).heldBack || heldBack;
        ++reaped;
    }
    return heldBack;
}

bool WaiterQueue::releaseAll()
{
    bool freed = false;
    for (auto& [id, waiter] : m_waiters) {
        freed = freed || waiter.holdsBack;
        unreserve(id, waiter);
    }
    return freed;
}

std::optional<std::int64_t> WaiterQueue::orderOf(const LeaseId& id) const
{
    if (const auto w = m_waiters.find(id); w != m_waiters.end())
        return w->second.order;
    return std::nullopt;
}

std::optional<std::pair<CheckStep, LeaseId>> WaiterQueue::findHeldBack(
    const std::vector<CheckStep>& plan, std::int64_t mine, const LeaseId& self, const std::vector<LeaseId>& holding,
    const std::function<bool(const LeaseId&)>& presumedDead) const
{
    // A waiter whose lease in the way renews by watchdog and has missed its
    // renewals, or that queues behind such a waiter (a chain of at most kDeadChain).
    const auto waitsForTheDead = [&](LeaseId waiter) {
        if (!presumedDead)
            return false;
        for (int link = 0; link < kDeadChain; ++link) {
            const auto w = m_waiters.find(waiter);
            if (w == m_waiters.end() || w->second.blocker.lease.empty())
                return false;
            if (!w->second.blocker.queued)
                return presumedDead(w->second.blocker.lease);
            waiter = w->second.blocker.lease;
        }
        return false;
    };
    // A waiter that waits for one of the caller's own leases.
    const auto waitsForCaller = [&](const LeaseId& waiter) {
        if (holding.empty())
            return false;
        const auto w = m_waiters.find(waiter);
        return w != m_waiters.end() && !w->second.blocker.queued
               && std::find(holding.begin(), holding.end(), w->second.blocker.lease) != holding.end();
    };
    if (m_reservations.empty())
        return std::nullopt;
    for (const CheckStep& step : plan) {
        const auto node = m_reservations.find(step.path);
        if (node == m_reservations.end())
            continue;
        for (const auto& [order, id] : node->second[modeIndex(step.held)]) {
            if (order >= mine)
                break;
            if (id != self && !waitsForCaller(id) && !waitsForTheDead(id))
                return std::pair{step, id};
        }
    }
    return std::nullopt;
}

Blocker WaiterQueue::queuedBlocker(const CheckStep& clash, const LeaseId& waiterId,
                                   const std::vector<LockRequest>& wanted) const
{
    Blocker blocker;
    blocker.clashPath = clash.path;
    blocker.heldMode = clash.held;
    blocker.wanted = wanted[clash.request];
    blocker.queued = true;
    blocker.lease = waiterId;
    const Record& waiter = m_waiters.at(waiterId);
    blocker.owner = waiter.owner;
    blocker.operation = waiter.operation;
    if (const LockRequest* via = firstLeavingOn(waiter.requests, clash.path, clash.held)) {
        blocker.path = via->path;
        blocker.mode = via->mode;
    }
    return blocker;
}

std::vector<WaiterInfo> WaiterQueue::live(std::int64_t nowMs) const
{
    std::vector<std::pair<std::int64_t, LeaseId>> live;
    for (const auto& [id, waiter] : m_waiters) {
        if (waiter.untilMs > nowMs)
            live.emplace_back(waiter.order, id);
    }
    std::sort(live.begin(), live.end());
    std::vector<WaiterInfo> result;
    result.reserve(live.size());
    for (const auto& [order, id] : live)
        result.push_back(info(id, m_waiters.at(id)));
    return result;
}

std::size_t WaiterQueue::waitingAt(const std::string& path, std::int64_t nowMs) const
{
    std::size_t count = 0;
    for (const auto& [id, waiter] : m_waiters) {
        if (waiter.untilMs > nowMs && waiter.blocker.clashPath == path)
            ++count;
    }
    return count;
}

void WaiterQueue::reserve(const LeaseId& id, Record& waiter)
{
    for (const auto& [path, mode] : reservedBy(waiter.requests)) {
        auto& list = m_reservations[path][modeIndex(mode)];
        const auto at = std::upper_bound(list.begin(), list.end(), waiter.order,
                                         [](std::int64_t order, const auto& entry) { return order < entry.first; });
        list.emplace(at, waiter.order, id);
    }
    waiter.holdsBack = true;
}

void WaiterQueue::unreserve(const LeaseId& id, Record& waiter)
{
    if (!waiter.holdsBack)
        return;
    for (const auto& [path, mode] : reservedBy(waiter.requests)) {
        const auto node = m_reservations.find(path);
        if (node == m_reservations.end())
            continue;
        auto& list = node->second[modeIndex(mode)];
        std::erase_if(list, [&](const auto& entry) { return entry.second == id; });
        if (std::all_of(node->second.begin(), node->second.end(), [](const auto& l) { return l.empty(); }))
            m_reservations.erase(node);
    }
    waiter.holdsBack = false;
}

WaiterInfo WaiterQueue::info(const LeaseId& id, const Record& waiter) const
{
    WaiterInfo info;
    info.id = id;
    info.owner = waiter.owner;
    info.operation = waiter.operation;
    info.requests = waiter.requests;
    info.since = fromMs(waiter.sinceMs);
    info.lastAttempt = fromMs(waiter.lastMs);
    info.expiresAt = fromMs(waiter.untilMs);
    info.holdsBack = waiter.holdsBack;
    info.blocker = waiter.blocker;
    return info;
}

} // namespace treelock::detail
