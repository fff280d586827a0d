#include "simulation/livestatisticsview.h"

#include "simulation/conflictmatrixmodel.h"

#include <QAbstractTableModel>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace treelock::ui {

/// The rows of a report table, as text, replaced as a whole: one dataChanged
/// when the number of rows stays, a reset when it changes. Never does I/O. GUI thread only.
class ReportModel final : public QAbstractTableModel {
public:
    struct Row {
        QStringList cells;
        QString toolTip;
    };

    /// `numeric`: the columns aligned right.
    ReportModel(QStringList titles, QList<int> numeric, QObject* parent)
        : QAbstractTableModel(parent), m_titles(std::move(titles)), m_numeric(std::move(numeric))
    {
    }

    void setRows(std::vector<Row> rows)
    {
        if (rows.size() != m_rows.size()) {
            beginResetModel();
            m_rows = std::move(rows);
            endResetModel();
            return;
        }
        m_rows = std::move(rows);
        if (!m_rows.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    }

    int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : int(m_titles.size()); }
    QVariant data(const QModelIndex& index, int role) const override
    {
        if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
            return {};
        const Row& row = m_rows[std::size_t(index.row())];
        switch (role) {
        case Qt::DisplayRole: return index.column() < row.cells.size() ? row.cells[index.column()] : QString();
        case Qt::ToolTipRole: return row.toolTip;
        case Qt::TextAlignmentRole:
            return int((m_numeric.contains(index.column()) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        default: return {};
        }
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= m_titles.size())
            return {};
        return m_titles[section];
    }

private:
    QStringList m_titles;
    QList<int> m_numeric;
    std::vector<Row> m_rows;
};

namespace {

// The heat map's least width: its operation names and eleven narrow columns;
// wider counts make it wider, up to the most it may ask for beside the charts
// in a 1280-pixel window (past that it scrolls across).
constexpr int kHeatMapWidth = 340;
constexpr int kHeatMapMostWidth = 420;

const char* const kTileStyle =
    "QFrame#counterTile { background: palette(base); border: 1px solid palette(mid); border-radius: 6px; }"
    "QLabel#counterValue { font-size: 17pt; font-weight: 600; }"
    "QLabel#counterCaption { color: palette(dark); }";

/// A tile's caption: as wide as its text, up to twenty average characters; a
/// longer one (a translation) is cut with "…" at the tile's width and shown
/// whole in its tooltip, so a caption never widens the row past the panel.
class TileCaption final : public QLabel {
public:
    explicit TileCaption(const QString& text) : m_text(text) { setText(text); }
    QSize sizeHint() const override { return {natural(), QLabel::sizeHint().height()}; }
    QSize minimumSizeHint() const override
    {
        return {std::min(natural(), fontMetrics().averageCharWidth() * 20), QLabel::minimumSizeHint().height()};
    }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QLabel::resizeEvent(event);
        const QString shown = fontMetrics().elidedText(m_text, Qt::ElideRight, contentsRect().width());
        setText(shown);
        setToolTip(shown == m_text ? QString() : m_text);
    }

private:
    int natural() const
    {
        const QMargins m = contentsMargins();
        return fontMetrics().horizontalAdvance(m_text) + 4 + m.left() + m.right();
    }
    QString m_text;
};

QString formatCount(std::uint64_t v)
{
    return QLocale().toString(qulonglong(v));
}

QString formatMs(double ms)
{
    if (ms >= 1000)
        return LiveStatisticsView::tr("%1 s").arg(ms / 1000, 0, 'f', 2);
    return LiveStatisticsView::tr("%1 ms").arg(ms, 0, 'f', ms < 10 ? 1 : 0);
}

QString bucketLabel(double upperMs)
{
    if (std::isinf(upperMs))
        return QStringLiteral("∞");
    if (upperMs >= 1000)
        return QStringLiteral("%1k").arg(upperMs / 1000);
    return QString::number(upperMs);
}

/// The operations whose acquires waited or gave up, the most starved first
/// (most timeouts, then the longest wait). O(operations).
std::vector<ReportModel::Row> waitRows(const sim::Statistics& s)
{
    std::vector<std::size_t> ops;
    for (std::size_t i = 0; i < sim::kOperationCount; ++i)
        if (s.waitsByOperation[i].waited || s.waitsByOperation[i].timeouts)
            ops.push_back(i);
    std::stable_sort(ops.begin(), ops.end(), [&](std::size_t a, std::size_t b) {
        const auto& wa = s.waitsByOperation[a];
        const auto& wb = s.waitsByOperation[b];
        return wa.timeouts != wb.timeouts ? wa.timeouts > wb.timeouts : wa.maxMs > wb.maxMs;
    });
    std::vector<ReportModel::Row> rows;
    for (std::size_t i : ops) {
        const sim::Statistics::OperationWaits& w = s.waitsByOperation[i];
        rows.push_back({{operationDisplayName(i), formatCount(w.waited), formatMs(w.medianMs), formatMs(w.maxMs),
                         formatCount(w.timeouts)},
                        LiveStatisticsView::tr("%1 (%2): %3 acquires granted after waiting, median %4, longest %5; "
                                               "%6 given up after the wait timeout")
                            .arg(operationDisplayName(i), operationCliName(i), formatCount(w.waited),
                                 formatMs(w.medianMs), formatMs(w.maxMs), formatCount(w.timeouts))});
    }
    return rows;
}

/// The hottest paths as the simulator counted them. O(hot spots).
std::vector<ReportModel::Row> hotSpotRows(const sim::Statistics& s)
{
    std::vector<ReportModel::Row> rows;
    for (const sim::Statistics::HotSpot& spot : s.hotSpots) {
        QStringList pairs;
        for (const auto& p : spot.pairs)
            pairs << LiveStatisticsView::tr("%1 vs %2 (%3)")
                         .arg(operationDisplayName(sim::operationIndex(p.wanted)),
                              operationDisplayName(sim::operationIndex(p.blocking)), formatCount(p.count));
        const QString path = QString::fromStdString(spot.path);
        rows.push_back({{path, formatCount(spot.refusals), formatCount(spot.queued), QString::number(spot.waiting),
                         pairs.join(QStringLiteral(", "))},
                        LiveStatisticsView::tr("%1: %2 refused attempts clashed here, %3 of them behind an older "
                                               "waiter; %4 users wait on it now")
                            .arg(path, formatCount(spot.refusals), formatCount(spot.queued))
                            .arg(spot.waiting)});
    }
    return rows;
}

QTableView* reportView(QAbstractItemModel* model, const char* objectName)
{
    auto* view = new QTableView;
    view->setObjectName(QLatin1String(objectName));
    view->setModel(model);
    view->setSelectionMode(QAbstractItemView::NoSelection);
    view->setFocusPolicy(Qt::NoFocus);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setMinimumHeight(4 * (view->fontMetrics().height() + 6));
    return view;
}

/// A report table under its title.
QWidget* titled(QLabel* title, QTableView* view)
{
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 2, 0, 0);
    layout->setSpacing(2);
    title->setWordWrap(true);
    layout->addWidget(title);
    layout->addWidget(view, 1);
    return box;
}

