#include "panels/timeline/timelinetext.h"

#include "lockview/presentation.h"

#include <QCoreApplication>
#include <QDateTime>

namespace treelock::ui {

namespace {

using std::chrono::milliseconds;

/// "alice X /A/C": who holds what, as the cursor's line names a lease.
QString holding(const TimelineSpan& span)
{
    return QString::fromStdString(span.owner) + QLatin1Char(' ') + requestsText(span.requests, QStringLiteral(", "));
}

} // namespace

QString TimelineText::clock(ServerTime t)
{
    return QDateTime::fromMSecsSinceEpoch(t.time_since_epoch().count()).toString(QStringLiteral("HH:mm:ss"));
}

QString TimelineText::endPhrase(const TimelineSpan& span, ServerTime now)
{
    using End = TimelineSpan::End;
    switch (span.end) {
    case End::Open:
        if (span.kind == TimelineSpan::Kind::Wait)
            return tr("still waiting");
        if (span.expiresAt != ServerTime{} && span.expiresAt <= now)
            return tr("expired, not reaped yet");
        return tr("still held");
    case End::Released: return tr("released");
    case End::Expired: return tr("expired");
    case End::Forced: return span.endDetail.isEmpty() ? tr("force-released") : tr("force-released: %1").arg(span.endDetail);
    case End::Gone: return tr("released (no longer held at %1)").arg(clock(span.to));
    case End::Granted: return tr("granted");
    case End::GaveUp: return tr("gave up (no grant seen)");
    }
    return {};
}

QString TimelineText::spanTooltip(const TimelineSpan& span, ServerTime now)
{
    const bool wait = span.kind == TimelineSpan::Kind::Wait;
    const ServerTime end = span.shownEnd(now);
    QString text = QStringLiteral("<b>%1</b> · %2<br/>")
                       .arg(QString::fromStdString(span.owner).toHtmlEscaped(),
                            presentation::operationName(QString::fromStdString(span.operation)).toHtmlEscaped());
    text += (wait ? tr("waits for %1") : tr("holds %1")).arg(requestsText(span.requests, QStringLiteral(", ")).toHtmlEscaped());
    text += QStringLiteral("<br/>");
    text += span.end == TimelineSpan::End::Open ? tr("from %1, for %2 so far").arg(clock(span.from), presentation::formatAge(milliseconds(end - span.from)))
                                                : tr("from %1 to %2, %3").arg(clock(span.from), clock(end), presentation::formatAge(milliseconds(end - span.from)));
    text += QStringLiteral("<br/>") + endPhrase(span, now).toHtmlEscaped();
    return text;
}

QString TimelineText::markerTooltip(const TimelineMarker& marker)
{
    QString text = QStringLiteral("<b>%1</b> · %2").arg(marker.title.toHtmlEscaped(), clock(marker.at));
    if (!marker.detail.isEmpty())
        text += QStringLiteral("<br/>") + marker.detail.toHtmlEscaped();
    return text;
}

QString TimelineText::momentText(const TimelineModel::Moment& moment, ServerTime at)
{
    constexpr int kNamed = 4;
    QStringList named;
    for (std::size_t i = 0; i < moment.held.size() && i < std::size_t(kNamed); ++i)
        named << holding(*moment.held[i]);
    if (moment.held.size() > std::size_t(kNamed))
        named << QStringLiteral("…");
    QString text = tr("At %1: ").arg(clock(at)) + tr("%n lease(s) held", nullptr, int(moment.held.size()));
    if (!named.isEmpty())
        text += QStringLiteral(" (") + named.join(QStringLiteral("; ")) + QLatin1Char(')');
    text += QStringLiteral(", ") + tr("%n waiting", nullptr, int(moment.waiting.size()));
    return text;
}

} // namespace treelock::ui
