#include "treelock/blockers.h"

#include "lockplan.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace treelock {

namespace {

using std::chrono::milliseconds;

// The first check of `plan` (the waiter's, in the documented clash order) whose
// (node, mode) one of `requests` leaves. Allocates nothing: it runs once per
// lease of a project. O(plan x requests), each test O(path length).
const detail::CheckStep* firstClash(const std::vector<detail::CheckStep>& plan,
                                    const std::vector<LockRequest>& requests)
{
    for (const detail::CheckStep& step : plan) {
        if (detail::firstLeavingOn(requests, step.path, step.held))
            return &step;
    }
    return nullptr;
}

// The blocker of `waiter` that `who` (a LeaseInfo or a WaiterInfo) is, if it is
// in the way: described at the first clash of `plan`. O(requests x depth + plan).
template<typename Who>
std::optional<Blocker> blockerOf(const Who& who, const WaiterInfo& waiter, const std::vector<detail::CheckStep>& plan)
{
    const detail::CheckStep* clash = firstClash(plan, who.requests);
    if (!clash)
        return std::nullopt;
    Blocker blocker;
    blocker.lease = who.id;
    blocker.owner = who.owner;
    blocker.operation = who.operation;
    blocker.clashPath = clash->path;
    blocker.heldMode = clash->held;
    blocker.wanted = waiter.requests[clash->request];
    if (const LockRequest* via = detail::firstLeavingOn(who.requests, clash->path, clash->held)) {
        blocker.path = via->path;
        blocker.mode = via->mode;
    }
    return blocker;
}

} // namespace

std::vector<Blocker> blockersOf(const WaiterInfo& waiter, const std::vector<LeaseInfo>& leases,
                                const std::vector<WaiterInfo>& waiters, ServerTime now)
{
    const std::vector<detail::CheckStep> plan = detail::checkPlan(waiter.requests);
    std::vector<Blocker> result;
    if (plan.empty())
        return result;

    // Sorted once found: the leases in the way are few beside those held.
    std::vector<std::pair<const LeaseInfo*, Blocker>> inTheWay;
    for (const LeaseInfo& lease : leases) {
        if (lease.id == waiter.id || lease.expired(now))
            continue;
        if (std::optional<Blocker> blocker = blockerOf(lease, waiter, plan)) {
            blocker->expiresIn = std::max(milliseconds{0}, lease.expiresAt - now);
            inTheWay.emplace_back(&lease, std::move(*blocker));
        }
    }
    std::sort(inTheWay.begin(), inTheWay.end(), [](const auto& a, const auto& b) {
        return a.first->expiresAt != b.first->expiresAt ? a.first->expiresAt < b.first->expiresAt
                                                         : a.first->id < b.first->id;
    });
    for (auto& [lease, blocker] : inTheWay)
        result.push_back(std::move(blocker));

    // Registered before the waiter: an earlier `since`, or the same millisecond
    // and listed before it (`waiters` is oldest first, as the engines order
    // registrations within a millisecond).
    const auto self = std::find_if(waiters.begin(), waiters.end(),
                                   [&](const WaiterInfo& other) { return other.id == waiter.id; });
    std::vector<const WaiterInfo*> older;
    for (auto it = waiters.begin(); it != waiters.end(); ++it) {
        if (it->id == waiter.id || !it->holdsBack)
            continue;
        if (it->since < waiter.since || (it->since == waiter.since && it < self))
            older.push_back(&*it);
    }
    std::stable_sort(older.begin(), older.end(),
                     [](const WaiterInfo* a, const WaiterInfo* b) { return a->since < b->since; });
    for (const WaiterInfo* other : older) {
        if (std::optional<Blocker> blocker = blockerOf(*other, waiter, plan)) {
            blocker->queued = true;
            result.push_back(std::move(*blocker));
        }
    }
    return result;
}

} // namespace treelock
