#pragma once

#include <QSortFilterProxyModel>

#include <string>

namespace treelock::ui {

/// Filters the lock tree by name (a node matches, its ancestors stay visible)
/// and, optionally, to nodes that are held, carry an intention or are expired.
class TreeFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit TreeFilterProxy(QObject* parent = nullptr);
    void setSearchText(const QString& text);
    void setOnlyLocked(bool on);
    bool onlyLocked() const { return m_onlyLocked; }
    bool isFiltering() const { return m_onlyLocked || !m_search.isEmpty(); }
    /// Re-evaluates the filter after a lock state change (only needed when
    /// "only locked" is on; cheap otherwise).
    void lockStateChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_search;
    bool m_onlyLocked = false;
};

/// Filters the lease table by text (owner, operation, paths, id) and by a node
/// (leases that touch it: on it, above it or below it).
class LeaseFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit LeaseFilterProxy(QObject* parent = nullptr);
    void setText(const QString& text);
    void setNodePath(const QString& path);
    const QString& nodePath() const { return m_node; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QString m_text;
    QString m_node;
};

/// Filters the event log by text (any column), by event type and by lease.
class EventLogFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit EventLogFilterProxy(QObject* parent = nullptr);
    void setText(const QString& text);
    /// int(LogEntry::Type), or -1 for every type.
    void setType(int type);
    /// Full lease id, or empty for every lease.
    void setLeaseId(const QString& id);
    const QString& leaseId() const { return m_lease; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_text;
    QString m_lease;
    int m_type = -1;
};

} // namespace treelock::ui
