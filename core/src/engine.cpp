#include "treelock/engine.h"

namespace treelock {

std::string_view toString(LeaseStatus status) noexcept
{
    switch (status) {
    case LeaseStatus::Ok: return "ok";
    case LeaseStatus::Unknown: return "unknown";
    case LeaseStatus::Expired: return "expired";
    case LeaseStatus::Live: return "live";
    }
    return "unknown";
}

} // namespace treelock
