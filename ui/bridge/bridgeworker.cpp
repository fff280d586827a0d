#include "bridge/bridgeworker.h"

#include "bridge/logentries.h"
#include "bridge/privateredis.h"
#include "lockview/presentation.h"

#include <treelock/error.h>
#include <treelock/leaseid.h>
#include <treelock/leasewatch.h>
#include <treelock/memoryengine.h>
#include <treelock/policy.h>
#include <treelock/redisengine.h>
#include <treelock/redissentinelgroup.h>
#include <treelock/redistls.h>
#include <treelock/redistopology.h>

#include <QCoreApplication>
#include <QSysInfo>
#include <QTimer>

#include <algorithm>
#include <charconv>
#include <utility>

namespace treelock::ui {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr auto kPollInterval = milliseconds(100);
constexpr auto kSnapshotInterval = milliseconds(1000);
// The contention table changes slowly (a refusal's weight halves in a minute):
// one Redis call every few seconds is enough for the Hot spots panel.
constexpr auto kContentionInterval = milliseconds(3000);
// The table holds up to kContentionPaths (256); the panel shows the hottest.
constexpr std::size_t kHotSpotRows = 100;
constexpr auto kMinPublishInterval = milliseconds(150);
// A busy project (leases come and go by the hundred a second): each state the
// window applies costs it a repaint of the tree and the table whatever it
// carries, so the worker gathers a second's changes into one
// (kBusyPublishInterval).
constexpr std::size_t kBusyChanges = 50;
// A decorated state holds every lease and is decorated whole: with hundreds of
// thousands of leases that takes the worker seconds. Decorated states then come
// no more often than every this many times what the last one cost, so that
// reading the project (the list, the stream) and the window's requests keep
// most of the worker; light states (the delta) keep the table and the
// Waiting panel live in between, at the usual pace.
constexpr int kPublishCostFactor = 4;
constexpr int kAsideCostFactor = 2;
// While a list runs, a state with the leases read since the last one (not
// decorated: publish()) goes once a second: the table fills in the background
// and the worker spends the rest of its time on the list.
constexpr auto kListingPublishInterval = milliseconds(1000);
// ...or sooner, once it has this many: the window merges each state's leases
// into the table in one go, and a hundred thousand would hold it up for 0.2 s.
constexpr std::size_t kListingStateLeases = 10000;
constexpr auto kRetryInterval = milliseconds(1000);
constexpr std::size_t kEventBatch = 1000;
constexpr std::size_t kMaxEventsPerTick = 20000;
// Behind Sentinel a call waits this long for a primary before the connection is
// reported lost (and retried every second), so that the window says so at once.
constexpr auto kStudioFailoverWait = milliseconds(1500);


bool sameLease(const LeaseInfo& o, const LeaseInfo& l)
{
    return o.expiresAt == l.expiresAt && o.holds == l.holds && o.revoked == l.revoked && o.fence == l.fence
           && o.requests == l.requests && o.createdAt == l.createdAt && o.ttl == l.ttl;
}

// What a rediss server showed, read on a connection of its own; nothing for a
// URL without TLS. Not being able to read it leaves the engine's connection
// usable: the status bar says why instead.
TlsPeerInfo tlsPeer(const RedisOptions& options)
{
    TlsPeerInfo tls;
    if (!RedisAddress::parse(options.url).tls)
        return tls;
    tls.on = true;
    tls.insecure = options.tls.insecure;
    try {
        const TlsPeer peer = inspectTls(options);
        tls.subject = QString::fromStdString(peer.subject);
        tls.issuer = QString::fromStdString(peer.issuer);
        tls.notAfter = QString::fromStdString(peer.notAfter);
        tls.protocol = QString::fromStdString(peer.protocol);
        tls.verified = peer.verified;
    } catch (const std::exception& e) {
        tls.error = QString::fromUtf8(e.what());
    }
    return tls;
}

} // namespace

