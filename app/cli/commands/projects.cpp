// `projects`: every project on the server or cluster.

#include "commanddeclarations.h"

#include "cliformat.h"
#include "commandcontext.h"
#include "commands.h"

#include "treelock/redistopology.h"

#include <algorithm>
#include <iomanip>
#include <ostream>

namespace treelock::cli {

namespace {

int runProjects(CommandContext& ctx)
{
    const std::vector<ProjectInfo> projects = listProjects(ctx.redisOptions());
    std::ostream& out = ctx.out();
    const bool cluster = std::any_of(projects.begin(), projects.end(), [](const ProjectInfo& p) { return p.slot >= 0; });
    if (ctx.global().json) {
        Json list = Json::array();
        for (const auto& p : projects) {
            Json one{{"name", p.name}, {"leases", p.leases}, {"node", p.node}};
            if (p.slot >= 0)
                one["slot"] = p.slot;
            list.push_back(std::move(one));
        }
        out << dump(Json{{"projects", list}}) << "\n";
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

const CommandRegistration registration{{
    .rank = 100,
    .name = "projects",
    .summary = "every project on the server or cluster, with its leases",
    .help = "usage: treelock projects\n"
        "\n"
        "Lists every project on the primary, or on every primary of a Redis Cluster:\n"
        "its name, its leases (expired ones not yet reaped included) and the node\n"
        "serving it (with its slot on a cluster). A project appears once it has been\n"
        "granted a lock. Found with SCAN, never KEYS, so a large server is not\n"
        "blocked. --json: {\"projects\": [{name, leases, node[, slot]}]}.\n",
    .arguments = noArguments("projects"),
    .declare = withoutOptions(runProjects),
}};

} // namespace

} // namespace treelock::cli
