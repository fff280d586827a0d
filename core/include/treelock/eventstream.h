#pragma once

#include "treelock/redisengine.h"

#include <cstdint>
#include <optional>
#include <string>

namespace treelock {

/// What XINFO STREAM says about a project's event stream (Redis 7+).
struct EventStreamInfo {
    std::uint64_t length = 0;
    std::uint64_t entriesAdded = 0;     ///< events ever appended, trimmed or not
    std::string firstId;                ///< "" when empty
    /// True once the cap has removed entries from the start (the stream only
    /// ever loses entries by trimming: Treelock never runs XDEL).
    bool trimmed() const noexcept { return entriesAdded > length; }
};

/// Reads XINFO STREAM of the project's events. nullopt when the stream does not
/// exist or the server refuses XINFO (ACL: the least-privilege client user of
/// docs/security.md may not have it). Throws ConnectionError, InvalidInput.
std::optional<EventStreamInfo> readEventStreamInfo(const RedisOptions& options,
                                                   const std::string& project);

} // namespace treelock
