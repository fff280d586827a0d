#include "simulation/simulationcontroller.h"

namespace treelock::ui {

SimulationController::SimulationController(QObject* parent)
    : SimulationSignals(parent), m_worker(QStringLiteral("treelock-simulation"))
{
    registerSimulationTypes(); // before the worker can report anything
    forwardSignals<SimulationSignals>(m_worker.worker(), this);
}

// m_worker's destructor deletes the worker in its thread, which joins the
// simulation's own threads, before the program goes on.
SimulationController::~SimulationController() = default;

} // namespace treelock::ui
