#pragma once

#include "panels/timeline/timelinemodel.h"

#include <QCoreApplication>
#include <QString>

namespace treelock::ui {

/// The timeline's texts (GUI thread: translated).
class TimelineText {
    Q_DECLARE_TR_FUNCTIONS(TimelineText)
public:
    /// A time of the timeline's axis and texts: "03:12:05" (local time).
    static QString clock(ServerTime t);
    /// How a span ended, as a phrase: "released", "still held", "granted", ...
    static QString endPhrase(const TimelineSpan& span, ServerTime now);
    /// A bar's tooltip: owner, operation, modes and paths, from–to, duration, how it ended.
    static QString spanTooltip(const TimelineSpan& span, ServerTime now);
    /// A marker's tooltip: what happened, who, why.
    static QString markerTooltip(const TimelineMarker& marker);
    /// The cursor's line: "At 03:12:05: 4 leases held (alice X /A/C, ...), 1 waiting".
    static QString momentText(const TimelineModel::Moment& moment, ServerTime at);
};

} // namespace treelock::ui
