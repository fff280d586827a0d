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

/// Arguments as hiredis wants them, on the stack for the usual short commands.
class Argv {
public:
    explicit Argv(std::span<const std::string_view> args)
    {
        if (args.size() > kInline) {
            m_heapPointers.resize(args.size());
            m_heapLengths.resize(args.size());
        }
        const char** pointers = this->pointers();
        std::size_t* lengths = this->lengths();
        for (std::size_t i = 0; i < args.size(); ++i) {
            pointers[i] = args[i].data();
            lengths[i] = args[i].size();
        }
    }
    const char** pointers() { return m_heapPointers.empty() ? m_pointers : m_heapPointers.data(); }
    std::size_t* lengths() { return m_heapLengths.empty() ? m_lengths : m_heapLengths.data(); }

private:
    static constexpr std::size_t kInline = 16;
    const char* m_pointers[kInline] = {};
    std::size_t m_lengths[kInline] = {};
    std::vector<const char*> m_heapPointers;
    std::vector<std::size_t> m_heapLengths;
};

std::string_view nameOf(std::span<const std::string_view> args)
{
    return args.empty() ? std::string_view() : args.front();
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

int RedisConnection::socket() const noexcept { return m_context ? m_context->fd : -1; }

void RedisConnection::disconnect() noexcept
{
    m_pending.clear();
    if (m_context) {
        redisFree(m_context);
        m_context = nullptr;
    }
}

void RedisConnection::fail(const std::string& what)
{
    std::string detail = m_context && m_context->errstr[0] ? m_context->errstr : "connection lost";
    // hiredis reports a read past the command timeout as EAGAIN's text.
    if (detail == std::strerror(EAGAIN) || detail == std::strerror(EWOULDBLOCK))
        detail = "no answer within " + std::to_string(m_commandTimeout.count()) + " ms";
    // Something else listens there (a web server answers "<html>" or "HTTP/1.1").
    if (m_context && m_context->err == REDIS_ERR_PROTOCOL)
        detail = "the answer is not in the Redis protocol: is this a Redis server? (" + detail + ")";
    failWith(what, detail);
}

void RedisConnection::failWith(const std::string& what, const std::string& detail)
{
    disconnect();
    throw ConnectionError("Redis at " + m_address.redacted() + ": " + what + ": " + detail);
}

void RedisConnection::resolveWith(std::function<RedisAddress()> resolve, bool requirePrimary)
{
    disconnect();
    m_resolve = std::move(resolve);
    m_requirePrimary = requirePrimary;
}

void RedisConnection::ensureConnected()
{
    if (m_context)
        return;
    if (m_resolve)
        m_address = m_resolve();
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
            throw AuthenticationError("Redis at " + m_address.redacted()
                                      + ": authentication failed: " + replyText(r.get()));
        }
    } else {
        // Without credentials, a server that requires them answers the first
        // command with NOAUTH; a large first command (a function library) would
        // instead be cut off with a protocol error that names no cause.
        // Other errors (BUSY, LOADING) are the next command's to meet.
        Reply r = command({"PING"});
        if (r->type == REDIS_REPLY_ERROR && replyText(r.get()).rfind("NOAUTH", 0) == 0) {
            const std::string text = replyText(r.get());
            disconnect();
            throw AuthenticationError("Redis at " + m_address.redacted() + " requires authentication (" + text
                                      + "): give a user and password in the URL or in TREELOCK_REDIS_USER and "
                                        "TREELOCK_REDIS_PASSWORD");
        }
    }
    if (m_address.db != 0) {
        Reply r = command({"SELECT", std::to_string(m_address.db)});
        if (r->type == REDIS_REPLY_ERROR) {
            disconnect();
            const std::string text = replyText(r.get());
            // A wrong URL, not an outage: a cluster node has only db 0.
            if (text.find("cluster mode") != std::string::npos)
                throw InvalidInput("Redis at " + m_address.redacted() + " is a Redis Cluster node, which has only db "
                                   "0: connect with a redis+cluster:// URL");
            throw ConnectionError("Redis at " + m_address.redacted() + ": cannot select db "
                                  + std::to_string(m_address.db) + ": " + text);
        }
    }
    if (m_requirePrimary) {
        const Reply r = command({"ROLE"});
        if (r->type == REDIS_REPLY_ERROR && replyText(r.get()).rfind("NOPERM", 0) == 0) {
            const std::string text = replyText(r.get());
            disconnect();
            throw AuthenticationError("Redis at " + m_address.redacted() + ": " + text
                                      + " (this user may not run ROLE, which tells a primary from a replica "
                                        "behind Sentinel: add +role to it, docs/security.md)");
        }
        const std::string role = r->type == REDIS_REPLY_ARRAY && r->elements > 0 ? replyText(r->element[0])
                                                                                 : replyText(r.get());
        if (role != "master")
            failWith("connected", "it is not the primary (ROLE answered \"" + role + "\")");
    }
}

Reply RedisConnection::command(std::span<const std::string_view> args)
{
    append(args);
    return receive(std::string(nameOf(args)));
}

Reply RedisConnection::command(std::initializer_list<std::string_view> args)
{
    return command(std::span<const std::string_view>(args.begin(), args.size()));
}

redis::Reply RedisConnection::call(std::initializer_list<std::string_view> args)
{
    return toReply(command(args).get());
}

