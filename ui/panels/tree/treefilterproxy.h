#pragma once

#include "common/searchfilterproxy.h"

namespace treelock::ui {

/// Filters the lock tree by name (a node matches, its ancestors stay visible)
/// and, optionally, to nodes that are held, carry an intention or are expired.
class TreeFilterProxy : public SearchFilterProxy {
    Q_OBJECT
public:
    explicit TreeFilterProxy(QObject* parent = nullptr);
    void setOnlyLocked(bool on) { setCriterion(m_onlyLocked, on); }
    bool onlyLocked() const { return m_onlyLocked; }
    bool isFiltering() const { return m_onlyLocked || !searchText().isEmpty(); }
    /// Re-evaluates the filter after a lock state change (only needed when
    /// "only locked" is on; cheap otherwise).
    void lockStateChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    bool m_onlyLocked = false;
};

} // namespace treelock::ui
