#pragma once

#include "lockview/lockstate.h"

#include <QAbstractTableModel>

#include <string>
#include <unordered_map>
#include <vector>

namespace treelock::ui {

/// The lease table: one row per lease of the current LockState that passes
/// the filters (a node, a search text), in the chosen sort order. It filters
/// and sorts itself: a sorting proxy pays O(rows) for every row removed or
/// re-sorted, which is too much for a followed project where leases come and
/// go every millisecond. A state that follows the one shown is applied from its
/// delta (LockState::leasesSet, leasesGone), and a change of rows is one layout
/// change, so views keep the selection, the current row and the scroll
/// position. Never does I/O. GUI thread only.
class LeaseTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LeaseColumn, OwnerColumn, OperationColumn, PathsColumn, AgeColumn,
                  TimeLeftColumn, FenceColumn, StateColumn, ColumnCount };
    enum Role {
        LeaseIdRole = Qt::UserRole + 1, ///< QString full id
        StatusRole,                     ///< int(Status)
        PathsRole,                      ///< QStringList of request paths
    };
    enum class Status { Live, Expired, Revoked };

    explicit LeaseTableModel(QObject* parent = nullptr);
    ~LeaseTableModel() override;

    /// Shows `state`: from its delta when it follows the state shown, else
    /// from its whole lease list. One layout change when the rows change.
    /// O(changed × log rows + rows), or O(leases × log leases) without a delta.
    void applyState(LockStatePtr state);
    /// The clock moved: one dataChanged over the age, time-left and state
    /// columns (and, with `reorder`, a new order when sorted by state, which
    /// time changes).
    void tick(bool reorder = true);

    /// Only the leases that touch `path`: hold it, a path below it or one
    /// above it (which covers it). Empty: every lease.
    void setNodePath(const QString& path);
    const QString& nodePath() const { return m_nodePath; }
    /// Only the leases whose id, owner, operation or paths contain `text`, in
    /// any case. Empty: every lease.
    void setSearchText(const QString& text);
    const QString& searchText() const { return m_search; }

    /// Sorts by `column`; ties go by lease id, so the order is total.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

    /// Every lease of the state, shown or filtered out.
    int leaseCount() const { return int(m_entries.size()); }
    /// Leases expired now, by the clock: counted up to kCountedExpiries
    /// leases (O(leases)), above that the count of the state's decoration.
    int expiredCount() const;
    static constexpr std::size_t kCountedExpiries = 20000;
    /// The lease with `id`, shown or filtered out; null when the state lacks it.
    const LeaseInfo* findLease(const LeaseId& id) const;
    Status statusOf(const LeaseInfo& lease) const;
    const LeaseInfo* leaseAt(int row) const;
    /// The row that shows `id`, or -1 (not held, or filtered out).
    int rowOf(const LeaseId& id) const;
    Status statusAt(int row) const;
    LockStatePtr state() const { return m_state; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Entry {
        LeaseInfo lease;
        bool shown = false;  ///< in m_rows (not filtered out)
        bool stale = false;  ///< gone: not to be shown again (a state without delta)
    };
    bool accepts(const LeaseInfo& lease) const;
    bool matchesSearch(const LeaseInfo& lease) const;
    bool less(const Entry* a, const Entry* b) const;
    /// The rows again, all of them filtered and sorted from scratch.
    void rebuild();
    /// Sorts `rows` by less(), on keys held side by side (a million rows).
    void sortRows(std::vector<Entry*>& rows) const;
    /// Where `e` is in `rows` (sorted by less()), or -1: O(log rows).
    int rowIn(const std::vector<Entry*>& rows, const Entry* e) const;
    /// Shows `next` as the rows (each entry's `shown` says whether it is one):
    /// one layout change that moves the persistent indexes along with their
    /// leases (those of leases not shown become invalid), then frees `gone`.
    void showRows(std::vector<Entry*> next, const std::vector<LeaseId>& gone);
    /// The operation's name as the table shows it, cached (sorting and search compare it).
    const QString& operationShown(const std::string& operation) const;

    LockStatePtr m_state;                           // its clock and generation; the rows are copies
    std::unordered_map<LeaseId, Entry> m_entries;   // every lease of the state
    std::vector<Entry*> m_rows;                     // row -> the entry it shows
    QString m_nodePath;
    std::string m_node;                             // m_nodePath, UTF-8
    QString m_search;
    std::string m_needle;                           // m_search in lower case, UTF-8 (matched bytewise)
    int m_sortColumn = TimeLeftColumn;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    mutable std::unordered_map<std::string, QString> m_operationNames;
    mutable std::unordered_map<std::string, bool> m_operationMatches; // operation -> matches m_search
};

} // namespace treelock::ui
