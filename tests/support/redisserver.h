#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace treelock::test {

/// A throwaway redis-server for one test: started on a Unix socket (and, if
/// asked, a free TCP port on 127.0.0.1) in a fresh temporary folder, stopped
/// and removed by the destructor. Throws std::runtime_error when it cannot
/// start, so tests fail rather than skip.
class RedisServer {
public:
    struct Options {
        bool tcp = false;             ///< also listen on a free loopback port
        bool appendOnly = false;      ///< AOF with appendfsync everysec
        std::vector<std::string> extraConfig; ///< lines appended to redis.conf
    };

    RedisServer();
    explicit RedisServer(Options options);
    ~RedisServer();
    RedisServer(const RedisServer&) = delete;
    RedisServer& operator=(const RedisServer&) = delete;

    /// "unix:///tmp/.../redis.sock"
    std::string url() const;
    /// "redis://127.0.0.1:PORT" (only with Options::tcp)
    std::string tcpUrl() const;
    const std::string& socketPath() const { return m_socket; }
    const std::string& directory() const { return m_dir; }
    int port() const { return m_port; }
    int pid() const { return m_pid; }

    /// SIGKILL (crash) or SIGTERM (clean shutdown, writes AOF) the server.
    void stop(bool crash = false);
    /// Starts it again in the same folder, on the same socket and port.
    void start();
    /// stop + start.
    void restart(bool crash = false);
    /// Runs a command through redis-cli and returns its output (for tests).
    std::string cli(const std::vector<std::string>& args) const;

private:
    void writeConfig();
    void waitReady(std::chrono::milliseconds timeout);

    Options m_options;
    std::string m_dir;
    std::string m_socket;
    int m_port = 0;
    int m_pid = -1;
};

/// Finds a free TCP port on 127.0.0.1.
int freeTcpPort();

} // namespace treelock::test
