#include "treelock/engine.h"

#include "lockplan.h"

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

void validateLabel(std::string_view what, std::string_view value, bool required)
{
    detail::validateLabel(what, value, required);
}

} // namespace treelock
