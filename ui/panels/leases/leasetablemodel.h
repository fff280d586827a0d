#pragma once

#include "lockview/lockstate.h"

#include "lockview/keyedtablemodel.h"

#include <unordered_map>
#include <vector>

namespace treelock::ui {

/// One row per lease of the current LockState. Rows keep their place across
/// states (removed rows go, new ones are appended) so selection and scrolling
/// survive; sorting is the proxy's job. Never does I/O. GUI thread only.
class LeaseTableModel : public KeyedTableModel {
    Q_OBJECT
public:
    enum Column { LeaseColumn, OwnerColumn, OperationColumn, PathsColumn, AgeColumn,
                  TimeLeftColumn, FenceColumn, StateColumn, ColumnCount };
    enum Role {
        LeaseIdRole = Qt::UserRole + 1, ///< QString full id
        SortRole,                       ///< numbers for the time columns
        StatusRole,                     ///< int(Status)
        PathsRole,                      ///< QStringList of request paths
    };
    enum class Status { Live, Expired, Revoked };

    explicit LeaseTableModel(QObject* parent = nullptr);

    /// Diffs against the current rows: removes gone leases (one remove per
    /// contiguous range), one dataChanged per range of changed rows, one
    /// insert for the new ones. O(leases).
    void applyState(LockStatePtr state);
    /// The clock moved: one dataChanged over the age, time-left and state columns.
    void tick();

    const LeaseInfo* leaseAt(int row) const;
    int rowOf(const LeaseId& id) const;
    Status statusAt(int row) const;
    LockStatePtr state() const { return m_state; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    LockStatePtr m_state; // m_rows index its leases, by id
};

} // namespace treelock::ui
