#pragma once

#include <string>

namespace treelock::cli {

/// `scenario FILE [--memory]`: plays a scenario (resources/scenarios/*.json).
struct ScenarioCommand {
    std::string file;
    bool memory = false;
};

} // namespace treelock::cli
