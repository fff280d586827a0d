#include "panels/leases/leasepanel.h"

#include "common/contextmenus.h"
#include "common/filterchip.h"
#include "common/tableviews.h"
#include "lockview/pilldelegate.h"
#include "lockview/presentation.h"
#include "panels/leases/leasetablemodel.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
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
    m_title = new QLabel(this);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("leaseFilter"));
    m_filter->setAccessibleName(tr("Filter leases"));
    m_filter->setPlaceholderText(tr("Filter by owner, operation, path or id…"));
    m_filter->setClearButtonEnabled(true);

    m_chip = new FilterChip(QStringLiteral("nodeChip"), QStringLiteral("clearNodeFilter"), tr("Show every lease"), this);
    connect(m_chip, &FilterChip::clearRequested, this, [this] { setNodeFilter({}); });

    m_view = newRowTable(m_model, QStringLiteral("leaseView"), LeaseTableModel::TimeLeftColumn, Qt::AscendingOrder, 10, this);
    m_view->setItemDelegateForColumn(LeaseTableModel::StateColumn, new PillDelegate(&leaseStatePill, m_view));
    showRequestsIn(m_view, LeaseTableModel::PathsColumn);
    QHeaderView* h = m_view->horizontalHeader();
    h->setStretchLastSection(false);
    // Every column but the paths is as wide as its widest likely text (and its
    // header, with room for the sort arrow); the paths take what is left. All
    // of them fit beside the tree in a 1280-pixel window.
    const QFontMetrics fm = m_view->fontMetrics();
    const QFontMetrics hfm = h->fontMetrics();
    constexpr int padding = 8; // the style's text margins, the grid line and a pixel to spare
    const auto fit = [&](int column, std::initializer_list<QString> samples) {
        int w = hfm.horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString()) + 28;
        for (const QString& t : samples)
            w = std::max(w, fm.horizontalAdvance(t) + padding);
        h->resizeSection(column, w);
    };
    using namespace std::chrono_literals;
    fit(LeaseTableModel::LeaseColumn, {QStringLiteral("00000000")}); // the short id: 8 hex digits
    fit(LeaseTableModel::OwnerColumn, {QStringLiteral("operator")});
    fit(LeaseTableModel::OperationColumn, {presentation::operationName(QStringLiteral("rename-folder"))});
    fit(LeaseTableModel::AgeColumn, {presentation::formatAge(59min + 59s), presentation::formatAge(23h + 59min)});
    // Expired leases show "N s ago" until they are reaped: seconds later while
    // the project is busy, minutes later in a quiet one (then cut in the
    // middle, "4 min…s ago": the room it would take is the fence's).
    fit(LeaseTableModel::TimeLeftColumn, {presentation::formatTimeLeft(-59s), presentation::formatTimeLeft(59min + 59s)});
    fit(LeaseTableModel::FenceColumn, {QStringLiteral("0000000000000000")}); // fences are 16-digit numbers
    h->resizeSection(LeaseTableModel::StateColumn,
                     std::max(hfm.horizontalAdvance(m_model->headerData(LeaseTableModel::StateColumn, Qt::Horizontal).toString()) + 28,
                              PillDelegate::pillSize(QStringLiteral("expired"), m_view->font()).width() + 8));
    h->setMinimumSectionSize(40);
    // Two short paths, the title cut if need be ("Paths and…").
    m_minPathsWidth = fm.horizontalAdvance(QStringLiteral("X /A/C, X /B/C")) + padding;
    for (int c : {LeaseTableModel::LeaseColumn, LeaseTableModel::FenceColumn, LeaseTableModel::AgeColumn})
        m_optional.emplace_back(c, h->sectionSize(c));
    h->resizeSection(LeaseTableModel::PathsColumn, m_minPathsWidth);
    // What a narrow panel cuts off first is the least needed: who, what,
    // where, for how long and in which state come first; the id, age and
    // fence (also in the tooltip and the force-release dialog) last.
    for (int c : {LeaseTableModel::LeaseColumn, LeaseTableModel::AgeColumn, LeaseTableModel::FenceColumn})
        h->moveSection(h->visualIndex(c), LeaseTableModel::ColumnCount - 1);
    h->moveSection(h->visualIndex(LeaseTableModel::StateColumn), h->visualIndex(LeaseTableModel::TimeLeftColumn) + 1);
    // The paths column takes the room the others leave, but never less than
    // a path or two (a plain Stretch would shrink it to nothing in a narrow panel).
    m_view->viewport()->installEventFilter(this);

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
        m_model->setSearchText(t.trimmed());
        updateTitle();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { emit leaseSelected(currentLeaseId()); });
    popUpContextMenus(m_view, [this](const QModelIndex& index) { return contextMenuFor(index); });
    connect(m_model, &QAbstractItemModel::layoutChanged, this, &LeasePanel::updateTitle);
    updateTitle();
}

