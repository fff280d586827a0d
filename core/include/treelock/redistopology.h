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

/// Who serves a project: the primary, its replicas, and for Sentinel the
/// sentinels' views. Read by `treelock topology` and Studio's status bar.
struct Topology {
    enum class Kind { Standalone, Sentinel };
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
};

/// Reads the topology behind `options`: asks every sentinel (Sentinel URLs),
/// then INFO replication and ROLE on the primary. Behind Sentinel a primary that
/// cannot be reached is reported in Topology::primaryError; a single server that
/// cannot be reached throws ConnectionError. InvalidInput for a bad URL. Cost: one short
/// connection per sentinel and one to the primary; for operators, not a hot path.
Topology readTopology(const RedisOptions& options);

/// Parses the "slaveN:ip=...,port=...,state=...,offset=...,lag=..." lines and
/// master_repl_offset of an INFO replication text.
std::vector<ReplicaStatus> parseReplicas(const std::string& infoReplication, std::int64_t* primaryOffset = nullptr);

} // namespace treelock
