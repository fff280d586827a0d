#pragma once

#include "simulation/simulationdata.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;
class QTableView;

namespace treelock::ui {

class ScenarioStepModel;
class SimulationController;

/// The Simulation panel's scenario player: the built-in scenarios, their steps
/// with expected and actual outcomes, the narration, and Load / Play / Step /
/// Restart / Close. Plays through the panel's SimulationController. GUI thread only.
class ScenarioPlayer : public QWidget {
    Q_OBJECT
public:
    /// `controller` is not owned; it must outlive this.
    explicit ScenarioPlayer(SimulationController* controller, QWidget* parent = nullptr);

    /// Loads `name` (":/scenarios/<name>.json") on `engine` and, if `play`, plays it to the end.
    void load(const QString& name, bool play, SimulationEngine engine, const QString& redisUrl);
    void play();
    void step();
    /// Drops the scenario (emits closed() if one was loaded or asked for).
    void close();

    bool isLoaded() const { return m_scenarioLoaded; }
    bool atEnd() const { return m_scenarioAtEnd; }
    ScenarioStepModel* stepModel() const { return m_stepModel; }

signals:
    /// The user picked a scenario to load (list, Load, Restart).
    void loadRequested(const QString& name);
    void stepFinished(int row, bool ok);
    void finished(bool passed);
    void closed();

private:
    void onStepFinished(const sim::StepResult& result, bool atEnd);
    void updateButtons();

    SimulationController* m_controller;   // Not owned.
    ScenarioStepModel* m_stepModel;       // Owned (child).
    QListWidget* m_scenarioList;
    QLabel* m_scenarioTitle;
    QLabel* m_scenarioDescription;
    QTableView* m_stepView;
    QLabel* m_narration;
    QLabel* m_scenarioSummary;
    QPushButton* m_scenarioPlay;
    QPushButton* m_scenarioStep;
    QPushButton* m_scenarioReset;
    QPushButton* m_scenarioClose;
    bool m_scenarioLoaded = false;
    bool m_scenarioAtEnd = false;
    bool m_autoplay = false;
    bool m_stepPending = false;
    QString m_scenarioName;
    SimulationEngine m_scenarioEngine = SimulationEngine::Memory;
};

} // namespace treelock::ui
