#pragma once

#include "bridge/bridgesignals.h"

#include <treelock/error.h>
#include <treelock/leasewatch.h>

#include <QThreadPool>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>

class QTimer;

namespace treelock {
class Engine;
class SentinelGroup;
}

namespace treelock::ui {

class PrivateRedis;

/// The lease a grant event records (its holds and revocation as at the grant).
LeaseInfo leaseOfGrant(const Event& e);

/// Owns the core Engine and talks to it; lives in the bridge's QThread, so
/// every call here may block on Redis without touching the GUI. Every 100 ms it
/// reads new events for the event log. On Redis its lease set follows a
/// LeaseWatch (a list in pages, then the events stream; bridgefollow.cpp); the
/// waiters alone are read once a second while there are any, and a snapshot
/// only after a reconnect or failover and on refresh(). On the in-process engine a snapshot
/// every second is cheap and the events stream makes deltas of grants and
/// releases between them. Then it decorates the tree (pure function) and emits
/// an immutable LockState. Every 3 s it reads the contention table (one call)
/// and emits it. On ConnectionError it reports the loss and retries every second.
/// The waiters show the same in the Waiting panel (their last attempts included).
bool sameWaiters(const std::vector<WaiterInfo>& a, const std::vector<WaiterInfo>& b);

class BridgeWorker : public BridgeSignals {
    Q_OBJECT
public:
    explicit BridgeWorker(QObject* parent = nullptr);
    ~BridgeWorker() override;

    /// How often a busy project's states are sent (more than 50 lease changes
    /// since the last one); a quiet one's every 150 ms.
    static constexpr std::chrono::milliseconds kBusyPublishInterval{1000};
    /// A decorated state that took longer than this to make is made on a pool
    /// thread next time (decorateAside()): meanwhile the worker goes on following.
    static constexpr std::chrono::milliseconds kDecorateAside{200};

    // All of these run in the worker thread (the Bridge posts them).
    void connectTo(const BackendConfig& config);
    void setTree(std::shared_ptr<const TreeIndex> tree);
    void refresh();
    void releaseExpired();
    void forceRelease(const QString& leaseId, const QString& reason);
    /// Force-releases the leases in `waiter`'s way and cancels the places of
    /// the older waiters ahead of it (their owners ask again as newcomers):
    /// one result for all of them.
    void releaseBlockers(const QString& waiter, const QStringList& leaseIds, const QStringList& waiterIds,
                         const QString& reason);
    void runScenario(const QString& name);
    /// Takes a lease as `owner` (specs "X:/A/C"); a refusal is logged as blocked.
    void acquire(const QStringList& specs, const QString& owner, const QString& operation, qint64 ttlMs);
    /// Private Sentinel set-up only (BackendConfig::Kind::PrivateHa): SENTINEL
    /// FAILOVER, or SIGKILL of the primary (restarted as a replica once a new
    /// primary is in place).
    void failOver();
    void killPrimary();
    /// Opens `project` on the backend open now, with its credentials (the
    /// window keeps no password): as connectTo() with that project.
    void openProject(const QString& project);
    void shutdown();

