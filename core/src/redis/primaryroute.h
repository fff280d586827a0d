#pragma once

#include "redis/redisconnection.h"
#include "treelock/error.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"
#include "treelock/redisurl.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace treelock::detail {

class ClusterMap;
class ScriptRegistry;
class SentinelLocator;

/// Where RedisEngine's calls go, and how they are retried when the server
/// they reached cannot run them or their answer is lost: a single server as it
/// is, the primary the sentinels name (following their announcements), or the
/// node that serves the project's hash slot on a Redis Cluster (following MOVED
/// and ASK). A call is sent again when it did not run (no connection, "not the
/// primary", LOADING, a redirection, TRYAGAIN, CLUSTERDOWN) and when its answer
/// was lost (the connection failed or timed out once it was sent): every call
/// sent through a route must therefore be safe to repeat, as the reads are and
/// as the library's verbs are with a call id (docs/protocol.md, "Repeating a
/// call"). A first connection that fails before anything was sent to a single
/// server fails at once, as does a refusal of credentials or certificates.
/// Pauses run from 25 ms, doubling to 400 ms, within the failover timeout; when
/// it ends with an answer lost, ConnectionError says the outcome is unknown.
/// Not thread-safe: the engine's mutex guards it, its connection and its scripts.
class PrimaryRoute {
public:
    /// Makes `connection` find the primary (Sentinel) or the slot's owner
    /// (Cluster) on every connect, and starts following the sentinels.
    /// `connection` and `scripts` (not owned) must outlive the route.
    PrimaryRoute(const RedisAddress& address, const std::string& project, const redis::KeySchema& keys,
                 RedisConnection& connection, ScriptRegistry& scripts, std::chrono::milliseconds connectTimeout,
                 std::chrono::milliseconds commandTimeout, std::chrono::milliseconds failoverTimeout);
    ~PrimaryRoute();
    PrimaryRoute(const PrimaryRoute&) = delete;
    PrimaryRoute& operator=(const PrimaryRoute&) = delete;

    /// Runs `send` on the primary and returns what it returns. Behind Sentinel
    /// and on a cluster, a Reply that is an error saying the call did not run
    /// is retried as the class says; so is a ClusterReplyError thrown by `send`
    /// (any other one becomes ScriptError). Throws ConnectionError when no
    /// primary answered within the failover timeout.
    template <class Send>
    auto run(Send&& send) -> std::invoke_result_t<Send&>
    {
        using Result = std::invoke_result_t<Send&>;
        if constexpr (std::is_same_v<Result, redis::Reply>) {
            return runReply([&] { return send(); });
        } else {
            std::optional<Result> result;
            runReply([&] {
                result.emplace(send());
                return redis::Reply{};
            });
            return std::move(*result);
        }
    }

    /// The Sentinel locator (not owned by the caller), or nullptr off Sentinel.
    SentinelLocator* locator() const noexcept { return m_locator.get(); }
    /// The cluster's slot map (not owned by the caller), or nullptr off a cluster.
    ClusterMap* cluster() const noexcept { return m_cluster.get(); }
    /// The project's hash slot (Redis Cluster; 0 otherwise).
    int slot() const noexcept { return m_slot; }
    /// Redirections counted so far. Any thread.
    ClusterRedirects redirects() const noexcept;
    /// How many times the last run() sent its call again after its answer was lost.
    int repeats() const noexcept { return m_repeats; }

private:
    redis::Reply runReply(const std::function<redis::Reply()>& send);
    redis::Reply onServer(const std::function<redis::Reply()>& send);
    /// After `send` threw `error` once the call was sent (called from the handler
    /// of `error`): rethrows a refusal of credentials or certificates; else counts
    /// a repeat and pauses, and throws ConnectionError (outcome unknown) once
    /// `deadline` has passed.
    void answerLost(const ConnectionError& error, int attempt, std::chrono::steady_clock::time_point deadline);
    redis::Reply onSentinelPrimary(const std::function<redis::Reply()>& send);
    redis::Reply onSlotOwner(const std::function<redis::Reply()>& send);

    RedisAddress m_address;
    std::string m_project;
    RedisConnection& m_connection; // Not owned.
    ScriptRegistry& m_scripts;     // Not owned.
    std::chrono::milliseconds m_failoverTimeout;
    std::unique_ptr<SentinelLocator> m_locator; // Owned; Sentinel only.
    std::uint64_t m_connectedGeneration = 0;    ///< the locator's generation when the connection connected
    std::unique_ptr<ClusterMap> m_cluster;      // Owned; Redis Cluster only.
    int m_slot = 0;
    std::optional<HostPort> m_askTarget; ///< where an ASK sent the current call
    int m_repeats = 0;                   ///< of the current call, after a lost answer
    std::atomic<std::uint64_t> m_moved{0}, m_ask{0}, m_tryAgain{0};
};

} // namespace treelock::detail
