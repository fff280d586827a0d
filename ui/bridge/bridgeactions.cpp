// BridgeWorker's operator actions: sweeps, forced releases, acquisitions,
// scenarios and the failover demonstration. Worker thread only.
#include "bridge/bridgeworker.h"

#include "bridge/privateredis.h"
#include "lockview/presentation.h"

#include <treelock/error.h>
#include <treelock/leaseid.h>
#include <treelock/memoryengine.h>
#include <treelock/policy.h>
#include <treelock/redisengine.h>
#include <treelock/redissentinelgroup.h>
#include <treelock/redistopology.h>

#include <QCoreApplication>
#include <QSysInfo>

#include <algorithm>

namespace treelock::ui {

using namespace std::chrono;

template <typename F>
bool BridgeWorker::actAndRefresh(F&& action, QString* refusal)
{
    return guarded([&] {
        try {
            action();
        } catch (const InvalidInput& e) {
            if (!refusal)
                throw;
            *refusal = QString::fromUtf8(e.what());
        }
        pollEvents();
        // Following through the watch, the action's event is in the stream
        // already: the next poll reads it without reading the project whole.
        if (m_watch)
            pollWatch();
        else
            takeSnapshot();
        publish(false);
    });
}

void BridgeWorker::failOver()
{
    SentinelGroup* group = m_private ? m_private->sentinelGroup() : nullptr;
    if (!group) {
        emit actionFinished({ActionResult::Kind::Failover, false, tr("Fail over: only with the private Sentinel set-up"), 0});
        return;
    }
    try {
        group->failover();
    } catch (const std::exception& e) {
        emit actionFinished({ActionResult::Kind::Failover, false, tr("Fail over refused: %1").arg(QString::fromUtf8(e.what())), 0});
        return;
    }
    emit actionFinished({ActionResult::Kind::Failover, true,
                         tr("Failover asked of the sentinels: the replica of %1 is being promoted").arg(m_info.primary), 0});
}

void BridgeWorker::killPrimary()
{
    SentinelGroup* group = m_private ? m_private->sentinelGroup() : nullptr;
    const int index = group ? group->primaryIndex() : -1;
    if (index < 0) {
        emit actionFinished({ActionResult::Kind::Failover, false,
                             group ? tr("Kill primary: no primary is running") : tr("Kill primary: only with the private Sentinel set-up"), 0});
        return;
    }
    const QString address = QString::fromStdString(group->address(std::size_t(index)).text());
    group->node(std::size_t(index)).stop(/*crash=*/true);
    m_killedNode = index;
    emit actionFinished({ActionResult::Kind::Failover, true,
                         tr("Primary %1 killed (SIGKILL): the sentinels will promote its replica in a few seconds").arg(address), 0});
}

void BridgeWorker::emitLocal(LogEntry entry)
{
    if (entry.time == ServerTime{})
        entry.time = m_clock.now() == ServerTime{}
                         ? std::chrono::time_point_cast<milliseconds>(std::chrono::system_clock::now())
                         : m_clock.now();
    m_logPending.push_back(std::move(entry)); // after the stream's entries read before it
    flushLog(true);
}

void BridgeWorker::releaseExpired()
{
    if (!m_engine) {
        emit actionFinished({ActionResult::Kind::Sweep, false, tr("Not connected"), 0});
        return;
    }
    std::size_t n = 0;
    const bool ok = actAndRefresh([&] { n = m_engine->sweep(operatorName().toStdString()); });
    emit actionFinished({ActionResult::Kind::Sweep, ok,
                         ok ? tr("Released %n expired lease(s)", nullptr, int(n)) : tr("Release expired failed: not connected"),
                         qint64(n)});
}

ForceOptions BridgeWorker::adminForce(const QString& reason) const
{
    ForceOptions options;
    options.operatorName = operatorName().toStdString();
    options.host = QSysInfo::machineHostName().toStdString();
    options.reason = reason.toStdString();
    options.admin = true;
    return options;
}

void BridgeWorker::forceRelease(const QString& leaseId, const QString& reason)
{
    if (!m_engine) {
        emit actionFinished({ActionResult::Kind::ForceRelease, false, tr("Not connected"), 0});
        return;
    }
    const std::string id = leaseId.toStdString();
    const auto it = m_leases.find(id);
    const QString who = it == m_leases.end() ? QString() : QString::fromStdString(it->second.owner);
    const ForceOptions options = adminForce(reason);
    ReleaseResult result;
    QString error;
    const bool ok = actAndRefresh([&] { result = m_engine->forceRelease(id, options); }, &error);
    const QString shortId = QString::fromStdString(shortLeaseId(id));
    QString message;
    bool done = false;
    if (!ok)
        message = tr("Force release of %1 failed: not connected").arg(shortId);
    else if (!error.isEmpty())
        message = tr("Force release of %1 refused: %2").arg(shortId, error);
    else {
        switch (result.status) {
        case LeaseStatus::Ok:
            done = true;
            message = tr("Lease %1 of %2 force-released by %3 (recorded in the event stream)")
                          .arg(shortId, who, operatorName());
            break;
        case LeaseStatus::Unknown:
            message = tr("Lease %1 is already gone").arg(shortId);
            break;
        case LeaseStatus::Expired:
            done = true;
            message = tr("Lease %1 had expired; it has been released").arg(shortId);
            break;
        case LeaseStatus::Live:
            message = tr("Lease %1 is live and was not released").arg(shortId);
            break;
        case LeaseStatus::Gone:
            done = true;
            message = tr("Lease %1 force-released (its answer was lost; sent again, it found the lease gone)")
                          .arg(shortId);
            break;
        }
    }
    emit actionFinished({ActionResult::Kind::ForceRelease, done, message, done ? 1 : 0});
}

void BridgeWorker::releaseBlockers(const QString& waiter, const QStringList& leaseIds, const QStringList& waiterIds,
                                   const QString& reason)
{
    if (!m_engine) {
        emit actionFinished({ActionResult::Kind::ForceRelease, false, tr("Not connected"), 0});
        return;
    }
    const ForceOptions options = adminForce(reason);
    QStringList released;
    QStringList gone;
    QStringList cancelled;
    QString error;
    const bool ok = actAndRefresh([&] {
        for (const QString& id : leaseIds) {
            const auto it = m_leases.find(id.toStdString());
            const QString owner = it == m_leases.end() ? QString::fromStdString(shortLeaseId(id.toStdString()))
                                                       : QString::fromStdString(it->second.owner);
            const LeaseStatus status = m_engine->forceRelease(id.toStdString(), options).status;
            const bool ended = status == LeaseStatus::Ok || status == LeaseStatus::Expired || status == LeaseStatus::Gone;
            (ended ? released : gone) << owner;
        }
        for (const QString& id : waiterIds) {
            const auto w = std::find_if(m_waiters.begin(), m_waiters.end(), [&](const WaiterInfo& i) { return i.id == id.toStdString(); });
            const QString owner = w == m_waiters.end() ? QString::fromStdString(shortLeaseId(id.toStdString()))
                                                       : QString::fromStdString(w->owner);
            (m_engine->cancelWait(id.toStdString()) ? cancelled : gone) << owner;
        }
    }, &error);
    QStringList parts;
    if (!released.isEmpty())
        parts << tr("released %n lease(s) in %1's way (%2)", nullptr, int(released.size())).arg(waiter, released.join(QStringLiteral(", ")));
    if (!cancelled.isEmpty())
        parts << tr("cancelled the place of %n waiter(s) ahead of it (%1)", nullptr, int(cancelled.size())).arg(cancelled.join(QStringLiteral(", ")));
    if (!gone.isEmpty())
        parts << tr("%n already gone (%1)", nullptr, int(gone.size())).arg(gone.join(QStringLiteral(", ")));
    QString message = parts.join(QStringLiteral("; "));
    if (!message.isEmpty())
        message.front() = message.front().toUpper();
    if (!ok)
        message = tr("Releasing what blocks %1 failed: not connected").arg(waiter) + (message.isEmpty() ? QString() : QStringLiteral(" (") + message + QLatin1Char(')'));
    else if (!error.isEmpty())
        message = tr("Releasing what blocks %1 was refused: %2").arg(waiter, error);
    if (!cancelled.isEmpty()) {
        LogEntry entry;
        entry.type = LogEntry::Type::Info;
        entry.detail = tr("%1 cancelled the place of %2 in the queue ahead of %3: %4")
                           .arg(operatorName(), cancelled.join(QStringLiteral(", ")), waiter, reason);
        emitLocal(std::move(entry));
    }
    const bool done = ok && error.isEmpty() && gone.isEmpty();
    emit actionFinished({ActionResult::Kind::ForceRelease, done, message, qint64(released.size() + cancelled.size())});
}

void BridgeWorker::acquire(const QStringList& specs, const QString& owner, const QString& operation, qint64 ttlMs)
{
    if (!m_engine) {
        emit actionFinished({ActionResult::Kind::Acquire, false, tr("Not connected"), 0});
        return;
    }
    std::vector<LockRequest> requests;
    try {
        for (const QString& s : specs)
            requests.push_back(parseLockSpec(s.toStdString()));
    } catch (const std::exception& e) {
        emit actionFinished({ActionResult::Kind::Acquire, false, QString::fromUtf8(e.what()), 0});
        return;
    }
    AcquireOptions options;
    options.owner = owner.toStdString();
    options.operation = operation.toStdString();
    options.ttl = milliseconds(ttlMs);
    AcquireResult result;
    QString error;
    const bool ok = actAndRefresh([&] { result = m_engine->acquire(requests, options); }, &error);
    if (!ok || !error.isEmpty()) {
        emit actionFinished({ActionResult::Kind::Acquire, false, error.isEmpty() ? tr("Not connected") : error, 0});
        return;
    }
    if (!result.granted && result.blocker) {
        const Blocker& b = *result.blocker;
        LogEntry entry;
        entry.type = LogEntry::Type::Refused;
        entry.owner = owner;
        entry.operation = operation;
        entry.paths = requestsText(requests);
        entry.lease = QString::fromStdString(b.lease);
        entry.detail = tr("blocked by %1 (%2, %3 %4): %5 held on %6, frees in %7 s")
                           .arg(QString::fromStdString(b.owner), presentation::operationName(QString::fromStdString(b.operation)),
                                QString::fromLatin1(toString(b.mode).data()), QString::fromStdString(b.path),
                                QString::fromLatin1(toString(b.heldMode).data()), QString::fromStdString(b.clashPath))
                           .arg(b.expiresIn.count() / 1000);
        emitLocal(entry);
    }
    emit actionFinished({ActionResult::Kind::Acquire, result.granted,
                         result.granted ? tr("Granted to %1").arg(owner) : tr("Refused: %1 is blocked").arg(owner),
                         result.granted ? 1 : 0});
}

void BridgeWorker::runScenario(const QString& name)
{
    if (name != QLatin1String("seed")) {
        emit actionFinished({ActionResult::Kind::Scenario, false, tr("Unknown scenario %1").arg(name), 0});
        return;
    }
    const Policy policy = Policy::builtin("fine");
    const auto plan = [&](Operation op, std::vector<std::string> args) {
        QStringList specs;
        for (const LockRequest& r : policy.plan(OperationCall{op, std::move(args)}))
            specs << QString::fromStdString(toString(r));
        return specs;
    };
    const qint64 tenMinutes = 10 * 60 * 1000;
    // User A moves /A/C into /B; user B then tries to save /A/C/D/d.txt and is
    // refused (blocked by A). Others work elsewhere; one lease expires unreaped.
    acquire(plan(Operation::MoveFolder, {"/A/C", "/B"}), QStringLiteral("alice"), QStringLiteral("move-folder"), tenMinutes);
    acquire(plan(Operation::Create, {"/A", "notes.txt"}), QStringLiteral("erin"), QStringLiteral("create"), 4 * 60 * 1000);
    acquire(plan(Operation::CopyFolder, {"/projects/p03-cobalt/src", "/projects/p07-granite"}),
            QStringLiteral("carol"), QStringLiteral("copy-folder"), 7 * 60 * 1000);
    acquire(plan(Operation::Upload, {"/A/C/D", "d.txt"}), QStringLiteral("bob"), QStringLiteral("upload"), tenMinutes);
    acquire(plan(Operation::DeleteFile, {"/projects/p12-lumen/README.md"}), QStringLiteral("dave"),
            QStringLiteral("delete-file"), 50);
    emit actionFinished({ActionResult::Kind::Scenario, true,
                         tr("Seed scenario: alice moves /A/C into /B; bob's save of /A/C/D/d.txt is blocked"), 0});
}

} // namespace treelock::ui