    /// The engine, for tests that need to drive it from the worker's thread.
    std::shared_ptr<Engine> engine() const { return m_engine; }
    /// Snapshots read since the worker was made: a project followed through its
    /// LeaseWatch is not read whole every second.
    std::uint64_t snapshotCount() const { return m_snapshots; }
    /// Reads of the waiters alone (following through the watch while someone waits).
    std::uint64_t waiterReadCount() const { return m_waiterReads; }
    std::uint64_t decoratedAsideCount() const { return m_decoratedAside; }
    /// The watch that follows the project on Redis (null on the in-process engine).
    const LeaseWatch* watch() const { return m_watch.get(); }

private:
    void tick();
    bool openEngine();
    void pollEvents();
    void readSettings(); // the project's event level and fairness grace; throws as the engine does
    void setLevelAudit(bool audit); // records the level in m_info, and tells the window when it changed
    void setGrace(std::optional<std::chrono::milliseconds> grace); // the same for the grace
    void takeSnapshot();
    /// Following through the watch: the waiters alone (Engine::waiters), O(waiters).
    void readWaiters();
    /// Makes the LeaseWatch that follows the project on `options`' server.
    void openWatch(const RedisOptions& options);
    /// Polls the watch without waiting: while it lists, pages for up to a few
    /// tens of milliseconds (`onePage`: one, so that the first rows show at
    /// once); then the events that arrived. Applies the deltas to m_leases.
    void pollWatch(bool onePage = false);
    void applyDelta(LeaseDelta& delta);
    /// Writes (or erases) a lease of m_leases, and notes its id for the next
    /// state's delta (LockState::leasesSet, leasesGone).
    void putLease(LeaseInfo lease);
    bool dropLease(const LeaseId& id);
    /// An event read for the log, following through the watch: a grant ends its
    /// waiter's wait, a reaping ends an expired lease's row.
    void followEvent(const Event& e);
    /// Logs the start and the end of a list other than the first.
    void logListing(const ListProgress& progress);
    /// Whether the waiters need a snapshot now (following through the watch).
    bool waitersDue() const;
    /// The leases the view held before the server changed: m_leases and m_vanished.
    std::map<LeaseId, LeaseInfo> leasesBefore() const;
    void readContention();
    // bridgeprojects.cpp: the server's other projects.
    /// On a server Studio did not start, a project that holds nothing may be the
    /// wrong one (the command-line tool's default is "default"): logs the other
    /// projects the server has. Never throws.
    void hintOtherProjects();
    /// Lists the server's projects (nothing on the in-process engine) and sends
    /// those other than the shown one that hold leases when they changed
    /// (otherProjectsChanged); the next check is due a few seconds later, or
    /// later still when listing took long. The list, or nothing when it could
    /// not be read (a user without SCAN, say). Never throws.
    std::optional<ProjectList> checkProjects();
    /// The options that reach the server of the engine open now; nothing on
    /// the in-process engine.
    std::optional<RedisOptions> serverOptions() const;
    /// Sends the next state: whole (`full`: no delta), or light (`light`, and
    /// always while a list runs: the delta and the waiters, not decorated), or
    /// decorated with its delta.
    void publish(bool full, bool light = false);
    /// Starts the next decorated state of a large project on m_decoratePool,
    /// from the last decorated state and the leases changed since: the worker
    /// goes on reading the stream and sending light states meanwhile. False
    /// when that does not apply (a small project, a list, no state to start from).
    bool decorateAside();
    /// Sends a state decorateAside() made, unless a newer decorated state went since.
    void decoratedAside(const std::shared_ptr<LockState>& state, const LockStatePtr& before,
                        std::chrono::steady_clock::time_point started, ServerTime nextExpiry);
    /// Notes a lease written or erased: for the next state's delta, and for the
    /// next decorated state made aside.
    void noteTouched(const LeaseId& id)
    {
        m_touched.insert(id);
        m_sinceDecorated.insert(id);
    }
    void lost(const QString& message);
    template <typename F>
    bool guarded(F&& f);
    /// Runs an operator's action on the engine under guarded(), then polls events,
    /// the watch (or takes a snapshot) and publishes, so that its effect shows at once. With
    /// `refusal`, an InvalidInput the action throws (the engine refused its
    /// arguments) lands there instead of counting as a lost connection.
    template <typename F>
    bool actAndRefresh(F&& action, QString* refusal = nullptr);
    void emitLocal(LogEntry entry);
    /// The options of an operator's forced release (as admin) for `reason`.
    ForceOptions adminForce(const QString& reason) const;
    /// Sends the event-log entries read so far (m_logPending): at once when
    /// `now` or when they are few, else twice a second.
    void flushLog(bool now);
    /// Starts the private server (with `sentinels`, the private Sentinel set-up)
    /// unless it runs; false (and `error`) when it cannot start.
    bool startPrivate(bool sentinels, QString* error);
    /// Notices a new primary behind Sentinel: a new backend label, and a
    /// FailoverReport after the next snapshot. Restarts a killed private primary
    /// as a replica once another primary serves.
    void followPrimary();
    /// Builds the FailoverReport from the leases the snapshot `current` lacks.
    void reportFailover(const std::vector<LeaseInfo>& current, ServerTime serverTime);
    QString operatorName() const;

