#pragma once

#include "common/workerthread.h"
#include "lockview/lockstate.h"

#include <QObject>

#include <future>
#include <memory>

namespace treelock::ui {

class BridgeWorker;

/// GUI-side handle of the bridge: runs a BridgeWorker in a WorkerThread and
/// forwards requests to it (queued, never waiting) and its results back as
/// signals. Every signal carries immutable values. GUI thread only.
class Bridge : public QObject {
    Q_OBJECT
public:
    explicit Bridge(QObject* parent = nullptr);
    /// Stops the worker (and a private redis-server) and joins the thread.
    ~Bridge() override;

    void connectTo(const BackendConfig& config);
    void setTree(std::shared_ptr<const TreeIndex> tree);
    void refresh();
    void releaseExpired();
    void forceRelease(const QString& leaseId, const QString& reason);
    void runScenario(const QString& name);
    /// Takes a lease as `owner` (specs "X:/A/C"); a refusal is logged as blocked.
    void acquire(const QStringList& specs, const QString& owner, const QString& operation, qint64 ttlMs);
    /// Private Sentinel set-up only: SENTINEL FAILOVER, or SIGKILL of the primary
    /// (restarted as a replica once a new primary is in place).
    void failOver();
    void killPrimary();
    /// The engine the worker uses (null while none is open), handed over from
    /// the worker's thread once the calls posted before have run: for tests and
    /// tools that drive the project Studio shows. Engines are thread-safe.
    std::future<std::shared_ptr<Engine>> engine();

signals:
    void backendChanged(const treelock::ui::BackendInfo& info);
    void connectionChanged(const treelock::ui::ConnectionState& state);
    void stateChanged(const treelock::ui::LockStatePtr& state);
    void contentionChanged(const treelock::ui::ContentionPtr& contention);
    void logEntries(const treelock::ui::LogBatch& entries);
    void actionFinished(const treelock::ui::ActionResult& result);
    void failedOver(const treelock::ui::FailoverReport& report);

private:
    WorkerThread<BridgeWorker> m_worker; // Owned; joined (worker deleted first) in our destructor.
};

/// Registers the bridge's value types with Qt's meta-type system (idempotent).
void registerBridgeTypes();

} // namespace treelock::ui
