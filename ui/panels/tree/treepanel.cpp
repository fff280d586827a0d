#include "panels/tree/treepanel.h"

#include "common/contextmenus.h"
#include "lockview/locktreemodel.h"
#include "lockview/pilldelegate.h"
#include "lockview/presentation.h"
#include "lockview/waitbadgedelegate.h"
#include "panels/tree/legendwidget.h"
#include "panels/tree/treefilterproxy.h"

#include <treelock/path.h>

#include <QHeaderView>
#include <QHBoxLayout>
#include <QStyle>
#include <QItemSelectionModel>
#include <QLabel>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QLineEdit>
#include <QMenu>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>
#include <chrono>
#include <QVBoxLayout>

namespace treelock::ui {

namespace {

/// Room around a cell's text: the style's margins on both sides (3 px each
/// in Fusion) and two pixels for a width that font metrics round down.
constexpr int kCellPadding = 8;

/// The columns beside the name, each as wide as the longest of its usual texts
/// (and its title): the widest state pill, "99 leases below", "X above",
/// "59 min 59 s". The state comes first: it keeps its width longest.
std::vector<std::pair<int, int>> columnWidths(const QTreeView* view, const QAbstractItemModel* model)
{
    using namespace std::chrono_literals;
    const QFontMetrics fm = view->fontMetrics();
    const QFontMetrics hfm = view->header()->fontMetrics();
    const auto fit = [&](int column, std::initializer_list<QString> samples) {
        int w = hfm.horizontalAdvance(model->headerData(column, Qt::Horizontal).toString()) + 2 * kCellPadding;
        for (const QString& t : samples)
            w = std::max(w, fm.horizontalAdvance(t) + kCellPadding);
        return std::pair{column, w};
    };
    int pill = 0;
    for (NodeKind kind : {NodeKind::HeldX, NodeKind::HeldSIX, NodeKind::HeldS, NodeKind::IntentIX, NodeKind::IntentIS,
                          NodeKind::CoveredX, NodeKind::CoveredS, NodeKind::Expired})
        pill = std::max(pill, PillDelegate::pillSize(presentation::kindName(kind), view->font()).width());
    std::pair state = fit(LockTreeModel::StateColumn, {});
    state.second = std::max(state.second, pill + 10); // as PillDelegate::sizeHint: room on both sides of the pill
    return {state,
            fit(LockTreeModel::HolderColumn, {LockTreeModel::tr("%Ln lease(s) below", nullptr, 99)}),
            fit(LockTreeModel::ModeColumn, {LockTreeModel::tr("%1 above").arg(QStringLiteral("X")), QStringLiteral("SIX+IX")}),
            fit(LockTreeModel::TimeLeftColumn, {presentation::formatTimeLeft(59min + 59s), presentation::formatTimeLeft(-59s)})};
}

} // namespace

TreePanel::TreePanel(LockTreeModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    m_proxy = new TreeFilterProxy(this);
    m_proxy->setSourceModel(model);

    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("panelTitle"));
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("treeSearch"));
    m_search->setAccessibleName(tr("Search the tree"));
    m_search->setPlaceholderText(tr("Search names or paste a path…"));
    m_search->setToolTip(tr("A name or part of one shows the matching nodes; a path such as /A/C/D/d.txt selects that node"));
    m_search->setClearButtonEnabled(true);
    m_searchStatus = new QLabel(this);
    m_searchStatus->setObjectName(QStringLiteral("searchStatus"));
    m_searchStatus->setStyleSheet(QStringLiteral("color: #666;"));
    m_onlyLocked = new QToolButton(this);
    m_onlyLocked->setText(tr("Only locked"));
    m_onlyLocked->setCheckable(true);
    m_onlyLocked->setToolTip(tr("Show only nodes that are held, carry an intention, have expired leases or where someone waits"));
    m_onlyLocked->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_onlyLocked->setObjectName(QStringLiteral("onlyLockedButton"));
    m_onlyLocked->setAccessibleName(tr("Only locked"));

    m_view = new LockTreeView(this);
    m_view->setObjectName(QStringLiteral("treeView"));
    // Connected before the view's selection model is: when the current row
    // goes, that model makes a neighbour current, and the lease table must
    // not follow it there (rowsLeft clears the current node instead).
    connect(m_proxy, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this](const QModelIndex& under, int first, int last) {
        for (QModelIndex i = m_view->currentIndex(); i.isValid(); i = i.parent())
            if (i.parent() == under && i.row() >= first && i.row() <= last)
                m_currentLeaving = true;
    });
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &TreePanel::rowsLeft);
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(false);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setItemDelegateForColumn(LockTreeModel::NameColumn, new WaitBadgeDelegate(m_view));
    m_view->setItemDelegateForColumn(LockTreeModel::StateColumn, new PillDelegate(&treeStatePill, m_view));
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(LockTreeModel::NameColumn, QHeaderView::Stretch);
    m_columnWidths = columnWidths(m_view, model);
    for (const auto& [column, width] : m_columnWidths)
        m_view->header()->resizeSection(column, width);
    m_view->header()->setMinimumSectionSize(48);
    m_view->expand(m_proxy->index(0, 0));
    m_view->viewport()->installEventFilter(this);

    m_legend = new LegendWidget(this);
    m_legend->setObjectName(QStringLiteral("legend"));
    m_legendToggle = new QToolButton(this);
    m_legendToggle->setObjectName(QStringLiteral("legendToggle"));
    m_legendToggle->setText(tr("Legend"));
    m_legendToggle->setAccessibleDescription(tr("Show the legend"));
    m_legendToggle->setToolTip(tr("Show or hide what the node states mean (while the tree has less room than the legend, the legend stays hidden)"));
    m_legendToggle->setCheckable(true);
    m_legendToggle->setChecked(true);
    m_legendToggle->setToolButtonStyle(Qt::ToolButtonTextOnly);
    connect(m_legendToggle, &QToolButton::toggled, this, [this](bool on) {
        fitLegend();
        emit legendShownChanged(on);
    });

    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_title);
    top->addStretch();
    top->addWidget(m_search, 2);
    top->addWidget(m_searchStatus);
    top->addWidget(m_onlyLocked);
    top->addWidget(m_legendToggle);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 3, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    // The legend steps aside when the tree has less room than it (fitLegend),
    // so it must not keep the docks below from growing: the panel's minimum
    // height is the search row and the tree's, without the legend.
    const QMargins margins = layout->contentsMargins();
    setMinimumHeight(margins.top() + margins.bottom() + layout->spacing()
                     + std::max({m_search->sizeHint().height(), m_onlyLocked->sizeHint().height(), m_legendToggle->sizeHint().height()})
                     + m_view->minimumSizeHint().height());

    m_searchDelay = new QTimer(this);
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(200);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_searchDelay, &QTimer::timeout, this, &TreePanel::runSearch);
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        m_searchDelay->stop();
        runSearch();
    });
    m_refilter = new QTimer(this);
    m_refilter->setSingleShot(true);
    m_refilter->setInterval(1000);
    connect(m_refilter, &QTimer::timeout, this, [this] {
        m_proxy->lockStateChanged();
        if (m_proxy->onlyLocked()) {
            m_view->expandAll();
            scheduleFit();
        }
    });
    connect(m_onlyLocked, &QToolButton::toggled, this, [this](bool on) {
        m_proxy->setOnlyLocked(on);
        if (on)
            m_view->expandAll();
        else
            m_view->expand(m_proxy->index(0, 0));
        scheduleFit();
        emit onlyLockedChanged(on);
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (m_currentLeaving)
                    return; // a neighbour the selection model chose, not the user
                m_leaseFilter = current.isValid() ? current.data(LockTreeModel::PathRole).toString() : QString();
                emit nodeSelected(m_leaseFilter);
            });
    m_refit = new QTimer(this);
    m_refit->setSingleShot(true);
    m_refit->setInterval(100);
    connect(m_refit, &QTimer::timeout, this, &TreePanel::fitColumns);
    // Once a burst of expansions is over (Expand subtree sends one a node);
    // not on every scroll: columns that changed width under the wheel would jump.
    connect(m_view, &QTreeView::expanded, this, &TreePanel::scheduleFit);
    connect(m_view, &QTreeView::collapsed, this, &TreePanel::scheduleFit);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &TreePanel::scheduleFit);
    connect(model, &LockTreeModel::pendingRowsChanged, this, &TreePanel::updateTitle);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &TreePanel::scheduleFit);
    popUpContextMenus(m_view, [this](const QModelIndex& index) { return contextMenuFor(index); });
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_view->expand(m_proxy->index(0, 0));
        updateTitle();
        // Another tree: what the search found (and the node the lease table
        // is filtered to) belonged to the old one. Search the new one again.
        m_searchStatus->clear();
        m_found.clear();
        m_leaseFilter.clear();
        emit nodeSelected({});
        if (!m_search->text().trimmed().isEmpty())
            m_searchDelay->start();
    });
    updateTitle();
}