// Everything the Waiting panel shows of a waiter, its last attempt too (its
// tooltip says how long ago that was): a waiter that retries makes a new state
// at most once a snapshot, as a lease that is renewed does.
bool sameWaiters(const std::vector<WaiterInfo>& a, const std::vector<WaiterInfo>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const WaiterInfo& x, const WaiterInfo& y) {
        const Blocker& p = x.blocker;
        const Blocker& q = y.blocker;
        return x.id == y.id && x.since == y.since && x.lastAttempt == y.lastAttempt && x.holdsBack == y.holdsBack
            && x.requests == y.requests && x.owner == y.owner && x.operation == y.operation && p.lease == q.lease
            && p.queued == q.queued && p.owner == q.owner && p.operation == q.operation && p.path == q.path
            && p.mode == q.mode && p.clashPath == q.clashPath && p.heldMode == q.heldMode && p.expiresIn == q.expiresIn;
    });
}

LeaseInfo leaseOfGrant(const Event& e)
{
    LeaseInfo l;
    l.id = e.lease;
    l.owner = e.owner;
    l.operation = e.operation;
    l.requests = e.requests;
    l.createdAt = e.time;
    l.expiresAt = e.expiresAt;
    l.ttl = std::chrono::duration_cast<milliseconds>(e.expiresAt - e.time);
    l.fence = e.fence;
    return l;
}

BridgeWorker::BridgeWorker(QObject* parent) : BridgeSignals(parent)
{
    m_timer = new QTimer(this);
    m_timer->setInterval(kPollInterval);
    connect(m_timer, &QTimer::timeout, this, &BridgeWorker::tick);
    m_decoratePool.setMaxThreadCount(1);
    // The tree's picture can wait; the window and the worker cannot (on Linux:
    // SCHED_IDLE, it runs when a CPU has nothing else to do).
    m_decoratePool.setThreadPriority(QThread::IdlePriority);
}

BridgeWorker::~BridgeWorker()
{
    shutdown();
}

void BridgeWorker::shutdown()
{
    m_timer->stop();
    m_watch.reset();
    m_engine.reset();
    delete m_private;
    m_private = nullptr;
}

QString BridgeWorker::operatorName() const
{
    if (!m_config.operatorName.isEmpty())
        return m_config.operatorName;
    const QString user = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    return user.isEmpty() ? QStringLiteral("operator") : user;
}

void BridgeWorker::connectTo(const BackendConfig& config)
{
    m_timer->stop();
    m_watch.reset();
    m_engine.reset();
    const bool keepPrivate = m_private
                             && ((config.kind == BackendConfig::Kind::Private && !m_private->hasSentinels())
                                 || (config.kind == BackendConfig::Kind::PrivateHa && m_private->hasSentinels()));
    if (!keepPrivate) {
        delete m_private;
        m_private = nullptr;
    }
    m_failover.reset();
    m_killedNode = -1;
    m_config = config;
    m_leases.clear();
    m_leasesReplaced = true;
    m_waiters.clear();
    m_lastContention = {};
    emit contentionChanged(std::make_shared<const Contention>());
    m_projectsDue = {};
    m_otherProjects.clear();
    emit otherProjectsChanged({});
    m_lastEventId.assign(1, '0'); // not = "0": GCC 12 -Wrestrict false positive (PR 105329)
    m_haveSnapshot = false;
    m_releasesUnrecorded = false;
    m_listing = false;
    m_listed = m_listTotal = 0;
    m_contentionWaiters = 0;
    m_vanished.clear();
    m_expiredKept.clear();
    m_reaped.clear();
    m_published.reset();
    m_decorated.reset();
    m_decorateCost = {};
    m_treeBehind = false;
    m_sinceDecorated.clear(); // a decoration under way is dropped: m_decorated changed
    m_fullNext = true;
    m_attempt = 0;
    m_status = ConnectionStatus::Connecting;
    emit connectionChanged({ConnectionStatus::Connecting, tr("Connecting…"), 0});
    publish(true);
    if (openEngine()) {
        m_status = ConnectionStatus::Connected;
        emit connectionChanged({ConnectionStatus::Connected, {}, 0});
        guarded([&] {
            readSettings();
            pollEvents();
            if (m_watch) {
                readContention();
                pollWatch(/*onePage=*/true);
                if (waitersDue())
                    readWaiters();
            } else {
                takeSnapshot();
                readContention();
            }
            publish(true);
        });
        if (!m_watch)
            hintOtherProjects();
    }
    m_timer->start();
}

