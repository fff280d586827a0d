#pragma once

#include <cstddef>

/// Bounds of a simulation's settings, checked by SimulationConfig::validate() and
/// offered by the CLI and Studio.
namespace treelock::sim::limits {

/// Fewest and most virtual users of one simulation.
inline constexpr std::size_t kMinUsers = 1;
inline constexpr std::size_t kMaxUsers = 500;

} // namespace treelock::sim::limits
