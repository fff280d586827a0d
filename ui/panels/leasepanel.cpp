#include "panels/leasepanel.h"

#include "models/filterproxies.h"
#include "models/leasetablemodel.h"
#include "views/pilldelegate.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace treelock::ui {

namespace {

PillDelegate::Pill leaseStatePill(const QModelIndex& index)
{
    const auto status = LeaseTableModel::Status(index.data(LeaseTableModel::StatusRole).toInt());
    const QString text = index.data(Qt::DisplayRole).toString();
    switch (status) {
    case LeaseTableModel::Status::Live:
        return {text, {QColor(0xe8, 0xf5, 0xe9), QColor(0x2e, 0x7d, 0x32), QColor(0x1b, 0x5e, 0x20), {}, true}};
    case LeaseTableModel::Status::Expired:
        return {text, presentation::style(NodeKind::Expired)};
    case LeaseTableModel::Status::Revoked:
        return {text, presentation::style(NodeKind::HeldX)};
    }
    return {};
}

} // namespace

LeasePanel::LeasePanel(LeaseTableModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    m_proxy = new LeaseFilterProxy(this);
    m_proxy->setSourceModel(model);

    m_title = new QLabel(this);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter by owner, operation, path or id…"));
    m_filter->setClearButtonEnabled(true);

    m_chip = new QFrame(this);
    m_chip->setObjectName(QStringLiteral("nodeChip"));
    m_chip->setStyleSheet(QStringLiteral("#nodeChip { background: #e3eefb; border: 1px solid #90b4e0; border-radius: 10px; }"));
    m_chipLabel = new QLabel(m_chip);
    auto* clear = new QToolButton(m_chip);
    clear->setText(QStringLiteral("✕"));
    clear->setAutoRaise(true);
    clear->setToolTip(tr("Show every lease"));
    auto* chipLayout = new QHBoxLayout(m_chip);
    chipLayout->setContentsMargins(8, 0, 2, 0);
    chipLayout->addWidget(m_chipLabel);
    chipLayout->addWidget(clear);
    m_chip->hide();
    connect(clear, &QToolButton::clicked, this, [this] { setNodeFilter({}); });

    m_view = new QTableView(this);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(LeaseTableModel::TimeLeftColumn, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 10);
    m_view->setItemDelegateForColumn(LeaseTableModel::StateColumn, new PillDelegate(&leaseStatePill, m_view));
    QHeaderView* h = m_view->horizontalHeader();
    h->setStretchLastSection(false);
    h->setSectionResizeMode(LeaseTableModel::PathsColumn, QHeaderView::Stretch);
    const QFontMetrics fm = m_view->fontMetrics();
    h->resizeSection(LeaseTableModel::LeaseColumn, fm.horizontalAdvance(QStringLiteral("0000000000")) + 12);
    h->resizeSection(LeaseTableModel::OwnerColumn, 76);
    h->resizeSection(LeaseTableModel::OperationColumn, 96);
    h->resizeSection(LeaseTableModel::AgeColumn, 60);
    h->resizeSection(LeaseTableModel::TimeLeftColumn, 92);
    h->resizeSection(LeaseTableModel::FenceColumn, fm.horizontalAdvance(QStringLiteral("0000000000000000")) + 14);
    h->resizeSection(LeaseTableModel::StateColumn, 78);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_title);
    top->addWidget(m_chip);
    top->addStretch();
    top->addWidget(m_filter, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(3, 6, 6, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& t) {
        m_proxy->setText(t.trimmed());
        updateTitle();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { emit leaseSelected(currentLeaseId()); });
    connect(m_view, &QTableView::customContextMenuRequested, this, &LeasePanel::showMenu);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &LeasePanel::updateTitle);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &LeasePanel::updateTitle);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &LeasePanel::updateTitle);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &LeasePanel::updateTitle);
    updateTitle();
}

void LeasePanel::updateTitle()
{
    const int shown = m_proxy->rowCount();
    const int total = m_model->rowCount();
    if (shown == total)
        m_title->setText(tr("<b>Leases</b> <span style='color:#666'>· %n held</span>", nullptr, total));
    else
        m_title->setText(tr("<b>Leases</b> <span style='color:#666'>· %1 of %2</span>").arg(shown).arg(total));
}

void LeasePanel::setNodeFilter(const QString& path)
{
    m_proxy->setNodePath(path);
    m_chip->setVisible(!path.isEmpty());
    m_chipLabel->setText(tr("touching %1").arg(path));
    updateTitle();
}

QString LeasePanel::currentLeaseId() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : rows.first().data(LeaseTableModel::LeaseIdRole).toString();
}

void LeasePanel::showMenu(const QPoint& pos)
{
    const QModelIndex idx = m_view->indexAt(pos);
    if (!idx.isValid())
        return;
    const QString id = idx.data(LeaseTableModel::LeaseIdRole).toString();
    QMenu menu(this);
    QAction* force = menu.addAction(tr("Force release…"));
    force->setShortcut(QKeySequence::Delete);
    QAction* copy = menu.addAction(tr("Copy lease id"));
    QAction* chosen = menu.exec(m_view->viewport()->mapToGlobal(pos));
    if (chosen == force)
        emit forceReleaseRequested(id);
    else if (chosen == copy)
        QApplication::clipboard()->setText(id);
}

} // namespace treelock::ui
