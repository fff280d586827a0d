#pragma once

#include "report.h"

#include <string>

namespace treelock::bench {

/// True when this build can draw plots (Qt Charts; TREELOCK_BUILD_UI=ON).
bool plotAvailable();

/// Draws ops/s (log scale) against N, one line per contender, one panel per
/// connection count, with Qt Charts rendered offscreen (no display needed),
/// and writes it as PNG. Throws std::runtime_error if unavailable or on failure.
/// Must be called from the main thread.
void writeThroughputPlot(const BenchResults& results, const Report& report, const std::string& file);

} // namespace treelock::bench
