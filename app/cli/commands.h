#pragma once

#include "cliparser.h"

#include "treelock/engine.h"
#include "treelock/redisengine.h"

#include <atomic>
#include <functional>
#include <iosfwd>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace treelock::cli {

/// Exit codes of the `treelock` tool (docs/cli.md; scripts depend on them).
enum ExitCode : int {
    kExitOk = 0,
    kExitInternal = 1,     ///< ScriptError, unexpected failure
    kExitInvalid = 2,      ///< UsageError, InvalidInput (path, policy, URL, ...)
    kExitConflict = 3,     ///< refused acquire, --wait timed out, live lease without --admin
    kExitLease = 4,        ///< lease unknown or expired
    kExitUnreachable = 5,  ///< ConnectionError
    kExitFsck = 6,         ///< fsck found differences, check-history a violation
    kExitReplication = 7,  ///< ReplicationError: too few replicas acknowledged (grant rolled back)
};

/// A command's own failure, reported as any other error (printError) with its
/// exit code and kind.
class CommandFailure : public std::runtime_error {
public:
    CommandFailure(int exitCode, std::string kind, const std::string& message)
        : std::runtime_error(message), m_exitCode(exitCode), m_kind(std::move(kind)) {}
    int exitCode() const noexcept { return m_exitCode; }
    const std::string& kind() const noexcept { return m_kind; }

private:
    int m_exitCode;
    std::string m_kind;
};

/// Reports an error on `err`: "treelock: MESSAGE", or with `json` one line holding
/// one object {"exit_code", "kind", "message"}. `kind` is one of the stable names of
/// docs/cli.md ("usage", "unreachable", "lease_unknown", ...).
void printError(std::ostream& err, bool json, int exitCode, std::string_view kind, const std::string& message);

/// What the tool takes from its process environment, gathered once by main
/// (so commands stay testable without touching the real environment).
struct Environment {
    std::string redisUrl;       ///< $TREELOCK_REDIS
    std::string redisUser;      ///< $TREELOCK_REDIS_USER
    std::string redisPassword;  ///< $TREELOCK_REDIS_PASSWORD; never printed
    std::string minReplicas;    ///< $TREELOCK_MIN_REPLICAS
    std::string userName;       ///< $USER
    std::string hostName;       ///< gethostname(2)
    std::string sentinelUser;     ///< $TREELOCK_SENTINEL_USER
    std::string sentinelPassword; ///< $TREELOCK_SENTINEL_PASSWORD; never printed
    std::string tlsCaFile;        ///< $TREELOCK_TLS_CACERT
    std::string tlsCaDir;         ///< $TREELOCK_TLS_CACERTDIR
    std::string tlsCertFile;      ///< $TREELOCK_TLS_CERT
    std::string tlsKeyFile;       ///< $TREELOCK_TLS_KEY
    std::string tlsServerName;    ///< $TREELOCK_TLS_SNI
    std::string tlsInsecure;      ///< $TREELOCK_TLS_INSECURE: 1 (yes, true) or 0 (no, false)

    /// Reads the variables above and the host name.
    static Environment fromProcess();
};

/// Makes the engine a command runs against. Called at most once per command,
/// after the command's input has been validated.
using EngineFactory =
    std::function<std::shared_ptr<Engine>(const GlobalOptions&, const Environment&)>;

/// Everything a command needs from the outside. Not owned: the streams and the flag.
struct RunContext {
    std::ostream& out;
    std::ostream& err;
    Environment environment;
    EngineFactory connect;                  ///< unset: connectRedis
    /// Set (e.g. from a signal handler) to stop `events --follow`.
    const std::atomic<bool>* stop = nullptr;
    /// Called once when `events --follow` starts: should make SIGINT/SIGTERM set
    /// `*stop` instead of ending the process. Other commands keep the default
    /// signal behaviour (Ctrl-C ends an `acquire --wait`).
    std::function<void()> catchStopSignals;
};

/// The Redis options for a command line: URL from --redis, else $TREELOCK_REDIS,
/// else redis://127.0.0.1:6379; credentials from the environment override the URL's;
/// --min-replicas, else $TREELOCK_MIN_REPLICAS (InvalidInput when malformed), and
/// --replica-timeout.
RedisOptions redisOptionsFor(const GlobalOptions& global, const Environment& environment);

/// Connects a RedisEngine (the default EngineFactory). Throws ConnectionError,
/// InvalidInput.
std::shared_ptr<Engine> connectRedis(const GlobalOptions& global, const Environment& environment);

/// Runs a parsed command: writes results to `context.out`, messages to
/// `context.err` ("treelock: ..."), and returns the exit code. Never throws
/// for errors of core (they map to exit codes as documented).
int runCommand(const Invocation& invocation, RunContext& context);

/// Parses `args` (argv without argv[0]) and runs the command.
int runCommandLine(const std::vector<std::string>& args, RunContext& context);

/// "2024-05-01T12:00:00.123Z".
std::string isoTime(ServerTime time);

/// "12.3 s" (one decimal, never negative).
std::string secondsText(std::chrono::milliseconds duration);

/// A duration that may be long, as a person reads it: "12.3 s" under a minute,
/// "4 min 05 s" under an hour, then "2 h 07 min" (never negative).
std::string durationText(std::chrono::milliseconds duration);

} // namespace treelock::cli
