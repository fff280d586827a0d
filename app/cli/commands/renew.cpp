// `renew LEASE`.

#include "renew.h"

#include "commanddeclarations.h"
#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

namespace {

using std::chrono::milliseconds;

int runRenew(const RenewCommand& cmd, CommandContext& ctx)
{
    const RenewResult result = ctx.engine()->renew(cmd.lease, cmd.ttl);
    if (result.status != LeaseStatus::Ok)
        return ctx.leaseProblem(cmd.lease, result.status);
    if (ctx.global().json)
        ctx.out() << dump({{"lease", cmd.lease}, {"expires_ms", msSinceEpoch(result.expiresAt)}}) << "\n";
    else
        ctx.out() << msSinceEpoch(result.expiresAt) << "\n";
    return kExitOk;
}

BuildCommand declareRenew(CLI::App& app)
{
    auto ttl = std::make_shared<std::optional<milliseconds>>();
    value(app, "--ttl", [ttl](const std::string& v) { *ttl = values::millis("--ttl", v, kMinTtl, kMaxTtl); });
    return [ttl](const Positionals& positionals, const GlobalOptions&) -> Command {
        return Command(RenewCommand{positionals.front(), *ttl}, runRenew);
    };
}

const CommandRegistration registration{{
    .rank = 30,
    .name = "renew",
    .summary = "extend a lease",
    .help = "usage: treelock renew LEASE [--ttl MS]\n"
        "\n"
        "Extends a live lease to now + MS (default: its own TTL). Prints the new expiry\n"
        "in ms since the epoch (server time). Exit 4 if the lease is unknown or expired.\n",
    .arguments = oneLease("renew"),
    .declare = declareRenew,
}};

} // namespace

} // namespace treelock::cli
