#pragma once

#include "dashboard.h"
#include "prometheusclient.h"

#include <QStringList>

#include <vector>

namespace treelock::dashboardpreview {

/// A series as the panel's legend names it.
struct NamedSeries {
    QString name;
    std::vector<Sample> samples;
};

/// What one panel's queries gave: its series in target order, and what went
/// wrong with any of its queries ("B: parse error ...").
struct PanelData {
    std::vector<NamedSeries> series;
    QStringList errors;
};

/// The name Grafana gives a series: `legendFormat` with each {{label}} replaced
/// by the label's value; without a format, the metric and its labels
/// (name{a="1", b="2"}), or `expr` for a series without labels.
QString seriesName(const QString& legendFormat, const QMap<QString, QString>& labels, const QString& expr);

/// Runs every target of every panel of `dashboard` (rows have none) with the
/// variables filled in from `values`; one PanelData per panel, in the same order.
/// Throws UnreachableError as PrometheusClient::queryRange does; a query that
/// cannot be filled in or that Prometheus rejects is recorded in its panel's errors.
std::vector<PanelData> queryPanels(const Dashboard& dashboard, PrometheusClient& client, const Substitutions& values,
                                   const TimeRange& range);

} // namespace treelock::dashboardpreview
