#pragma once

#include <cstdint>

namespace treelock::ui {

/// What runUiBench measured. Times in milliseconds (wall clock).
struct UiBenchResult {
    int nodes = 0;                  ///< tree nodes built
    int leases = 0;                 ///< leases in the snapshot
    int events = 0;                 ///< event-log entries appended
    double treeBuildMs = 0;         ///< LockTreeModel::setTree
    double decorateMs = 0;          ///< decorate() + diff: the worker's share of a full snapshot
    double snapshotApplyMs = 0;     ///< GUI share of the first full snapshot: tree + table models and proxies
    double snapshotTreeMs = 0;      ///< ... of which the tree model
    double deltaDecorateMs = 0;     ///< worker share of a snapshot where 10% of the leases changed
    double deltaApplyMs = 0;        ///< GUI share of that snapshot
    double deltaTreeMs = 0;         ///< ... of which the tree model
    double eventApplyMs = 0;        ///< appending `events` log entries in batches of 100
    std::int64_t peakRssKb = 0;     ///< process peak resident set size (getrusage)
};

/// Builds the Studio's models offscreen (no window) over a generated tree of
/// `nodes` nodes, decorates `leases` random leases and applies them as the
/// GUI would, then appends `events` event-log entries. Needs a
/// QCoreApplication (or Q(Gui)Application) to exist; call from its thread.
UiBenchResult runUiBench(int nodes, int leases, int events);

} // namespace treelock::ui
