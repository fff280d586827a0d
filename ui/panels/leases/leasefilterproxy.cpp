#include "panels/leases/leasefilterproxy.h"

#include "panels/leases/leasetablemodel.h"

#include <treelock/path.h>

namespace treelock::ui {

LeaseFilterProxy::LeaseFilterProxy(QObject* parent) : SearchFilterProxy(parent)
{
    setSortRole(LeaseTableModel::SortRole);
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
    if (searchText().isEmpty())
        return true;
    for (int c : {LeaseTableModel::LeaseColumn, LeaseTableModel::OwnerColumn,
                  LeaseTableModel::OperationColumn, LeaseTableModel::PathsColumn}) {
        const QModelIndex idx = m->index(sourceRow, c, sourceParent);
        if (matchesSearch(idx.data(Qt::DisplayRole).toString()))
            return true;
        if (c == LeaseTableModel::OperationColumn && matchesSearch(idx.data(Qt::ToolTipRole).toString()))
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
