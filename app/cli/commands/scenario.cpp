// `scenario FILE`: plays a scripted conflict scenario.

#include "scenario.h"

#include "commanddeclarations.h"
#include "commandcontext.h"

#include "treelock/error.h"
#include "treelock/memoryengine.h"
#include "treelock/sim/scenario.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace treelock::cli {

namespace {

using Json = nlohmann::ordered_json;

// Exit 0 only if every step had its expected outcome, else 1.
int runScenario(const ScenarioCommand& cmd, CommandContext& ctx)
{
    const GlobalOptions& global = ctx.global();
    const bool useRedis = ctx.useRedis(cmd.memory);
    std::ostream& out = ctx.out();
    sim::Scenario scenario = sim::Scenario::fromFile(cmd.file);
    // A Sentinel scenario kills primaries: it runs on its own private set-up, never on --redis.
    const bool ownEngine = sim::ScenarioPlayer::bringsItsOwnEngine(scenario);
    if (ownEngine && (useRedis || cmd.memory))
        throw InvalidInput("scenario " + scenario.name
                           + " kills Redis primaries: it runs on a private primary, replica and three sentinels "
                             "of its own; leave out " + (useRedis ? "--redis" : "--memory"));
    std::shared_ptr<Engine> engine;
    if (!ownEngine)
        engine = useRedis ? ctx.engine()
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
    if (!player.passed())
        return ctx.fail(kExitInternal, "scenario_failed", "scenario " + s.name + " failed");
    return 0;
}

BuildCommand declareScenario(CLI::App& app)
{
    auto cmd = std::make_shared<ScenarioCommand>();
    flag(app, "--memory", cmd->memory);
    return [cmd](const Positionals& positionals, const GlobalOptions& global) -> Command {
        cmd->file = positionals.front();
        if (cmd->memory && global.redisUrl)
            throw UsageError("scenario: --memory and --redis cannot be combined");
        return Command(*cmd, runScenario);
    };
}

const CommandRegistration registration{{
    .rank = 170,
    .name = "scenario",
    .summary = "play a scripted conflict scenario",
    .help = "usage: treelock scenario FILE [--memory | --redis URL] [--json]\n"
        "\n"
        "Plays a scenario (resources/scenarios/*.json): one line per step with what\n"
        "happened and whether it was the expected outcome, then the step's narration.\n"
        "Engine as for simulate: in-process unless --redis URL is on the command line\n"
        "(then the project must hold no leases). Exit 0 only if every step had its\n"
        "expected outcome, else 1.\n"
        "  --memory   the in-process engine (the default; not with --redis)\n"
        "  --json     one object: scenario, passed, steps\n",
    .arguments = oneFile("scenario"),
    .declare = declareScenario,
}};

} // namespace

} // namespace treelock::cli
