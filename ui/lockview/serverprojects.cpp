#include "lockview/serverprojects.h"

#include <treelock/redistopology.h>

namespace treelock::ui {

ProjectList listServerProjects(const RedisOptions& options)
{
    ProjectList out;
    for (const ProjectInfo& p : listProjects(options))
        out.push_back({QString::fromStdString(p.name), p.leases, QString::fromStdString(p.node), p.slot});
    return out;
}

} // namespace treelock::ui
