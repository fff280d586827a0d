#include "panels/waiting/waitingpanel.h"

#include "common/contextmenus.h"
#include "common/tableviews.h"
#include "lockview/presentation.h"
#include "panels/waiting/waitertablemodel.h"

#include <treelock/leaseid.h>

#include <QEvent>
#include <QKeyEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>

namespace treelock::ui {

WaitingPanel::WaitingPanel(WaiterTableModel* model, QWidget* parent)
    : RowTablePanel(model,
                    {QStringLiteral("waitingTitle"), QStringLiteral("waitingView"), WaiterTableModel::SortRole,
                     WaiterTableModel::WaitingColumn, Qt::DescendingOrder, QStringLiteral("noWaiters"),
                     tr("<b>Nobody waits for a lock.</b><br/>An acquire that waits (a LockClient's, <code>treelock "
                        "acquire --wait</code>) is listed here until it gets its lock or gives up.")},
                    parent),
      m_model(model)
{
    setObjectName(QStringLiteral("waitingPanel"));
    emptyLabel()->setWordWrap(true);

    m_showBlocker = new QToolButton(this);
    m_showBlocker->setObjectName(QStringLiteral("showBlockerButton"));
    m_showBlocker->setText(tr("Show blocker"));
    m_showBlocker->setToolTip(tr("Select what holds the selected waiter up: the lease in the lease table, or the older "
                                 "waiter it queues behind in this list"));
    m_showBlocker->setEnabled(false);
    m_showBlocker->setFocusPolicy(Qt::StrongFocus);
    addToTitleLine(m_showBlocker);
    m_releaseBlockers = new QToolButton(this);
    m_releaseBlockers->setObjectName(QStringLiteral("releaseBlockersButton"));
    m_releaseBlockers->setText(tr("Release blockers…"));
    m_releaseBlockers->setToolTip(tr("Force-release every lease in the selected waiter's way, and cancel the places of "
                                     "older waiters ahead of it, in one dialog with one reason (Del, or double-click the row)"));
    m_releaseBlockers->setEnabled(false);
    m_releaseBlockers->setFocusPolicy(Qt::StrongFocus);
    addToTitleLine(m_releaseBlockers);
    // Tab goes as the eye does: the buttons above, then the table.
    setTabOrder(m_showBlocker, m_releaseBlockers);
    setTabOrder(m_releaseBlockers, view());
    view()->installEventFilter(this);

    QHeaderView* h = view()->horizontalHeader();
    h->setStretchLastSection(false);
    h->setMinimumSectionSize(40);
    // Who holds whom back says least: last (and hidden while nobody does).
    h->moveSection(h->visualIndex(WaiterTableModel::HoldsBackColumn), WaiterTableModel::ColumnCount - 1);
    view()->viewport()->installEventFilter(this);
    showRequestsIn(view(), WaiterTableModel::RequestsColumn);

    connect(m_showBlocker, &QToolButton::clicked, this, &WaitingPanel::showBlocker);
    connect(m_releaseBlockers, &QToolButton::clicked, this, [this] {
        if (!currentWaiterId().isEmpty())
            emit releaseBlockersRequested(currentWaiterId());
    });
    connect(view()->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateButton();
        if (m_restoring)
            return;
        const QModelIndexList rows = view()->selectionModel()->selectedRows();
        m_chosen = rows.isEmpty() ? QString() : rows.first().data(WaiterTableModel::WaiterIdRole).toString();
        if (!rows.isEmpty())
            emit pathRequested(rows.first().data(WaiterTableModel::PathRole).toString());
    });
    // The row's main action: release what is in its way (the dialog confirms).
    connect(view(), &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (index.data(WaiterTableModel::BlockerCountRole).toInt() > 0)
            emit releaseBlockersRequested(index.data(WaiterTableModel::WaiterIdRole).toString());
    });
    popUpContextMenus(view(), [this](const QModelIndex& index) { return contextMenuFor(index); });
    connect(proxy(), &QAbstractItemModel::dataChanged, this, &WaitingPanel::updateButton);
    // The clock's tick changes the Waiting column only: no new widths then.
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex& from, const QModelIndex& to) {
        if (from.column() != WaiterTableModel::WaitingColumn || to.column() != WaiterTableModel::WaitingColumn)
            fitColumns();
    });
    showRows();
}

