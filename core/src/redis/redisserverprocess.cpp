#include "treelock/redisserverprocess.h"

#include "redis/redisconnection.h"
#include "treelock/error.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace treelock {

namespace {

using Clock = std::chrono::steady_clock;

bool isExecutable(const std::string& path)
{
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

/// Waits up to `timeout` for `pid` to end; true if it was reaped.
bool reap(pid_t pid, std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid || (done < 0 && errno == ECHILD))
            return true;
        if (Clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

} // namespace

int freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
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

std::string findExecutable(const std::string& name)
{
    if (name.find('/') != std::string::npos)
        return name;
    std::vector<std::string> dirs;
    if (const char* path = std::getenv("PATH")) {
        std::stringstream in(path);
        for (std::string dir; std::getline(in, dir, ':');)
            dirs.push_back(dir.empty() ? "." : dir);
    }
    dirs.insert(dirs.end(), {"/usr/sbin", "/usr/local/bin"});
    for (const auto& dir : dirs) {
        const std::string candidate = dir + "/" + name;
        if (isExecutable(candidate))
            return candidate;
    }
    return {};
}

TlsOptions RedisServerTls::clientOptions() const
{
    TlsOptions options;
    options.caFile = caFile;
    options.certFile = certFile;
    options.keyFile = keyFile;
    return options;
}

std::vector<std::string> RedisServerTls::configLines() const
{
    if (!enabled())
        return {};
    return {"tls-cert-file " + certFile,
            "tls-key-file " + keyFile,
            "tls-ca-cert-file " + caFile,
            std::string("tls-auth-clients ") + (authClients ? "yes" : "no"),
            "tls-replication yes"};
}

RedisServerConfig RedisServerConfig::groupMember(std::string executable, std::string folderPrefix,
                                                 int parentDeathSignal)
{
    RedisServerConfig c;
    c.executable = std::move(executable);
    c.folderPrefix = std::move(folderPrefix);
    c.unixSocket = false;
    c.tcp = true;
    c.parentDeathSignal = parentDeathSignal;
    return c;
}

RedisServerProcess::RedisServerProcess(RedisServerConfig config) : m_config(std::move(config))
{
    m_executable = findExecutable(m_config.executable);
    if (m_executable.empty())
        throw std::runtime_error("redis-server (" + m_config.executable + ") could not be run: is it installed?");
    if (m_config.workingDirectory.empty()) {
        std::string pattern =
            (std::filesystem::temp_directory_path() / (m_config.folderPrefix + "-XXXXXX")).string();
        if (!::mkdtemp(pattern.data()))
            throw std::runtime_error("cannot create a folder " + pattern + ": " + std::strerror(errno));
        m_dir = pattern;
        m_ownsFolder = true;
    } else {
        m_dir = m_config.workingDirectory;
    }
    try {
        if (m_config.sentinel && (m_config.unixSocket || !m_config.tcp))
            throw std::runtime_error("a sentinel listens on TCP only: set tcp and clear unixSocket");
        if (m_config.unixSocket)
            m_socket = m_dir + "/redis.sock";
        if (m_config.tcp)
            m_port = m_config.port > 0 ? m_config.port : freeLoopbackPort();
        writeConfig();
        start();
    } catch (...) {
        removeFolder();
        throw;
    }
}

RedisServerProcess::~RedisServerProcess()
{
    stop();
    removeFolder();
}

void RedisServerProcess::removeFolder() noexcept
{
    if (m_ownsFolder && !m_dir.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
        m_ownsFolder = false;
    }
}

void RedisServerProcess::writeConfig() const
{
    const std::string path = m_dir + "/redis.conf";
    std::ofstream conf(path);
    if (m_config.tls.enabled() && m_config.tcp) {
        conf << "port 0\ntls-port " << m_port << "\n";
        for (const auto& line : m_config.tls.configLines())
            conf << line << "\n";
    } else {
        conf << "port " << m_port << "\n";
    }
    if (m_config.sentinel) {
        // A sentinel rewrites this file with what it learns (replicas, other
        // sentinels, epochs): it lives in the server's own folder.
        conf << "bind " << m_config.bind << "\n"
             << "dir " << m_dir << "\n"
             << "logfile " << m_dir << "/redis.log\n"
             << "daemonize no\n";
        for (const auto& line : m_config.extraConfig)
            conf << line << "\n";
        conf.close();
        if (!conf)
            throw std::runtime_error("cannot write " + path);
        return;
    }
    if (m_config.tcp)
        conf << "bind " << m_config.bind << "\n";
    if (m_config.unixSocket)
        conf << "unixsocket " << m_socket << "\n"
             << "unixsocketperm 700\n";
    conf << "dir " << m_dir << "\n"
         << "logfile " << m_dir << "/redis.log\n"
         << "daemonize no\n"
         << "save \"\"\n"
         << "maxmemory-policy noeviction\n";
    if (m_config.appendOnly)
        conf << "appendonly yes\nappendfsync everysec\n";
    else
        conf << "appendonly no\n";
    for (const auto& line : m_config.extraConfig)
        conf << line << "\n";
    conf.close();
    if (!conf)
        throw std::runtime_error("cannot write " + path);
}

void RedisServerProcess::start()
{
    if (m_pid > 0)
        return;
    // Everything the child needs is prepared here: between fork and exec only
    // async-signal-safe calls are allowed (the parent may have other threads).
    const std::string conf = m_dir + "/redis.conf";
    char sentinelFlag[] = "--sentinel";
    char* const argv[] = {const_cast<char*>(m_executable.c_str()), const_cast<char*>(conf.c_str()),
                          m_config.sentinel ? sentinelFlag : nullptr, nullptr};
    sigset_t none;
    ::sigemptyset(&none);
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    if (m_config.cpu >= 0)
        CPU_SET(m_config.cpu, &cpus);
    const int deathSignal = m_config.parentDeathSignal;
    const pid_t parent = ::getpid();
    // What the server writes before its log file is open (a configuration
    // error) goes to a file, quoted when it exits at start.
    const std::string errors = m_dir + "/redis.stderr";
    const int errorFd = ::open(errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

    const pid_t pid = ::fork();
    if (pid < 0) {
        const int saved = errno;
        if (errorFd >= 0)
            ::close(errorFd);
        throw std::runtime_error(std::string("fork: ") + std::strerror(saved));
    }
    if (pid == 0) {
        if (errorFd >= 0)
            ::dup2(errorFd, STDERR_FILENO);
        if (deathSignal != 0) {
            ::prctl(PR_SET_PDEATHSIG, deathSignal);
            if (::getppid() != parent)
                ::_exit(1);
        }
        if (m_config.cpu >= 0)
            ::sched_setaffinity(0, sizeof cpus, &cpus);
        // The server handles its own signals whatever the starting thread blocked.
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        ::execv(argv[0], argv);
        ::_exit(127);
    }
    if (errorFd >= 0)
        ::close(errorFd);
    m_pid = pid;
    waitReady();
}

void RedisServerProcess::waitReady()
{
    const auto deadline = Clock::now() + m_config.startTimeout;
    RedisAddress address;
    address.unixSocket = m_config.unixSocket;
    address.host = m_config.unixSocket ? m_socket : "127.0.0.1";
    address.port = m_port;
    if (!m_config.unixSocket && m_config.tls.enabled()) {
        address.tls = true;
        address.tlsOptions = m_config.tls.clientOptions();
    }
    std::string lastError;
    while (Clock::now() < deadline) {
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            const bool missing = WIFEXITED(status) && WEXITSTATUS(status) == 127;
            throw std::runtime_error("redis-server (" + m_executable + ") "
                                     + (missing ? std::string("could not be run: is it installed?")
                                                : "exited at start:\n" + startErrors()));
        }
        try {
            detail::RedisConnection probe(address, std::chrono::milliseconds(200), std::chrono::milliseconds(2000));
            const detail::Reply reply = probe.command({"PING"});
            const std::string text = detail::replyText(reply.get());
            // A server whose default user is off answers NOAUTH: it is up all the same.
            if (text == "PONG" || text.rfind("NOAUTH", 0) == 0)
                return;
            lastError = text;
        } catch (const AuthenticationError&) {
            return; // NOAUTH at connect: the server is up, its default user is off
        } catch (const ConnectionError& e) {
            lastError = e.what();
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const std::string log = logTail();
    stop(true);
    throw std::runtime_error("redis-server did not answer within "
                             + std::to_string(m_config.startTimeout.count()) + " ms (" + lastError + "):\n" + log);
}

void RedisServerProcess::stop(bool crash) noexcept
{
    if (m_pid <= 0)
        return;
    ::kill(m_pid, SIGCONT);
    ::kill(m_pid, crash ? SIGKILL : SIGTERM);
    if (!reap(m_pid, crash ? std::chrono::milliseconds(5000) : m_config.stopTimeout)) {
        ::kill(m_pid, SIGKILL);
        int status = 0;
        ::waitpid(m_pid, &status, 0);
    }
    m_pid = -1;
    if (!m_socket.empty())
        ::unlink(m_socket.c_str());
}

void RedisServerProcess::pause(bool paused) noexcept
{
    if (m_pid > 0)
        ::kill(m_pid, paused ? SIGSTOP : SIGCONT);
}

void RedisServerProcess::restart(bool crash)
{
    stop(crash);
    start();
}

bool RedisServerProcess::running() noexcept
{
    if (m_pid <= 0)
        return false;
    int status = 0;
    if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
        m_pid = -1;
        return false;
    }
    return true;
}

std::string RedisServerProcess::url() const { return m_config.unixSocket ? unixUrl() : tcpUrl(); }
std::string RedisServerProcess::unixUrl() const { return "unix://" + m_socket; }
std::string RedisServerProcess::tcpUrl() const
{
    return (m_config.tls.enabled() ? "rediss://127.0.0.1:" : "redis://127.0.0.1:") + std::to_string(m_port);
}

std::string RedisServerProcess::startErrors() const
{
    std::ifstream in(m_dir + "/redis.stderr");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str() + logTail();
}

std::string RedisServerProcess::logTail(int lines) const
{
    std::ifstream in(m_dir + "/redis.log");
    std::vector<std::string> all;
    for (std::string line; std::getline(in, line);)
        all.push_back(line);
    std::ostringstream out;
    const std::size_t keep = static_cast<std::size_t>(std::max(lines, 0));
    for (std::size_t i = all.size() > keep ? all.size() - keep : 0; i < all.size(); ++i)
        out << all[i] << "\n";
    return out.str();
}

} // namespace treelock
