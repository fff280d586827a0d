// `sweep`: reaps expired leases.

#include "sweep.h"

#include "commanddeclarations.h"
#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

namespace {

int runSweep(const SweepCommand& cmd, CommandContext& ctx)
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

BuildCommand declareSweep(CLI::App& app)
{
    auto cmd = std::make_shared<SweepCommand>();
    value(app, "--operator", [cmd](const std::string& v) { cmd->operatorName = values::label("--operator", v); });
    return [cmd](const Positionals&, const GlobalOptions&) -> Command {
        return Command(*cmd, runSweep);
    };
}

const CommandRegistration registration{{
    .rank = 50,
    .name = "sweep",
    .summary = "reap expired leases",
    .help = "usage: treelock sweep [--operator NAME]\n"
        "\n"
        "Reaps every expired lease now and prints how many.\n",
    .arguments = noArguments("sweep"),
    .declare = declareSweep,
}};

} // namespace

} // namespace treelock::cli
