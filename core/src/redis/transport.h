#pragma once

#include "treelock/redistls.h"
#include "treelock/redisurl.h"

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct ssl_st;

namespace treelock::detail {

/// Why a transport call failed, in words for a person ("Connection refused",
/// "the server's certificate expired on ..."); the connection adds which
/// server and what it was doing.
class TransportError : public std::runtime_error {
public:
    enum class Kind {
        Other,
        Closed, ///< the server closed or reset the connection
        Tls,    ///< the handshake or the certificates were refused (TlsError)
    };
    explicit TransportError(const std::string& what, Kind kind = Kind::Other) : std::runtime_error(what), m_kind(kind) {}
    bool closed() const noexcept { return m_kind == Kind::Closed; }
    bool tls() const noexcept { return m_kind == Kind::Tls; }

private:
    Kind m_kind;
};

/// The bytes to and from one Redis server: a TCP or Unix socket, with TLS over
/// TCP for a rediss address. Non-blocking underneath, so every call ends by
/// its deadline; writes never raise SIGPIPE (the library leaves the process's
/// signals alone). hiredis's reader parses what it reads; this is the part
/// hiredis 0.14 cannot do itself (TLS). Not thread-safe, but shutdown() may be
/// called from any thread.
class Transport {
public:
    using Clock = std::chrono::steady_clock;

    /// Connects to `address` and, for TLS, completes the handshake, all by
    /// `deadline`. Throws TransportError, or InvalidInput for TLS files that
    /// cannot be used.
    static std::unique_ptr<Transport> open(const RedisAddress& address, Clock::time_point deadline);
    ~Transport();
    Transport(const Transport&) = delete;
    Transport& operator=(const Transport&) = delete;

    /// Writes all of `data` by `deadline`. Throws TransportError ("timed out"
    /// when the deadline passes first).
    void write(std::string_view data, Clock::time_point deadline);
    /// Reads at least one byte into `buffer` by `deadline`: the count, or 0
    /// when the deadline passed with nothing to read. Throws TransportError
    /// when the server closed the connection or it broke.
    std::size_t read(char* buffer, std::size_t size, Clock::time_point deadline);
    /// The socket (to poll, or to shut down from another thread).
    int fd() const noexcept { return m_fd; }
    /// Whether this is TLS.
    bool secure() const noexcept { return m_ssl != nullptr; }
    /// The server's certificate (TLS only).
    std::optional<TlsPeer> peer() const;

private:
    Transport(int fd, const RedisAddress& address);
    void handshake(Clock::time_point deadline);
    /// Waits until the socket is ready for `events` (POLLIN/POLLOUT); false at the deadline.
    bool waitFor(short events, Clock::time_point deadline) const;
    [[noreturn]] void failTls(int result, int savedErrno);
    /// Throws the closed connection's cause: on TLS, the alert the server sent
    /// before it closed (a refused client certificate), if one came.
    [[noreturn]] void failClosed(int savedErrno);

    int m_fd = -1;
    ssl_st* m_ssl = nullptr; // Owned.
    TlsOptions m_tls;
    std::string m_host;
};

} // namespace treelock::detail