bool BridgeWorker::openEngine()
{
    ++m_attempt;
    BackendInfo info;
    info.project = m_config.project;
    try {
        const std::string project = m_config.project.toStdString();
        switch (m_config.kind) {
        case BackendConfig::Kind::Memory:
            m_engine = std::make_shared<MemoryEngine>(project);
            info.kind = BackendConfig::Kind::Memory;
            info.url = QStringLiteral("memory");
            info.note = tr("In-process engine: other programs cannot see these locks");
            break;
        case BackendConfig::Kind::Private:
        case BackendConfig::Kind::PrivateHa: {
            const bool sentinels = m_config.kind == BackendConfig::Kind::PrivateHa;
            QString error;
            if (!startPrivate(sentinels, &error)) {
                m_engine = std::make_shared<MemoryEngine>(project);
                info.kind = BackendConfig::Kind::Memory;
                info.url = QStringLiteral("memory");
                info.note = (sentinels ? tr("No private Sentinel set-up (%1): using the in-process engine")
                                       : tr("No private Redis (%1): using the in-process engine"))
                                .arg(error);
                break;
            }
            RedisOptions options;
            options.url = m_private->url().toStdString();
            options.failoverTimeout = kStudioFailoverWait;
            m_engine = std::make_shared<RedisEngine>(options, project);
            openWatch(options);
            info.kind = m_config.kind;
            info.url = m_private->url();
            info.note = sentinels ? tr("Private primary, replica and three sentinels started by the Studio; stopped when it "
                                       "exits. Locks › Fail over now / Kill primary show a failover.")
                                  : tr("Private redis-server started by the Studio; stopped when it exits");
            break;
        }
        case BackendConfig::Kind::Url: {
            RedisOptions options = redisOptions(m_config);
            options.failoverTimeout = kStudioFailoverWait;
            m_engine = std::make_shared<RedisEngine>(options, project);
            openWatch(options);
            info.kind = BackendConfig::Kind::Url;
            // Behind Sentinel the primary is named apart (BackendInfo::primary).
            info.url = QString::fromStdString(RedisAddress::of(options).redacted());
            info.tls = tlsPeer(options);
            break;
        }
        }
        if (const auto* redis = dynamic_cast<const RedisEngine*>(m_engine.get())) {
            if (const auto primary = redis->primary())
                info.primary = QString::fromStdString(primary->text());
            info.slot = redis->slot().value_or(-1);
            info.sentinel = m_config.kind == BackendConfig::Kind::PrivateHa
                            || (m_config.kind == BackendConfig::Kind::Url
                                && RedisAddress::parse(m_config.url.toStdString()).isSentinel());
        }
        for (const std::string& w : m_engine->warnings())
            info.warnings << QString::fromStdString(w);
        m_info = info;
        emit backendChanged(info);
        return true;
    } catch (const std::exception& e) {
        m_watch.reset();
        m_engine.reset();
        QString where = m_config.url;
        if (m_config.kind == BackendConfig::Kind::Url) {
            try {
                where = QString::fromStdString(RedisAddress::parse(m_config.url.toStdString()).redacted());
            } catch (const std::exception&) {
                where = tr("(invalid URL)");
            }
            info.kind = BackendConfig::Kind::Url;
            info.url = where;
            emit backendChanged(info);
        }
        // Input, credentials and certificates do not get better by retrying.
        if (dynamic_cast<const InvalidInput*>(&e) || dynamic_cast<const AuthenticationError*>(&e)
            || dynamic_cast<const TlsError*>(&e)) {
            m_status = ConnectionStatus::Refused;
            emit connectionChanged({ConnectionStatus::Refused, QString::fromUtf8(e.what()), m_attempt});
        } else {
            lost(QString::fromUtf8(e.what()));
        }
        return false;
    }
}

