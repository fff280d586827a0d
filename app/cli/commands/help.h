#pragma once

#include <string>

namespace treelock::cli {

class CommandContext;

/// `--help`, `-h`, `help [COMMAND]`: print usage (topic "" = overview) and exit 0.
struct HelpCommand {
    std::string topic;
};

/// Prints the help of `cmd.topic`. The parser binds `--help` to it.
int runHelp(const HelpCommand& cmd, CommandContext& ctx);

/// Prints the version. The parser binds `--version` to it.
int runVersion(CommandContext& ctx);

} // namespace treelock::cli
