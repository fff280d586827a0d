#pragma once

#include "clivalues.h"

#include "treelock/engine.h"

#include <optional>
#include <string>

namespace treelock::cli {

/// `config [events=all|audit] [grace=MS|off] [--operator NAME]`: prints the
/// project's settings, or changes them.
struct ConfigCommand {
    std::optional<EventLevel> events;            ///< unset: no change
    std::optional<GraceSetting> grace;           ///< unset: no change
    std::optional<std::string> operatorName;     ///< unset: $USER, then "operator"
    bool changes() const noexcept { return events || grace; }
};

} // namespace treelock::cli
