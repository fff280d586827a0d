#include "redisprocess.h"

#include "treelock/redisprotocol.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

namespace treelock::bench {

int freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    socklen_t len = sizeof addr;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0
        || ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
        const int saved = errno;
        ::close(fd);
        throw std::runtime_error(std::string("cannot find a free loopback port: ") + std::strerror(saved));
    }
    ::close(fd);
    return ntohs(addr.sin_port);
}

RedisProcess::RedisProcess(Options options)
    : m_options(std::move(options))
{
    std::string pattern = (std::filesystem::temp_directory_path() / "treelock-bench-XXXXXX").string();
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (!::mkdtemp(buffer.data()))
        throw std::runtime_error(std::string("mkdtemp: ") + std::strerror(errno));
    m_dir = buffer.data();
    m_socket = m_dir + "/redis.sock";
    m_port = freeLoopbackPort();

    const std::string config = m_dir + "/redis.conf";
    {
        std::ofstream out(config);
        out << "port " << m_port << "\n"
            << "bind 127.0.0.1\n"
            << "unixsocket " << m_socket << "\n"
            << "unixsocketperm 700\n"
            << "dir " << m_dir << "\n"
            << "logfile " << m_dir << "/redis.log\n"
            << "daemonize no\n"
            << "save \"\"\n"
            << "appendonly no\n"
            << "maxmemory-policy noeviction\n"
            << "latency-monitor-threshold 50\n";
        if (!out)
            throw std::runtime_error("cannot write " + config);
    }

    m_pid = ::fork();
    if (m_pid < 0)
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (m_pid == 0) {
        if (m_options.cpu >= 0) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(m_options.cpu, &set);
            ::sched_setaffinity(0, sizeof set, &set);
        }
        ::execlp(m_options.executable.c_str(), m_options.executable.c_str(), config.c_str(),
                 static_cast<char*>(nullptr));
        std::_Exit(127);
    }

    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    std::string lastError;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            const std::string log = logTail();
            std::filesystem::remove_all(m_dir);
            const bool missing = WIFEXITED(status) && WEXITSTATUS(status) == 127;
            throw std::runtime_error("redis-server (" + m_options.executable + ") "
                                     + (missing ? std::string("could not be run: is it installed?")
                                                : "exited at start:\n" + log));
        }
        try {
            redis::RawConnection probe(unixUrl());
            if (probe.text({"PING"}) == "PONG")
                return;
        } catch (const std::exception& e) {
            lastError = e.what();
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const std::string log = logTail();
    stop();
    throw std::runtime_error("redis-server did not answer within 10 s (" + lastError + "):\n" + log);
}

RedisProcess::~RedisProcess() { stop(); }

void RedisProcess::stop() noexcept
{
    if (m_pid > 0) {
        ::kill(m_pid, SIGTERM);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        int status = 0;
        bool gone = false;
        while (std::chrono::steady_clock::now() < deadline) {
            if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
                gone = true;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (!gone) {
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, &status, 0);
        }
        m_pid = -1;
    }
    if (!m_dir.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
        m_dir.clear();
    }
}

std::string RedisProcess::logTail() const
{
    std::ifstream in(m_dir + "/redis.log");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    std::ostringstream out;
    for (std::size_t i = lines.size() > 20 ? lines.size() - 20 : 0; i < lines.size(); ++i)
        out << lines[i] << "\n";
    return out.str();
}

std::string RedisProcess::tcpUrl() const { return "redis://127.0.0.1:" + std::to_string(m_port); }
std::string RedisProcess::unixUrl() const { return "unix://" + m_socket; }

} // namespace treelock::bench
