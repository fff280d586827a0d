#pragma once

#include "treelock/engine.h"
#include "treelock/redisurl.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace treelock {

namespace redis {
class KeySchema;
}

/// How often a Redis Cluster redirected an engine's calls or told them to wait.
struct ClusterRedirects {
    std::uint64_t moved = 0;    ///< MOVED: the slot lives on another primary now
    std::uint64_t ask = 0;      ///< ASK: the slot is migrating; its keys are on the importing node
    std::uint64_t tryAgain = 0; ///< TRYAGAIN, CLUSTERDOWN, or a node not serving: paused and retried
};

/// The engine on Redis: every verb is one function of the Treelock function library
/// (lua/library.lua), run atomically on server time (FCALL; the library is loaded
/// again on "Function not found"). One connection guarded by a mutex;
/// thread-safe. A dropped connection is re-established on the next call (the
/// call in flight throws ConnectionError: its outcome is unknown).
///
/// Behind Sentinel (a redis+sentinel:// URL) every connection asks the sentinels
/// for the primary and checks its ROLE; a call that cannot reach a primary, or is
/// answered READONLY / LOADING / MASTERDOWN, asks again until
/// RedisOptions::failoverTimeout, and a sentinel's "+switch-master" drops the
/// connection to the old primary before the next call. With
/// RedisOptions::minReplicas, a grant or renewal is followed by WAIT: see
/// ReplicationError.
///
/// On a Redis Cluster (a redis+cluster:// URL) the engine learns the slot map
/// and talks to the primary serving the project's slot; it follows MOVED and
/// ASK, and retries TRYAGAIN and CLUSTERDOWN until RedisOptions::failoverTimeout.
/// Wake-ups use sharded pub/sub on that slot.
class RedisEngine final : public Engine {
public:
    /// Connects, loads the scripts and checks the server's configuration
    /// (warnings()). Throws ConnectionError, InvalidInput (bad URL or project).
    RedisEngine(const RedisOptions& options, std::string project, PathOptions pathOptions = {});
    ~RedisEngine() override;
    RedisEngine(const RedisEngine&) = delete;
    RedisEngine& operator=(const RedisEngine&) = delete;

    const std::string& project() const noexcept override;
    std::string describe() const override;
    const PathOptions& pathOptions() const noexcept override;

    AcquireResult acquire(const std::vector<LockRequest>& requests,
                          const AcquireOptions& options) override;
    ReleaseResult release(const LeaseId& lease) override;
    RenewResult renew(const LeaseId& lease, std::optional<std::chrono::milliseconds> ttl) override;
    ReleaseResult forceRelease(const LeaseId& lease, const ForceOptions& options) override;
    std::size_t sweep(const std::string& by = {}, const std::string& host = {}) override;
    Snapshot snapshot() override;
    Snapshot waiters() override;
    FsckReport fsck(bool repair) override;
    std::vector<Event> events(const std::string& afterId, std::size_t max) override;
    EventLevel eventLevel() override;
    void setEventLevel(EventLevel level, const std::string& by, const std::string& host = {}) override;
    std::optional<std::chrono::milliseconds> fairnessGrace() override;
    void setFairnessGrace(std::optional<std::chrono::milliseconds> grace, const std::string& by,
                          const std::string& host = {}) override;
    bool cancelWait(const LeaseId& lease) override;
    std::vector<HotPath> contention(std::size_t top) override;
    ServerTime now() override;
    std::unique_ptr<WakeSignal> subscribeWake() override;
    std::vector<std::string> warnings() override;

    /// Raw node counts "<path>|<mode>" -> count (HGETALL; for tests and tools).
    std::vector<std::pair<std::string, std::int64_t>> nodeCounts();
    /// Every key of the project (SCAN; for tests and tools, never on a hot path).
    std::vector<std::string> projectKeys();
    /// Key prefix of the project: "tl:{project}:".
    std::string keyPrefix() const;
    /// The server the engine talks to: the Sentinel's current primary (after the
    /// first call), the Redis Cluster node serving the project's slot, the URL's
    /// host and port, or nothing for a Unix socket.
    std::optional<HostPort> primary() const;
    /// The project's hash slot on a Redis Cluster; nothing elsewhere.
    std::optional<int> slot() const;
    /// Redirections counted since the engine was made (all zero off a cluster).
    ClusterRedirects redirects() const noexcept;
    /// Every key of the project (treelock/redisprotocol.h).
    const redis::KeySchema& keys() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl; // Owned.
};

} // namespace treelock