void TreePanel::updateTitle()
{
    const QString name = m_model->treeName().isEmpty() ? tr("Project tree") : m_model->treeName();
    QString text = tr("<b>%1</b> <span style='color:#666'>· %Ln node(s)</span>", nullptr, m_model->nodeCount()).arg(name.toHtmlEscaped());
    // A large project's lease paths go into the tree a slice at a time.
    if (const std::size_t pending = m_model->pendingRows())
        text += tr(" <span style='color:#666'>· adding %Ln lease path(s)…</span>", nullptr, int(pending));
    if (m_model->listing())
        text += tr(" <span style='color:#666'>· locks shown once the leases are listed</span>");
    // A large project's locks are decorated every few seconds; the lease table follows in between.
    if (m_model->behind()) {
        const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(m_model->behindFor()).count();
        if (seconds >= 2)
            text += tr(" <span style='color:#666'>· locks as of %Ln s ago</span>", nullptr, int(seconds));
    }
    m_title->setToolTip(m_model->behind()
                            ? tr("This project holds so many leases that the tree's locks are worked out every few "
                                 "seconds; the lease table and the event log show every change as it comes")
                            : QString());
    m_title->setText(text);
}

QMenu* TreePanel::contextMenuFor(const QModelIndex& index)
{
    if (!index.isValid())
        return nullptr;
    // Persistent: the tree may change (a new lock state) while the menu is open.
    const QPersistentModelIndex node = index.siblingAtColumn(0);
    const QString path = node.data(LockTreeModel::PathRole).toString();
    // The leases that hold this very path (not those above or below it).
    QStringList held;
    const LockStatePtr state = m_model->state();
    if (const NodeState* s = m_model->stateOf(m_proxy->mapToSource(node)); s && state) {
        for (const Touch& t : s->touches) {
            const QString id = QString::fromStdString(state->leases[t.lease].id);
            if (t.role == TouchRole::Explicit && !held.contains(id))
                held << id;
        }
    }
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("treeNodeMenu"));
    QAction* copy = menu->addAction(tr("Copy path"), this, [path] { QApplication::clipboard()->setText(path); });
    copy->setObjectName(QStringLiteral("copyNodePath"));
    QAction* leases = menu->addAction(tr("Show leases on this node"), this, [this, path] {
        m_leaseFilter = path;
        emit showLeasesRequested(path);
    });
    leases->setObjectName(QStringLiteral("showNodeLeases"));
    menu->addSeparator();
    QAction* expand = menu->addAction(tr("Expand subtree"), this, [this, node] {
        if (!node.isValid())
            return;
        if (m_proxy->rowCount(node) > 2000)
            m_view->expandRecursively(node, 2); // a huge subtree: the first levels only
        else
            m_view->expandRecursively(node);
    });
    expand->setObjectName(QStringLiteral("expandSubtree"));
    expand->setEnabled(m_proxy->hasChildren(node));
    QAction* collapse = menu->addAction(tr("Collapse subtree"), this, [this, node] {
        // Collapse the children first, so the subtree stays collapsed when reopened.
        if (!node.isValid())
            return;
        QList<QModelIndex> pending{node};
        while (!pending.isEmpty()) {
            const QModelIndex i = pending.takeLast();
            if (!m_view->isExpanded(i))
                continue;
            m_view->collapse(i);
            for (int r = 0; r < m_proxy->rowCount(i); ++r)
                pending << m_proxy->index(r, 0, i);
        }
    });
    collapse->setObjectName(QStringLiteral("collapseSubtree"));
    collapse->setEnabled(m_proxy->hasChildren(node));
    menu->addSeparator();
    QAction* force = menu->addAction(held.isEmpty() ? tr("No lease is held here") : tr("Force release %n lease(s) held here…", nullptr, int(held.size())),
                                     this, [this, held] { emit forceReleaseRequested(held); });
    force->setObjectName(QStringLiteral("forceReleaseNode"));
    force->setEnabled(!held.isEmpty());
    // Who waits here: what blocks each of them, released in one dialog.
    if (const NodeState* s = m_model->stateOf(m_proxy->mapToSource(node)); s && state) {
        for (const WaitMark& mark : s->waits) {
            if (mark.waiter >= state->waiters.size())
                continue;
            const WaiterInfo& w = state->waiters[mark.waiter];
            const QString id = QString::fromStdString(w.id);
            QAction* unblock = menu->addAction(tr("Release what blocks %1 (%2)…")
                                                   .arg(QString::fromStdString(w.owner), presentation::operationName(QString::fromStdString(w.operation))),
                                               this, [this, id] { emit releaseBlockersRequested(id); });
            unblock->setObjectName(QStringLiteral("releaseNodeWaiterBlockers"));
        }
    }
    return menu;
}

