#pragma once

#include <optional>
#include <string>

namespace treelock::cli {

/// `sweep [--operator NAME]`.
struct SweepCommand {
    std::optional<std::string> operatorName;
};

} // namespace treelock::cli
