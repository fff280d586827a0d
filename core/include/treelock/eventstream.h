#pragma once

#include "treelock/redisengine.h"

#include <optional>
#include <string>

namespace treelock {

/// Reads XINFO STREAM of the project's events. nullopt when the stream does not
/// exist or the server refuses XINFO (ACL: the least-privilege client user of
/// docs/security.md may not have it). Throws ConnectionError, InvalidInput.
std::optional<EventStreamInfo> readEventStreamInfo(const RedisOptions& options,
                                                   const std::string& project);

} // namespace treelock
