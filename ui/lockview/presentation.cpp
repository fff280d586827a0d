#include "lockview/presentation.h"

#include "lockview/lockstate.h"

#include <treelock/leaseid.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

namespace treelock::ui::presentation {

namespace {

const char* const kContext = "Presentation";

QString trp(const char* text)
{
    return QCoreApplication::translate(kContext, text);
}

} // namespace

KindStyle style(NodeKind kind)
{
    switch (kind) {
    case NodeKind::HeldX:
        return {QColor(0xc6, 0x28, 0x28), QColor(0xb7, 0x1c, 0x1c), Qt::white, QColor(0xfd, 0xe4, 0xe4)};
    case NodeKind::HeldSIX:
        return {QColor(0x8e, 0x24, 0xaa), QColor(0x6a, 0x1b, 0x9a), Qt::white, QColor(0xf3, 0xe5, 0xf5)};
    case NodeKind::HeldS:
        return {QColor(0x15, 0x65, 0xc0), QColor(0x0d, 0x47, 0xa1), Qt::white, QColor(0xe3, 0xee, 0xfb)};
    case NodeKind::IntentIX:
        return {QColor(0xff, 0xf3, 0xe0), QColor(0xe6, 0x51, 0x00), QColor(0xbf, 0x36, 0x0c), QColor(0xff, 0xfa, 0xf2), true};
    case NodeKind::IntentIS:
        return {QColor(0xe8, 0xf4, 0xfd), QColor(0x02, 0x88, 0xd1), QColor(0x01, 0x57, 0x9b), QColor(0xf5, 0xfa, 0xfe), true};
    case NodeKind::CoveredX:
        return {QColor(0xf8, 0xd7, 0xd7), QColor(0xe5, 0x73, 0x73), QColor(0x8e, 0x24, 0x24), QColor(0xfd, 0xf1, 0xf1), false, true};
    case NodeKind::CoveredS:
        return {QColor(0xd6, 0xe6, 0xf7), QColor(0x64, 0x95, 0xd0), QColor(0x1a, 0x4a, 0x80), QColor(0xf2, 0xf7, 0xfc), false, true};
    case NodeKind::Expired:
        return {QColor(0x75, 0x75, 0x75), QColor(0x61, 0x61, 0x61), Qt::white, QColor(0xee, 0xee, 0xee)};
    case NodeKind::None:
        break;
    }
    return {Qt::transparent, Qt::transparent, QColor(0x42, 0x42, 0x42), Qt::transparent};
}

QString kindName(NodeKind kind)
{
    switch (kind) {
    case NodeKind::HeldX: return trp(QT_TRANSLATE_NOOP("Presentation", "X held"));
    case NodeKind::HeldSIX: return trp(QT_TRANSLATE_NOOP("Presentation", "SIX held"));
    case NodeKind::HeldS: return trp(QT_TRANSLATE_NOOP("Presentation", "S held"));
    case NodeKind::IntentIX: return trp(QT_TRANSLATE_NOOP("Presentation", "IX intention"));
    case NodeKind::IntentIS: return trp(QT_TRANSLATE_NOOP("Presentation", "IS intention"));
    case NodeKind::CoveredX: return trp(QT_TRANSLATE_NOOP("Presentation", "covered by X"));
    case NodeKind::CoveredS: return trp(QT_TRANSLATE_NOOP("Presentation", "covered by S"));
    case NodeKind::Expired: return trp(QT_TRANSLATE_NOOP("Presentation", "expired"));
    case NodeKind::None: break;
    }
    return {};
}

QString kindExplanation(NodeKind kind)
{
    switch (kind) {
    case NodeKind::HeldX: return trp(QT_TRANSLATE_NOOP("Presentation", "Exclusive lock held on this node and its whole subtree"));
    case NodeKind::HeldSIX: return trp(QT_TRANSLATE_NOOP("Presentation", "Shared lock on the subtree, with writes below it"));
    case NodeKind::HeldS: return trp(QT_TRANSLATE_NOOP("Presentation", "Shared (read) lock held on this node and its whole subtree"));
    case NodeKind::IntentIX: return trp(QT_TRANSLATE_NOOP("Presentation", "A lease below writes: this folder cannot be moved, renamed or deleted"));
    case NodeKind::IntentIS: return trp(QT_TRANSLATE_NOOP("Presentation", "A lease below reads: this folder cannot be moved or deleted"));
    case NodeKind::CoveredX: return trp(QT_TRANSLATE_NOOP("Presentation", "Inside a subtree locked exclusively above"));
    case NodeKind::CoveredS: return trp(QT_TRANSLATE_NOOP("Presentation", "Inside a subtree locked shared above"));
    case NodeKind::Expired: return trp(QT_TRANSLATE_NOOP("Presentation", "Lease expired but not reaped yet: blocks nothing; Release expired removes it"));
    case NodeKind::None: break;
    }
    return {};
}

QIcon kindIcon(NodeKind kind)
{
    static QHash<int, QIcon> cache;
    const auto it = cache.constFind(int(kind));
    if (it != cache.constEnd())
        return *it;
    QPixmap pm(28, 28);
    pm.fill(Qt::transparent);
    {
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        const KindStyle s = style(kind);
        const QRectF r(3, 3, 22, 22);
        p.setPen(QPen(s.border, 2.5));
        p.setBrush(s.fill);
        p.drawRoundedRect(r, 5, 5);
        if (s.hatched) {
            p.setClipRect(r.adjusted(2, 2, -2, -2));
            p.setPen(QPen(s.border, 2));
            for (int x = -28; x < 28; x += 7)
                p.drawLine(QPointF(x, 28), QPointF(x + 28, 0));
        }
    }
    QIcon icon(pm);
    cache.insert(int(kind), icon);
    return icon;
}

QString operationName(const QString& cliName)
{
    static const struct {
        const char* cli;
        const char* text;
    } kNames[] = {
        {"create", QT_TRANSLATE_NOOP("Presentation", "Create")},
        {"upload", QT_TRANSLATE_NOOP("Presentation", "Upload")},
        {"move-folder", QT_TRANSLATE_NOOP("Presentation", "Move folder")},
        {"move-file", QT_TRANSLATE_NOOP("Presentation", "Move file")},
        {"copy-folder", QT_TRANSLATE_NOOP("Presentation", "Copy folder")},
        {"copy-file", QT_TRANSLATE_NOOP("Presentation", "Copy file")},
        {"rename-folder", QT_TRANSLATE_NOOP("Presentation", "Rename folder")},
        {"rename-file", QT_TRANSLATE_NOOP("Presentation", "Rename file")},
        {"delete-folder", QT_TRANSLATE_NOOP("Presentation", "Delete folder")},
        {"delete-file", QT_TRANSLATE_NOOP("Presentation", "Delete file")},
        {"purge", QT_TRANSLATE_NOOP("Presentation", "Purge recycle bin")},
        // The engine's and the command-line tool's default: a lock taken
        // without naming an operation.
        {"lock", QT_TRANSLATE_NOOP("Presentation", "Lock")},
    };
    for (const auto& n : kNames)
        if (cliName == QLatin1String(n.cli))
            return trp(n.text);
    return cliName;
}

bool timeLeftIsShort(std::chrono::milliseconds left, std::chrono::milliseconds ttl)
{
    const std::chrono::milliseconds cap = std::chrono::seconds(5);
    return left < (ttl.count() > 0 ? std::min<std::chrono::milliseconds>(ttl / 4, cap) : cap);
}

QString formatAge(std::chrono::milliseconds age)
{
    const qint64 s = std::max<qint64>(0, age.count() / 1000);
    if (s < 60)
        return trp(QT_TRANSLATE_NOOP("Presentation", "%1 s")).arg(s);
    if (s < 3600)
        return trp(QT_TRANSLATE_NOOP("Presentation", "%1 min %2 s")).arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return trp(QT_TRANSLATE_NOOP("Presentation", "%1 h %2 min")).arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString formatDuration(std::chrono::milliseconds length)
{
    const qint64 ms = std::max<qint64>(0, length.count());
    if (ms < 1000)
        return trp(QT_TRANSLATE_NOOP("Presentation", "%1 ms")).arg(ms);
    if (ms < 9950) {
        const qint64 tenths = (ms + 50) / 100;
        return trp(QT_TRANSLATE_NOOP("Presentation", "%1 s"))
            .arg(tenths % 10 == 0 ? QString::number(tenths / 10) : QString::number(double(tenths) / 10.0, 'f', 1));
    }
    return formatAge(std::chrono::milliseconds((ms + 500) / 1000 * 1000));
}

QString formatAgo(std::chrono::milliseconds age)
{
    return trp(QT_TRANSLATE_NOOP("Presentation", "%1 ago")).arg(formatAge(std::max(age, std::chrono::milliseconds(0))));
}

QString formatTimeLeft(std::chrono::milliseconds left)
{
    if (left.count() <= 0)
        return trp(QT_TRANSLATE_NOOP("Presentation", "%1 ago")).arg(formatAge(-left));
    if (left.count() < 10000)
        return trp(QT_TRANSLATE_NOOP("Presentation", "%1 s")).arg(QString::number(double(left.count()) / 1000.0, 'f', 1));
    return formatAge(left);
}

QString formatClock(ServerTime t)
{
    return QDateTime::fromMSecsSinceEpoch(t.time_since_epoch().count()).toString(QStringLiteral("HH:mm:ss.zzz"));
}

QColor modeColor(LockMode mode)
{
    switch (mode) {
    case LockMode::X: return style(NodeKind::HeldX).fill;
    case LockMode::SIX: return style(NodeKind::HeldSIX).fill;
    case LockMode::S: return style(NodeKind::HeldS).fill;
    case LockMode::IX: return style(NodeKind::IntentIX).border;
    case LockMode::IS: return style(NodeKind::IntentIS).border;
    }
    return Qt::black;
}

KindStyle waitingStyle()
{
    return {QColor(0xff, 0xca, 0x28), QColor(0xff, 0x8f, 0x00), QColor(0x4e, 0x34, 0x2e), QColor(0xff, 0xf8, 0xe1)};
}

QString waitingBadge(int count)
{
    return QCoreApplication::translate("Presentation", "%n waiting", nullptr, count);
}

QString operationPhrase(const std::string& cliName)
{
    const QString cli = QString::fromStdString(cliName);
    QString name = operationName(cli);
    // A seed name starts a sentence in English ("Move folder"); inside one it does not.
    if (name != cli && !name.isEmpty() && name.front().isUpper() && name.size() > 1 && name.at(1).isLower())
        name.front() = name.front().toLower();
    return name;
}

QString blockerPhrase(const Blocker& blocker)
{
    if (blocker.lease.empty())
        return trp(QT_TRANSLATE_NOOP("Presentation", "the %1 lock held on %2"))
            .arg(QString::fromLatin1(toString(blocker.heldMode).data()), QString::fromStdString(blocker.clashPath));
    const QString owner = blocker.owner.empty() ? QStringLiteral("?") : QString::fromStdString(blocker.owner);
    return trp(QT_TRANSLATE_NOOP("Presentation", "%1's %2 of %3"))
        .arg(owner, operationPhrase(blocker.operation), QString::fromStdString(blocker.path));
}

QString behindText(const Blocker& blocker)
{
    if (blocker.queued && !blocker.lease.empty())
        return trp(QT_TRANSLATE_NOOP("Presentation", "queued behind %1"))
            .arg(blocker.owner.empty() ? QStringLiteral("?") : QString::fromStdString(blocker.owner));
    return blockerPhrase(blocker);
}

QString waitsHereLine(const WaiterInfo& waiter, ServerTime now)
{
    const QString owner = QString::fromStdString(waiter.owner);
    const QString age = formatAge(std::chrono::duration_cast<std::chrono::milliseconds>(now - waiter.since));
    if (waiter.blocker.queued && !waiter.blocker.lease.empty())
        return trp(QT_TRANSLATE_NOOP("Presentation", "%1 waits here behind %2, %3")).arg(owner, blockerPhrase(waiter.blocker), age);
    return trp(QT_TRANSLATE_NOOP("Presentation", "%1 waits here for %2, %3")).arg(owner, blockerPhrase(waiter.blocker), age);
}

QString graceText(std::optional<std::chrono::milliseconds> grace)
{
    return grace ? trp(QT_TRANSLATE_NOOP("Presentation", "grace %1 ms")).arg(grace->count())
                 : trp(QT_TRANSLATE_NOOP("Presentation", "fairness off"));
}

ServerTime blockerExpiry(const WaiterInfo& waiter, const std::vector<LeaseInfo>& leases)
{
    const Blocker& b = waiter.blocker;
    if (!b.lease.empty() && !b.queued)
        for (const LeaseInfo& l : leases)
            if (l.id == b.lease)
                return l.expiresAt;
    return waiter.lastAttempt + b.expiresIn;
}

QString waiterDetails(const WaiterInfo& waiter, const WaiterContext& context)
{
    using std::chrono::duration_cast;
    using std::chrono::milliseconds;
    const ServerTime now = context.now;
    const Blocker& b = waiter.blocker;
    QStringList lines;
    lines << QStringLiteral("%1 · %2 · %3")
                 .arg(QString::fromStdString(waiter.owner), operationName(QString::fromStdString(waiter.operation)),
                      requestsText(waiter.requests));
    lines << trp(QT_TRANSLATE_NOOP("Presentation", "Waiting %1 (since %2); last attempt %3"))
                 .arg(formatAge(duration_cast<milliseconds>(now - waiter.since)), formatClock(waiter.since).left(8),
                      formatAgo(duration_cast<milliseconds>(now - waiter.lastAttempt)));
    const QString mode = QString::fromLatin1(toString(b.mode).data());
    if (b.lease.empty()) {
        lines << trp(QT_TRANSLATE_NOOP("Presentation", "Refused by an unidentified lease holding %1 on %2"))
                     .arg(QString::fromLatin1(toString(b.heldMode).data()), QString::fromStdString(b.clashPath));
    } else if (b.queued) {
        lines << trp(QT_TRANSLATE_NOOP("Presentation", "Queued behind %1, who has waited longer (%2 on %3; clash at %4)"))
                     .arg(QString::fromStdString(b.owner), mode, QString::fromStdString(b.path), QString::fromStdString(b.clashPath));
    } else {
        const milliseconds left = duration_cast<milliseconds>(context.blockerFrees - now);
        const QString refused = trp(QT_TRANSLATE_NOOP("Presentation", "Refused by %1's lease %2 (%3): %4 on %5, clash at %6"))
                                    .arg(QString::fromStdString(b.owner), QString::fromStdString(shortLeaseId(b.lease)),
                                         operationName(QString::fromStdString(b.operation)), mode,
                                         QString::fromStdString(b.path), QString::fromStdString(b.clashPath));
        lines << refused + QStringLiteral("; ")
                     + (left.count() > 0 ? trp(QT_TRANSLATE_NOOP("Presentation", "frees in %1")).arg(formatTimeLeft(left))
                                         : trp(QT_TRANSLATE_NOOP("Presentation", "its lease expired %1")).arg(formatAgo(-left)));
    }
    if (!context.heldBack.isEmpty())
        lines << trp(QT_TRANSLATE_NOOP("Presentation", "Holds back %1: they queue behind it"))
                     .arg(context.heldBack.join(QStringLiteral(", ")));
    else if (waiter.holdsBack && context.graceKnown && context.grace)
        lines << trp(QT_TRANSLATE_NOOP("Presentation", "Has waited past the project's fairness grace (%1 ms): a newer request that conflicts with it waits behind it"))
                     .arg(context.grace->count());
    else if (waiter.holdsBack)
        lines << trp(QT_TRANSLATE_NOOP("Presentation", "Has waited past the project's grace: a newer request that conflicts with it waits behind it"));
    return lines.join(QLatin1Char('\n'));
}

} // namespace treelock::ui::presentation
