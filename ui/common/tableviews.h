#pragma once

#include <Qt>

class QAbstractItemModel;
class QAbstractItemView;
class QObject;
class QScrollArea;
class QSortFilterProxyModel;
class QString;
class QTableView;
class QWidget;

namespace treelock::ui {

/// A table of one row per item, as Studio's docks and lease table show them:
/// named `objectName` (tests and accessibility find it by that name), over
/// `model`, sorted by `sortColumn` in `order` (the headers sort it further),
/// whole rows selected one at a time, text on one line and cut in the middle,
/// no row numbers, and rows of a fixed height, the font's plus `rowPadding`
/// pixels. Its columns are the caller's to size.
QTableView* newRowTable(QAbstractItemModel* model, const QString& objectName, int sortColumn, Qt::SortOrder order,
                        int rowPadding, QWidget* parent);

/// Makes `column` of `view` a list of requests ("X /A/C, S /B"): one request
/// is cut in its middle (the mode and the file's name stay), several at the
/// end, so that a mode is never shown beside another request's path.
void showRequestsIn(QAbstractItemView* view, int column);

/// `panel` in a frameless scroll area that resizes it: a dock tabbed with the
/// event log shares its height and the window's width, and a wide or tall
/// panel scrolls inside its dock rather than making the whole window too
/// large for a laptop's screen (or the log too tall).
QScrollArea* scrollable(QWidget* panel);

/// A proxy over `model` that filters nothing and sorts by `sortRole`, as the
/// Waiting and Hot spots tables show their rows. Owned by `parent`.
QSortFilterProxyModel* newSortProxy(QAbstractItemModel* model, int sortRole, QObject* parent);

} // namespace treelock::ui
