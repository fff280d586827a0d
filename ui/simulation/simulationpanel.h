#pragma once

#include "simulation/simulationdata.h"

#include <QWidget>

class QAction;
class QLabel;
class QTabWidget;

namespace treelock::ui {

class ConflictMatrixModel;
class LiveStatisticsView;
class LoadTestForm;
class ScenarioPlayer;
class ScenarioStepModel;
class SimulationController;

/// The Simulation panel: virtual users running the seed's 11 operations
/// through the real lock engine, and scripted scenarios. Assembles the
/// load-test form, the live statistics and the scenario player, owns the
/// SimulationController (whose worker thread runs the simulation) and routes
/// its frames; this widget only shows them.
/// While a simulation or scenario is shown, simulatedTreeChanged and
/// simulatedStateChanged carry its project for the main window's tree and
/// lease table. GUI thread only.
class SimulationPanel : public QWidget {
    Q_OBJECT
public:
    explicit SimulationPanel(QWidget* parent = nullptr);
    ~SimulationPanel() override;

    /// The run the controls describe.
    SimulationRequest request() const;
    /// Sets the controls from `request`.
    void setRequest(const SimulationRequest& request);
    void setUsers(int users);
    void setLocking(bool on);

    void startSimulation();
    void pauseSimulation();
    void stopSimulation();
    void stepSimulation();

    /// Shows the Scenarios tab, loads `name` (":/scenarios/<name>.json") and, if `play`, plays it to the end.
    void loadScenario(const QString& name, bool play);
    void playScenario();
    void stepScenario();
    void closeScenario();

    /// The backend Studio shows: the Redis engine choice uses its server.
    void setBackend(const BackendInfo& info);

    const sim::Statistics& statistics() const { return m_stats; }
    sim::Simulation::State state() const { return m_state; }
    bool scenarioAtEnd() const;
    ConflictMatrixModel* matrixModel() const;
    ScenarioStepModel* stepModel() const;
    QLabel* violationsLabel() const;
    /// Frames received so far (tests).
    int framesApplied() const { return m_frames; }

    /// Start/Resume (F5), Pause, Stop (Shift+F5) and Step (F10) for a menu:
    /// they do what the Run buttons do and are enabled with them.
    QList<QAction*> runActions() const;
    /// The engine and project of the simulation or scenario being shown ("" when none).
    QString shownEngine() const { return m_shownEngine; }
    QString shownProject() const { return m_shownProject; }

signals:
    /// A simulation or scenario is being shown (true) or no longer (false).
    void simulationShown(bool shown);
    /// The engine or project of the shown simulation changed (shownEngine(), shownProject()).
    void shownProjectChanged();
    void simulatedTreeChanged(const treelock::ui::ProjectTreeData& tree);
    void simulatedStateChanged(const treelock::ui::LockStatePtr& state);
    void statisticsUpdated();
    void scenarioStepFinished(int row, bool ok);
    void scenarioFinished(bool passed);
    void message(const QString& text);
    /// What a Step did (the load test's or the scenario's), for a status bar: one line.
    void stepReported(const QString& text);

private:
    void onFrame(const SimulationFramePtr& frame);
    void showFrameProject(const SimulationFrame& frame);
    void hideProject();

    SimulationController* m_controller;   // Owned (child).
    LoadTestForm* m_form;                 // Owned (child, in m_tabs).
    LiveStatisticsView* m_live;           // Owned (child, in m_tabs).
    ScenarioPlayer* m_player;             // Owned (child, in m_tabs).
    QTabWidget* m_tabs;

    BackendInfo m_backend;
    sim::Statistics m_stats;
    sim::Simulation::State m_state = sim::Simulation::State::Idle;
    bool m_shown = false;
    bool m_hideOnFinish = false;
    QString m_shownEngine;
    QString m_shownProject;
    int m_frames = 0;
    QString m_stepReport;                 // what the last Step did, told once its frame is shown
};

} // namespace treelock::ui