void TreePanel::runSearch()
{
    const QString text = m_search->text().trimmed();
    // A path (pasted from the CLI or a log) selects its node; anything else
    // is a part of a name and filters the tree.
    if (text.contains(QLatin1Char('/'))) {
        m_proxy->setSearchText({});
        m_view->expand(m_proxy->index(0, 0));
        QString path = text.startsWith(QLatin1Char('/')) ? text : QLatin1Char('/') + text;
        try {
            path = QString::fromStdString(canonicalPath(path.toStdString()));
        } catch (const std::exception&) {
            // not a valid path: reported as not found below
        }
        if (selectPath(path)) {
            m_searchStatus->setText(tr("Found %1").arg(path));
            m_found = path;
        } else {
            m_searchStatus->setText(tr("No match for %1").arg(text));
            m_found.clear();
            clearCurrent();
        }
        return;
    }
    m_found.clear();
    m_proxy->setSearchText(text);
    if (m_proxy->isFiltering() && m_proxy->rowCount(m_proxy->index(0, 0)) < 400)
        m_view->expandAll();
    m_view->expand(m_proxy->index(0, 0));
    if (text.isEmpty()) {
        m_searchStatus->clear();
        return;
    }
    const int n = m_model->countNameMatches(text, m_proxy->onlyLocked());
    if (n == 0)
        clearCurrent();
    m_searchStatus->setText(n == 0 ? tr("No match for %1").arg(text) : tr("%n match(es)", nullptr, n));
}

