#pragma once

#include "benchoptions.h"
#include "benchrunner.h"

namespace treelock::bench {

/// Treelock Studio at scale (`--ui`): applies a snapshot of `uiLeases` leases
/// to a `uiNodes`-node tree and `uiEvents` events, offscreen, through the ui
/// library's own benchmark (app/bench/uibench.h), and reports its figures.
/// When this build has no such benchmark, says so in UiFigures::note.
UiFigures runStudioBench(const BenchOptions& options);

} // namespace treelock::bench
