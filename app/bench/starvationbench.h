#pragma once

#include "benchoptions.h"

#include <iosfwd>

namespace treelock::bench {

/// --starvation N: how long a writer waits among overlapping readers, with the
/// project's fairness on (the default grace) and off, interleaved. Each round
/// and setting uses a project of its own: `starvationReaders` threads, each with
/// its own connection and LockClient, take S on /r/x<i>, hold it
/// `starvationHold` and take it again, staggered so that some reader always
/// holds; once every reader has held twice, a writer asks X on /r with a wait
/// of `starvationWait`. Prints per setting the writer's median and worst wait
/// and how often it got in; --json adds every round. Removes the projects'
/// keys. Returns the exit code (0; 1 when a reader failed).
int runStarvationBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                       std::ostream& progress);

} // namespace treelock::bench