QChart* makeChart(const QString& title)
{
    auto* chart = new QChart;
    chart->setTitle(title);
    QFont f = chart->titleFont();
    f.setBold(true);
    chart->setTitleFont(f);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 2, 4, 2));
    chart->setBackgroundRoundness(4);
    chart->setAnimationOptions(QChart::NoAnimation);
    return chart;
}

} // namespace

LiveStatisticsView::LiveStatisticsView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("liveStatistics"));
    m_matrixModel = new ConflictMatrixModel(this);
    auto* liveLayout = new QVBoxLayout(this);
    liveLayout->setContentsMargins(6, 6, 6, 4);
    liveLayout->setSpacing(6);
    liveLayout->addWidget(createCounters());
    liveLayout->addWidget(createCharts(), 1);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("simulationStatus"));
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setText(tr("Press Start to run the virtual users."));
    liveLayout->addWidget(m_status);
    updateReport({});
}

QWidget* LiveStatisticsView::createCounters()
{
    auto* box = new QWidget;
    box->setStyleSheet(QString::fromLatin1(kTileStyle));
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(6);
    auto tile = [&](Counter* c, const QString& caption, const QString& tip, int row, int column) {
        auto* frame = new QFrame;
        frame->setObjectName(QStringLiteral("counterTile"));
        frame->setToolTip(tip);
        auto* l = new QVBoxLayout(frame);
        l->setContentsMargins(10, 4, 10, 4);
        l->setSpacing(0);
        c->value = new QLabel(QStringLiteral("0"));
        c->value->setObjectName(QStringLiteral("counterValue"));
        auto* cap = new TileCaption(caption);
        cap->setObjectName(QStringLiteral("counterCaption"));
        l->addWidget(c->value);
        l->addWidget(cap);
        c->tile = frame;
        grid->addWidget(frame, row, column);
    };
    tile(&m_attempts, tr("Attempts"), tr("Acquire calls"), 0, 1);
    tile(&m_grants, tr("Grants"), tr("Operations that got their locks"), 0, 2);
    tile(&m_conflicts, tr("Conflicts"), tr("Refused acquire calls (the user waits and retries)"), 0, 3);
    tile(&m_timeouts, tr("Timeouts"), tr("Operations given up after the wait timeout"), 0, 4);
    tile(&m_fencing, tr("Fencing rejections"), tr("Writes the file system refused because a newer fencing token had touched the nodes"), 0, 5);
    tile(&m_completed, tr("Completed"), tr("Operations whose change was applied to the tree"), 1, 1);
    tile(&m_throughput, tr("Operations/s"), tr("Completed operations per simulated second, over the whole run"), 1, 2);
    tile(&m_wait, tr("Wait p50 / p99"), tr("Time from the first attempt to the grant"), 1, 3);
    tile(&m_active, tr("In flight / waiting"), tr("Operations between lock and write, and users waiting for a lock, now"), 1, 4);
    tile(&m_clock, tr("Simulated time"), tr("Time since the start, on the simulation's clock"), 1, 5);

    m_violationsTile = new QFrame;
    m_violationsTile->setObjectName(QStringLiteral("violationsTile"));
    auto* vl = new QVBoxLayout(m_violationsTile);
    vl->setContentsMargins(14, 6, 14, 6);
    vl->setSpacing(0);
    m_violationsValue = new QLabel(QStringLiteral("0"));
    m_violationsValue->setObjectName(QStringLiteral("violationsValue"));
    m_violationsValue->setAlignment(Qt::AlignCenter);
    auto* caption = new QLabel(tr("Safety violations"));
    caption->setObjectName(QStringLiteral("violationsCaption"));
    caption->setAlignment(Qt::AlignCenter);
    m_violationsNote = new QLabel;
    m_violationsNote->setObjectName(QStringLiteral("violationsCaption"));
    m_violationsNote->setAlignment(Qt::AlignCenter);
    vl->addStretch(1);
    vl->addWidget(m_violationsValue);
    vl->addWidget(caption);
    vl->addWidget(m_violationsNote);
    vl->addStretch(1);
    m_violationsTile->setMinimumWidth(fontMetrics().horizontalAdvance(tr("Safety violations")) + 60);
    // First: the one number that must never need scrolling to.
    grid->addWidget(m_violationsTile, 0, 0, 2, 1);
    for (int c = 0; c < 6; ++c)
        grid->setColumnStretch(c, 1);
    updateCounters({});
    return box;
}

