#pragma once

#include "bridge/bridgesignals.h"

#include <treelock/error.h>

#include <chrono>
#include <map>
#include <memory>
#include <optional>

class QTimer;

namespace treelock {
class Engine;
class SentinelGroup;
}

namespace treelock::ui {

class PrivateRedis;

/// Owns the core Engine and talks to it; lives in the bridge's QThread, so
/// every call here may block on Redis without touching the GUI. Every 100 ms it
/// reads new events (grants and releases become deltas of its lease set),
/// every second a full snapshot (renewals emit no events; waiters come only
/// with it), then decorates the tree (pure function) and emits an immutable
/// LockState. Every 3 s it reads the contention table (one call) and emits it.
/// On ConnectionError it reports the loss and retries every second.
class BridgeWorker : public BridgeSignals {
    Q_OBJECT
public:
    explicit BridgeWorker(QObject* parent = nullptr);
    ~BridgeWorker() override;

    // All of these run in the worker thread (the Bridge posts them).
    void connectTo(const BackendConfig& config);
    void setTree(std::shared_ptr<const TreeIndex> tree);
    void refresh();
    void releaseExpired();
    void forceRelease(const QString& leaseId, const QString& reason);
    void runScenario(const QString& name);
    /// Takes a lease as `owner` (specs "X:/A/C"); a refusal is logged as blocked.
    void acquire(const QStringList& specs, const QString& owner, const QString& operation, qint64 ttlMs);
    /// Private Sentinel set-up only (BackendConfig::Kind::PrivateHa): SENTINEL
    /// FAILOVER, or SIGKILL of the primary (restarted as a replica once a new
    /// primary is in place).
    void failOver();
    void killPrimary();
    void shutdown();

    /// The engine, for tests that need to drive it from the worker's thread.
    std::shared_ptr<Engine> engine() const { return m_engine; }

private:
    void tick();
    bool openEngine();
    void pollEvents();
    void readSettings(); // the project's event level and fairness grace; throws as the engine does
    void setLevelAudit(bool audit); // records the level in m_info, and tells the window when it changed
    void setGrace(std::optional<std::chrono::milliseconds> grace); // the same for the grace
    void takeSnapshot();
    void readContention();
    /// On a server Studio did not start, a project that holds nothing may be the
    /// wrong one (the command-line tool's default is "default"): logs the other
    /// projects the server has. Never throws.
    void hintOtherProjects();
    void publish(bool full);
    void lost(const QString& message);
    template <typename F>
    bool guarded(F&& f);
    /// Runs an operator's action on the engine under guarded(), then polls events,
    /// takes a snapshot and publishes, so that its effect shows at once. With
    /// `refusal`, an InvalidInput the action throws (the engine refused its
    /// arguments) lands there instead of counting as a lost connection.
    template <typename F>
    bool actAndRefresh(F&& action, QString* refusal = nullptr);
    void emitLocal(LogEntry entry);
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
    PrivateRedis* m_private = nullptr;     // Owned (child); a server or a Sentinel set-up.
    BackendInfo m_info;                    // what backendChanged said last
    int m_killedNode = -1;                 // private primary killed, to restart as a replica
    std::optional<FailoverReport> m_failover; // seen, waiting for the snapshot that counts leases
    QTimer* m_timer = nullptr;             // Owned (child).
    std::shared_ptr<const TreeIndex> m_tree;
    std::map<LeaseId, LeaseInfo> m_leases; // the current view, by id
    std::vector<WaiterInfo> m_waiters;     // the last snapshot's, less those granted since
    std::string m_lastEventId;
    ServerClock m_clock;
    LockStatePtr m_published;
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
    std::chrono::steady_clock::time_point m_nextRetry{};
    ServerTime m_nextExpiry = ServerTime::max();
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
