#include "transport.h"

#include "tlscontext.h"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace treelock::detail {

namespace {

using Clock = Transport::Clock;

int millisecondsUntil(Clock::time_point deadline)
{
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, 3600 * 1000));
}

// OpenSSL's own socket BIO writes with write(2), which raises SIGPIPE on a
// connection the server closed. This one sends with MSG_NOSIGNAL instead.
int bioWrite(BIO* bio, const char* data, int size)
{
    BIO_clear_retry_flags(bio);
    const int fd = static_cast<int>(reinterpret_cast<std::intptr_t>(BIO_get_data(bio)));
    const ssize_t n = ::send(fd, data, static_cast<std::size_t>(size), MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        BIO_set_retry_write(bio);
    return static_cast<int>(n);
}

int bioRead(BIO* bio, char* data, int size)
{
    BIO_clear_retry_flags(bio);
    const int fd = static_cast<int>(reinterpret_cast<std::intptr_t>(BIO_get_data(bio)));
    const ssize_t n = ::recv(fd, data, static_cast<std::size_t>(size), 0);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        BIO_set_retry_read(bio);
    return static_cast<int>(n);
}

long bioControl(BIO*, int command, long, void*) { return command == BIO_CTRL_FLUSH ? 1 : 0; }

int bioCreate(BIO* bio)
{
    BIO_set_init(bio, 1);
    return 1;
}

BIO* socketBio(int fd)
{
    static BIO_METHOD* const method = [] {
        BIO_METHOD* m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "treelock socket");
        BIO_meth_set_write(m, &bioWrite);
        BIO_meth_set_read(m, &bioRead);
        BIO_meth_set_ctrl(m, &bioControl);
        BIO_meth_set_create(m, &bioCreate);
        return m;
    }();
    BIO* bio = BIO_new(method);
    if (bio)
        BIO_set_data(bio, reinterpret_cast<void*>(static_cast<std::intptr_t>(fd)));
    return bio;
}

/// A non-blocking socket connected to `address` by `deadline`, or TransportError.
int connectSocket(const sockaddr* address, socklen_t length, Clock::time_point deadline)
{
    const int fd = ::socket(address->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        throw TransportError(std::strerror(errno));
    int error = 0;
    if (::connect(fd, address, length) != 0) {
        error = errno;
        if (error == EINPROGRESS) {
            pollfd pfd{fd, POLLOUT, 0};
            int ready = 0;
            while ((ready = ::poll(&pfd, 1, millisecondsUntil(deadline))) < 0 && errno == EINTR) {
            }
            socklen_t size = sizeof error;
            if (ready == 0)
                error = ETIMEDOUT;
            else if (ready < 0 || ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) != 0)
                error = errno;
        }
    }
    if (error != 0) {
        ::close(fd);
        throw TransportError(error == ETIMEDOUT ? std::string("no connection within the connect timeout")
                                                : std::strerror(error));
    }
    if (address->sa_family != AF_UNIX) {
        const int on = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    }
    return fd;
}

int connectTcp(const std::string& host, int port, Clock::time_point deadline)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    if (const int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0)
        throw TransportError("cannot resolve " + host + ": " + ::gai_strerror(rc));
    std::string lastError;
    for (const addrinfo* a = found; a; a = a->ai_next) {
        try {
            const int fd = connectSocket(a->ai_addr, a->ai_addrlen, deadline);
            ::freeaddrinfo(found);
            return fd;
        } catch (const TransportError& error) {
            lastError = error.what();
        }
    }
    ::freeaddrinfo(found);
    throw TransportError(lastError);
}

int connectUnix(const std::string& path, Clock::time_point deadline)
{
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (path.size() >= sizeof address.sun_path)
        throw TransportError("the socket path is longer than " + std::to_string(sizeof address.sun_path - 1)
                             + " bytes");
    std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
    return connectSocket(reinterpret_cast<const sockaddr*>(&address), sizeof address, deadline);
}

} // namespace

Transport::Transport(int fd, const RedisAddress& address) : m_fd(fd), m_tls(address.tlsOptions), m_host(address.host)
{
}

Transport::~Transport()
{
    if (m_ssl)
        SSL_free(m_ssl);
    if (m_fd >= 0)
        ::close(m_fd);
}

std::unique_ptr<Transport> Transport::open(const RedisAddress& address, Clock::time_point deadline)
{
    // The context first: a file that cannot be used is the caller's mistake,
    // not an outage, whatever the network does.
    std::shared_ptr<SSL_CTX> context = address.tls ? tlsContext(address.tlsOptions) : nullptr;
    const int fd = address.unixSocket ? connectUnix(address.host, deadline)
                                      : connectTcp(address.host, address.port, deadline);
    std::unique_ptr<Transport> transport(new Transport(fd, address));
    if (context) {
        transport->m_ssl = SSL_new(context.get());
        BIO* bio = transport->m_ssl ? socketBio(fd) : nullptr;
        if (!bio)
            throw TransportError("cannot start TLS (out of memory?)");
        SSL_set_bio(transport->m_ssl, bio, bio);
        expectServerName(transport->m_ssl, address.tlsOptions, address.host);
        transport->handshake(deadline);
    }
    return transport;
}

