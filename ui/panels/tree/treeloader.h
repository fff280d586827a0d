#pragma once

#include "lockview/projecttree.h"

#include <QString>

#include <functional>

namespace treelock::ui {

/// What loading a tree file or folder gave.
struct TreeLoad {
    ProjectTreeData tree;
    QString path;            ///< what was asked for
    QString error;           ///< why it failed (ok == false)
    bool ok = true;
};

/// Reads a local folder recursively (symbolic links are not followed).
/// `progress(n)` is called every few hundred entries with the number read so
/// far; returning false cancels (the partial tree is returned). Slow: call it
/// on a worker thread.
ProjectTreeData scanDirectory(const QString& root, const std::function<bool(qint64)>& progress = {});

/// Reads `path`: a folder through scanDirectory, anything else as a tree file
/// (parseTreeJson). Blocks on the disk: call it on a worker thread.
TreeLoad loadTree(const QString& path, const std::function<bool(qint64)>& progress = {});

} // namespace treelock::ui
