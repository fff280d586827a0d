#pragma once

#include "cliparser.h"

#include "treelock/redistopology.h"

#include <ostream>
#include <string>

namespace treelock::cli {

/// `treelock topology`: `topology` as a table, or with --json one object.
/// Returns the exit code: 0, or 5 when no primary could be reached (the
/// sentinels' views are printed all the same).
int printTopology(const Topology& topology, const GlobalOptions& global, std::ostream& out);

/// `treelock projects`: one line per project, or with --json one object.
int printProjects(const std::vector<ProjectInfo>& projects, const GlobalOptions& global, std::ostream& out);

/// The table `treelock topology` prints: one line per primary, replica and sentinel.
std::string topologyText(const Topology& topology, const std::string& project);

} // namespace treelock::cli
