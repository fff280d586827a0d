#pragma once

#include "redis/redisconnection.h"
#include "treelock/engine.h"
#include "treelock/eventstream.h"
#include "treelock/redisprotocol.h"

#include <optional>
#include <string>
#include <vector>

namespace treelock::detail {

/// One stream entry as XRANGE and XREAD list it: [id, [field, value, ...]].
Event eventOfEntry(const redisReply* entry);

/// Up to `max` events of the project's stream after id `afterId` ("" or "0":
/// from the first), oldest first (XRANGE). Throws ScriptError on an error reply.
std::vector<Event> readEvents(RedisConnection& connection, const redis::KeySchema& keys,
                              const std::string& afterId, std::size_t max);

/// An XINFO STREAM reply; nothing when it is not one (no stream, or refused).
std::optional<EventStreamInfo> eventStreamInfoOf(const redisReply* reply);

/// XINFO STREAM of the project's events; nothing when there is no stream.
std::optional<EventStreamInfo> readEventStreamInfo(RedisConnection& connection, const redis::KeySchema& keys);

} // namespace treelock::detail
