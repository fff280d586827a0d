// `locks`: every lease of the project; with --watch, then every change (LeaseWatch).

#include "locks.h"

#include "commanddeclarations.h"

#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/leasewatch.h"
#include "treelock/memoryengine.h"

#include <memory>
#include <ostream>

namespace treelock::cli {

namespace {

/// How long one poll of --watch may wait for events: also how soon a stop signal is seen.
constexpr std::chrono::milliseconds kWatchPoll{250};

/// The table of `locks` (or its JSON document), at server time `now`.
void printLeases(CommandContext& ctx, const std::vector<LeaseInfo>& leases, ServerTime now)
{
    if (ctx.global().json) {
        Json list = Json::array();
        for (const auto& lease : leases)
            list.push_back(leaseJson(lease, now));
        ctx.out() << dump({{"server_time_ms", msSinceEpoch(now)}, {"leases", list}}) << "\n";
        return;
    }
    if (leases.empty()) {
        ctx.out() << "no leases in project " << ctx.global().project << "\n";
        return;
    }
    std::vector<std::vector<std::string>> rows{{"ID", "OWNER", "OP", "REQUESTS", "FENCE", "STATE", "LEFT"}};
    for (const auto& lease : leases) {
        const auto left = lease.expiresAt - now;
        rows.push_back({shortLeaseId(lease.id), orDash(lease.owner), orDash(lease.operation),
                        toString(lease.requests, " "), std::to_string(lease.fence), leaseState(lease, now),
                        left.count() > 0 ? secondsText(left) : std::string("-")});
    }
    ctx.printTable(rows);
}

/// One change of --watch: a line, or a JSON object with --json.
void printDelta(CommandContext& ctx, const LeaseDelta& delta, ServerTime now)
{
    const LeaseInfo& lease = delta.lease;
    if (ctx.global().json) {
        Json line{{"change", toString(delta.kind)}, {"time_ms", msSinceEpoch(now)}};
        if (delta.kind == LeaseDelta::Kind::Removed)
            line["cause"] = toString(delta.cause);
        line["lease"] = leaseJson(lease, now);
        ctx.out() << dump(line) << "\n";
        return;
    }
    std::string text = isoTime(now) + " " + std::string(toString(delta.kind)) + " " + shortLeaseId(lease.id) + " "
                       + orDash(lease.owner) + " " + orDash(lease.operation) + " " + toString(lease.requests, " ")
                       + " fence=" + std::to_string(lease.fence);
    if (delta.kind == LeaseDelta::Kind::Removed) {
        text += " " + std::string(toString(delta.cause));
    } else {
        const auto left = lease.expiresAt - now;
        text += " " + leaseState(lease, now) + (left.count() > 0 ? " left=" + secondsText(left) : std::string());
    }
    ctx.out() << text << "\n";
}

/// A list after the first: what it found, and why it ran.
void printRelist(CommandContext& ctx, const ListProgress& list, std::size_t leases, ServerTime now)
{
    if (ctx.global().json) {
        ctx.out() << dump({{"change", "listed"},
                           {"time_ms", msSinceEpoch(now)},
                           {"reason", toString(list.reason)},
                           {"why", list.why},
                           {"leases", leases}})
                  << "\n";
        return;
    }
    ctx.out() << isoTime(now) << " listed " << counted(leases, "lease") << " (" << toString(list.reason) << ": "
              << list.why << ")\n";
}

int watchLocks(CommandContext& ctx)
{
    const std::shared_ptr<Engine>& engine = ctx.engine();
    const auto memory = std::dynamic_pointer_cast<MemoryEngine>(engine);
    const auto watch = memory ? std::make_unique<LeaseWatch>(*memory)
                              : std::make_unique<LeaseWatch>(ctx.redisOptions(), ctx.global().project);
    if (ctx.run().catchStopSignals)
        ctx.run().catchStopSignals();
    const auto stopped = [&ctx] { return ctx.run().stop && ctx.run().stop->load(); };
    bool listed = false;
    while (!stopped()) {
        const WatchUpdate update = watch->poll(kWatchPoll);
        const ServerTime now = watch->serverTime();
        if (!listed) {
            // The first list is printed whole, as `locks` prints it; changes come after it.
            if (update.listing && update.listing->done) {
                listed = true;
                printLeases(ctx, watch->sortedLeases(), now);
            }
        } else {
            for (const LeaseDelta& delta : update.deltas)
                printDelta(ctx, delta, now);
            if (update.listing && update.listing->done)
                printRelist(ctx, *update.listing, watch->leases().size(), now);
        }
        ctx.out().flush();
    }
    return kExitOk;
}

int runLocks(const LocksCommand& cmd, CommandContext& ctx)
{
    if (cmd.watch)
        return watchLocks(ctx);
    const Snapshot snapshot = ctx.engine()->snapshot();
    printLeases(ctx, snapshot.leases, snapshot.serverTime);
    return kExitOk;
}

BuildCommand declareLocks(CLI::App& app)
{
    auto cmd = std::make_shared<LocksCommand>();
    flag(app, "--watch", cmd->watch);
    return [cmd](const Positionals&, const GlobalOptions&) -> Command { return Command(*cmd, runLocks); };
}

const CommandRegistration registration{{
    .rank = 60,
    .name = "locks",
    .summary = "list leases",
    .help = "usage: treelock locks [--watch]\n"
        "\n"
        "Lists every lease of the project: id prefix, owner, operation, requests, fence,\n"
        "state (live, expired, revoked) and time left. --json: every field, and\n"
        "server_time_ms.\n"
        "  --watch   then print each change (added, changed, removed and why) as it\n"
        "            happens, from the project's event stream, until SIGINT/SIGTERM;\n"
        "            a line when it must list the project again, and why\n",
    .arguments = noArguments("locks"),
    .declare = declareLocks,
}};

} // namespace

} // namespace treelock::cli
