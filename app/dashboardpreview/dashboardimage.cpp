#include "paneldrawing.h"
#include "valueformat.h"

#include <QFontMetricsF>
#include <QPainterPath>

#include <algorithm>
#include <array>
#include <cmath>

namespace treelock::dashboardpreview {

namespace {

// Grafana's grid: a row unit is 30 px high with 8 px between panels.
constexpr double kCellHeight = 30;
constexpr double kGap = 8;
constexpr double kMargin = 16;
constexpr double kHeaderHeight = 78;
constexpr double kTitleHeight = 28;

QColor thresholdColor(const Panel& panel, double value)
{
    QColor color = grafanaColor(QStringLiteral("green"));
    for (const Threshold& t : panel.thresholds)
        if (!t.value || value >= *t.value)
            color = t.color;
    return color;
}

std::optional<double> lastValue(const std::vector<Sample>& samples)
{
    if (samples.empty())
        return std::nullopt;
    return samples.back().value;
}

// The sparkline of a stat panel: the series' area in the lower part of `area`.
void drawSparkline(QPainter& painter, const QRectF& area, const std::vector<Sample>& samples, const QColor& color)
{
    if (samples.size() < 2)
        return;
    const auto [low, high] = std::minmax_element(samples.begin(), samples.end(),
                                                 [](const Sample& a, const Sample& b) { return a.value < b.value; });
    const double t0 = samples.front().time;
    const double span = std::max(1e-9, samples.back().time - t0);
    const double bottom = std::min(0.0, low->value);
    const double range = std::max(1e-9, high->value - bottom);
    QPainterPath line;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const QPointF p(area.left() + (samples[i].time - t0) / span * area.width(),
                        area.bottom() - (samples[i].value - bottom) / range * area.height());
        i == 0 ? line.moveTo(p) : line.lineTo(p);
    }
    QPainterPath fill = line;
    fill.lineTo(area.right(), area.bottom());
    fill.lineTo(area.left(), area.bottom());
    fill.closeSubpath();
    QColor under = color;
    under.setAlpha(40);
    painter.fillPath(fill, under);
    QColor stroke = color;
    stroke.setAlpha(150);
    painter.setPen(QPen(stroke, 1.5));
    painter.drawPath(line);
}

// A stat panel: each series' last value, large, in its threshold's colour.
void drawStat(QPainter& painter, const QRectF& body, const Panel& panel, const PanelData& data)
{
    const std::size_t shown = std::min<std::size_t>(data.series.size(), 4);
    const double width = body.width() / double(std::max<std::size_t>(1, shown));
    for (std::size_t i = 0; i < shown; ++i) {
        const NamedSeries& series = data.series[i];
        const QRectF cell(body.left() + double(i) * width, body.top(), width, body.height());
        const std::optional<double> value = lastValue(series.samples);
        QString text = value ? formatValue(*value, panel.unit, panel.decimals) : QStringLiteral("No data");
        QColor color = value ? thresholdColor(panel, *value) : theme::kWeakText;
        for (const ValueMapping& m : panel.mappings)
            if (value && *value == m.value) {
                text = m.text;
                color = m.color.value_or(color);
            }
        drawSparkline(painter, cell.adjusted(0, cell.height() * 0.45, 0, 0), series.samples, color);
        QRectF valueArea = cell;
        if (shown > 1) {
            painter.setFont(theme::font(11));
            painter.setPen(theme::kWeakText);
            const QRectF nameArea(cell.left(), cell.top(), cell.width(), 16);
            painter.drawText(nameArea, Qt::AlignCenter,
                             QFontMetricsF(painter.font()).elidedText(series.name, Qt::ElideRight, cell.width() - 8));
            valueArea.setTop(nameArea.bottom());
        }
        int pixels = int(std::min(valueArea.height() * 0.55, 46.0));
        QFont big = theme::font(pixels, true);
        while (pixels > 10 && QFontMetricsF(big).horizontalAdvance(text) > valueArea.width() - 12)
            big = theme::font(--pixels, true);
        painter.setFont(big);
        painter.setPen(color);
        painter.drawText(valueArea, Qt::AlignCenter, text);
    }
    if (shown == 0)
        drawMessage(painter, body, QStringLiteral("No data"), theme::kWeakText);
}

void drawRow(QPainter& painter, const QRectF& slot, const Panel& row)
{
    painter.setFont(theme::font(15, true));
    painter.setPen(theme::kText);
    painter.drawText(slot.adjusted(2, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("▾  ") + row.title);
    painter.setPen(QPen(theme::kBorder, 1));
    const double y = slot.bottom() - 2;
    painter.drawLine(QPointF(slot.left(), y), QPointF(slot.right(), y));
}

void drawPanel(QPainter& painter, const QRectF& frame, const Panel& panel, const PanelData& data,
               const TimeRange& range)
{
    QPainterPath outline;
    outline.addRoundedRect(frame, 3, 3);
    painter.fillPath(outline, theme::kPanel);
    painter.setPen(QPen(theme::kBorder, 1));
    painter.drawPath(outline);

    const QRectF titleArea(frame.left() + 10, frame.top() + 2, frame.width() - 20, kTitleHeight);
    painter.setFont(theme::font(13, true));
    painter.setPen(theme::kText);
    const QFontMetricsF metrics(painter.font());
    const QString title = metrics.elidedText(panel.title, Qt::ElideRight, titleArea.width() - 20);
    painter.drawText(titleArea, Qt::AlignLeft | Qt::AlignVCenter, title);
    if (!panel.description.isEmpty()) {
        // Grafana's "i" beside a title: the panel has a description (its tooltip).
        const double x = titleArea.left() + metrics.horizontalAdvance(title) + 7;
        const QRectF mark(x, titleArea.center().y() - 6, 12, 12);
        painter.setPen(QPen(theme::kWeakText, 1));
        painter.drawEllipse(mark);
        painter.setFont(theme::font(9, true));
        painter.drawText(mark, Qt::AlignCenter, QStringLiteral("i"));
    }

    const QRectF body = frame.adjusted(8, kTitleHeight + 2, -8, -6);
    if (!data.errors.isEmpty()) {
        drawMessage(painter, body, QStringLiteral("Query failed\n") + data.errors.join(QLatin1Char('\n')), theme::kError);
        return;
    }
    if (panel.type == QLatin1String("stat"))
        drawStat(painter, body, panel, data);
    else
        drawTimeSeries(painter, body, panel, data, range);
}

} // namespace

QColor theme::seriesColor(std::size_t n)
{
    static const std::array<QColor, 16> palette{
        QColor(0x7e, 0xb2, 0x6d), QColor(0xea, 0xb8, 0x39), QColor(0x6e, 0xd0, 0xe0), QColor(0xef, 0x84, 0x3c),
        QColor(0xe2, 0x4d, 0x42), QColor(0x1f, 0x78, 0xc1), QColor(0xba, 0x43, 0xa9), QColor(0x70, 0x5d, 0xa0),
        QColor(0x50, 0x86, 0x42), QColor(0xcc, 0xa3, 0x00), QColor(0x44, 0x7e, 0xbc), QColor(0xc1, 0x5c, 0x17),
        QColor(0x89, 0x0f, 0x02), QColor(0x0a, 0x43, 0x7c), QColor(0x6d, 0x1f, 0x62), QColor(0x58, 0x44, 0x77)};
    return palette[n % palette.size()];
}

QFont theme::font(int pixels, bool bold)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(std::max(1, pixels));
    f.setBold(bold);
    return f;
}

