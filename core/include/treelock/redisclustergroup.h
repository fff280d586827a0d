#pragma once

#include "treelock/redisserverprocess.h"
#include "treelock/redisurl.h"

#include <chrono>
#include <csignal>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace treelock {

/// A private Redis Cluster: primaries, their replicas, all on loopback ports
/// in temporary folders.
struct ClusterGroupConfig {
    int primaries = 3;
    int replicasPerPrimary = 0;
    /// cluster-node-timeout: how long a primary may be silent before the
    /// others think it failed and a replica takes over.
    std::chrono::milliseconds nodeTimeout{1000};
    /// How long the constructor waits for every node to agree on the slot map.
    std::chrono::milliseconds readyTimeout{30000};
    std::string executable = "redis-server";
    /// Creates a cluster of three primaries or more (redis-cli --cluster create).
    /// Fewer primaries are joined by the group itself (CLUSTER ADDSLOTSRANGE, MEET, REPLICATE).
    std::string cliExecutable = "redis-cli";
    std::string folderPrefix = "treelock-cluster";
    /// TLS on every node, the cluster bus and MIGRATE included (tls-cluster yes;
    /// url() is then rediss+cluster://; connect with tls.clientOptions()).
    RedisServerTls tls;
    /// Pin node i to CPU cpus[i % size]; empty leaves them free.
    std::vector<int> cpus;
    /// As RedisServerConfig::parentDeathSignal, for every node.
    int parentDeathSignal = SIGTERM;
};

/// What ClusterGroup::migrateSlot did.
struct SlotMigration {
    int slot = 0;
    HostPort from;
    HostPort to;
    std::size_t keys = 0;    ///< keys moved with MIGRATE
    std::size_t batches = 0; ///< MIGRATE calls
    std::chrono::milliseconds took{0};
};

/// Starts and stops a ClusterGroupConfig's processes. Qt-free; one thread at a
/// time. Nodes 0 .. primaries-1 start as the primaries and the replicas follow;
/// redis-cli chooses which primary each replica serves (with fewer than three
/// primaries, node primaries + k replicates primary k % primaries). After a
/// failover, primaryFor() and primaries() tell who serves what.
class ClusterGroup {
public:
    /// Starts the nodes, makes them one cluster and waits until every node
    /// reports cluster_state:ok and the same slot map. Throws std::runtime_error
    /// naming what did not happen.
    explicit ClusterGroup(ClusterGroupConfig config = {});
    ~ClusterGroup();
    ClusterGroup(const ClusterGroup&) = delete;
    ClusterGroup& operator=(const ClusterGroup&) = delete;

    /// "redis+cluster://127.0.0.1:PORT" of node 0 only: clients learn the rest.
    std::string url() const;
    /// The same with every primary of the start as a seed.
    std::string urlWithAllPrimaries() const;
    const ClusterGroupConfig& config() const noexcept { return m_config; }
    std::size_t nodeCount() const noexcept { return m_nodes.size(); }
    RedisServerProcess& node(std::size_t i) { return *m_nodes.at(i); }
    HostPort address(std::size_t i) const;
    /// The index of the node at `address`; throws std::out_of_range if none.
    std::size_t indexOf(const HostPort& address) const;

    /// The node serving `slot` now, as a running node's CLUSTER SLOTS says.
    HostPort primaryFor(int slot);
    /// The primaries serving slots now, in slot order.
    std::vector<HostPort> primaries();
    /// The slot of every key of `project` ("tl:{project}:...").
    static int slotOf(const std::string& project);

    /// Moves `slot` from its primary to `to` as an operator does: IMPORTING on
    /// `to`, MIGRATING on the source, MIGRATE of `keysPerBatch` keys at a time
    /// (waiting `pause` between batches, so that clients meet the slot half-way),
    /// then SETSLOT NODE on every primary. Throws std::runtime_error.
    SlotMigration migrateSlot(int slot, const HostPort& to, int keysPerBatch = 1,
                              std::chrono::milliseconds pause = std::chrono::milliseconds(0));
    /// SIGKILL of the primary serving `slot`; returns once one of its replicas
    /// serves it, with the time that took. The killed node stays down.
    HostPort killPrimaryOf(int slot, std::chrono::milliseconds timeout,
                           std::chrono::milliseconds* promotedAfter = nullptr);
    /// Waits until every running node reports cluster_state:ok and they agree on
    /// who serves every slot. Throws std::runtime_error naming what is missing.
    void waitHealthy(std::chrono::milliseconds timeout);

private:
    void createWithCli();
    /// The node at `node`, over TLS when the group uses it, without credentials.
    RedisAddress reach(const HostPort& node) const;
    void createByHand();
    std::string nodeId(std::size_t i);

    ClusterGroupConfig m_config;
    std::vector<std::unique_ptr<RedisServerProcess>> m_nodes;
};

} // namespace treelock
