#include "connection/serverwording.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace treelock::ui {

namespace {

QString trw(const char* text)
{
    return QCoreApplication::translate("ServerWording", text);
}

} // namespace

QString serverWarningText(const QString& warning)
{
    static const QRegularExpression policy(QStringLiteral("^Redis maxmemory-policy is \"([^\"]*)\", not \"noeviction\""));
    static const QRegularExpression unread(QStringLiteral("^cannot read Redis maxmemory-policy \\((.*)\\); make sure it is \"noeviction\"$"));
    if (const auto m = policy.match(warning); m.hasMatch())
        return trw(QT_TRANSLATE_NOOP("ServerWording", "Redis evicts keys under memory pressure (maxmemory-policy %1, not noeviction): locks could "
                  "silently vanish"))
            .arg(m.captured(1));
    if (const auto m = unread.match(warning); m.hasMatch())
        return trw(QT_TRANSLATE_NOOP("ServerWording", "Cannot read Redis's maxmemory-policy (%1): make sure it is noeviction")).arg(m.captured(1));
    if (warning.startsWith(QLatin1String("Redis has no persistence")))
        return trw(QT_TRANSLATE_NOOP("ServerWording", "Redis keeps nothing on disk (no AOF, no snapshots): a restart loses every lease; fencing "
                  "tokens still rise"));
    return warning;
}

QString serverWarningShort(const QString& warning)
{
    if (warning.startsWith(QLatin1String("Redis maxmemory-policy is")))
        return trw(QT_TRANSLATE_NOOP("ServerWording", "may evict locks"));
    if (warning.startsWith(QLatin1String("cannot read Redis maxmemory-policy")))
        return trw(QT_TRANSLATE_NOOP("ServerWording", "eviction policy unknown"));
    if (warning.startsWith(QLatin1String("Redis has no persistence")))
        return trw(QT_TRANSLATE_NOOP("ServerWording", "no persistence"));
    return warning.section(QLatin1Char(':'), 0, 0);
}

QString connectionProblemText(const QString& message)
{
    static const QRegularExpression form(QStringLiteral("^Redis at (\\S+): (cannot connect|command \\S+ failed|connected): (.*)$"));
    const QRegularExpressionMatch m = form.match(message);
    if (!m.hasMatch())
        return message;
    QString detail = m.captured(3);
    static const QRegularExpression noAnswer(QStringLiteral("^no answer within (\\d+) ms"));
    if (const auto n = noAnswer.match(detail); n.hasMatch())
        detail = trw(QT_TRANSLATE_NOOP("ServerWording", "no answer within %1 ms")).arg(n.captured(1));
    else if (detail.startsWith(QLatin1String("connection closed")))
        detail = trw(QT_TRANSLATE_NOOP("ServerWording", "the connection was closed"));
    else if (detail.compare(QLatin1String("Connection refused"), Qt::CaseInsensitive) == 0)
        detail = trw(QT_TRANSLATE_NOOP("ServerWording", "the connection was refused"));
    else if (detail.compare(QLatin1String("Connection reset by peer"), Qt::CaseInsensitive) == 0)
        detail = trw(QT_TRANSLATE_NOOP("ServerWording", "the connection was reset"));
    // "Cannot connect" is what the banner says first: the place and the detail are what it adds.
    const QString what = m.captured(2) == QLatin1String("cannot connect") ? trw(QT_TRANSLATE_NOOP("ServerWording", "Redis at %1"))
                         : m.captured(2) == QLatin1String("connected")    ? trw(QT_TRANSLATE_NOOP("ServerWording", "the server at %1 cannot be used"))
                                                                          : trw(QT_TRANSLATE_NOOP("ServerWording", "the server at %1 stopped answering"));
    return what.arg(m.captured(1)) + QStringLiteral(": ") + detail;
}

} // namespace treelock::ui
