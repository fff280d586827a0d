#include "panelqueries.h"

#include <QRegularExpression>

namespace treelock::dashboardpreview {

QString seriesName(const QString& legendFormat, const QMap<QString, QString>& labels, const QString& expr)
{
    if (legendFormat.isEmpty() || legendFormat == QLatin1String("__auto")) {
        QStringList pairs;
        for (auto it = labels.begin(); it != labels.end(); ++it)
            if (it.key() != QLatin1String("__name__"))
                pairs << QStringLiteral("%1=\"%2\"").arg(it.key(), it.value());
        const QString metric = labels.value(QStringLiteral("__name__"));
        if (pairs.isEmpty())
            return metric.isEmpty() ? expr : metric;
        return metric + QLatin1Char('{') + pairs.join(QStringLiteral(", ")) + QLatin1Char('}');
    }
    static const QRegularExpression placeholder(QStringLiteral(R"(\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\})"));
    QString out;
    qsizetype done = 0;
    for (auto it = placeholder.globalMatch(legendFormat); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += legendFormat.mid(done, m.capturedStart() - done) + labels.value(m.captured(1));
        done = m.capturedEnd();
    }
    return (out + legendFormat.mid(done)).trimmed();
}

std::vector<PanelData> queryPanels(const Dashboard& dashboard, PrometheusClient& client, const Substitutions& values,
                                   const TimeRange& range)
{
    std::vector<PanelData> out(dashboard.panels.size());
    for (std::size_t i = 0; i < dashboard.panels.size(); ++i) {
        const Panel& panel = dashboard.panels[i];
        for (const Target& target : panel.targets) {
            QString expr;
            try {
                expr = substitute(target.expr, values);
            } catch (const InputError& e) {
                out[i].errors << target.refId + QStringLiteral(": ") + QString::fromStdString(e.what());
                continue;
            }
            QueryResult result = client.queryRange(expr, range);
            if (!result.error.isEmpty()) {
                out[i].errors << target.refId + QStringLiteral(": ") + result.error;
                continue;
            }
            for (Series& s : result.series)
                out[i].series.push_back({seriesName(target.legendFormat, s.labels, expr), std::move(s.samples)});
        }
    }
    return out;
}

} // namespace treelock::dashboardpreview
