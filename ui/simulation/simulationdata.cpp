#include "simulation/simulationdata.h"

#include "lockview/decoration.h"
#include "lockview/treeindex.h"
#include "simulation/scenariotexts.h"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>
#include <cmath>
#include <set>

namespace treelock::ui {

ProjectTreeData treeFromSnapshot(const sim::FileSystem::Snapshot& snapshot, const QString& name)
{
    ProjectTreeData tree;
    tree.name = name;
    tree.source = QStringLiteral("simulation");
    tree.entries.reserve(snapshot.entries.size());
    for (const sim::Entry& e : snapshot.entries)
        if (e.path != "/")
            tree.entries.push_back({e.path, e.kind == sim::EntryKind::Folder});
    return tree;
}

LockStatePtr lockStateFor(const Snapshot& snapshot, const TreeIndex* tree, const LockState* previous,
                          bool treeChanged, std::uint64_t generation, double clockRate)
{
    auto state = newLockState();
    state->generation = generation;
    state->clock.serverTime = snapshot.serverTime;
    state->clock.localTime = std::chrono::steady_clock::now();
    state->clock.rate = clockRate;
    state->leases = snapshot.leases;
    state->waiters = snapshot.waiters; // the simulated users that wait: the tree marks where
    state->full = treeChanged || !previous;
    decorateState(*state, snapshot.serverTime, tree, state->full ? nullptr : &previous->nodes);
    return state;
}

QString stepText(const sim::ScenarioStep& step)
{
    QString text = scenarioActionWord(step.action);
    if (step.call) {
        text += QLatin1Char(' ') + QString::fromUtf8(std::string(toString(step.call->op)));
        for (const std::string& a : step.call->args)
            text += QLatin1Char(' ') + QString::fromStdString(a);
    }
    if (step.action == sim::ScenarioAction::Wait && step.waitFor.count() > 0)
        text += QCoreApplication::translate("ScenarioPlan", " %1 ms").arg(step.waitFor.count());
    if (step.background)
        text += QCoreApplication::translate("ScenarioPlan", " in the background, up to %1 ms").arg(step.waitFor.count());
    if (!step.target.empty())
        text += QLatin1Char(' ') + QString::fromStdString(step.target);
    return text;
}

ScenarioPlanPtr planOf(const sim::Scenario& scenario, quint64 session)
{
    auto plan = std::make_shared<ScenarioPlan>();
    plan->session = session;
    plan->name = QString::fromStdString(scenario.name);
    plan->title = scenarioText(scenario.title);
    plan->description = scenarioDescription(scenario.description);
    // Where steps use different policy profiles, the same words may lock
    // differently: each acquire then says which profile it runs under.
    std::set<std::string> profiles;
    for (const sim::ScenarioStep& s : scenario.steps)
        if (s.action == sim::ScenarioAction::Acquire)
            profiles.insert(s.profile.value_or(scenario.profile));
    for (const sim::ScenarioStep& s : scenario.steps) {
        QString what = stepText(s);
        if (profiles.size() > 1 && s.action == sim::ScenarioAction::Acquire)
            what += QCoreApplication::translate("ScenarioPlan", " · %1 profile").arg(QString::fromStdString(s.profile.value_or(scenario.profile)));
        plan->steps.push_back({QString::fromStdString(s.actor), what, QString::fromStdString(s.expect),
                               scenarioText(s.narration)});
    }
    return plan;
}

QColor heatColor(std::uint64_t value, std::uint64_t max)
{
    if (value == 0 || max == 0)
        return QColor(Qt::white);
    // log scale: 1 -> 0.15, max -> 1
    const double t = max <= 1 ? 1.0 : 0.15 + 0.85 * std::log(double(value)) / std::log(double(max));
    const double f = std::clamp(t, 0.0, 1.0);
    // pale yellow (255, 243, 196) -> orange (245, 124, 0) -> deep red (183, 28, 28)
    auto mix = [](int a, int b, double k) { return int(std::lround(a + (b - a) * k)); };
    if (f < 0.5) {
        const double k = f / 0.5;
        return QColor(mix(255, 245, k), mix(243, 124, k), mix(196, 0, k));
    }
    const double k = (f - 0.5) / 0.5;
    return QColor(mix(245, 183, k), mix(124, 28, k), mix(0, 28, k));
}

QStringList builtinScenarios()
{
    QStringList names;
    for (const QString& f : QDir(QStringLiteral(":/scenarios")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        names << f.chopped(5);
    return names;
}

void registerSimulationTypes()
{
    qRegisterMetaType<SimulationFramePtr>();
    qRegisterMetaType<ScenarioPlanPtr>();
    qRegisterMetaType<SimulationRequest>();
    qRegisterMetaType<sim::StepResult>();
}

} // namespace treelock::ui