void BridgeWorker::lost(const QString& message)
{
    m_status = ConnectionStatus::Lost;
    m_nextRetry = Clock::now() + kRetryInterval;
    emit connectionChanged({ConnectionStatus::Lost, message, m_attempt});
}

void BridgeWorker::setTree(std::shared_ptr<const TreeIndex> tree)
{
    m_tree = std::move(tree);
    publish(true);
}

void BridgeWorker::tick()
{
    const auto now = Clock::now();
    if (m_status == ConnectionStatus::Refused)
        return;
    if (m_status == ConnectionStatus::Lost) {
        if (now < m_nextRetry)
            return;
        ++m_attempt;
        bool ok = false;
        if (!m_engine) {
            --m_attempt; // openEngine counts it
            ok = openEngine();
        } else {
            try {
                m_engine->now();
                ok = true;
            } catch (const std::exception& e) {
                lost(QString::fromUtf8(e.what()));
            }
        }
        if (!ok)
            return;
        m_status = ConnectionStatus::Connected;
        m_attempt = 0;
        emit connectionChanged({ConnectionStatus::Connected, {}, 0});
        m_lastSnapshot = {};
        m_checkVanished = m_haveSnapshot;
        guarded([&] { readSettings(); });
    }
    followPrimary();
    guarded([&] {
        pollEvents();
        if (m_watch) {
            pollWatch();
            if (m_failover || m_checkVanished)
                takeSnapshot();
            else if (waitersDue() && Clock::now() - m_lastSnapshot >= kSnapshotInterval)
                readWaiters();
        } else if (Clock::now() - m_lastSnapshot >= kSnapshotInterval || m_failover) {
            takeSnapshot();
        }
        const auto polled = Clock::now(); // after the polls above
        // Made aside, a decorated state costs the worker nothing: they come
        // more often (the pool thread works half the time at most).
        const int factor = m_decorateCost >= kDecorateAside ? kAsideCostFactor : kPublishCostFactor;
        const bool decorateDue = !m_decorating && polled - m_lastDecorated >= factor * m_decorateCost;
        const bool due = m_dirty || m_clock.now() >= m_nextExpiry || (m_treeBehind && decorateDue);
        // A project whose decoration takes long is a large one: each state
        // costs the window in proportion to its size, so they come once a second.
        const auto interval = m_listing ? kListingPublishInterval
                              : m_touched.size() > kBusyChanges || !decorateDue ? BridgeWorker::kBusyPublishInterval
                                                                                : kMinPublishInterval;
        const bool batchRead = m_listing && m_touched.size() >= kListingStateLeases
                               && polled - m_lastPublish >= kMinPublishInterval;
        if (due && (batchRead || polled - m_lastPublish >= interval)) {
            // A large project's decorated state is made aside; a light one goes now.
            const bool aside = decorateDue && decorateAside();
            publish(false, !decorateDue || aside || m_decorating);
        }
        if (Clock::now() - m_lastContention >= kContentionInterval)
            readContention();
    });
    if (m_status == ConnectionStatus::Connected && Clock::now() >= m_projectsDue)
        checkProjects();
}

void BridgeWorker::refresh()
{
    if (m_status == ConnectionStatus::Refused)
        m_status = ConnectionStatus::Lost; // the user asked: try once more
    if (!m_engine || m_status == ConnectionStatus::Lost) {
        m_nextRetry = {};
        tick();
        return;
    }
    // Following through the watch, a refresh still reads the project whole
    // once: the waiters, and a check of the view against the server's.
    guarded([&] {
        pollEvents();
        if (m_watch)
            pollWatch();
        takeSnapshot();
        publish(false);
        readContention();
    });
}

