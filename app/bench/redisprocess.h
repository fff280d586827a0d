#pragma once

#include <string>
#include <sys/types.h>

namespace treelock::bench {

/// A private redis-server for one benchmark run: a generated config in a
/// mkdtemp folder (Unix socket there, a free loopback TCP port, no
/// persistence, noeviction), optionally pinned to one CPU. Stopped (SIGTERM,
/// then SIGKILL) and its folder removed by the destructor.
class RedisProcess {
public:
    struct Options {
        std::string executable = "redis-server";
        int cpu = -1;            ///< pin the server to this CPU; -1: leave it free
    };

    /// Starts it and waits until it answers PING. Throws std::runtime_error
    /// with the server's log when it cannot start.
    explicit RedisProcess(Options options);
    ~RedisProcess();
    RedisProcess(const RedisProcess&) = delete;
    RedisProcess& operator=(const RedisProcess&) = delete;

    std::string tcpUrl() const;      ///< "redis://127.0.0.1:PORT"
    std::string unixUrl() const;     ///< "unix:///tmp/treelock-bench-XXXXXX/redis.sock"
    pid_t pid() const noexcept { return m_pid; }
    int cpu() const noexcept { return m_options.cpu; }

private:
    void stop() noexcept;
    std::string logTail() const;

    Options m_options;
    std::string m_dir;
    std::string m_socket;
    int m_port = 0;
    pid_t m_pid = -1;
};

/// A free TCP port on 127.0.0.1 (bound to port 0, then released).
int freeLoopbackPort();

} // namespace treelock::bench
