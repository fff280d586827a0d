#include "simulation/simulationcontroller.h"

#include "simulation/simulationworker.h"

#include <QThread>

namespace treelock::ui {

SimulationController::SimulationController(QObject* parent) : QObject(parent)
{
    registerSimulationTypes();
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("treelock-simulation"));
    m_worker = new SimulationWorker;
    m_worker->moveToThread(m_thread);
    connect(m_worker, &SimulationWorker::frameReady, this, &SimulationController::frameReady);
    connect(m_worker, &SimulationWorker::scenarioLoaded, this, &SimulationController::scenarioLoaded);
    connect(m_worker, &SimulationWorker::stepFinished, this, &SimulationController::stepFinished);
    connect(m_worker, &SimulationWorker::stepped, this, &SimulationController::stepped);
    connect(m_worker, &SimulationWorker::failed, this, &SimulationController::failed);
    m_thread->start();
}

SimulationController::~SimulationController()
{
    SimulationWorker* worker = m_worker;
    // Blocking: the simulation's own threads must be joined before the program goes on.
    QMetaObject::invokeMethod(worker, [worker] { delete worker; }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

template <typename F>
void SimulationController::post(F&& f)
{
    QMetaObject::invokeMethod(m_worker, std::forward<F>(f), Qt::QueuedConnection);
}

void SimulationController::start(const SimulationRequest& request)
{
    SimulationWorker* w = m_worker;
    post([w, request] { w->start(request); });
}

void SimulationController::pause()
{
    SimulationWorker* w = m_worker;
    post([w] { w->pause(); });
}

void SimulationController::stop()
{
    SimulationWorker* w = m_worker;
    post([w] { w->stop(); });
}

void SimulationController::step(const SimulationRequest& request)
{
    SimulationWorker* w = m_worker;
    post([w, request] { w->step(request); });
}

void SimulationController::setSpeed(double speed)
{
    SimulationWorker* w = m_worker;
    post([w, speed] { w->setSpeed(speed); });
}

void SimulationController::setLocking(bool on)
{
    SimulationWorker* w = m_worker;
    post([w, on] { w->setLocking(on); });
}

void SimulationController::loadScenario(const QString& name, SimulationEngine engine, const QString& redisUrl)
{
    SimulationWorker* w = m_worker;
    post([w, name, engine, redisUrl] { w->loadScenario(name, engine, redisUrl); });
}

void SimulationController::scenarioNext()
{
    SimulationWorker* w = m_worker;
    post([w] { w->scenarioNext(); });
}

void SimulationController::closeScenario()
{
    SimulationWorker* w = m_worker;
    post([w] { w->closeScenario(); });
}

} // namespace treelock::ui
