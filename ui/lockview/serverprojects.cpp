#include "lockview/serverprojects.h"

#include <treelock/redistopology.h>

#include <algorithm>

namespace treelock::ui {

ProjectList listServerProjects(const RedisOptions& options)
{
    ProjectList out;
    for (const ProjectInfo& p : listProjects(options))
        out.push_back({QString::fromStdString(p.name), p.leases, QString::fromStdString(p.node), p.slot});
    return out;
}

ProjectList busyOthers(const ProjectList& projects, const QString& shown, const QString& except)
{
    ProjectList out;
    for (const ProjectLeases& p : projects)
        if (p.leases > 0 && p.name != shown && p.name != except)
            out.push_back(p);
    std::stable_sort(out.begin(), out.end(), [](const ProjectLeases& a, const ProjectLeases& b) {
        return a.leases != b.leases ? a.leases > b.leases : a.name < b.name;
    });
    return out;
}

} // namespace treelock::ui
