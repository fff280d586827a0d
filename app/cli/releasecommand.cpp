// `release LEASE`.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

int run(const ReleaseCommand& cmd, CommandContext& ctx)
{
    const ReleaseResult result = ctx.engine()->release(cmd.lease);
    if (result.status != LeaseStatus::Ok)
        return ctx.leaseProblem(cmd.lease, result.status);
    if (ctx.global().json)
        ctx.out() << dump({{"lease", cmd.lease}, {"remaining_holds", result.remainingHolds}}) << "\n";
    return kExitOk;
}

} // namespace treelock::cli
