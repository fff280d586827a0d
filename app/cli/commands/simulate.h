#pragma once

#include "clivalues.h"

#include "treelock/engine.h"
#include "treelock/policy.h"

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace treelock::cli {

/// `simulate [--memory] [--users N] [--seconds S] [--seed N] [--mix OP=W,...] [--crash-rate R]
/// [--pause-rate R] [--slow-release-rate R] [--no-locking] [--profile P] [--ttl MS] [--renew-every MS]
/// [--uniform] [--realtime]`: virtual users (docs/simulator.md).
struct SimulateCommand {
    bool memory = false;                         ///< --memory: in-process engine even if Redis is configured
    bool realTime = false;                       ///< --realtime: wall-clock mode on the memory engine
    std::size_t users = 20;
    double seconds = 10;                         ///< simulated seconds
    std::uint64_t seed = 1;
    std::optional<std::array<double, kAllOperations.size()>> mix; ///< unset: the default mix
    double crashRate = 0;
    double pauseRate = 0;
    double slowReleaseRate = 0;
    bool noLocking = false;
    std::optional<std::string> profile;
    std::optional<std::chrono::milliseconds> ttl;
    std::optional<std::chrono::milliseconds> renewEvery;
    bool uniform = false;                        ///< --uniform: no hot spot
    std::optional<GraceSetting> grace;           ///< --grace MS|off: the project's fairness grace (unset: 5 ms)
};

} // namespace treelock::cli
