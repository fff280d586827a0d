// `acquire`: takes every lock of one lease, or none.

#include "acquire.h"

#include "commanddeclarations.h"
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

using std::chrono::milliseconds;

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

int runAcquire(const AcquireCommand& cmd, CommandContext& ctx)
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
    AcquireOutcome outcome = client.acquire(requests, operation, cmd.wait, {}, cmd.leaseId);
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
        return ctx.fail(kExitConflict, "wait_timed_out", "still blocked after waiting " + secondsText(cmd.wait));
    return kExitConflict;
}

BuildCommand declareAcquire(CLI::App& app)
{
    auto cmd = std::make_shared<AcquireCommand>();
    auto locks = std::make_shared<std::vector<std::string>>();
    auto op = std::make_shared<std::optional<std::string>>();
    value(app, "--owner", [cmd](const std::string& v) { cmd->owner = values::label("--owner", v); });
    value(app, "--ttl", [cmd](const std::string& v) { cmd->ttl = values::millis("--ttl", v, kMinTtl, kMaxTtl); });
    value(app, "--wait",
          [cmd](const std::string& v) { cmd->wait = values::millis("--wait", v, milliseconds(0), kMaxTtl); });
    CLI::Option* profile =
        value(app, "--profile", [cmd](const std::string& v) { cmd->profile = values::nonEmpty("--profile", v); });
    CLI::Option* policy =
        value(app, "--policy", [cmd](const std::string& v) { cmd->policyFile = values::nonEmpty("--policy", v); });
    profile->excludes(policy);
    app.add_option("--lock", *locks)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    value(app, "--op", [op](const std::string& v) { *op = v; });
    value(app, "--lease-id", [cmd](const std::string& v) { cmd->leaseId = values::leaseId("--lease-id", v); });
    // The profile's name and the lock specs are checked once the exclusion is,
    // and --lock against --op once every spec is: the first fault is named.
    return [cmd, locks, op](const Positionals& positionals, const GlobalOptions&) -> Command {
        if (cmd->profile)
            values::profile(*cmd->profile);
        for (const auto& spec : *locks)
            cmd->locks.push_back(values::lock(spec));
        if (*op && !cmd->locks.empty())
            throw UsageError("--lock and --op cannot be combined");
        if (!*op) {
            if (cmd->locks.empty())
                throw UsageError("acquire needs --lock MODE:PATH or --op OPERATION ARGS...");
            if (cmd->profile || cmd->policyFile)
                throw UsageError(std::string(cmd->profile ? "--profile" : "--policy") + " applies only to --op");
            if (!positionals.empty())
                throw UsageError("unexpected argument " + quoteInput(positionals.front())
                                 + " for acquire (give paths as --lock MODE:PATH)");
            return Command(*cmd, runAcquire);
        }
        cmd->operation = values::operation(**op, positionals);
        return Command(*cmd, runAcquire);
    };
}

const CommandRegistration registration{{
    .rank = 10,
    .name = "acquire",
    .summary = "take locks (--lock MODE:PATH ... or --op OPERATION ARGS...)",
    .help = "usage: treelock acquire [--owner NAME] [--ttl MS] [--wait MS] [--lease-id ID]\n"
        "                        [--profile fine|seed | --policy FILE.json]\n"
        "                        (--lock MODE:PATH [--lock MODE:PATH ...] | --op OPERATION ARGS...)\n"
        "\n"
        "Takes every lock of one lease, or none (atomically). Prints the lease id.\n"
        "  --lock MODE:PATH  MODE is IS, IX, S, SIX or X; the first ':' ends it\n"
        "  --op OPERATION    lock what OPERATION needs, planned by the policy:\n"
        "      create FOLDER NAME | upload FOLDER NAME | move-folder SRC DSTFOLDER\n"
        "      | move-file SRC DSTFOLDER | copy-folder SRC DSTFOLDER | copy-file SRC DSTFOLDER\n"
        "      | rename-folder SRC NEWNAME | rename-file SRC NEWNAME | delete-folder PATH\n"
        "      | delete-file PATH | purge ITEM...\n"
        "  --owner NAME      holder label (default: $USER, else anonymous)\n"
        "  --ttl MS          time to live, 10..86400000 (default 30000)\n"
        "  --wait MS         wait up to MS for the blockers to go (default 0: one attempt);\n"
        "                    meanwhile the request is listed by `treelock waiting`, and\n"
        "                    past the grace (treelock help config) newer requests that\n"
        "                    conflict with it wait behind it\n"
        "  --profile NAME    built-in policy for --op: fine (default) or seed\n"
        "  --policy FILE     policy document (JSON) for --op\n"
        "  --lease-id ID     the lease's id, chosen by the caller (32 lower-case hex\n"
        "                    digits): the command can then be run again safely; with\n"
        "                    the same ID and locks it prints the same grant (same fence)\n"
        "                    if the first run got it, and never takes a second lease\n"
        "A call whose answer is lost (the connection drops, the primary fails over) is\n"
        "sent again for up to 15 s, and taken once: its outcome is learned.\n"
        "On conflict prints the blocking lease, or the older waiting request that goes\n"
        "first, and exits 3. Put `--` before arguments that start with '-'.\n",
    .arguments = checkedWithTheOptions,
    .declare = declareAcquire,
}};

} // namespace

} // namespace treelock::cli
