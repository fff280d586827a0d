#pragma once

#include "lockview/lockstate.h"
#include "lockview/projecttree.h"

#include <treelock/sim/scenario.h>
#include <treelock/sim/simulation.h>

#include <QColor>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace treelock::ui {

class TreeIndex;

/// Where a simulation or scenario takes its locks.
enum class SimulationEngine {
    Memory, ///< an in-process MemoryEngine on the simulator's virtual clock (deterministic)
    Redis,  ///< the Redis server Studio is connected to, in a separate project
};

/// What the Simulation panel asks the worker to run. Defaults in one place.
struct SimulationRequest {
    sim::SimulationConfig config;   ///< timing, engine and duration are set by the worker
    SimulationEngine engine = SimulationEngine::Memory;
    QString redisUrl;               ///< Redis: the server Studio shows (BackendInfo::url)
    double speed = 1;               ///< simulated ms per wall ms; 0 = as fast as possible
};

/// One picture of a running simulation or scenario, made by the worker every
/// 250 ms (and after every step). Immutable, shared with the GUI thread.
struct SimulationFrame {
    enum class Source { Simulation, Scenario };
    Source source = Source::Simulation;
    sim::Simulation::State state = sim::Simulation::State::Idle;
    sim::Statistics statistics;                 ///< Source::Simulation only
    std::optional<ProjectTreeData> tree;        ///< set when the simulated tree changed
    LockStatePtr locks;                         ///< the engine's leases, decorated on `tree`
    QString project;                            ///< the engine's project ("sim")
    QString engineText;                         ///< "memory (virtual clock)", the Redis URL
    quint64 scenario = 0;                       ///< Source::Scenario: the load it belongs to (ScenarioPlayer::session())
};
using SimulationFramePtr = std::shared_ptr<const SimulationFrame>;

/// A scenario as the step table shows it before it runs.
struct ScenarioPlan {
    QString name;
    QString title;
    QString description;
    struct Step {
        QString actor;
        QString what;       ///< "acquire move-folder /A/C /B"
        QString expected;   ///< the expected outcome word, or empty for the action's default
        QString narration;
    };
    std::vector<Step> steps;
    quint64 session = 0;    ///< the load that made it (ScenarioPlayer::session())
};
using ScenarioPlanPtr = std::shared_ptr<const ScenarioPlan>;

// Pure functions (any thread, no I/O), unit-tested in tests/ui/tst_simulation.cpp.

/// The simulated file system as a project tree (the root omitted). O(entries).
ProjectTreeData treeFromSnapshot(const sim::FileSystem::Snapshot& snapshot, const QString& name);

/// Decorates an engine snapshot (its leases and waiters) on `tree` and diffs it
/// against `previous` (full when there is none or when `treeChanged`). `clockRate`
/// is the engine's time per wall-clock time from now on (ServerClock::rate).
/// O(leases x depth + waiter requests + changed).
LockStatePtr lockStateFor(const Snapshot& snapshot, const TreeIndex* tree, const LockState* previous,
                          bool treeChanged, std::uint64_t generation, double clockRate = 1.0);

/// The plan of a scenario loaded as `session`: one row per step, nothing run yet.
ScenarioPlanPtr planOf(const sim::Scenario& scenario, quint64 session = 0);

/// "acquire move-folder /A/C /B", "write", "wait 2500 ms",
/// "acquire delete-folder /A/C/E in the background, up to 10000 ms", "await".
QString stepText(const sim::ScenarioStep& step);

/// Heat-map colour for a cell holding `value` where the largest cell holds
/// `max`: white at 0, pale yellow to deep red on a logarithmic scale.
QColor heatColor(std::uint64_t value, std::uint64_t max);

/// The names of the compiled-in scenarios (":/scenarios/<name>.json"), sorted.
QStringList builtinScenarios();

/// Registers the simulation's value types with Qt's meta-type system (idempotent).
void registerSimulationTypes();

} // namespace treelock::ui

Q_DECLARE_METATYPE(treelock::ui::SimulationFramePtr)
Q_DECLARE_METATYPE(treelock::ui::ScenarioPlanPtr)
Q_DECLARE_METATYPE(treelock::ui::SimulationRequest)
Q_DECLARE_METATYPE(treelock::sim::StepResult)
