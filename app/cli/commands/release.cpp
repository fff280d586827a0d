// `release LEASE`.

#include "release.h"

#include "commanddeclarations.h"
#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

namespace {

int runRelease(const ReleaseCommand& cmd, CommandContext& ctx)
{
    const ReleaseResult result = ctx.engine()->release(cmd.lease);
    if (result.status != LeaseStatus::Ok && result.status != LeaseStatus::Gone)
        return ctx.leaseProblem(cmd.lease, result.status);
    const bool gone = result.status == LeaseStatus::Gone;
    if (ctx.global().json)
        ctx.out() << dump({{"lease", cmd.lease},
                           {"remaining_holds", result.remainingHolds},
                           {"status", gone ? "gone" : "released"}})
                  << "\n";
    else if (gone)
        ctx.out() << "lease " << cmd.lease << " is gone: the release was sent again after its answer was lost, "
                  << "and found it released\n";
    return kExitOk;
}

BuildCommand declareRelease(CLI::App&)
{
    return [](const Positionals& positionals, const GlobalOptions&) -> Command {
        return Command(ReleaseCommand{positionals.front()}, runRelease);
    };
}

const CommandRegistration registration{{
    .rank = 20,
    .name = "release",
    .summary = "release a lease",
    .help = "usage: treelock release LEASE\n"
        "\n"
        "Drops one hold of the lease; the last hold frees its paths. Prints nothing\n"
        "(with --json: {\"lease\",\"remaining_holds\",\"status\"}). Exit 4 if the lease is\n"
        "unknown or expired. A release whose answer is lost (the connection drops, the\n"
        "primary fails over) is sent again for up to 15 s; when the repeat finds the\n"
        "lease gone, the first one released it: exit 0, status \"gone\".\n",
    .arguments = oneLease("release"),
    .declare = declareRelease,
}};

} // namespace

} // namespace treelock::cli
