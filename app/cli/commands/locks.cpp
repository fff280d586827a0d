// `locks`: every lease of the project.

#include "commanddeclarations.h"

#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

namespace {

int runLocks(CommandContext& ctx)
{
    const Snapshot snapshot = ctx.engine()->snapshot();
    if (ctx.global().json) {
        Json leases = Json::array();
        for (const auto& lease : snapshot.leases)
            leases.push_back(leaseJson(lease, snapshot.serverTime));
        ctx.out() << dump({{"server_time_ms", msSinceEpoch(snapshot.serverTime)}, {"leases", leases}})
              << "\n";
        return kExitOk;
    }
    if (snapshot.leases.empty()) {
        ctx.out() << "no leases in project " << ctx.global().project << "\n";
        return kExitOk;
    }
    std::vector<std::vector<std::string>> rows{{"ID", "OWNER", "OP", "REQUESTS", "FENCE", "STATE", "LEFT"}};
    for (const auto& lease : snapshot.leases) {
        const auto left = lease.expiresAt - snapshot.serverTime;
        rows.push_back({shortLeaseId(lease.id), orDash(lease.owner), orDash(lease.operation),
                        toString(lease.requests, " "), std::to_string(lease.fence),
                        leaseState(lease, snapshot.serverTime),
                        left.count() > 0 ? secondsText(left) : std::string("-")});
    }
    ctx.printTable(rows);
    return kExitOk;
}

const CommandRegistration registration{{
    .rank = 60,
    .name = "locks",
    .summary = "list leases",
    .help = "usage: treelock locks\n"
        "\n"
        "Lists every lease of the project: id prefix, owner, operation, requests, fence,\n"
        "state (live, expired, revoked) and time left. --json: every field, and\n"
        "server_time_ms.\n",
    .arguments = noArguments("locks"),
    .declare = withoutOptions(runLocks),
}};

} // namespace

} // namespace treelock::cli
