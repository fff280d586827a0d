#pragma once

#include "benchoptions.h"

#include <iosfwd>

namespace treelock::bench {

/// --outcomes N: does every call learn its outcome through failovers? On a private
/// Sentinel set-up (a primary, two replicas, three sentinels) and then on a private
/// Redis Cluster (three primaries with one replica each), eight clients, each with
/// its own connection and --min-replicas 1, take S or X on a small tree, hold it a
/// moment and release it, while the primary (of the project's slot) is killed with
/// SIGKILL N times, the killed node started again each time. Counts per topology:
/// - unknown outcomes: calls that failed without an answer (ConnectionError), and
///   rolled-back grants whose rollback failed;
/// - orphaned leases: leases left in the project once every client has released
///   what it knows it holds;
/// - double grants: a call that took a second hold (a release that leaves holds),
///   and a grant that clashed with a lease another client was told it holds;
/// beside the calls, grants, refusals, rolled-back grants, and grants lost with
/// a node (a release answered unknown). Prints a table (--json as elsewhere).
/// Returns the exit code: 0 when every count above is 0, else 1.
int runOutcomeBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                    std::ostream& progress);

} // namespace treelock::bench
