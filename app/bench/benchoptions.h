#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace treelock::bench {

/// Everything a run can be told; defaults in one place (the full run).
struct BenchOptions {
    std::string redisUrl;                       ///< empty: start a private redis-server
    std::string redisServer = "redis-server";   ///< executable for the private server
    bool unixSocket = false;                    ///< private server: Unix socket instead of loopback TCP
    bool pin = true;                            ///< server on CPU 0, client threads on CPU 1
    std::chrono::milliseconds duration{1000};   ///< per measured cell
    int reps = 3;                               ///< interleaved repetitions
    std::vector<int> connections{1, 8, 32};
    std::vector<long long> held{0, 1000, 10000, 100000};
    std::vector<std::string> contenders;        ///< ids to run; empty: all
    std::string project = "bench";
    bool json = false;                          ///< JSON on stdout instead of the table
    std::string jsonFile;                       ///< also write JSON here
    std::string plotFile;                       ///< --plot FILE.png
    bool ui = false;                            ///< Studio at scale
    int uiNodes = 100000;
    int uiLeases = 10000;
    int uiEvents = 1000;
    bool uiOnly = false;                        ///< --ui without lock measurements
    std::string mode = "full";                  ///< full, quick or smoke (for the record)
    /// --compare-scripts: folders of Lua versions to compare instead of the run above.
    std::vector<std::string> compareScripts;
    int compareRounds = 15;                     ///< --rounds
    int comparePairs = 1000;                    ///< --pairs per version and round
    int compareDepth = 3;                       ///< --depth of the measured paths
    bool comparePipelined = false;              ///< --pipelined: pairs sent without waiting, and the floor
    /// --failover N: failovers of a private Sentinel set-up instead of the run above.
    int failoverRounds = 0;
    /// --outcomes N: kill -9 failovers on Sentinel and on a Cluster under 8 clients,
    /// counting calls without a known outcome, instead of the run above.
    int outcomeRounds = 0;
    /// --cluster: 1 and 3 Redis Cluster primaries compared instead of the run above.
    bool cluster = false;
    int clusterProjects = 64;                   ///< --projects N
    /// --starvation N: a writer among overlapping readers, fairness off and on, instead of the run above.
    int starvationRounds = 0;
    int starvationReaders = 6;                  ///< --readers
    std::chrono::milliseconds starvationHold{30};   ///< --hold
    std::chrono::milliseconds starvationWait{8000}; ///< --writer-wait
    /// --tls N: TLS against plain TCP on one private server instead of the run above.
    int tlsRounds = 0;
    /// --watch: following a project, re-read every second against a LeaseWatch,
    /// with --n leases (default 100,000 and 1,000,000), instead of the run above.
    bool watch = false;
    /// --exporter: what `treelock exporter` costs the server, on --projects
    /// projects (default 100) of --n leases (default 1,000), instead of the run above.
    bool exporter = false;
};

/// Parses argv. Returns nullopt and fills `message` for --help (exitCode 0)
/// or a usage error (exitCode 2).
struct ParseOutcome {
    std::optional<BenchOptions> options;
    std::string message;
    int exitCode = 0;
};
ParseOutcome parseOptions(int argc, char** argv);

/// The --help text.
std::string usage();

/// Every option parseOptions accepts ("--json" also as "--json=FILE"); anything
/// else starting with '-' is refused.
const std::vector<std::string>& knownOptions();

} // namespace treelock::bench
