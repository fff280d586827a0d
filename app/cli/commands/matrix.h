#pragma once

#include <optional>
#include <string>

namespace treelock::cli {

/// `matrix [--profile fine|seed] [--markdown]`: the seed's permission table against
/// the engine (docs/permission-matrix.md). Needs no server.
struct MatrixCommand {
    std::optional<std::string> profile; ///< unset: fine (with --markdown: the whole docs page)
    bool markdown = false;              ///< --markdown (not with --json)
};

} // namespace treelock::cli
