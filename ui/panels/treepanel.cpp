#include "panels/treepanel.h"

#include "models/filterproxies.h"
#include "models/locktreemodel.h"
#include "views/legendwidget.h"
#include "views/pilldelegate.h"

#include <treelock/path.h>

#include <QHeaderView>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace treelock::ui {

TreePanel::TreePanel(LockTreeModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    m_proxy = new TreeFilterProxy(this);
    m_proxy->setSourceModel(model);

    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("panelTitle"));
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search names…"));
    m_search->setClearButtonEnabled(true);
    m_onlyLocked = new QToolButton(this);
    m_onlyLocked->setText(tr("Only locked"));
    m_onlyLocked->setCheckable(true);
    m_onlyLocked->setToolTip(tr("Show only nodes that are held, carry an intention or have expired leases"));
    m_onlyLocked->setToolButtonStyle(Qt::ToolButtonTextOnly);

    m_view = new QTreeView(this);
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(false);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setItemDelegateForColumn(LockTreeModel::StateColumn, new PillDelegate(&treeStatePill, m_view));
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(LockTreeModel::NameColumn, QHeaderView::Stretch);
    m_view->header()->resizeSection(LockTreeModel::StateColumn, 120);
    m_view->header()->resizeSection(LockTreeModel::HolderColumn, 110);
    m_view->header()->resizeSection(LockTreeModel::ModeColumn, 70);
    m_view->header()->resizeSection(LockTreeModel::TimeLeftColumn, 90);
    m_view->header()->setMinimumSectionSize(48);
    m_view->expand(m_proxy->index(0, 0));

    m_legend = new LegendWidget(this);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_title);
    top->addStretch();
    top->addWidget(m_search, 2);
    top->addWidget(m_onlyLocked);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 3, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);

    m_searchDelay = new QTimer(this);
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(200);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_searchDelay, &QTimer::timeout, this, [this] {
        m_proxy->setSearchText(m_search->text().trimmed());
        if (m_proxy->isFiltering() && m_proxy->rowCount(m_proxy->index(0, 0)) < 400)
            m_view->expandAll();
        m_view->expand(m_proxy->index(0, 0));
    });
    m_refilter = new QTimer(this);
    m_refilter->setSingleShot(true);
    m_refilter->setInterval(1000);
    connect(m_refilter, &QTimer::timeout, this, [this] {
        m_proxy->lockStateChanged();
        if (m_proxy->onlyLocked())
            m_view->expandAll();
    });
    connect(m_onlyLocked, &QToolButton::toggled, this, [this](bool on) {
        m_proxy->setOnlyLocked(on);
        if (on)
            m_view->expandAll();
        else
            m_view->expand(m_proxy->index(0, 0));
        emit onlyLockedChanged(on);
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                emit nodeSelected(current.isValid() ? current.data(LockTreeModel::PathRole).toString() : QString());
            });
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_view->expand(m_proxy->index(0, 0));
        updateTitle();
    });
    updateTitle();
}

void TreePanel::updateTitle()
{
    const QString name = m_model->treeName().isEmpty() ? tr("Project tree") : m_model->treeName();
    m_title->setText(tr("<b>%1</b> <span style='color:#666'>· %n node(s)</span>", nullptr, m_model->nodeCount()).arg(name.toHtmlEscaped()));
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
    if (first.isValid())
        m_view->scrollTo(first, QAbstractItemView::EnsureVisible);
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

void TreePanel::lockStateApplied()
{
    updateTitle();
    if (m_proxy->onlyLocked() && !m_refilter->isActive())
        m_refilter->start();
}

QString TreePanel::currentPath() const
{
    return m_view->currentIndex().data(LockTreeModel::PathRole).toString();
}

} // namespace treelock::ui