void WaitingPanel::setProject(const QString& project, bool graceKnown, std::optional<std::chrono::milliseconds> grace)
{
    m_project = project;
    m_graceKnown = graceKnown;
    m_grace = graceKnown ? grace : std::nullopt;
    m_model->setGrace(graceKnown, grace);
    updateTitle();
}

void WaitingPanel::rowsChanged()
{
    keepChosen();
    const int n = proxy()->rowCount();
    updateTitle();
    fitColumns();
    updateButton();
    if (n != m_count) {
        m_count = n;
        emit countChanged(n);
    }
}

void WaitingPanel::updateTitle()
{
    const int n = proxy()->rowCount();
    QStringList parts;
    if (n > 0)
        parts << tr("<b>%n</b> waiter(s)", nullptr, n);
    if (!m_project.isEmpty())
        parts << (n > 0 ? tr("project <b>%1</b>") : tr("Project <b>%1</b>")).arg(m_project.toHtmlEscaped());
    if (m_graceKnown)
        parts << presentation::graceText(m_grace);
    QString text = parts.join(QStringLiteral(" · "));
    if (n > 0)
        text += QStringLiteral(" <span style='color:#666'>· %1</span>").arg(tr("select one to find its node in the tree"));
    titleLabel()->setText(text);
    titleLabel()->setToolTip(m_graceKnown ? (m_grace ? tr("A request that has waited longer than %1 ms holds back newer "
                                                     "requests that conflict with it (the project's fairness grace)")
                                                      .arg(m_grace->count())
                                                : tr("The project's fairness is off: whoever tries when the paths are "
                                                     "free gets them"))
                                     : QString());
}

void WaitingPanel::applyState(const LockStatePtr& state)
{
    // A removed row makes the view select its neighbour: not the user's choice.
    m_restoring = true;
    m_model->applyState(state);
    m_restoring = false;
    keepChosen();
}

void WaitingPanel::keepChosen()
{
    if (currentWaiterId() == m_chosen)
        return;
    m_restoring = true;
    if (m_chosen.isEmpty() || !selectWaiter(m_chosen)) {
        m_chosen.clear();
        view()->selectionModel()->clearSelection();
    }
    m_restoring = false;
    updateButton();
}

