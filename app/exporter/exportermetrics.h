#pragma once

// What the exporter shows, as pure functions over plain data: the tallies kept
// from a project's events, the refusal counter kept from its contention table,
// and the metric families one scrape renders. No I/O here (projectexporter.h does it).

#include "treelock/engine.h"
#include "treelock/leasewatch.h"
#include "treelock/lockmode.h"
#include "treelock/redistopology.h"

#include <prometheus/metric_family.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace treelock::exporter {

/// Paths the contention metrics name per project, at most: the label set of
/// treelock_hot_path_* is bounded by this times the projects.
inline constexpr std::size_t kMaxHotPaths = 256;

/// What a project's events said since the exporter began to follow it, and
/// what its leases are now, as the follower's LeaseWatch has them.
struct ProjectTally {
    std::uint64_t grants = 0;        ///< grant events read
    std::uint64_t releases = 0;      ///< release events read
    std::uint64_t forced = 0;        ///< force events read
    std::uint64_t expiries = 0;      ///< expire events read: leases reaped after their expiry
    std::uint64_t vanished = 0;      ///< gone without an event saying why (a list did not find them)
    std::array<std::uint64_t, kRelistReasons> relists{}; ///< lists begun, by RelistReason
    std::uint64_t errors = 0;        ///< polls that failed (the server could not be reached)
    bool synced = false;             ///< the first list has ended
    std::size_t leases = 0;          ///< live or revoked leases in the view
    /// Leases by their strongest request mode (index: LockMode).
    std::array<std::size_t, kAllModes.size()> leasesByMode{};
    std::optional<ServerTime> oldestCreated; ///< the oldest lease's grant, when there is one
};

/// Counts the vanished leases among one poll's changes. O(deltas).
void applyDeltas(ProjectTally& tally, const std::vector<LeaseDelta>& deltas);

/// Takes the counts of events the watch read (grants, releases, expiries,
/// force-releases) and its lists by reason. Events, not the view: a lease
/// granted and released, or expired, between two polls never shows in the
/// view. O(1).
void applyStats(ProjectTally& tally, const WatchStats& stats);

/// Sets the tally's view figures (leases, by mode, the oldest) from `leases`. O(leases).
void applyView(ProjectTally& tally, const std::unordered_map<LeaseId, LeaseInfo>& leases);

/// The strongest mode among a lease's requests (X over SIX over S over IX over IS).
LockMode strongestMode(const LeaseInfo& lease);

/// The refusals the contention table counted since the last read, as a
/// monotonic counter: for each path, its `total` minus the total `seen` had for
/// it (all of it for a path new to the table, or one whose total went down: it
/// left the table and came back). `seen` becomes the table's totals. Refusals
/// on a path that entered and left the table between two reads, or on paths
/// beyond the 256 the table keeps, are not counted. O(paths).
std::uint64_t refusalsSince(std::unordered_map<std::string, std::int64_t>& seen, const std::vector<HotPath>& table);

/// One project at one scrape.
struct ProjectScrape {
    std::string name;
    ProjectTally tally;
    ProjectInfo counts;               ///< leases and expired ones on the server's clock
    ServerTime now{};                 ///< the server's time at the waiters read
    std::vector<WaiterInfo> waiters;
    std::vector<HotPath> hotPaths;    ///< hottest first, at most the --hot-paths asked for
    std::uint64_t refusals = 0;       ///< refusalsSince, summed over the scrapes after the project's first
};

/// A primary and its replicas, for Sentinel or Redis Cluster.
struct ShardScrape {
    std::string primary;              ///< "host:port"
    std::string slots;                ///< Redis Cluster: its slot ranges; empty behind Sentinel
    std::vector<ReplicaStatus> replicas;
};

/// Everything one scrape renders.
struct Scrape {
    bool up = false;                  ///< every Redis read of this scrape answered
    std::chrono::duration<double> duration{0};
    std::uint64_t errors = 0;         ///< scrapes that could not read Redis, since start
    std::chrono::system_clock::time_point started{};
    std::string redis;                ///< the server read, as its URL without password
    std::vector<ProjectScrape> projects;
    std::vector<ShardScrape> shards;  ///< empty on a single server
    std::uint64_t failovers = 0;      ///< primaries seen to change between scrapes, since start
};

/// The metric families of a scrape, in a fixed order, each documented in
/// docs/monitoring.md. A project appears in none when it is not in `scrape`.
/// O(projects x (hot paths + waiters) + replicas).
std::vector<prometheus::MetricFamily> metricFamilies(const Scrape& scrape);

} // namespace treelock::exporter
