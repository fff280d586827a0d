#pragma once

#include "treelock/redisserverprocess.h"
#include "treelock/redisurl.h"

#include <csignal>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace treelock {

/// A private Sentinel-managed Redis: one primary, its replicas and the sentinels
/// that watch them, all on loopback ports in temporary folders.
struct SentinelGroupConfig {
    /// The name the sentinels monitor the primary under (the URL's MASTER).
    std::string masterName = "treelock";
    int replicas = 1;
    int sentinels = 3;
    /// Sentinels that must agree the primary is down before a failover.
    int quorum = 2;
    /// How long the primary may be silent before a sentinel thinks it down.
    std::chrono::milliseconds downAfter{1000};
    /// Sentinel's failover-timeout: also the least time between two failovers
    /// of the same primary (twice this).
    std::chrono::milliseconds failoverTimeout{2000};
    /// How long the constructor waits for every sentinel to see the replicas
    /// and the other sentinels.
    std::chrono::milliseconds readyTimeout{30000};
    std::string executable = "redis-server";
    std::string folderPrefix = "treelock-ha";
    /// As RedisServerConfig::parentDeathSignal, for every process: by default
    /// they are sent SIGTERM when the thread that started them ends, so an
    /// interrupted program (Ctrl-C, a killed test) leaves no server behind.
    int parentDeathSignal = SIGTERM;
    /// TLS on every node and sentinel, replication included (url() is then
    /// rediss+sentinel://; connect with tls.clientOptions()).
    RedisServerTls tls;
    /// A password of the sentinels' own (requirepass; they give it to each other).
    std::string sentinelPassword;
};

/// Starts and stops a SentinelGroupConfig's processes. Qt-free; one thread at a
/// time. Node 0 is the first primary; after a failover, primaryIndex() tells.
class SentinelGroup {
public:
    /// Starts the nodes, then the sentinels, and waits until they are healthy
    /// (waitHealthy) within SentinelGroupConfig::readyTimeout.
    /// Throws std::runtime_error naming what did not come up.
    explicit SentinelGroup(SentinelGroupConfig config = {});
    /// Stops every process and removes their folders.
    ~SentinelGroup();
    SentinelGroup(const SentinelGroup&) = delete;
    SentinelGroup& operator=(const SentinelGroup&) = delete;

    /// "redis+sentinel://127.0.0.1:P1,127.0.0.1:P2,.../MASTER" ("rediss+sentinel"
    /// with TLS; the sentinel password, if any, is not in it).
    std::string url() const;
    const SentinelGroupConfig& config() const noexcept { return m_config; }
    /// Data node `i` (0 is the first primary) and sentinel `i`.
    RedisServerProcess& node(std::size_t i) { return *m_nodes.at(i); }
    RedisServerProcess& sentinel(std::size_t i) { return *m_sentinels.at(i); }
    std::size_t nodeCount() const noexcept { return m_nodes.size(); }
    std::size_t sentinelCount() const noexcept { return m_sentinels.size(); }
    /// The index of the running node whose ROLE is "master", or -1.
    int primaryIndex();
    /// The node's address on loopback.
    HostPort address(std::size_t i) const;
    /// The primary as the sentinels name it now (first sentinel that answers).
    HostPort sentinelsPrimary() const;
    /// Stalls replica `i` (SIGSTOP) and queues 32 MiB on the primary ahead of
    /// whatever is written next, more than the kernel buffers of the link hold:
    /// the next writes cannot reach the replica before resumeReplica(), and are
    /// lost for good if the primary dies first. A network partition, on loopback.
    void holdBackReplica(std::size_t i);
    /// Resumes replica `i` (SIGCONT).
    void resumeReplica(std::size_t i);
    /// SENTINEL FAILOVER on the first sentinel that accepts it. Throws
    /// std::runtime_error with the sentinels' answers when none does.
    void failover();
    /// Waits until the sentinels name a primary other than `old` that answers
    /// ROLE as "master"; returns it. Throws std::runtime_error after `timeout`.
    HostPort waitForNewPrimary(const HostPort& old, std::chrono::milliseconds timeout);
    /// The unclean failover, whole: waits until the sentinels would start another
    /// failover (twice their failover-timeout after the last one this object
    /// caused), kills the primary (SIGKILL), resumes replicas held back, waits
    /// for a new primary, starts the killed node again (it rejoins empty, as a
    /// replica) and waits until the group is healthy. Returns the new primary,
    /// and in `promotedAfter` (when given) the time from the kill to its promotion.
    /// Throws std::runtime_error after `timeout` at any stage.
    HostPort killPrimary(std::chrono::milliseconds timeout, std::chrono::milliseconds* promotedAfter = nullptr);
    /// Waits until one node is the primary, every other running node replicates
    /// it with its link up, and every sentinel names it and knows all replicas
    /// and sentinels (after a restarted node rejoined, say). Throws
    /// std::runtime_error saying what is missing after `timeout`.
    void waitHealthy(std::chrono::milliseconds timeout);
    /// The server at `node`, over TLS when the group uses it, without credentials.
    RedisAddress reach(const HostPort& node) const;
    /// The sentinel at `node`, with the sentinels' password.
    RedisAddress reachSentinel(const HostPort& node) const;

private:
    SentinelGroupConfig m_config;
    std::chrono::steady_clock::time_point m_lastFailover{};
    std::vector<std::size_t> m_heldBack; ///< replicas paused by holdBackReplica()
    std::vector<std::unique_ptr<RedisServerProcess>> m_nodes;     // Owned.
    std::vector<std::unique_ptr<RedisServerProcess>> m_sentinels; // Owned.
};

} // namespace treelock
