#pragma once

#include "clivalues.h"

#include "treelock/engine.h"
#include "treelock/policy.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace treelock::cli {

/// `acquire`: exactly one of `locks` (non-empty) and `operation` is set.
struct AcquireCommand {
    std::optional<std::string> owner;            ///< unset: $USER, then "anonymous"
    std::chrono::milliseconds ttl = kDefaultTtl;
    std::chrono::milliseconds wait{0};           ///< 0: one attempt
    std::optional<std::string> profile;          ///< --profile (a built-in name)
    std::optional<std::string> policyFile;       ///< --policy FILE.json
    std::vector<LockSpec> locks;                 ///< --lock ...
    std::optional<OperationCall> operation;      ///< --op OPERATION ARGS... (args as typed)
    std::optional<LeaseId> leaseId;              ///< --lease-id ID: repeatable with the same id
};

} // namespace treelock::cli