void LeasePanel::updateTitle()
{
    const int shown = m_model->rowCount();
    const int total = m_model->leaseCount();
    // Expired leases are listed until reaped, but nobody holds them.
    const int expired = m_model->expiredCount();
    const QString counts = expired > 0 ? tr("%Ln live", nullptr, std::max(0, total - expired)) + QStringLiteral(" · ")
                                             + tr("%Ln expired", nullptr, expired)
                                       : tr("%Ln held", nullptr, total);
    if (shown == total) {
        m_title->setText(tr("<b>Leases</b> <span style='color:#666'>· %1</span>").arg(counts));
        m_title->setToolTip({});
        return;
    }
    // Filters hide rows: say which, so "0 of 8" is never a riddle.
    QStringList filters;
    if (!m_model->nodePath().isEmpty())
        filters << tr("touching %1").arg(m_model->nodePath().toHtmlEscaped());
    if (!m_model->searchText().isEmpty())
        filters << tr("matching “%1”").arg(m_model->searchText().toHtmlEscaped());
    m_title->setText(tr("<b>Leases</b> <span style='color:#666'>· %1 of %2 shown,</span> <b style='color:#8a4b00'>%3</b>")
                         .arg(QLocale().toString(shown), QLocale().toString(total), filters.join(tr(" and "))));
    m_title->setToolTip(tr("%1 (all: %2). Clear the filter field and the node chip to see every lease.")
                            .arg(filters.join(tr(" and ")), counts));
}

void LeasePanel::setNodeFilter(const QString& path)
{
    m_model->setNodePath(path);
    m_chip->showFilter(!path.isEmpty(), tr("touching %1").arg(path));
    updateTitle();
}

QString LeasePanel::currentLeaseId() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : rows.first().data(LeaseTableModel::LeaseIdRole).toString();
}

bool LeasePanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fitPathsColumn();
    return QWidget::eventFilter(watched, event);
}

void LeasePanel::fitPathsColumn()
{
    QHeaderView* h = m_view->horizontalHeader();
    int others = 0;
    for (int c = 0; c < LeaseTableModel::ColumnCount; ++c)
        if (c != LeaseTableModel::PathsColumn && !h->isSectionHidden(c))
            others += h->sectionSize(c);
    // What the other columns leave, so that all of them are in view: the id,
    // the age and the fence (shown last) too, not behind a scroll bar. Where
    // the paths would get less than two short paths need, those three (also
    // in the row's tooltip and the force-release dialog) step aside, the age
    // first, then the fence, then the id: hidden whole, not cut. Narrower
    // still, the table scrolls: the paths, which say what a lease is about,
    // keep a third of it.
    const int width = m_view->viewport()->width();
    for (const auto& [column, w] : m_optional)
        if (!h->isSectionHidden(column))
            others -= h->sectionSize(column);
    int rest = width - others;
    for (const auto& [column, w] : m_optional) { // most wanted first
        const bool fits = rest - w >= m_minPathsWidth;
        m_view->setColumnHidden(column, !fits);
        if (fits) {
            h->resizeSection(column, w);
            rest -= w;
        }
    }
    h->resizeSection(LeaseTableModel::PathsColumn, rest >= m_minPathsWidth ? rest : std::max(m_minPathsWidth, width / 3));
}

int LeasePanel::preferredWidth() const
{
    const QHeaderView* h = m_view->horizontalHeader();
    int columns = m_minPathsWidth;
    for (int c = 0; c < LeaseTableModel::ColumnCount; ++c)
        if (c != LeaseTableModel::PathsColumn && !h->isSectionHidden(c))
            columns += h->sectionSize(c);
    for (const auto& [column, w] : m_optional)
        if (h->isSectionHidden(column))
            columns += w;
    // With room for the scroll bar that a long list brings.
    const QMargins margins = layout()->contentsMargins();
    return margins.left() + margins.right() + 2 * m_view->frameWidth()
           + m_view->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + columns;
}

bool LeasePanel::selectLease(const QString& leaseId)
{
    const LeaseId id = leaseId.toStdString();
    if (!m_model->findLease(id))
        return false;
    if (m_model->rowOf(id) < 0) { // filtered out
        m_filter->clear();
        setNodeFilter({});
    }
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    QModelIndex idx = m_model->index(row, 0);
    // Up or down to the row only: the columns in view stay. (Column 0, the id,
    // is shown last: made current, it would scroll the owner out of view.)
    QScrollBar* across = m_view->horizontalScrollBar();
    const int x = across->value();
    const int leftmost = m_view->horizontalHeader()->logicalIndexAt(0);
    if (leftmost >= 0)
        idx = idx.siblingAtColumn(leftmost);
    m_view->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(idx);
    across->setValue(x);
    return true;
}

QMenu* LeasePanel::contextMenuFor(const QModelIndex& index)
{
    if (!index.isValid())
        return nullptr;
    const QString id = index.data(LeaseTableModel::LeaseIdRole).toString();
    const QStringList paths = index.data(LeaseTableModel::PathsRole).toStringList();
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("leaseMenu"));
    QAction* force = menu->addAction(tr("Force release…"), this, [this, id] { emit forceReleaseRequested(id); });
    force->setObjectName(QStringLiteral("leaseForceRelease"));
    force->setShortcut(QKeySequence::Delete);
    menu->addSeparator();
    QAction* copy = menu->addAction(tr("Copy lease id"), this, [id] { QApplication::clipboard()->setText(id); });
    copy->setObjectName(QStringLiteral("copyLeaseId"));
    QAction* copyPaths = menu->addAction(tr("Copy paths"), this,
                                         [paths] { QApplication::clipboard()->setText(paths.join(QLatin1Char('\n'))); });
    copyPaths->setObjectName(QStringLiteral("copyLeasePaths"));
    menu->addSeparator();
    QAction* tree = menu->addAction(tr("Show in tree"), this, [this, id] { emit showInTreeRequested(id); });
    tree->setObjectName(QStringLiteral("showLeaseInTree"));
    QAction* events = menu->addAction(tr("Show its events"), this, [this, id] { emit showEventsRequested(id); });
    events->setObjectName(QStringLiteral("showLeaseEvents"));
    return menu;
}

} // namespace treelock::ui
