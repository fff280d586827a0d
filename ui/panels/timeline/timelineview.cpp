#include "panels/timeline/timelineview.h"

#include "panels/timeline/timelinetext.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QScrollBar>
#include <QStyleOptionSlider>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace treelock::ui {

namespace {

using std::chrono::milliseconds;
/// The horizontal scroll bar counts in these.
constexpr milliseconds kScrollUnit{100};
constexpr int kMarkerSlop = 3; // pixels either side of a marker's line that hit it

/// Where `bar` draws its handle with `max`, `page` and `value`.
QRect handleRect(const QScrollBar* bar, int max, int page, int value)
{
    QStyleOptionSlider o;
    o.initFrom(bar);
    o.orientation = bar->orientation();
    if (o.orientation == Qt::Horizontal)
        o.state |= QStyle::State_Horizontal;
    o.minimum = bar->minimum();
    o.maximum = max;
    o.sliderPosition = value;
    o.sliderValue = value;
    o.singleStep = bar->singleStep();
    o.pageStep = page;
    o.upsideDown = bar->invertedAppearance();
    return bar->style()->subControlRect(QStyle::CC_ScrollBar, &o, QStyle::SC_ScrollBarSlider, bar);
}

/// Sets `bar` to 0..`max` at `value`. With `quiet`, leaves it as it is while
/// its handle would be drawn where it is: a scroll bar repaints on any change,
/// and as "now" moves the range changes at every refresh.
void setScrollBar(QScrollBar* bar, int max, int page, int single, int value, bool quiet)
{
    max = std::max(0, max);
    value = std::clamp(value, 0, max);
    if (quiet && !bar->isSliderDown() && (max > 0) == (bar->maximum() > 0)
        && handleRect(bar, max, page, value) == handleRect(bar, bar->maximum(), bar->pageStep(), bar->value()))
        return;
    bar->setRange(0, max);
    if (bar->pageStep() != page)
        bar->setPageStep(page);
    if (bar->singleStep() != single)
        bar->setSingleStep(single);
    bar->setValue(value);
}

} // namespace

TimelineView::TimelineView(QWidget* parent) : QAbstractScrollArea(parent)
{
    setObjectName(QStringLiteral("timelineView"));
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setMouseTracking(false);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent); // paintEvent() fills it all: no background first
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setAccessibleName(tr("Lock timeline"));
    setAccessibleDescription(tr("Leases and waits over time, one row per path or owner. Left and Right move the time "
                                "cursor, Up and Down the row, Enter selects the bar at the cursor, plus and minus zoom, "
                                "End follows now."));
    m_refresh = new QTimer(this);
    m_refresh->setSingleShot(true);
    m_refresh->setInterval(1000 / kRefreshesPerSecond);
    connect(m_refresh, &QTimer::timeout, this, [this] { refresh(true); });
    m_tick = new QTimer(this);
    connect(m_tick, &QTimer::timeout, this, &TimelineView::scheduleRefresh);
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (m_updatingScrollBars || !m_model)
            return;
        const QScrollBar* bar = horizontalScrollBar();
        if (value >= bar->maximum()) {
            followNow();
            return;
        }
        const ServerTime base = std::min(m_model->oldest() == ServerTime{} ? now() : m_model->oldest(), now() - m_span);
        m_following = false;
        m_end = base + m_span + kScrollUnit * (value - bar->minimum());
        invalidateRows();
        viewport()->update();
        emit viewChanged();
    });
    setVisibleSpan(m_span);
}

void TimelineView::setModel(TimelineModel* model)
{
    if (m_model == model)
        return;
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &TimelineModel::changed, this, [this] {
            invalidateRows();
            scheduleRefresh();
        });
        connect(m_model, &TimelineModel::cleared, this, [this] {
            m_cursor.reset();
            followNow();
            emit cursorChanged();
        });
    }
    invalidateRows();
    m_following = true;
    m_cursor.reset();
    m_currentRow = 0;
    verticalScrollBar()->setValue(0);
    refresh();
    emit cursorChanged();
    emit viewChanged();
}

void TimelineView::setGrouping(TimelineGrouping grouping)
{
    if (m_grouping == grouping)
        return;
    m_grouping = grouping;
    m_currentRow = 0;
    verticalScrollBar()->setValue(0);
    invalidateRows();
    refresh();
}

