// `force-release LEASE`: an operator release, audited; `--blockers-of WAITER`
// releases everything in a waiter's way.

#include "forcerelease.h"

#include "commanddeclarations.h"
#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/blockers.h"
#include "treelock/leaseid.h"

#include <map>
#include <ostream>
#include <set>
#include <utility>

namespace treelock::cli {

namespace {

using std::chrono::milliseconds;

// What became of one blocker of --blockers-of.
enum class Outcome { Released, Cancelled, Gone, Revoked };

std::string_view outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Released: return "force-released";
    case Outcome::Cancelled: return "cancelled";
    case Outcome::Gone: return "gone";
    case Outcome::Revoked: return "revoked";
    }
    return "gone";
}

// One line of --blockers-of's text output.
std::string outcomeLine(Outcome outcome, const Blocker& b)
{
    const std::string who = " (" + whoText(b) + ")";
    switch (outcome) {
    case Outcome::Released: return "force-released " + b.lease + who;
    case Outcome::Cancelled: return "cancelled the wait of " + b.lease + who;
    case Outcome::Gone: return "gone already: " + b.lease + who;
    case Outcome::Revoked:
        return "still in its lock-delay: " + b.lease + who + ", free in " + secondsText(b.expiresIn);
    }
    return {};
}

// Revokes every lease in the way of a waiter and cancels every older waiter it
// waits behind, as admin, from one snapshot. A lease revoked earlier cannot be
// revoked again: it stays in the way until its lock-delay ends (exit 3).
int releaseBlockers(const std::string& given, ForceOptions options, CommandContext& ctx)
{
    options.admin = true;
    Engine& engine = *ctx.engine();
    const Snapshot snapshot = engine.snapshot();
    const WaiterInfo& waiter = ctx.resolveWaiter(given, snapshot.waiters);
    const std::vector<Blocker> blockers = blockersOf(waiter, snapshot.leases, snapshot.waiters, snapshot.serverTime);
    std::set<LeaseId> revoked;
    for (const LeaseInfo& lease : snapshot.leases) {
        if (lease.revoked)
            revoked.insert(lease.id);
    }

    const bool json = ctx.global().json;
    std::map<Outcome, std::size_t> counts;
    Json items = Json::array();
    for (const Blocker& b : blockers) {
        Outcome outcome = Outcome::Revoked;
        if (b.queued)
            outcome = engine.cancelWait(b.lease) ? Outcome::Cancelled : Outcome::Gone;
        else if (!revoked.count(b.lease)) {
            const LeaseStatus status = engine.forceRelease(b.lease, options).status;
            // Gone: sent again after a lost answer, the first attempt had released it.
            outcome = status == LeaseStatus::Ok || status == LeaseStatus::Gone ? Outcome::Released : Outcome::Gone;
        }
        ++counts[outcome];
        if (json) {
            Json item = blockerJson(b);
            item["result"] = outcomeName(outcome);
            items.push_back(std::move(item));
        } else {
            ctx.out() << outcomeLine(outcome, b) << std::endl;
        }
    }

    const std::size_t left = counts[Outcome::Revoked];
    if (json) {
        ctx.out() << dump({{"waiter", waiter.id},
                           {"blockers", items},
                           {"force_released", counts[Outcome::Released]},
                           {"cancelled", counts[Outcome::Cancelled]},
                           {"gone", counts[Outcome::Gone]},
                           {"left", left}})
                  << "\n";
    } else if (blockers.empty()) {
        ctx.out() << "nothing is in the way of " << waiter.id << "\n";
    } else {
        // "in the way of ID: 2 leases force-released, 1 waiting request cancelled"
        const std::pair<Outcome, std::string> parts[] = {
            {Outcome::Released, counted(counts[Outcome::Released], "lease") + " force-released"},
            {Outcome::Cancelled, counted(counts[Outcome::Cancelled], "waiting request") + " cancelled"},
            {Outcome::Gone, std::to_string(counts[Outcome::Gone]) + " gone already"},
            {Outcome::Revoked, std::to_string(left) + " still in a lock-delay"}};
        std::string summary;
        for (const auto& [outcome, text] : parts) {
            if (counts[outcome] > 0)
                summary += (summary.empty() ? "" : ", ") + text;
        }
        ctx.out() << "in the way of " << waiter.id << ": " << summary << "\n";
    }
    if (left > 0)
        return ctx.fail(kExitConflict, "blockers_left",
                        counted(left, "revoked lease") + " still in the lock-delay of an earlier force-release "
                            + (left == 1 ? "stays" : "stay") + " in the way of " + waiter.id);
    return kExitOk;
}