bool TreePanel::inView(const QString& path) const
{
    // From the root down: the proxy maps the child of a row it filtered out
    // as if that row were there.
    std::vector<QModelIndex> chain;
    for (QModelIndex i = m_model->indexForPath(path.toStdString()); i.isValid(); i = i.parent())
        chain.push_back(i);
    if (chain.empty())
        return false;
    for (auto i = chain.rbegin(); i != chain.rend(); ++i)
        if (!m_proxy->mapFromSource(*i).isValid())
            return false;
    return true;
}

bool TreePanel::selectPath(const QString& path)
{
    QModelIndex idx = inView(path) ? m_proxy->mapFromSource(m_model->indexForPath(path.toStdString())) : QModelIndex();
    if (!idx.isValid() && m_model->indexForPath(path.toStdString()).isValid() && m_proxy->onlyLocked()) {
        setOnlyLocked(false); // the node exists but "Only locked" hides it
        idx = m_proxy->mapFromSource(m_model->indexForPath(path.toStdString()));
    }
    if (!idx.isValid())
        return false;
    for (QModelIndex a = idx.parent(); a.isValid(); a = a.parent())
        m_view->expand(a);
    m_view->setCurrentIndex(idx);
    m_view->scrollTo(idx, QAbstractItemView::PositionAtCenter);
    fitColumns(); // other rows in view
    return true;
}

