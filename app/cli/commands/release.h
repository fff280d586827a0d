#pragma once

#include "treelock/leaseid.h"

namespace treelock::cli {

/// `release LEASE`.
struct ReleaseCommand {
    LeaseId lease;
};

} // namespace treelock::cli
