// TimelineView's painting: the axis, the rows and their bars, the lines.
#include "panels/timeline/timelineview.h"

#include "lockview/presentation.h"
#include "panels/timeline/timelinetext.h"

#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>

#include <algorithm>

namespace treelock::ui {

namespace {

using std::chrono::milliseconds;

NodeKind kindOf(LockMode mode)
{
    switch (mode) {
    case LockMode::X: return NodeKind::HeldX;
    case LockMode::SIX: return NodeKind::HeldSIX;
    case LockMode::S: return NodeKind::HeldS;
    case LockMode::IX: return NodeKind::IntentIX;
    case LockMode::IS: return NodeKind::IntentIS;
    }
    return NodeKind::HeldX;
}

/// Fills the column of `width` pixels from x, y0 to y1 (inclusive), dashed
/// when `dash` is set (`dash` on, `gap` off). In bands: Qt hands a fill of
/// more than about a hundred lines to its thread pool, and waking it costs
/// the GUI thread more than the line.
void fillColumn(QPainter& p, int x, int width, int y0, int y1, const QColor& color, int dash = 0, int gap = 0)
{
    constexpr int kBand = 64;
    const int step = dash > 0 ? dash + gap : kBand;
    const int band = dash > 0 ? dash : kBand;
    for (int y = y0; y <= y1; y += step)
        p.fillRect(QRect(x, y, width, std::min(band, y1 - y + 1)), color);
}

/// The text of `key` from `now`, or else from `before` (moved over), or
/// else `make()` laid out in `font`: laid out once, a text draws in a
/// fraction of the time QPainter::drawText() takes.
template <class Key, class Make>
const QStaticText& textFor(std::unordered_map<Key, QStaticText>& now, std::unordered_map<Key, QStaticText>& before,
                           const Key& key, const QFont& font, Make&& make)
{
    if (const auto it = now.find(key); it != now.end())
        return it->second;
    if (const auto it = before.find(key); it != before.end())
        return now.emplace(key, std::move(it->second)).first->second;
    QStaticText text(make());
    text.setTextFormat(Qt::PlainText);
    text.prepare(QTransform(), font);
    return now.emplace(key, std::move(text)).first->second;
}

QColor markerColor(TimelineMarker::Kind kind)
{
    switch (kind) {
    case TimelineMarker::Kind::Force: return QColor(0xb7, 0x1c, 0x1c);
    case TimelineMarker::Kind::Failover: return QColor(0xe6, 0x51, 0x00);
    case TimelineMarker::Kind::Connection: return QColor(0x61, 0x61, 0x61);
    }
    return Qt::black;
}

} // namespace

void TimelineView::PaintedTexts::nextPaint(int width, TimelineGrouping by, const QFont& with)
{
    labels.swap(labelsBefore);
    labels.clear();
    times.swap(timesBefore);
    times.clear();
    if (width != labelWidth || by != grouping || with != font) {
        labelsBefore.clear();
        timesBefore.clear();
    }
    labelWidth = width;
    grouping = by;
    font = with;
}

void TimelineView::paintEvent(QPaintEvent*)
{
    m_texts.nextPaint(labelWidth(), m_grouping, font());
    QPainter p(viewport());
    const QRect all = viewport()->rect();
    const QPalette& pal = palette();
    p.fillRect(all, pal.base());
    const QRect chart = chartRect();
    if (!m_model || m_model->spanCount() == 0) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(all.adjusted(12, axisHeight(), -12, 0), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("No lease in the last hour yet. Leases and waits appear here as they are granted, "
                      "released and given up."));
        paintAxis(p, chart);
    } else {
        const auto& rows = shownRows();
        const int h = rowHeight();
        const std::vector<std::string> highlighted = highlightedRowKeys();
        const int first = std::max(0, verticalScrollBar()->value() / h);
        p.save();
        p.setClipRect(QRect(all.left(), chart.top(), all.width(), chart.height()));
        for (int i = first; i < int(rows.size()); ++i) {
            const int top = rowTop(i);
            if (top >= all.bottom())
                break;
            const bool lit = std::find(highlighted.begin(), highlighted.end(), rows[std::size_t(i)]->key) != highlighted.end();
            paintRow(p, *rows[std::size_t(i)], top, chart, lit);
            if (i == m_currentRow && hasFocus()) {
                p.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DotLine));
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRect(all.left() + 1, top, all.width() - 3, h - 1));
            }
        }
        p.restore();
        paintAxis(p, chart);
    }
    paintMarkers(p, chart);
    // "Now", while in view.
    const int nowX = xOf(now());
    if (m_model && nowX <= chart.right() + 1)
        fillColumn(p, nowX, 1, chart.top() - 4, all.bottom(), pal.color(QPalette::Text));
    if (m_cursor) {
        const int x = xOf(*m_cursor);
        if (x >= chart.left() && x <= chart.right())
            fillColumn(p, x - 1, 2, 0, all.bottom(), QColor(0x15, 0x65, 0xc0)); // as a 2-pixel line at x
    }
    if (hasFocus()) {
        QPen focus(pal.color(QPalette::Highlight), 2);
        p.setPen(focus);
        p.setBrush(Qt::NoBrush);
        p.drawRect(all.adjusted(1, 1, -1, -1));
    }
}

