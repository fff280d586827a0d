#include "panels/tree/treefilterproxy.h"

#include "lockview/locktreemodel.h"

namespace treelock::ui {

TreeFilterProxy::TreeFilterProxy(QObject* parent) : SearchFilterProxy(parent)
{
    setRecursiveFilteringEnabled(true);
    setDynamicSortFilter(false); // re-filtered explicitly: a 100k-node tree must not re-filter per row change
}

void TreeFilterProxy::lockStateChanged()
{
    if (m_onlyLocked)
        invalidateFilter();
}

bool TreeFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!isFiltering())
        return true;
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_onlyLocked && !idx.data(LockTreeModel::LockedRole).toBool())
        return false;
    return matchesSearch(idx.data(Qt::DisplayRole).toString());
}

} // namespace treelock::ui
