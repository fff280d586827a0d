#include "treelock/redistopology.h"

#include "redis/cluster.h"
#include "redis/redisconnection.h"
#include "redis/sentinel.h"
#include "treelock/redisprotocol.h"
#include "treelock/error.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace treelock {

namespace {

std::int64_t toInt(std::string_view text)
{
    std::int64_t value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
}

/// Value of `key` in "k1=v1,k2=v2".
std::string_view valueOf(std::string_view fields, std::string_view key)
{
    std::size_t from = 0;
    while (from <= fields.size()) {
        const auto comma = fields.find(',', from);
        const std::string_view one = fields.substr(from, comma == std::string_view::npos ? fields.npos : comma - from);
        if (one.size() > key.size() && one.substr(0, key.size()) == key && one[key.size()] == '=')
            return one.substr(key.size() + 1);
        if (comma == std::string_view::npos)
            break;
        from = comma + 1;
    }
    return {};
}

SentinelStatus askSentinel(const HostPort& node, const RedisOptions& options, const RedisAddress& address)
{
    SentinelStatus status;
    status.address = node;
    try {
        const auto timeout = std::min(options.connectTimeout, detail::kSentinelAnswer);
        detail::RedisConnection sentinel(address.sentinelAt(node), timeout, timeout);
        const redis::Reply master = sentinel.call({"SENTINEL", "MASTER", address.masterName});
        status.reachable = true;
        if (master.isError()) {
            status.error = master.text;
            return status;
        }
        const std::string ip = detail::fieldOf(master, "ip");
        if (!ip.empty())
            status.primary = HostPort{ip, static_cast<int>(toInt(detail::fieldOf(master, "port")))};
        status.flags = detail::fieldOf(master, "flags");
        status.replicas = static_cast<int>(toInt(detail::fieldOf(master, "num-slaves")));
        status.otherSentinels = static_cast<int>(toInt(detail::fieldOf(master, "num-other-sentinels")));
    } catch (const ConnectionError& error) {
        status.error = error.what();
    }
    return status;
}

/// ROLE and INFO replication of the primary into `topology`. Throws ConnectionError.
void readPrimary(Topology& topology, const RedisAddress& primary, const RedisOptions& options)
{
    detail::RedisConnection connection(primary, options.connectTimeout, options.commandTimeout);
    if (topology.kind != Topology::Kind::Cluster)
        detail::refuseClusterNode(connection);
    topology.role = detail::roleOf(connection);
    const redis::Reply info = connection.call({"INFO", "replication"});
    if (info.isError())
        throw ScriptError("Redis refused INFO replication: " + info.text);
    topology.replicas = parseReplicas(info.text, &topology.primaryOffset);
}

std::string slotRanges(const std::vector<std::pair<int, int>>& ranges, int* count)
{
    std::string text;
    *count = 0;
    for (const auto& [first, last] : ranges) {
        text += (text.empty() ? "" : ",") + std::to_string(first) + (last > first ? "-" + std::to_string(last) : "");
        *count += last - first + 1;
    }
    return text;
}

Topology readCluster(const RedisAddress& address, const RedisOptions& options, const std::string& project)
{
    Topology topology;
    topology.kind = Topology::Kind::Cluster;
    topology.url = address.redacted();
    topology.slot = detail::hashSlot(redis::KeySchema(project).prefix());
    detail::ClusterMap map(address, options.connectTimeout, options.commandTimeout);
    bool found = false;
    for (const detail::ClusterShard& s : map.shards()) {
        ShardStatus shard;
        shard.primary = s.primary;
        shard.slotRanges = slotRanges(s.ranges, &shard.slotCount);
        const bool serves = std::any_of(s.ranges.begin(), s.ranges.end(), [&](const auto& r) {
            return r.first <= topology.slot && topology.slot <= r.second;
        });
        try {
            Topology one;
            one.kind = Topology::Kind::Cluster;
            readPrimary(one, address.at(s.primary), options);
            shard.offset = one.primaryOffset;
            shard.replicas = one.replicas;
            if (serves) {
                topology.role = one.role;
                topology.primaryOffset = one.primaryOffset;
                topology.replicas = one.replicas;
            }
        } catch (const Error& error) {
            shard.error = error.what();
            if (serves)
                topology.primaryError = s.primary.text() + ": " + error.what();
        }
        if (serves) {
            topology.primary = s.primary.text();
            found = true;
        }
        topology.shards.push_back(std::move(shard));
    }
    if (!found)
        topology.primaryError = "no shard serves slot " + std::to_string(topology.slot);
    return topology;
}

} // namespace

std::vector<ReplicaStatus> parseReplicas(const std::string& info, std::int64_t* primaryOffset)
{
    std::vector<ReplicaStatus> replicas;
    std::istringstream lines(info);
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        const std::string_view key(line.data(), colon);
        const std::string_view value(line.data() + colon + 1, line.size() - colon - 1);
        if (key == "master_repl_offset" && primaryOffset)
            *primaryOffset = toInt(value);
        if (key.substr(0, 5) != "slave" || key.size() == 5 || key[5] < '0' || key[5] > '9')
            continue;
        ReplicaStatus r;
        r.address = HostPort{std::string(valueOf(value, "ip")), static_cast<int>(toInt(valueOf(value, "port")))};
        r.state = std::string(valueOf(value, "state"));
        r.offset = toInt(valueOf(value, "offset"));
        r.lag = std::chrono::seconds(toInt(valueOf(value, "lag")));
        replicas.push_back(std::move(r));
    }
    if (primaryOffset)
        for (auto& r : replicas)
            r.bytesBehind = std::max<std::int64_t>(0, *primaryOffset - r.offset);
    return replicas;
}

Topology readTopology(const RedisOptions& options, const std::string& project)
{
    validateProject(project);
    const RedisAddress address = RedisAddress::of(options);
    if (address.isCluster())
        return readCluster(address, options, project);
    Topology topology;
    topology.url = address.redacted();
    RedisAddress primary = address;
    if (address.isSentinel()) {
        topology.kind = Topology::Kind::Sentinel;
        topology.masterName = address.masterName;
        for (const auto& node : address.sentinels)
            topology.sentinels.push_back(askSentinel(node, options, address));
        try {
            primary = detail::currentPrimary(address, options.connectTimeout, options.commandTimeout);
            topology.primary = HostPort{primary.host, primary.port}.text();
            readPrimary(topology, primary, options);
        } catch (const ConnectionError& error) {
            // What the sentinels say is what an operator needs most now.
            topology.primaryError = error.what();
        }
        return topology;
    }
    topology.primary = primary.unixSocket ? primary.host : HostPort{primary.host, primary.port}.text();
    readPrimary(topology, primary, options);
    return topology;
}

} // namespace treelock
