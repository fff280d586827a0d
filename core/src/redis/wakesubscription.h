#pragma once

#include "redis/cluster.h"
#include "redis/redisconnection.h"
#include "redis/sentinel.h"
#include "treelock/engine.h"
#include "treelock/redisprotocol.h"

#include <chrono>
#include <string>
#include <string_view>

namespace treelock::detail {

/// A project's wake-up channel, subscribed on a connection of its own (SUBSCRIBE,
/// or SSUBSCRIBE on a Redis Cluster, where it follows the channel's slot).
/// RedisEngine::subscribeWake hands these out; one thread at a time.
class WakeSubscription final : public WakeSignal {
public:
    /// `locator` (Sentinel) or `cluster` (Redis Cluster), not owned, must outlive the signal.
    WakeSubscription(const RedisAddress& address, std::chrono::milliseconds connectTimeout,
                     std::chrono::milliseconds commandTimeout, const redis::KeySchema& keys, SentinelLocator* locator,
                     ClusterMap* cluster);

    /// True on a message, and on a lost subscription (a spurious wake-up: the
    /// caller retries its acquire, which reports the connection problem).
    bool wait(std::chrono::steady_clock::time_point deadline) override;

private:
    void subscribe();

    RedisConnection m_connection;
    std::string m_channel;
    std::string_view m_subscribe; ///< SUBSCRIBE or SSUBSCRIBE
    ClusterMap* m_cluster;        ///< not owned; Redis Cluster only
};

} // namespace treelock::detail