QWidget* LiveStatisticsView::createCharts()
{
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);

    QChart* throughput = makeChart(tr("Throughput"));
    m_opsSeries = new QLineSeries;
    m_opsSeries->setName(tr("operations/s"));
    m_opsSeries->setPen(QPen(QColor(0x15, 0x65, 0xc0), 2));
    m_violationSeries = new QLineSeries;
    m_violationSeries->setName(tr("violations (total)"));
    m_violationSeries->setPen(QPen(QColor(0xc6, 0x28, 0x28), 2));
    throughput->addSeries(m_opsSeries);
    throughput->addSeries(m_violationSeries);
    m_timeAxis = new QValueAxis;
    m_timeAxis->setTitleText(tr("simulated s"));
    m_timeAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_timeAxis->setRange(0, 10);
    m_timeAxis->setTickCount(6); // whole numbers on ranges of multiples of 5 and "nice" ones
    m_opsAxis = new QValueAxis;
    m_opsAxis->setTitleText(tr("operations/s"));
    m_opsAxis->setLabelFormat(QStringLiteral("%g"));
    m_opsAxis->setRange(0, 10);
    m_opsAxis->setTickCount(6);
    m_violationAxis = new QValueAxis;
    m_violationAxis->setTitleText(tr("violations"));
    m_violationAxis->setTitleBrush(QColor(0xc6, 0x28, 0x28));
    m_violationAxis->setLabelFormat(QStringLiteral("%g"));
    m_violationAxis->setRange(0, 10);
    m_violationAxis->setTickCount(6);
    m_violationAxis->setLabelsColor(QColor(0xc6, 0x28, 0x28));
    throughput->addAxis(m_timeAxis, Qt::AlignBottom);
    throughput->addAxis(m_opsAxis, Qt::AlignLeft);
    throughput->addAxis(m_violationAxis, Qt::AlignRight);
    m_opsSeries->attachAxis(m_timeAxis);
    m_opsSeries->attachAxis(m_opsAxis);
    m_violationSeries->attachAxis(m_timeAxis);
    m_violationSeries->attachAxis(m_violationAxis);
    m_throughputView = new QChartView(throughput);
    m_throughputView->setRenderHint(QPainter::Antialiasing);
    m_throughputView->setMinimumSize(220, 130);
    splitter->addWidget(m_throughputView);

    QChart* wait = makeChart(QString()); // the tab names it
    m_waitBars = new QBarSet(tr("operations"));
    m_waitBars->setColor(QColor(0x00, 0x89, 0x7b));
    m_waitBars->setBorderColor(QColor(0x00, 0x69, 0x5c));
    auto* bars = new QBarSeries;
    bars->append(m_waitBars);
    bars->setBarWidth(0.85);
    wait->addSeries(bars);
    // Bar i stands at x = i. Fourteen bucket labels do not fit a dock-sized
    // chart, so the axis reads like a log scale: the decades are labelled, at
    // their bars (the tooltip lists every bucket).
    m_waitCategories = new QCategoryAxis;
    m_waitCategories->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_waitCategories->setTitleText(tr("ms (log buckets, upper bound)"));
    m_waitAxis = new QValueAxis;
    m_waitAxis->setTitleText(tr("operations"));
    m_waitAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_waitAxis->setRange(0, 10);
    wait->addAxis(m_waitCategories, Qt::AlignBottom);
    wait->addAxis(m_waitAxis, Qt::AlignLeft);
    bars->attachAxis(m_waitCategories);
    bars->attachAxis(m_waitAxis);
    wait->legend()->hide();
    m_waitView = new QChartView(wait);
    m_waitView->setObjectName(QStringLiteral("waitHistogram"));
    m_waitView->setRenderHint(QPainter::Antialiasing);
    m_waitView->setMinimumSize(220, 130);
    // The waits' distribution, and per operation the longest (starvation): one pane, two tabs.
    auto* waitTabs = new QTabWidget;
    waitTabs->setObjectName(QStringLiteral("waitTabs"));
    waitTabs->setDocumentMode(true);
    waitTabs->addTab(m_waitView, tr("Wait until granted"));
    waitTabs->addTab(createWaitsReport(), tr("Waits by operation"));
    splitter->addWidget(waitTabs);

    auto* heat = new QWidget;
    auto* heatLayout = new QVBoxLayout(heat);
    heatLayout->setContentsMargins(4, 2, 0, 0);
    heatLayout->setSpacing(2);
    auto* heatTitle = new QLabel(tr("<b>Conflicts</b>: row refused, column holding the blocking lease"));
    heatTitle->setWordWrap(true);
    heatLayout->addWidget(heatTitle);
    m_heatMap = new QTableView;
    m_heatMap->setObjectName(QStringLiteral("conflictHeatMap"));
    m_heatMap->setModel(m_matrixModel);
    m_heatMap->setSelectionMode(QAbstractItemView::NoSelection);
    m_heatMap->setFocusPolicy(Qt::NoFocus);
    m_heatMap->setShowGrid(true);
    m_heatMap->setGridStyle(Qt::SolidLine);
    m_heatMap->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_heatMap->horizontalHeader()->setMinimumSectionSize(22);
    m_heatMap->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_heatMap->verticalHeader()->setMinimumSectionSize(16);
    QFont small = m_heatMap->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_heatMap->setFont(small);
    m_heatMap->setMinimumSize(kHeatMapWidth, 110);
    heatLayout->addWidget(m_heatMap, 1);
    // Which operations clashed, and where: one pane, two tabs.
    auto* conflictTabs = new QTabWidget;
    conflictTabs->setObjectName(QStringLiteral("conflictTabs"));
    conflictTabs->setDocumentMode(true);
    conflictTabs->addTab(heat, tr("Conflicts"));
    conflictTabs->addTab(createHotSpotsReport(), tr("Hot spots"));
    splitter->addWidget(conflictTabs);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 4);
    // The first widths in those proportions too, not by the charts' small size hints.
    splitter->setSizes({4000, 3000, 4000});
    return splitter;
}

