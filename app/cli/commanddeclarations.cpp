// Every `treelock` command, declared once: its options with their checks,
// ranges and exclusions, what it makes of its arguments, and its help.

#include "commanddeclarations.h"

#include "clivalues.h"

#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/redisurl.h"
#include "treelock/sim/limits.h"
#include "treelock/sim/simulation.h"

#include <algorithm>
#include <memory>

namespace treelock::cli {

namespace {

using std::chrono::milliseconds;
using Positionals = std::vector<std::string>;

static_assert(kContentionHalfLife == std::chrono::minutes(1), "`treelock help contention` says every minute");

// An option that takes a value; `apply` checks it and stores it (throws UsageError).
CLI::Option* value(CLI::App& app, const std::string& name, std::function<void(const std::string&)> apply)
{
    return app.add_option_function<std::string>(name, std::move(apply));
}

// An option that takes no value.
CLI::Option* flag(CLI::App& app, const std::string& name, bool& target)
{
    return app.add_flag(name, target);
}

// A command that takes no options.
template <typename T>
BuildCommand plain(CLI::App&)
{
    return [](const Positionals&, const GlobalOptions&) -> Command { return T{}; };
}

// Argument rules.
ArgumentRule none(std::string command)
{
    return [command](const Positionals& positionals) { values::noArguments(command, positionals); };
}

ArgumentRule oneLease(std::string command, values::LeaseArgument accepted = values::LeaseArgument::Whole)
{
    return [command, accepted](const Positionals& positionals) {
        values::leaseArgument(command, positionals, accepted);
    };
}

ArgumentRule oneFile(std::string command)
{
    return [command](const Positionals& positionals) {
        if (positionals.size() != 1)
            throw UsageError(positionals.empty() ? command + " needs a FILE"
                                                 : "unexpected argument " + quoteInput(positionals[1]) + " for "
                                                       + command + " (it takes one FILE)");
    };
}

// Arguments whose rule depends on the options: the command's build checks them.
void checkedWithTheOptions(const Positionals&) {}

BuildCommand declareAcquire(CLI::App& app)
{
    auto cmd = std::make_shared<AcquireCommand>();
    auto locks = std::make_shared<std::vector<std::string>>();
    auto op = std::make_shared<std::optional<std::string>>();
    value(app, "--owner", [cmd](const std::string& v) { cmd->owner = values::label("--owner", v); });
    value(app, "--ttl", [cmd](const std::string& v) { cmd->ttl = values::millis("--ttl", v, kMinTtl, kMaxTtl); });
    value(app, "--wait",
          [cmd](const std::string& v) { cmd->wait = values::millis("--wait", v, milliseconds(0), kMaxTtl); });
    CLI::Option* profile =
        value(app, "--profile", [cmd](const std::string& v) { cmd->profile = values::nonEmpty("--profile", v); });
    CLI::Option* policy =
        value(app, "--policy", [cmd](const std::string& v) { cmd->policyFile = values::nonEmpty("--policy", v); });
    profile->excludes(policy);
    app.add_option("--lock", *locks)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    value(app, "--op", [op](const std::string& v) { *op = v; });
    // The profile's name and the lock specs are checked once the exclusion is,
    // and --lock against --op once every spec is: the first fault is named.
    return [cmd, locks, op](const Positionals& positionals, const GlobalOptions&) -> Command {
        if (cmd->profile)
            values::profile(*cmd->profile);
        for (const auto& spec : *locks)
            cmd->locks.push_back(values::lock(spec));
        if (*op && !cmd->locks.empty())
            throw UsageError("--lock and --op cannot be combined");
        if (!*op) {
            if (cmd->locks.empty())
                throw UsageError("acquire needs --lock MODE:PATH or --op OPERATION ARGS...");
            if (cmd->profile || cmd->policyFile)
                throw UsageError(std::string(cmd->profile ? "--profile" : "--policy") + " applies only to --op");
            if (!positionals.empty())
                throw UsageError("unexpected argument " + quoteInput(positionals.front())
                                 + " for acquire (give paths as --lock MODE:PATH)");
            return *cmd;
        }
        cmd->operation = values::operation(**op, positionals);
        return *cmd;
    };
}

BuildCommand declareRelease(CLI::App&)
{
    return [](const Positionals& positionals, const GlobalOptions&) -> Command {
        return ReleaseCommand{positionals.front()};
    };
}

BuildCommand declareRenew(CLI::App& app)
{
    auto ttl = std::make_shared<std::optional<milliseconds>>();
    value(app, "--ttl", [ttl](const std::string& v) { *ttl = values::millis("--ttl", v, kMinTtl, kMaxTtl); });
    return [ttl](const Positionals& positionals, const GlobalOptions&) -> Command {
        return RenewCommand{positionals.front(), *ttl};
    };
}

BuildCommand declareForceRelease(CLI::App& app)
{
    auto cmd = std::make_shared<ForceReleaseCommand>();
    auto reason = std::make_shared<std::optional<std::string>>();
    auto lockDelay = std::make_shared<std::optional<std::string>>();
    auto operatorName = std::make_shared<std::optional<std::string>>();
    value(app, "--reason", [reason](const std::string& v) { *reason = values::label("--reason", v); });
    flag(app, "--admin", cmd->admin);
    app.add_option("--lock-delay", *lockDelay);
    app.add_option("--operator", *operatorName);
    // A missing --reason is named before the values that follow it.
    return [cmd, reason, lockDelay, operatorName](const Positionals& positionals, const GlobalOptions&) -> Command {
        if (!*reason)
            throw UsageError("force-release needs --reason TEXT (it is recorded in the event stream)");
        cmd->lease = positionals.front();
        cmd->reason = **reason;
        if (*lockDelay)
            cmd->lockDelay = values::millis("--lock-delay", **lockDelay, milliseconds(0), kMaxTtl);
        if (*operatorName)
            cmd->operatorName = values::label("--operator", **operatorName);
        return *cmd;
    };
}

BuildCommand declareSweep(CLI::App& app)
{
    auto cmd = std::make_shared<SweepCommand>();
    value(app, "--operator", [cmd](const std::string& v) { cmd->operatorName = values::label("--operator", v); });
    return [cmd](const Positionals&, const GlobalOptions&) -> Command {
        return *cmd;
    };
}

BuildCommand declareContention(CLI::App& app)
{
    auto cmd = std::make_shared<ContentionCommand>();
    value(app, "--top", [cmd](const std::string& v) {
        cmd->top = static_cast<std::size_t>(values::wholeNumber("--top", v, 1, static_cast<long long>(kContentionPaths),
                                                                "a whole number of paths"));
    });
    return [cmd](const Positionals&, const GlobalOptions&) -> Command {
        return *cmd;
    };
}

BuildCommand declareFsck(CLI::App& app)
{
    auto cmd = std::make_shared<FsckCommand>();
    flag(app, "--repair", cmd->repair);
    return [cmd](const Positionals&, const GlobalOptions&) -> Command {
        return *cmd;
    };
}

// The settings are NAME=VALUE arguments, not options.
BuildCommand declareConfig(CLI::App& app)
{
    auto operatorName = std::make_shared<std::optional<std::string>>();
    app.add_option("--operator", *operatorName);
    // The settings are checked before --operator's value, which goes with them.
    return [operatorName](const Positionals& positionals, const GlobalOptions&) -> Command {
        ConfigCommand cmd;
        for (const std::string& setting : positionals) {
            const auto eq = setting.find('=');
            if (eq == std::string::npos)
                throw UsageError("invalid setting " + quoteInput(setting)
                                 + ": expected NAME=VALUE, e.g. events=audit or grace=5");
            const std::string_view key = std::string_view(setting).substr(0, eq);
            const std::string v = setting.substr(eq + 1);
            if (key == "events") {
                if (cmd.events)
                    throw UsageError("setting events given twice");
                cmd.events = parseEventLevel(v);
                if (!cmd.events)
                    throw UsageError("invalid events " + quoteInput(v) + ": expected all or audit");
            } else if (key == "grace") {
                if (cmd.grace)
                    throw UsageError("setting grace given twice");
                cmd.grace = values::grace(v);
            } else {
                throw UsageError("unknown setting " + quoteInput(key) + ": the settings are: events, grace");
            }
        }
        if (*operatorName)
            cmd.operatorName = values::label("--operator", **operatorName);
        if (cmd.operatorName && !cmd.changes())
            throw UsageError("--operator is recorded with a change: give events=all|audit or grace=MS|off");
        return cmd;
    };
}

BuildCommand declareEvents(CLI::App& app)
{
    auto cmd = std::make_shared<EventsCommand>();
    value(app, "--from", [cmd](const std::string& v) {
        if (!values::isStreamId(values::nonEmpty("--from", v)))
            throw UsageError("invalid --from " + quoteInput(v)
                             + ": expected an event id such as 1700000000000-0 (or 0)");
        cmd->from = v;
    });
    value(app, "--count", [cmd](const std::string& v) {
        cmd->count = static_cast<std::size_t>(values::wholeNumber("--count", v, 1, 1'000'000'000));
    });
    flag(app, "--follow", cmd->follow);
    return [cmd](const Positionals&, const GlobalOptions&) -> Command {
        return *cmd;
    };
}

BuildCommand declareMatrix(CLI::App& app)
{
    auto cmd = std::make_shared<MatrixCommand>();
    value(app, "--profile", [cmd](const std::string& v) { cmd->profile = values::profile(v); });
    flag(app, "--markdown", cmd->markdown);
    return [cmd](const Positionals&, const GlobalOptions& global) -> Command {
        if (cmd->markdown && global.json)
            throw UsageError("matrix: --json and --markdown cannot be combined");
        return *cmd;
    };
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
    flag(app, "--uniform", cmd->uniform);
    value(app, "--grace", [cmd](const std::string& v) { cmd->grace = values::grace(v); });
    return [cmd](const Positionals&, const GlobalOptions& global) -> Command {
        if (cmd->crashRate + cmd->pauseRate + cmd->slowReleaseRate > 1)
            throw UsageError("--crash-rate, --pause-rate and --slow-release-rate add up to more than 1");
        if (cmd->memory && global.redisUrl)
            throw UsageError("simulate: --memory and --redis cannot be combined");
        return *cmd;
    };
}

BuildCommand declareScenario(CLI::App& app)
{
    auto cmd = std::make_shared<ScenarioCommand>();
    flag(app, "--memory", cmd->memory);
    return [cmd](const Positionals& positionals, const GlobalOptions& global) -> Command {
        cmd->file = positionals.front();
        if (cmd->memory && global.redisUrl)
            throw UsageError("scenario: --memory and --redis cannot be combined");
        return *cmd;
    };
}

BuildCommand declareHelp(CLI::App&)
{
    return [](const Positionals& positionals, const GlobalOptions&) -> Command {
        if (positionals.size() > 1)
            throw UsageError("unexpected argument " + quoteInput(positionals[1]) + " for help");
        HelpCommand help;
        if (!positionals.empty()) {
            help.topic = positionals.front();
            const auto& all = commandDeclarations();
            if (std::none_of(all.begin(), all.end(), [&](const auto& command) { return command.name == help.topic; }))
                throw UsageError("unknown command " + quoteInput(help.topic) + " (try treelock --help)");
        }
        return help;
    };
}

} // namespace

const std::vector<CommandDeclaration>& commandDeclarations()
{
    static const std::vector<CommandDeclaration> declarations{
        {"acquire", "take locks (--lock MODE:PATH ... or --op OPERATION ARGS...)",
         "usage: treelock acquire [--owner NAME] [--ttl MS] [--wait MS]\n"
         "                        [--profile fine|seed | --policy FILE.json]\n"
         "                        (--lock MODE:PATH [--lock MODE:PATH ...] | --op OPERATION ARGS...)\n"
         "\n"
         "Takes every lock of one lease, or none (atomically). Prints the lease id.\n"
         "  --lock MODE:PATH  MODE is IS, IX, S, SIX or X; the first ':' ends it\n"
         "  --op OPERATION    lock what OPERATION needs, planned by the policy:\n"
         "      create FOLDER NAME | upload FOLDER NAME | move-folder SRC DSTFOLDER\n"
         "      | move-file SRC DSTFOLDER | copy-folder SRC DSTFOLDER | copy-file SRC DSTFOLDER\n"
         "      | rename-folder SRC NEWNAME | rename-file SRC NEWNAME | delete-folder PATH\n"
         "      | delete-file PATH | purge ITEM...\n"
         "  --owner NAME      holder label (default: $USER, else anonymous)\n"
         "  --ttl MS          time to live, 10..86400000 (default 30000)\n"
         "  --wait MS         wait up to MS for the blockers to go (default 0: one attempt);\n"
         "                    meanwhile the request is listed by `treelock waiting`, and\n"
         "                    past the grace (treelock help config) newer requests that\n"
         "                    conflict with it wait behind it\n"
         "  --profile NAME    built-in policy for --op: fine (default) or seed\n"
         "  --policy FILE     policy document (JSON) for --op\n"
         "On conflict prints the blocking lease, or the older waiting request that goes\n"
         "first, and exits 3. Put `--` before arguments that start with '-'.\n",
         checkedWithTheOptions, declareAcquire},
        {"release", "release a lease",
         "usage: treelock release LEASE\n"
         "\n"
         "Drops one hold of the lease; the last hold frees its paths. Prints nothing\n"
         "(with --json: {\"lease\",\"remaining_holds\"}). Exit 4 if the lease is unknown or expired.\n",
         oneLease("release"), declareRelease},
        {"renew", "extend a lease",
         "usage: treelock renew LEASE [--ttl MS]\n"
         "\n"
         "Extends a live lease to now + MS (default: its own TTL). Prints the new expiry\n"
         "in ms since the epoch (server time). Exit 4 if the lease is unknown or expired.\n",
         oneLease("renew"), declareRenew},
        {"force-release", "operator release of a lease (audited)",
         "usage: treelock force-release LEASE --reason TEXT [--admin] [--lock-delay MS]\n"
         "                              [--operator NAME]\n"
         "\n"
         "Operator release, recorded in the event stream with operator, host and reason.\n"
         "An expired lease needs no flag; revoking a live one needs --admin (else exit 3).\n"
         "LEASE may be the start of an id (8 digits or more), as `locks` and `waiting`\n"
         "show it, if it names one lease.\n"
         "  --lock-delay MS   keep a revoked live lease's paths blocked for MS\n"
         "  --operator NAME   recorded operator (default: $USER, else operator)\n",
         oneLease("force-release", values::LeaseArgument::WholeOrStart), declareForceRelease},
        {"sweep", "reap expired leases",
         "usage: treelock sweep [--operator NAME]\n"
         "\n"
         "Reaps every expired lease now and prints how many.\n",
         none("sweep"), declareSweep},
        {"locks", "list leases",
         "usage: treelock locks\n"
         "\n"
         "Lists every lease of the project: id prefix, owner, operation, requests, fence,\n"
         "state (live, expired, revoked) and time left. --json: every field, and\n"
         "server_time_ms.\n",
         none("locks"), plain<LocksCommand>},
        {"waiting", "list the requests waiting for locks",
         "usage: treelock waiting\n"
         "\n"
         "Lists the requests that wait (acquire --wait), oldest first: owner, operation,\n"
         "requests, how long it has WAITED, who is BEHIND its last refusal, a lease\n"
         "(\"alice's move-folder (X /A/C), lease 9030be43\": the start of its id, which\n"
         "force-release takes) or an older waiting request (\"bob's delete-folder\n"
         "(X /A), waiting\"), and the node they clash AT. HOLDS BACK is yes\n"
         "once it has waited past the grace (treelock help config): newer conflicting\n"
         "requests wait behind it.\n"
         "A request that stops trying (its process died) is dropped "
         + std::to_string(kWaitRefresh.count() / 1000) + " s after its\n"
         "last attempt. --json: {\"server_time_ms\", \"waiters\": [...]} with every field.\n",
         none("waiting"), plain<WaitingCommand>},
        {"contention", "the paths where acquires are refused most",
         "usage: treelock contention [--top N]\n"
         "\n"
         "The paths where acquires were refused most, hottest first: refusals per minute\n"
         "(each counts half as much every minute, so the number follows current load), the\n"
         "total since the path entered the table, how many waiting requests are stuck\n"
         "there, the last refused attempt and the operations that clashed (\"copy-folder vs\n"
         "delete-folder ×12\": the refused one, then the one in its way). A waiting\n"
         "request counts once per lease or waiter in its way, not per retry. The project\n"
         "keeps the " + std::to_string(kContentionPaths) + " hottest paths.\n"
         "  --top N   how many paths to print, 1.." + std::to_string(kContentionPaths) + " (default 10)\n"
         "--json: {\"server_time_ms\", \"paths\": [...]} with every field.\n",
         none("contention"), declareContention},
        {"topology", "the primary, replicas, sentinels or shards serving the project",
         "usage: treelock topology\n"
         "\n"
         "Who serves the project: the primary (its ROLE and replication offset), each\n"
         "replica with its offset, bytes behind and time since its last acknowledgement,\n"
         "behind a redis+sentinel:// URL every sentinel with the primary it names, its\n"
         "flags and the replicas and sentinels it knows (or why it could not be asked),\n"
         "and on a redis+cluster:// URL the project's slot and every shard: its primary,\n"
         "slots and replicas. --json: one object with kind, url, project, primary,\n"
         "replicas, and sentinels or slot and shards. Exit 5 when no primary can be\n"
         "reached (the sentinels' views and the other shards are printed all the same).\n",
         none("topology"), plain<TopologyCommand>},
        {"projects", "every project on the server or cluster, with its leases",
         "usage: treelock projects\n"
         "\n"
         "Lists every project on the primary, or on every primary of a Redis Cluster:\n"
         "its name, its leases (expired ones not yet reaped included) and the node\n"
         "serving it (with its slot on a cluster). A project appears once it has been\n"
         "granted a lock. Found with SCAN, never KEYS, so a large server is not\n"
         "blocked. --json: {\"projects\": [{name, leases, node[, slot]}]}.\n",
         none("projects"), plain<ProjectsCommand>},
        {"fsck", "check (and --repair) the node counts",
         "usage: treelock fsck [--repair]\n"
         "\n"
         "Recomputes the node counts from the leases and prints every difference.\n"
         "Exit 0 when clean, 6 when differences were found (also with --repair, which\n"
         "fixes them and prints \"repaired\").\n",
         none("fsck"), declareFsck},
        {"config", "print or change the project's settings (events, grace)",
         "usage: treelock config [events=all|audit] [grace=MS|off] [--operator NAME]\n"
         "\n"
         "Prints the project's settings, one NAME=VALUE a line; with NAME=VALUE, changes\n"
         "them first (a change is recorded as a config event). --json: one object.\n"
         "  events=all     record every grant and release as an event (the default)\n"
         "  events=audit   record expiries, force-releases, sweeps and setting changes\n"
         "                 only: about 15 % less server time per lock\n"
         "  grace=MS       a request that has waited MS (0.." + std::to_string(kMaxGrace.count()) + ", default "
         + std::to_string(kDefaultGrace.count()) + ") holds back\n"
         "                 newer requests that conflict with it, so none waits forever\n"
         "  grace=off      no fairness: whoever tries when the paths are free gets them\n"
         "  --operator NAME   recorded operator (default: $USER, else operator)\n",
         checkedWithTheOptions, declareConfig},
        {"check-history", "check the event stream against the lock guarantees",
         "usage: treelock check-history\n"
         "\n"
         "Replays the project's event stream and checks that every grant was compatible\n"
         "with every lease live at that moment, that fences strictly increase, and that\n"
         "every release, expiry and force matches a grant. Prints the verdict and the\n"
         "first violation. The stream keeps about 10,000 events: when older ones were\n"
         "trimmed it says so and checks what is left. A project at events=audit records\n"
         "no grants and releases (treelock help config): from where that began, only\n"
         "what was recorded is checked, and a note says from which event on. Exit 0 when\n"
         "ok, 6 on a violation.\n",
         none("check-history"), plain<CheckHistoryCommand>},
        {"events", "print (or --follow) the event stream",
         "usage: treelock events [--from ID] [--count N] [--follow]\n"
         "\n"
         "Prints the project's events (grant, release, expire, force, sweep, config), one\n"
         "a line; JSON lines with --json.\n"
         "  --from ID    only events after stream id ID (default: from the start)\n"
         "  --count N    print at most N events\n"
         "  --follow     keep printing new events (polls every 100 ms) until SIGINT/SIGTERM\n",
         none("events"), declareEvents},
        {"matrix", "the seed's permission table checked against the engine",
         "usage: treelock matrix [--profile fine|seed] [--json | --markdown]\n"
         "\n"
         "The seed's permission table (resources/matrix/seed-expected.json) checked\n"
         "against the engine: every sub-cell runs as a scenario on a scratch in-process\n"
         "project (no server needed) and is compared with the seed's expectation;\n"
         "differences carry a reason.\n"
         "  --profile NAME   policy profile: fine (default) or seed\n"
         "  --json           a list of cells: row and column operation, object, seed\n"
         "                   expectation, engine result, both lock plans, clash, reason\n"
         "  --markdown       the profile's grid and differences; without --profile, the\n"
         "                   whole of docs/permission-matrix.md (both profiles)\n"
         "Default output: a plain-text grid and the differences.\n",
         none("matrix"), declareMatrix},
        {"simulate", "virtual users, faults and safety statistics",
         "usage: treelock simulate [--memory | --redis URL] [--realtime] [--users N]\n"
         "                         [--seconds S] [--seed N] [--mix OP=W,...] [--crash-rate R]\n"
         "                         [--pause-rate R] [--slow-release-rate R] [--no-locking]\n"
         "                         [--profile fine|seed] [--ttl MS] [--uniform]\n"
         "                         [--grace MS|off] [--json]\n"
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
         "  --uniform              pick targets uniformly (default: a hot spot)\n"
         "  --grace MS|off         the project's fairness grace, 0..60000 (default 5); off:\n"
         "                         a waiting writer can starve behind overlapping readers\n"
         "  --json                 keys: attempts, grants, conflicts, queued, timeouts,\n"
         "                         fencing_rejections, violations, ops_per_second,\n"
         "                         waits_by_operation, hot_spots, ...\n"
         "Exit 1 if violations were counted while locking was on.\n",
         none("simulate"), declareSimulate},
        {"scenario", "play a scripted conflict scenario",
         "usage: treelock scenario FILE [--memory | --redis URL] [--json]\n"
         "\n"
         "Plays a scenario (resources/scenarios/*.json): one line per step with what\n"
         "happened and whether it was the expected outcome, then the step's narration.\n"
         "Engine as for simulate: in-process unless --redis URL is on the command line\n"
         "(then the project must hold no leases). Exit 0 only if every step had its\n"
         "expected outcome, else 1.\n"
         "  --memory   the in-process engine (the default; not with --redis)\n"
         "  --json     one object: scenario, passed, steps\n",
         oneFile("scenario"), declareScenario},
        {"help", "help on a command",
         "usage: treelock help [COMMAND]\n"
         "\n"
         "Prints the overview, or the usage of COMMAND.\n",
         checkedWithTheOptions, declareHelp},
    };
    return declarations;
}

void declareGlobalOptions(CLI::App& app, GlobalOptions& global)
{
    GlobalOptions* g = &global;
    value(app, "--redis", [g](const std::string& v) { g->redisUrl = values::nonEmpty("--redis", v); });
    value(app, "--project", [g](const std::string& v) {
        try {
            validateProject(v);
        } catch (const InvalidInput& error) {
            throw UsageError(error.what());
        }
        g->project = v;
    });
    flag(app, "--json", global.json);
    flag(app, "--quiet,-q", global.quiet);
    flag(app, "--case-insensitive", global.caseInsensitive);
    value(app, "--min-replicas", [g](const std::string& v) {
        g->minReplicas = static_cast<int>(values::wholeNumber("--min-replicas", v, 0, kMaxMinReplicas));
    });
    value(app, "--replica-timeout", [g](const std::string& v) {
        g->replicaTimeout = values::millis("--replica-timeout", v, milliseconds(1), kMaxReplicaTimeout);
    });
    // Handled before the parse: they win over everything else on the line.
    app.add_flag("--help,-h");
    app.add_flag("--version");
}

} // namespace treelock::cli