void TimelineView::paintAxis(QPainter& p, const QRect& chart) const
{
    static constexpr int kSteps[] = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600};
    const QFontMetrics fm = fontMetrics();
    const int minGap = fm.horizontalAdvance(QStringLiteral("00:00:00")) + 24;
    int step = kSteps[std::size(kSteps) - 1];
    for (const int s : kSteps) {
        if (double(s) * 1000.0 * chart.width() / double(m_span.count()) >= minGap) {
            step = s;
            break;
        }
    }
    const QRect axis(chart.left(), 0, chart.width(), axisHeight());
    p.fillRect(QRect(0, 0, viewport()->width(), axisHeight()), palette().window());
    const qint64 stepMs = qint64(step) * 1000;
    const qint64 start = visibleStart().time_since_epoch().count();
    qint64 tick = (start / stepMs + 1) * stepMs;
    QColor grid = palette().color(QPalette::Mid);
    grid.setAlpha(60);
    for (; tick <= visibleEnd().time_since_epoch().count(); tick += stepMs) {
        const ServerTime t{milliseconds(tick)};
        const int x = xOf(t);
        fillColumn(p, x, 1, axis.bottom(), viewport()->height(), grid);
        p.fillRect(QRect(x, axis.bottom() - 4, 1, 5), palette().color(QPalette::WindowText));
        const QStaticText& label =
            textFor(m_texts.times, m_texts.timesBefore, tick, p.font(), [t] { return TimelineText::clock(t); });
        const int w = int(label.size().width());
        p.setPen(palette().color(QPalette::WindowText));
        if (x - w / 2 >= axis.left() && x + w / 2 <= axis.right() + 4)
            p.drawStaticText(QPointF(x - w / 2, (axis.height() - 4 - fm.height()) / 2), label);
    }
    p.fillRect(QRect(0, axis.bottom(), viewport()->width() + 1, 1), palette().color(QPalette::Mid));
    p.setPen(palette().color(QPalette::WindowText));
    const QString title = m_grouping == TimelineGrouping::Path ? tr("Path") : tr("Owner");
    p.drawText(QRect(8, 0, labelWidth() - 12, axis.height()), Qt::AlignVCenter | Qt::AlignLeft, title);
}

