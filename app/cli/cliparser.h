#pragma once

#include "treelock/engine.h"
#include "treelock/error.h"
#include "treelock/lockmode.h"
#include "treelock/policy.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace treelock::cli {

/// A command line that does not follow the syntax (unknown option, missing or
/// malformed value, wrong number of arguments). The tool exits with 2. The
/// message names the offending option or argument.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Options valid with every command (before or after the command name).
struct GlobalOptions {
    std::optional<std::string> redisUrl; ///< --redis; unset: $TREELOCK_REDIS, then the default
    std::string project = "default";     ///< --project, validated
    bool json = false;                   ///< --json
    bool quiet = false;                  ///< --quiet: no server warnings on stderr
    bool caseInsensitive = false;        ///< --case-insensitive: PathOptions::caseInsensitive
    std::optional<int> minReplicas;      ///< --min-replicas; unset: $TREELOCK_MIN_REPLICAS, then 0
    std::optional<std::chrono::milliseconds> replicaTimeout; ///< --replica-timeout; unset: 100 ms
};

/// `--help`, `-h`, `help [COMMAND]`: print usage (topic "" = overview) and exit 0.
struct HelpCommand {
    std::string topic;
};

/// `--version`.
struct VersionCommand {};

/// One `--lock MODE:PATH`. The path is kept as typed; core validates it.
struct LockSpec {
    LockMode mode = LockMode::X;
    std::string path;
    friend bool operator==(const LockSpec&, const LockSpec&) = default;
};

/// `acquire`: exactly one of `locks` (non-empty) and `operation` is set.
struct AcquireCommand {
    std::optional<std::string> owner;            ///< unset: $USER, then "anonymous"
    std::chrono::milliseconds ttl = kDefaultTtl;
    std::chrono::milliseconds wait{0};           ///< 0: one attempt
    std::optional<std::string> profile;          ///< --profile (a built-in name)
    std::optional<std::string> policyFile;       ///< --policy FILE.json
    std::vector<LockSpec> locks;                 ///< --lock ...
    std::optional<OperationCall> operation;      ///< --op OPERATION ARGS... (args as typed)
};

/// `release LEASE`.
struct ReleaseCommand {
    LeaseId lease;
};

/// `renew LEASE [--ttl MS]`.
struct RenewCommand {
    LeaseId lease;
    std::optional<std::chrono::milliseconds> ttl; ///< unset: the lease's own TTL
};

/// `force-release LEASE --reason TEXT [--admin] [--lock-delay MS] [--operator NAME]`.
struct ForceReleaseCommand {
    LeaseId lease;                               ///< the id, or its first 8 or more digits
    std::string reason;
    bool admin = false;
    std::chrono::milliseconds lockDelay{0};
    std::optional<std::string> operatorName;     ///< unset: $USER, then "operator"
};

/// `sweep [--operator NAME]`.
struct SweepCommand {
    std::optional<std::string> operatorName;
};

/// `locks`.
struct LocksCommand {};

/// `waiting`: the project's registered waiters, oldest first.
struct WaitingCommand {};

/// `contention [--top N]`: the most refused paths, hottest first.
struct ContentionCommand {
    std::size_t top = 10;                        ///< 1..kContentionPaths
};

/// `topology`: the primary, its replicas and the sentinels serving the project.
struct TopologyCommand {};
/// `projects`: every project on the primary, or on every primary of a cluster.
struct ProjectsCommand {};

/// `fsck [--repair]`.
struct FsckCommand {
    bool repair = false;
};

/// `grace=MS` or `grace=off` of `config`.
struct GraceSetting {
    std::optional<std::chrono::milliseconds> grace; ///< 0..kMaxGrace; nothing: fairness off
    friend bool operator==(const GraceSetting&, const GraceSetting&) = default;
};

/// `config [events=all|audit] [grace=MS|off] [--operator NAME]`: prints the
/// project's settings, or changes them.
struct ConfigCommand {
    std::optional<EventLevel> events;            ///< unset: no change
    std::optional<GraceSetting> grace;           ///< unset: no change
    std::optional<std::string> operatorName;     ///< unset: $USER, then "operator"
    bool changes() const noexcept { return events || grace; }
};

/// `check-history`: replays the event stream and checks the lock guarantees.
struct CheckHistoryCommand {};

/// `events [--from ID] [--count N] [--follow]`.
struct EventsCommand {
    std::string from = "0";                      ///< print events after this stream id
    std::optional<std::size_t> count;            ///< at most this many in all
    bool follow = false;
};

/// `matrix [--profile fine|seed] [--markdown]`: the seed's permission table against
/// the engine (docs/permission-matrix.md). Needs no server.
struct MatrixCommand {
    std::optional<std::string> profile; ///< unset: fine (with --markdown: the whole docs page)
    bool markdown = false;              ///< --markdown (not with --json)
};

/// `simulate [--memory] [--users N] [--seconds S] [--seed N] [--mix OP=W,...] [--crash-rate R]
/// [--pause-rate R] [--slow-release-rate R] [--no-locking] [--profile P] [--ttl MS]
/// [--uniform] [--realtime]`: virtual users (docs/simulator.md).
struct SimulateCommand {
    bool memory = false;                         ///< --memory: in-process engine even if Redis is configured
    bool realTime = false;                       ///< --realtime: wall-clock mode on the memory engine
    std::size_t users = 20;
    double seconds = 10;                         ///< simulated seconds
    std::uint64_t seed = 1;
    std::optional<std::array<double, kAllOperations.size()>> mix; ///< unset: the default mix
    double crashRate = 0;
    double pauseRate = 0;
    double slowReleaseRate = 0;
    bool noLocking = false;
    std::optional<std::string> profile;
    std::optional<std::chrono::milliseconds> ttl;
    bool uniform = false;                        ///< --uniform: no hot spot
    std::optional<GraceSetting> grace;           ///< --grace MS|off: the project's fairness grace (unset: 5 ms)
};

/// `scenario FILE [--memory]`: plays a scenario (resources/scenarios/*.json).
struct ScenarioCommand {
    std::string file;
    bool memory = false;
};

using Command = std::variant<HelpCommand, VersionCommand, AcquireCommand, ReleaseCommand,
                             RenewCommand, ForceReleaseCommand, SweepCommand, LocksCommand,
                             WaitingCommand, ContentionCommand, FsckCommand, EventsCommand, MatrixCommand, SimulateCommand,
                             ScenarioCommand, CheckHistoryCommand, TopologyCommand, ProjectsCommand,
                             ConfigCommand>;

/// A parsed command line.
struct Invocation {
    GlobalOptions global;
    Command command;
};

/// Parses the arguments after argv[0]. Pure: no I/O, no environment, so it
/// can be unit-tested and fuzzed. Checks syntax and ranges (modes, numbers,
/// project id, lease id format, argument counts); paths and policies are
/// checked by core when the command runs. Throws UsageError.
Invocation parseCommandLine(const std::vector<std::string>& args);

/// Names of the commands, in help order.
const std::vector<std::string>& commandNames();

/// The options `command` accepts besides the global ones ("--owner", ...), in
/// parser order; empty for an unknown command.
std::vector<std::string> commandOptions(std::string_view command);

/// The global options ("--redis", ..., "-h", "--version").
std::vector<std::string> globalOptions();

/// Usage text for `topic` (a command name), or the overview for "". Throws
/// UsageError for an unknown topic.
std::string helpText(std::string_view topic = {});

} // namespace treelock::cli
