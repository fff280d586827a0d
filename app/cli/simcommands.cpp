#include "simcommands.h"

#include "commandcontext.h"
#include "handlers.h"

#include "treelock/error.h"
#include "treelock/memoryengine.h"
#include "treelock/sim/scenario.h"
#include "treelock/sim/simulation.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace treelock::cli {

namespace {
using Json = nlohmann::ordered_json;
using std::chrono::milliseconds;
} // namespace

int runSimulate(const SimulateCommand& cmd, const GlobalOptions& global, bool useRedis,
                const ConnectRedis& connect, std::ostream& out, std::ostream& err)
{
    sim::SimulationConfig config;
    config.users = cmd.users;
    config.duration = milliseconds(static_cast<long long>(cmd.seconds * 1000.0));
    config.seed = cmd.seed;
    if (cmd.mix)
        config.mix = *cmd.mix;
    config.crashRate = cmd.crashRate;
    config.pauseRate = cmd.pauseRate;
    config.slowReleaseRate = cmd.slowReleaseRate;
    config.locking = !cmd.noLocking;
    config.profile = cmd.profile.value_or("fine");
    if (cmd.ttl)
        config.ttl = *cmd.ttl;
    if (cmd.uniform)
        config.targets = sim::TargetChoice::Uniform;
    if (cmd.grace)
        config.fairnessGrace = cmd.grace->grace;
    config.project = global.project;
    if (useRedis || cmd.realTime)
        config.timing = sim::Timing::RealTime;
    config.validate(); // before connecting: bad input is exit 2 whether Redis is up or not
    if (useRedis) {
        config.engine = connect();
    } else if (cmd.realTime) {
        config.engine = std::make_shared<MemoryEngine>(global.project, PathOptions{global.caseInsensitive});
    }
    sim::Simulation simulation(config);
    const sim::Statistics stats = simulation.run();
    if (global.json)
        out << sim::toJson(stats, -1) << "\n";
    else
        out << "engine " << simulation.engine()->describe() << ", "
            << (config.timing == sim::Timing::Virtual ? "virtual time (deterministic)" : "real time") << ", seed "
            << config.seed << ", profile " << config.profile << "\n"
            << sim::toText(stats);
    if (config.locking && stats.violations > 0) {
        err << "treelock: " << stats.violations << " safety violations with locking on\n";
        return 1;
    }
    return 0;
}

int runScenario(const ScenarioCommand& cmd, const GlobalOptions& global, bool useRedis,
                const ConnectRedis& connect, std::ostream& out, std::ostream& err)
{
    sim::Scenario scenario = sim::Scenario::fromFile(cmd.file);
    // A Sentinel scenario kills primaries: it runs on its own private set-up, never on --redis.
    const bool ownEngine = sim::ScenarioPlayer::bringsItsOwnEngine(scenario);
    if (ownEngine && (useRedis || cmd.memory))
        throw InvalidInput("scenario " + scenario.name
                           + " kills Redis primaries: it runs on a private primary, replica and three sentinels "
                             "of its own; leave out " + (useRedis ? "--redis" : "--memory"));
    std::shared_ptr<Engine> engine;
    if (!ownEngine)
        engine = useRedis ? connect()
                          : std::make_shared<MemoryEngine>(global.project, PathOptions{global.caseInsensitive});
    if (const auto held = engine ? engine->snapshot().leases.size() : 0)
        throw InvalidInput("project " + global.project + " has " + std::to_string(held)
                           + (held == 1 ? " lease" : " leases")
                           + "; play scenarios on an empty project (--project NAME)");
    sim::ScenarioPlayer player(std::move(scenario), engine);
    engine = player.engine();
    const sim::Scenario& s = player.scenario();
    Json steps = Json::array();
    if (!global.json) {
        out << s.title << "\n";
        if (!s.description.empty())
            out << s.description << "\n";
        out << "engine " << engine->describe() << ", profile " << s.profile << "\n\n";
    }
    player.runAll([&](const sim::StepResult& r) {
        if (global.json) {
            steps.push_back({{"step", r.index + 1}, {"actor", r.actor}, {"action", r.action}, {"what", r.what},
                             {"expected", r.expected}, {"actual", r.actual}, {"detail", r.detail},
                             {"ok", r.ok}, {"narration", r.narration}});
            return;
        }
        out << r.line() << "\n";
        if (!r.narration.empty())
            out << "        " << r.narration << "\n";
        out.flush();
    });
    if (global.json) {
        out << Json{{"scenario", s.name}, {"passed", player.passed()}, {"steps", steps}}.dump() << "\n";
    } else {
        out << "\n" << (player.passed() ? "passed: every step had its expected outcome"
                                         : "FAILED: a step did not have its expected outcome")
            << "\n";
    }
    if (!player.passed()) {
        err << "treelock: scenario " << s.name << " failed\n";
        return 1;
    }
    return 0;
}

int run(const SimulateCommand& cmd, CommandContext& ctx)
{
    return runSimulate(cmd, ctx.global(), ctx.useRedis(cmd.memory), [&ctx] { return ctx.engine(); }, ctx.out(),
                       ctx.err());
}

int run(const ScenarioCommand& cmd, CommandContext& ctx)
{
    return runScenario(cmd, ctx.global(), ctx.useRedis(cmd.memory), [&ctx] { return ctx.engine(); }, ctx.out(),
                       ctx.err());
}

} // namespace treelock::cli
