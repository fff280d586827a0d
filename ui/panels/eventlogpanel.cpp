#include "panels/eventlogpanel.h"

#include "models/eventlogmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace treelock::ui {

EventLogPanel::EventLogPanel(EventLogModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    m_view = new QTableView(this);
    m_view->setModel(model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView* h = m_view->horizontalHeader();
    h->setStretchLastSection(true);
    h->resizeSection(EventLogModel::TimeColumn, 100);
    h->resizeSection(EventLogModel::TypeColumn, 110);
    h->resizeSection(EventLogModel::OwnerColumn, 80);
    h->resizeSection(EventLogModel::OperationColumn, 110);
    h->resizeSection(EventLogModel::PathsColumn, 280);
    h->resizeSection(EventLogModel::LeaseColumn, 86);

    m_paused = new QLabel(tr("Auto-scroll paused: you scrolled up."), this);
    m_paused->setStyleSheet(QStringLiteral("color: #8a5a00;"));
    m_resume = new QToolButton(this);
    m_resume->setText(tr("Follow new events"));
    m_resume->setToolTip(tr("Scroll to the newest event and keep following (End)"));
    m_resume->setShortcut(QKeySequence(Qt::Key_End));
    auto* clear = new QToolButton(this);
    clear->setText(tr("Clear"));
    clear->setToolTip(tr("Clear the log (the project's event stream is not changed)"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 0, 4, 0);
    bar->addWidget(m_paused);
    bar->addWidget(m_resume);
    bar->addStretch();
    bar->addWidget(clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    layout->addLayout(bar);
    setFollow(true);

    QScrollBar* vbar = m_view->verticalScrollBar();
    connect(vbar, &QScrollBar::valueChanged, this, [this, vbar](int value) {
        // Only the user moves the bar away from the bottom; new rows keep it there.
        setFollow(value >= vbar->maximum() - 1);
    });
    connect(model, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_follow)
            QTimer::singleShot(0, m_view, &QTableView::scrollToBottom);
    });
    connect(m_resume, &QToolButton::clicked, this, [this] {
        setFollow(true);
        m_view->scrollToBottom();
    });
    connect(clear, &QToolButton::clicked, model, &EventLogModel::clear);
}

void EventLogPanel::setFollow(bool follow)
{
    m_follow = follow;
    m_paused->setVisible(!follow);
    m_resume->setVisible(!follow);
}

} // namespace treelock::ui
