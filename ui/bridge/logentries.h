#pragma once

#include "lockview/lockstate.h"

#include <treelock/engine.h>

#include <chrono>
#include <optional>
#include <string>

namespace treelock::ui {

/// The grace a `grace=` setting names: nothing for "off" (or any other text).
std::optional<std::chrono::milliseconds> graceOf(const std::string& setting);

/// An event of the project's stream as the event log shows it (texts translated
/// in BridgeWorker's context). Pure; any thread.
LogEntry toLogEntry(const Event& e);

} // namespace treelock::ui
