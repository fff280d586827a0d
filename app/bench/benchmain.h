#pragma once

namespace treelock::bench {

/// The whole program: parse options, run, print the table (or JSON), write
/// the plot. Returns the exit code: 0 when every operation succeeded and the
/// state came back to its baseline, 1 otherwise, 2 for a usage error.
int benchMain(int argc, char** argv);

} // namespace treelock::bench
