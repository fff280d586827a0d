#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace treelock {

/// The most replicas RedisOptions::minReplicas may ask for.
inline constexpr int kMaxMinReplicas = 64;
/// The longest RedisOptions::replicaTimeout, in milliseconds (one minute).
inline constexpr std::chrono::milliseconds kMaxReplicaTimeout{60000};

/// How a rediss:// connection proves the server and itself. Every file is PEM
/// and read when a connection is made; a missing or unreadable one is
/// InvalidInput naming it. By default the server's certificate chain is
/// verified against the system's CA store and its name (DNS or IP SAN) against
/// the host connected to, with TLS 1.2 or later.
struct TlsOptions {
    std::string caFile;     ///< CAs to trust instead of the system's (redis-cli --cacert)
    std::string caDir;      ///< a folder of hashed CA files (--cacertdir; `openssl rehash`)
    std::string certFile;   ///< a client certificate, for servers that ask for one (--cert)
    std::string keyFile;    ///< its private key (--key); never printed
    /// The name sent in the handshake (SNI) and looked for in the server's
    /// certificate; empty: the host connected to (--sni).
    std::string serverName;
    /// Skip every verification of the server (--insecure): encrypted, but to
    /// whoever answers. Tools warn on stderr each time it is used.
    bool insecure = false;

    /// Whether anything differs from the defaults.
    bool given() const noexcept;
    friend bool operator==(const TlsOptions&, const TlsOptions&) = default;
};

/// Where and how to reach Redis.
struct RedisOptions {
    /// "redis://[user:password@]host[:port][/db]", "unix:///path/to.sock[?db=N]", or
    /// "redis+sentinel://[user:password@]host[:port][,host[:port]...]/MASTER[/db]", or
    /// "redis+cluster://[user:password@]host[:port][,host[:port]...]"; "rediss" in
    /// place of "redis" for TLS (to the sentinels and the data nodes alike).
    std::string url = "redis://127.0.0.1:6379";
    std::chrono::milliseconds connectTimeout{2000};
    std::chrono::milliseconds commandTimeout{5000};
    /// Credentials that override the URL's (e.g. from TREELOCK_REDIS_USER /
    /// TREELOCK_REDIS_PASSWORD). Never printed or logged.
    std::string user;
    std::string password;
    /// Sentinel: the sentinels' own credentials, when they have any (they
    /// override the URL's ?sentinel_user= and ?sentinel_password=). Never printed.
    std::string sentinelUser;
    std::string sentinelPassword;
    /// rediss:// URLs: CA, client certificate, name to verify. Giving any of
    /// these with a URL without TLS is InvalidInput.
    TlsOptions tls;
    /// Sentinel and Cluster: how long a call keeps looking for the primary that
    /// serves it (asking the sentinels, or reading the slot map again, and
    /// retrying TRYAGAIN and CLUSTERDOWN) before it fails. A failover on
    /// default settings takes 5–30 s.
    std::chrono::milliseconds failoverTimeout{15000};
    /// Replicas that must acknowledge a grant, renewal or release (WAIT) before it
    /// counts; 0 (the default) does not wait. A grant fewer replicas acknowledge
    /// within replicaTimeout is released again and the call throws
    /// ReplicationError; a release is sent again until enough do (a failover
    /// would bring an unacknowledged release's lease back), or failoverTimeout.
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
///                    [?sentinel_user=U&sentinel_password=P]
///       (sentinels, default port 26379; the credentials before @ are the data
///       nodes', the query's the sentinels')
///   redis+cluster://[[user]:password@]host[:port][,host[:port]...]
///       (any nodes of a Redis Cluster, default port 6379; db is always 0)
/// and rediss://, rediss+sentinel://, rediss+cluster:// for the same over TLS.
/// User and password may be %-escaped.
struct RedisAddress {
    bool unixSocket = false;
    std::string host;       ///< host name, or socket path when unixSocket; empty for Sentinel
    int port = 6379;
    int db = 0;
    std::string user;
    std::string password;
    /// Every connection, to sentinels and cluster nodes too, is TLS.
    bool tls = false;
    TlsOptions tlsOptions;
    /// Sentinel: the sentinels' own credentials (empty: none).
    std::string sentinelUser;
    std::string sentinelPassword;
    /// Sentinel: the sentinels to ask (at least one) and the name they monitor the
    /// primary under. Empty for a single server.
    std::vector<HostPort> sentinels;
    std::string masterName;
    /// Redis Cluster: nodes to learn the slot map from (at least one). Empty otherwise.
    std::vector<HostPort> clusterNodes;

    bool isSentinel() const noexcept { return !sentinels.empty(); }
    bool isCluster() const noexcept { return !clusterNodes.empty(); }
    /// The same credentials, db and TLS on the server at `node` (a primary
    /// found by Sentinel, a cluster node).
    RedisAddress at(const HostPort& node) const;
    /// The sentinel at `node`: the sentinels' credentials, no db, the same TLS.
    RedisAddress sentinelAt(const HostPort& node) const;
    /// The server at `node` with this address's TLS and no credentials (probes).
    RedisAddress bare(const HostPort& node) const;

    static RedisAddress parse(const std::string& url);
    /// options.url parsed, with options.user / options.password and the
    /// sentinel credentials (when set) in place of the URL's, and options.tls.
    /// Throws InvalidInput for TLS options on a URL without TLS.
    static RedisAddress of(const RedisOptions& options);
    /// The URL with the password replaced by "***" (safe to show).
    std::string redacted() const;
};

} // namespace treelock