void TreePanel::clearCurrent()
{
    // The lease table follows the current node: a search that found nothing
    // leaves no node current, and the table shows every lease again.
    m_view->selectionModel()->clear();
    m_leaseFilter.clear();
    emit nodeSelected({});
}

void TreePanel::rowsLeft()
{
    // A node left the view: its lease went (a path only a lease or a waiter
    // named), "Only locked" or a name search hid it. The lease table must not
    // stay filtered to a node the operator cannot see, nor follow the
    // neighbour the selection model made current: it shows every lease again,
    // and the search status stops saying it found that node.
    if (m_currentLeaving) {
        m_currentLeaving = false;
        clearCurrent();
    } else if (!m_leaseFilter.isEmpty() && !inView(m_leaseFilter)) {
        m_leaseFilter.clear();
        emit showLeasesRequested({});
    }
    if (!m_found.isEmpty() && !inView(m_found)) {
        m_found.clear();
        m_searchStatus->clear();
    }
}

void TreePanel::fitLegend()
{
    // The room of the tree's rows and the legend together (the legend's may be
    // stale while hidden; the viewport's too, before the first show); the legend
    // shows only if the rows keep as much as it takes.
    const QMargins margins = layout()->contentsMargins();
    const int legend = m_legend->heightFor(width() - margins.left() - margins.right()) + layout()->spacing();
    const int rows = m_view->height() - 2 * m_view->frameWidth() - (m_view->isHeaderHidden() ? 0 : m_view->header()->sizeHint().height());
    const int room = rows + (!m_legend->isHidden() ? m_legend->height() + layout()->spacing() : 0);
    m_legend->setVisible(m_legendToggle->isChecked() && room - legend >= legend);
}

void TreePanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitLegend();
}

bool TreePanel::eventFilter(QObject* watched, QEvent* event)
{
    // The viewport's own width: a panel resized while hidden resizes it only once shown.
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void TreePanel::fitColumns()
{
    // The columns beside the name get what their usual texts need. Where the
    // view is too narrow for that and for the names in view (up to half of
    // it), the names keep their room and the columns after the state shrink;
    // only when those are at their minimum does the state pill shrink too.
    QHeaderView* header = m_view->header();
    const int minimum = header->minimumSectionSize();
    const int view = m_view->viewport()->width();
    const int names = std::min(namesWidth(), view / 2);
    const int most = std::max(0, view - names);
    const auto& [stateColumn, stateWidth] = m_columnWidths.front();
    int rest = 0;
    for (const auto& [column, width] : m_columnWidths)
        rest += column == stateColumn ? 0 : width;
    const int restCount = int(m_columnWidths.size()) - 1;
    const int restRoom = std::max(restCount * minimum, most - stateWidth);
    const int stateRoom = std::clamp(most - restRoom, minimum, stateWidth);
    for (const auto& [column, width] : m_columnWidths) {
        if (column == stateColumn)
            header->resizeSection(column, stateRoom);
        else
            header->resizeSection(column, std::max(minimum, rest <= restRoom ? width : width * restRoom / rest));
    }
}

int TreePanel::namesWidth() const
{
    const QHeaderView* header = m_view->header();
    const int left = header->sectionViewportPosition(LockTreeModel::NameColumn);
    // As the view sets up a cell (its initViewItemOption is protected).
    QStyleOptionViewItem option;
    option.initFrom(m_view);
    option.widget = m_view;
    const int icon = m_view->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_view);
    option.decorationSize = m_view->iconSize().isValid() ? m_view->iconSize() : QSize(icon, icon);
    option.decorationPosition = QStyleOptionViewItem::Left;
    option.decorationAlignment = Qt::AlignCenter;
    option.displayAlignment = Qt::AlignLeft | Qt::AlignVCenter;
    option.textElideMode = m_view->textElideMode();
    int widest = 0;
    for (QModelIndex i = m_view->indexAt(QPoint(left, 0)); i.isValid(); i = m_view->indexBelow(i)) {
        const QRect row = m_view->visualRect(i);
        if (row.top() > m_view->viewport()->height())
            break;
        option.rect = row;
        widest = std::max(widest, row.left() - left + m_view->itemDelegateForIndex(i)->sizeHint(option, i).width());
    }
    return widest + kCellPadding; // and a gap before the state column
}