QWidget* LiveStatisticsView::createWaitsReport()
{
    m_waitsModel = new ReportModel({tr("Operation"), tr("Waited"), tr("Median"), tr("Longest"), tr("Gave up")},
                                   {1, 2, 3, 4}, this);
    m_waitsTitle = new QLabel;
    m_waitsTitle->setObjectName(QStringLiteral("operationWaitsTitle"));
    QTableView* waits = reportView(m_waitsModel, "operationWaits");
    waits->setToolTip(tr("Per operation, the acquires that were refused before their grant: how many, the median "
                         "and the longest wait until the grant, and how many gave up after the wait timeout. A "
                         "writer starved by readers shows here."));
    return titled(m_waitsTitle, waits);
}

QWidget* LiveStatisticsView::createHotSpotsReport()
{
    m_hotSpotsModel = new ReportModel({tr("Path"), tr("Refusals"), tr("Behind a waiter"), tr("Waiting now"),
                                       tr("What clashed")},
                                      {1, 2, 3}, this);
    m_hotSpotsTitle = new QLabel;
    m_hotSpotsTitle->setObjectName(QStringLiteral("hotSpotsTitle"));
    QTableView* hot = reportView(m_hotSpotsModel, "hotSpots");
    hot->setToolTip(tr("The paths where refused attempts clashed, counted by the simulator over the whole run, "
                       "most first; behind a waiter: refused because an older waiting request conflicts (fairness), "
                       "not a holder; what clashed: the refused operation vs the one holding or waiting, most "
                       "frequent first."));
    return titled(m_hotSpotsTitle, hot);
}

