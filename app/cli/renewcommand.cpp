// `renew LEASE`.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

int run(const RenewCommand& cmd, CommandContext& ctx)
{
    const RenewResult result = ctx.engine()->renew(cmd.lease, cmd.ttl);
    if (result.status != LeaseStatus::Ok)
        return ctx.leaseProblem(cmd.lease, result.status);
    if (ctx.global().json)
        ctx.out() << dump({{"lease", cmd.lease}, {"expires_ms", msSinceEpoch(result.expiresAt)}}) << "\n";
    else
        ctx.out() << msSinceEpoch(result.expiresAt) << "\n";
    return kExitOk;
}

} // namespace treelock::cli
