#include "common/tableviews.h"

#include <QHeaderView>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QStyledItemDelegate>
#include <QTableView>

namespace treelock::ui {

QTableView* newRowTable(QAbstractItemModel* model, const QString& objectName, int sortColumn, Qt::SortOrder order,
                        int rowPadding, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setObjectName(objectName);
    view->setModel(model);
    view->setSortingEnabled(true);
    view->sortByColumn(sortColumn, order);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle);
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + rowPadding);
    return view;
}

namespace {

class RequestsDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (option->text.contains(QLatin1String(", ")))
            option->textElideMode = Qt::ElideRight;
    }
};

} // namespace

void showRequestsIn(QAbstractItemView* view, int column)
{
    view->setItemDelegateForColumn(column, new RequestsDelegate(view));
}

QScrollArea* scrollable(QWidget* panel)
{
    auto* area = new QScrollArea;
    area->setObjectName(panel->objectName() + QStringLiteral("Scroll"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setWidget(panel);
    area->setMinimumSize(200, 60);
    return area;
}

QSortFilterProxyModel* newSortProxy(QAbstractItemModel* model, int sortRole, QObject* parent)
{
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(sortRole);
    return proxy;
}

} // namespace treelock::ui
