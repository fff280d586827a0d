// `waiting`: the requests that wait, oldest first.

#include "commanddeclarations.h"

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

int runWaiting(CommandContext& ctx)
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

const CommandRegistration registration{{
    .rank = 70,
    .name = "waiting",
    .summary = "list the requests waiting for locks",
    .help = "usage: treelock waiting\n"
        "\n"
        "Lists the requests that wait (acquire --wait), oldest first: owner, operation,\n"
        "requests, how long it has WAITED, who is BEHIND its last refusal, a lease\n"
        "(\"alice's move-folder (X /A/C), lease 9030be43\": the start of its id, which\n"
        "force-release takes) or an older waiting request (\"bob's delete-folder\n"
        "(X /A), waiting\"), and the node they clash AT. HOLDS BACK is yes\n"
        "once it has waited past the grace (treelock help config): newer conflicting\n"
        "requests wait behind it.\n"
        "A request that stops trying (its process died) is dropped "
        + std::to_string(kWaitRefresh.count() / 1000) + " s after its\n"
        "last attempt. --json: {\"server_time_ms\", \"waiters\": [...]} with every field.\n",
    .arguments = noArguments("waiting"),
    .declare = withoutOptions(runWaiting),
}};

} // namespace

} // namespace treelock::cli
