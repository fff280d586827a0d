#pragma once

#include <QColor>
#include <QString>

#include <optional>
#include <stdexcept>
#include <vector>

namespace treelock::dashboardpreview {

/// Bad input to the preview (a file, an option, a dashboard that is not one):
/// the message names the input and the rule it breaks.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One query of a panel, as the dashboard spells it (variables not filled in).
struct Target {
    QString refId;
    QString expr;
    QString legendFormat; ///< "{{label}}" placeholders; empty: the series' labels
};

/// A panel's place on Grafana's grid: 24 columns, rows of one unit each.
struct GridPos {
    int x = 0;
    int y = 0;
    int w = 0;
    int h = 0;
};

/// A threshold step: from `value` up (no value: from minus infinity) the colour.
struct Threshold {
    std::optional<double> value;
    QColor color;
};

/// A value mapping of the "value" kind: this exact value is shown as `text`.
struct ValueMapping {
    double value = 0;
    QString text;
    std::optional<QColor> color;
};

/// What the preview draws of one panel of the dashboard.
struct Panel {
    int id = 0;
    QString type; ///< "row", "timeseries", "stat", or another (drawn as a time series)
    QString title;
    QString description;
    QString unit; ///< Grafana's unit id: s, short, ops, opm, bytes, ...
    GridPos grid;
    bool stacked = false;
    int fillOpacity = 0; ///< 0..100
    std::optional<int> decimals;
    std::optional<double> min;
    std::vector<Target> targets;
    std::vector<Threshold> thresholds; ///< ascending
    std::vector<ValueMapping> mappings;

    bool isRow() const { return type == QLatin1String("row"); }
};

/// The dashboard: its title and its panels in reading order (rows' nested panels
/// are taken out of collapsed rows and put after them).
struct Dashboard {
    QString title;
    QString uid;
    std::vector<Panel> panels;
    int gridHeight() const; ///< grid units from the top to the bottom of the lowest panel
};

/// Reads a dashboard JSON file (a Grafana export, with or without __inputs).
/// Throws InputError naming the file when it is missing, is not JSON, or has no
/// panels list, and naming the panel when one has no gridPos.
Dashboard loadDashboard(const QString& file);

/// What the preview puts for Grafana's variables in an expression.
struct Substitutions {
    QString project;      ///< $project: a regex, ".*" for all
    QString rateInterval; ///< $__rate_interval, a PromQL duration
    QString interval;     ///< $__interval, a PromQL duration
    qint64 rangeSeconds = 0; ///< $__range (as "Ns"), $__range_s, $__range_ms
};

/// `expr` with $name, ${name}, ${name:format} and [[name]] filled in. Throws
/// InputError naming the variable when it is none of those the preview knows.
QString substitute(const QString& expr, const Substitutions& values);

/// Grafana's named colours (green, red, ...) and any colour QColor reads (#rrggbb).
QColor grafanaColor(const QString& name);

} // namespace treelock::dashboardpreview
