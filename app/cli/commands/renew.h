#pragma once

#include "treelock/leaseid.h"

#include <chrono>
#include <optional>

namespace treelock::cli {

/// `renew LEASE [--ttl MS]`.
struct RenewCommand {
    LeaseId lease;
    std::optional<std::chrono::milliseconds> ttl; ///< unset: the lease's own TTL
};

} // namespace treelock::cli
