#pragma once

#include "benchoptions.h"

#include <iosfwd>
#include <string>

namespace treelock::bench {

/// --exporter: what `treelock exporter` costs the server, on a private
/// redis-server: fills --projects projects (default 100) with --n leases each
/// (default 1,000), starts a ProjectExporter and times its first lists, then
/// runs windows of --duration, --reps times in rotating order, while 100
/// changes a second spread over the projects: nobody following, the exporter
/// following without scrapes, and the exporter scraped once a second. Prints
/// the server's main-thread CPU of each window (% of one core), the exporter's
/// own command time (SLOWLOG) per second while it follows, and per scrape (the
/// scraping window's less the following's), with what a scrape every 15 s
/// costs a second, and the scrapes' own time. Progress to `progress`. Returns
/// 0, 1 when a client failed; throws when the set-up fails.
int runExporterBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                     std::ostream& progress);

} // namespace treelock::bench
