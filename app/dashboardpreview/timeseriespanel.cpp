#include "paneldrawing.h"
#include "valueformat.h"

#include <QDateTime>
#include <QFontMetricsF>
#include <QPainterPath>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>

namespace treelock::dashboardpreview {

namespace {

constexpr double kLegendLine = 17;
constexpr double kTimeAxis = 18;
constexpr int kMaxLegendLines = 3;

// One drawn series: its values on the query's steps, from `lower` up to `upper`
// (the same as the value unless stacked).
struct Band {
    QString name;
    QColor color;
    std::vector<std::optional<double>> lower;
    std::vector<std::optional<double>> upper;
};

std::vector<Band> bands(const Panel& panel, const PanelData& data, const TimeRange& range)
{
    std::vector<Band> out;
    std::vector<double> base;
    for (std::size_t n = 0; n < data.series.size(); ++n) {
        Band band{data.series[n].name, theme::seriesColor(n), {}, onSteps(data.series[n].samples, range)};
        band.lower.assign(band.upper.size(), std::nullopt);
        if (panel.stacked) {
            base.resize(band.upper.size(), 0.0);
            for (std::size_t i = 0; i < band.upper.size(); ++i) {
                if (!band.upper[i])
                    continue;
                band.lower[i] = base[i];
                base[i] += *band.upper[i];
                band.upper[i] = base[i];
            }
        }
        out.push_back(std::move(band));
    }
    return out;
}

// The legend's lines: as many items as fit on each, the rest summed up as "+N more".
std::vector<std::vector<std::size_t>> legendLines(const std::vector<Band>& drawn, const QFontMetricsF& metrics,
                                                  double width, int maxLines)
{
    std::vector<std::vector<std::size_t>> lines(1);
    // The last line leaves room for "+N more".
    const double reserve = metrics.horizontalAdvance(QStringLiteral("+999 more")) + 8;
    double x = 0;
    for (std::size_t i = 0; i < drawn.size(); ++i) {
        const double item = 18 + metrics.horizontalAdvance(drawn[i].name) + 14;
        const double room = int(lines.size()) == maxLines ? width - reserve : width;
        if (x > 0 && x + item > room) {
            if (int(lines.size()) == maxLines)
                break;
            lines.emplace_back();
            x = 0;
        }
        lines.back().push_back(i);
        x += item;
    }
    return lines;
}

void drawLegend(QPainter& painter, const QRectF& area, const std::vector<Band>& drawn,
                const std::vector<std::vector<std::size_t>>& lines)
{
    painter.setFont(theme::font(11));
    const QFontMetricsF metrics(painter.font());
    std::size_t shown = 0;
    for (std::size_t l = 0; l < lines.size(); ++l) {
        double x = area.left();
        const double y = area.top() + double(l) * kLegendLine;
        for (std::size_t i : lines[l]) {
            painter.fillRect(QRectF(x, y + kLegendLine / 2 - 2, 12, 4), drawn[i].color);
            const double textWidth = std::min(metrics.horizontalAdvance(drawn[i].name), area.right() - x - 18);
            painter.setPen(theme::kText);
            painter.drawText(QRectF(x + 18, y, textWidth + 2, kLegendLine), Qt::AlignLeft | Qt::AlignVCenter,
                             metrics.elidedText(drawn[i].name, Qt::ElideRight, textWidth));
            x += 18 + textWidth + 14;
            ++shown;
        }
    }
    if (shown < drawn.size()) {
        painter.setPen(theme::kWeakText);
        painter.drawText(area, Qt::AlignRight | Qt::AlignBottom, QStringLiteral("+%1 more").arg(drawn.size() - shown));
    }
}

struct ValueAxis {
    double low = 0;
    double high = 1;
    double step = 1; // in data units
    Scale scale;
    int decimals = 0;
};

ValueAxis valueAxis(const Panel& panel, const std::vector<Band>& drawn, int ticks)
{
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const Band& b : drawn)
        for (std::size_t i = 0; i < b.upper.size(); ++i)
            if (b.upper[i]) {
                high = std::max(high, *b.upper[i]);
                low = std::min(low, b.lower[i].value_or(*b.upper[i]));
            }
    if (!std::isfinite(low)) {
        low = 0;
        high = 1;
    }
    ValueAxis axis;
    axis.low = panel.min ? std::min(*panel.min, low) : std::min(0.0, low);
    axis.high = std::max(high, axis.low);
    axis.scale = scaleFor(panel.unit, std::max(std::abs(axis.low), std::abs(axis.high)));
    double scaledStep = niceStep((axis.high - axis.low) / axis.scale.divisor, ticks);
    // Counts the panel shows without decimals get whole-number ticks.
    if (panel.decimals == 0 && axis.scale.divisor == 1)
        scaledStep = std::max(scaledStep, 1.0);
    axis.step = scaledStep * axis.scale.divisor;
    axis.low = std::floor(axis.low / axis.step) * axis.step;
    axis.high = std::max(axis.low + axis.step, std::ceil(axis.high / axis.step - 1e-9) * axis.step);
    axis.decimals = decimalsForStep(scaledStep);
    return axis;
}

// Zero in the panel's own unit ("0 ops/min", not "0.0 K ops/min"), the rest at the axis' scale.
QString tickLabel(double value, const Panel& panel, const ValueAxis& axis)
{
    if (std::abs(value) < axis.step / 1e6)
        return formatValue(0, panel.unit, 0);
    return formatScaled(value, axis.scale, axis.decimals);
}

// Tick spacing on the time axis: the first of these that leaves `minimum` seconds between ticks.
double timeStep(double minimum)
{
    static constexpr std::array<double, 17> kSteps{1,    2,    5,    10,   15,    30,    60,    120,  300,
                                                   600,  900,  1800, 3600, 7200, 10800, 21600, 43200};
    for (double s : kSteps)
        if (s >= minimum)
            return s;
    return 86400 * std::ceil(minimum / 86400);
}

void drawBand(QPainter& painter, const Band& band, int fillOpacity, double baseline,
              const std::function<QPointF(std::size_t, double)>& at)
{
    // Runs of consecutive steps with a value; a missing step breaks the line, as Grafana does.
    std::size_t i = 0;
    const std::size_t n = band.upper.size();
    while (i < n) {
        if (!band.upper[i]) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < n && band.upper[end])
            ++end;
        QPainterPath line;
        for (std::size_t k = i; k < end; ++k)
            k == i ? line.moveTo(at(k, *band.upper[k])) : line.lineTo(at(k, *band.upper[k]));
        if (fillOpacity > 0) {
            QPainterPath area = line;
            for (std::size_t k = end; k-- > i;)
                area.lineTo(at(k, band.lower[k].value_or(baseline)));
            area.closeSubpath();
            QColor fill = band.color;
            fill.setAlphaF(fillOpacity / 100.0);
            painter.fillPath(area, fill);
        }
        painter.setPen(QPen(band.color, 1.6));
        if (end - i == 1)
            painter.drawEllipse(at(i, *band.upper[i]), 1.8, 1.8);
        else
            painter.drawPath(line);
        i = end;
    }
}

} // namespace

