#include "panels/tree/treefilterproxy.h"

#include "lockview/locktreemodel.h"

namespace treelock::ui {

TreeFilterProxy::TreeFilterProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setDynamicSortFilter(false); // re-filtered explicitly: a 100k-node tree must not re-filter per row change
}

void TreeFilterProxy::setSearchText(const QString& text)
{
    if (text == m_search)
        return;
    m_search = text;
    invalidateFilter();
}

void TreeFilterProxy::setOnlyLocked(bool on)
{
    if (on == m_onlyLocked)
        return;
    m_onlyLocked = on;
    invalidateFilter();
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
    if (!m_search.isEmpty() && !idx.data(Qt::DisplayRole).toString().contains(m_search, Qt::CaseInsensitive))
        return false;
    return true;
}

} // namespace treelock::ui
