#pragma once

#include "treelock/leaseid.h"

#include <chrono>
#include <optional>
#include <string>

namespace treelock::cli {

/// `force-release (LEASE | --blockers-of WAITER) --reason TEXT [--admin] [--lock-delay MS]
/// [--operator NAME]`.
struct ForceReleaseCommand {
    LeaseId lease;                               ///< the id, or its first 8 or more digits; empty with blockersOf
    /// --blockers-of: the waiter (its id, or its first 8 or more digits) whose
    /// blocking leases are revoked and older waiters cancelled, as admin.
    std::optional<std::string> blockersOf;
    std::string reason;
    bool admin = false;
    std::chrono::milliseconds lockDelay{0};
    std::optional<std::string> operatorName;     ///< unset: $USER, then "operator"
};

} // namespace treelock::cli
