#pragma once

#include <QStringList>

class QTreeView;

namespace treelock::ui {

class LockTreeModel;

// While a simulation is shown the tree view shows another project; these keep
// the live project's expanded folders, so that the tree is as it was once the
// views go back to it. GUI thread only.

/// The canonical paths of the expanded rows of `view`, a view (through any
/// proxy) of a LockTreeModel, parents before children. O(rows shown).
QStringList expandedPaths(const QTreeView& view);

/// Expands the rows of `view` at `paths` (and their ancestors) that `model`,
/// the model under the view's proxy, has. O(paths x depth).
void expandPaths(QTreeView& view, const LockTreeModel& model, const QStringList& paths);

} // namespace treelock::ui
