#include "locks/filterproxies.h"

#include "locks/eventlogmodel.h"
#include "locks/leasetablemodel.h"
#include "locks/locktreemodel.h"

#include <treelock/path.h>

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

LeaseFilterProxy::LeaseFilterProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(LeaseTableModel::SortRole);
    setDynamicSortFilter(true);
}

void LeaseFilterProxy::setText(const QString& text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateFilter();
}

void LeaseFilterProxy::setNodePath(const QString& path)
{
    if (path == m_node)
        return;
    m_node = path;
    invalidateFilter();
}

bool LeaseFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QAbstractItemModel* m = sourceModel();
    if (!m_node.isEmpty()) {
        const std::string node = m_node.toStdString();
        const QStringList paths = m->index(sourceRow, 0, sourceParent).data(LeaseTableModel::PathsRole).toStringList();
        bool touches = false;
        for (const QString& p : paths) {
            const std::string path = p.toStdString();
            if (isWithin(node, path) || isAncestor(node, path)) {
                touches = true;
                break;
            }
        }
        if (!touches)
            return false;
    }
    if (m_text.isEmpty())
        return true;
    for (int c : {LeaseTableModel::LeaseColumn, LeaseTableModel::OwnerColumn,
                  LeaseTableModel::OperationColumn, LeaseTableModel::PathsColumn}) {
        const QModelIndex idx = m->index(sourceRow, c, sourceParent);
        if (idx.data(Qt::DisplayRole).toString().contains(m_text, Qt::CaseInsensitive))
            return true;
        if (c == LeaseTableModel::OperationColumn
            && idx.data(Qt::ToolTipRole).toString().contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool LeaseFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    if (a.typeId() == QMetaType::QString)
        return QString::localeAwareCompare(a.toString(), b.toString()) < 0;
    return QVariant::compare(a, b) == QPartialOrdering::Less;
}

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
