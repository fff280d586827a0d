#pragma once

#include <QSortFilterProxyModel>

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

} // namespace treelock::ui