void TimelineView::setVisibleSpan(milliseconds span)
{
    span = std::clamp<milliseconds>(span, kMinSpan, kMaxSpan);
    const bool changed = span != m_span;
    m_span = span;
    // "Now" moves a pixel every span/width: no need to repaint more often (and never more than kRefreshesPerSecond).
    const int width = std::max(100, chartRect().width());
    m_tick->setInterval(int(std::max<qint64>(1000 / kRefreshesPerSecond, m_span.count() / width)));
    if (!m_tick->isActive())
        m_tick->start();
    invalidateRows();
    refresh();
    if (changed)
        emit viewChanged();
}

ServerTime TimelineView::now() const
{
    return m_model ? m_model->now() : ServerTime{};
}

ServerTime TimelineView::visibleEnd() const
{
    return m_following ? now() : m_end;
}

void TimelineView::followNow()
{
    const bool changed = !m_following;
    m_following = true;
    invalidateRows();
    refresh();
    if (changed)
        emit viewChanged();
}

void TimelineView::scrollTo(ServerTime end)
{
    if (end >= now()) {
        followNow();
        return;
    }
    m_following = false;
    m_end = end;
    invalidateRows();
    refresh();
    emit viewChanged();
}

void TimelineView::setTimeCursor(std::optional<ServerTime> at)
{
    if (at == m_cursor)
        return;
    m_cursor = at;
    viewport()->update();
    emit cursorChanged();
}

void TimelineView::invalidateRows()
{
    m_rowsValid = false;
}

const std::vector<const TimelineRow*>& TimelineView::shownRows() const
{
    if (!m_rowsValid) {
        if (m_model)
            m_model->rowsBetween(m_grouping, visibleStart(), visibleEnd(), now(), m_rows);
        else
            m_rows.clear();
        m_rowsValid = true;
    }
    return m_rows;
}

void TimelineView::scheduleRefresh()
{
    // Coalesced: whatever arrives meanwhile is painted with the next refresh.
    if (!m_refresh->isActive())
        m_refresh->start();
}

void TimelineView::refresh(bool quiet)
{
    if (!isVisible())
        return; // painted when shown (showEvent)
    if (m_following)
        invalidateRows(); // "now" moved
    updateScrollBars(quiet);
    viewport()->update();
}

void TimelineView::showEvent(QShowEvent* event)
{
    QAbstractScrollArea::showEvent(event);
    invalidateRows();
    refresh();
}

void TimelineView::updateScrollBars(bool quiet)
{
    m_updatingScrollBars = true;
    const ServerTime n = now();
    const ServerTime oldest = m_model && m_model->oldest() != ServerTime{} ? m_model->oldest() : n;
    const ServerTime base = std::min(oldest, n - m_span);
    if (!m_following && m_end < base + m_span)
        m_end = base + m_span;
    const int max = int((n - (base + m_span)) / kScrollUnit);
    setScrollBar(horizontalScrollBar(), max, int(m_span / kScrollUnit), std::max(1, int(m_span / kScrollUnit / 20)),
                 m_following ? max : int((m_end - (base + m_span)) / kScrollUnit), quiet);
    const int rows = int(shownRows().size());
    QScrollBar* v = verticalScrollBar();
    const int height = std::max(0, viewport()->height() - axisHeight());
    setScrollBar(v, rows * rowHeight() - height, height, rowHeight(), v->value(), quiet);
    m_updatingScrollBars = false;
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    setVisibleSpan(m_span); // the tick's interval follows the width
    updateScrollBars();
}

void TimelineView::scrollContentsBy(int, int)
{
    viewport()->update();
}

int TimelineView::rowHeight() const
{
    return fontMetrics().height() + 8;
}

int TimelineView::axisHeight() const
{
    return fontMetrics().height() + 10;
}

int TimelineView::labelWidth() const
{
    return std::clamp(viewport()->width() / 5, 90, fontMetrics().averageCharWidth() * 28);
}

QRect TimelineView::chartRect() const
{
    const QRect r = viewport()->rect();
    return QRect(r.left() + labelWidth(), r.top() + axisHeight(), std::max(1, r.width() - labelWidth() - 6),
                 std::max(1, r.height() - axisHeight()));
}

int TimelineView::rowTop(int index) const
{
    return axisHeight() + index * rowHeight() - verticalScrollBar()->value();
}

int TimelineView::rowAt(int y) const
{
    if (y < axisHeight())
        return -1;
    const int index = (y - axisHeight() + verticalScrollBar()->value()) / rowHeight();
    return index < int(shownRows().size()) ? index : -1;
}

int TimelineView::xOf(ServerTime t) const
{
    const QRect chart = chartRect();
    const double f = double((t - visibleStart()).count()) / double(m_span.count());
    return chart.left() + int(std::lround(f * chart.width()));
}

