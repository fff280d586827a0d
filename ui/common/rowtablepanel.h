#pragma once

#include <QWidget>

class QAbstractItemModel;
class QHBoxLayout;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QVBoxLayout;

namespace treelock::ui {

/// A panel that lists a model's rows in a table (newRowTable() over
/// newSortProxy()) under a title line that says what it shows and holds the
/// panel's own controls; while the table has no rows, a text takes its place.
/// The Waiting and Hot spots panels are such panels. GUI thread only.
class RowTablePanel : public QWidget {
    Q_OBJECT
public:
    QTableView* view() const { return m_view; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    /// The line above the table; the subclass writes it in rowsChanged().
    QLabel* titleLabel() const { return m_title; }
    /// The text shown instead of the table while it has no rows.
    QLabel* emptyLabel() const { return m_empty; }

protected:
    /// What the subclass's table is: the object names tests and accessibility
    /// find its parts by, its sorting, and the text shown while it is empty.
    struct Table {
        QString titleName;
        QString viewName;
        int sortRole = 0;
        int sortColumn = 0;
        Qt::SortOrder order = Qt::AscendingOrder;
        QString emptyName;
        QString emptyText;
    };

    /// Builds the title line, the table over `model` (not owned; it must
    /// outlive the panel) and the empty text, laid out as every such panel is.
    RowTablePanel(QAbstractItemModel* model, const Table& table, QWidget* parent);

    /// Adds `control` at the end of the title line. The table comes before it
    /// in the focus chain: setTabOrder() puts the controls first.
    void addToTitleLine(QWidget* control);
    /// Puts `note` between the title line and the table.
    void addAboveTable(QWidget* note);
    /// Shows the table, or the empty text while it has no rows, then calls
    /// rowsChanged(). Runs on every change of the rows; the subclass calls it
    /// once more at the end of its constructor.
    void showRows();
    /// Brings what depends on the rows (the title, the counts) up to date.
    virtual void rowsChanged() = 0;

private:
    QSortFilterProxyModel* m_proxy; // Owned (child).
    QTableView* m_view;
    QLabel* m_title;
    QLabel* m_empty;
    QStackedWidget* m_stack;
    QHBoxLayout* m_titleLine;       // Owned by m_layout.
    QVBoxLayout* m_layout;          // Owned (this widget's layout).
};

} // namespace treelock::ui