int TreePanel::preferredWidth() const
{
    int columns = 0;
    for (const auto& [column, width] : m_columnWidths)
        columns += width;
    // A name of ten characters three levels below the root, with its icon.
    const int name = 4 * m_view->indentation() + m_view->style()->pixelMetric(QStyle::PM_SmallIconSize) + 8
                     + m_view->fontMetrics().horizontalAdvance(QStringLiteral("p03-cobalt")) + kCellPadding;
    const QMargins margins = layout()->contentsMargins();
    return margins.left() + margins.right() + 2 * m_view->frameWidth()
           + m_view->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + name + columns;
}

void TreePanel::setLegendShown(bool shown)
{
    m_legendToggle->setChecked(shown);
}

bool TreePanel::legendShown() const
{
    return m_legendToggle->isChecked();
}

void TreePanel::setOnlyLocked(bool on)
{
    m_onlyLocked->setChecked(on);
}

void TreePanel::revealPaths(const std::vector<std::string>& paths)
{
    QModelIndex first;
    for (const std::string& p : paths) {
        const QModelIndex idx = m_proxy->mapFromSource(m_model->indexForPath(p));
        if (!idx.isValid())
            continue;
        for (QModelIndex a = idx.parent(); a.isValid(); a = a.parent())
            m_view->expand(a);
        if (!first.isValid())
            first = idx;
    }
    if (first.isValid()) {
        m_view->scrollTo(first, QAbstractItemView::EnsureVisible);
        scheduleFit(); // other rows in view
    }
}

void TreePanel::expandLocked()
{
    const LockStatePtr state = m_model->state();
    if (!state)
        return;
    std::vector<std::string> paths;
    for (const auto& [path, s] : state->nodes) {
        if (s.held || s.heldExpired)
            paths.push_back(path);
        if (paths.size() >= 300)
            break;
    }
    std::sort(paths.begin(), paths.end());
    for (const std::string& p : paths) {
        QModelIndex idx = m_proxy->mapFromSource(m_model->indexForPath(p));
        for (QModelIndex a = idx.parent(); a.isValid(); a = a.parent())
            m_view->expand(a);
        // Show what a held folder covers, when that is only a few rows.
        if (idx.isValid() && m_proxy->rowCount(idx) <= 8)
            m_view->expand(idx);
    }
}

void TreePanel::scheduleFit()
{
    // Not restarted: states that arrive faster than the interval must not put the fit off for ever.
    if (!m_refit->isActive())
        m_refit->start();
}

void TreePanel::clockTicked()
{
    m_view->repaintColumn(LockTreeModel::TimeLeftColumn);
    if (m_model->behind())
        updateTitle();
}

void TreePanel::lockStateApplied()
{
    updateTitle();
    scheduleFit(); // a badge makes a name wider
    if (m_proxy->onlyLocked() && !m_refilter->isActive())
        m_refilter->start();
}

QString TreePanel::currentPath() const
{
    return m_view->currentIndex().data(LockTreeModel::PathRole).toString();
}

} // namespace treelock::ui
