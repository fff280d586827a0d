#pragma once

#include "benchoptions.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace treelock::bench {

/// One failover of `treelock-bench --failover N`: the primary of a private
/// Sentinel set-up killed (SIGKILL) under a client that takes leases as fast as
/// it can, with or without --min-replicas, with the replica in step or held back
/// for the last 300 ms before the kill (a lagging replica).
struct FailoverRound {
    int round = 0;             ///< 1..N
    int minReplicas = 0;
    bool lagging = false;
    double promotedMs = 0;     ///< kill -> the sentinels name a new primary that answers ROLE master
    double answeredMs = 0;     ///< kill -> the client's first answered call (its engine found the new primary)
    long long granted = 0;     ///< grants the client was told of before the kill
    long long lost = 0;        ///< of those, missing on the new primary
    long long refused = 0;     ///< grants rolled back: too few replicas acknowledged (ReplicationError)
    long long errors = 0;      ///< calls that failed on the connection (outcome unknown)
};

struct FailoverResults {
    std::string commandLine;
    std::string redisVersion;
    std::vector<FailoverRound> rounds;
};

/// Runs `options.failoverRounds` rounds of each of the four cases, interleaved,
/// on a private primary, replica and three sentinels (loopback). Progress to
/// `progress`. Throws std::runtime_error when the set-up fails.
FailoverResults runFailoverBench(const BenchOptions& options, const std::string& commandLine, std::ostream& progress);

/// The table: one line per round, then per case the median and worst time to
/// the new primary and the grants lost and refused.
void printFailover(std::ostream& out, const FailoverResults& results);

nlohmann::json failoverJson(const FailoverResults& results);

/// Two panels: time from the kill to the new primary per round, and grants lost
/// per round, one series per case. PNG; Qt Charts offscreen. Throws when
/// unavailable (plot.h's plotAvailable()).
void writeFailoverPlot(const FailoverResults& results, const std::string& file);

} // namespace treelock::bench
