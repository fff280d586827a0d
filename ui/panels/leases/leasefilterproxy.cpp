#include "panels/leases/leasefilterproxy.h"

#include "panels/leases/leasetablemodel.h"

#include <treelock/path.h>

namespace treelock::ui {

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

} // namespace treelock::ui
