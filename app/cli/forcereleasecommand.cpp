// `force-release LEASE`: an operator release, audited.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/leaseid.h"

#include <ostream>

namespace treelock::cli {

int run(const ForceReleaseCommand& cmd, CommandContext& ctx)
{
    LeaseId lease = cmd.lease;
    if (!isValidLeaseId(lease)) {
        // The start of an id, as `locks` and `waiting` print it: it must name one lease.
        std::vector<LeaseId> matches;
        for (const LeaseInfo& info : ctx.engine()->snapshot().leases)
            if (info.id.rfind(lease, 0) == 0)
                matches.push_back(info.id);
        if (matches.empty()) {
            ctx.err() << "treelock: no lease of project " << ctx.global().project << " has an id starting with " << lease
                  << " (see `treelock locks`)\n";
            return kExitLease;
        }
        if (matches.size() > 1) {
            ctx.err() << "treelock: " << lease << " is the start of " << matches.size() << " lease ids (";
            for (std::size_t i = 0; i < matches.size(); ++i)
                ctx.err() << (i ? ", " : "") << matches[i];
            ctx.err() << "): give more digits\n";
            return kExitInvalid;
        }
        lease = matches.front();
    }
    ForceOptions options;
    options.operatorName = ctx.operatorName(cmd.operatorName);
    options.host = ctx.hostName();
    options.reason = cmd.reason;
    options.admin = cmd.admin;
    options.lockDelay = cmd.lockDelay;
    const ReleaseResult result = ctx.engine()->forceRelease(lease, options);
    if (result.status == LeaseStatus::Live) {
        ctx.err() << "treelock: lease " << lease
              << " is live; add --admin to revoke a live lease\n";
        return kExitConflict;
    }
    if (result.status != LeaseStatus::Ok)
        return ctx.leaseProblem(lease, result.status);
    if (ctx.global().json)
        ctx.out() << dump({{"lease", lease}, {"forced", true}}) << "\n";
    else
        ctx.out() << "force-released " << lease << "\n";
    return kExitOk;
}

} // namespace treelock::cli
