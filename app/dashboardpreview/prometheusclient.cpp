#include "prometheusclient.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <cmath>
#include <memory>

namespace treelock::dashboardpreview {

namespace {

QByteArray formField(const char* name, const QString& value)
{
    return QByteArray(name) + '=' + QUrl::toPercentEncoding(value);
}

Series readSeries(const QJsonObject& entry)
{
    Series series;
    const QJsonObject metric = entry.value("metric").toObject();
    for (auto it = metric.begin(); it != metric.end(); ++it)
        series.labels.insert(it.key(), it.value().toString());
    for (const QJsonValue& pair : entry.value("values").toArray()) {
        const QJsonArray sample = pair.toArray();
        bool ok = false;
        const double value = sample.at(1).toString().toDouble(&ok);
        if (ok && std::isfinite(value))
            series.samples.push_back({sample.at(0).toDouble(), value});
    }
    return series;
}

} // namespace

PrometheusClient::PrometheusClient(QUrl base, std::chrono::milliseconds timeout)
    : m_endpoint(std::move(base))
    , m_timeout(timeout)
{
    QString path = m_endpoint.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    m_endpoint.setPath(path + QStringLiteral("/api/v1/query_range"));
}

QueryResult PrometheusClient::queryRange(const QString& expr, const TimeRange& range)
{
    QNetworkRequest request(m_endpoint);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
    request.setTransferTimeout(int(m_timeout.count()));
    // POST, form-encoded: a GET's query string would keep '+' in the expression,
    // which the server reads as a space.
    const QByteArray body = formField("query", expr) + '&' + formField("start", QString::number(range.from)) + '&'
        + formField("end", QString::number(range.to)) + '&' + formField("step", QString::number(range.step));
    std::unique_ptr<QNetworkReply> reply(m_network.post(request, body));
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();

    const QString where = m_endpoint.toString(QUrl::RemoveUserInfo);
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray answer = reply->readAll();
    if (status == 0) {
        // The transfer timeout ends a request by cancelling it.
        const QString why = reply->error() == QNetworkReply::OperationCanceledError
            ? QStringLiteral("no answer within %1 s").arg(m_timeout.count() / 1000)
            : reply->errorString();
        throw UnreachableError(QStringLiteral("cannot reach Prometheus at %1: %2").arg(where, why).toStdString());
    }
    const QJsonDocument doc = QJsonDocument::fromJson(answer);
    const QJsonObject root = doc.object();
    const QString state = root.value("status").toString();
    if (state == QLatin1String("error"))
        return {{}, root.value("errorType").toString() + QStringLiteral(": ") + root.value("error").toString()};
    if (state != QLatin1String("success"))
        throw UnreachableError(QStringLiteral("%1 answered HTTP %2 without the Prometheus API's JSON: is --prometheus the "
                                              "server's root URL?")
                                   .arg(where)
                                   .arg(status)
                                   .toStdString());
    const QJsonObject data = root.value("data").toObject();
    if (data.value("resultType").toString() != QLatin1String("matrix"))
        return {{}, QStringLiteral("the answer is a %1, not a range of series").arg(data.value("resultType").toString())};
    QueryResult result;
    for (const QJsonValue& entry : data.value("result").toArray())
        result.series.push_back(readSeries(entry.toObject()));
    return result;
}

} // namespace treelock::dashboardpreview