redis::Reply probe(const RedisAddress& node, std::initializer_list<std::string_view> args,
                   std::chrono::milliseconds timeout)
{
    try {
        RedisConnection connection(node, timeout, timeout);
        return connection.call(args);
    } catch (const ConnectionError&) {
        return {};
    }
}

Reply RedisConnection::command(const std::vector<std::string>& args)
{
    std::vector<std::string_view> views(args.begin(), args.end());
    return command(std::span<const std::string_view>(views));
}

void RedisConnection::append(std::span<const std::string_view> args)
{
    ensureConnected();
    format(args);
}

Reply RedisConnection::readReply()
{
    ensureConnected();
    return receive("(pipelined)");
}

Reply RedisConnection::receive(const std::string& what)
{
    flush(what);
    void* raw = nullptr;
    if (redisGetReply(m_context, &raw) != REDIS_OK || !raw)
        fail("command " + what + " failed");
    return Reply(static_cast<redisReply*>(raw));
}

void RedisConnection::send(std::initializer_list<std::string_view> args)
{
    ensureConnected();
    format(std::span<const std::string_view>(args.begin(), args.size()));
    flush(std::string(nameOf(std::span<const std::string_view>(args.begin(), args.size()))));
}

void RedisConnection::format(std::span<const std::string_view> args)
{
    Argv argv(args);
    char* formatted = nullptr;
    const int length = redisFormatCommandArgv(&formatted, static_cast<int>(args.size()), argv.pointers(),
                                              argv.lengths());
    if (length < 0 || !formatted)
        failWith("cannot format " + std::string(nameOf(args)), "out of memory");
    const std::unique_ptr<char, void (*)(char*)> owned(formatted, &redisFreeCommand);
    m_pending.append(formatted, static_cast<std::size_t>(length));
}

// Writing to a socket the server has closed raises SIGPIPE, whose default action
// ends the process, and a library must not change the process's signal
// disposition or mask. So commands are formatted by hiredis but written here,
// with MSG_NOSIGNAL: a closed connection is an EPIPE error, never a signal, and
// it costs no system call beyond the write. hiredis's own output buffer stays
// empty, so redisGetReply only reads.
void RedisConnection::flush(const std::string& what)
{
    std::size_t done = 0;
    while (done < m_pending.size()) {
        const ssize_t n = ::send(m_context->fd, m_pending.data() + done, m_pending.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const bool timedOut = n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
            failWith("cannot send " + what,
                     timedOut ? "timed out" : (n < 0 ? std::strerror(errno) : "connection closed"));
        }
        done += static_cast<std::size_t>(n);
    }
    m_pending.clear();
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

const redisReply* replyElement(const redisReply* reply, std::size_t i)
{
    if (!reply || reply->type != REDIS_REPLY_ARRAY || i >= reply->elements)
        throw ScriptError("unexpected reply from a Treelock script: missing element " + std::to_string(i));
    return reply->element[i];
}

long long integerAt(const redisReply* reply, std::size_t i) { return replyInteger(replyElement(reply, i)); }
std::string textAt(const redisReply* reply, std::size_t i) { return replyText(replyElement(reply, i)); }

std::size_t replySize(const redisReply* reply) noexcept
{
    return reply && reply->type == REDIS_REPLY_ARRAY ? reply->elements : 0;
}

redis::Reply toReply(const redisReply* r)
{
    redis::Reply out;
    if (!r)
        return out;
    switch (r->type) {
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
        out.type = redis::Reply::Type::String;
        out.text.assign(r->str, r->len);
        break;
    case REDIS_REPLY_ERROR:
        out.type = redis::Reply::Type::Error;
        out.text.assign(r->str, r->len);
        break;
    case REDIS_REPLY_INTEGER:
        out.type = redis::Reply::Type::Integer;
        out.integer = r->integer;
        break;
    case REDIS_REPLY_ARRAY:
        out.type = redis::Reply::Type::Array;
        out.elements.reserve(r->elements);
        for (std::size_t i = 0; i < r->elements; ++i)
            out.elements.push_back(toReply(r->element[i]));
        break;
    default:
        break;
    }
    return out;
}

long long replyInteger(const redis::Reply& reply)
{
    if (reply.isInteger())
        return reply.integer;
    if (reply.isString()) {
        long long value = 0;
        const char* end = reply.text.data() + reply.text.size();
        auto [stop, ec] = std::from_chars(reply.text.data(), end, value);
        if (ec == std::errc() && stop == end)
            return value;
    }
    throw ScriptError("unexpected reply from Redis: expected an integer, got \"" + reply.text + "\"");
}

const redis::Reply& replyElement(const redis::Reply& reply, std::size_t i)
{
    if (!reply.isArray() || i >= reply.size())
        throw ScriptError("unexpected reply from a Treelock script: missing element " + std::to_string(i));
    return reply.elements[i];
}

long long integerAt(const redis::Reply& reply, std::size_t i) { return replyInteger(replyElement(reply, i)); }
std::string textAt(const redis::Reply& reply, std::size_t i) { return replyElement(reply, i).text; }

std::string fieldOf(const redis::Reply& reply, std::string_view name)
{
    for (std::size_t i = 0; i + 1 < reply.size(); i += 2)
        if (reply[i].text == name)
            return reply[i + 1].text;
    return {};
}

} // namespace treelock::detail