bool WaitingPanel::eventFilter(QObject* watched, QEvent* event)
{
    // Del on a waiter releases what blocks it, not the lease table's selection.
    if (watched == view() && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Delete && key->modifiers() == Qt::NoModifier && !currentWaiterId().isEmpty()) {
            event->accept();
            if (event->type() == QEvent::KeyPress && m_releaseBlockers->isEnabled())
                emit releaseBlockersRequested(currentWaiterId());
            return true;
        }
    }
    if (watched == view()->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void WaitingPanel::fitColumns()
{
    QHeaderView* h = view()->horizontalHeader();
    view()->setColumnHidden(WaiterTableModel::HoldsBackColumn, !m_model->anyHeldBack());
    const QFontMetrics fm = view()->fontMetrics();
    const QFontMetrics hfm = h->fontMetrics();
    const int rows = m_model->rowCount();
    const auto headerWidth = [&](int column) {
        return hfm.horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString()) + 28;
    };
    // The widest text of a column, at most `cap` wide; `samples` stand for the
    // texts to come, so the column does not jump at every new waiter.
    const auto need = [&](int column, int cap, std::initializer_list<QString> samples) {
        int w = headerWidth(column);
        for (const QString& t : samples)
            w = std::max(w, fm.horizontalAdvance(t) + 16);
        for (int r = 0; r < rows; ++r)
            w = std::max(w, fm.horizontalAdvance(m_model->index(r, column).data().toString()) + 16);
        return std::min(w, std::max(cap, headerWidth(column)));
    };
    using namespace std::chrono_literals;
    const int em = fm.averageCharWidth();
    const int width = view()->viewport()->width();
    const std::pair<int, int> fixedColumns[] = {
        {WaiterTableModel::OwnerColumn, need(WaiterTableModel::OwnerColumn, 16 * em, {QStringLiteral("operator")})},
        {WaiterTableModel::OperationColumn,
         need(WaiterTableModel::OperationColumn, 24 * em, {presentation::operationName(QStringLiteral("rename-folder"))})},
        {WaiterTableModel::WaitingColumn, need(WaiterTableModel::WaitingColumn, 16 * em, {presentation::formatAge(59min + 59s)})},
    };
    int fixed = 0;
    for (const auto& [column, w] : fixedColumns) {
        h->resizeSection(column, w);
        fixed += w;
    }
    // The rest by need: what a text needs, up to half of the table each; a
    // table too narrow for all shares it in proportion, each cut in its middle.
    std::vector<std::pair<int, int>> flexible{
        {WaiterTableModel::RequestsColumn, need(WaiterTableModel::RequestsColumn, width / 2, {QStringLiteral("X /A/C/D/d.txt")})},
        {WaiterTableModel::BehindColumn, need(WaiterTableModel::BehindColumn, width / 2, {QStringLiteral("queued behind operator")})}};
    if (!h->isSectionHidden(WaiterTableModel::HoldsBackColumn))
        flexible.emplace_back(WaiterTableModel::HoldsBackColumn, need(WaiterTableModel::HoldsBackColumn, width / 3, {}));
    int wanted = 0;
    for (const auto& [column, w] : flexible)
        wanted += w;
    const int room = std::max(0, width - fixed);
    int used = 0;
    for (auto& [column, w] : flexible) {
        if (wanted > room)
            w = std::max(headerWidth(column), int(qint64(room) * w / std::max(1, wanted)));
        used += w;
    }
    // What is left goes to Behind, the longest text: the columns end at the table's right edge.
    flexible[1].second += std::max(0, room - used);
    for (const auto& [column, w] : flexible)
        h->resizeSection(column, w);
}

void WaitingPanel::updateButton()
{
    const QModelIndexList rows = view()->selectionModel()->selectedRows();
    m_showBlocker->setEnabled(!rows.isEmpty() && !rows.first().data(WaiterTableModel::BlockerLeaseRole).toString().isEmpty());
    m_releaseBlockers->setEnabled(!rows.isEmpty() && rows.first().data(WaiterTableModel::BlockerCountRole).toInt() > 0);
}

QString WaitingPanel::currentWaiterId() const
{
    const QModelIndexList rows = view()->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : rows.first().data(WaiterTableModel::WaiterIdRole).toString();
}

bool WaitingPanel::selectWaiter(const QString& waiterId)
{
    const int row = m_model->rowOf(waiterId.toStdString());
    const QModelIndex idx = row < 0 ? QModelIndex() : proxy()->mapFromSource(m_model->index(row, 0));
    if (!idx.isValid())
        return false;
    view()->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view()->scrollTo(idx);
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
    const int count = index.data(WaiterTableModel::BlockerCountRole).toInt();
    QAction* release = menu->addAction(tr("Release %n blocker(s)…", nullptr, count), this,
                                       [this, id] { emit releaseBlockersRequested(id); });
    release->setObjectName(QStringLiteral("releaseWaiterBlockers"));
    release->setShortcut(QKeySequence::Delete);
    release->setEnabled(count > 0);
    QAction* tree = menu->addAction(tr("Show %1 in tree").arg(path), this, [this, path] { emit pathRequested(path); });
    tree->setObjectName(QStringLiteral("showWaiterInTree"));
    tree->setEnabled(!path.isEmpty());
    return menu;
}

} // namespace treelock::ui
