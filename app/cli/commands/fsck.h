#pragma once

namespace treelock::cli {

/// `fsck [--repair]`.
struct FsckCommand {
    bool repair = false;
};

} // namespace treelock::cli
