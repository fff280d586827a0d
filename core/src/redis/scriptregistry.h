#pragma once

#include "redis/redisconnection.h"
#include "treelock/redisprotocol.h"

#include <array>
#include <string>
#include <string_view>

namespace treelock::detail {

/// lua/<name>.lua as embedded by cmake/EmbedFiles.cmake ("" if there is none).
std::string_view embeddedScript(std::string_view name);

/// Whether the server has the embedded function library: loaded on demand and
/// again when FCALL answers "Function not found" (FUNCTION FLUSH, or a server
/// started empty without persistence). Not thread-safe.
class ScriptRegistry {
public:
    /// FUNCTION LOAD of the embedded library (a library of that version already
    /// there is kept). A user without the right to load is let through: the
    /// first call that finds no library throws the refusal. Throws ScriptError,
    /// ConnectionError.
    void loadAll(RedisConnection& connection);
    /// FCALL of `call`, loading the library when the server does not have it.
    /// Other error replies are returned as they are. Throws ScriptError if the
    /// library keeps disappearing.
    Reply run(RedisConnection& connection, const redis::ScriptCall& call);

private:
    bool m_loaded = false;
    std::string m_cannotLoad; ///< the NOPERM refusal of FUNCTION LOAD, if any
};

/// SCRIPT LOAD of `body`; throws ScriptError naming `what` if Redis refuses it.
std::string loadScriptBody(RedisConnection& connection, std::string_view body, std::string_view what);
/// FUNCTION LOAD of `library`; a library of that name already loaded counts as
/// loaded. Throws ScriptError naming the library if Redis refuses it.
void loadLibrary(RedisConnection& connection, const redis::Library& library);

} // namespace treelock::detail
