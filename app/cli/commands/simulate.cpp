// `simulate`: virtual users on a simulated project tree, with faults.

#include "simulate.h"

#include "commanddeclarations.h"
#include "commandcontext.h"

#include "treelock/error.h"
#include "treelock/memoryengine.h"
#include "treelock/sim/limits.h"
#include "treelock/sim/simulation.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace treelock::cli {

namespace {

using Json = nlohmann::ordered_json;
using std::chrono::milliseconds;

// Exit 0; 1 if the safety monitor counted violations while locking was on.
int runSimulate(const SimulateCommand& cmd, CommandContext& ctx)
{
    const GlobalOptions& global = ctx.global();
    const bool useRedis = ctx.useRedis(cmd.memory);
    std::ostream& out = ctx.out();
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
    if (cmd.renewEvery) {
        if (*cmd.renewEvery > config.ttl)
            throw UsageError("invalid --renew-every " + std::to_string(cmd.renewEvery->count())
                             + ": must not be longer than the TTL (" + std::to_string(config.ttl.count()) + " ms)");
        config.renewEvery = *cmd.renewEvery;
    }
    if (cmd.uniform)
        config.targets = sim::TargetChoice::Uniform;
    if (cmd.grace)
        config.fairnessGrace = cmd.grace->grace;
    config.project = global.project;
    if (useRedis || cmd.realTime)
        config.timing = sim::Timing::RealTime;
    config.validate(); // before connecting: bad input is exit 2 whether Redis is up or not
    if (useRedis) {
        config.engine = ctx.engine();
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
    if (config.locking && stats.violations > 0)
        return ctx.fail(kExitInternal, "safety_violations",
                        std::to_string(stats.violations) + " safety violations with locking on");
    return 0;
}

BuildCommand declareSimulate(CLI::App& app)
{
    auto cmd = std::make_shared<SimulateCommand>();
    flag(app, "--memory", cmd->memory);
    flag(app, "--realtime", cmd->realTime);
    value(app, "--users", [cmd](const std::string& v) {
        cmd->users = static_cast<std::size_t>(
            values::wholeNumber("--users", v, sim::limits::kMinUsers, sim::limits::kMaxUsers));
    });
    value(app, "--seconds", [cmd](const std::string& v) { cmd->seconds = values::fraction("--seconds", v, 0.001, 86400); });
    value(app, "--seed", [cmd](const std::string& v) {
        cmd->seed = static_cast<std::uint64_t>(values::wholeNumber("--seed", v, 0, 9'000'000'000'000'000'000));
    });
    value(app, "--mix", [cmd](const std::string& v) {
        values::nonEmpty("--mix", v);
        try {
            cmd->mix = sim::parseMix(v);
        } catch (const InvalidInput& error) {
            throw UsageError(std::string("invalid --mix: ") + error.what());
        }
        double total = 0;
        for (double w : *cmd->mix)
            total += w;
        if (total <= 0)
            throw UsageError("invalid --mix " + quoteInput(v) + ": no operation has a weight > 0");
    });
    value(app, "--crash-rate", [cmd](const std::string& v) { cmd->crashRate = values::fraction("--crash-rate", v, 0, 1); });
    value(app, "--pause-rate", [cmd](const std::string& v) { cmd->pauseRate = values::fraction("--pause-rate", v, 0, 1); });
    value(app, "--slow-release-rate",
          [cmd](const std::string& v) { cmd->slowReleaseRate = values::fraction("--slow-release-rate", v, 0, 1); });
    flag(app, "--no-locking", cmd->noLocking);
    value(app, "--profile", [cmd](const std::string& v) { cmd->profile = values::profile(v); });
    value(app, "--ttl", [cmd](const std::string& v) { cmd->ttl = values::millis("--ttl", v, kMinTtl, kMaxTtl); });
    value(app, "--renew-every", [cmd](const std::string& v) {
        cmd->renewEvery = values::millis("--renew-every", v, std::chrono::milliseconds(10), kMaxTtl);
    });
    flag(app, "--uniform", cmd->uniform);
    value(app, "--grace", [cmd](const std::string& v) { cmd->grace = values::grace(v); });
    return [cmd](const Positionals&, const GlobalOptions& global) -> Command {
        if (cmd->crashRate + cmd->pauseRate + cmd->slowReleaseRate > 1)
            throw UsageError("--crash-rate, --pause-rate and --slow-release-rate add up to more than 1");
        if (cmd->memory && global.redisUrl)
            throw UsageError("simulate: --memory and --redis cannot be combined");
        return Command(*cmd, runSimulate);
    };
}

const CommandRegistration registration{{
    .rank = 160,
    .name = "simulate",
    .summary = "virtual users, faults and safety statistics",
    .help = "usage: treelock simulate [--memory | --redis URL] [--realtime] [--users N]\n"
        "                         [--seconds S] [--seed N] [--mix OP=W,...] [--crash-rate R]\n"
        "                         [--pause-rate R] [--slow-release-rate R] [--no-locking]\n"
        "                         [--profile fine|seed] [--ttl MS] [--renew-every MS]\n"
        "                         [--uniform] [--grace MS|off] [--json]\n"
        "\n"
        "Runs N virtual users doing the 11 operations on a simulated project tree through\n"
        "the lock engine, with faults, a fenced file system and a safety monitor, and\n"
        "prints the statistics (docs/simulator.md). By default: the in-process engine on\n"
        "a virtual clock (S simulated seconds, deterministic for a seed). Only --redis URL\n"
        "on the command line ($TREELOCK_REDIS does not count) runs it on Redis, in real\n"
        "time, on --project.\n"
        "  --memory               the in-process engine (the default; not with --redis)\n"
        "  --realtime             wall-clock time on the in-process engine\n"
        "  --users N              " + std::to_string(sim::limits::kMinUsers) + ".."
        + std::to_string(sim::limits::kMaxUsers) + " (default 20)\n"
        "  --seconds S            how long (default 10)\n"
        "  --seed N               random seed (default 1)\n"
        "  --mix OP=W,...         operation weights, e.g. create=3,move-folder=1 (others 0)\n"
        "  --crash-rate R         per operation: the holder dies, its lease expires (0..1)\n"
        "  --pause-rate R         per operation: the holder pauses past its TTL, then writes\n"
        "                         with its old fencing token\n"
        "  --slow-release-rate R  per operation: the holder keeps the lock 200 ms longer\n"
        "  --no-locking           users skip the lock: the monitor counts violations\n"
        "  --profile NAME         policy profile: fine (default) or seed\n"
        "  --ttl MS               lease TTL (default 2000)\n"
        "  --renew-every MS       how soon a holder first renews its lease, said when it\n"
        "                         is granted (10..TTL; default 20); later gaps double, up\n"
        "                         to a third of the TTL: fairness presumes a crashed holder\n"
        "                         dead 1.5 expected gaps after its last renewal\n"
        "  --uniform              pick targets uniformly (default: a hot spot)\n"
        "  --grace MS|off         the project's fairness grace, 0..60000 (default 5); off:\n"
        "                         a waiting writer can starve behind overlapping readers\n"
        "  --json                 keys: attempts, grants, conflicts, queued, timeouts,\n"
        "                         fencing_rejections, violations, ops_per_second,\n"
        "                         waits_by_operation, hot_spots, ...\n"
        "Exit 1 if violations were counted while locking was on.\n",
    .arguments = noArguments("simulate"),
    .declare = declareSimulate,
}};

} // namespace

} // namespace treelock::cli
