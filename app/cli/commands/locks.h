#pragma once

namespace treelock::cli {

/// `locks [--watch]`.
struct LocksCommand {
    bool watch = false; ///< list, then print every change until SIGINT/SIGTERM
};

} // namespace treelock::cli
