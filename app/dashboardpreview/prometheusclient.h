#pragma once

#include <QMap>
#include <QNetworkAccessManager>
#include <QString>
#include <QUrl>

#include <chrono>
#include <stdexcept>
#include <vector>

namespace treelock::dashboardpreview {

/// The Prometheus server could not be asked: no connection, no answer in time, or
/// an answer that is not the HTTP API's. The message names the URL.
class UnreachableError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One sample of a series: Unix time in seconds and its value.
struct Sample {
    double time = 0;
    double value = 0;
};

/// One series of a range query's matrix.
struct Series {
    QMap<QString, QString> labels; ///< with __name__ when the expression keeps it
    std::vector<Sample> samples;   ///< ascending time; NaN and infinite values left out
};

/// A range query's answer: the series, or what Prometheus said was wrong with
/// the query (bad PromQL, too many points...).
struct QueryResult {
    std::vector<Series> series;
    QString error;
};

/// The window and resolution of every query.
struct TimeRange {
    qint64 from = 0; ///< Unix seconds
    qint64 to = 0;   ///< Unix seconds
    double step = 15; ///< seconds
};

/// Asks a Prometheus server's HTTP API (/api/v1/query_range), one query at a
/// time, blocking the caller while its own event loop runs. GUI thread only
/// (needs the application's event dispatcher); not thread-safe.
class PrometheusClient {
public:
    /// `base` is the server's root (http://host:port, or with a path prefix).
    PrometheusClient(QUrl base, std::chrono::milliseconds timeout);

    /// Runs `expr` over `range`. Throws UnreachableError when the server does not
    /// answer as Prometheus does; a rejected query comes back in QueryResult::error.
    QueryResult queryRange(const QString& expr, const TimeRange& range);

private:
    QUrl m_endpoint;
    std::chrono::milliseconds m_timeout;
    QNetworkAccessManager m_network;
};

} // namespace treelock::dashboardpreview
