#pragma once

#include "locks/decoration.h"

#include <QColor>
#include <QIcon>
#include <QString>

#include <chrono>

namespace treelock::ui {

/// Colours, names and formats shared by the models, delegates and the legend,
/// so that one state looks the same everywhere. GUI thread only (icons).
namespace presentation {

struct KindStyle {
    QColor fill;       ///< pill background (transparent for outlined pills)
    QColor border;
    QColor text;
    QColor rowTint;    ///< background of the node's row
    bool outlined = false;
    bool hatched = false;
};

KindStyle style(NodeKind kind);
/// Short state name for the tree's State column ("X held", "IX intention", ...).
QString kindName(NodeKind kind);
/// One-line explanation for the legend and tooltips.
QString kindExplanation(NodeKind kind);
/// A small square swatch for the kind (legend, menus).
QIcon kindIcon(NodeKind kind);

/// The seed's operation names in the UI language ("move-folder" -> "Move folder" / 移动文件夹).
/// Unknown labels are returned unchanged.
QString operationName(const QString& cliName);

/// "12 s", "4 min 05 s", "2 h 03 min"; negative -> "expired 3 s ago".
QString formatTimeLeft(std::chrono::milliseconds left);
/// True when a live lease's time left deserves a warning: under a quarter of its
/// own TTL (a watchdog renews at a third, so a healthy lease never gets there)
/// and under 5 s. A short TTL alone is no warning.
bool timeLeftIsShort(std::chrono::milliseconds left, std::chrono::milliseconds ttl);
/// "12 s", "4 min", "2 h 03 min" (age).
QString formatAge(std::chrono::milliseconds age);
/// Local wall-clock time of a server time, "14:03:27.512".
QString formatClock(ServerTime t);

QColor modeColor(LockMode mode);

} // namespace presentation
} // namespace treelock::ui
