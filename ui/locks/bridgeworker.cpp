#include "locks/bridgeworker.h"

#include "connection/privateredis.h"
#include "locks/presentation.h"

#include <treelock/error.h>
#include <treelock/leaseid.h>
#include <treelock/memoryengine.h>
#include <treelock/policy.h>
#include <treelock/redisengine.h>
#include <treelock/redissentinelgroup.h>
#include <treelock/redistopology.h>

#include <QCoreApplication>
#include <QSysInfo>
#include <QTimer>

#include <algorithm>
#include <charconv>

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
constexpr auto kRetryInterval = milliseconds(1000);
constexpr std::size_t kEventBatch = 1000;
constexpr std::size_t kMaxEventsPerTick = 20000;
// Behind Sentinel a call waits this long for a primary before the connection is
// reported lost (and retried every second), so that the window says so at once.
constexpr auto kStudioFailoverWait = milliseconds(1500);

/// The grace a `grace=` setting names: nothing for "off" (or any other text).
std::optional<milliseconds> graceOf(const std::string& setting)
{
    const std::string_view value = std::string_view(setting).substr(setting.find('=') + 1);
    long long ms = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), ms);
    if (error != std::errc() || end != value.data() + value.size())
        return std::nullopt;
    return milliseconds(ms);
}

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
    switch (out.type) {
    case LogEntry::Type::Grant:
        out.detail = QCoreApplication::translate("treelock::ui::BridgeWorker", "fence %1, TTL %2")
                         .arg(e.fence)
                         .arg(presentation::formatAge(std::chrono::duration_cast<milliseconds>(e.expiresAt - e.time)));
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

bool sameLeases(const std::map<LeaseId, LeaseInfo>& a, const std::vector<LeaseInfo>& b)
{
    if (a.size() != b.size())
        return false;
    for (const LeaseInfo& l : b) {
        const auto it = a.find(l.id);
        if (it == a.end())
            return false;
        const LeaseInfo& o = it->second;
        if (o.expiresAt != l.expiresAt || o.holds != l.holds || o.revoked != l.revoked || o.fence != l.fence
            || o.requests != l.requests || o.createdAt != l.createdAt || o.ttl != l.ttl)
            return false;
    }
    return true;
}

} // namespace

BridgeWorker::BridgeWorker(QObject* parent) : QObject(parent)
{
    m_timer = new QTimer(this);
    m_timer->setInterval(kPollInterval);
    connect(m_timer, &QTimer::timeout, this, &BridgeWorker::tick);
}

BridgeWorker::~BridgeWorker()
{
    shutdown();
}

void BridgeWorker::shutdown()
{
    m_timer->stop();
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
    m_waiters.clear();
    m_lastContention = {};
    emit contentionChanged(std::make_shared<const Contention>());
    m_lastEventId.assign(1, '0'); // not = "0": GCC 12 -Wrestrict false positive (PR 105329)
    m_haveSnapshot = false;
    m_releasesUnrecorded = false;
    m_published.reset();
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
            takeSnapshot();
            publish(true);
            readContention();
        });
        hintOtherProjects();
    }
    m_timer->start();
}

void BridgeWorker::hintOtherProjects()
{
    if (m_config.kind != BackendConfig::Kind::Url || !m_haveSnapshot || !m_leases.empty() || !m_waiters.empty())
        return;
    std::vector<ProjectInfo> projects;
    ServerTime now{};
    try {
        RedisOptions options;
        options.url = m_config.url.toStdString();
        options.user = m_config.user.toStdString();
        options.password = m_config.password.toStdString();
        projects = listProjects(options);
        now = m_engine->now();
    } catch (const std::exception&) {
        return; // a user without SCAN, say: the hint is not worth an error
    }
    QStringList others;
    for (const ProjectInfo& p : projects) {
        if (QString::fromStdString(p.name) != m_config.project)
            others << tr("%1 (%n lease(s))", nullptr, int(p.leases)).arg(QString::fromStdString(p.name));
    }
    if (others.isEmpty())
        return;
    LogEntry entry;
    entry.type = LogEntry::Type::Info;
    entry.time = now;
    entry.detail = tr("Project %1 holds no locks. Other projects on this server: %2. Open one with File › Connect… "
                      "(Find projects) or --project NAME; the command-line tool's default project is \"default\".")
                       .arg(m_config.project, others.join(QStringLiteral(", ")));
    emitLocal(std::move(entry));
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
            info.kind = m_config.kind;
            info.url = m_private->url();
            info.note = sentinels ? tr("Private primary, replica and three sentinels started by the Studio; stopped when it "
                                       "exits. Locks › Fail over now / Kill primary show a failover.")
                                  : tr("Private redis-server started by the Studio; stopped when it exits");
            break;
        }
        case BackendConfig::Kind::Url: {
            RedisOptions options;
            options.url = m_config.url.toStdString();
            options.user = m_config.user.toStdString();
            options.password = m_config.password.toStdString();
            options.failoverTimeout = kStudioFailoverWait;
            m_engine = std::make_shared<RedisEngine>(options, project);
            info.kind = BackendConfig::Kind::Url;
            // Behind Sentinel the primary is named apart (BackendInfo::primary).
            info.url = QString::fromStdString(RedisAddress::of(options).redacted());
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
        if (dynamic_cast<const InvalidInput*>(&e)) {
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

template <typename F>
bool BridgeWorker::guarded(F&& f)
{
    try {
        f();
        return true;
    } catch (const ConnectionError& e) {
        lost(QString::fromUtf8(e.what()));
    } catch (const std::exception& e) {
        lost(QString::fromUtf8(e.what()));
    }
    return false;
}

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
        takeSnapshot();
        publish(false);
    });
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
        if (Clock::now() - m_lastSnapshot >= kSnapshotInterval || m_failover)
            takeSnapshot();
        const bool due = m_dirty || m_clock.now() >= m_nextExpiry;
        if (due && Clock::now() - m_lastPublish >= kMinPublishInterval)
            publish(false);
        if (Clock::now() - m_lastContention >= kContentionInterval)
            readContention();
    });
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
    guarded([&] {
        pollEvents();
        takeSnapshot();
        publish(false);
        readContention();
    });
}

