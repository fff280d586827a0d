// `acquire`: takes every lock of one lease, or none.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/lockclient.h"
#include "treelock/policy.h"

#include <ostream>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace treelock::cli {

namespace {

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InvalidInput("cannot read policy file " + quoteInput(path) + ": " + std::strerror(errno));
    std::ostringstream content;
    content << in.rdbuf();
    if (!in.good() && !in.eof())
        throw InvalidInput("cannot read policy file " + quoteInput(path));
    return content.str();
}

Policy loadPolicy(const AcquireCommand& cmd)
{
    if (!cmd.policyFile)
        return Policy::builtin(cmd.profile.value_or("fine"));
    const std::string text = readFile(*cmd.policyFile);
    try {
        return Policy::fromJson(text);
    } catch (const InvalidPolicy& error) {
        throw InvalidPolicy("policy file " + quoteInput(*cmd.policyFile) + ": " + error.what());
    }
}

std::string blockerLine(const Blocker& b)
{
    if (b.lease.empty()) {
        return "blocked by an unidentified lease holding " + std::string(toString(b.heldMode)) + " on "
               + b.clashPath;
    }
    if (b.queued)
        return "waits behind " + whoText(b) + ", who has waited longer";
    return "blocked by lease " + shortLeaseId(b.lease) + " (owner " + orDash(b.owner) + ", op "
           + orDash(b.operation) + ") holding " + std::string(toString(b.mode)) + " on " + b.path
           + ", expires in " + secondsText(b.expiresIn);
}

} // namespace

int run(const AcquireCommand& cmd, CommandContext& ctx)
{
    // Validate and plan before connecting: bad input is exit 2 even when
    // Redis is down.
    const PathOptions paths = ctx.pathOptions();
    std::vector<LockRequest> requests;
    std::string operation = "lock";
    if (cmd.operation) {
        requests = loadPolicy(cmd).plan(*cmd.operation, paths);
        operation = std::string(toString(cmd.operation->op));
    } else {
        for (const auto& spec : cmd.locks)
            requests.push_back({spec.path, spec.mode});
        requests = normalizeRequests(requests, paths);
    }

    ClientOptions options;
    options.owner = cmd.owner.value_or(ctx.env().userName.empty() ? "anonymous" : ctx.env().userName);
    if (!cmd.owner)
        validateLabel("$USER (the default --owner)", options.owner);
    options.ttl = cmd.ttl;
    options.watchdog = false; // The process exits now; the lease lives on.
    LockClient client(ctx.engine(), options);
    AcquireOutcome outcome = client.acquire(requests, operation, cmd.wait);
    if (outcome) {
        const LeaseId id = outcome.lease.id();
        const std::uint64_t fence = outcome.lease.fence();
        const ServerTime expiresAt = outcome.lease.expiresAt();
        const std::vector<LockRequest> granted = outcome.lease.requests();
        outcome.lease.abandon(); // Not released when the guard goes.
        if (ctx.global().json) {
            ctx.out() << dump({{"lease", id},
                           {"fence", fence},
                           {"expires_ms", msSinceEpoch(expiresAt)},
                           {"requests", requestsJson(granted)}})
                  << "\n";
        } else {
            ctx.out() << id << "\n";
        }
        return kExitOk;
    }
    if (ctx.global().json) {
        Json answer = Json::object();
        answer["blocker"] = outcome.blocker ? blockerJson(*outcome.blocker) : Json(nullptr);
        if (cmd.wait.count() > 0)
            answer["timed_out"] = outcome.timedOut;
        ctx.out() << dump(answer) << "\n";
    } else {
        ctx.out() << (outcome.blocker ? blockerLine(*outcome.blocker) : std::string("refused")) << "\n";
    }
    if (outcome.timedOut)
        ctx.err() << "treelock: still blocked after waiting " << secondsText(cmd.wait) << "\n";
    return kExitConflict;
}

} // namespace treelock::cli
