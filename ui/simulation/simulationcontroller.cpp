#include "simulation/simulationcontroller.h"

#include "simulation/simulationworker.h"

namespace treelock::ui {

SimulationController::SimulationController(QObject* parent)
    : QObject(parent), m_worker(QStringLiteral("treelock-simulation"))
{
    registerSimulationTypes(); // before the worker can report anything
    SimulationWorker* worker = m_worker.worker();
    connect(worker, &SimulationWorker::frameReady, this, &SimulationController::frameReady);
    connect(worker, &SimulationWorker::scenarioLoaded, this, &SimulationController::scenarioLoaded);
    connect(worker, &SimulationWorker::stepFinished, this, &SimulationController::stepFinished);
    connect(worker, &SimulationWorker::stepped, this, &SimulationController::stepped);
    connect(worker, &SimulationWorker::failed, this, &SimulationController::failed);
    connect(worker, &SimulationWorker::notStarted, this, &SimulationController::notStarted);
}

// m_worker's destructor deletes the worker in its thread, which joins the
// simulation's own threads, before the program goes on.
SimulationController::~SimulationController() = default;

void SimulationController::start(const SimulationRequest& request)
{
    m_worker.post([request](SimulationWorker& w) { w.start(request); });
}

void SimulationController::pause()
{
    m_worker.post([](SimulationWorker& w) { w.pause(); });
}

void SimulationController::stop()
{
    m_worker.post([](SimulationWorker& w) { w.stop(); });
}

void SimulationController::step(const SimulationRequest& request)
{
    m_worker.post([request](SimulationWorker& w) { w.step(request); });
}

void SimulationController::setSpeed(double speed)
{
    m_worker.post([speed](SimulationWorker& w) { w.setSpeed(speed); });
}

void SimulationController::setLocking(bool on)
{
    m_worker.post([on](SimulationWorker& w) { w.setLocking(on); });
}

void SimulationController::setFairness(std::optional<std::chrono::milliseconds> grace)
{
    m_worker.post([grace](SimulationWorker& w) { w.setFairness(grace); });
}

void SimulationController::loadScenario(const QString& name, SimulationEngine engine, const QString& redisUrl)
{
    m_worker.post([name, engine, redisUrl](SimulationWorker& w) { w.loadScenario(name, engine, redisUrl); });
}

void SimulationController::scenarioNext()
{
    m_worker.post([](SimulationWorker& w) { w.scenarioNext(); });
}

void SimulationController::closeScenario()
{
    m_worker.post([](SimulationWorker& w) { w.closeScenario(); });
}

} // namespace treelock::ui