void BridgeWorker::pollEvents()
{
    if (!m_engine)
        return;
    std::size_t total = 0;
    for (;;) {
        const std::vector<Event> events = m_engine->events(m_lastEventId, kEventBatch);
        for (const Event& e : events) {
            m_logPending.push_back(toLogEntry(e));
            m_lastEventId = e.id;
            if (e.type == EventType::Config && e.setting.rfind("events=", 0) == 0)
                setLevelAudit(e.setting == "events=audit");
            if (e.type == EventType::Config && e.setting.rfind("grace=", 0) == 0)
                setGrace(graceOf(e.setting));
            if (!m_haveSnapshot)
                continue;
            if (m_watch) {
                followEvent(e);
                continue;
            }
            if (e.type == EventType::Grant) {
                putLease(leaseOfGrant(e));
                m_dirty = true;
                // The grant of a waiter's id ends its wait.
                if (std::erase_if(m_waiters, [&e](const WaiterInfo& w) { return w.id == e.lease; }) > 0)
                    m_dirty = true;
            } else if (e.type == EventType::Release || e.type == EventType::Expire || (e.type == EventType::Force && !e.lease.empty())) {
                if (dropLease(e.lease))
                    m_dirty = true;
            }
        }
        total += events.size();
        if (events.size() < kEventBatch || total >= kMaxEventsPerTick)
            break;
    }
    flushLog(false);
}

void BridgeWorker::readSettings()
{
    if (!m_engine)
        return;
    setLevelAudit(m_engine->eventLevel() == EventLevel::Audit);
    setGrace(m_engine->fairnessGrace());
}

void BridgeWorker::setGrace(std::optional<milliseconds> grace)
{
    if (m_info.grace != grace) {
        m_info.grace = grace;
        emit backendChanged(m_info);
    }
}

void BridgeWorker::setLevelAudit(bool audit)
{
    m_releasesUnrecorded = m_releasesUnrecorded || audit;
    if (m_info.grantsUnrecorded != audit) {
        m_info.grantsUnrecorded = audit;
        emit backendChanged(m_info);
    }
}

void BridgeWorker::readWaiters()
{
    if (!m_engine)
        return;
    Snapshot snap = m_engine->waiters();
    ++m_waiterReads;
    m_lastSnapshot = Clock::now();
    m_clock = ServerClock{snap.serverTime, m_lastSnapshot};
    if (!sameWaiters(m_waiters, snap.waiters))
        m_dirty = true;
    m_waiters = std::move(snap.waiters);
}

void BridgeWorker::takeSnapshot()
{
    if (!m_engine)
        return;
    Snapshot snap = m_engine->snapshot();
    ++m_snapshots;
    m_lastSnapshot = Clock::now();
    m_clock = ServerClock{snap.serverTime, m_lastSnapshot};
    if (m_failover) {
        m_checkVanished = false;
        reportFailover(snap.leases, snap.serverTime);
    } else if (m_checkVanished) {
        // Released and reaped leases were dropped by their events (read just
        // before); what else is gone was lost with the server's data.
        m_checkVanished = false;
        std::size_t vanished = 0;
        for (const auto& [id, l] : leasesBefore())
            vanished += std::none_of(snap.leases.begin(), snap.leases.end(),
                                     [&id](const LeaseInfo& s) { return s.id == id; });
        m_vanished.clear();
        if (vanished > 0) {
            LogEntry entry;
            entry.type = LogEntry::Type::Info;
            entry.time = snap.serverTime;
            entry.detail = m_releasesUnrecorded
                               ? tr("%n lease(s) gone after the connection was restored: released, or lost with the "
                                    "server's data (this project does not record releases)",
                                    nullptr, int(vanished))
                               : tr("%n lease(s) vanished after the connection was restored (server restarted or data lost)",
                                    nullptr, int(vanished));
            emitLocal(std::move(entry));
        }
    }
    // Following through the watch, its deltas alone change the lease set: a
    // lease the snapshot lists and the watch has not read yet comes with them.
    if (!m_watch) {
        std::set<LeaseId> listed;
        for (LeaseInfo& l : snap.leases) {
            listed.insert(l.id);
            const auto it = m_leases.find(l.id);
            if (it == m_leases.end() || !sameLease(it->second, l)) {
                putLease(std::move(l));
                m_dirty = true;
            }
        }
        for (auto it = m_leases.begin(); it != m_leases.end();) {
            if (listed.contains(it->first)) {
                ++it;
                continue;
            }
            noteTouched(it->first);
            it = m_leases.erase(it);
            m_dirty = true;
        }
        if (!m_haveSnapshot)
            m_dirty = true;
    }
    if (!m_haveSnapshot || !sameWaiters(m_waiters, snap.waiters))
        m_dirty = true;
    m_waiters = std::move(snap.waiters);
    m_haveSnapshot = true;
    m_releasesUnrecorded = m_info.grantsUnrecorded; // every release before this snapshot is accounted for
}

