// BridgeWorker following a project on Redis through a LeaseWatch: one list in
// pages, then the events stream. Worker thread only.
#include "bridge/bridgeworker.h"

#include <treelock/leasewatch.h>
#include <treelock/redisurl.h>

#include <algorithm>

namespace treelock::ui {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// While the watch lists (or events come faster than one batch a tick), a tick
// reads pages (one per poll) or batches for up to this long of its 100 ms, then
// publishes when due: a large project fills the table in the background, and
// the worker still serves the window's requests between ticks.
constexpr auto kListBudget = milliseconds(70);
// Events that reaped a lease before the watch dropped it, remembered until it does.
constexpr std::size_t kReapedKept = 20000;
// At events=audit grants leave no event: the watch lists the project this often.
constexpr auto kAuditRelist = milliseconds(2000);

} // namespace

void BridgeWorker::openWatch(const RedisOptions& options)
{
    LeaseWatchOptions watchOptions;
    watchOptions.auditRelist = kAuditRelist;
    m_watch = std::make_unique<LeaseWatch>(options, m_config.project.toStdString(), watchOptions);
}

bool BridgeWorker::waitersDue() const
{
    // Waiters leave no event when they register: the contention table (read
    // every few seconds) counts them, and while any wait they are read once a
    // second (the waiters alone, not the leases).
    return m_contentionWaiters > 0 || !m_waiters.empty();
}

void BridgeWorker::pollWatch(bool onePage)
{
    if (!m_watch)
        return;
    const auto start = Clock::now();
    for (;;) {
        WatchUpdate update = m_watch->poll(milliseconds(0));
        for (LeaseDelta& d : update.deltas)
            applyDelta(d);
        if (update.listing) {
            const ListProgress& p = *update.listing;
            if (!m_listing)
                m_vanished.clear(); // what an earlier list found gone was reported, or concerned no one
            if (!m_listing || p.done)
                logListing(p);
            m_listing = !p.done;
            m_listed = p.listed;
            m_listTotal = std::max(p.total, p.listed);
            m_dirty = true;
            // Only another server's list finds leases lost; the report that follows counts them.
            if (p.done && p.reason != RelistReason::Failover && p.reason != RelistReason::SlotMoved
                && p.reason != RelistReason::ServerRestarted)
                m_vanished.clear();
            if (p.done) {
                m_reaped.clear();
                // Their expire events may be gone with the stream (at events=audit they are still recorded).
                if (p.reason != RelistReason::Start && p.reason != RelistReason::AuditEvents) {
                    for (const LeaseId& id : m_expiredKept)
                        dropLease(id);
                    m_expiredKept.clear();
                }
            }
            if (p.done && !m_haveSnapshot) {
                m_haveSnapshot = true;
                hintOtherProjects();
            }
        }
        // A full batch of events: more may wait (a busy project); the stream keeps
        // about kEventStreamCap events, and a watch that falls further behind lists again.
        const bool more = m_listing || update.events >= kWatchEventBatch;
        if (onePage || !more || Clock::now() - start >= kListBudget)
            break;
    }
    m_clock = ServerClock{m_watch->serverTime(), Clock::now()};
}

void BridgeWorker::applyDelta(LeaseDelta& delta)
{
    LeaseInfo& l = delta.lease;
    if (delta.kind == LeaseDelta::Kind::Removed) {
        if (delta.cause == LeaseDelta::Cause::Vanished)
            m_vanished.insert_or_assign(l.id, l);
        if (delta.cause == LeaseDelta::Cause::Expired && !m_reaped.contains(l.id)) {
            m_expiredKept.insert(l.id);
            putLease(std::move(l));
        } else {
            m_reaped.erase(l.id);
            m_expiredKept.erase(l.id);
            dropLease(l.id);
        }
    } else if (m_reaped.contains(l.id)) {
        return; // read before an event reaped it: the stream's next read removes it from the watch too
    } else {
        m_expiredKept.erase(l.id);
        // A grant ends its waiter's wait.
        if (delta.kind == LeaseDelta::Kind::Added)
            std::erase_if(m_waiters, [&l](const WaiterInfo& w) { return w.id == l.id; });
        putLease(std::move(l));
    }
    m_dirty = true;
}

void BridgeWorker::followEvent(const Event& e)
{
    if (e.lease.empty())
        return;
    if (e.type == EventType::Grant) {
        if (std::erase_if(m_waiters, [&e](const WaiterInfo& w) { return w.id == e.lease; }) > 0)
            m_dirty = true;
        // The watch reads the lease back unless it expired first; a snapshot
        // would list it then, expired, until it is reaped: so does the table.
        if (m_leases.contains(e.lease) || m_reaped.contains(e.lease))
            return;
        m_expiredKept.insert(e.lease); // until the watch has it
        putLease(leaseOfGrant(e));
        m_dirty = true;
        return;
    }
    if (e.type != EventType::Expire && e.type != EventType::Release && e.type != EventType::Force)
        return;
    m_expiredKept.erase(e.lease);
    if (dropLease(e.lease))
        m_dirty = true;
    if (m_reaped.size() < kReapedKept)
        m_reaped.insert(e.lease); // the watch may still add it, or drop it as expired
}

void BridgeWorker::putLease(LeaseInfo lease)
{
    noteTouched(lease.id);
    const LeaseId id = lease.id;
    m_leases.insert_or_assign(id, std::move(lease));
}

bool BridgeWorker::dropLease(const LeaseId& id)
{
    if (m_leases.erase(id) == 0)
        return false;
    noteTouched(id);
    return true;
}

std::map<LeaseId, LeaseInfo> BridgeWorker::leasesBefore() const
{
    std::map<LeaseId, LeaseInfo> leases = m_leases;
    leases.insert(m_vanished.begin(), m_vanished.end());
    return leases;
}

void BridgeWorker::logListing(const ListProgress& progress)
{
    // The first list is what connecting does; another one is worth a line.
    // At events=audit the project is listed every few seconds: the first such
    // list is logged, and the status bar says events: audit meanwhile.
    if (!m_listing) {
        m_logList = progress.reason != RelistReason::Start
                    && !(progress.reason == RelistReason::AuditEvents && m_lastListReason == RelistReason::AuditEvents);
        m_lastListReason = progress.reason;
    }
    if (!m_logList)
        return;
    LogEntry entry;
    entry.type = LogEntry::Type::Info;
    entry.time = m_clock.now();
    const QString reason = QString::fromLatin1(toString(progress.reason).data(), qsizetype(toString(progress.reason).size()));
    if (!m_listing)
        entry.detail = tr("Listing the project's leases again (%1): %2").arg(reason, QString::fromStdString(progress.why));
    if (progress.done) {
        const QString done = tr("Listed %n lease(s): following the events stream again", nullptr, int(progress.listed));
        entry.detail = entry.detail.isEmpty() ? done : entry.detail + QStringLiteral(" · ") + done;
    }
    emitLocal(std::move(entry));
}

} // namespace treelock::ui
