#pragma once

#include "simulation/simulationdata.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;
class QTableView;

namespace treelock::ui {

class ScenarioStepModel;

/// The Simulation panel's scenario player: Load / Play / Step / Restart / Close
/// and a status line that reports each step (above everything, so a short dock
/// keeps them in sight), the built-in scenarios (a click loads one, a
/// double-click or Enter loads and plays it), their steps with expected and
/// actual outcomes, and the narration. It asks for the simulation's work by
/// signals, and the panel hands them to its SimulationController, as it does
/// the load-test form's; the controller's answers come back through
/// onScenarioLoaded(), onStepFinished() and onFailed(). GUI thread only.
class ScenarioPlayer : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioPlayer(QWidget* parent = nullptr);

    /// Loads `name` (":/scenarios/<name>.json") on `engine` and, if `play`, plays it to the end.
    void load(const QString& name, bool play, SimulationEngine engine, const QString& redisUrl);
    void play();
    void step();
    /// Drops the scenario (emits closed() if one was loaded or asked for).
    void close();

    bool isLoaded() const { return m_scenarioLoaded; }
    /// The load asked for last, while it is not closed; 0 otherwise. The
    /// simulation stamps what a scenario reports with it, so that a late report
    /// of a scenario closed or replaced since is dropped.
    quint64 session() const { return m_session; }
    bool atEnd() const { return m_scenarioAtEnd; }
    ScenarioStepModel* stepModel() const { return m_stepModel; }

    /// The simulation loaded the scenario `plan`: shows its steps, and plays
    /// it if load() asked to.
    void onScenarioLoaded(const ScenarioPlanPtr& plan);
    /// The simulation ran a step: shows its outcome, and plays on if playing.
    void onStepFinished(const sim::StepResult& result, bool atEnd, quint64 session);
    /// The simulation reported an error (a scenario that could not load, say).
    void onFailed(const QString& text);

signals:
    /// The user picked a scenario to load (list, Load, Restart) and, with `play`, to play.
    void loadRequested(const QString& name, bool play);
    /// Asks the simulation to load the scenario `name` on a fresh `engine`.
    void scenarioRequested(const QString& name, treelock::ui::SimulationEngine engine, const QString& redisUrl, quint64 session);
    /// Asks the simulation to run the scenario's next step.
    void nextStepRequested();
    /// Asks the simulation to drop the scenario.
    void dropRequested();
    void stepFinished(int row, bool ok);
    /// One line on what a step did ("Step 2 of 11 · B: acquire upload /A/C/D d.txt → refused ✓").
    void stepReported(const QString& text);
    void finished(bool passed);
    void closed();

private:
    /// The list asked for `name`: loads it, unless it is the scenario loaded (or
    /// loading) already, which then only plays if `play`.
    void request(const QString& name, bool play);
    void updateButtons();

    ScenarioStepModel* m_stepModel;       // Owned (child).
    QListWidget* m_scenarioList;
    QLabel* m_scenarioTitle;
    QLabel* m_scenarioDescription;
    QTableView* m_stepView;
    QLabel* m_narration;
    QLabel* m_status;
    QPushButton* m_scenarioPlay;
    QPushButton* m_scenarioStep;
    QPushButton* m_scenarioReset;
    QPushButton* m_scenarioClose;
    bool m_scenarioLoaded = false;
    bool m_scenarioAtEnd = false;
    bool m_autoplay = false;
    bool m_stepPending = false;
    bool m_loading = false;               // asked for m_scenarioName, not loaded yet
    QString m_scenarioName;
    quint64 m_session = 0;                // see session()
    quint64 m_lastSession = 0;
    SimulationEngine m_scenarioEngine = SimulationEngine::Memory;
};

} // namespace treelock::ui
