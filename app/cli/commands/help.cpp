// `help`, `--help` and `--version`.

#include "help.h"

#include "commanddeclarations.h"
#include "cliformat.h"
#include "commandcontext.h"

#include <algorithm>
#include <ostream>

#ifndef TREELOCK_VERSION
#define TREELOCK_VERSION "unknown"
#endif

namespace treelock::cli {

int runHelp(const HelpCommand& cmd, CommandContext& ctx)
{
    ctx.out() << helpText(cmd.topic);
    return kExitOk;
}

int runVersion(CommandContext& ctx)
{
    ctx.out() << "treelock " << TREELOCK_VERSION << "\n";
    return kExitOk;
}

namespace {

BuildCommand declareHelp(CLI::App&)
{
    return [](const Positionals& positionals, const GlobalOptions&) -> Command {
        if (positionals.size() > 1)
            throw UsageError("unexpected argument " + quoteInput(positionals[1]) + " for help");
        HelpCommand help;
        if (!positionals.empty()) {
            help.topic = positionals.front();
            const auto& all = commandDeclarations();
            if (std::none_of(all.begin(), all.end(), [&](const auto& command) { return command.name == help.topic; }))
                throw UsageError("unknown command " + quoteInput(help.topic) + " (try treelock --help)");
        }
        return Command(help, runHelp);
    };
}

const CommandRegistration registration{{
    .rank = 180,
    .name = "help",
    .summary = "help on a command",
    .help = "usage: treelock help [COMMAND]\n"
        "\n"
        "Prints the overview, or the usage of COMMAND.\n",
    .arguments = checkedWithTheOptions,
    .declare = declareHelp,
}};

} // namespace

} // namespace treelock::cli
