#include "common/contextmenus.h"

#include <QAbstractItemView>
#include <QMenu>

namespace treelock::ui {

void popUpContextMenus(QAbstractItemView* view, ContextMenuMaker makeMenu)
{
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(view, &QAbstractItemView::customContextMenuRequested, view,
                     [view, makeMenu = std::move(makeMenu)](const QPoint& pos) {
                         QMenu* menu = makeMenu(view->indexAt(pos));
                         if (!menu)
                             return;
                         menu->setAttribute(Qt::WA_DeleteOnClose);
                         menu->popup(view->viewport()->mapToGlobal(pos));
                     });
}

} // namespace treelock::ui
