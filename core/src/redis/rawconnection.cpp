#include "redis/redisconnection.h"
#include "redis/scriptregistry.h"
#include "redis/sentinel.h"
#include "treelock/error.h"
#include "treelock/redisprotocol.h"

#include <hiredis/hiredis.h>

namespace treelock::redis {

namespace {

Reply convert(const redisReply* r) { return detail::toReply(r); }

std::span<const std::string_view> spanOf(std::initializer_list<std::string_view> args)
{
    return {args.begin(), args.size()};
}

std::string commandName(std::initializer_list<std::string_view> args)
{
    return args.size() ? std::string(*args.begin()) : std::string();
}

} // namespace

const Reply& Reply::operator[](std::size_t i) const noexcept
{
    static const Reply nil;
    return i < elements.size() ? elements[i] : nil;
}

std::string Reply::describe() const
{
    switch (type) {
    case Type::Nil: return "(nil)";
    case Type::String:
    case Type::Error: return text;
    case Type::Integer: return std::to_string(integer);
    case Type::Array: return "[" + std::to_string(elements.size()) + " elements]";
    }
    return {};
}

struct RawConnection::Impl {
    Impl(const RedisAddress& address, std::chrono::milliseconds connectTimeout,
         std::chrono::milliseconds commandTimeout)
        : connection(detail::currentPrimary(address, connectTimeout, commandTimeout), connectTimeout, commandTimeout)
    {
        connection.ensureConnected();
    }

    detail::RedisConnection connection;
    detail::ScriptRegistry scripts;
};

RawConnection::RawConnection(const std::string& url, std::chrono::milliseconds connectTimeout,
                             std::chrono::milliseconds commandTimeout)
    : RawConnection(RedisAddress::parse(url), connectTimeout, commandTimeout)
{
}

RawConnection::RawConnection(const RedisAddress& address, std::chrono::milliseconds connectTimeout,
                             std::chrono::milliseconds commandTimeout)
    : m_impl(std::make_unique<Impl>(address, connectTimeout, commandTimeout))
{
}

RawConnection::~RawConnection() = default;

Reply RawConnection::command(std::span<const std::string_view> args)
{
    return convert(m_impl->connection.command(args).get());
}

Reply RawConnection::command(std::initializer_list<std::string_view> args) { return command(spanOf(args)); }

Reply RawConnection::command(const std::vector<std::string>& args)
{
    return convert(m_impl->connection.command(args).get());
}

void RawConnection::append(std::span<const std::string_view> args) { m_impl->connection.append(args); }

void RawConnection::append(std::initializer_list<std::string_view> args) { append(spanOf(args)); }

void RawConnection::append(const std::vector<std::string>& args)
{
    const std::vector<std::string_view> views(args.begin(), args.end());
    append(std::span<const std::string_view>(views));
}

Reply RawConnection::readReply() { return convert(m_impl->connection.readReply().get()); }

std::string RawConnection::text(std::initializer_list<std::string_view> args)
{
    const Reply reply = command(args);
    if (!reply.isString())
        throw ScriptError("Redis " + commandName(args) + " failed: " + reply.describe());
    return reply.text;
}

long long RawConnection::integer(std::initializer_list<std::string_view> args)
{
    const Reply reply = command(args);
    if (!reply.isInteger())
        throw ScriptError("Redis " + commandName(args) + ": expected an integer reply, got \"" + reply.describe()
                          + "\"");
    return reply.integer;
}

Reply RawConnection::run(const ScriptCall& call)
{
    return convert(m_impl->scripts.run(m_impl->connection, call).get());
}

void RawConnection::load(const Library& library) { detail::loadLibrary(m_impl->connection, library); }

std::string RawConnection::loadBody(std::string_view body, std::string_view what)
{
    return detail::loadScriptBody(m_impl->connection, body, what);
}

std::string RawConnection::describe() const { return m_impl->connection.address().redacted(); }

std::string clientLibraryVersion()
{
    return std::to_string(HIREDIS_MAJOR) + "." + std::to_string(HIREDIS_MINOR) + "." + std::to_string(HIREDIS_PATCH);
}

} // namespace treelock::redis
