#include "topologycommand.h"

#include "commands.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace treelock::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string plural(long long n, const std::string& word)
{
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

Json toJson(const Topology& t, const std::string& project)
{
    Json replicas = Json::array();
    for (const auto& r : t.replicas)
        replicas.push_back({{"address", r.address.text()},
                            {"state", r.state},
                            {"offset", r.offset},
                            {"bytes_behind", r.bytesBehind},
                            {"lag_s", r.lag.count()}});
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
    Json out{{"kind", t.kind == Topology::Kind::Sentinel ? "sentinel" : "standalone"}, {"url", t.url}};
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
    return out;
}

} // namespace

std::string topologyText(const Topology& t, const std::string& project)
{
    std::ostringstream out;
    if (!t.primaryError.empty()) {
        out << "primary   unreachable: " << t.primaryError << "\n";
    } else {
        out << "primary   " << t.primary << "  serves project " << project << "  offset " << t.primaryOffset;
        if (t.role != "master")
            out << "  (ROLE says " << t.role << ")";
        out << "\n";
    }
    for (const auto& r : t.replicas)
        out << "replica   " << r.address.text() << "  " << r.state << "  offset " << r.offset << "  behind "
            << r.bytesBehind << " B  last ack " << r.lag.count() << " s ago\n";
    if (t.kind == Topology::Kind::Standalone && t.replicas.empty())
        out << "no replicas: a crash of this server loses what it did not persist\n";
    if (t.kind == Topology::Kind::Sentinel && t.primaryError.empty() && t.replicas.empty())
        out << "no replica is connected to the primary: a failover now would have none to promote\n";
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

} // namespace treelock::cli
