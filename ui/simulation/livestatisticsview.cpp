#include "simulation/livestatisticsview.h"

#include "simulation/conflictmatrixmodel.h"

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
#include <QTableView>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace treelock::ui {

namespace {

const char* const kTileStyle =
    "QFrame#counterTile { background: palette(base); border: 1px solid palette(mid); border-radius: 6px; }"
    "QLabel#counterValue { font-size: 17pt; font-weight: 600; }"
    "QLabel#counterCaption { color: palette(dark); }";

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
        auto* cap = new QLabel(caption);
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
    m_throughputView->setMinimumSize(300, 220);
    splitter->addWidget(m_throughputView);

    QChart* wait = makeChart(tr("Wait until granted"));
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
    m_waitView->setMinimumSize(320, 220);
    splitter->addWidget(m_waitView);

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
    m_heatMap->setMinimumSize(380, 220);
    heatLayout->addWidget(m_heatMap, 1);
    splitter->addWidget(heat);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 4);
    return splitter;
}

void LiveStatisticsView::setStatistics(const sim::Statistics& s)
{
    updateCounters(s);
    updateCharts(s);
    m_matrixModel->setMatrix(s.conflictMatrix);
    fitHeatMap();
}

void LiveStatisticsView::reset()
{
    m_matrixModel->setMatrix({});
    m_histogramSize = 0;
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
    m_heatMap->setMinimumWidth(std::max(380, m_heatMap->verticalHeader()->sizeHint().width() + columns * minimum
                                                 + 2 * m_heatMap->frameWidth() + 2));
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
