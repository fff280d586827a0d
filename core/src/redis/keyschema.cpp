#include "treelock/redisprotocol.h"

namespace treelock::redis {

KeySchema::KeySchema(std::string project)
    : m_project(std::move(project)), m_prefix("tl:{" + m_project + "}:")
{
}

std::string KeySchema::pattern() const { return m_prefix + "*"; }
std::string KeySchema::nodes() const { return m_prefix + "nodes"; }
std::string KeySchema::who() const { return m_prefix + "who"; }
std::string KeySchema::expiry() const { return m_prefix + "expiry"; }
std::string KeySchema::fence() const { return m_prefix + "fence"; }
std::string KeySchema::events() const { return m_prefix + "events"; }
std::string KeySchema::wake() const { return m_prefix + "wake"; }
std::string KeySchema::leasePrefix() const { return m_prefix + "lease:"; }

std::string KeySchema::lease(std::string_view id) const
{
    std::string key = leasePrefix();
    key += id;
    return key;
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
