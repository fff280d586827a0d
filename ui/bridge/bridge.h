#pragma once

#include "bridge/bridgesignals.h"
#include "bridge/bridgeworker.h"
#include "common/workerthread.h"

#include <treelock/leasewatch.h>

#include <cstdint>
#include <future>
#include <memory>
#include <optional>

namespace treelock::ui {

/// GUI-side handle of the bridge: runs a BridgeWorker in a WorkerThread,
/// forwards requests to it (queued, never waiting) and emits its signals again
/// on the GUI thread. GUI thread only.
class Bridge : public BridgeSignals {
    Q_OBJECT
public:
    explicit Bridge(QObject* parent = nullptr);
    /// Stops the worker (and a private redis-server) and joins the thread.
    ~Bridge() override;

    /// Queues the worker's `request` (`&BridgeWorker::refresh`) with copies of
    /// `args`; it runs in the worker's thread, and this returns at once.
    template <typename... Params, typename... Args>
    void post(void (BridgeWorker::*request)(Params...), Args&&... args)
    {
        m_worker.post(request, std::forward<Args>(args)...);
    }

    /// The engine the worker uses (null while none is open), handed over from
    /// the worker's thread once the calls posted before have run: for tests and
    /// tools that drive the project Studio shows. Engines are thread-safe.
    std::future<std::shared_ptr<Engine>> engine();

    /// What the worker has read of the project: snapshots (each reads it whole)
    /// and, when it follows the project through a LeaseWatch, the watch's stats.
    struct Reads {
        std::uint64_t snapshots = 0;
        std::uint64_t waiterReads = 0; ///< reads of the waiters alone (Engine::waiters)
        std::uint64_t decoratedAside = 0; ///< decorated states made on a pool thread and sent
        std::optional<WatchStats> watch;
    };
    /// Handed over from the worker's thread as engine() is: for tests and tools.
    std::future<Reads> reads();

private:
    WorkerThread<BridgeWorker> m_worker; // Owned; joined (worker deleted first) in our destructor.
};

/// Registers the bridge's value types with Qt's meta-type system (idempotent).
void registerBridgeTypes();

} // namespace treelock::ui
