#include "redisserver.h"

#include "process.h"

#include <arpa/inet.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace treelock::test {

namespace {

bool canConnectUnix(const std::string& path)
{
    int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0)
        return false;
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    ::close(fd);
    return ok;
}

} // namespace

int freeTcpPort()
{
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        throw std::runtime_error("socket() failed");
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        throw std::runtime_error("bind() failed");
    }
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    const int port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
}

RedisServer::RedisServer() : RedisServer(Options{}) {}

RedisServer::RedisServer(Options options) : m_options(std::move(options))
{
    std::string pattern = (std::filesystem::temp_directory_path() / "treelock-redis-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
        throw std::runtime_error("mkdtemp failed for " + pattern);
    m_dir = pattern;
    m_socket = m_dir + "/redis.sock";
    if (m_options.tcp)
        m_port = freeTcpPort();
    writeConfig();
    start();
}

RedisServer::~RedisServer()
{
    stop(true);
    std::error_code ec;
    std::filesystem::remove_all(m_dir, ec);
}

std::string RedisServer::url() const { return "unix://" + m_socket; }

std::string RedisServer::tcpUrl() const
{
    return "redis://127.0.0.1:" + std::to_string(m_port);
}

void RedisServer::writeConfig()
{
    std::ofstream conf(m_dir + "/redis.conf");
    conf << "port " << m_port << "\n"
         << "bind 127.0.0.1\n"
         << "unixsocket " << m_socket << "\n"
         << "unixsocketperm 700\n"
         << "dir " << m_dir << "\n"
         << "daemonize no\n"
         << "save \"\"\n"
         << "logfile " << m_dir << "/redis.log\n"
         << "maxmemory-policy noeviction\n";
    if (m_options.appendOnly)
        conf << "appendonly yes\nappendfsync everysec\n";
    else
        conf << "appendonly no\n";
    for (const auto& line : m_options.extraConfig)
        conf << line << "\n";
}

void RedisServer::start()
{
    if (m_pid > 0)
        return;
    const std::string conf = m_dir + "/redis.conf";
    const pid_t pid = ::fork();
    if (pid < 0)
        throw std::runtime_error("fork failed");
    if (pid == 0) {
        // The server must not outlive a test that crashes or is killed.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        ::execlp("redis-server", "redis-server", conf.c_str(), static_cast<char*>(nullptr));
        std::_Exit(127);
    }
    m_pid = pid;
    waitReady(std::chrono::seconds(10));
}

void RedisServer::waitReady(std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            throw std::runtime_error("redis-server exited at start (is it installed? see " + m_dir
                                     + "/redis.log)");
        }
        if (canConnectUnix(m_socket)) {
            // A server whose default user is off answers NOAUTH: it is up all the same.
            const std::string pong = cli({"PING"});
            if (pong.find("PONG") != std::string::npos || pong.find("NOAUTH") != std::string::npos)
                return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    throw std::runtime_error("redis-server did not become ready in " + m_dir);
}

void RedisServer::stop(bool crash)
{
    if (m_pid <= 0)
        return;
    ::kill(m_pid, crash ? SIGKILL : SIGTERM);
    int status = 0;
    ::waitpid(m_pid, &status, 0);
    m_pid = -1;
    ::unlink(m_socket.c_str());
}

void RedisServer::restart(bool crash)
{
    stop(crash);
    start();
}

std::string RedisServer::cli(const std::vector<std::string>& args) const
{
    std::string command = "redis-cli -s '" + m_socket + "'";
    for (const auto& arg : args) {
        std::string quoted;
        for (char c : arg)
            quoted += (c == '\'') ? std::string("'\\''") : std::string(1, c);
        command += " '" + quoted + "'";
    }
    return runCommand(command + " 2>&1").output;
}

} // namespace treelock::test
