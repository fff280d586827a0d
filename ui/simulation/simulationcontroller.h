#pragma once

#include "common/workerthread.h"
#include "simulation/simulationdata.h"

#include <QObject>

namespace treelock::ui {

class SimulationWorker;

/// GUI-side handle of the simulation: runs a SimulationWorker in a
/// WorkerThread, forwards requests to it (queued, never waiting) and its frames back
/// as signals. GUI thread only.
class SimulationController : public QObject {
    Q_OBJECT
public:
    explicit SimulationController(QObject* parent = nullptr);
    /// Stops the simulation (joining its threads, releasing its leases) and the worker thread.
    ~SimulationController() override;

    void start(const SimulationRequest& request);
    void pause();
    void stop();
    void step(const SimulationRequest& request);
    void setSpeed(double speed);
    void setLocking(bool on);
    /// The running simulation's fairness grace (nothing: off); the next run takes it from its request.
    void setFairness(std::optional<std::chrono::milliseconds> grace);
    void loadScenario(const QString& name, SimulationEngine engine, const QString& redisUrl);
    void scenarioNext();
    void closeScenario();

signals:
    void frameReady(const treelock::ui::SimulationFramePtr& frame);
    void scenarioLoaded(const treelock::ui::ScenarioPlanPtr& plan);
    void stepFinished(const treelock::sim::StepResult& result, bool atEnd);
    void stepped(const QString& text);
    void failed(const QString& message);
    /// Start or Step created no run (its engine did not connect); the panel is idle again.
    void notStarted(const QString& message);

private:
    WorkerThread<SimulationWorker> m_worker; // Owned; joined (worker deleted first) in our destructor.
};

} // namespace treelock::ui
