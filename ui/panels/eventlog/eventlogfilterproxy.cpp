#include "panels/eventlog/eventlogfilterproxy.h"

#include "panels/eventlog/eventlogmodel.h"

namespace treelock::ui {

bool EventLogFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QAbstractItemModel* m = sourceModel();
    const QModelIndex first = m->index(sourceRow, 0, sourceParent);
    if (m_type >= 0 && first.data(EventLogModel::TypeRole).toInt() != m_type)
        return false;
    if (!m_lease.isEmpty() && first.data(EventLogModel::LeaseIdRole).toString() != m_lease)
        return false;
    if (searchText().isEmpty())
        return true;
    for (int c = 0; c < EventLogModel::ColumnCount; ++c)
        if (matchesSearch(m->index(sourceRow, c, sourceParent).data(Qt::DisplayRole).toString()))
            return true;
    return matchesSearch(first.data(EventLogModel::LeaseIdRole).toString());
}

} // namespace treelock::ui
