#include "redisconnection.h"

#include "treelock/error.h"

#include <hiredis/hiredis.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <csignal>
#include <poll.h>
#include <pthread.h>
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

// Writing to a socket the server closed raises SIGPIPE, which would kill the
// process. A library must not change the process's signal disposition, so
// SIGPIPE is blocked in the calling thread for the duration of the I/O. A write
// raises SIGPIPE only when it fails with EPIPE, so the signal is looked for and
// consumed only after a failed command: two system calls per command (they are
// a visible part of a lock's round trip), and the mask is left alone when the
// thread blocked SIGPIPE already (a signal pending then is not ours).
class SigPipeGuard {
public:
    SigPipeGuard()
    {
        sigemptyset(&m_pipe);
        sigaddset(&m_pipe, SIGPIPE);
        m_active = pthread_sigmask(SIG_BLOCK, &m_pipe, &m_old) == 0 && sigismember(&m_old, SIGPIPE) != 1;
    }
    ~SigPipeGuard()
    {
        if (!m_active)
            return;
        if (m_failed) {
            sigset_t pending;
            sigpending(&pending);
            if (sigismember(&pending, SIGPIPE) == 1) {
                const timespec zero{0, 0};
                while (sigtimedwait(&m_pipe, nullptr, &zero) == -1 && errno == EINTR) {
                }
            }
        }
        pthread_sigmask(SIG_SETMASK, &m_old, nullptr);
    }
    SigPipeGuard(const SigPipeGuard&) = delete;
    SigPipeGuard& operator=(const SigPipeGuard&) = delete;

    /// The guarded I/O failed: a SIGPIPE may be pending.
    void failed() noexcept { m_failed = true; }

private:
    sigset_t m_pipe{};
    sigset_t m_old{};
    bool m_active = false;
    bool m_failed = false;
};

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
    std::string detail = m_context && m_context->errstr[0] ? m_context->errstr : "connection lost";
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
    std::vector<size_t> lengths;
    auto argv = argvOf(args, lengths);
    SigPipeGuard guard;
    void* raw = redisCommandArgv(m_context, static_cast<int>(argv.size()), argv.data(), lengths.data());
    if (!raw) {
        guard.failed();
        fail("command " + (args.empty() ? std::string() : args.front()) + " failed");
    }
    return Reply(static_cast<redisReply*>(raw));
}

void RedisConnection::send(const std::vector<std::string>& args)
{
    ensureConnected();
    std::vector<size_t> lengths;
    auto argv = argvOf(args, lengths);
    SigPipeGuard guard;
    if (redisAppendCommandArgv(m_context, static_cast<int>(argv.size()), argv.data(), lengths.data())
        != REDIS_OK)
        fail("cannot queue " + args.front());
    int done = 0;
    while (!done) {
        if (redisBufferWrite(m_context, &done) != REDIS_OK) {
            guard.failed();
            fail("cannot send " + args.front());
        }
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