int runForceRelease(const ForceReleaseCommand& cmd, CommandContext& ctx)
{
    ForceOptions options;
    options.operatorName = ctx.operatorName(cmd.operatorName);
    options.host = ctx.hostName();
    options.reason = cmd.reason;
    options.admin = cmd.admin;
    options.lockDelay = cmd.lockDelay;
    if (cmd.blockersOf)
        return releaseBlockers(*cmd.blockersOf, options, ctx);
    const LeaseId lease = ctx.resolveLease(cmd.lease);
    const ReleaseResult result = ctx.engine()->forceRelease(lease, options);
    if (result.status == LeaseStatus::Live)
        return ctx.fail(kExitConflict, "lease_live", "lease " + lease + " is live; add --admin to revoke a live lease");
    if (result.status != LeaseStatus::Ok && result.status != LeaseStatus::Gone)
        return ctx.leaseProblem(lease, result.status);
    const bool gone = result.status == LeaseStatus::Gone;
    if (ctx.global().json)
        ctx.out() << dump({{"lease", lease}, {"forced", true}, {"status", gone ? "gone" : "released"}}) << "\n";
    else
        ctx.out() << "force-released " << lease
                  << (gone ? " (sent again after its answer was lost, it found the lease gone)" : "") << "\n";
    return kExitOk;
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
    value(app, "--blockers-of", [cmd](const std::string& v) { cmd->blockersOf = values::waiterId("--blockers-of", v); });
    // The LEASE or --blockers-of first, then a missing --reason, before the values that follow it.
    return [cmd, reason, lockDelay, operatorName](const Positionals& positionals, const GlobalOptions&) -> Command {
        if (cmd->blockersOf && !positionals.empty())
            throw UsageError("force-release takes a LEASE or --blockers-of WAITER, not both: "
                             + quoteInput(positionals.front()) + " and --blockers-of " + *cmd->blockersOf);
        if (!cmd->blockersOf && positionals.empty())
            throw UsageError("force-release needs a LEASE id, or --blockers-of WAITER");
        if (!*reason)
            throw UsageError("force-release needs --reason TEXT (it is recorded in the event stream)");
        if (!positionals.empty())
            cmd->lease = positionals.front();
        cmd->reason = **reason;
        if (*lockDelay)
            cmd->lockDelay = values::millis("--lock-delay", **lockDelay, milliseconds(0), kMaxTtl);
        if (*operatorName)
            cmd->operatorName = values::label("--operator", **operatorName);
        return Command(*cmd, runForceRelease);
    };
}

// One LEASE, or none when --blockers-of names a waiter (the build checks which).
void leaseOrNone(const Positionals& positionals)
{
    if (!positionals.empty())
        values::leaseArgument("force-release", positionals, values::LeaseArgument::WholeOrStart);
}

const CommandRegistration registration{{
    .rank = 40,
    .name = "force-release",
    .summary = "operator release of a lease (audited)",
    .help = "usage: treelock force-release LEASE --reason TEXT [--admin] [--lock-delay MS]\n"
        "                              [--operator NAME]\n"
        "       treelock force-release --blockers-of WAITER --reason TEXT [--lock-delay MS]\n"
        "                              [--operator NAME]\n"
        "\n"
        "Operator release, recorded in the event stream with operator, host and reason.\n"
        "An expired lease needs no flag; revoking a live one needs --admin (else exit 3).\n"
        "LEASE may be the start of an id (8 digits or more), as `locks` and `waiting`\n"
        "show it, if it names one lease.\n"
        "  --blockers-of WAITER  revoke, as --admin, every lease in the way of the waiting\n"
        "                    request WAITER (its id or start, as `waiting` shows it), and\n"
        "                    cancel every older waiting request it waits behind; one line\n"
        "                    each, then a summary. Exit 4 if no such request waits; exit 3\n"
        "                    if a lease revoked earlier stays in the way (its lock-delay)\n"
        "  --lock-delay MS   keep a revoked live lease's paths blocked for MS\n"
        "  --operator NAME   recorded operator (default: $USER, else operator)\n",
    .arguments = leaseOrNone,
    .declare = declareForceRelease,
}};

} // namespace

} // namespace treelock::cli
