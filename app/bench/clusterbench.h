#pragma once

#include "benchoptions.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace treelock::bench {

/// One measured point of `treelock-bench --cluster`: client threads taking and
/// releasing a depth-3 X lock, each in turn in the projects it was given, for
/// `BenchOptions::duration`, on a private Redis Cluster of 1 or 3 primaries.
struct ClusterPoint {
    int primaries = 1;
    int connections = 1;      ///< client threads (each with one engine per project it uses)
    int round = 0;            ///< 1..reps
    double pairsPerSec = 0;
    double busiestPrimaryCores = 0; ///< CPU time / wall time of the busiest primary
    double primariesCores = 0;      ///< the same summed over every primary
    double clientCores = 0;         ///< of this process (every client thread)
    long long errors = 0;
};

struct ClusterResults {
    std::string commandLine;
    std::string redisVersion;
    int projects = 0;
    int cores = 0;            ///< CPUs this process may use
    std::vector<ClusterPoint> points;
};

/// The connection counts measured, ascending.
std::vector<int> clusterConnections(const ClusterResults& results);
/// The points of one (primaries, connections) cell, and the one with the
/// median pairs/s among them (nullptr for an empty cell).
std::vector<const ClusterPoint*> clusterCell(const ClusterResults& results, int primaries, int connections);
const ClusterPoint* clusterMedian(std::vector<const ClusterPoint*> cell);

/// What limited one (primaries, connections) cell, judged from its CPU use:
/// "cpu" (the machine's cores were all busy), "primary" (the busiest primary
/// used a whole core) or "latency" (neither: too few calls in flight).
std::string clusterLimit(const ClusterPoint& point, int cores);

/// Starts a cluster of one primary and one of three (private, loopback),
/// spreads `options.clusterProjects` projects over each, and measures every
/// (primaries, connections) cell `options.reps` times, interleaved. Progress
/// to `progress`. Throws std::runtime_error when a cluster cannot start.
ClusterResults runClusterBench(const BenchOptions& options, const std::string& commandLine, std::ostream& progress);

/// The table: per cell the median [min–max] pairs/s, the CPU use and the
/// limit, then the ratio of three primaries to one at each connection count.
void printCluster(std::ostream& out, const ClusterResults& results);

nlohmann::json clusterJson(const ClusterResults& results);

/// Two panels: pairs/s against connections (a series per cluster size) and
/// the CPU each cell used (primaries, client). PNG; Qt Charts offscreen.
void writeClusterPlot(const ClusterResults& results, const std::string& file);

} // namespace treelock::bench
