#include "topologycommand.h"

#include "commandcontext.h"
#include "commands.h"
#include "handlers.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace treelock::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string plural(long long n, const std::string& word)
{
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

const char* kindName(Topology::Kind kind)
{
    switch (kind) {
    case Topology::Kind::Sentinel: return "sentinel";
    case Topology::Kind::Cluster: return "cluster";
    case Topology::Kind::Standalone: break;
    }
    return "standalone";
}

Json replicasJson(const std::vector<ReplicaStatus>& list)
{
    Json replicas = Json::array();
    for (const auto& r : list)
        replicas.push_back({{"address", r.address.text()},
                            {"state", r.state},
                            {"offset", r.offset},
                            {"bytes_behind", r.bytesBehind},
                            {"lag_s", r.lag.count()}});
    return replicas;
}

Json toJson(const Topology& t, const std::string& project)
{
    const Json replicas = replicasJson(t.replicas);
    Json sentinels = Json::array();
    for (const auto& s : t.sentinels) {
        Json one{{"address", s.address.text()}, {"reachable", s.reachable}};
        if (!s.error.empty())
            one["error"] = s.error;
        if (s.primary)
            one["primary"] = s.primary->text();
        if (s.reachable && s.error.empty()) {
            one["flags"] = s.flags;
            one["replicas"] = s.replicas;
            one["other_sentinels"] = s.otherSentinels;
        }
        sentinels.push_back(std::move(one));
    }
    Json out{{"kind", kindName(t.kind)}, {"url", t.url}};
    if (t.kind == Topology::Kind::Sentinel)
        out["master_name"] = t.masterName;
    out["project"] = project;
    if (t.primaryError.empty())
        out["primary"] = {{"address", t.primary}, {"role", t.role}, {"offset", t.primaryOffset}};
    else
        out["primary"] = {{"error", t.primaryError}};
    out["replicas"] = replicas;
    if (t.kind == Topology::Kind::Sentinel)
        out["sentinels"] = sentinels;
    if (t.kind == Topology::Kind::Cluster) {
        out["slot"] = t.slot;
        Json shards = Json::array();
        for (const auto& s : t.shards) {
            Json one{{"primary", s.primary.text()}, {"slots", s.slotRanges}, {"slot_count", s.slotCount}};
            if (s.error.empty()) {
                one["offset"] = s.offset;
                one["replicas"] = replicasJson(s.replicas);
            } else {
                one["error"] = s.error;
            }
            shards.push_back(std::move(one));
        }
        out["shards"] = shards;
    }
    return out;
}

} // namespace

std::string topologyText(const Topology& t, const std::string& project)
{
    std::ostringstream out;
    if (!t.primaryError.empty()) {
        out << "primary   unreachable: " << t.primaryError << "\n";
    } else {
        out << "primary   " << t.primary << "  serves project " << project;
        if (t.kind == Topology::Kind::Cluster)
            out << " (slot " << t.slot << ")";
        out << "  offset " << t.primaryOffset;
        if (t.role != "master")
            out << "  (ROLE says " << t.role << ")";
        out << "\n";
    }
    for (const auto& r : t.replicas)
        out << "replica   " << r.address.text() << "  " << r.state << "  offset " << r.offset << "  behind "
            << r.bytesBehind << " B  last ack " << r.lag.count() << " s ago\n";
    if (t.kind == Topology::Kind::Standalone && t.replicas.empty())
        out << "no replicas: a crash of this server loses what it did not persist\n";
    if (t.kind != Topology::Kind::Standalone && t.primaryError.empty() && t.replicas.empty())
        out << "no replica is connected to the primary: a failover now would have none to promote\n";
    for (const auto& s : t.shards) {
        out << "shard     " << s.primary.text() << "  slots " << s.slotRanges << " (" << s.slotCount << ")  ";
        if (!s.error.empty())
            out << "unreachable: " << s.error << "\n";
        else
            out << plural(static_cast<long long>(s.replicas.size()), "replica") << "  offset " << s.offset << "\n";
    }
    for (const auto& s : t.sentinels) {
        out << "sentinel  " << s.address.text() << "  ";
        if (!s.reachable || !s.error.empty())
            out << "unreachable: " << s.error << "\n";
        else
            out << "names " << (s.primary ? s.primary->text() : std::string("no primary")) << " as " << t.masterName
                << " [" << s.flags << "]  knows " << plural(s.replicas, "replica") << ", "
                << plural(s.otherSentinels, "other sentinel") << "\n";
    }
    return out.str();
}

int printTopology(const Topology& topology, const GlobalOptions& global, std::ostream& out)
{
    if (global.json)
        out << toJson(topology, global.project).dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
    else
        out << topologyText(topology, global.project);
    return topology.primaryError.empty() ? kExitOk : kExitUnreachable;
}

int printProjects(const std::vector<ProjectInfo>& projects, const GlobalOptions& global, std::ostream& out)
{
    const bool cluster = std::any_of(projects.begin(), projects.end(), [](const ProjectInfo& p) { return p.slot >= 0; });
    if (global.json) {
        Json list = Json::array();
        for (const auto& p : projects) {
            Json one{{"name", p.name}, {"leases", p.leases}, {"node", p.node}};
            if (p.slot >= 0)
                one["slot"] = p.slot;
            list.push_back(std::move(one));
        }
        out << Json{{"projects", list}}.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
        return kExitOk;
    }
    if (projects.empty()) {
        out << "no projects: none has been granted a lock on this server\n";
        return kExitOk;
    }
    std::size_t nameWidth = 7, nodeWidth = 4;
    for (const auto& p : projects) {
        nameWidth = std::max(nameWidth, p.name.size());
        nodeWidth = std::max(nodeWidth, p.node.size());
    }
    out << std::left << std::setw(int(nameWidth)) << "PROJECT" << "  " << std::right << std::setw(6) << "LEASES"
        << "  " << std::left << std::setw(int(cluster ? nodeWidth : 0)) << "NODE" << (cluster ? "  SLOT" : "") << "\n";
    for (const auto& p : projects) {
        out << std::left << std::setw(int(nameWidth)) << p.name << "  " << std::right << std::setw(6) << p.leases
            << "  " << std::left << std::setw(int(cluster ? nodeWidth : 0)) << p.node;
        if (cluster)
            out << "  " << p.slot;
        out << "\n";
    }
    return kExitOk;
}

int run(const TopologyCommand&, CommandContext& ctx)
{
    return printTopology(readTopology(redisOptionsFor(ctx.global(), ctx.env()), ctx.global().project), ctx.global(),
                         ctx.out());
}

int run(const ProjectsCommand&, CommandContext& ctx)
{
    return printProjects(listProjects(redisOptionsFor(ctx.global(), ctx.env())), ctx.global(), ctx.out());
}

} // namespace treelock::cli
