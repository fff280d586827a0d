#pragma once

#include "dashboard.h"
#include "panelqueries.h"
#include "prometheusclient.h"

#include <QColor>
#include <QFont>
#include <QImage>
#include <QPainter>
#include <QRectF>
#include <QStringList>

#include <optional>
#include <vector>

namespace treelock::dashboardpreview {

/// The colours of Grafana's dark theme that the preview uses.
namespace theme {
inline const QColor kBackground{0x11, 0x12, 0x17};
inline const QColor kPanel{0x18, 0x1b, 0x1f};
inline const QColor kBorder{0x2c, 0x32, 0x35};
inline const QColor kGrid{0x2c, 0x32, 0x35};
inline const QColor kText{0xcc, 0xcc, 0xdc};
inline const QColor kWeakText{0x8e, 0x8e, 0x9e};
inline const QColor kError{0xf2, 0x49, 0x5c};
/// Grafana's "palette-classic", the colour of the n-th series of a panel.
QColor seriesColor(std::size_t n);
/// A sans-serif font `pixels` high.
QFont font(int pixels, bool bold = false);
} // namespace theme

/// A series' values on the query's steps: entry i is the sample at from + i * step
/// (none where the series has no sample). O(samples + steps).
std::vector<std::optional<double>> onSteps(const std::vector<Sample>& samples, const TimeRange& range);

/// Writes `text` in `area` (wrapped, centred) in `color`: a panel's "No data" or
/// its query errors.
void drawMessage(QPainter& painter, const QRectF& area, const QString& text, const QColor& color);

/// Draws a time series panel's plot, axes and legend in `body` (the panel
/// without its title): lines (stacked when the panel stacks) over `range`.
void drawTimeSeries(QPainter& painter, const QRectF& body, const Panel& panel, const PanelData& data,
                    const TimeRange& range);

/// What the image shows besides the panels.
struct ImageOptions {
    int width = 1600;     ///< pixels; the height follows from the panels' grid
    TimeRange range;
    QStringList notes;    ///< lines under the dashboard's title
};

/// Draws every panel of `dashboard` at its gridPos (24 columns, rows of 30
/// pixels and 8 between, as Grafana does) with `data` (one per panel), on
/// Grafana's dark theme. Needs a QGuiApplication (fonts).
QImage drawDashboard(const Dashboard& dashboard, const std::vector<PanelData>& data, const ImageOptions& options);

} // namespace treelock::dashboardpreview
