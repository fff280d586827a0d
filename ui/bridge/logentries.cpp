#include "bridge/logentries.h"

#include "lockview/presentation.h"

#include <QCoreApplication>

#include <charconv>
#include <string_view>

namespace treelock::ui {

using std::chrono::milliseconds;

namespace {

/// A setting as the event log shows it: the grace with its unit ("grace 5 ms",
/// "grace off"), any other as the engine spells it ("events=audit").
QString settingText(const std::string& setting)
{
    if (setting.rfind("grace=", 0) != 0)
        return QString::fromStdString(setting);
    const std::optional<milliseconds> grace = graceOf(setting);
    return grace ? QCoreApplication::translate("treelock::ui::BridgeWorker", "grace %1 ms").arg(grace->count())
                 : QCoreApplication::translate("treelock::ui::BridgeWorker", "grace off (no fairness)");
}

} // namespace

std::optional<milliseconds> graceOf(const std::string& setting)
{
    const std::string_view value = std::string_view(setting).substr(setting.find('=') + 1);
    long long ms = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), ms);
    if (error != std::errc() || end != value.data() + value.size())
        return std::nullopt;
    return milliseconds(ms);
}

LogEntry toLogEntry(const Event& e)
{
    LogEntry out;
    if (e.type == EventType::Grant)
        out.type = LogEntry::Type::Grant;
    else if (e.type == EventType::Release)
        out.type = LogEntry::Type::Release;
    else if (e.type == EventType::Expire)
        out.type = LogEntry::Type::Expire;
    else if (e.type == EventType::Force)
        out.type = LogEntry::Type::Force;
    else if (e.type == EventType::Sweep)
        out.type = LogEntry::Type::Sweep;
    else if (e.type == EventType::Config)
        out.type = LogEntry::Type::Info;
    out.time = e.time;
    out.streamId = QString::fromStdString(e.id);
    out.lease = QString::fromStdString(e.lease);
    out.owner = QString::fromStdString(e.owner);
    out.operation = QString::fromStdString(e.operation);
    out.paths = requestsText(e.requests);
    out.requests = e.requests;
    out.expiresAt = e.expiresAt;
    out.wasLive = e.wasLive;
    switch (out.type) {
    case LogEntry::Type::Grant:
        out.detail = QCoreApplication::translate("treelock::ui::BridgeWorker", "fence %1, TTL %2")
                         .arg(e.fence)
                         .arg(presentation::formatDuration(std::chrono::duration_cast<milliseconds>(e.expiresAt - e.time)));
        break;
    case LogEntry::Type::Force:
        out.detail = (e.wasLive ? QCoreApplication::translate("treelock::ui::BridgeWorker", "live lease revoked by %1@%2: %3")
                                : QCoreApplication::translate("treelock::ui::BridgeWorker", "expired lease released by %1@%2: %3"))
                         .arg(QString::fromStdString(e.by), QString::fromStdString(e.host),
                              QString::fromStdString(e.reason));
        break;
    case LogEntry::Type::Sweep:
        out.detail = QCoreApplication::translate("treelock::ui::BridgeWorker", "%n expired lease(s) reaped by %1", nullptr, int(e.count))
                         .arg(QString::fromStdString(e.by.empty() ? std::string("?") : e.by));
        break;
    case LogEntry::Type::Info:
        if (e.type == EventType::Config) {
            out.detail = QCoreApplication::translate("treelock::ui::BridgeWorker", "Setting %1 by %2@%3")
                             .arg(settingText(e.setting), QString::fromStdString(e.by), QString::fromStdString(e.host));
        }
        break;
    default:
        break;
    }
    return out;
}

} // namespace treelock::ui
