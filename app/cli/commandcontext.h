#pragma once

#include "commands.h"

#include "treelock/engine.h"

#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace treelock::cli {

/// What every command handler works with: the global options, the streams, the
/// environment, and the engine, connected on first use. One per run.
class CommandContext {
public:
    /// Not owned: `global` and `context` outlive this.
    CommandContext(const GlobalOptions& global, RunContext& context) : m_global(global), m_context(context) {}

    const GlobalOptions& global() const { return m_global; }
    RunContext& run() { return m_context; }
    const Environment& env() const { return m_context.environment; }
    std::ostream& out() { return m_context.out; }
    /// Flushes stdout first, so a terminal, a pipe or a file merging both shows
    /// them in the order they were written.
    std::ostream& err();
    PathOptions pathOptions() const { return PathOptions{m_global.caseInsensitive}; }

    /// simulate and scenario: Redis only when --redis is on the command line. They
    /// take real leases by the hundred, so $TREELOCK_REDIS (set for the other
    /// commands) is not enough to send them to a shared server.
    bool useRedis(bool memory) const { return !memory && m_global.redisUrl.has_value(); }

    /// The engine; connects on the first call and prints the server's warnings
    /// unless --quiet.
    const std::shared_ptr<Engine>& engine();
    /// The Redis options of the global options and the environment, for
    /// commands that read Redis without an engine. Both warn once on stderr
    /// when TLS verification is off (--insecure).
    RedisOptions redisOptions();

    /// The operator label: `given`, else $USER, else "operator", checked before
    /// connecting (the option itself was checked by the parser; $USER is not
    /// input it sees).
    std::string operatorName(const std::optional<std::string>& given) const;

    /// The host name, checked as a label.
    std::string hostName() const;

    /// Reports an error on stderr (printError: plain, or one JSON object with
    /// --json); returns `exitCode`.
    int fail(int exitCode, std::string_view kind, const std::string& message);

    /// The lease `given` names: a whole id as it is, or the start of one (8 digits
    /// or more, as `locks` and `waiting` show it) that names exactly one lease of
    /// the project (read from a snapshot only then). Throws CommandFailure:
    /// lease_unknown (exit 4) when none, ambiguous_lease (exit 2) when several.
    /// O(leases) for a start.
    LeaseId resolveLease(const std::string& given);
    /// The same among `leases`, for a command that has a snapshot already.
    LeaseId resolveLease(const std::string& given, const std::vector<LeaseInfo>& leases) const;
    /// The registered waiter `given` names among `waiters`: its whole id or the
    /// start of one that names one waiter. Throws CommandFailure: waiter_unknown
    /// (exit 4) when none, ambiguous_lease (exit 2) when several. O(waiters).
    const WaiterInfo& resolveWaiter(const std::string& given, const std::vector<WaiterInfo>& waiters) const;

    /// Says the lease is expired or unknown on stderr; returns kExitLease.
    int leaseProblem(const LeaseId& lease, LeaseStatus status);

    /// Prints `rows` (the first is the header) as columns two spaces apart, those
    /// in `rightAligned` (indexes) flush right. Widths count bytes except for
    /// UTF-8 continuation bytes. O(cells).
    void printTable(const std::vector<std::vector<std::string>>& rows, const std::set<std::size_t>& rightAligned = {});

private:
    const GlobalOptions& m_global;
    RunContext& m_context;            // Not owned.
    std::shared_ptr<Engine> m_engine; // Connected on first use.
    bool m_warnedInsecure = false;

    void warnIfInsecure(const RedisOptions& options);
};

} // namespace treelock::cli
