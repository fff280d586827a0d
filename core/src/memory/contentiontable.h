#pragma once

#include "treelock/engine.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace treelock::detail {

/// MemoryEngine's table of the most refused paths, as `lua/contention.lua`
/// keeps it on Redis: forward-decayed scores, at most kContentionPaths paths and
/// kContentionPairs (wanted, blocking) operation pairs per path. Not
/// thread-safe: the engine's mutex guards it.
class ContentionTable {
public:
    /// Counts a refusal on `path` at `nowMs` (a refusal at t weighs
    /// 2^((t - epoch) / half-life); a new path replaces the lightest one, with
    /// its weight plus one, once the table is full). O(kContentionPaths) when a
    /// path enters a full table, O(log paths) otherwise.
    void countRefusal(const std::string& path, const std::string& wanted, const std::string& blocking,
                      std::int64_t nowMs);
    /// Moves the latest refusal on `path`, if it is in the table, to `nowMs`
    /// without counting one (a retry of a waiter blocked by the same thing).
    void touch(const std::string& path, std::int64_t nowMs);
    /// The `top` heaviest paths, heaviest first (among equals the highest path,
    /// as a sorted set's reverse range), scores decayed to `nowMs`; `waiters`
    /// is left 0 for the caller. O(paths log paths).
    std::vector<HotPath> top(std::size_t top, std::int64_t nowMs) const;

private:
    struct Entry {
        double score = 0; // refusals weighted 2^((t - epoch) / half-life)
        std::int64_t total = 0;
        std::int64_t lastMs = 0;
        std::vector<HotPath::Pair> pairs; // in the order they entered
    };

    std::map<std::string, Entry> m_paths;
    std::optional<std::int64_t> m_epochMs; // unset until the first refusal
};

} // namespace treelock::detail
