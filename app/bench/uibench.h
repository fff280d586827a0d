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
    /// Following a project: a worker thread changes `leases` leases 1,000
    /// times a second and sends, as the bridge worker does for a busy project,
    /// their event-log entries and a state with its delta once a second; the GUI thread applies them under shown views (a tree, the
    /// lease table sorted by time left, the event log following its newest
    /// rows) and paints.
    int followChangesPerS = 0;
    int followStates = 0;           ///< states the GUI applied
    double followGuiMsPerS = 0;     ///< GUI thread CPU time per second of following
    double followWorkerMsPerS = 0;  ///< the worker's CPU time per second (decorate, diff, delta)
    double followLongestApplyMs = 0;///< the longest single state's apply on the GUI thread
    /// Then, under the same views, the GUI thread's time (repaint included)
    /// to sort the lease table by owner, to filter it by a text ("user1",
    /// leaving `filteredRows`), and to show only the tree's locked nodes.
    double sortMs = 0;
    double filterMs = 0;
    int filteredRows = 0;
    double onlyLockedMs = 0;
    std::int64_t peakRssKb = 0;     ///< process peak resident set size (getrusage)
    /// The Timeline panel shown (1400x400, the last 5 minutes, following
    /// "now") while a real simulation of `timelineUsers` users runs on the
    /// in-process engine at real-time speed: a worker reads its events and
    /// its snapshot (leases and waiters) every 250 ms and sends them as the
    /// bridge does, log batches and states with their delta. The GUI thread's
    /// CPU per second for the project's history (events and states), and for
    /// a shown simulation's (states alone).
    int timelineUsers = 0;
    double timelineEventsPerS = 0;  ///< stream events the timeline took per second
    double timelineGuiMsPerS = 0;   ///< GUI thread CPU per second, the project's history
    double timelineSimGuiMsPerS = 0;///< GUI thread CPU per second, a shown simulation's
    int timelineSpans = 0;          ///< spans the project's history held at the end
};

/// Builds the Studio's models offscreen (no window) over a generated tree of
/// `nodes` nodes, decorates `leases` random leases and applies them as the
/// GUI would, then appends `events` event-log entries; then follows a project
/// of `leases` leases for a few seconds under shown views (the follow* figures).
/// Needs a QApplication to exist; call from its thread.
UiBenchResult runUiBench(int nodes, int leases, int events);

} // namespace treelock::ui
