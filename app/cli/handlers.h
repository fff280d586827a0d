#pragma once

#include "cliparser.h"

namespace treelock::cli {

class CommandContext;

// One handler per command, each in its own file (<command>command.cpp): runs the
// parsed command and returns the exit code (commands.h). Errors of core
// propagate as exceptions; runCommand maps them to exit codes.
int run(const HelpCommand& cmd, CommandContext& ctx);
int run(const VersionCommand& cmd, CommandContext& ctx);
int run(const AcquireCommand& cmd, CommandContext& ctx);
int run(const ReleaseCommand& cmd, CommandContext& ctx);
int run(const RenewCommand& cmd, CommandContext& ctx);
int run(const ForceReleaseCommand& cmd, CommandContext& ctx);
int run(const SweepCommand& cmd, CommandContext& ctx);
int run(const LocksCommand& cmd, CommandContext& ctx);
int run(const WaitingCommand& cmd, CommandContext& ctx);
int run(const ContentionCommand& cmd, CommandContext& ctx);
int run(const TopologyCommand& cmd, CommandContext& ctx);
int run(const ProjectsCommand& cmd, CommandContext& ctx);
int run(const FsckCommand& cmd, CommandContext& ctx);
int run(const ConfigCommand& cmd, CommandContext& ctx);
int run(const CheckHistoryCommand& cmd, CommandContext& ctx);
int run(const EventsCommand& cmd, CommandContext& ctx);
int run(const MatrixCommand& cmd, CommandContext& ctx);
int run(const SimulateCommand& cmd, CommandContext& ctx);
int run(const ScenarioCommand& cmd, CommandContext& ctx);

} // namespace treelock::cli
