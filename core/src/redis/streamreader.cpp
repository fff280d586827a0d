#include "redis/streamreader.h"

#include "redis/cluster.h"
#include "redis/sentinel.h"

#include "lockplan.h"
#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/redisurl.h"

#include <hiredis/hiredis.h>

#include <charconv>
#include <cmath>

namespace treelock::detail {

namespace {

ServerTime serverTime(long long ms) { return ServerTime(std::chrono::milliseconds(ms)); }

} // namespace

Event eventOfEntry(const redisReply* entry)
{
    Event e;
    e.id = textAt(entry, 0);
    // The server time of the event is its stream id's ("<ms>-<seq>"); events
    // written by earlier versions also carry it as "t".
    long long idMs = 0;
    std::from_chars(e.id.data(), e.id.data() + e.id.size(), idMs);
    e.time = serverTime(idMs);
    const redisReply* fields = replyElement(entry, 1);
    for (std::size_t f = 0; f + 1 < replySize(fields); f += 2) {
        const std::string key = textAt(fields, f);
        const std::string value = textAt(fields, f + 1);
        // The functions write integers as decimal text; events of earlier versions
        // hold numbers Redis formatted, which 7.2 and later write in exponent form
        // when they end in eight or more zeros ("1.7637e+15"). Both are read as
        // floating point (exact for integers below 2^53).
        auto asInt = [&value] {
            double v = 0;
            std::from_chars(value.data(), value.data() + value.size(), v);
            return static_cast<long long>(std::llround(v));
        };
        if (key == "type") e.type = parseEventType(value);
        else if (key == "t") e.time = serverTime(asInt());
        else if (key == "lease") e.lease = redis::leaseIdOfWire(value);
        else if (key == "owner") e.owner = value;
        else if (key == "op") e.operation = value;
        else if (key == "requests") e.requests = parseRequests(value);
        else if (key == "fence") e.fence = static_cast<std::uint64_t>(asInt());
        else if (key == "expires_ms") e.expiresAt = serverTime(asInt());
        else if (key == "by") e.by = value;
        else if (key == "host") e.host = value;
        else if (key == "reason") e.reason = value;
        else if (key == "was_live") e.wasLive = value == "1";
        else if (key == "count") e.count = asInt();
        else if (key == "setting") e.setting = value;
    }
    return e;
}

std::vector<Event> readEvents(RedisConnection& connection, const redis::KeySchema& keys,
                              const std::string& afterId, std::size_t max)
{
    const std::string start = (afterId.empty() || afterId == "0") ? "-" : "(" + afterId;
    const std::string stream = keys.events();
    const std::string count = std::to_string(max);
    Reply reply = connection.command({"XRANGE", stream, start, "+", "COUNT", count});
    if (reply->type == REDIS_REPLY_ERROR) {
        std::string text = replyText(reply.get());
        if (isClusterReply(text))
            throw ClusterReplyError(std::move(text));
        throw ScriptError("cannot read events: " + text);
    }
    std::vector<Event> out;
    out.reserve(replySize(reply.get()));
    for (std::size_t i = 0; i < replySize(reply.get()); ++i)
        out.push_back(eventOfEntry(reply->element[i]));
    return out;
}

std::optional<EventStreamInfo> readEventStreamInfo(RedisConnection& connection, const redis::KeySchema& keys)
{
    const std::string stream = keys.events();
    const Reply reply = connection.command({"XINFO", "STREAM", stream});
    return eventStreamInfoOf(reply.get());
}

std::optional<EventStreamInfo> eventStreamInfoOf(const redisReply* reply)
{
    if (!reply || reply->type != REDIS_REPLY_ARRAY)
        return std::nullopt;
    EventStreamInfo info;
    for (std::size_t i = 0; i + 1 < reply->elements; i += 2) {
        const std::string key = replyText(reply->element[i]);
        const redisReply* value = reply->element[i + 1];
        if (key == "length")
            info.length = static_cast<std::uint64_t>(replyInteger(value));
        else if (key == "entries-added")
            info.entriesAdded = static_cast<std::uint64_t>(replyInteger(value));
        else if (key == "first-entry" && value->type == REDIS_REPLY_ARRAY && value->elements >= 1)
            info.firstId = replyText(value->element[0]);
        else if (key == "last-generated-id")
            info.lastId = replyText(value);
    }
    return info;
}

} // namespace treelock::detail

namespace treelock {

std::optional<EventStreamInfo> readEventStreamInfo(const RedisOptions& options, const std::string& project)
{
    validateProject(project);
    detail::RedisConnection connection(
        detail::currentPrimary(RedisAddress::of(options), options.connectTimeout, options.commandTimeout,
                               redis::KeySchema(project).prefix()),
        options.connectTimeout, options.commandTimeout);
    return detail::readEventStreamInfo(connection, redis::KeySchema(project));
}

} // namespace treelock