void BridgeWorker::pollEvents()
{
    if (!m_engine)
        return;
    auto batch = std::make_shared<std::vector<LogEntry>>();
    std::size_t total = 0;
    for (;;) {
        const std::vector<Event> events = m_engine->events(m_lastEventId, kEventBatch);
        for (const Event& e : events) {
            batch->push_back(toLogEntry(e));
            m_lastEventId = e.id;
            if (e.type == EventType::Config && e.setting.rfind("events=", 0) == 0)
                setLevelAudit(e.setting == "events=audit");
            if (e.type == EventType::Config && e.setting.rfind("grace=", 0) == 0)
                setGrace(graceOf(e.setting));
            if (!m_haveSnapshot)
                continue;
            if (e.type == EventType::Grant) {
                LeaseInfo l;
                l.id = e.lease;
                l.owner = e.owner;
                l.operation = e.operation;
                l.requests = e.requests;
                l.createdAt = e.time;
                l.expiresAt = e.expiresAt;
                l.ttl = std::chrono::duration_cast<milliseconds>(e.expiresAt - e.time);
                l.fence = e.fence;
                m_leases[l.id] = std::move(l);
                m_dirty = true;
                // The grant of a waiter's id ends its wait.
                if (std::erase_if(m_waiters, [&e](const WaiterInfo& w) { return w.id == e.lease; }) > 0)
                    m_dirty = true;
            } else if (e.type == EventType::Release || e.type == EventType::Expire || (e.type == EventType::Force && !e.lease.empty())) {
                if (m_leases.erase(e.lease))
                    m_dirty = true;
            }
        }
        total += events.size();
        if (events.size() < kEventBatch || total >= kMaxEventsPerTick)
            break;
    }
    if (!batch->empty())
        emit logEntries(batch);
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

void BridgeWorker::takeSnapshot()
{
    if (!m_engine)
        return;
    Snapshot snap = m_engine->snapshot();
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
        for (const auto& [id, l] : m_leases)
            vanished += std::none_of(snap.leases.begin(), snap.leases.end(),
                                     [&id](const LeaseInfo& s) { return s.id == id; });
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
    if (!m_haveSnapshot || !sameLeases(m_leases, snap.leases)) {
        m_leases.clear();
        for (LeaseInfo& l : snap.leases)
            m_leases.emplace(l.id, std::move(l));
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
    contention->readAt = m_clock.now();
    m_lastContention = Clock::now();
    emit contentionChanged(contention);
}

void BridgeWorker::publish(bool full)
{
    auto state = std::make_shared<LockState>();
    state->generation = ++m_generation;
    state->clock = m_clock;
    state->leases.reserve(m_leases.size());
    for (const auto& [id, l] : m_leases)
        state->leases.push_back(l);
    std::sort(state->leases.begin(), state->leases.end(), [](const LeaseInfo& a, const LeaseInfo& b) {
        return a.expiresAt != b.expiresAt ? a.expiresAt < b.expiresAt : a.id < b.id;
    });
    state->waiters = m_waiters;
    const ServerTime now = m_clock.now();
    state->nodes = decorate(state->leases, now, m_tree.get(), state->waiters);
    for (const LeaseInfo& l : state->leases)
        if (l.expired(now))
            ++state->expiredCount;
    full = full || m_fullNext || !m_published;
    if (!full) {
        state->changedPaths = changedPaths(m_published->nodes, state->nodes);
        if (state->changedPaths.empty() && !m_dirty && state->expiredCount == m_published->expiredCount) {
            m_nextExpiry = nextExpiry(state->leases, now);
            return;
        }
    }
    state->full = full;
    m_fullNext = false;
    m_dirty = false;
    m_nextExpiry = nextExpiry(state->leases, now);
    m_lastPublish = Clock::now();
    m_published = state;
    emit stateChanged(state);
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
    for (const auto& [id, l] : m_leases) {
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
    emit failedOver(report);
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
    emit logEntries(std::make_shared<std::vector<LogEntry>>(1, std::move(entry)));
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

void BridgeWorker::forceRelease(const QString& leaseId, const QString& reason)
{
    if (!m_engine) {
        emit actionFinished({ActionResult::Kind::ForceRelease, false, tr("Not connected"), 0});
        return;
    }
    const std::string id = leaseId.toStdString();
    const auto it = m_leases.find(id);
    const QString who = it == m_leases.end() ? QString() : QString::fromStdString(it->second.owner);
    ForceOptions options;
    options.operatorName = operatorName().toStdString();
    options.host = QSysInfo::machineHostName().toStdString();
    options.reason = reason.toStdString();
    options.admin = true;
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
        }
    }
    emit actionFinished({ActionResult::Kind::ForceRelease, done, message, done ? 1 : 0});
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
