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

} // namespace treelock::ui
