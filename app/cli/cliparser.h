#pragma once

#include "treelock/error.h"

#include <any>
#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
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
    std::string project = "default";     ///< --project, validated (the last one given)
    /// Every --project given, in order; more than one only for a command that
    /// follows several (CommandDeclaration::manyProjects).
    std::vector<std::string> projects;
    bool json = false;                   ///< --json
    bool quiet = false;                  ///< --quiet: no server warnings on stderr
    bool caseInsensitive = false;        ///< --case-insensitive: PathOptions::caseInsensitive
    std::optional<int> minReplicas;      ///< --min-replicas; unset: $TREELOCK_MIN_REPLICAS, then 0
    std::optional<std::chrono::milliseconds> replicaTimeout; ///< --replica-timeout; unset: 100 ms
    /// --cacert, --cacertdir, --cert, --key, --sni; unset: $TREELOCK_TLS_*.
    std::optional<std::string> tlsCaFile;
    std::optional<std::string> tlsCaDir;
    std::optional<std::string> tlsCertFile;
    std::optional<std::string> tlsKeyFile;
    std::optional<std::string> tlsServerName;
    bool tlsInsecure = false;                ///< --insecure (or $TREELOCK_TLS_INSECURE=1)
    std::optional<std::string> sentinelUser; ///< --sentinel-user; unset: $TREELOCK_SENTINEL_USER
};

class CommandContext;

/// A parsed command: the values its options and arguments gave, bound to the
/// handler that runs it. The values are of the command's own type, declared
/// with it in app/cli/commands/NAME.h (none for a command without options).
class Command {
public:
    Command() = default;

    /// A command with values of type T.
    template <typename T>
    Command(T values, int (*handler)(const T&, CommandContext&))
        : m_values(std::move(values))
        , m_run([handler](const std::any& v, CommandContext& ctx) { return handler(std::any_cast<const T&>(v), ctx); })
    {
    }

    /// A command without values.
    explicit Command(int (*handler)(CommandContext&))
        : m_run([handler](const std::any&, CommandContext& ctx) { return handler(ctx); })
    {
    }

    /// The values, or nullptr when they are not of type T.
    template <typename T>
    const T* values() const noexcept
    {
        return std::any_cast<T>(&m_values);
    }

    /// Runs the handler; returns the exit code (commands.h).
    int run(CommandContext& ctx) const { return m_run(m_values, ctx); }

private:
    std::any m_values;
    std::function<int(const std::any&, CommandContext&)> m_run;
};

/// A parsed command line.
struct Invocation {
    GlobalOptions global;
    std::string name; ///< the command's name; "--version" for --version
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
