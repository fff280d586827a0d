// `sweep`: reaps expired leases.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

int run(const SweepCommand& cmd, CommandContext& ctx)
{
    const std::string by = ctx.operatorName(cmd.operatorName);
    const std::string host = ctx.hostName();
    const std::size_t reaped = ctx.engine()->sweep(by, host);
    if (ctx.global().json)
        ctx.out() << dump({{"reaped", reaped}}) << "\n";
    else
        ctx.out() << reaped << "\n";
    return kExitOk;
}

} // namespace treelock::cli