std::vector<std::optional<double>> onSteps(const std::vector<Sample>& samples, const TimeRange& range)
{
    const std::size_t steps = std::size_t(std::floor(double(range.to - range.from) / range.step)) + 1;
    std::vector<std::optional<double>> out(steps);
    for (const Sample& s : samples) {
        const double index = std::round((s.time - double(range.from)) / range.step);
        if (index >= 0 && index < double(steps))
            out[std::size_t(index)] = s.value;
    }
    return out;
}

void drawMessage(QPainter& painter, const QRectF& area, const QString& text, const QColor& color)
{
    painter.setFont(theme::font(13));
    painter.setPen(color);
    painter.drawText(area.adjusted(6, 6, -6, -6), Qt::AlignCenter | Qt::TextWordWrap, text);
}

QImage drawDashboard(const Dashboard& dashboard, const std::vector<PanelData>& data, const ImageOptions& options)
{
    const double unit = kCellHeight + kGap;
    const double top = kMargin + kHeaderHeight;
    const double column = (options.width - 2 * kMargin + kGap) / 24.0;
    const int height = int(std::ceil(top + dashboard.gridHeight() * unit + kMargin));
    QImage image(options.width, height, QImage::Format_ARGB32);
    image.fill(theme::kBackground);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);

    painter.setFont(theme::font(22, true));
    painter.setPen(theme::kText);
    painter.drawText(QRectF(kMargin, kMargin, options.width - 2 * kMargin, 32), Qt::AlignLeft | Qt::AlignVCenter,
                     dashboard.title.isEmpty() ? QStringLiteral("(untitled dashboard)") : dashboard.title);
    painter.setFont(theme::font(12));
    painter.setPen(theme::kWeakText);
    for (qsizetype i = 0; i < options.notes.size(); ++i)
        painter.drawText(QRectF(kMargin, kMargin + 34 + 18 * double(i), options.width - 2 * kMargin, 18),
                         Qt::AlignLeft | Qt::AlignVCenter, options.notes[i]);

    for (std::size_t i = 0; i < dashboard.panels.size(); ++i) {
        const Panel& panel = dashboard.panels[i];
        const QRectF frame(kMargin + panel.grid.x * column, top + panel.grid.y * unit, panel.grid.w * column - kGap,
                           panel.grid.h * unit - kGap);
        if (panel.isRow())
            drawRow(painter, frame, panel);
        else
            drawPanel(painter, frame, panel, i < data.size() ? data[i] : PanelData{}, options.range);
    }
    painter.end();
    return image;
}

} // namespace treelock::dashboardpreview