ServerTime TimelineView::timeAt(int x) const
{
    const QRect chart = chartRect();
    const double f = double(x - chart.left()) / double(chart.width());
    return visibleStart() + milliseconds(std::llround(f * double(m_span.count())));
}

QRect TimelineView::barBand(int top, bool wait) const
{
    // Leases in the upper part of the row, waits for the same row under them.
    const int h = rowHeight();
    return wait ? QRect(0, top + h * 5 / 8, 0, h / 4) : QRect(0, top + 3, 0, h * 5 / 8 - 5);
}

QRect TimelineView::spanRectIn(std::uint32_t slot, int top) const
{
    const TimelineSpan& s = m_model->span(slot);
    const QRect chart = chartRect();
    const int x0 = std::max(chart.left(), xOf(s.from));
    const int x1 = std::min(chart.right(), std::max(xOf(s.shownEnd(now())), x0 + 2));
    const QRect band = barBand(top, s.kind == TimelineSpan::Kind::Wait);
    return QRect(QPoint(x0, band.top()), QPoint(x1, band.bottom()));
}

QRect TimelineView::spanRect(std::uint32_t slot) const
{
    if (!m_model)
        return {};
    const auto& rows = shownRows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& spans = rows[i]->spans;
        if (std::find(spans.begin(), spans.end(), slot) == spans.end())
            continue;
        const int top = rowTop(int(i));
        if (top + rowHeight() <= axisHeight() || top >= viewport()->height())
            continue;
        const QRect r = spanRectIn(slot, top);
        return r.intersects(chartRect()) ? r : QRect();
    }
    return {};
}

QRect TimelineView::barRect(const LeaseId& id, bool wait) const
{
    if (!m_model)
        return {};
    const std::optional<std::uint32_t> slot = m_model->slotOf(id, wait);
    return slot ? spanRect(*slot) : QRect();
}

QRect TimelineView::markerRect(std::size_t index) const
{
    if (!m_model || index >= m_model->markers().size())
        return {};
    const QRect chart = chartRect();
    const int x = xOf(m_model->markers()[index].at);
    if (x < chart.left() || x > chart.right())
        return {};
    return QRect(x - kMarkerSlop, 0, 2 * kMarkerSlop + 1, viewport()->height());
}

std::vector<std::string> TimelineView::rowKeys() const
{
    std::vector<std::string> keys;
    for (const TimelineRow* row : shownRows())
        keys.push_back(row->key);
    return keys;
}

std::vector<std::string> TimelineView::highlightedRowKeys() const
{
    std::vector<std::string> keys;
    if (!m_cursor || !m_model)
        return keys;
    for (const TimelineRow* row : shownRows()) {
        bool under = false;
        m_model->forEachSpan(*row, *m_cursor, *m_cursor, now(), [&under](std::uint32_t) { under = true; });
        if (under)
            keys.push_back(row->key);
    }
    return keys;
}

TimelineView::Hit TimelineView::hitAt(const QPoint& pos) const
{
    Hit hit;
    if (!m_model || !chartRect().adjusted(0, -axisHeight(), 0, 0).contains(pos))
        return hit;
    const int index = rowAt(pos.y());
    if (index >= 0) {
        const int top = rowTop(index);
        const ServerTime t0 = timeAt(pos.x() - 2);
        const ServerTime t1 = timeAt(pos.x() + 2);
        // The last drawn (the newest) on top wins.
        m_model->forEachSpan(*shownRows()[std::size_t(index)], t0, t1, now(), [&](std::uint32_t slot) {
            if (spanRectIn(slot, top).adjusted(-1, -1, 1, 1).contains(pos)) {
                hit.kind = Hit::Kind::Span;
                hit.slot = slot;
            }
        });
        if (hit.kind == Hit::Kind::Span)
            return hit;
    }
    const auto& markers = m_model->markers();
    for (std::size_t i = markers.size(); i-- > 0;) {
        if (std::abs(xOf(markers[i].at) - pos.x()) <= kMarkerSlop) {
            hit.kind = Hit::Kind::Marker;
            hit.marker = i;
            return hit;
        }
    }
    return hit;
}