void drawTimeSeries(QPainter& painter, const QRectF& body, const Panel& panel, const PanelData& data,
                    const TimeRange& range)
{
    const std::vector<Band> drawn = bands(panel, data, range);
    painter.setFont(theme::font(11));
    const QFontMetricsF legendMetrics(painter.font());
    const int maxLines = std::clamp(int(body.height() / 4 / kLegendLine), 1, kMaxLegendLines);
    const auto lines = legendLines(drawn, legendMetrics, body.width(), maxLines);
    const double legendHeight = drawn.empty() ? 0 : double(lines.size()) * kLegendLine + 4;

    QRectF plot = body.adjusted(0, 6, -6, -(legendHeight + kTimeAxis));
    const ValueAxis axis = valueAxis(panel, drawn, std::max(2, int(plot.height() / 34)));
    painter.setFont(theme::font(11));
    const QFontMetricsF axisMetrics(painter.font());
    double labelWidth = 0;
    for (double v = axis.low; v <= axis.high + axis.step / 2; v += axis.step)
        labelWidth = std::max(labelWidth, axisMetrics.horizontalAdvance(tickLabel(v, panel, axis)));
    plot.setLeft(plot.left() + labelWidth + 8);

    const double span = double(range.to - range.from);
    const auto xOf = [&](double t) { return plot.left() + (t - double(range.from)) / span * plot.width(); };
    const auto yOf = [&](double v) { return plot.bottom() - (v - axis.low) / (axis.high - axis.low) * plot.height(); };

    painter.setPen(QPen(theme::kGrid, 1));
    for (double v = axis.low; v <= axis.high + axis.step / 2; v += axis.step) {
        const double y = yOf(v);
        painter.setPen(QPen(theme::kGrid, 1));
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter.setPen(theme::kWeakText);
        painter.drawText(QRectF(body.left(), y - 8, labelWidth, 16), Qt::AlignRight | Qt::AlignVCenter,
                         tickLabel(v, panel, axis));
    }
    const double seconds = timeStep(span * 70 / std::max(1.0, plot.width()));
    const qint64 offset = QDateTime::fromSecsSinceEpoch(range.from).offsetFromUtc();
    const QString format = seconds < 60 ? QStringLiteral("HH:mm:ss") : QStringLiteral("HH:mm");
    for (double t = std::ceil(double(range.from + offset) / seconds) * seconds - double(offset); t <= double(range.to);
         t += seconds) {
        const double x = xOf(t);
        painter.setPen(QPen(theme::kGrid, 1));
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        // A label that would run into the value axis' labels or out of the panel is left out.
        const QString label = QDateTime::fromSecsSinceEpoch(qint64(t)).toString(format);
        const double half = axisMetrics.horizontalAdvance(label) / 2;
        if (x - half < plot.left() - 4 || x + half > body.right())
            continue;
        painter.setPen(theme::kWeakText);
        painter.drawText(QRectF(x - half - 2, plot.bottom() + 2, 2 * half + 4, kTimeAxis - 2), Qt::AlignCenter, label);
    }

    if (drawn.empty()) {
        drawMessage(painter, plot, QStringLiteral("No data"), theme::kWeakText);
        return;
    }
    painter.save();
    painter.setClipRect(plot.adjusted(-2, -2, 2, 2));
    const auto at = [&](std::size_t step, double v) {
        return QPointF(xOf(double(range.from) + double(step) * range.step), yOf(v));
    };
    const double baseline = std::clamp(0.0, axis.low, axis.high);
    for (const Band& band : drawn)
        drawBand(painter, band, panel.fillOpacity, baseline, at);
    painter.restore();
    drawLegend(painter, QRectF(body.left(), body.bottom() - legendHeight + 4, body.width(), legendHeight - 4), drawn,
               lines);
}

} // namespace treelock::dashboardpreview
