// `lease LEASE`: one lease, whole.

#include "commanddeclarations.h"

#include "cliformat.h"
#include "commandcontext.h"

#include <algorithm>
#include <ostream>

namespace treelock::cli {

namespace {

int runLease(const std::string& given, CommandContext& ctx)
{
    // One snapshot both finds the lease a start of an id names and shows it.
    const Snapshot snapshot = ctx.engine()->snapshot();
    const LeaseId id = ctx.resolveLease(given, snapshot.leases);
    const auto lease = std::find_if(snapshot.leases.begin(), snapshot.leases.end(),
                                    [&](const LeaseInfo& info) { return info.id == id; });
    if (lease == snapshot.leases.end())
        return ctx.leaseProblem(id, LeaseStatus::Unknown);
    const ServerTime now = snapshot.serverTime;
    if (ctx.global().json) {
        ctx.out() << dump(leaseJson(*lease, now)) << "\n";
        return kExitOk;
    }
    ctx.printTable({{"lease", lease->id},
                    {"owner", orDash(lease->owner)},
                    {"op", orDash(lease->operation)},
                    {"requests", toString(lease->requests, " ")},
                    {"fence", std::to_string(lease->fence)},
                    {"holds", std::to_string(lease->holds)},
                    {"state", leaseState(*lease, now)},
                    {"granted", isoTime(lease->createdAt)},
                    {"expires", isoTime(lease->expiresAt) + " (in " + secondsText(lease->expiresAt - now) + ")"}});
    return kExitOk;
}

const CommandRegistration registration{{
    .rank = 65,
    .name = "lease",
    .summary = "one lease, whole",
    .help = "usage: treelock lease LEASE\n"
        "\n"
        "Prints one lease of the project, a field a line: its id, owner, operation,\n"
        "requests, fence, holds, state (live, expired, revoked), when it was granted\n"
        "and when it expires. LEASE may be the start of an id (8 digits or more), as\n"
        "`locks` and `waiting` show it, if it names one lease. --json: the object\n"
        "`locks --json` lists. Exit 4 if no lease has that id.\n",
    .arguments = oneLease("lease", values::LeaseArgument::WholeOrStart),
    .declare = [](CLI::App&) -> BuildCommand {
        return [](const Positionals& positionals, const GlobalOptions&) {
            return Command(positionals.front(), runLease);
        };
    },
}};

} // namespace

} // namespace treelock::cli
