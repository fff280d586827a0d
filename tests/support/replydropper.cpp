#include "replydropper.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

namespace treelock::test {

namespace {

constexpr int kPollMs = 50; // how soon a relay notices the proxy stopping

int connectUnix(const std::string& path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof(address.sun_path) - 1);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// Writes all of `data`; false when the peer is gone.
bool sendAll(int fd, const char* data, std::size_t size)
{
    while (size > 0) {
        const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

} // namespace

ReplyDropper::ReplyDropper(std::string unixSocket)
    : m_socket(std::move(unixSocket))
{
    m_listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (m_listener < 0)
        throw std::runtime_error("reply dropper: no socket");
    const int yes = 1;
    ::setsockopt(m_listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof(address);
    if (::bind(m_listener, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) != 0
        || ::listen(m_listener, 16) != 0
        || ::getsockname(m_listener, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        ::close(m_listener);
        throw std::runtime_error("reply dropper: cannot listen on 127.0.0.1");
    }
    m_port = ntohs(address.sin_port);
    m_acceptor = std::thread([this] { acceptLoop(); });
}

ReplyDropper::~ReplyDropper()
{
    m_stopping = true;
    m_acceptor.join();
    std::vector<std::thread> threads;
    {
        std::lock_guard lock(m_mutex);
        threads.swap(m_threads);
    }
    for (auto& t : threads)
        t.join();
    ::close(m_listener);
}

std::string ReplyDropper::url() const
{
    return "redis://127.0.0.1:" + std::to_string(m_port);
}

void ReplyDropper::dropAnswersTo(std::string marker, int count)
{
    std::lock_guard lock(m_mutex);
    m_marker = std::move(marker);
    m_toDrop = count;
}

bool ReplyDropper::takeDrop(const std::string& bytes)
{
    std::lock_guard lock(m_mutex);
    if (m_toDrop <= 0 || bytes.find(m_marker) == std::string::npos)
        return false;
    --m_toDrop;
    return true;
}

void ReplyDropper::acceptLoop()
{
    while (!m_stopping) {
        pollfd p{m_listener, POLLIN, 0};
        if (::poll(&p, 1, kPollMs) <= 0)
            continue;
        const int client = ::accept4(m_listener, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0)
            continue;
        std::lock_guard lock(m_mutex);
        m_threads.emplace_back([this, client] { relay(client); });
    }
}

void ReplyDropper::relay(int client)
{
    const int server = connectUnix(m_socket);
    if (server < 0) {
        ::close(client);
        return;
    }
    bool swallow = false; // the request just passed on is one whose answer is dropped
    char buffer[65536];
    while (!m_stopping) {
        pollfd fds[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
        if (::poll(fds, 2, kPollMs) <= 0)
            continue;
        if (fds[0].revents) {
            const ssize_t n = ::recv(client, buffer, sizeof(buffer), 0);
            if (n <= 0)
                break;
            if (takeDrop(std::string(buffer, static_cast<std::size_t>(n))))
                swallow = true;
            if (!sendAll(server, buffer, static_cast<std::size_t>(n)))
                break;
        }
        if (fds[1].revents) {
            const ssize_t n = ::recv(server, buffer, sizeof(buffer), 0);
            if (n <= 0)
                break;
            if (swallow) { // the call ran: its caller never learns how
                ++m_dropped;
                break;
            }
            if (!sendAll(client, buffer, static_cast<std::size_t>(n)))
                break;
        }
    }
    ::close(client);
    ::close(server);
}

} // namespace treelock::test