void TimelineView::activate(const Hit& hit)
{
    if (hit.kind == Hit::Kind::Span) {
        const TimelineSpan& s = m_model->span(hit.slot);
        const QString id = QString::fromStdString(s.id);
        if (s.kind == TimelineSpan::Kind::Lease)
            emit leaseActivated(id);
        else
            emit waiterActivated(id);
    } else if (hit.kind == Hit::Kind::Marker) {
        emit markerActivated(m_model->markers()[hit.marker]);
    }
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    setFocus(Qt::MouseFocusReason);
    const Hit hit = hitAt(event->position().toPoint());
    const int row = rowAt(event->position().toPoint().y());
    if (row >= 0)
        setCurrentRow(row);
    if (hit.kind != Hit::Kind::None) {
        activate(hit);
        return;
    }
    if (!chartRect().adjusted(0, -axisHeight(), 0, 0).contains(event->position().toPoint()))
        return;
    m_dragging = true;
    setTimeCursor(timeAt(event->position().toPoint().x()));
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return QAbstractScrollArea::mouseMoveEvent(event);
    const QRect chart = chartRect();
    setTimeCursor(timeAt(std::clamp(event->position().toPoint().x(), chart.left(), chart.right())));
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    m_dragging = false;
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        const int steps = event->angleDelta().y() / 120;
        if (steps != 0)
            zoomBy(std::pow(1.25, -steps));
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

void TimelineView::zoomBy(double factor)
{
    setVisibleSpan(milliseconds(std::llround(double(m_span.count()) * factor)));
}

void TimelineView::moveCursor(milliseconds by)
{
    const ServerTime from = m_cursor.value_or(visibleEnd() - m_span / 2);
    const ServerTime to = std::min(from + by, now());
    setTimeCursor(to);
    // Keep it in view.
    if (to > visibleEnd())
        scrollTo(to + m_span / 10);
    else if (to < visibleStart())
        scrollTo(to + m_span - m_span / 10);
}

void TimelineView::setCurrentRow(int row)
{
    const int rows = int(shownRows().size());
    m_currentRow = rows == 0 ? 0 : std::clamp(row, 0, rows - 1);
    // Scroll it into view.
    const int top = m_currentRow * rowHeight();
    const int height = viewport()->height() - axisHeight();
    QScrollBar* v = verticalScrollBar();
    if (top < v->value())
        v->setValue(top);
    else if (top + rowHeight() > v->value() + height)
        v->setValue(top + rowHeight() - height);
    viewport()->update();
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    const milliseconds step = shift ? m_span / 6 : m_span / 60;
    switch (event->key()) {
    case Qt::Key_Left: moveCursor(-step); break;
    case Qt::Key_Right: moveCursor(step); break;
    case Qt::Key_Up: setCurrentRow(m_currentRow - 1); break;
    case Qt::Key_Down: setCurrentRow(m_currentRow + 1); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(0.5); break;
    case Qt::Key_Minus: zoomBy(2.0); break;
    case Qt::Key_End: followNow(); break;
    case Qt::Key_Home:
        if (m_model && m_model->oldest() != ServerTime{})
            scrollTo(m_model->oldest() + m_span);
        break;
    case Qt::Key_Escape:
        if (!m_cursor)
            return QAbstractScrollArea::keyPressEvent(event);
        setTimeCursor(std::nullopt);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space: {
        const auto& rows = shownRows();
        if (!m_model || !m_cursor || m_currentRow >= int(rows.size()))
            return QAbstractScrollArea::keyPressEvent(event);
        Hit hit;
        m_model->forEachSpan(*rows[std::size_t(m_currentRow)], *m_cursor, *m_cursor, now(), [&hit](std::uint32_t slot) {
            hit.kind = Hit::Kind::Span;
            hit.slot = slot;
        });
        activate(hit);
        break;
    }
    default:
        return QAbstractScrollArea::keyPressEvent(event);
    }
    event->accept();
}

void TimelineView::focusInEvent(QFocusEvent* event)
{
    QAbstractScrollArea::focusInEvent(event);
    viewport()->update();
}

void TimelineView::focusOutEvent(QFocusEvent* event)
{
    QAbstractScrollArea::focusOutEvent(event);
    viewport()->update();
}

bool TimelineView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = tooltipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

QString TimelineView::tooltipAt(const QPoint& pos) const
{
    const Hit hit = hitAt(pos);
    if (hit.kind == Hit::Kind::Span)
        return TimelineText::spanTooltip(m_model->span(hit.slot), now());
    if (hit.kind == Hit::Kind::Marker)
        return TimelineText::markerTooltip(m_model->markers()[hit.marker]);
    const int row = rowAt(pos.y());
    if (row >= 0 && pos.x() < labelWidth())
        return QString::fromStdString(shownRows()[std::size_t(row)]->key).toHtmlEscaped();
    return {};
}

} // namespace treelock::ui
