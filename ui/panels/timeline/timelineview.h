#pragma once

#include "panels/timeline/timelinemodel.h"

#include <QAbstractScrollArea>
#include <QFont>
#include <QPointer>
#include <QStaticText>

#include <chrono>
#include <optional>
#include <string>
#include <unordered_map>

class QTimer;

namespace treelock::ui {

/// The timeline's chart: time runs across (the right edge follows "now"
/// unless scrolled back), one row per path or owner down. Leases are bars in
/// their mode's colour, waits hatched bars under them, forced releases,
/// failovers and lost connections vertical lines. A click on a bar or a line
/// activates it; a click elsewhere, or a drag, puts the time cursor there.
/// Keys: Left/Right move the cursor (Shift: further), Up/Down the current
/// row, Enter activates the current row's bar at the cursor, +/- zoom, End
/// follows "now", Home goes to the oldest, Escape drops the cursor.
/// Repaints at most kRefreshesPerSecond times a second, and paints only the
/// rows and spans in view. GUI thread only.
class TimelineView : public QAbstractScrollArea {
    Q_OBJECT
public:
    static constexpr int kRefreshesPerSecond = 5;
    static constexpr std::chrono::seconds kMinSpan{60};
    static constexpr std::chrono::seconds kMaxSpan{3600};

    explicit TimelineView(QWidget* parent = nullptr);

    /// The model shown (not owned; null: none).
    void setModel(TimelineModel* model);
    TimelineModel* model() const { return m_model; }
    void setGrouping(TimelineGrouping grouping);
    TimelineGrouping grouping() const { return m_grouping; }

    /// The time across the chart, between kMinSpan and kMaxSpan.
    std::chrono::milliseconds visibleSpan() const { return m_span; }
    void setVisibleSpan(std::chrono::milliseconds span);
    /// The time at the chart's right edge.
    ServerTime visibleEnd() const;
    /// True while the right edge follows "now".
    bool following() const { return m_following; }
    /// Follows "now" again.
    void followNow();
    /// Puts the right edge at `end` (stops following unless it is now or later).
    void scrollTo(ServerTime end);

    std::optional<ServerTime> timeCursor() const { return m_cursor; }
    void setTimeCursor(std::optional<ServerTime> at);

    /// Where the bar of `span` (slot `slot` of the model) is drawn in the
    /// viewport, in its first row in view; empty when it is not in view.
    QRect spanRect(std::uint32_t slot) const;
    /// The bar of the lease `id` (or with `wait`, of the wait for it).
    QRect barRect(const LeaseId& id, bool wait = false) const;
    /// The line of the `index`th marker of the model (in the viewport); empty when not in view.
    QRect markerRect(std::size_t index) const;
    /// The rows in view, top first, with the rows under the cursor.
    std::vector<std::string> rowKeys() const;
    std::vector<std::string> highlightedRowKeys() const;
    /// The x of `t` in the viewport.
    int xOf(ServerTime t) const;
    ServerTime timeAt(int x) const;
    QRect chartRect() const;

signals:
    void leaseActivated(const QString& leaseId);
    void waiterActivated(const QString& waiterId);
    void markerActivated(const treelock::ui::TimelineMarker& marker);
    void cursorChanged();
    /// The span, the right edge or following changed (the panel's buttons follow).
    void viewChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void showEvent(QShowEvent* event) override;

private:
    struct Hit {
        enum class Kind { None, Span, Marker } kind = Kind::None;
        std::uint32_t slot = 0;
        std::size_t marker = 0;
    };
    /// The time `now` the drawing is made at, and the left edge.
    ServerTime now() const;
    ServerTime visibleStart() const { return visibleEnd() - m_span; }
    /// The rows in view (cached until the model, the time or the view change).
    const std::vector<const TimelineRow*>& shownRows() const;
    void invalidateRows();
    /// Marks the chart out of date; repaints within 1/kRefreshesPerSecond s.
    void scheduleRefresh();
    /// Repaints, with the scroll bars up to date (`quiet`: as far as their handles show).
    void refresh(bool quiet = false);
    void updateScrollBars(bool quiet = false);
    int rowHeight() const;
    int axisHeight() const;
    int labelWidth() const;
    int rowTop(int index) const;
    int rowAt(int y) const;
    QRect barBand(int rowTopY, bool wait) const;
    QRect spanRectIn(std::uint32_t slot, int rowTopY) const;
    Hit hitAt(const QPoint& pos) const;
    void activate(const Hit& hit);
    void zoomBy(double factor);
    void moveCursor(std::chrono::milliseconds by);
    void setCurrentRow(int row);
    QString tooltipAt(const QPoint& pos) const;
    void paintAxis(QPainter& p, const QRect& chart) const;
    void paintRow(QPainter& p, const TimelineRow& row, int top, const QRect& chart, bool highlighted) const;
    void paintMarkers(QPainter& p, const QRect& chart) const;

    QPointer<TimelineModel> m_model;
    TimelineGrouping m_grouping = TimelineGrouping::Path;
    std::chrono::milliseconds m_span{std::chrono::minutes(5)};
    ServerTime m_end{};               // the right edge while not following
    bool m_following = true;
    std::optional<ServerTime> m_cursor;
    int m_currentRow = 0;
    bool m_dragging = false;
    QTimer* m_refresh;                // single shot: the coalesced repaint
    QTimer* m_tick;                   // moves "now" while following
    mutable std::vector<const TimelineRow*> m_rows;
    mutable bool m_rowsValid = false;
    bool m_updatingScrollBars = false;
    /// What the last paint and this one drew as texts: the rows' labels as
    /// elided and the axis' times, each laid out once while in view.
    struct PaintedTexts {
        std::unordered_map<std::string, QStaticText> labels, labelsBefore;
        std::unordered_map<qint64, QStaticText> times, timesBefore;
        int labelWidth = 0;  // what the labels were elided for
        TimelineGrouping grouping = TimelineGrouping::Path;
        QFont font;
        void nextPaint(int width, TimelineGrouping by, const QFont& with);
    };
    mutable PaintedTexts m_texts;
};

} // namespace treelock::ui
