// `help`, `--help` and `--version`.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

#ifndef TREELOCK_VERSION
#define TREELOCK_VERSION "unknown"
#endif

namespace treelock::cli {

int run(const HelpCommand& cmd, CommandContext& ctx)
{
    ctx.out() << helpText(cmd.topic);
    return kExitOk;
}

int run(const VersionCommand&, CommandContext& ctx)
{
    ctx.out() << "treelock " << TREELOCK_VERSION << "\n";
    return kExitOk;
}

} // namespace treelock::cli
