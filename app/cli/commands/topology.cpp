// `topology`: who serves the project.

#include "commanddeclarations.h"

#include "cliformat.h"
#include "commandcontext.h"
#include "commands.h"

#include "treelock/redistopology.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace treelock::cli {

namespace {

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

// The table `treelock topology` prints: one line per primary, replica and sentinel.
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


// Exit 0, or 5 when no primary could be reached (the sentinels' views and the
// other shards are printed all the same).
int runTopology(CommandContext& ctx)
{
    const Topology topology = readTopology(ctx.redisOptions(), ctx.global().project);
    if (ctx.global().json)
        ctx.out() << dump(toJson(topology, ctx.global().project)) << "\n";
    else
        ctx.out() << topologyText(topology, ctx.global().project);
    return topology.primaryError.empty() ? kExitOk : kExitUnreachable;
}

const CommandRegistration registration{{
    .rank = 90,
    .name = "topology",
    .summary = "the primary, replicas, sentinels or shards serving the project",
    .help = "usage: treelock topology\n"
        "\n"
        "Who serves the project: the primary (its ROLE and replication offset), each\n"
        "replica with its offset, bytes behind and time since its last acknowledgement,\n"
        "behind a redis+sentinel:// URL every sentinel with the primary it names, its\n"
        "flags and the replicas and sentinels it knows (or why it could not be asked),\n"
        "and on a redis+cluster:// URL the project's slot and every shard: its primary,\n"
        "slots and replicas. --json: one object with kind, url, project, primary,\n"
        "replicas, and sentinels or slot and shards. Exit 5 when no primary can be\n"
        "reached (the sentinels' views and the other shards are printed all the same).\n",
    .arguments = noArguments("topology"),
    .declare = withoutOptions(runTopology),
}};

} // namespace

} // namespace treelock::cli
