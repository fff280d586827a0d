#pragma once

#include "common/workerthread.h"
#include "simulation/simulationsignals.h"
#include "simulation/simulationworker.h"

namespace treelock::ui {

/// GUI-side handle of the simulation: runs a SimulationWorker in a
/// WorkerThread, forwards requests to it (queued, never waiting) and emits its
/// signals again on the GUI thread. GUI thread only.
class SimulationController : public SimulationSignals {
    Q_OBJECT
public:
    explicit SimulationController(QObject* parent = nullptr);
    /// Stops the simulation (joining its threads, releasing its leases) and the worker thread.
    ~SimulationController() override;

    /// Queues the worker's `request` (`&SimulationWorker::pause`) with copies
    /// of `args`; it runs in the worker's thread, and this returns at once.
    template <typename... Params, typename... Args>
    void post(void (SimulationWorker::*request)(Params...), Args&&... args)
    {
        m_worker.post(request, std::forward<Args>(args)...);
    }

private:
    WorkerThread<SimulationWorker> m_worker; // Owned; joined (worker deleted first) in our destructor.
};

} // namespace treelock::ui
