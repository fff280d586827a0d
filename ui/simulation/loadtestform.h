#pragma once

#include "simulation/simulationdata.h"

#include <QWidget>

#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace treelock::ui {

/// The Simulation panel's load-test form: the Run buttons (and the same four as
/// menu actions), the speed slider and the parameters of a run (users, targets,
/// operation mix, timing, faults, engine and policy). It only describes a run
/// and asks for it: the panel acts on its signals. GUI thread only.
class LoadTestForm : public QWidget {
    Q_OBJECT
public:
    explicit LoadTestForm(QWidget* parent = nullptr);

    /// The run the controls describe.
    SimulationRequest request() const;
    /// Sets the controls from `request`.
    void setRequest(const SimulationRequest& request);
    void setUsers(int users);
    void setLocking(bool on);
    /// The engine choice (in-process or Studio's Redis).
    SimulationEngine engine() const;
    /// Simulated time per wall-clock time; 0 = as fast as the CPU allows.
    double speed() const;

    /// The backend Studio shows: the Redis engine choice uses its server.
    void setBackend(const BackendInfo& info);
    /// Enables the Run buttons and actions (and locks the engine and user count
    /// during a run) for the simulation's state.
    void setState(sim::Simulation::State state);

    /// Start/Resume (F5), Pause, Stop (Shift+F5) and Step (F10) for a menu:
    /// they do what the Run buttons do and are enabled with them.
    QList<QAction*> runActions() const;

signals:
    void startRequested();
    void pauseRequested();
    void stopRequested();
    void stepRequested();
    void speedChanged(double speed);
    void lockingChanged(bool on);
    /// The fairness switch or its grace changed (request().config.fairnessGrace).
    void fairnessChanged();

protected:
    /// Spin boxes and combo boxes take the mouse wheel only once focused;
    /// otherwise it scrolls the settings.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
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
    QCheckBox* m_fairness;
    QSpinBox* m_grace;
    QComboBox* m_engine;
    QComboBox* m_profile;
    QSpinBox* m_seed;
    BackendInfo m_backend;
};

} // namespace treelock::ui
