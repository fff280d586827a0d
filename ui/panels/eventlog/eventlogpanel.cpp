#include "panels/eventlog/eventlogpanel.h"

#include "common/contextmenus.h"
#include "common/filterchip.h"
#include "panels/eventlog/eventlogfilterproxy.h"
#include "panels/eventlog/eventlogmodel.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollBar>
#include <QTableView>
#include <QTextStream>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace treelock::ui {

namespace {

QString csvField(const QString& s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')))
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

} // namespace

EventLogPanel::EventLogPanel(EventLogModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    m_proxy = new EventLogFilterProxy(this);
    m_proxy->setSourceModel(model);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("eventLogView"));
    m_view->installEventFilter(this);
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView* h = m_view->horizontalHeader();
    h->setStretchLastSection(true);
    const QFontMetrics fm = m_view->fontMetrics();
    h->resizeSection(EventLogModel::TimeColumn, fm.horizontalAdvance(QStringLiteral("00:00:00.000")) + 16);
    h->resizeSection(EventLogModel::TypeColumn, fm.horizontalAdvance(EventLogModel::typeName(LogEntry::Type::Force)) + 24);
    h->resizeSection(EventLogModel::OwnerColumn, 80);
    h->resizeSection(EventLogModel::OperationColumn, 110);
    h->resizeSection(EventLogModel::PathsColumn, 280);
    h->resizeSection(EventLogModel::LeaseColumn, fm.horizontalAdvance(QStringLiteral("00000000")) + 24);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("eventFilter"));
    m_filter->setAccessibleName(tr("Filter events"));
    m_filter->setPlaceholderText(tr("Filter events by owner, path, lease…"));
    m_filter->setClearButtonEnabled(true);
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("eventTypeFilter"));
    m_type->setAccessibleName(tr("Event type"));
    m_type->addItem(tr("All events"), -1);
    for (LogEntry::Type t : {LogEntry::Type::Grant, LogEntry::Type::Release, LogEntry::Type::Expire, LogEntry::Type::Force,
                             LogEntry::Type::Sweep, LogEntry::Type::Refused, LogEntry::Type::Info})
        m_type->addItem(EventLogModel::typeName(t), int(t));

    m_leaseChip = new FilterChip(QStringLiteral("leaseChip"), QStringLiteral("clearLeaseFilter"),
                                 tr("Show the events of every lease"), this);
    connect(m_leaseChip, &FilterChip::clearRequested, this, [this] { setLeaseFilter({}); });

    m_paused = new QLabel(tr("Auto-scroll paused: you scrolled up."), this);
    m_paused->setStyleSheet(QStringLiteral("color: #8a5a00;"));
    m_resume = new QToolButton(this);
    m_resume->setObjectName(QStringLiteral("followEvents"));
    m_resume->setText(tr("Follow new events"));
    m_resume->setToolTip(tr("Scroll to the newest event and keep following (End)"));
    m_resume->setShortcut(QKeySequence(Qt::Key_End));
    m_export = new QToolButton(this);
    m_export->setObjectName(QStringLiteral("exportEvents"));
    m_export->setText(tr("Export…"));
    m_export->setToolTip(tr("Save the events shown (after filtering) as CSV or text"));
    m_clear = new QToolButton(this);
    m_clear->setObjectName(QStringLiteral("clearEvents"));
    m_clear->setText(tr("Clear"));
    m_clear->setToolTip(tr("Clear the log (the project's event stream is not changed)"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 0, 4, 0);
    bar->addWidget(m_filter, 2);
    bar->addWidget(m_type);
    bar->addWidget(m_leaseChip);
    bar->addWidget(m_paused);
    bar->addWidget(m_resume);
    bar->addStretch(1);
    bar->addWidget(m_export);
    bar->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    setFollow(true);

    QScrollBar* vbar = m_view->verticalScrollBar();
    connect(vbar, &QScrollBar::valueChanged, this, [this, vbar](int value) {
        // Only the user moves the bar away from the bottom; new rows keep it there.
        setFollow(value >= vbar->maximum() - 1);
    });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_follow)
            QTimer::singleShot(0, m_view, &QTableView::scrollToBottom);
    });
    connect(m_resume, &QToolButton::clicked, this, [this] {
        setFollow(true);
        m_view->scrollToBottom();
    });
    connect(m_clear, &QToolButton::clicked, model, &EventLogModel::clear);
    connect(m_export, &QToolButton::clicked, this, &EventLogPanel::exportDialog);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& t) { m_proxy->setSearchText(t.trimmed()); });
    connect(m_type, &QComboBox::currentIndexChanged, this, [this] { m_proxy->setType(m_type->currentData().toInt()); });
    popUpContextMenus(m_view, [this](const QModelIndex& index) { return contextMenuFor(index); });
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const QString lease = index.data(EventLogModel::LeaseIdRole).toString();
        if (!lease.isEmpty())
            emit leaseRequested(lease);
    });
}

bool EventLogPanel::eventFilter(QObject* watched, QEvent* event)
{
    // The keys arriving make the first row current, which scrolls to the top
    // and stops following: while following, the newest row is the current one.
    if (watched == m_view && event->type() == QEvent::FocusIn && m_follow && !m_view->currentIndex().isValid()
        && m_proxy->rowCount() > 0)
        m_view->selectionModel()->setCurrentIndex(m_proxy->index(m_proxy->rowCount() - 1, 0), QItemSelectionModel::NoUpdate);
    return QWidget::eventFilter(watched, event);
}