void BridgeWorker::readContention()
{
    if (!m_engine)
        return;
    auto contention = std::make_shared<Contention>();
    contention->paths = m_engine->contention(kHotSpotRows);
    m_contentionWaiters = 0;
    for (const HotPath& p : contention->paths)
        m_contentionWaiters += p.waiters;
    contention->readAt = m_clock.now();
    m_lastContention = Clock::now();
    emit contentionChanged(contention);
}

bool BridgeWorker::startPrivate(bool sentinels, QString* error)
{
    if (m_private && m_private->hasSentinels() == sentinels && m_private->running())
        return true;
    delete m_private;
    m_private = new PrivateRedis(sentinels, this);
    if (m_private->start(error))
        return true;
    delete m_private;
    m_private = nullptr;
    return false;
}

void BridgeWorker::followPrimary()
{
    SentinelGroup* group = m_private ? m_private->sentinelGroup() : nullptr;
    if (group && m_killedNode >= 0) {
        // The killed primary comes back empty once the sentinels serve another
        // one; they make it a replica of the new primary.
        const HostPort now = group->sentinelsPrimary();
        if (now.port > 0 && !(now == group->address(std::size_t(m_killedNode)))) {
            try {
                group->node(std::size_t(m_killedNode)).start();
            } catch (const std::exception& e) {
                LogEntry entry;
                entry.detail = tr("The killed primary could not be restarted as a replica: %1").arg(QString::fromUtf8(e.what()));
                emitLocal(std::move(entry));
            }
            m_killedNode = -1;
        }
    }
    const auto* redis = dynamic_cast<const RedisEngine*>(m_engine.get());
    if (!redis || m_status != ConnectionStatus::Connected)
        return;
    const auto primary = redis->primary();
    const QString now = primary ? QString::fromStdString(primary->text()) : QString();
    if (now.isEmpty() || now == m_info.primary)
        return;
    const QString before = m_info.primary;
    m_info.primary = now;
    emit backendChanged(m_info);
    if (before.isEmpty())
        return;
    FailoverReport report;
    report.from = before;
    report.to = now;
    report.at = QDateTime::currentDateTime();
    m_failover = report;
}

void BridgeWorker::reportFailover(const std::vector<LeaseInfo>& current, ServerTime serverTime)
{
    FailoverReport report = *m_failover;
    m_failover.reset();
    report.releasesUnrecorded = m_releasesUnrecorded;
    // Released and reaped leases were dropped by their events (read just before);
    // what else is gone was lost with the primary's unreplicated writes. Expired
    // leases block nothing: they count neither way.
    for (const auto& [id, l] : leasesBefore()) {
        if (l.expired(serverTime))
            continue;
        const bool kept = std::any_of(current.begin(), current.end(), [&id](const LeaseInfo& s) { return s.id == id; });
        ++(kept ? report.survived : report.lost);
    }
    LogEntry entry;
    entry.type = LogEntry::Type::Info;
    entry.time = serverTime;
    entry.detail = tr("Primary moved from %1 to %2: %n lease(s) lost", nullptr, report.lost).arg(report.from, report.to)
                   + QStringLiteral(", ") + tr("%n survived", nullptr, report.survived);
    if (report.releasesUnrecorded)
        entry.detail += QStringLiteral(" ") + tr("(this project does not record releases: some may have been released)");
    emitLocal(std::move(entry));
    m_vanished.clear();
    emit failedOver(report);
}

} // namespace treelock::ui
