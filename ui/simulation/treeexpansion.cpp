#include "simulation/treeexpansion.h"

#include "lockview/locktreemodel.h"

#include <QAbstractProxyModel>
#include <QTreeView>

namespace treelock::ui {

namespace {

void collectExpanded(const QTreeView& view, const QModelIndex& parent, QStringList* paths)
{
    const QAbstractItemModel* model = view.model();
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex child = model->index(row, 0, parent);
        if (!view.isExpanded(child))
            continue;
        *paths << child.data(LockTreeModel::PathRole).toString();
        collectExpanded(view, child, paths);
    }
}

/// `source` (an index of `model`) as an index of the view's model, through its proxies.
QModelIndex viewIndex(const QTreeView& view, const LockTreeModel& model, QModelIndex source)
{
    QList<const QAbstractProxyModel*> proxies;
    for (auto* p = qobject_cast<const QAbstractProxyModel*>(view.model()); p;
         p = qobject_cast<const QAbstractProxyModel*>(p->sourceModel()))
        proxies.prepend(p);
    if (!proxies.isEmpty() && proxies.first()->sourceModel() != &model)
        return {};
    for (const QAbstractProxyModel* p : proxies)
        source = p->mapFromSource(source);
    return source;
}

} // namespace

QStringList expandedPaths(const QTreeView& view)
{
    QStringList paths;
    if (view.model())
        collectExpanded(view, QModelIndex(), &paths);
    return paths;
}

void expandPaths(QTreeView& view, const LockTreeModel& model, const QStringList& paths)
{
    for (const QString& path : paths) {
        const QModelIndex index = viewIndex(view, model, model.indexForPath(path.toStdString()));
        for (QModelIndex a = index; a.isValid(); a = a.parent())
            view.expand(a);
    }
}

} // namespace treelock::ui
