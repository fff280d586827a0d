#pragma once

#include "treelock/redisserverprocess.h"

#include <string>
#include <vector>

namespace treelock::test {

/// A throwaway redis-server for one test (treelock::RedisServerProcess):
/// started on a Unix socket (and, if asked, a free TCP port on 127.0.0.1) in
/// a fresh temporary folder, killed with the test process, stopped and
/// removed by the destructor. Throws std::runtime_error when it cannot
/// start, so tests fail rather than skip.
class RedisServer {
public:
    struct Options {
        bool tcp = false;             ///< also listen on a free loopback port
        bool appendOnly = false;      ///< AOF with appendfsync everysec
        std::vector<std::string> extraConfig; ///< lines appended to redis.conf
        /// TLS on the TCP port (which then speaks only TLS); needs `tcp`.
        RedisServerTls tls;
    };

    RedisServer();
    explicit RedisServer(Options options);
    ~RedisServer();
    RedisServer(const RedisServer&) = delete;
    RedisServer& operator=(const RedisServer&) = delete;

    /// "unix:///tmp/.../redis.sock"
    std::string url() const { return m_process.unixUrl(); }
    /// "redis://127.0.0.1:PORT", "rediss://" with TLS (only with Options::tcp)
    std::string tcpUrl() const { return m_process.tcpUrl(); }
    const std::string& socketPath() const { return m_process.socketPath(); }
    const std::string& directory() const { return m_process.directory(); }
    int port() const { return m_process.port(); }
    int pid() const { return m_process.pid(); }

    /// SIGKILL (crash) or SIGTERM (clean shutdown, writes AOF) the server.
    void stop(bool crash = false) { m_process.stop(crash); }
    /// Starts it again in the same folder, on the same socket and port.
    void start() { m_process.start(); }
    /// stop + start.
    void restart(bool crash = false) { m_process.restart(crash); }
    /// Runs a command through redis-cli and returns its output (for tests).
    std::string cli(const std::vector<std::string>& args) const;

private:
    RedisServerProcess m_process;
};

/// Finds a free TCP port on 127.0.0.1.
inline int freeTcpPort() { return freeLoopbackPort(); }

} // namespace treelock::test
