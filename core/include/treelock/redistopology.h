#pragma once

#include "treelock/redisurl.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace treelock {

/// A replica as its primary reports it (INFO replication).
struct ReplicaStatus {
    HostPort address;
    std::string state;            ///< "online", "wait_bgsave", "send_bulk"...
    std::int64_t offset = 0;      ///< replication offset the replica acknowledged
    std::int64_t bytesBehind = 0; ///< the primary's offset minus `offset`
    std::chrono::seconds lag{0};  ///< since the replica's last acknowledgement
};

/// A sentinel and what it believes.
struct SentinelStatus {
    HostPort address;
    bool reachable = false;
    std::string error;                 ///< why it could not be asked (when not reachable)
    std::optional<HostPort> primary;   ///< the primary it names
    std::string flags;                 ///< its flags for the primary ("master", "master,s_down"...)
    int replicas = 0;                  ///< replicas it knows
    int otherSentinels = 0;            ///< other sentinels it knows
};

/// A shard of a Redis Cluster: a primary, the slots it serves, its replicas.
struct ShardStatus {
    HostPort primary;
    std::string slotRanges;        ///< "0-5460", or ranges joined by commas
    int slotCount = 0;
    std::string error;             ///< why the primary could not be read (empty when it was)
    std::int64_t offset = 0;       ///< master_repl_offset
    std::vector<ReplicaStatus> replicas;
};

/// Who serves a project: the primary, its replicas, for Sentinel the sentinels'
/// views and for a Redis Cluster every shard. Read by `treelock topology` and
/// Studio's status bar.
struct Topology {
    enum class Kind { Standalone, Sentinel, Cluster };
    Kind kind = Kind::Standalone;
    std::string url;                   ///< the URL, password hidden
    std::string masterName;            ///< Sentinel: the name the sentinels use
    std::string primary;               ///< "host:port", or the socket path
    /// Sentinel: why no primary could be reached (empty when one was); the
    /// sentinels' views are there all the same.
    std::string primaryError;
    std::string role;                  ///< what the primary's ROLE says ("master")
    std::int64_t primaryOffset = 0;    ///< master_repl_offset
    std::vector<ReplicaStatus> replicas;
    std::vector<SentinelStatus> sentinels;
    /// Redis Cluster: the project's hash slot (-1 elsewhere) and every shard, in slot order.
    int slot = -1;
    std::vector<ShardStatus> shards;
};

/// Reads the topology behind `options`: asks every sentinel (Sentinel URLs),
/// then INFO replication and ROLE on the primary. Behind Sentinel a primary that
/// cannot be reached is reported in Topology::primaryError; a single server that
/// cannot be reached throws ConnectionError. On a Redis Cluster, reads the slot
/// map and every shard's primary; "the primary" is the one serving `project`'s
/// slot, and a shard whose primary cannot be read says why in its error.
/// InvalidInput for a bad URL or project. Cost: one short connection per
/// sentinel or shard and one to the primary; for operators, not a hot path.
Topology readTopology(const RedisOptions& options, const std::string& project = "default");

/// A project found on Redis: every project that has ever been granted a lock
/// has a fencing counter, which is what listProjects() looks for.
struct ProjectInfo {
    std::string name;
    std::int64_t leases = 0; ///< held leases, expired ones not yet reaped included
    std::int64_t expired = 0; ///< of those, the ones past their expiry on the server's clock
    std::string node;        ///< the primary serving it: "host:port", or the socket path
    int slot = -1;           ///< its hash slot on a Redis Cluster; -1 elsewhere
};

/// Every project on the primary, or on every primary of a Redis Cluster,
/// sorted by name. SCAN (never KEYS) for "tl:{*}:state", then TIME and, for
/// each project, ZCARD and ZCOUNT of its expiry index, pipelined. Throws
/// ConnectionError, InvalidInput.
std::vector<ProjectInfo> listProjects(const RedisOptions& options);

/// The projects among `names` that exist (have a state hash), sorted by name,
/// counted as listProjects() counts them, without a SCAN: per primary one TIME
/// and, pipelined, EXISTS, ZCARD and ZCOUNT per project. O(names x log leases)
/// on the server, whatever else it holds: for a follower that asks every few
/// seconds. With no names it still reaches the server (TIME, or a cluster's
/// slot map), so an empty answer means the server answered. Throws
/// ConnectionError, ScriptError (the server refused a command, NOAUTH),
/// InvalidInput (a bad project name).
std::vector<ProjectInfo> countProjects(const RedisOptions& options, const std::vector<std::string>& names);

/// Parses the "slaveN:ip=...,port=...,state=...,offset=...,lag=..." lines and
/// master_repl_offset of an INFO replication text.
std::vector<ReplicaStatus> parseReplicas(const std::string& infoReplication, std::int64_t* primaryOffset = nullptr);

} // namespace treelock