    BackendConfig m_config;
    std::shared_ptr<Engine> m_engine;
    std::unique_ptr<LeaseWatch> m_watch;   // on Redis: follows the project's leases
    bool m_listing = false;                // the watch lists
    std::size_t m_listed = 0;              // ...and has read so many leases
    std::size_t m_listTotal = 0;           // ...of about so many
    std::size_t m_contentionWaiters = 0;   // waiters the last contention table counted
    std::uint64_t m_snapshots = 0;
    std::uint64_t m_waiterReads = 0;
    std::uint64_t m_decoratedAside = 0;
    // Leases a list of the watch found gone since the last report: a list after a
    // reconnect or failover may end before the snapshot that reports them.
    std::map<LeaseId, LeaseInfo> m_vanished;
    // The watch drops a lease when its expiry passes; Studio shows it (expired,
    // for Release expired) until an event says it was reaped, as a snapshot would.
    std::set<LeaseId> m_expiredKept;
    RelistReason m_lastListReason = RelistReason::Start;
    bool m_logList = false;                // the list that runs is logged
    std::set<LeaseId> m_reaped;            // reaped by an event the watch had not applied yet
    PrivateRedis* m_private = nullptr;     // Owned (child); a server or a Sentinel set-up.
    BackendInfo m_info;                    // what backendChanged said last
    int m_killedNode = -1;                 // private primary killed, to restart as a replica
    std::optional<FailoverReport> m_failover; // seen, waiting for the snapshot that counts leases
    QTimer* m_timer = nullptr;             // Owned (child).
    std::shared_ptr<const TreeIndex> m_tree;
    std::map<LeaseId, LeaseInfo> m_leases; // the current view, by id
    std::set<LeaseId> m_touched;           // leases written or erased since the last state sent
    bool m_leasesReplaced = true;          // m_leases was replaced whole since: the next state has no delta
    std::vector<WaiterInfo> m_waiters;     // the last snapshot's, less those granted since
    std::string m_lastEventId;
    std::vector<LogEntry> m_logPending;    // read from the stream, not sent to the log yet
    std::chrono::steady_clock::time_point m_lastLogFlush{};
    ServerClock m_clock;
    LockStatePtr m_published;
    LockStatePtr m_decorated;              // the last state sent with every lease decorated (m_published, but while a list runs)
    std::uint64_t m_generation = 0;
    bool m_dirty = true;
    bool m_fullNext = true;
    bool m_haveSnapshot = false;
    bool m_checkVanished = false;          // next snapshot follows a reconnect: report lost leases
    bool m_releasesUnrecorded = false;     // at events=audit some time since the last snapshot: a lease gone may
                                           // have been released
    ConnectionStatus m_status = ConnectionStatus::Connecting;
    int m_attempt = 0;
    std::chrono::steady_clock::time_point m_lastSnapshot{};
    std::chrono::steady_clock::time_point m_lastContention{};
    std::chrono::steady_clock::time_point m_lastPublish{};
    // What the last decorated state took to make, and when it went. Decorating
    // a million leases takes seconds: decorated states then come no more often
    // than every kPublishCostFactor times that, and light ones in between.
    std::chrono::steady_clock::duration m_decorateCost{};
    std::chrono::steady_clock::time_point m_lastDecorated{};
    bool m_treeBehind = false;             // a light state went since the last decorated one
    std::set<LeaseId> m_sinceDecorated;    // leases written or erased since the last decorated state's leases were taken
    bool m_decorating = false;             // a decorated state is being made on m_decoratePool
    // Last: destroyed first, it waits for a decoration under way while the rest is still there.
    QThreadPool m_decoratePool;
    std::chrono::steady_clock::time_point m_nextRetry{};
    ServerTime m_nextExpiry = ServerTime::max();
    ProjectList m_otherProjects;           // what otherProjectsChanged said last
    std::chrono::steady_clock::time_point m_projectsDue{}; // the next checkProjects()
};

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

} // namespace treelock::ui
