#pragma once

#include "redis/redisconnection.h"
#include "treelock/error.h"
#include "treelock/redisurl.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace treelock::detail {

/// Redis Cluster's 16,384 hash slots.
inline constexpr int kClusterSlots = 16384;

/// The slot of `key`: CRC16 (XMODEM) of the key, or of the text between its
/// first '{' and the next '}' when that text is not empty, modulo 16,384.
int hashSlot(std::string_view key);

/// No node of the URL (nor any node learnt from one) answered: a set-up or
/// network problem, not a failover in progress.
class NoClusterNodeReachable : public ConnectionError {
public:
    using ConnectionError::ConnectionError;
};

/// A redirection in an error reply: "MOVED 3999 127.0.0.1:6381" or "ASK ...".
struct Redirect {
    enum class Kind { Moved, Ask };
    Kind kind = Kind::Moved;
    int slot = 0;
    HostPort node;
};
/// The redirection `errorText` names, if it is one.
std::optional<Redirect> redirectIn(std::string_view errorText);
/// TRYAGAIN (keys of a slot half-way through a migration) or CLUSTERDOWN (no
/// node serves the slot now, as during a failover): the call did not run, and
/// may be sent again after a pause.
bool isRetryLater(std::string_view errorText);

/// An error reply that a Redis Cluster client handles by itself (a redirection,
/// TRYAGAIN, CLUSTERDOWN), thrown by readers that do not return raw replies.
class ClusterReplyError : public ScriptError {
public:
    explicit ClusterReplyError(std::string reply) : ScriptError(reply), text(std::move(reply)) {}
    std::string text;
};
/// Whether an error reply is one a Redis Cluster client handles (see above).
inline bool isClusterReply(std::string_view errorText)
{
    return redirectIn(errorText).has_value() || isRetryLater(errorText);
}

/// Throws InvalidInput when the server behind `connection`, reached with a
/// plain URL, is a Redis Cluster node (it would show one shard as if it were
/// all). A user without the right to INFO is let through.
void refuseClusterNode(RedisConnection& connection);

/// One primary and the slots it serves, with its replicas (CLUSTER SLOTS).
struct ClusterShard {
    HostPort primary;
    std::string id;                              ///< the primary's node id
    std::vector<std::pair<int, int>> ranges;     ///< first..last slot, inclusive
    std::vector<HostPort> replicas;
};

/// The shards in a CLUSTER SLOTS reply, one per primary, by address. A node
/// without an address in the reply (an empty host) is `asked`.
std::vector<ClusterShard> parseClusterSlots(const redis::Reply& reply, const HostPort& asked);

/// The slot map of a Redis Cluster, as the nodes report it.
///
/// primaryFor() answers from the map it has, reading it first when it has none
/// (CLUSTER SLOTS from the URL's nodes in turn, then from any node learnt
/// since). moved() notes a MOVED redirection and marks the map stale, so the
/// next primaryFor() reads it again. Thread-safe: one map serves an engine's
/// connections and its wake-ups.
class ClusterMap {
public:
    ClusterMap(RedisAddress address, std::chrono::milliseconds connectTimeout,
               std::chrono::milliseconds commandTimeout);

    /// The primary serving `slot` (with the URL's credentials). Throws
    /// NoClusterNodeReachable when no node answers, ConnectionError naming the
    /// slot when the nodes that answer assign it to nobody.
    RedisAddress primaryFor(int slot);
    /// The primary primaryFor() last named for `slot`, if any.
    std::optional<HostPort> lastPrimaryFor(int slot) const;
    /// Reads the map again from the nodes. Throws as primaryFor().
    void refresh();
    /// The next primaryFor() reads the map again (a node stopped answering).
    void markStale();
    /// Notes a MOVED: `slot` is served by `node`; the map is read again next.
    void moved(int slot, const HostPort& node);
    /// The shards as the map was read last (read now when stale). Throws as primaryFor().
    std::vector<ClusterShard> shards();
    const RedisAddress& address() const noexcept { return m_address; }

private:
    /// Caller holds m_mutex.
    void refreshLocked();
    void refreshIfStaleLocked();

    RedisAddress m_address;
    std::chrono::milliseconds m_connectTimeout;
    std::chrono::milliseconds m_commandTimeout;
    mutable std::mutex m_mutex; ///< guards everything below
    std::vector<ClusterShard> m_shards;
    std::vector<HostPort> m_known; ///< seeds first, then every node learnt
    std::array<std::int16_t, kClusterSlots> m_owner{}; ///< index into m_shards, -1 for none
    bool m_stale = true;
    std::optional<HostPort> m_lastAsked; ///< the node that answered last
};

} // namespace treelock::detail
