#include "redisconnection.h"

#include "transport.h"
#include "treelock/error.h"

#include <hiredis/hiredis.h>

#include <charconv>

namespace treelock::detail {

namespace {

using Clock = std::chrono::steady_clock;

/// The first byte of a TLS record: an alert or a handshake.
bool looksLikeTls(char first) { return first == 0x15 || first == 0x16; }

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

int RedisConnection::socket() const noexcept { return m_transport ? m_transport->fd() : -1; }

void RedisConnection::disconnect() noexcept
{
    m_connecting = false;
    m_pending.clear();
    m_transport.reset();
    if (m_reader) {
        redisReaderFree(m_reader);
        m_reader = nullptr;
    }
}

void RedisConnection::failWith(const std::string& what, const std::string& detail, bool tls)
{
    const std::string message =
        "Redis at " + m_address.redacted() + ": " + (m_connecting ? std::string("cannot connect") : what) + ": " + detail;
    disconnect();
    if (tls)
        throw TlsError(message);
    throw ConnectionError(message);
}

template <typename Call>
auto RedisConnection::guarded(const std::string& what, Call&& call) -> decltype(call())
{
    try {
        return call();
    } catch (const TransportError& error) {
        std::string detail = error.what();
        // A plain client at a TLS-only port: the server drops it at once, unanswered.
        if (!m_address.tls && !m_anyRead && error.closed())
            detail += ": the server closed the connection without answering; does this port accept only TLS? "
                      "(then use a rediss:// URL)";
        failWith(what, detail, error.tls());
    }
}

std::optional<TlsPeer> RedisConnection::tlsPeer()
{
    ensureConnected();
    return m_transport->peer();
}

void RedisConnection::resolveWith(std::function<RedisAddress()> resolve, bool requirePrimary)
{
    disconnect();
    m_resolve = std::move(resolve);
    m_requirePrimary = requirePrimary;
}

void RedisConnection::ensureConnected()
{
    if (m_transport)
        return;
    if (m_resolve)
        m_address = m_resolve();
    if (m_address.tls && m_address.unixSocket)
        throw InvalidInput("Redis at " + m_address.redacted() + ": a Unix socket has no TLS");
    m_transport = guarded("cannot connect",
                          [&] { return Transport::open(m_address, Clock::now() + m_connectTimeout); });
    m_reader = redisReaderCreate();
    m_anyRead = false;
    if (!m_reader)
        failWith("cannot connect", "out of memory");
    ++m_connects;
    m_connecting = true;
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
        m_connecting = false; // connected, to the wrong server
        if (role != "master")
            failWith("connected", "it is not the primary (ROLE answered \"" + role + "\")");
    }
    m_connecting = false;
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
    Reply reply = next(what, Clock::now() + m_commandTimeout);
    if (!reply)
        failWith("command " + what + " failed", "no answer within " + std::to_string(m_commandTimeout.count()) + " ms");
    return reply;
}

Reply RedisConnection::next(const std::string& what, Clock::time_point deadline)
{
    for (;;) {
        void* raw = nullptr;
        if (redisReaderGetReply(m_reader, &raw) != REDIS_OK)
            // Something else listens there (a web server answers "<html>" or "HTTP/1.1").
            failWith("command " + what + " failed", std::string("the answer is not in the Redis protocol: is this a "
                                                                "Redis server? (")
                                                        + m_reader->errstr + ")");
        if (raw)
            return Reply(static_cast<redisReply*>(raw));
        char buffer[16 * 1024];
        const std::size_t n = guarded("command " + what + " failed",
                                      [&] { return m_transport->read(buffer, sizeof buffer, deadline); });
        if (n == 0)
            return nullptr;
        if (!m_anyRead && !m_address.tls && looksLikeTls(buffer[0]))
            failWith("command " + what + " failed",
                     "the server answered in TLS: this port speaks TLS, use a rediss:// URL", /*tls=*/true);
        m_anyRead = true;
        if (redisReaderFeed(m_reader, buffer, n) != REDIS_OK)
            failWith("command " + what + " failed", "out of memory");
    }
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

// The transport writes with MSG_NOSIGNAL (TLS included): a closed connection
// is an EPIPE error, never a SIGPIPE, and the process's signal disposition and
// mask stay the caller's.
void RedisConnection::flush(const std::string& what)
{
    if (m_pending.empty())
        return;
    guarded("cannot send " + what, [&] { m_transport->write(m_pending, Clock::now() + m_commandTimeout); });
    m_pending.clear();
}

Reply RedisConnection::readReply(Clock::time_point deadline)
{
    ensureConnected();
    return next("(pipelined)", deadline);
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
