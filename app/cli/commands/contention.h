#pragma once

#include "treelock/engine.h"

#include <cstddef>

namespace treelock::cli {

/// `contention [--top N]`: the most refused paths, hottest first.
struct ContentionCommand {
    std::size_t top = 10;                        ///< 1..kContentionPaths
};

} // namespace treelock::cli
