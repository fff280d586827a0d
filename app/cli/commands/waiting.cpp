// `waiting`: the requests that wait, oldest first.

#include "commanddeclarations.h"

#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/blockers.h"
#include "treelock/leaseid.h"

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

// One blocker, as `waiting`'s BEHIND column shows it: a lease by the start of its
// id (which `force-release` takes) and the time it has left, or an older waiter.
std::string waitingBehind(const Blocker& b)
{
    if (b.lease.empty())
        return "an unidentified lease holding " + std::string(toString(b.heldMode));
    if (b.queued)
        return whoText(b) + ", waiting";
    return whoText(b) + ", lease " + shortLeaseId(b.lease) + ", " + secondsText(b.expiresIn) + " left";
}

int runWaiting(CommandContext& ctx)
{
    // The waiters come with the snapshot, which also reads every lease; each
    // waiter's blockers are found among them: O(waiters x (leases + waiters)).
    const Snapshot snapshot = ctx.engine()->snapshot();
    const ServerTime now = snapshot.serverTime;
    std::vector<std::vector<Blocker>> blockers;
    for (const auto& w : snapshot.waiters)
        blockers.push_back(blockersOf(w, snapshot.leases, snapshot.waiters, now));
    if (ctx.global().json) {
        Json waiters = Json::array();
        for (std::size_t i = 0; i < snapshot.waiters.size(); ++i) {
            const WaiterInfo& w = snapshot.waiters[i];
            Json inTheWay = Json::array();
            for (const Blocker& b : blockers[i])
                inTheWay.push_back(blockerJson(b));
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
                               {"blocker", blockerJson(w.blocker)},
                               {"blockers", inTheWay}});
        }
        ctx.out() << dump({{"server_time_ms", msSinceEpoch(now)}, {"waiters", waiters}}) << "\n";
        return kExitOk;
    }
    if (snapshot.waiters.empty()) {
        ctx.out() << "no one waits\n";
        return kExitOk;
    }
    // A waiter's row names its first blocker; each further one has a row of its own below.
    std::vector<std::vector<std::string>> rows{
        {"ID", "OWNER", "OP", "REQUESTS", "WAITED", "BEHIND", "AT", "HOLDS BACK"}};
    for (std::size_t i = 0; i < snapshot.waiters.size(); ++i) {
        const WaiterInfo& w = snapshot.waiters[i];
        std::string behind = "nothing now; last refused by " + waitingBehind(w.blocker);
        std::string at = orDash(w.blocker.clashPath);
        if (!blockers[i].empty()) {
            behind = waitingBehind(blockers[i].front());
            at = blockers[i].front().clashPath;
        }
        rows.push_back({shortLeaseId(w.id), orDash(w.owner), orDash(w.operation), requestsText(w.requests),
                        durationText(now - w.since), behind, at, w.holdsBack ? "yes" : "no"});
        for (std::size_t k = 1; k < blockers[i].size(); ++k)
            rows.push_back({"", "", "", "", "", waitingBehind(blockers[i][k]), blockers[i][k].clashPath, ""});
    }
    ctx.printTable(rows, {4});
    return kExitOk;
}

const CommandRegistration registration{{
    .rank = 70,
    .name = "waiting",
    .summary = "list the requests waiting for locks",
    .help = "usage: treelock waiting\n"
        "\n"
        "Lists the requests that wait (acquire --wait), oldest first: the start of the\n"
        "ID they will be granted under (which force-release --blockers-of takes), owner,\n"
        "operation, requests, how long it has WAITED, and everything it is BEHIND, one a\n"
        "line, with the node they clash AT: each lease in its way (\"alice's move-folder\n"
        "(X /A/C), lease 9030be43, 12.3 s left\": the start of its id, which\n"
        "force-release takes) and each older waiting request it waits behind (\"bob's\n"
        "delete-folder (X /A), waiting\"). HOLDS BACK is yes once it has waited past the\n"
        "grace (treelock help config): newer conflicting requests wait behind it.\n"
        "A request that stops trying (its process died) is dropped "
        + std::to_string(kWaitRefresh.count() / 1000) + " s after its\n"
        "last attempt. --json: {\"server_time_ms\", \"waiters\": [...]} with every field;\n"
        "\"blocker\" refused its last attempt, \"blockers\" are all in its way now.\n",
    .arguments = noArguments("waiting"),
    .declare = withoutOptions(runWaiting),
}};

} // namespace

} // namespace treelock::cli
