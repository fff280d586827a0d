#pragma once

#include "lockview/lockstate.h"

#include "lockview/keyedtablemodel.h"

#include <QStringList>

#include <chrono>
#include <optional>
#include <unordered_map>
#include <vector>

namespace treelock::ui {

/// One row per registered waiter of the current LockState (Snapshot::waiters):
/// who waits, for what, how long, behind whom, and whom it holds back (the
/// waiters that queue behind it). Rows keep their place across states (gone
/// waiters are removed, new ones appended), so the selection survives; sorting
/// is the proxy's job. Never does I/O. GUI thread only.
class WaiterTableModel : public KeyedTableModel {
    Q_OBJECT
public:
    enum Column { OwnerColumn, OperationColumn, RequestsColumn, WaitingColumn, BehindColumn, HoldsBackColumn, ColumnCount };
    enum Role {
        WaiterIdRole = Qt::UserRole + 1, ///< QString: the lease id the waiter asks for
        SortRole,                        ///< milliseconds waited for Waiting, waiters held back for Holds back, else the text
        PathRole,                        ///< QString: the path it waits for (mainPath())
        BlockerLeaseRole,                ///< QString: Blocker::lease (a lease id, or a waiter id when queued)
        QueuedRole,                      ///< bool: Blocker::queued
        BlockerCountRole,                ///< int: blockers().size()
    };

    explicit WaiterTableModel(QObject* parent = nullptr);

    /// Diffs against the current rows: removes gone waiters (one remove per
    /// contiguous range), one dataChanged per range of changed rows, one insert
    /// for the new ones. O(waiters).
    void applyState(LockStatePtr state);
    /// The clock moved: one dataChanged over the Waiting column.
    void tick();
    /// The fairness grace of the project shown (nothing: fairness off), which
    /// the tooltips name; `known` false while it is not known.
    void setGrace(bool known, std::optional<std::chrono::milliseconds> grace = {});
    /// Some waiter holds another back (the Holds back column says something).
    bool anyHeldBack() const { return !m_heldBack.empty(); }

    /// Everything in the waiter's way (treelock::blockersOf): every lease and
    /// every older waiter that holds it back, as of the last state that listed
    /// the leases; its last refusal's blocker alone until one did. Empty for
    /// an unknown id.
    std::vector<Blocker> blockers(const LeaseId& waiter) const;

    const WaiterInfo* waiterAt(int row) const;
    int rowOf(const LeaseId& id) const;
    LockStatePtr state() const { return m_state; }
    /// The path a waiter is about: its first request that is not an intention
    /// (the first request when all are), or its clash path when it has none.
    static std::string mainPath(const WaiterInfo& waiter);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    /// The owners of the waiters that queue behind each waiter, by its id
    /// (only those that hold someone back). O(waiters).
    static std::unordered_map<std::string, QStringList> heldBackBy(const LockState& state);
    /// blockersOf() for every waiter of a decorated state, over the leases
    /// that touch its paths and their ancestors (the nodes hold them).
    /// O(waiter requests x depth x leases touching those nodes).
    static std::unordered_map<std::string, std::vector<Blocker>> blockersIn(const LockState& state);

    LockStatePtr m_state; // m_rows index its waiters, by id
    std::unordered_map<std::string, QStringList> m_heldBack; // heldBackBy(*m_state)
    std::unordered_map<std::string, std::vector<Blocker>> m_blockers; // blockersIn() of the last decorated state
    bool m_graceKnown = false;
    std::optional<std::chrono::milliseconds> m_grace;
};

} // namespace treelock::ui