void Transport::handshake(Clock::time_point deadline)
{
    for (;;) {
        ERR_clear_error();
        const int result = SSL_connect(m_ssl);
        if (result == 1)
            return;
        const int savedErrno = errno;
        const int kind = SSL_get_error(m_ssl, result);
        const short events = kind == SSL_ERROR_WANT_READ ? POLLIN : kind == SSL_ERROR_WANT_WRITE ? POLLOUT : 0;
        if (events == 0)
            failTls(result, savedErrno);
        if (!waitFor(events, deadline))
            throw TransportError("no TLS handshake within the connect timeout: does the server speak TLS on this "
                                 "port? (for a plain port use a redis:// URL)",
                                 TransportError::Kind::Tls);
    }
}

void Transport::failClosed(int savedErrno)
{
    if (m_ssl) {
        // TLS 1.3 finishes the handshake before the server has checked the
        // client's certificate; its verdict (an alert) is on the way in.
        char byte = 0;
        ERR_clear_error();
        const int n = SSL_read(m_ssl, &byte, 1);
        if (n <= 0 && SSL_get_error(m_ssl, n) == SSL_ERROR_SSL)
            failTls(n, 0);
    }
    throw TransportError(savedErrno == 0 ? std::string("connection closed") : std::strerror(savedErrno), TransportError::Kind::Closed);
}

void Transport::failTls(int result, int savedErrno)
{
    // Only what TLS itself refused is a TlsError; a connection closed or reset
    // mid-handshake (a server restarting) is an outage like any other.
    const int error = SSL_get_error(m_ssl, result);
    const TransportError::Kind kind =
        error == SSL_ERROR_SSL ? TransportError::Kind::Tls
        : error == SSL_ERROR_ZERO_RETURN || savedErrno == 0 || savedErrno == ECONNRESET || savedErrno == EPIPE
            ? TransportError::Kind::Closed
            : TransportError::Kind::Other;
    throw TransportError(describeTlsFailure(m_ssl, result, savedErrno, m_tls, m_host), kind);
}

bool Transport::waitFor(short events, Clock::time_point deadline) const
{
    for (;;) {
        pollfd pfd{m_fd, events, 0};
        const int ready = ::poll(&pfd, 1, millisecondsUntil(deadline));
        if (ready > 0)
            return true;
        if (ready == 0)
            return false;
        if (errno != EINTR)
            throw TransportError(std::string("poll failed: ") + std::strerror(errno));
    }
}

void Transport::write(std::string_view data, Clock::time_point deadline)
{
    std::size_t done = 0;
    while (done < data.size()) {
        const std::size_t left = data.size() - done;
        short waitEvents = POLLOUT;
        if (m_ssl) {
            ERR_clear_error();
            const int n = SSL_write(m_ssl, data.data() + done, static_cast<int>(std::min<std::size_t>(left, 1 << 30)));
            if (n > 0) {
                done += static_cast<std::size_t>(n);
                continue;
            }
            const int savedErrno = errno;
            const int kind = SSL_get_error(m_ssl, n);
            if (kind == SSL_ERROR_SYSCALL && (savedErrno == ECONNRESET || savedErrno == EPIPE))
                failClosed(savedErrno);
            if (kind != SSL_ERROR_WANT_WRITE && kind != SSL_ERROR_WANT_READ)
                failTls(n, savedErrno);
            waitEvents = kind == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT;
        } else {
            const ssize_t n = ::send(m_fd, data.data() + done, left, MSG_NOSIGNAL);
            if (n > 0) {
                done += static_cast<std::size_t>(n);
                continue;
            }
            if (n < 0 && errno == EINTR)
                continue;
            if (n == 0 || errno == ECONNRESET || errno == EPIPE)
                failClosed(n == 0 ? 0 : errno);
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                throw TransportError(std::strerror(errno));
        }
        if (!waitFor(waitEvents, deadline))
            throw TransportError("timed out");
    }
}

std::size_t Transport::read(char* buffer, std::size_t size, Clock::time_point deadline)
{
    for (;;) {
        short waitEvents = POLLIN;
        if (m_ssl) {
            ERR_clear_error();
            const int n = SSL_read(m_ssl, buffer, static_cast<int>(std::min<std::size_t>(size, 1 << 30)));
            if (n > 0)
                return static_cast<std::size_t>(n);
            const int savedErrno = errno;
            const int kind = SSL_get_error(m_ssl, n);
            if (kind == SSL_ERROR_ZERO_RETURN || (kind == SSL_ERROR_SYSCALL && (savedErrno == 0 || savedErrno == ECONNRESET)))
                throw TransportError(savedErrno == 0 ? std::string("connection closed") : std::strerror(savedErrno), TransportError::Kind::Closed);
            if (kind != SSL_ERROR_WANT_READ && kind != SSL_ERROR_WANT_WRITE)
                failTls(n, savedErrno);
            waitEvents = kind == SSL_ERROR_WANT_WRITE ? POLLOUT : POLLIN;
        } else {
            const ssize_t n = ::recv(m_fd, buffer, size, 0);
            if (n > 0)
                return static_cast<std::size_t>(n);
            if (n == 0 || (n < 0 && errno == ECONNRESET))
                throw TransportError(n == 0 ? std::string("connection closed") : std::strerror(errno), TransportError::Kind::Closed);
            if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)
                throw TransportError(std::strerror(errno));
            if (errno == EINTR)
                continue;
        }
        if (!waitFor(waitEvents, deadline))
            return 0;
    }
}

std::optional<TlsPeer> Transport::peer() const
{
    if (!m_ssl)
        return std::nullopt;
    return peerOf(m_ssl, !m_tls.insecure);
}

} // namespace treelock::detail