void TimelineView::paintRow(QPainter& p, const TimelineRow& row, int top, const QRect& chart, bool highlighted) const
{
    const int h = rowHeight();
    const QRect line(0, top, viewport()->width(), h);
    if (highlighted)
        p.fillRect(line, QColor(0xe3, 0xee, 0xfb));
    p.fillRect(QRect(line.left(), line.bottom(), line.width(), 1), palette().color(QPalette::Midlight));
    p.setPen(palette().color(QPalette::Text));
    const QFontMetrics fm = fontMetrics();
    const QStaticText& label = textFor(m_texts.labels, m_texts.labelsBefore, row.key, p.font(), [&] {
        return fm.elidedText(QString::fromStdString(row.key),
                             m_grouping == TimelineGrouping::Path ? Qt::ElideLeft : Qt::ElideRight, labelWidth() - 14);
    });
    p.drawStaticText(QPointF(8, top + (h - fm.height()) / 2), label);

    p.save();
    p.setClipRect(QRect(chart.left(), top, chart.width() + 1, h));
    const ServerTime now = this->now();
    const presentation::KindStyle waiting = presentation::waitingStyle();
    QRect last;       // the last bar drawn: one that fits in it is not drawn again
    QRgb lastColor = 0;
    m_model->forEachSpan(row, visibleStart(), visibleEnd(), now, [&](std::uint32_t slot) {
        const TimelineSpan& s = m_model->span(slot);
        const QRect r = spanRectIn(slot, top);
        const bool wait = s.kind == TimelineSpan::Kind::Wait;
        const presentation::KindStyle style = wait ? waiting : presentation::style(kindOf(m_model->modeIn(s, row, m_grouping)));
        if (last.contains(r) && lastColor == style.fill.rgb())
            return; // under a pixel's width, inside the bar before
        last = r;
        lastColor = style.fill.rgb();
        p.setPen(QPen(style.border, style.outlined ? 1.5 : 1));
        p.setBrush(style.fill);
        p.drawRect(r.adjusted(0, 0, -1, 0));
        if (wait) {
            // Hatched as the tree's covered pills are.
            p.save();
            p.setClipRect(r, Qt::IntersectClip);
            p.setPen(QPen(style.border, 1));
            for (int x = r.left() - r.height(); x < r.right(); x += 5)
                p.drawLine(x, r.bottom(), x + r.height(), r.top());
            p.restore();
            const int x = r.right();
            if (s.end == TimelineSpan::End::Granted) {
                // Joined to the lease it got, just above it.
                p.setPen(QPen(style.border, 2));
                p.drawLine(x, r.bottom(), x, top + 3);
                p.setBrush(style.border);
                p.drawEllipse(QPoint(x, r.center().y()), 3, 3);
            } else if (s.end == TimelineSpan::End::GaveUp) {
                p.setPen(QPen(QColor(0x4e, 0x34, 0x2e), 2));
                const int c = r.center().y();
                p.drawLine(x - 3, c - 3, x + 3, c + 3);
                p.drawLine(x - 3, c + 3, x + 3, c - 3);
            }
        } else if (s.end == TimelineSpan::End::Forced || s.end == TimelineSpan::End::Expired) {
            // How it ended, as a cap at its end: dark red forced, grey expired.
            const QColor cap = s.end == TimelineSpan::End::Forced ? QColor(0x7f, 0x00, 0x00) : QColor(0x75, 0x75, 0x75);
            p.fillRect(QRect(r.right() - 2, r.top(), 3, r.height() + 1), cap);
        }
    });
    p.restore();
}

void TimelineView::paintMarkers(QPainter& p, const QRect& chart) const
{
    if (!m_model)
        return;
    for (const TimelineMarker& m : m_model->markers()) {
        const int x = xOf(m.at);
        if (x < chart.left() || x > chart.right())
            continue;
        const QColor c = markerColor(m.kind);
        // As a 2-pixel line at x; a forced release's dashed as Qt::DashLine is (4 on, 2 off, in widths).
        const bool dashed = m.kind == TimelineMarker::Kind::Force;
        fillColumn(p, x - 1, 2, chart.top() - 7, viewport()->height(), c, dashed ? 8 : 0, dashed ? 4 : 0);
        QPainterPath flag;
        flag.moveTo(x - 5, chart.top() - 8);
        flag.lineTo(x + 5, chart.top() - 8);
        flag.lineTo(x, chart.top() - 1);
        flag.closeSubpath();
        p.fillPath(flag, c);
    }
}

} // namespace treelock::ui