void LiveStatisticsView::setStatistics(const sim::Statistics& s)
{
    updateCounters(s);
    updateCharts(s);
    updateReport(s);
    m_matrixModel->setMatrix(s.conflictMatrix);
    fitHeatMap();
}

void LiveStatisticsView::reset()
{
    m_matrixModel->setMatrix({});
    m_waitsModel->setRows({});
    m_hotSpotsModel->setRows({});
    m_histogramSize = 0;
}

void LiveStatisticsView::updateReport(const sim::Statistics& s)
{
    const QString fairness = s.fairnessGrace
                                 ? tr("fairness on (grace %1)").arg(formatMs(double(s.fairnessGrace->count())))
                                 : tr("fairness off");
    m_waitsTitle->setText(tr("<b>Waits by operation</b>: acquires refused first, most starved first · %1").arg(fairness));
    m_hotSpotsTitle->setText(tr("<b>Hot spots</b>: where refused attempts clashed · %1 of %2 refusals behind a waiter")
                                 .arg(formatCount(s.queued), formatCount(s.conflicts)));
    m_waitsModel->setRows(waitRows(s));
    m_hotSpotsModel->setRows(hotSpotRows(s));
}

void LiveStatisticsView::setStatus(const QString& text)
{
    m_status->setText(text);
}

void LiveStatisticsView::fitHeatMap()
{
    // Every count shown must fit its cell: no "3…".
    const QFontMetrics metrics(m_heatMap->font());
    int widest = 0;
    for (int row = 0; row < m_matrixModel->rowCount(); ++row)
        for (int column = 0; column < m_matrixModel->columnCount(); ++column)
            widest = std::max(widest, metrics.horizontalAdvance(m_matrixModel->index(row, column).data().toString()));
    const int margin = 2 * (m_heatMap->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_heatMap) + 1) + 4;
    QHeaderView* header = m_heatMap->horizontalHeader();
    const int minimum = std::max(22, widest + margin);
    if (header->minimumSectionSize() == minimum)
        return;
    header->setMinimumSectionSize(minimum);
    const int columns = m_matrixModel->columnCount();
    m_heatMap->setMinimumWidth(std::clamp(m_heatMap->verticalHeader()->sizeHint().width() + columns * minimum
                                              + 2 * m_heatMap->frameWidth() + 2,
                                          kHeatMapWidth, kHeatMapMostWidth));
    header->resizeSections(QHeaderView::Stretch);
}

