#include "redis/cluster.h"
#include "redis/redisconnection.h"
#include "redis/sentinel.h"
#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/redisprotocol.h"
#include "treelock/redistopology.h"

#include <algorithm>
#include <map>
#include <string>

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

/// "host:port" of a primary, or its socket path.
std::string shownAs(const RedisAddress& primary)
{
    return primary.unixSocket ? primary.host : HostPort{primary.host, primary.port}.text();
}

/// Counts the leases of `names` on `connection`'s server and appends them to
/// `out`: TIME, then per project (EXISTS when `checkExists`,) ZCARD and ZCOUNT
/// of the expiry index up to now, all in one round trip after TIME.
void countOn(detail::RedisConnection& connection, std::vector<std::string> names, const std::string& shown,
             bool cluster, bool checkExists, std::vector<ProjectInfo>& out)
{
    const redis::Reply time = connection.call({"TIME"}); // also says the server answers
    if (names.empty())
        return;
    if (time.isError())
        throw ScriptError("Redis at " + shown + " refused TIME: " + time.text);
    const std::int64_t nowMs
        = std::stoll(detail::textAt(time, 0)) * 1000 + std::stoll(detail::textAt(time, 1)) / 1000;
    const std::string now = std::to_string(nowMs);
    for (const auto& name : names) {
        const redis::KeySchema keys(name);
        const std::string state = keys.state(), expiry = keys.expiry();
        if (checkExists) {
            const std::string_view exists[] = {"EXISTS", state};
            connection.append(exists);
        }
        const std::string_view count[] = {"ZCARD", expiry};
        connection.append(count);
        const std::string_view expired[] = {"ZCOUNT", expiry, "-inf", now};
        connection.append(expired);
    }
    const auto integerOf = [](const redis::Reply& reply) { return reply.isInteger() ? reply.integer : 0; };
    for (auto& name : names) {
        const bool exists = !checkExists || integerOf(detail::toReply(connection.readReply().get())) > 0;
        ProjectInfo info;
        info.leases = integerOf(detail::toReply(connection.readReply().get()));
        info.expired = integerOf(detail::toReply(connection.readReply().get()));
        if (!exists)
            continue;
        info.node = shown;
        if (cluster)
            info.slot = detail::hashSlot(redis::KeySchema(name).prefix());
        info.name = std::move(name);
        out.push_back(std::move(info));
    }
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
    countOn(connection, std::move(names), shown, cluster, false, out);
}

void sortByName(std::vector<ProjectInfo>& projects)
{
    std::sort(projects.begin(), projects.end(),
              [](const ProjectInfo& a, const ProjectInfo& b) { return a.name < b.name; });
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
        scanNode(primary, shownAs(primary), options, false, projects);
    }
    sortByName(projects);
    return projects;
}

std::vector<ProjectInfo> countProjects(const RedisOptions& options, const std::vector<std::string>& names)
{
    for (const auto& name : names)
        validateProject(name);
    const RedisAddress address = RedisAddress::of(options);
    std::vector<ProjectInfo> projects;
    if (address.isCluster()) {
        detail::ClusterMap map(address, options.connectTimeout, options.commandTimeout);
        map.refresh(); // the slot map is read even when no project is named: the nodes answer
        std::map<std::string, std::pair<RedisAddress, std::vector<std::string>>> byPrimary;
        for (const auto& name : names) {
            const RedisAddress primary = map.primaryFor(detail::hashSlot(redis::KeySchema(name).prefix()));
            auto& entry = byPrimary.try_emplace(shownAs(primary), primary, std::vector<std::string>{}).first->second;
            entry.second.push_back(name);
        }
        for (auto& [shown, entry] : byPrimary) {
            detail::RedisConnection connection(entry.first, options.connectTimeout, options.commandTimeout);
            countOn(connection, std::move(entry.second), shown, true, true, projects);
        }
    } else {
        const RedisAddress primary = detail::currentPrimary(address, options.connectTimeout, options.commandTimeout);
        detail::RedisConnection connection(primary, options.connectTimeout, options.commandTimeout);
        detail::refuseClusterNode(connection);
        countOn(connection, names, shownAs(primary), false, true, projects);
    }
    sortByName(projects);
    return projects;
}

} // namespace treelock
