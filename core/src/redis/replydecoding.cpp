#include "redis/replydecoding.h"

#include "lockplan.h"
#include "redis/redisconnection.h"

#include <algorithm>
#include <utility>

namespace treelock::detail {

namespace {

long long intAt(const redis::Reply& reply, std::size_t i) { return integerAt(reply, i); }

ServerTime serverTime(long long ms) { return ServerTime(std::chrono::milliseconds(ms)); }

/// A waiter as snapshot lists it: {id, owner, op, requests, since_us, last_ms,
/// until_ms, holds back, blocker}.
WaiterInfo waiterOf(const redis::Reply& r)
{
    WaiterInfo w;
    w.id = redis::leaseIdOfWire(textAt(r, 0));
    w.owner = textAt(r, 1);
    w.operation = textAt(r, 2);
    w.requests = detail::parseRequests(textAt(r, 3));
    w.since = serverTime(intAt(r, 4) / 1000);
    w.lastAttempt = serverTime(intAt(r, 5));
    w.expiresAt = serverTime(intAt(r, 6));
    w.holdsBack = intAt(r, 7) == 1;
    w.blocker = blockerOf(replyElement(r, 8), 0);
    return w;
}

} // namespace

LeaseStatus statusOf(long long code)
{
    switch (code) {
    case 1: return LeaseStatus::Ok;
    case 2: return LeaseStatus::Expired;
    case 3: return LeaseStatus::Live;
    default: return LeaseStatus::Unknown;
    }
}

Blocker blockerOf(const redis::Reply& r, std::size_t first)
{
    Blocker b;
    b.lease = redis::leaseIdOfWire(textAt(r, first));
    b.owner = textAt(r, first + 1);
    b.operation = textAt(r, first + 2);
    b.path = textAt(r, first + 3);
    b.mode = parseLockMode(textAt(r, first + 4)).value_or(LockMode::X);
    b.expiresIn = std::chrono::milliseconds(intAt(r, first + 5));
    b.clashPath = textAt(r, first + 6);
    b.heldMode = parseLockMode(textAt(r, first + 7)).value_or(LockMode::X);
    b.wanted.path = textAt(r, first + 8);
    b.wanted.mode = parseLockMode(textAt(r, first + 9)).value_or(LockMode::X);
    b.queued = intAt(r, first + 10) == 1;
    return b;
}

std::vector<WaiterInfo> waitersOfFirstPage(const redis::Reply& reply)
{
    const redis::Reply& waiters = replyElement(reply, 2);
    std::vector<std::pair<long long, std::size_t>> order;
    for (std::size_t i = 0; i < waiters.size(); ++i)
        order.emplace_back(intAt(waiters.elements[i], 4), i);
    std::sort(order.begin(), order.end());
    std::vector<WaiterInfo> out;
    for (const auto& [since, i] : order)
        out.push_back(waiterOf(waiters.elements[i]));
    return out;
}

bool isConfigValue(const redis::Reply& reply) { return reply.isArray() && reply.size() == 2; }

std::vector<std::string> serverWarnings(const redis::Reply& policy, const redis::Reply& appendonly,
                                        const redis::Reply& save)
{
    if (!isConfigValue(policy))
        return {"cannot read Redis maxmemory-policy (" + policy.text + "); make sure it is \"noeviction\""};
    std::vector<std::string> warnings;
    if (policy[1].text != "noeviction")
        warnings.push_back("Redis maxmemory-policy is \"" + policy[1].text
                           + "\", not \"noeviction\": under memory pressure Redis may "
                             "evict lock keys, and locks would silently vanish");
    const bool aofOn = isConfigValue(appendonly) && appendonly[1].text == "yes";
    const bool rdbOn = isConfigValue(save) && !save[1].text.empty();
    if (!aofOn && !rdbOn)
        warnings.push_back("Redis has no persistence (appendonly no, save \"\"): a restart "
                           "loses every lease; fencing tokens still rise");
    return warnings;
}

} // namespace treelock::detail
