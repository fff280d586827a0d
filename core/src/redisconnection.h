#pragma once

#include "treelock/redisengine.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

struct redisContext;
struct redisReply;

namespace treelock::detail {

/// Owns one hiredis reply.
struct ReplyDeleter {
    void operator()(redisReply* reply) const noexcept;
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

/// One synchronous hiredis connection. Not thread-safe (callers lock).
/// A command that fails on I/O throws ConnectionError and drops the context;
/// the next command connects again.
class RedisConnection {
public:
    RedisConnection(RedisAddress address, std::chrono::milliseconds connectTimeout,
                    std::chrono::milliseconds commandTimeout);
    ~RedisConnection();
    RedisConnection(const RedisConnection&) = delete;
    RedisConnection& operator=(const RedisConnection&) = delete;

    /// Connects (AUTH, SELECT) if not connected. Throws ConnectionError.
    void ensureConnected();
    bool connected() const noexcept { return m_context != nullptr; }
    /// Runs one command. Throws ConnectionError on I/O failure; returns error
    /// replies as they are (callers decide).
    Reply command(const std::vector<std::string>& args);
    /// Sends a command without reading its reply (SUBSCRIBE).
    void send(const std::vector<std::string>& args);
    /// Waits until a reply is available or the deadline passes; nullptr on timeout.
    Reply readReply(std::chrono::steady_clock::time_point deadline);
    void disconnect() noexcept;
    /// Times this connection was (re)established.
    int connectCount() const noexcept { return m_connects; }
    const RedisAddress& address() const noexcept { return m_address; }

private:
    /// Formats `args` and writes them whole (MSG_NOSIGNAL). Throws ConnectionError.
    void write(const std::vector<std::string>& args);
    [[noreturn]] void fail(const std::string& what);                       ///< hiredis's error text
    [[noreturn]] void failWith(const std::string& what, const std::string& detail);

    RedisAddress m_address;
    std::chrono::milliseconds m_connectTimeout;
    std::chrono::milliseconds m_commandTimeout;
    redisContext* m_context = nullptr; // Owned.
    int m_connects = 0;
};

/// Text of a string/status/error reply ("" otherwise).
std::string replyText(const redisReply* reply);
/// Integer of an integer reply, or a string reply that holds one. Throws ScriptError otherwise.
long long replyInteger(const redisReply* reply);

} // namespace treelock::detail
