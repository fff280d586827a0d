#include "panels/eventlog/eventlogfilterproxy.h"

#include "panels/eventlog/eventlogmodel.h"

namespace treelock::ui {

EventLogFilterProxy::EventLogFilterProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
}

void EventLogFilterProxy::setText(const QString& text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateFilter();
}

void EventLogFilterProxy::setType(int type)
{
    if (type == m_type)
        return;
    m_type = type;
    invalidateFilter();
}

void EventLogFilterProxy::setLeaseId(const QString& id)
{
    if (id == m_lease)
        return;
    m_lease = id;
    invalidateFilter();
}

bool EventLogFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QAbstractItemModel* m = sourceModel();
    const QModelIndex first = m->index(sourceRow, 0, sourceParent);
    if (m_type >= 0 && first.data(EventLogModel::TypeRole).toInt() != m_type)
        return false;
    if (!m_lease.isEmpty() && first.data(EventLogModel::LeaseIdRole).toString() != m_lease)
        return false;
    if (m_text.isEmpty())
        return true;
    for (int c = 0; c < EventLogModel::ColumnCount; ++c)
        if (m->index(sourceRow, c, sourceParent).data(Qt::DisplayRole).toString().contains(m_text, Qt::CaseInsensitive))
            return true;
    return first.data(EventLogModel::LeaseIdRole).toString().contains(m_text, Qt::CaseInsensitive);
}

} // namespace treelock::ui
