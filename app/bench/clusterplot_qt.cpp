#include "clusterbench.h"

#include "chartimage.h"
#include "offscreenapplication.h"
#include "report.h"

#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QStackedBarSeries>
#include <QtCharts/QValueAxis>
#include <QColor>

#include <algorithm>
#include <stdexcept>

namespace treelock::bench {

namespace {

const QColor kOne(0xff, 0x7f, 0x0e);
const QColor kThree(0x1f, 0x77, 0xb4);

/// Pairs/s against connections (log axis): every round as a dot, the medians joined.
QChart* throughputPanel(const ClusterResults& results)
{
    auto* chart = new QChart; // Owned by the view it is given to.
    chart->setTitle(QStringLiteral("Pairs per second"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    const std::vector<int> connections = clusterConnections(results);
    double top = 1;
    for (const auto& p : results.points)
        top = std::max(top, p.pairsPerSec);
    auto* x = new QLogValueAxis;
    x->setBase(2);
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->setRange(std::max(0.5, connections.front() / 1.5), connections.back() * 1.5);
    x->setTitleText(QStringLiteral("client connections (threads)"));
    auto* y = new QValueAxis;
    y->setRange(0, top * 1.1);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(QStringLiteral("acquire + release pairs/s, all projects"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (const int primaries : {1, 3}) {
        const QColor color = primaries == 1 ? kOne : kThree;
        const QString name = primaries == 1 ? QStringLiteral("1 primary") : QStringLiteral("3 primaries");
        auto* dots = new QScatterSeries;
        dots->setName(name + QStringLiteral(" (dots: rounds, line: median)"));
        dots->setColor(color);
        dots->setBorderColor(color.darker(130));
        dots->setMarkerSize(8);
        auto* line = new QLineSeries;
        line->setName(name);
        line->setColor(color);
        for (const int c : connections) {
            std::vector<double> rates;
            for (const auto& p : results.points)
                if (p.primaries == primaries && p.connections == c) {
                    dots->append(c, p.pairsPerSec);
                    rates.push_back(p.pairsPerSec);
                }
            if (!rates.empty())
                line->append(c, Spread::of(rates).median);
        }
        for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(dots), static_cast<QAbstractSeries*>(line)}) {
            chart->addSeries(s);
            s->attachAxis(x);
            s->attachAxis(y);
        }
        for (QLegendMarker* marker : chart->legend()->markers(line))
            marker->setVisible(false);
    }
    return chart;
}

/// CPU cores used in each cell's median round: primaries and client stacked.
QChart* cpuPanel(const ClusterResults& results)
{
    auto* chart = new QChart;
    chart->setTitle(QStringLiteral("CPU used (median round)"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto* primaries = new QBarSet(QStringLiteral("redis-server primaries"));
    primaries->setColor(kThree);
    auto* client = new QBarSet(QStringLiteral("client threads"));
    client->setColor(QColor(0x99, 0x99, 0x99));
    QStringList categories;
    for (const int c : clusterConnections(results)) {
        for (const int n : {1, 3}) {
            const ClusterPoint* median = clusterMedian(clusterCell(results, n, c));
            if (!median)
                continue;
            *primaries << median->primariesCores;
            *client << median->clientCores;
            categories << QStringLiteral("%1p · %2c").arg(n).arg(c);
        }
    }
    auto* bars = new QStackedBarSeries;
    bars->append(primaries);
    bars->append(client);
    chart->addSeries(bars);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(QStringLiteral("primaries · connections"));
    auto* y = new QValueAxis;
    y->setRange(0, std::max(2.0, double(results.cores)) + 0.5);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.1f"));
    y->setTitleText(QStringLiteral("cores (CPU time / wall time); this machine: %1").arg(results.cores));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    bars->attachAxis(x);
    bars->attachAxis(y);
    return chart;
}

} // namespace

void writeClusterPlot(const ClusterResults& results, const std::string& file)
{
    if (results.points.empty())
        throw std::runtime_error("--plot: nothing to draw (no cluster point measured)");
    const std::unique_ptr<QApplication> ownApp = offscreenApplicationIfNone();
    writeChartsPng(QStringLiteral("treelock-bench --cluster: one Redis Cluster primary against three"),
                   {QString::fromStdString(results.redisVersion)
                    + QStringLiteral("; %1 projects, depth-3 X lock taken and released by each client thread in "
                                     "its projects in turn; %2 CPUs")
                          .arg(results.projects)
                          .arg(results.cores)},
                   {throughputPanel(results), cpuPanel(results)}, 640, 520, file);
}

} // namespace treelock::bench
