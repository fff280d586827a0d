#pragma once

#include "benchoptions.h"
#include "benchrunner.h"

#include <chrono>
#include <functional>
#include <string>

namespace treelock::bench {

/// Treelock Studio at scale (`--ui`): applies a snapshot of `uiLeases` leases
/// to a `uiNodes`-node tree and `uiEvents` events, offscreen, through the ui
/// library's own benchmark (app/bench/uibench.h), and reports its figures.
/// When this build has no such benchmark, says so in UiFigures::note.
UiFigures runStudioBench(const BenchOptions& options);

/// Treelock Studio attached to a project (`--watch`): its window (offscreen,
/// 1400×900) connects to `project` of about `leases` leases at `url` and lists
/// it; then it follows the project for `follow` while the caller's load runs,
/// between `followStarts()` and `followEnds()` (where the caller measures the
/// server). The GUI thread's share is its CPU time (CLOCK_THREAD_CPUTIME_ID);
/// a stall is the longest gap between 10 ms heartbeats on it.
struct StudioAttach {
    bool available = false;
    std::string note;               ///< why not, when not available
    double firstRowsS = 0;          ///< connecting → the first leases in the table
    double loadedS = 0;             ///< connecting → every lease listed and shown
    long long leasesShown = 0;      ///< in the table once loaded
    double loadGuiCpuS = 0;         ///< GUI thread CPU while loading
    double loadWorkerCpuS = 0;      ///< the bridge worker's thread CPU while loading
    double loadStallMs = 0;         ///< longest stall while loading
    double followGuiMsPerS = 0;     ///< GUI thread CPU per second while following
    double followStallMs = 0;       ///< longest stall while following
    double followWorkerMsPerS = 0;  ///< the bridge worker's CPU per second while following
    double followStatesPerS = 0;    ///< states applied per second while following
    double rssMiB = 0;              ///< resident memory the window added
};
StudioAttach attachStudio(const std::string& url, const std::string& project, long long leases,
                          std::chrono::milliseconds follow, const std::function<void()>& followStarts,
                          const std::function<void()>& followEnds);

} // namespace treelock::bench
