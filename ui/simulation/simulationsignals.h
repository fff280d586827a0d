#pragma once

#include "simulation/simulationdata.h"

#include <QObject>

namespace treelock::ui {

/// What a simulation reports, declared once: a SimulationWorker emits these in
/// its thread, and the SimulationController emits them again on the GUI thread
/// (forwardSignals()). Every signal carries immutable values.
class SimulationSignals : public QObject {
    Q_OBJECT
signals:
    void frameReady(const treelock::ui::SimulationFramePtr& frame);
    void scenarioLoaded(const treelock::ui::ScenarioPlanPtr& plan);
    /// `session`: the scenario load the step belongs to (ScenarioPlayer::session()).
    void stepFinished(const treelock::sim::StepResult& result, bool atEnd, quint64 session);
    /// Simulation::step()'s description of the event it ran.
    void stepped(const QString& text);
    void failed(const QString& message);
    /// Start or Step created no run (its engine did not connect): nothing runs,
    /// and the panel is idle again.
    void notStarted(const QString& message);

protected:
    /// Only as the base of the SimulationController and the SimulationWorker.
    using QObject::QObject;
};

} // namespace treelock::ui
