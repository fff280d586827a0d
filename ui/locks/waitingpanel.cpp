#include "locks/waitingpanel.h"

#include "common/contextmenus.h"
#include "locks/presentation.h"
#include "locks/waitertablemodel.h"

#include <treelock/leaseid.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace treelock::ui {

WaitingPanel::WaitingPanel(WaiterTableModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    setObjectName(QStringLiteral("waitingPanel"));
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(WaiterTableModel::SortRole);

    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("waitingTitle"));
    m_showBlocker = new QToolButton(this);
    m_showBlocker->setObjectName(QStringLiteral("showBlockerButton"));
    m_showBlocker->setText(tr("Show blocker"));
    m_showBlocker->setToolTip(tr("Select what holds the selected waiter up: the lease in the lease table, or the older "
                                 "waiter it queues behind in this list"));
    m_showBlocker->setEnabled(false);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("waitingView"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(WaiterTableModel::WaitingColumn, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView* h = m_view->horizontalHeader();
    h->setStretchLastSection(false);
    const QFontMetrics fm = m_view->fontMetrics();
    const QFontMetrics hfm = h->fontMetrics();
    // Each column as wide as its header (with the sort arrow) and a likely text;
    // "Behind" takes the rest.
    const auto fit = [&](int column, std::initializer_list<QString> samples) {
        int w = hfm.horizontalAdvance(model->headerData(column, Qt::Horizontal).toString()) + 28;
        for (const QString& t : samples)
            w = std::max(w, fm.horizontalAdvance(t) + 16);
        h->resizeSection(column, w);
    };
    using namespace std::chrono_literals;
    fit(WaiterTableModel::OwnerColumn, {QStringLiteral("operator")});
    fit(WaiterTableModel::OperationColumn, {presentation::operationName(QStringLiteral("rename-folder"))});
    fit(WaiterTableModel::RequestsColumn, {QStringLiteral("X /A/C/D/d.txt")});
    fit(WaiterTableModel::WaitingColumn, {presentation::formatAge(59min + 59s)});
    fit(WaiterTableModel::HoldsBackColumn, {WaiterTableModel::tr("yes"), WaiterTableModel::tr("no")});
    h->setSectionResizeMode(WaiterTableModel::BehindColumn, QHeaderView::Stretch);
    h->setMinimumSectionSize(40);
    // The yes/no of "holds back" says least: last.
    h->moveSection(h->visualIndex(WaiterTableModel::HoldsBackColumn), WaiterTableModel::ColumnCount - 1);

    m_empty = new QLabel(tr("No one waits."), this);
    m_empty->setObjectName(QStringLiteral("noWaiters"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setStyleSheet(QStringLiteral("color: #666;"));
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_empty);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(4, 0, 4, 0);
    // The count and a hint: cut off in a narrow dock rather than widening the window.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(m_title, 1);
    top->addWidget(m_showBlocker);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_stack, 1);

    connect(m_showBlocker, &QToolButton::clicked, this, &WaitingPanel::showBlocker);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateButton();
        const QModelIndexList rows = m_view->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            emit pathRequested(rows.first().data(WaiterTableModel::PathRole).toString());
    });
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        showBlockerOf(index.data(WaiterTableModel::WaiterIdRole).toString());
    });
    popUpContextMenus(m_view, [this](const QModelIndex& index) { return contextMenuFor(index); });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &WaitingPanel::rowsChanged);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &WaitingPanel::rowsChanged);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &WaitingPanel::rowsChanged);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &WaitingPanel::updateButton);
    rowsChanged();
}

void WaitingPanel::rowsChanged()
{
    const int n = m_proxy->rowCount();
    m_title->setText(tr("<b>%n</b> waiter(s) <span style='color:#666'>· select one to find its node in the tree</span>", nullptr, n));
    m_stack->setCurrentWidget(n == 0 ? static_cast<QWidget*>(m_empty) : m_view);
    updateButton();
    if (n != m_count) {
        m_count = n;
        emit countChanged(n);
    }
}

void WaitingPanel::updateButton()
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    m_showBlocker->setEnabled(!rows.isEmpty() && !rows.first().data(WaiterTableModel::BlockerLeaseRole).toString().isEmpty());
}

QString WaitingPanel::currentWaiterId() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : rows.first().data(WaiterTableModel::WaiterIdRole).toString();
}

bool WaitingPanel::selectWaiter(const QString& waiterId)
{
    const int row = m_model->rowOf(waiterId.toStdString());
    const QModelIndex idx = row < 0 ? QModelIndex() : m_proxy->mapFromSource(m_model->index(row, 0));
    if (!idx.isValid())
        return false;
    m_view->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(idx);
    return true;
}

void WaitingPanel::showBlocker()
{
    showBlockerOf(currentWaiterId());
}

void WaitingPanel::showBlockerOf(const QString& waiterId)
{
    const WaiterInfo* w = m_model->waiterAt(m_model->rowOf(waiterId.toStdString()));
    if (!w || w->blocker.lease.empty())
        return;
    const QString blocker = QString::fromStdString(w->blocker.lease);
    if (!w->blocker.queued) {
        emit leaseRequested(blocker);
        return;
    }
    // Queued: the blocker is an older waiter, in this list.
    if (!selectWaiter(blocker))
        emit message(tr("%1 no longer waits").arg(QString::fromStdString(w->blocker.owner)));
}

QMenu* WaitingPanel::contextMenuFor(const QModelIndex& index)
{
    if (!index.isValid())
        return nullptr;
    const QString id = index.data(WaiterTableModel::WaiterIdRole).toString();
    const QString path = index.data(WaiterTableModel::PathRole).toString();
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("waiterMenu"));
    QAction* blocker = menu->addAction(tr("Show blocker"), this, [this, id] { showBlockerOf(id); });
    blocker->setObjectName(QStringLiteral("showWaiterBlocker"));
    blocker->setEnabled(!index.data(WaiterTableModel::BlockerLeaseRole).toString().isEmpty());
    QAction* tree = menu->addAction(tr("Show %1 in tree").arg(path), this, [this, path] { emit pathRequested(path); });
    tree->setObjectName(QStringLiteral("showWaiterInTree"));
    tree->setEnabled(!path.isEmpty());
    return menu;
}

} // namespace treelock::ui
