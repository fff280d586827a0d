#pragma once

#include "lockview/lockstate.h"

#include <QAbstractTableModel>

#include <deque>

namespace treelock::ui {

/// The project's event stream as the Studio saw it, plus what the Studio did
/// itself (refused acquires of a scenario, operator actions). Append-only; keeps
/// the newest `limit` entries (older ones are dropped in chunks). GUI thread only.
class EventLogModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TimeColumn, TypeColumn, OwnerColumn, OperationColumn, PathsColumn,
                  LeaseColumn, DetailColumn, ColumnCount };
    enum Role {
        TypeRole = Qt::UserRole + 1, ///< int(LogEntry::Type)
        LeaseIdRole,                 ///< QString full lease id (empty for sweeps, infos)
        FirstPathRole,               ///< QString first path of the entry's requests, or empty
    };

    explicit EventLogModel(QObject* parent = nullptr);

    /// One insert per batch. O(batch).
    void append(const std::vector<LogEntry>& batch);
    void append(const LogEntry& entry) { append(std::vector<LogEntry>{entry}); }
    void clear();
    void setLimit(int limit) { m_limit = limit; }
    const LogEntry& entryAt(int row) const { return m_entries[std::size_t(row)]; }

    static QString typeName(LogEntry::Type type);
    /// The first path of a "X /A/C, X /B/C" request list ("/A/C"), or empty.
    static QString firstPath(const QString& paths);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::deque<LogEntry> m_entries;
    int m_limit = 50000;
};

} // namespace treelock::ui
