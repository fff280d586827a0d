#pragma once

#include "redis/redisconnection.h"
#include "treelock/redisprotocol.h"

#include <array>
#include <string>
#include <string_view>

namespace treelock::detail {

/// lua/<name>.lua as embedded by cmake/EmbedFiles.cmake ("" if there is none).
std::string_view embeddedScript(std::string_view name);

/// The SHAs of the scripts on one server: loaded on demand and again after
/// NOSCRIPT (a restart or SCRIPT FLUSH forgets them). Not thread-safe.
class ScriptRegistry {
public:
    /// SCRIPT LOAD of every script. Throws ScriptError, ConnectionError.
    void loadAll(RedisConnection& connection);
    /// SCRIPT LOAD of one script; remembers and returns its SHA.
    const std::string& load(RedisConnection& connection, redis::Script script);
    /// EVALSHA of `call`, loading the script when its SHA is unknown or the
    /// server answers NOSCRIPT. Other error replies are returned as they are.
    /// Throws ScriptError if the server keeps answering NOSCRIPT.
    Reply run(RedisConnection& connection, const redis::ScriptCall& call);

private:
    std::array<std::string, 7> m_shas;
};

/// SCRIPT LOAD of `body`; throws ScriptError naming `what` if Redis refuses it.
std::string loadScriptBody(RedisConnection& connection, std::string_view body, std::string_view what);

} // namespace treelock::detail
