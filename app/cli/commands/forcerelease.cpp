// `force-release LEASE`: an operator release, audited.

#include "forcerelease.h"

#include "commanddeclarations.h"
#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/leaseid.h"

#include <ostream>

namespace treelock::cli {

namespace {

using std::chrono::milliseconds;

int runForceRelease(const ForceReleaseCommand& cmd, CommandContext& ctx)
{
    const LeaseId lease = ctx.resolveLease(cmd.lease);
    ForceOptions options;
    options.operatorName = ctx.operatorName(cmd.operatorName);
    options.host = ctx.hostName();
    options.reason = cmd.reason;
    options.admin = cmd.admin;
    options.lockDelay = cmd.lockDelay;
    const ReleaseResult result = ctx.engine()->forceRelease(lease, options);
    if (result.status == LeaseStatus::Live)
        return ctx.fail(kExitConflict, "lease_live", "lease " + lease + " is live; add --admin to revoke a live lease");
    if (result.status != LeaseStatus::Ok)
        return ctx.leaseProblem(lease, result.status);
    if (ctx.global().json)
        ctx.out() << dump({{"lease", lease}, {"forced", true}}) << "\n";
    else
        ctx.out() << "force-released " << lease << "\n";
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
        return Command(*cmd, runForceRelease);
    };
}

const CommandRegistration registration{{
    .rank = 40,
    .name = "force-release",
    .summary = "operator release of a lease (audited)",
    .help = "usage: treelock force-release LEASE --reason TEXT [--admin] [--lock-delay MS]\n"
        "                              [--operator NAME]\n"
        "\n"
        "Operator release, recorded in the event stream with operator, host and reason.\n"
        "An expired lease needs no flag; revoking a live one needs --admin (else exit 3).\n"
        "LEASE may be the start of an id (8 digits or more), as `locks` and `waiting`\n"
        "show it, if it names one lease.\n"
        "  --lock-delay MS   keep a revoked live lease's paths blocked for MS\n"
        "  --operator NAME   recorded operator (default: $USER, else operator)\n",
    .arguments = oneLease("force-release", values::LeaseArgument::WholeOrStart),
    .declare = declareForceRelease,
}};

} // namespace

} // namespace treelock::cli
