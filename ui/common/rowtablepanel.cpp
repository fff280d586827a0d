#include "common/rowtablepanel.h"

#include "common/tableviews.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace treelock::ui {

RowTablePanel::RowTablePanel(QAbstractItemModel* model, const Table& table, QWidget* parent) : QWidget(parent)
{
    m_proxy = newSortProxy(model, table.sortRole, this);
    m_title = new QLabel(this);
    m_title->setObjectName(table.titleName);
    m_view = newRowTable(m_proxy, table.viewName, table.sortColumn, table.order, 8, this);
    m_empty = new QLabel(table.emptyText, this);
    m_empty->setObjectName(table.emptyName);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setStyleSheet(QStringLiteral("color: #666;"));
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_empty);

    m_titleLine = new QHBoxLayout;
    m_titleLine->setContentsMargins(4, 0, 4, 0);
    // The count and a hint: cut off in a narrow dock rather than widening the window.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_titleLine->addWidget(m_title, 1);
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(2, 2, 2, 2);
    m_layout->setSpacing(2);
    m_layout->addLayout(m_titleLine);
    m_layout->addWidget(m_stack, 1);

    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &RowTablePanel::showRows);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &RowTablePanel::showRows);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &RowTablePanel::showRows);
}

void RowTablePanel::addToTitleLine(QWidget* control)
{
    m_titleLine->addWidget(control);
}

void RowTablePanel::addAboveTable(QWidget* note)
{
    m_layout->insertWidget(m_layout->indexOf(m_stack), note);
}

void RowTablePanel::showRows()
{
    m_stack->setCurrentWidget(m_proxy->rowCount() == 0 ? static_cast<QWidget*>(m_empty) : m_view);
    rowsChanged();
}

} // namespace treelock::ui
