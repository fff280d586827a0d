#include "redisconnection.h"

#include "treelock/error.h"

#include <hiredis/hiredis.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>

namespace treelock::detail {

namespace {

timeval toTimeval(std::chrono::milliseconds ms)
{
    timeval tv{};
    tv.tv_sec = static_cast<long>(ms.count() / 1000);
    tv.tv_usec = static_cast<long>((ms.count() % 1000) * 1000);
    return tv;
}

std::vector<const char*> argvOf(const std::vector<std::string>& args, std::vector<size_t>& lengths)
{
    std::vector<const char*> argv;
    argv.reserve(args.size());
    lengths.clear();
    lengths.reserve(args.size());
    for (const auto& a : args) {
        argv.push_back(a.data());
        lengths.push_back(a.size());
    }
    return argv;
}

} // namespace

void ReplyDeleter::operator()(redisReply* reply) const noexcept
{
    if (reply)
        freeReplyObject(reply);
}

RedisConnection::RedisConnection(RedisAddress address, std::chrono::milliseconds connectTimeout,
                                 std::chrono::milliseconds commandTimeout)
    : m_address(std::move(address)), m_connectTimeout(connectTimeout), m_commandTimeout(commandTimeout)
{
}

RedisConnection::~RedisConnection() { disconnect(); }

void RedisConnection::disconnect() noexcept
{
    if (m_context) {
        redisFree(m_context);
        m_context = nullptr;
    }
}

void RedisConnection::fail(const std::string& what)
{
    failWith(what, m_context && m_context->errstr[0] ? m_context->errstr : "connection lost");
}

void RedisConnection::failWith(const std::string& what, const std::string& detail)
{
    disconnect();
    throw ConnectionError("Redis at " + m_address.redacted() + ": " + what + ": " + detail);
}

void RedisConnection::ensureConnected()
{
    if (m_context)
        return;
    const timeval tv = toTimeval(m_connectTimeout);
    m_context = m_address.unixSocket ? redisConnectUnixWithTimeout(m_address.host.c_str(), tv)
                                     : redisConnectWithTimeout(m_address.host.c_str(), m_address.port, tv);
    if (!m_context)
        throw ConnectionError("Redis at " + m_address.redacted() + ": cannot allocate a connection");
    if (m_context->err)
        fail("cannot connect");
    if (redisSetTimeout(m_context, toTimeval(m_commandTimeout)) != REDIS_OK)
        fail("cannot set the command timeout");
    ++m_connects;
    if (!m_address.password.empty()) {
        std::vector<std::string> auth{"AUTH"};
        if (!m_address.user.empty())
            auth.push_back(m_address.user);
        auth.push_back(m_address.password);
        Reply r = command(auth);
        if (r->type == REDIS_REPLY_ERROR) {
            disconnect();
            // The server's message names the user at most, never the password.
            throw ConnectionError("Redis at " + m_address.redacted()
                                  + ": authentication failed: " + replyText(r.get()));
        }
    }
    if (m_address.db != 0) {
        Reply r = command({"SELECT", std::to_string(m_address.db)});
        if (r->type == REDIS_REPLY_ERROR) {
            disconnect();
            throw ConnectionError("Redis at " + m_address.redacted() + ": cannot select db "
                                  + std::to_string(m_address.db) + ": " + replyText(r.get()));
        }
    }
}

Reply RedisConnection::command(const std::vector<std::string>& args)
{
    ensureConnected();
    write(args);
    void* raw = nullptr;
    if (redisGetReply(m_context, &raw) != REDIS_OK || !raw)
        fail("command " + (args.empty() ? std::string() : args.front()) + " failed");
    return Reply(static_cast<redisReply*>(raw));
}

void RedisConnection::send(const std::vector<std::string>& args)
{
    ensureConnected();
    write(args);
}

// Writing to a socket the server has closed raises SIGPIPE, whose default action
// ends the process, and a library must not change the process's signal
// disposition or mask. So the command is formatted by hiredis but written here,
// with MSG_NOSIGNAL: a closed connection is an EPIPE error, never a signal, and
// it costs no system call beyond the write. hiredis's own output buffer stays
// empty, so redisGetReply only reads.
void RedisConnection::write(const std::vector<std::string>& args)
{
    std::vector<size_t> lengths;
    auto argv = argvOf(args, lengths);
    char* formatted = nullptr;
    const int length = redisFormatCommandArgv(&formatted, static_cast<int>(argv.size()), argv.data(), lengths.data());
    if (length < 0 || !formatted)
        failWith("cannot format " + (args.empty() ? std::string() : args.front()), "out of memory");
    const std::unique_ptr<char, void (*)(char*)> owned(formatted, &redisFreeCommand);
    std::size_t done = 0;
    while (done < static_cast<std::size_t>(length)) {
        const ssize_t n = ::send(m_context->fd, formatted + done, static_cast<std::size_t>(length) - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const bool timedOut = n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
            failWith("cannot send " + (args.empty() ? std::string() : args.front()),
                     timedOut ? "timed out" : (n < 0 ? std::strerror(errno) : "connection closed"));
        }
        done += static_cast<std::size_t>(n);
    }
}

Reply RedisConnection::readReply(std::chrono::steady_clock::time_point deadline)
{
    ensureConnected();
    for (;;) {
        void* raw = nullptr;
        if (redisGetReplyFromReader(m_context, &raw) != REDIS_OK)
            fail("protocol error");
        if (raw)
            return Reply(static_cast<redisReply*>(raw));
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0)
            return nullptr;
        pollfd pfd{m_context->fd, POLLIN, 0};
        const int ready = ::poll(&pfd, 1, static_cast<int>(std::min<long long>(left.count(), 1000 * 3600)));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            fail("poll failed");
        if (ready == 0)
            return nullptr;
        if (redisBufferRead(m_context) != REDIS_OK)
            fail("read failed");
    }
}

std::string replyText(const redisReply* reply)
{
    if (reply && (reply->type == REDIS_REPLY_STRING || reply->type == REDIS_REPLY_STATUS
                  || reply->type == REDIS_REPLY_ERROR))
        return std::string(reply->str, reply->len);
    return {};
}

long long replyInteger(const redisReply* reply)
{
    if (reply && reply->type == REDIS_REPLY_INTEGER)
        return reply->integer;
    if (reply && reply->type == REDIS_REPLY_STRING) {
        long long value = 0;
        auto [end, ec] = std::from_chars(reply->str, reply->str + reply->len, value);
        if (ec == std::errc() && end == reply->str + reply->len)
            return value;
    }
    throw ScriptError("unexpected reply from Redis: expected an integer, got \"" + replyText(reply) + "\"");
}

} // namespace treelock::detail
