#pragma once

#include "simulation/simulationdata.h"

#include <QWidget>

class QAbstractButton;
class QAction;
class QBarSet;
class QCategoryAxis;
class QCheckBox;
class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QListWidget;
class QPushButton;
class QSlider;
class QSpinBox;
class QTabWidget;
class QTableView;
class QValueAxis;

namespace treelock::ui {

class ConflictMatrixModel;
class ScenarioStepModel;
class SimulationController;

/// The Simulation panel: virtual users running the seed's 11 operations
/// through the real lock engine (controls, live counters, throughput, wait
/// histogram, conflict heat map) and the scenario player. The simulation runs
/// in a SimulationController's worker thread; this widget only shows frames.
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
    bool scenarioAtEnd() const { return m_scenarioAtEnd; }
    ConflictMatrixModel* matrixModel() const { return m_matrixModel; }
    ScenarioStepModel* stepModel() const { return m_stepModel; }
    QLabel* violationsLabel() const { return m_violationsValue; }
    /// Frames received so far (tests).
    int framesApplied() const { return m_frames; }

    /// Start/Resume (F5), Pause, Stop (Shift+F5) and Step (F10) for a menu:
    /// they do what the Run buttons do and are enabled with them.
    QList<QAction*> runActions() const;
    /// The engine and project of the simulation or scenario being shown ("" when none).
    QString shownEngine() const { return m_shownEngine; }
    QString shownProject() const { return m_shownProject; }

protected:
    /// Spin boxes and combo boxes in the settings take the mouse wheel only
    /// once focused; otherwise it scrolls the settings.
    bool eventFilter(QObject* watched, QEvent* event) override;

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

private:
    QWidget* createLoadTestTab();
    QWidget* createControls();
    QWidget* createCounters();
    QWidget* createCharts();
    QWidget* createScenarioTab();
    void onFrame(const SimulationFramePtr& frame);
    void onStepFinished(const sim::StepResult& result, bool atEnd);
    void showFrameProject(const SimulationFrame& frame);
    void hideProject();
    void updateCounters(const sim::Statistics& s);
    void updateCharts(const sim::Statistics& s);
    void updateButtons();
    void fitHeatMap();
    double speed() const;
    void setStatus(const QString& text);

    SimulationController* m_controller;   // Owned (child).
    ConflictMatrixModel* m_matrixModel;   // Owned (child).
    ScenarioStepModel* m_stepModel;       // Owned (child).
    QTabWidget* m_tabs;

    // controls
    QPushButton* m_start;
    QPushButton* m_pause;
    QPushButton* m_stop;
    QPushButton* m_step;
    QAction* m_startAction;
    QAction* m_pauseAction;
    QAction* m_stopAction;
    QAction* m_stepAction;
    QSlider* m_speed;
    QLabel* m_speedLabel;
    QSpinBox* m_users;
    std::vector<QDoubleSpinBox*> m_mix;
    QComboBox* m_targets;
    QDoubleSpinBox* m_hotFraction;
    QSpinBox* m_hotEntries;
    QSpinBox* m_holdMin;
    QSpinBox* m_holdMax;
    QSpinBox* m_think;
    QSpinBox* m_waitTimeout;
    QSpinBox* m_ttl;
    QDoubleSpinBox* m_crash;
    QDoubleSpinBox* m_pauseFault;
    QDoubleSpinBox* m_slow;
    QCheckBox* m_locking;
    QComboBox* m_engine;
    QComboBox* m_profile;
    QSpinBox* m_seed;

    // live
    struct Counter {
        QLabel* value = nullptr;
        QWidget* tile = nullptr;
    };
    Counter m_attempts, m_grants, m_conflicts, m_timeouts, m_fencing, m_completed, m_throughput, m_wait, m_active, m_clock;
    QWidget* m_violationsTile;
    QLabel* m_violationsValue;
    QLabel* m_violationsNote;
    QLabel* m_status;
    QChartView* m_throughputView;
    QLineSeries* m_opsSeries;
    QLineSeries* m_violationSeries;
    QValueAxis* m_timeAxis;
    QValueAxis* m_opsAxis;
    QValueAxis* m_violationAxis;
    QChartView* m_waitView;
    QBarSet* m_waitBars;
    QCategoryAxis* m_waitCategories;
    QValueAxis* m_waitAxis;
    QTableView* m_heatMap;

    // scenarios
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

    BackendInfo m_backend;
    sim::Statistics m_stats;
    sim::Simulation::State m_state = sim::Simulation::State::Idle;
    bool m_shown = false;
    bool m_hideOnFinish = false;
    bool m_scenarioLoaded = false;
    bool m_scenarioAtEnd = false;
    bool m_autoplay = false;
    bool m_stepPending = false;
    QString m_scenarioName;
    SimulationEngine m_scenarioEngine = SimulationEngine::Memory;
    QString m_shownEngine;
    QString m_shownProject;
    int m_frames = 0;
    std::size_t m_histogramSize = 0;
};

} // namespace treelock::ui
