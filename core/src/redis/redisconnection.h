#pragma once

#include "treelock/redisprotocol.h"
#include "treelock/redistls.h"
#include "treelock/redisurl.h"

#include <chrono>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct redisReader;
struct redisReply;

namespace treelock::detail {

/// Owns one hiredis reply.
struct ReplyDeleter {
    void operator()(redisReply* reply) const noexcept;
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

class Transport;

/// One synchronous connection to a Redis server: the bytes go through a
/// Transport (TCP, Unix or TLS), hiredis formats commands and parses replies.
/// Not thread-safe (callers lock). A command that fails on I/O throws
/// ConnectionError and drops the connection; the next command connects again.
class RedisConnection {
public:
    RedisConnection(RedisAddress address, std::chrono::milliseconds connectTimeout,
                    std::chrono::milliseconds commandTimeout);
    ~RedisConnection();
    RedisConnection(const RedisConnection&) = delete;
    RedisConnection& operator=(const RedisConnection&) = delete;

    /// Connects (AUTH, SELECT) if not connected. Throws ConnectionError.
    void ensureConnected();
    /// Every connect asks `resolve` where to go (a Sentinel's primary); with
    /// `requirePrimary` a server whose ROLE is not "master" is refused
    /// (ConnectionError) and the connection stays closed.
    void resolveWith(std::function<RedisAddress()> resolve, bool requirePrimary);
    bool connected() const noexcept { return m_transport != nullptr; }
    /// The socket, or -1 when not connected (to shut it down from another thread).
    int socket() const noexcept;
    /// Runs one command (after any appended ones, whose replies come first).
    /// Throws ConnectionError on I/O failure; returns error replies as they
    /// are (callers decide).
    Reply command(std::span<const std::string_view> args);
    Reply command(std::initializer_list<std::string_view> args);
    Reply command(const std::vector<std::string>& args);
    /// command, its reply copied into a redis::Reply.
    redis::Reply call(std::initializer_list<std::string_view> args);
    /// Queues a command; the next read or command sends it (pipelining).
    void append(std::span<const std::string_view> args);
    /// Sends what is queued, then reads the next reply (blocking up to the
    /// command timeout).
    Reply readReply();
    /// Sends a command without reading its reply (SUBSCRIBE).
    void send(std::initializer_list<std::string_view> args);
    /// Waits until a reply is available or the deadline passes; nullptr on timeout.
    Reply readReply(std::chrono::steady_clock::time_point deadline);
    void disconnect() noexcept;
    /// Times this connection was (re)established.
    int connectCount() const noexcept { return m_connects; }
    const RedisAddress& address() const noexcept { return m_address; }
    /// The server's certificate on a TLS connection (connects if needed).
    std::optional<TlsPeer> tlsPeer();

private:
    /// Formats `args` onto the queue. Throws ConnectionError.
    void format(std::span<const std::string_view> args);
    /// Writes the queue whole (MSG_NOSIGNAL). Throws ConnectionError naming `what`.
    void flush(const std::string& what);
    /// flush, then one reply (blocking up to the command timeout).
    Reply receive(const std::string& what);
    /// The next parsed reply, reading until `deadline`; nullptr when it passes.
    Reply next(const std::string& what, std::chrono::steady_clock::time_point deadline);
    /// Hands the transport's error to failWith.
    template <typename Call>
    auto guarded(const std::string& what, Call&& call) -> decltype(call());
    /// Drops the connection and throws ConnectionError ("cannot connect" while
    /// connecting, whatever the command), or TlsError when `tls`.
    [[noreturn]] void failWith(const std::string& what, const std::string& detail, bool tls = false);

    RedisAddress m_address;
    std::chrono::milliseconds m_connectTimeout;
    std::chrono::milliseconds m_commandTimeout;
    std::unique_ptr<Transport> m_transport;
    redisReader* m_reader = nullptr; // Owned; with m_transport.
    bool m_anyRead = false;          ///< bytes came on this connection
    bool m_connecting = false;       ///< in ensureConnected (AUTH, PING, SELECT, ROLE)
    int m_connects = 0;
    std::string m_pending; ///< formatted commands not yet written
    std::function<RedisAddress()> m_resolve; ///< empty: always m_address
    bool m_requirePrimary = false;
};

/// One command on the server at `node` over a short connection of its own
/// (`timeout` to connect and to answer); a Nil reply when the server cannot be
/// reached. For the private groups' probes.
redis::Reply probe(const RedisAddress& node, std::initializer_list<std::string_view> args,
                   std::chrono::milliseconds timeout);

/// Text of a string/status/error reply ("" otherwise).
std::string replyText(const redisReply* reply);
/// Integer of an integer reply, or a string reply that holds one. Throws ScriptError otherwise.
long long replyInteger(const redisReply* reply);
/// Element `i` of an array reply. Throws ScriptError if there is none.
const redisReply* replyElement(const redisReply* reply, std::size_t i);
/// replyInteger / replyText of element `i`.
long long integerAt(const redisReply* reply, std::size_t i);
std::string textAt(const redisReply* reply, std::size_t i);
/// The number of elements of an array reply (0 for any other reply).
std::size_t replySize(const redisReply* reply) noexcept;

/// `reply` as a redis::Reply (a copy; status replies become String).
redis::Reply toReply(const redisReply* reply);
/// The same helpers on a redis::Reply: the integer of an Integer reply or of a
/// String that holds one, element `i` of an Array (ScriptError otherwise), and
/// the text of element `i` ("" unless it is a String or Error).
long long replyInteger(const redis::Reply& reply);
const redis::Reply& replyElement(const redis::Reply& reply, std::size_t i);
long long integerAt(const redis::Reply& reply, std::size_t i);
std::string textAt(const redis::Reply& reply, std::size_t i);
/// The value after `name` in a flat [name, value, ...] reply (SENTINEL MASTER,
/// XINFO); "" if absent.
std::string fieldOf(const redis::Reply& reply, std::string_view name);

} // namespace treelock::detail
