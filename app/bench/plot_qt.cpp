#include "plot.h"

#include "chartimage.h"
#include "offscreenapplication.h"

#include <QApplication>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QColor>
#include <QFont>
#include <QPen>
#include <QImage>
#include <QPainter>
#include <QPixmap>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace treelock::bench {

bool plotAvailable() { return true; }

namespace {

QString heldLabel(long long n)
{
    if (n >= 1000 && n % 1000 == 0)
        return QString::number(n / 1000) + QStringLiteral("k");
    return QString::number(n);
}

const SummaryRow* find(const Report& report, const std::string& contender, long long held, int connections)
{
    for (const auto& s : report.summary)
        if (s.contender == contender && s.held == held && s.connections == connections)
            return &s;
    return nullptr;
}

// Legend entries are short so that ten fit under a 660-pixel panel; the
// header of the image says what "TL", "e", "a" and "w" stand for.
QString shortLabel(const std::string& key)
{
    if (key == "tl-d3") return QStringLiteral("TL3");
    if (key == "tl-d3-0") return QStringLiteral("TL3 e");
    if (key == "tl-d3-a") return QStringLiteral("TL3 a");
    if (key == "tl-d3-w") return QStringLiteral("TL3 w");
    if (key == "tl-d10") return QStringLiteral("TL10");
    if (key == "tl-d10-0") return QStringLiteral("TL10 e");
    if (key == "tl-move") return QStringLiteral("move");
    if (key == "floor-d3") return QStringLiteral("floor3");
    if (key == "floor-d10") return QStringLiteral("floor10");
    if (key == "bare-d3") return QStringLiteral("bare3");
    if (key == "bare-d10") return QStringLiteral("bare10");
    if (key == "seed") return QStringLiteral("seed");
    if (key == "plain") return QStringLiteral("plain");
    if (key == "ping") return QStringLiteral("PING");
    if (key == "eval1") return QStringLiteral("EVAL1");
    return QString::fromStdString(key);
}

QColor colorOf(const std::string& key)
{
    if (key == "tl-d3") return QColor(0x1f, 0x77, 0xb4);
    if (key == "tl-d3-0") return QColor(0x1f, 0x77, 0xb4).lighter(150);
    if (key == "tl-d3-a") return QColor(0x8c, 0x56, 0x4b);
    if (key == "tl-d3-w") return QColor(0xe3, 0x77, 0xc2);
    if (key == "tl-d10") return QColor(0x17, 0xbe, 0xcf);
    if (key == "tl-d10-0") return QColor(0x17, 0xbe, 0xcf).lighter(130);
    if (key == "tl-move") return QColor(0x2c, 0xa0, 0x2c);
    if (key == "floor-d3") return QColor(0xbc, 0xbd, 0x22);
    if (key == "floor-d10") return QColor(0xbc, 0xbd, 0x22).darker(130);
    if (key == "bare-d3") return QColor(0x7f, 0x3c, 0x8d);
    if (key == "bare-d10") return QColor(0x7f, 0x3c, 0x8d).lighter(140);
    if (key == "seed") return QColor(0xd6, 0x27, 0x28);
    if (key == "plain") return QColor(0xff, 0x7f, 0x0e);
    if (key == "ping") return QColor(0x7f, 0x7f, 0x7f);
    return QColor(0x94, 0x67, 0xbd);
}

QChart* makeChart(const BenchResults& results, const Report& report, int connections, double lo, double hi)
{
    auto* chart = new QChart; // Owned by the view it is given to.
    chart->setTitle(QStringLiteral("%1 connection%2").arg(connections).arg(connections > 1 ? "s" : ""));
    QFont titleFont = chart->titleFont();
    titleFont.setPointSize(12);
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSize(8);
    chart->legend()->setFont(legendFont);

    const auto& held = results.options.held;
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    for (std::size_t i = 0; i < held.size(); ++i)
        x->append(heldLabel(held[i]), static_cast<qreal>(i));
    x->setRange(-0.15, static_cast<qreal>(held.size()) - 0.85);
    x->setTitleText(QStringLiteral("N other leases held in the project"));
    auto* y = new QLogValueAxis;
    y->setBase(10);
    y->setLabelFormat(QStringLiteral("%g"));
    y->setRange(lo, hi);
    y->setMinorTickCount(-1);
    y->setTitleText(QStringLiteral("ops/s (log): pairs for locks, calls for PING/EVALSHA"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    for (const auto& key : results.contenders) {
        auto* series = new QLineSeries;
        series->setName(shortLabel(key));
        series->setPointsVisible(true);
        for (std::size_t i = 0; i < held.size(); ++i) {
            const SummaryRow* s = find(report, key, held[i], connections);
            if (s && s->opsPerSec.median > 0)
                series->append(static_cast<qreal>(i), s->opsPerSec.median);
        }
        QPen pen(colorOf(key));
        pen.setWidthF(key.rfind("tl-", 0) == 0 ? 3.0 : 2.0);
        if (key == "ping" || key == "eval1")
            pen.setStyle(Qt::DashLine);
        else if (key == "tl-d3-0" || key == "tl-d10-0") { // the reference: same colour, dotted, thin
            pen.setStyle(Qt::DotLine);
            pen.setWidthF(1.5);
        }
        series->setPen(pen);
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    return chart;
}

} // namespace

void writeThroughputPlot(const BenchResults& results, const Report& report, const std::string& file)
{
    const std::unique_ptr<QApplication> ownApp = offscreenApplicationIfNone();

    double lo = 1e300, hi = 0;
    for (const auto& s : report.summary) {
        if (s.opsPerSec.median > 0) {
            lo = std::min(lo, s.opsPerSec.median);
            hi = std::max(hi, s.opsPerSec.median);
        }
    }
    if (hi <= 0)
        throw std::runtime_error("--plot: nothing to draw (no operation succeeded)");
    lo = std::pow(10.0, std::floor(std::log10(lo)));
    hi = std::pow(10.0, std::ceil(std::log10(hi)));

    const auto& m = results.machine;
    std::vector<QChart*> charts;
    for (const int connections : results.options.connections)
        charts.push_back(makeChart(results, report, connections, lo, hi));
    writeChartsPng(QStringLiteral("treelock-bench: throughput against held leases (median of %1 repetitions)")
                       .arg(results.options.reps),
                   {QString::fromStdString(std::to_string(m.nproc) + " CPUs, " + m.cpuModel + "; redis-server "
                                           + m.redisVersion + " over " + m.transport + "; " + m.pinning),
                    QStringLiteral("TL3 / TL10 = Treelock pair at path depth 3 / 10;  e = the same pair in an "
                                   "empty project (dotted);  a = in an empty project at events=audit;  w = while a "
                                   "waiter holds back;  move = Treelock move;  EVAL1 = EVALSHA of \"return 1\"")},
                   charts, 660, 600, file);
}

} // namespace treelock::bench