void EventLogPanel::setFollow(bool follow)
{
    m_follow = follow;
    m_paused->setVisible(!follow);
    m_resume->setVisible(!follow);
}

void EventLogPanel::setLeaseFilter(const QString& leaseId)
{
    // "Show its events" means all of them: a text or type filter left from
    // before could hide every one, with nothing on screen to say why.
    if (!leaseId.isEmpty()) {
        m_filter->clear();
        m_type->setCurrentIndex(0);
    }
    m_proxy->setLeaseId(leaseId);
    m_leaseChip->showFilter(!leaseId.isEmpty(), tr("lease %1").arg(leaseId.left(8)));
    m_leaseChip->setToolTip(leaseId);
    if (m_follow)
        m_view->scrollToBottom();
}

bool EventLogPanel::selectEntry(const QString& streamId, ServerTime at)
{
    constexpr std::chrono::milliseconds kNear{10000};
    int found = -1;
    std::chrono::milliseconds best = kNear + std::chrono::milliseconds(1);
    // Newest first: what the timeline points at is mostly recent.
    for (int r = m_model->rowCount(); r-- > 0;) {
        const LogEntry& e = m_model->entryAt(r);
        if (!streamId.isEmpty()) {
            if (e.streamId == streamId) {
                found = r;
                break;
            }
            continue;
        }
        if (e.type != LogEntry::Type::Info)
            continue;
        const auto off = std::chrono::abs(std::chrono::duration_cast<std::chrono::milliseconds>(e.time - at));
        if (off < best) {
            best = off;
            found = r;
        }
    }
    if (found < 0)
        return false;
    QModelIndex index = m_proxy->mapFromSource(m_model->index(found, 0));
    if (!index.isValid()) {
        m_filter->clear();
        m_type->setCurrentIndex(0);
        setLeaseFilter({});
        index = m_proxy->mapFromSource(m_model->index(found, 0));
    }
    if (!index.isValid())
        return false;
    setFollow(false);
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index, QAbstractItemView::PositionAtCenter);
    return true;
}

QString EventLogPanel::rowText(int proxyRow, const QString& separator) const
{
    QStringList fields;
    for (int c = 0; c < EventLogModel::ColumnCount; ++c) {
        const QModelIndex idx = m_proxy->index(proxyRow, c);
        // The full lease id, not the eight characters the column shows.
        QString text = c == EventLogModel::LeaseColumn ? idx.data(EventLogModel::LeaseIdRole).toString()
                                                       : idx.data(Qt::DisplayRole).toString();
        // A file outlives the day: the date and the UTC offset, not only the clock time.
        if (c == EventLogModel::TimeColumn) {
            const QDateTime t = QDateTime::fromMSecsSinceEpoch(
                m_model->entryAt(m_proxy->mapToSource(idx).row()).time.time_since_epoch().count());
            text = t.toOffsetFromUtc(t.offsetFromUtc()).toString(Qt::ISODateWithMs);
        }
        fields << (separator == QLatin1String(",") ? csvField(text) : text.replace(QLatin1Char('\t'), QLatin1Char(' ')));
    }
    return fields.join(separator);
}

bool EventLogPanel::exportTo(const QString& file, QString* error) const
{
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
        if (error)
            *error = f.errorString();
        return false;
    }
    const QString separator = file.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) ? QStringLiteral(",") : QStringLiteral("\t");
    QTextStream out(&f);
    QStringList header;
    for (int c = 0; c < EventLogModel::ColumnCount; ++c)
        header << m_model->headerData(c, Qt::Horizontal).toString();
    out << header.join(separator) << '\n';
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        out << rowText(r, separator) << '\n';
    out.flush();
    if (f.error() != QFile::NoError) {
        if (error)
            *error = f.errorString();
        return false;
    }
    return true;
}

void EventLogPanel::exportDialog()
{
    QFileDialog dialog(this, tr("Export events"), QString(), tr("CSV (*.csv);;Text (*.txt)"));
    dialog.setObjectName(QStringLiteral("exportEventsDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(QStringLiteral("csv"));
    dialog.selectFile(QStringLiteral("treelock-events.csv"));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString file = dialog.selectedFiles().first();
    QString error;
    if (exportTo(file, &error))
        emit message(tr("Exported %n event(s) to %1", nullptr, m_proxy->rowCount()).arg(file));
    else
        emit message(tr("Cannot write %1: %2").arg(file, error));
}

QMenu* EventLogPanel::contextMenuFor(const QModelIndex& index)
{
    if (!index.isValid())
        return nullptr;
    const int row = index.row();
    const QString lease = index.data(EventLogModel::LeaseIdRole).toString();
    const QString path = index.data(EventLogModel::FirstPathRole).toString();
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("eventMenu"));
    QAction* copy = menu->addAction(tr("Copy"), this, [this, row] {
        QApplication::clipboard()->setText(rowText(row, QStringLiteral("\t")));
    });
    copy->setObjectName(QStringLiteral("copyEvent"));
    QAction* showLease = menu->addAction(tr("Show lease in table"), this, [this, lease] { emit leaseRequested(lease); });
    showLease->setObjectName(QStringLiteral("showEventLease"));
    showLease->setEnabled(!lease.isEmpty());
    QAction* showPath = menu->addAction(tr("Show %1 in tree").arg(path.isEmpty() ? tr("path") : path), this,
                                        [this, path] { emit pathRequested(path); });
    showPath->setObjectName(QStringLiteral("showEventPath"));
    showPath->setEnabled(!path.isEmpty());
    return menu;
}

} // namespace treelock::ui
