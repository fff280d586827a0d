#pragma once

#include "cliparser.h"

#include "treelock/engine.h"

#include <functional>
#include <iosfwd>
#include <memory>

namespace treelock::cli {

/// Connects the Redis engine when a command needs one (the runner's factory).
using ConnectRedis = std::function<std::shared_ptr<Engine>()>;

/// `treelock simulate`: runs virtual users (core/sim) and prints the statistics.
/// Exit 0; 1 if the safety monitor counted violations while locking was on.
int runSimulate(const SimulateCommand& cmd, const GlobalOptions& global, bool useRedis,
                const ConnectRedis& connect, std::ostream& out, std::ostream& err);

/// `treelock scenario FILE`: plays a scenario, one line per step and its narration.
/// Exit 0 only if every step had its expected outcome, else 1.
int runScenario(const ScenarioCommand& cmd, const GlobalOptions& global, bool useRedis,
                const ConnectRedis& connect, std::ostream& out, std::ostream& err);

} // namespace treelock::cli
