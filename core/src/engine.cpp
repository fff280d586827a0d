#include "treelock/engine.h"

#include "lockplan.h"

#include <numbers>
#include <utility>

namespace treelock {

std::string_view toString(LeaseStatus status) noexcept
{
    switch (status) {
    case LeaseStatus::Ok: return "ok";
    case LeaseStatus::Unknown: return "unknown";
    case LeaseStatus::Expired: return "expired";
    case LeaseStatus::Live: return "live";
    case LeaseStatus::Gone: return "gone";
    }
    return "unknown";
}

void validateLabel(std::string_view what, std::string_view value, bool required)
{
    detail::validateLabel(what, value, required);
}

double HotPath::perMinute() const noexcept
{
    const double halfLivesPerMinute = 60000.0 / static_cast<double>(kContentionHalfLife.count());
    return refusals * std::numbers::ln2 * halfLivesPerMinute;
}

namespace {

constexpr std::pair<EventType, std::string_view> kEventTypeNames[] = {
    {EventType::Grant, "grant"}, {EventType::Release, "release"}, {EventType::Expire, "expire"},
    {EventType::Force, "force"}, {EventType::Sweep, "sweep"},     {EventType::Config, "config"},
};

} // namespace

std::string_view toString(EventType type) noexcept
{
    for (const auto& [value, name] : kEventTypeNames)
        if (value == type)
            return name;
    return "unknown";
}

EventType parseEventType(std::string_view text) noexcept
{
    for (const auto& [value, name] : kEventTypeNames)
        if (name == text)
            return value;
    return EventType::Unknown;
}

std::string_view toString(EventLevel level) noexcept
{
    return level == EventLevel::Audit ? "audit" : "all";
}

std::optional<EventLevel> parseEventLevel(std::string_view text) noexcept
{
    if (text == "all")
        return EventLevel::All;
    if (text == "audit")
        return EventLevel::Audit;
    return std::nullopt;
}

} // namespace treelock
