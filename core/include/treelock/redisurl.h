#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace treelock {

/// The most replicas RedisOptions::minReplicas may ask for.
inline constexpr int kMaxMinReplicas = 64;
/// The longest RedisOptions::replicaTimeout, in milliseconds (one minute).
inline constexpr std::chrono::milliseconds kMaxReplicaTimeout{60000};

/// Where and how to reach Redis.
struct RedisOptions {
    /// "redis://[user:password@]host[:port][/db]", "unix:///path/to.sock[?db=N]", or
    /// "redis+sentinel://[user:password@]host[:port][,host[:port]...]/MASTER[/db]", or
    /// "redis+cluster://[user:password@]host[:port][,host[:port]...]".
    std::string url = "redis://127.0.0.1:6379";
    std::chrono::milliseconds connectTimeout{2000};
    std::chrono::milliseconds commandTimeout{5000};
    /// Credentials that override the URL's (e.g. from TREELOCK_REDIS_USER /
    /// TREELOCK_REDIS_PASSWORD). Never printed or logged.
    std::string user;
    std::string password;
    /// Sentinel and Cluster: how long a call keeps looking for the primary that
    /// serves it (asking the sentinels, or reading the slot map again, and
    /// retrying TRYAGAIN and CLUSTERDOWN) before it fails. A failover on
    /// default settings takes 5–30 s.
    std::chrono::milliseconds failoverTimeout{15000};
    /// Replicas that must acknowledge a grant or renewal (WAIT) before it counts;
    /// 0 (the default) does not wait. A grant fewer replicas acknowledge within
    /// replicaTimeout is released again and the call throws ReplicationError.
    /// 0 to kMaxMinReplicas; replicaTimeout 1 ms to kMaxReplicaTimeout.
    int minReplicas = 0;
    std::chrono::milliseconds replicaTimeout{100};
};

/// One Redis server reached over TCP.
struct HostPort {
    std::string host;
    int port = 0;
    /// "host:port", with [ ] around an IPv6 host.
    std::string text() const;
    friend bool operator==(const HostPort&, const HostPort&) = default;
};

/// A parsed Redis URL. Throws InvalidInput naming the URL (password hidden)
/// and the rule it breaks. Understood forms:
///   redis://[[user]:password@]host[:port][/db]   host may be [IPv6]
///   unix:///absolute/path.sock[?db=N]
///   redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/MASTER[/db]
///       (sentinels, default port 26379; the credentials are the data nodes')
///   redis+cluster://[[user]:password@]host[:port][,host[:port]...]
///       (any nodes of a Redis Cluster, default port 6379; db is always 0)
/// User and password may be %-escaped. rediss:// (TLS) is refused.
struct RedisAddress {
    bool unixSocket = false;
    std::string host;       ///< host name, or socket path when unixSocket; empty for Sentinel
    int port = 6379;
    int db = 0;
    std::string user;
    std::string password;
    /// Sentinel: the sentinels to ask (at least one) and the name they monitor the
    /// primary under. Empty for a single server.
    std::vector<HostPort> sentinels;
    std::string masterName;
    /// Redis Cluster: nodes to learn the slot map from (at least one). Empty otherwise.
    std::vector<HostPort> clusterNodes;

    bool isSentinel() const noexcept { return !sentinels.empty(); }
    bool isCluster() const noexcept { return !clusterNodes.empty(); }
    /// The same credentials and db on the server at `node` (a primary found by Sentinel).
    RedisAddress at(const HostPort& node) const;
    /// A sentinel of this address: no credentials, no db.
    static RedisAddress sentinel(const HostPort& node);

    static RedisAddress parse(const std::string& url);
    /// options.url parsed, with options.user / options.password (when set)
    /// in place of the URL's.
    static RedisAddress of(const RedisOptions& options);
    /// The URL with the password replaced by "***" (safe to show).
    std::string redacted() const;
};

} // namespace treelock
