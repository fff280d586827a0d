#include "redis/cluster.h"
#include "redis/redisconnection.h"
#include "redis/sentinel.h"
#include "treelock/error.h"
#include "treelock/redisprotocol.h"
#include "treelock/redistopology.h"

#include <algorithm>

namespace treelock {

namespace {

// A project's state hash lives from its first grant on (its counters keep the
// fencing token), so it names every project that ever held a lock.
constexpr std::string_view kStatePattern = "tl:{*}:state";

/// The project of a key "tl:{<project>}:state", or "" when it is not one.
std::string projectOfStateKey(std::string_view key)
{
    constexpr std::string_view head = "tl:{", tail = "}:state";
    if (key.size() <= head.size() + tail.size() || key.substr(0, head.size()) != head
        || key.substr(key.size() - tail.size()) != tail)
        return {};
    return std::string(key.substr(head.size(), key.size() - head.size() - tail.size()));
}

/// The projects on one primary. Throws ConnectionError, ScriptError.
void scanNode(const RedisAddress& node, const std::string& shown, const RedisOptions& options, bool cluster,
              std::vector<ProjectInfo>& out)
{
    detail::RedisConnection connection(node, options.connectTimeout, options.commandTimeout);
    if (!cluster)
        detail::refuseClusterNode(connection);
    std::vector<std::string> names;
    std::string cursor = "0";
    do {
        const redis::Reply reply
            = connection.call({"SCAN", cursor, "MATCH", kStatePattern, "COUNT", "1000", "TYPE", "hash"});
        if (reply.isError())
            throw ScriptError("Redis at " + shown + " refused SCAN: " + reply.text);
        cursor = detail::textAt(reply, 0);
        const redis::Reply& batch = detail::replyElement(reply, 1);
        for (const auto& key : batch.elements) {
            std::string name = projectOfStateKey(key.text);
            if (!name.empty())
                names.push_back(std::move(name));
        }
    } while (cursor != "0");
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    // One round trip for every count.
    for (const auto& name : names) {
        const std::string key = redis::KeySchema(name).expiry();
        const std::string_view args[] = {"ZCARD", key};
        connection.append(args);
    }
    for (auto& name : names) {
        const redis::Reply count = detail::toReply(connection.readReply().get());
        ProjectInfo info;
        info.leases = count.isInteger() ? count.integer : 0;
        info.node = shown;
        if (cluster)
            info.slot = detail::hashSlot(redis::KeySchema(name).prefix());
        info.name = std::move(name);
        out.push_back(std::move(info));
    }
}

} // namespace

std::vector<ProjectInfo> listProjects(const RedisOptions& options)
{
    const RedisAddress address = RedisAddress::of(options);
    std::vector<ProjectInfo> projects;
    if (address.isCluster()) {
        detail::ClusterMap map(address, options.connectTimeout, options.commandTimeout);
        for (const auto& shard : map.shards())
            scanNode(address.at(shard.primary), shard.primary.text(), options, true, projects);
    } else {
        const RedisAddress primary = detail::currentPrimary(address, options.connectTimeout, options.commandTimeout);
        const std::string shown = primary.unixSocket ? primary.host : HostPort{primary.host, primary.port}.text();
        scanNode(primary, shown, options, false, projects);
    }
    std::sort(projects.begin(), projects.end(),
              [](const ProjectInfo& a, const ProjectInfo& b) { return a.name < b.name; });
    return projects;
}

} // namespace treelock
