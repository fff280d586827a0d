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
    if (result.status != LeaseStatus::Ok)
        return ctx.leaseProblem(cmd.lease, result.status);
    if (ctx.global().json)
        ctx.out() << dump({{"lease", cmd.lease}, {"remaining_holds", result.remainingHolds}}) << "\n";
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
        "(with --json: {\"lease\",\"remaining_holds\"}). Exit 4 if the lease is unknown or expired.\n",
    .arguments = oneLease("release"),
    .declare = declareRelease,
}};

} // namespace

} // namespace treelock::cli
