#include "failoverbench.h"

#include "chartimage.h"
#include "offscreenapplication.h"

#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <QColor>
#include <QImage>
#include <QPainter>
#include <QPixmap>

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace treelock::bench {

namespace {

struct Series {
    int minReplicas;
    bool lagging;
    QString name;
    QColor color;
    QScatterSeries::MarkerShape shape;
};

const Series kSeries[] = {
    {0, false, QStringLiteral("in step · min 0"), QColor(0xff, 0x7f, 0x0e), QScatterSeries::MarkerShapeCircle},
    {1, false, QStringLiteral("in step · min 1"), QColor(0x1f, 0x77, 0xb4), QScatterSeries::MarkerShapeCircle},
    {0, true, QStringLiteral("lagging · min 0"), QColor(0xd6, 0x27, 0x28), QScatterSeries::MarkerShapeRectangle},
    {1, true, QStringLiteral("lagging · min 1"), QColor(0x2c, 0xa0, 0x2c), QScatterSeries::MarkerShapeRectangle},
};

/// One panel: `value` of every round against the round number, a series per case.
QChart* panel(const FailoverResults& results, const QString& title, const QString& yTitle,
              const std::function<double(const FailoverRound&)>& value)
{
    auto* chart = new QChart; // Owned by the view it is given to.
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSize(8);
    chart->legend()->setFont(legendFont);
    int rounds = 1;
    double top = 1;
    for (const auto& r : results.rounds) {
        rounds = std::max(rounds, r.round);
        top = std::max(top, value(r));
    }
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    for (int i = 1; i <= rounds; ++i)
        x->append(QString::number(i), i);
    x->setRange(0.5, rounds + 0.5);
    x->setTitleText(QStringLiteral("round"));
    auto* y = new QValueAxis;
    y->setRange(0, top * 1.1);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(yTitle);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (const Series& s : kSeries) {
        auto* series = new QScatterSeries;
        series->setName(s.name);
        series->setColor(s.color);
        series->setBorderColor(s.color.darker(130));
        series->setMarkerShape(s.shape);
        series->setMarkerSize(11);
        // The four cases of a round side by side, so that equal values stay visible.
        const double offset = (s.minReplicas + 2 * int(s.lagging) - 1.5) * 0.12;
        for (const auto& r : results.rounds)
            if (r.minReplicas == s.minReplicas && r.lagging == s.lagging)
                series->append(r.round + offset, value(r));
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    return chart;
}

} // namespace

void writeFailoverPlot(const FailoverResults& results, const std::string& file)
{
    if (results.rounds.empty())
        throw std::runtime_error("--plot: nothing to draw (no failover measured)");
    const std::unique_ptr<QApplication> ownApp = offscreenApplicationIfNone();
    writeChartsPng(QStringLiteral("treelock-bench --failover: the primary killed under a client taking leases"),
                   {QString::fromStdString(results.redisVersion)
                    + QStringLiteral("; 1 replica, 3 sentinels, down-after 1000 ms; min N = --min-replicas N; "
                                     "lagging = the replica held back for the last 300 ms before the kill")},
                   {panel(results, QStringLiteral("Time to the new primary"),
                          QStringLiteral("ms from the kill to the client's first answer"),
                          [](const FailoverRound& r) { return r.answeredMs; }),
                    panel(results, QStringLiteral("Grants lost in the failover"),
                          QStringLiteral("grants told to the client, gone after"),
                          [](const FailoverRound& r) { return double(r.lost); })},
                   640, 520, file);
}

} // namespace treelock::bench