void LiveStatisticsView::updateCounters(const sim::Statistics& s)
{
    m_attempts.value->setText(formatCount(s.attempts));
    m_grants.value->setText(formatCount(s.grants));
    m_conflicts.value->setText(formatCount(s.conflicts));
    m_timeouts.value->setText(formatCount(s.timeouts));
    m_fencing.value->setText(formatCount(s.fencingRejections));
    m_completed.value->setText(formatCount(s.completed));
    m_throughput.value->setText(QLocale().toString(s.opsPerSecond, 'f', 0));
    m_wait.value->setText(QStringLiteral("%1 / %2").arg(formatMs(s.waitP50Ms), formatMs(s.waitP99Ms)));
    m_active.value->setText(QStringLiteral("%1 / %2").arg(s.inFlight).arg(s.waiting));
    m_clock.value->setText(tr("%1 s").arg(s.elapsed.count() / 1000.0, 0, 'f', 1));

    const bool bad = s.violations > 0;
    m_violationsValue->setText(formatCount(s.violations));
    m_violationsNote->setText(!s.locking ? tr("locking is off") : bad ? tr("with locking on!") : tr("locking on"));
    m_violationsTile->setStyleSheet(
        QStringLiteral("#violationsTile { background: %1; border-radius: 6px; }"
                       "#violationsValue { color: white; font-size: 26pt; font-weight: 700; }"
                       "#violationsCaption { color: white; font-weight: 600; }")
            .arg(bad ? QStringLiteral("#c62828") : QStringLiteral("#2e7d32")));
    QString tip = tr("Two in-flight operations that touch the same node (or an ancestor and a descendant) with at least one write. Must be 0 with locking on.");
    if (!s.recentViolations.empty()) {
        tip += QStringLiteral("\n\n") + tr("Most recent:");
        const std::size_t first = s.recentViolations.size() > 5 ? s.recentViolations.size() - 5 : 0;
        for (std::size_t i = first; i < s.recentViolations.size(); ++i)
            tip += QStringLiteral("\n• ") + QString::fromStdString(s.recentViolations[i]);
    }
    m_violationsTile->setToolTip(tip);
}

void LiveStatisticsView::updateCharts(const sim::Statistics& s)
{
    QList<QPointF> ops, violations;
    ops.reserve(qsizetype(s.throughput.size()) + 1);
    violations.reserve(qsizetype(s.throughput.size()) + 1);
    double maxOps = 1, lastTime = 0;
    std::uint64_t maxViolations = 0;
    ops.append({0, 0});
    violations.append({0, 0});
    for (const auto& p : s.throughput) {
        ops.append({p.time, p.opsPerSecond});
        violations.append({p.time, double(p.violations)});
        maxOps = std::max(maxOps, p.opsPerSecond);
        maxViolations = std::max(maxViolations, p.violations);
        lastTime = p.time;
    }
    m_opsSeries->replace(ops);
    m_violationSeries->replace(violations);
    m_timeAxis->setRange(0, std::max(10.0, std::ceil(lastTime / 5) * 5));
    auto nice = [](double v) {
        const double m = std::pow(10, std::floor(std::log10(std::max(v, 1.0))));
        for (double f : {1.0, 2.0, 2.5, 5.0, 10.0})
            if (v <= f * m)
                return f * m;
        return 10 * m;
    };
    m_opsAxis->setRange(0, nice(maxOps * 1.1));
    m_violationAxis->setRange(0, std::max(10.0, nice(double(maxViolations) * 1.1)));

    if (s.waitHistogram.size() != m_histogramSize) {
        for (const QString& label : m_waitCategories->categoriesLabels())
            m_waitCategories->remove(label);
        m_waitCategories->setStartValue(-0.5);
        m_waitCategories->setRange(-0.5, double(s.waitHistogram.size()) - 0.5);
        QStringList all;
        for (std::size_t i = 0; i < s.waitHistogram.size(); ++i) {
            const double upper = s.waitHistogram[i].upperMs;
            all << bucketLabel(upper);
            const double decade = upper > 0 && !std::isinf(upper) ? std::log10(upper) : 0;
            if (std::isinf(upper) || upper == 0 || decade == std::round(decade))
                m_waitCategories->append(all.back(), double(i));
        }
        m_waitView->setToolTip(tr("Time from the first attempt to the grant. Buckets, in ms: ≤ %1").arg(all.join(QStringLiteral(", ≤ "))));
        m_waitBars->remove(0, m_waitBars->count());
        for (std::size_t i = 0; i < s.waitHistogram.size(); ++i)
            m_waitBars->append(0);
        m_histogramSize = s.waitHistogram.size();
    }
    double maxCount = 1;
    for (std::size_t i = 0; i < s.waitHistogram.size(); ++i) {
        const double v = double(s.waitHistogram[i].count);
        if (m_waitBars->at(qsizetype(i)) != v)
            m_waitBars->replace(qsizetype(i), v);
        maxCount = std::max(maxCount, v);
    }
    m_waitAxis->setRange(0, std::max(4.0, maxCount * 1.1));
    m_waitAxis->applyNiceNumbers();
}

} // namespace treelock::ui
