#pragma once

#include "benchoptions.h"

#include <iosfwd>
#include <string>

namespace treelock::bench {

/// --watch: what following a project costs the server, the way Studio follows
/// it today (the whole project read again every second, RedisEngine::snapshot)
/// against a LeaseWatch (one list in small pages, then the events stream), on
/// a private redis-server. For each N of --n (default 100,000 and 1,000,000):
/// fills a project with N leases (pipelined acquire, 24 h TTL); measures the
/// server time per list call for page sizes 100 to 5,000 (SLOWLOG), for the
/// watch's calls (ZSCAN + HMGET) and for the snapshot function's pages; lists
/// the project once with a LeaseWatch (time, calls, longest call); then runs
/// windows of --duration, --reps times in rotating order, with nobody
/// following, the old way, and the watch, while a load client makes 100
/// changes a second and a probe client sends a PING every millisecond. Prints,
/// per follower, the server's main-thread CPU above the window with nobody (as
/// % of one core, which is all Redis has), the follower's own command time,
/// its longest call, and the probe's p99 with its ratio to the window with
/// nobody (paired within each repetition). Progress to `progress`. Returns 0,
/// 1 when a client failed; throws when the set-up fails.
int runWatchBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                  std::ostream& progress);

} // namespace treelock::bench
