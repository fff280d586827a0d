#pragma once

#include "treelock/path.h"

#include <string>
#include <string_view>

namespace treelock::sim::detail {

/// Calls `visit(key, value)` for every key of `map` (canonical paths, ordered)
/// whose subtree region overlaps the subtree region `region`: its proper
/// ancestors, itself and its descendants. O(depth x log n + matches).
template <class Map, class Visit>
void forEachOverlapping(Map& map, std::string_view region, Visit&& visit)
{
    if (region == "/") {
        for (auto& [key, value] : map)
            visit(key, value);
        return;
    }
    for (const auto& ancestor : ancestorsOf(region)) {
        auto it = map.find(ancestor);
        if (it != map.end())
            visit(it->first, it->second);
    }
    auto it = map.find(region);
    if (it != map.end())
        visit(it->first, it->second);
    const std::string prefix = std::string(region) + "/";
    for (it = map.lower_bound(prefix); it != map.end() && it->first.starts_with(prefix); ++it)
        visit(it->first, it->second);
}

} // namespace treelock::sim::detail
