#pragma once

#include "simulation/simulationsignals.h"

#include <QElapsedTimer>

#include <memory>

class QTimer;

namespace treelock {
class Engine;
}

namespace treelock::ui {

class TreeIndex;

/// Owns a running sim::Simulation or sim::ScenarioPlayer and the engine they
/// lock through; lives in the SimulationController's QThread, so engine
/// snapshots (Redis round trips) and scenario steps (which wait) never block
/// the GUI. Every 250 ms it polls statistics(), tree() and the engine's
/// snapshot and emits an immutable SimulationFrame. A scenario on the
/// in-process engine runs on a sim::ScenarioClock: time passes only while a
/// step runs, so the pace at which the viewer steps expires no lease.
class SimulationWorker : public SimulationSignals {
    Q_OBJECT
public:
    explicit SimulationWorker(QObject* parent = nullptr);
    ~SimulationWorker() override;

    // All of these run in the worker thread (the SimulationController posts them).
    /// Starts a new run (Idle or Finished) or resumes a paused one.
    void start(const SimulationRequest& request);
    void pause();
    /// Ends the run (threads joined, leases released); the last frame stays.
    void stop();
    /// Runs one event (creating a paused run from `request` if there is none).
    void step(const SimulationRequest& request);
    void setSpeed(double speed);
    void setLocking(bool on);
    /// The project's fairness grace of the running simulation (an engine call;
    /// nothing: off); the next run takes it from its request.
    void setFairness(std::optional<std::chrono::milliseconds> grace);

    /// Loads a compiled-in scenario and a fresh engine; stops a running simulation.
    /// What the scenario reports until it is dropped carries `session`.
    void loadScenario(const QString& name, SimulationEngine engine, const QString& redisUrl, quint64 session);
    /// Runs the scenario's next step (may take seconds: waits, TTLs).
    void scenarioNext();
    /// Drops the scenario (its player releases what the actors hold).
    void closeScenario();
    void shutdown();

private:
    bool create(const SimulationRequest& request);
    std::shared_ptr<Engine> openEngine(SimulationEngine engine, const QString& redisUrl, const std::string& project,
                                       QString* description);
    void poll();
    /// ServerClock::rate of the scenario's frames: 0 on the scenario clock (it stands still between steps).
    double scenarioClockRate() const;
    void publish(SimulationFrame::Source source, const sim::FileSystem::Snapshot& tree, Engine& engine,
                 std::shared_ptr<SimulationFrame> frame, bool forceTree, double clockRate);

    std::unique_ptr<sim::Simulation> m_sim;          // Owned.
    std::unique_ptr<sim::ScenarioPlayer> m_player;   // Owned.
    quint64 m_session = 0;                           // the loaded scenario's, 0 when none
    std::shared_ptr<Engine> m_scenarioEngine;
    std::shared_ptr<sim::ScenarioClock> m_scenarioClock; // the in-process scenario engine's clock
    bool m_virtualTime = false;                           // m_sim runs on the simulated clock
    double m_speed = 1;
    QString m_engineText;
    QString m_project;
    QTimer* m_timer = nullptr;                       // Owned (child).
    std::uint64_t m_treeVersion = 0;
    bool m_haveTree = false;
    QElapsedTimer m_treeAge;
    std::shared_ptr<const TreeIndex> m_index;
    LockStatePtr m_last;
    std::uint64_t m_generation = 0;
};

} // namespace treelock::ui
