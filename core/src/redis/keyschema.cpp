#include "treelock/redisprotocol.h"

namespace treelock::redis {

KeySchema::KeySchema(std::string project, WakeDelivery wake)
    : m_project(std::move(project)), m_prefix("tl:{" + m_project + "}:"), m_wake(wake)
{
}

std::string KeySchema::pattern() const { return m_prefix + "*"; }
std::string KeySchema::nodes() const { return m_prefix + "nodes"; }
std::string KeySchema::who() const { return m_prefix + "who"; }
std::string KeySchema::expiry() const { return m_prefix + "expiry"; }
std::string KeySchema::fence() const { return m_prefix + "fence"; }
std::string KeySchema::events() const { return m_prefix + "events"; }
std::string KeySchema::wake() const { return m_prefix + "wake"; }
std::string KeySchema::leases() const { return m_prefix + "leases"; }

std::string_view KeySchema::publishCommand() const noexcept
{
    return m_wake == WakeDelivery::Sharded ? "SPUBLISH" : "PUBLISH";
}

std::string_view KeySchema::subscribeCommand() const noexcept
{
    return m_wake == WakeDelivery::Sharded ? "SSUBSCRIBE" : "SUBSCRIBE";
}

std::string KeySchema::nodeField(std::string_view path, LockMode mode)
{
    std::string field(path);
    field += '|';
    field += toString(mode);
    return field;
}

std::pair<std::string, std::optional<LockMode>> KeySchema::splitNodeField(std::string_view field)
{
    const auto bar = field.rfind('|');
    if (bar == std::string_view::npos)
        return {std::string(field), std::nullopt};
    return {std::string(field.substr(0, bar)), parseLockMode(field.substr(bar + 1))};
}

} // namespace treelock::redis
