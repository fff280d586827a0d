#pragma once

#include "treelock/redisurl.h"

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace treelock {

/// TLS on a private server's TCP port (PEM files). With it the port speaks
/// only TLS ("port 0", "tls-port"), and so do replication and the cluster bus,
/// with the same certificate shown as a client (it must not be limited to
/// server use). The Unix socket, when there is one, stays plain.
struct RedisServerTls {
    std::string certFile;
    std::string keyFile;
    std::string caFile;       ///< the CAs it trusts for clients and peers
    bool authClients = false; ///< require a client certificate ("tls-auth-clients yes")

    bool enabled() const noexcept { return !certFile.empty(); }
    /// What a client gives to reach such a server: caFile as its CA, and the
    /// server's own certificate as its client certificate.
    TlsOptions clientOptions() const;
    /// The redis.conf lines.
    std::vector<std::string> configLines() const;
};

/// How to run one private redis-server. The defaults are Treelock's
/// requirements for a throwaway server: no persistence, no eviction.
struct RedisServerConfig {
    /// A name looked up on PATH (then /usr/sbin, /usr/local/bin), or a path.
    std::string executable = "redis-server";
    /// Where redis.conf, redis.log, the socket and any data go. Empty: a fresh
    /// "<temp>/<folderPrefix>-XXXXXX", removed when the process object goes.
    /// A given folder must exist and is left in place.
    std::string workingDirectory;
    std::string folderPrefix = "treelock-redis";
    /// Listen on "redis.sock" in the working directory.
    bool unixSocket = true;
    /// Listen on TCP at `bind`:`port` too; `port` 0 picks a free loopback port.
    bool tcp = false;
    int port = 0;
    std::string bind = "127.0.0.1";
    /// TLS on the TCP port (see RedisServerTls).
    RedisServerTls tls;
    /// AOF with appendfsync everysec (otherwise no persistence at all).
    bool appendOnly = false;
    /// Run as a Redis Sentinel (redis-server FILE --sentinel): needs `tcp`, and
    /// `extraConfig` names what it monitors ("sentinel monitor NAME HOST PORT Q",
    /// "sentinel down-after-milliseconds NAME MS"...). The data-node settings
    /// (persistence, eviction, socket) are left out of its configuration.
    bool sentinel = false;
    /// Lines appended to redis.conf as they are (ACL users, replicaof,
    /// latency-monitor-threshold...); later lines override earlier ones.
    std::vector<std::string> extraConfig;
    /// Pin the server to this CPU; -1 leaves it free.
    int cpu = -1;
    /// Signal the server gets when the thread that started it ends (so it
    /// never outlives a crashed parent); 0 for none.
    int parentDeathSignal = 0;
    /// How long start() waits for PING to be answered.
    std::chrono::milliseconds startTimeout{10000};
    /// How long stop() waits after SIGTERM before SIGKILL.
    std::chrono::milliseconds stopTimeout{10000};

    /// A member of a private Sentinel or Cluster group: TCP on a free loopback
    /// port and no socket, so the other members reach it by address.
    static RedisServerConfig groupMember(std::string executable, std::string folderPrefix, int parentDeathSignal);
};

/// One redis-server child process: writes its configuration, starts it,
/// waits until it answers PING (NOAUTH counts: the server is up), stops it
/// and removes its temporary folder. Qt-free; one thread at a time.
class RedisServerProcess {
public:
    /// Starts the server. Throws std::runtime_error naming the executable or
    /// quoting the end of the server's log when it cannot start.
    explicit RedisServerProcess(RedisServerConfig config);
    /// Stops the server (SIGTERM, then SIGKILL) and removes a temporary folder.
    ~RedisServerProcess();
    RedisServerProcess(const RedisServerProcess&) = delete;
    RedisServerProcess& operator=(const RedisServerProcess&) = delete;

    /// Starts it again (after stop()) in the same folder, on the same socket
    /// and port. Throws as the constructor.
    void start();
    /// SIGKILL (`crash`) or SIGTERM (a clean shutdown: the AOF is written,
    /// SIGKILL after RedisServerConfig::stopTimeout), then reaps it.
    void stop(bool crash = false) noexcept;
    void restart(bool crash = false);
    /// Whether the child is still running (reaps it if it ended).
    bool running() noexcept;

    /// unixUrl() with a socket, tcpUrl() otherwise.
    std::string url() const;
    /// "unix://<folder>/redis.sock"
    std::string unixUrl() const;
    /// "redis://127.0.0.1:PORT", "rediss://" with TLS (only with RedisServerConfig::tcp)
    std::string tcpUrl() const;
    /// Stops (SIGSTOP) or resumes (SIGCONT) the running server: a hung server
    /// for fault tests. A paused server is resumed before stop().
    void pause(bool paused) noexcept;
    const std::string& socketPath() const noexcept { return m_socket; }
    const std::string& directory() const noexcept { return m_dir; }
    int port() const noexcept { return m_port; }
    pid_t pid() const noexcept { return m_pid; }
    const RedisServerConfig& config() const noexcept { return m_config; }
    /// The last `lines` lines of redis.log.
    std::string logTail(int lines = 20) const;

private:
    void writeConfig() const;
    void waitReady();
    void removeFolder() noexcept;
    /// What the server wrote to stderr, then logTail().
    std::string startErrors() const;

    RedisServerConfig m_config;
    std::string m_executable; ///< resolved before fork
    std::string m_dir;
    std::string m_socket;
    int m_port = 0;
    pid_t m_pid = -1;
    bool m_ownsFolder = false;
};

/// A free TCP port on 127.0.0.1 (bound to port 0, then released).
/// Throws std::runtime_error.
int freeLoopbackPort();

/// `name` resolved on PATH, then in /usr/sbin and /usr/local/bin; a name
/// with a '/' is returned as it is. Empty if there is none.
std::string findExecutable(const std::string& name);

} // namespace treelock
