#pragma once

#include <QModelIndex>

#include <functional>

class QAbstractItemView;
class QMenu;

namespace treelock::ui {

/// Makes the context menu of an index of a view (nullptr: no menu there); the
/// caller of the maker owns the menu.
using ContextMenuMaker = std::function<QMenu*(const QModelIndex& index)>;

/// Gives `view` context menus: a right-click (or the menu key) pops up the menu
/// `makeMenu` makes for the index under the pointer, deleted when it closes.
/// GUI thread; the connection lasts as long as the view.
void popUpContextMenus(QAbstractItemView* view, ContextMenuMaker makeMenu);

} // namespace treelock::ui
