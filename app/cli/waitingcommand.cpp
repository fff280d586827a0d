// `waiting`: the requests that wait, oldest first.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

namespace {

// "X /A/C": a request as the lines about waiting show it.
std::string requestText(const LockRequest& request)
{
    return std::string(toString(request.mode)) + " " + request.path;
}

std::string requestsText(const std::vector<LockRequest>& requests)
{
    std::string text;
    for (const auto& request : requests)
        text += (text.empty() ? "" : ", ") + requestText(request);
    return text;
}

// What refused a waiter's last attempt, as `waiting`'s BEHIND column shows it; a
// lease by the start of its id, which `force-release` takes.
std::string waitingBehind(const Blocker& b)
{
    if (b.lease.empty())
        return "an unidentified lease holding " + std::string(toString(b.heldMode));
    return whoText(b) + (b.queued ? ", waiting" : ", lease " + shortLeaseId(b.lease));
}

} // namespace

int run(const WaitingCommand&, CommandContext& ctx)
{
    // The waiters come with the snapshot, which also reads every lease: O(leases + waiters).
    const Snapshot snapshot = ctx.engine()->snapshot();
    const ServerTime now = snapshot.serverTime;
    if (ctx.global().json) {
        Json waiters = Json::array();
        for (const auto& w : snapshot.waiters) {
            waiters.push_back({{"lease", w.id},
                               {"owner", w.owner},
                               {"op", w.operation},
                               {"requests", requestsJson(w.requests)},
                               {"since_ms", msSinceEpoch(w.since)},
                               {"waited_ms", msBetween(w.since, now)},
                               {"last_attempt_ms", msSinceEpoch(w.lastAttempt)},
                               {"last_attempt_age_ms", msBetween(w.lastAttempt, now)},
                               {"expires_ms", msSinceEpoch(w.expiresAt)},
                               {"expires_in_ms", msBetween(now, w.expiresAt)},
                               {"holds_back", w.holdsBack},
                               {"blocker", blockerJson(w.blocker)}});
        }
        ctx.out() << dump({{"server_time_ms", msSinceEpoch(now)}, {"waiters", waiters}}) << "\n";
        return kExitOk;
    }
    if (snapshot.waiters.empty()) {
        ctx.out() << "no one waits\n";
        return kExitOk;
    }
    std::vector<std::vector<std::string>> rows{{"OWNER", "OP", "REQUESTS", "WAITED", "BEHIND", "AT", "HOLDS BACK"}};
    for (const auto& w : snapshot.waiters)
        rows.push_back({orDash(w.owner), orDash(w.operation), requestsText(w.requests), durationText(now - w.since),
                        waitingBehind(w.blocker), orDash(w.blocker.clashPath), w.holdsBack ? "yes" : "no"});
    ctx.printTable(rows, {3});
    return kExitOk;
}

} // namespace treelock::cli
