#pragma once

#include "lockview/decoration.h"

#include <QColor>
#include <QIcon>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>
#include <vector>

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
/// A length of time that was set, not measured (a TTL): rounded to the
/// nearest tenth of a second below 10 s ("6 s", "1.5 s", "250 ms" below 1 s),
/// to the nearest second above ("4 min 05 s"). A lease of 6,000 ms whose event
/// was stamped 1 ms after its grant still reads "6 s".
QString formatDuration(std::chrono::milliseconds length);
/// How long ago: "3 s ago", "4 min 05 s ago" (a negative age counts as 0).
QString formatAgo(std::chrono::milliseconds age);
/// Local wall-clock time of a server time, "14:03:27.512".
QString formatClock(ServerTime t);

QColor modeColor(LockMode mode);

/// The "waiting" mark: the tree's badge on a node where someone waits, and the legend's.
KindStyle waitingStyle();
/// The badge of a node where `count` registered waiters wait ("2 waiting").
QString waitingBadge(int count);
/// An operation inside a sentence: its UI name, lower-cased in English ("move folder").
QString operationPhrase(const std::string& cliName);
/// What refused a waiter, as a phrase: "alice's move folder of /A/C" (for a
/// queued blocker, what the older waiter asks), or "the X lock held on /A/C"
/// when no holder could be named.
QString blockerPhrase(const Blocker& blocker);
/// The Waiting panel's "Behind" text: blockerPhrase(), or "queued behind carol".
QString behindText(const Blocker& blocker);
/// A line of a node's tooltip: "bob waits here for alice's move folder of /A/C, 12 s",
/// or "bob waits here behind carol's delete folder of /A, 3 s" when queued.
QString waitsHereLine(const WaiterInfo& waiter, ServerTime now);
/// The fairness grace with its unit: "grace 5 ms", or "fairness off".
QString graceText(std::optional<std::chrono::milliseconds> grace);
/// When the lease in a waiter's way frees: its expiry in `leases` when it is
/// there (renewals included), else what its last refusal said (lastAttempt +
/// expiresIn). O(leases).
ServerTime blockerExpiry(const WaiterInfo& waiter, const std::vector<LeaseInfo>& leases);

/// What waiterDetails() says beyond the waiter itself.
struct WaiterContext {
    ServerTime now{};           ///< the server's time now (ServerClock::now(), at the moment of asking)
    ServerTime blockerFrees{};  ///< blockerExpiry() of the waiter
    QStringList heldBack;       ///< owners of the waiters that queue behind it
    bool graceKnown = false;    ///< the project's fairness grace is known:
    std::optional<std::chrono::milliseconds> grace; ///< ... this one (nothing: fairness off)
};
/// Everything about a waiter, one fact a line (the Waiting panel's tooltip).
/// Every time in it is relative to `context.now`.
QString waiterDetails(const WaiterInfo& waiter, const WaiterContext& context);

} // namespace presentation
} // namespace treelock::ui
