#include "redis/scriptregistry.h"

#include "treelock/error.h"

#include <hiredis/hiredis.h>

#include <array>
#include <cstdio>
#include <iterator>

namespace treelock {

namespace redis {

namespace {

constexpr std::array kScripts{Script::Acquire,   Script::Release,    Script::Renew,
                              Script::ForceRelease, Script::Sweep, Script::Snapshot,
                              Script::Fsck,      Script::Configure, Script::CancelWait,
                              Script::Contention};

/// The verbs that deal with waiters and contention take two more keys.
bool needsWaiterKeys(Script script)
{
    switch (script) {
    case Script::Acquire:
    case Script::Snapshot:
    case Script::Configure:
    case Script::CancelWait:
    case Script::Contention: return true;
    default: return false;
    }
}

/// scriptCall of a verb on no lease, its own arguments to follow.
ScriptCall common(Script script, const KeySchema& keys) { return scriptCall(script, keys, {}); }

/// scriptCall of a verb on lease `id`: ARGV the lease id (wire form), its own arguments to follow.
ScriptCall onLease(Script script, const KeySchema& keys, const LeaseId& id)
{
    return scriptCall(script, keys, {wireLeaseId(id)});
}

/// Flags of a verb's function: release, force_release, cancel_wait and sweep free memory,
/// and renew rewrites a record in place, so they run when Redis is out of memory (a holder
/// keeps its lease while new grants are refused); snapshot and contention only read.
std::string_view flagsOf(Script script)
{
    switch (script) {
    case Script::Release:
    case Script::Renew:
    case Script::ForceRelease:
    case Script::CancelWait:
    case Script::Sweep: return "{'allow-oom'}";
    case Script::Snapshot:
    case Script::Contention: return "{'no-writes'}";
    default: return "{}";
    }
}

/// 64-bit FNV-1a: names a library version (not a security property).
std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = 14695981039346656037ULL)
{
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ULL;
    }
    return hash;
}

} // namespace

std::span<const Script> allScripts() { return kScripts; }

ScriptCall scriptCall(Script script, const KeySchema& keys, std::vector<std::string> args)
{
    ScriptCall call;
    call.script = script;
    call.keys = {keys.state(), keys.expiry(), keys.events()};
    if (needsWaiterKeys(script)) {
        call.keys.push_back(keys.waiters());
        call.keys.push_back(keys.hot());
    }
    call.args.reserve(1 + args.size());
    call.args.emplace_back(keys.publishCommand());
    std::move(args.begin(), args.end(), std::back_inserter(call.args));
    return call;
}

std::string_view scriptName(Script script)
{
    switch (script) {
    case Script::Acquire: return "acquire";
    case Script::Release: return "release";
    case Script::Renew: return "renew";
    case Script::ForceRelease: return "force_release";
    case Script::Sweep: return "sweep";
    case Script::Snapshot: return "snapshot";
    case Script::Fsck: return "fsck";
    case Script::Configure: return "configure";
    case Script::CancelWait: return "cancel_wait";
    case Script::Contention: return "contention";
    }
    return {};
}

std::string Library::function(Script script) const
{
    return name + "_" + std::string(scriptName(script));
}

std::span<const std::string_view> prologueFiles()
{
    static constexpr std::array<std::string_view, 4> kPrologue{"common", "leases", "waiters", "hotpaths"};
    return kPrologue;
}

Library composeLibrary(std::string_view prologue, const std::vector<std::pair<Script, std::string>>& verbs)
{
    // The body is composed with a placeholder for the name, and the name is a hash of that
    // whole body: any byte that reaches Redis (sources, flags, the wrapping) makes a new name.
    static constexpr std::string_view kPlaceholder = "tl_################";
    std::string body = "#!lua name=" + std::string(kPlaceholder) + "\n";
    body += prologue;
    for (const auto& [script, text] : verbs) {
        const std::string verb(scriptName(script));
        body += "\nlocal function " + verb + "(KEYS, ARGV)\n";
        body += text;
        body += "\nend\nredis.register_function{function_name = '" + std::string(kPlaceholder) + "_" + verb
                + "', callback = " + verb + ", flags = " + std::string(flagsOf(script)) + "}\n";
    }
    char digits[17];
    std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(fnv1a(body)));
    Library library;
    library.name = std::string("tl_") + digits;
    for (std::size_t at = body.find(kPlaceholder); at != std::string::npos;
         at = body.find(kPlaceholder, at + library.name.size()))
        body.replace(at, kPlaceholder.size(), library.name);
    library.body = std::move(body);
    return library;
}

const Library& embeddedLibrary()
{
    static const Library library = [] {
        std::vector<std::pair<Script, std::string>> verbs;
        for (const Script script : kScripts)
            verbs.emplace_back(script, std::string(detail::embeddedScript(scriptName(script))));
        return composeLibrary(embeddedPrologue(), verbs);
    }();
    return library;
}

std::string embeddedPrologue()
{
    std::string prologue;
    for (const std::string_view file : prologueFiles())
        prologue += detail::embeddedScript(file);
    return prologue;
}

std::vector<std::string> ScriptCall::fcall(std::string_view function) const
{
    std::vector<std::string> command;
    command.reserve(3 + keys.size() + args.size());
    command.emplace_back("FCALL");
    command.emplace_back(function);
    command.push_back(std::to_string(keys.size()));
    command.insert(command.end(), keys.begin(), keys.end());
    command.insert(command.end(), args.begin(), args.end());
    return command;
}

ScriptCall acquireCall(const KeySchema& keys, const LeaseId& id, std::string_view owner,
                       std::string_view operation, std::chrono::milliseconds ttl, int reapBatch,
                       const std::vector<LockRequest>& requests, std::chrono::milliseconds wait,
                       std::chrono::milliseconds waitRefresh, const std::vector<LeaseId>& holding,
                       std::string_view callId, std::chrono::milliseconds renewEvery)
{
    ScriptCall call = onLease(Script::Acquire, keys, id);
    call.args.reserve(call.args.size() + 7);
    call.args.emplace_back(owner);
    call.args.emplace_back(operation);
    call.args.push_back(std::to_string(ttl.count()));
    call.args.push_back(std::to_string(reapBatch));
    call.args.push_back(std::to_string(wait.count()));
    std::string text;
    for (const auto& r : requests) {
        if (!text.empty())
            text += '\n';
        text += toString(r.mode);
        text += ' ';
        text += r.path;
    }
    call.args.push_back(std::move(text));
    call.args.push_back(std::to_string(waitRefresh.count()));
    const bool renews = renewEvery.count() > 0;
    if (!holding.empty() || !callId.empty() || renews) {
        std::string held;
        for (const LeaseId& lease : holding)
            held += wireLeaseId(lease);
        call.args.push_back(std::move(held));
    }
    if (!callId.empty() || renews)
        call.args.emplace_back(callId);
    if (renews)
        call.args.push_back(std::to_string(renewEvery.count()));
    return call;
}

ScriptCall releaseCall(const KeySchema& keys, const LeaseId& id, std::string_view callId)
{
    ScriptCall call = onLease(Script::Release, keys, id);
    if (!callId.empty())
        call.args.emplace_back(callId);
    return call;
}

ScriptCall renewCall(const KeySchema& keys, const LeaseId& id, std::chrono::milliseconds ttl)
{
    ScriptCall call = onLease(Script::Renew, keys, id);
    call.args.push_back(std::to_string(ttl.count()));
    return call;
}

ScriptCall forceReleaseCall(const KeySchema& keys, const LeaseId& id, std::string_view operatorName,
                            std::string_view host, std::string_view reason, bool admin,
                            std::chrono::milliseconds lockDelay)
{
    ScriptCall call = onLease(Script::ForceRelease, keys, id);
    call.args.emplace_back(operatorName);
    call.args.emplace_back(host);
    call.args.emplace_back(reason);
    call.args.emplace_back(admin ? "1" : "0");
    call.args.push_back(std::to_string(lockDelay.count()));
    return call;
}

ScriptCall sweepCall(const KeySchema& keys, std::string_view by, std::string_view host, int batch,
                     std::size_t earlier)
{
    ScriptCall call = common(Script::Sweep, keys);
    call.args.emplace_back(by);
    call.args.emplace_back(host);
    call.args.push_back(std::to_string(batch));
    call.args.push_back(std::to_string(earlier));
    return call;
}

ScriptCall snapshotCall(const KeySchema& keys, long long offset, int page)
{
    ScriptCall call = common(Script::Snapshot, keys);
    call.args.push_back(std::to_string(offset));
    call.args.push_back(std::to_string(page));
    return call;
}

ScriptCall configureCall(const KeySchema& keys, std::string_view setting, std::string_view value,
                         std::string_view by, std::string_view host)
{
    ScriptCall call = common(Script::Configure, keys);
    call.args.emplace_back(setting);
    call.args.emplace_back(value);
    call.args.emplace_back(by);
    call.args.emplace_back(host);
    return call;
}

ScriptCall cancelWaitCall(const KeySchema& keys, const LeaseId& id)
{
    return onLease(Script::CancelWait, keys, id);
}

ScriptCall contentionCall(const KeySchema& keys, std::size_t top)
{
    ScriptCall call = common(Script::Contention, keys);
    call.args.push_back(std::to_string(top));
    return call;
}

ScriptCall fsckCall(const KeySchema& keys, bool repair)
{
    ScriptCall call = common(Script::Fsck, keys);
    call.args.emplace_back(repair ? "1" : "0");
    return call;
}

} // namespace redis

namespace detail {

std::string loadScriptBody(RedisConnection& connection, std::string_view body, std::string_view what)
{
    Reply reply = connection.command({"SCRIPT", "LOAD", body});
    if (reply->type == REDIS_REPLY_ERROR)
        throw ScriptError("cannot load script " + std::string(what) + ": " + replyText(reply.get()));
    return replyText(reply.get());
}

void loadLibrary(RedisConnection& connection, const redis::Library& library)
{
    Reply reply = connection.command({"FUNCTION", "LOAD", library.body});
    if (reply->type != REDIS_REPLY_ERROR)
        return;
    const std::string text = replyText(reply.get());
    // Another client loaded the same version first: the name says it is this code.
    if (text.find("already exists") != std::string::npos)
        return;
    std::string hint;
    if (text.find("unknown command") != std::string::npos)
        hint = " (Redis 7.0 or later is needed)";
    else if (text.find("NOPERM") != std::string::npos)
        hint = " (this server does not have this version's functions yet, and this user may not FUNCTION LOAD: "
               "connect once with a user that may, such as the admin user of docs/security.md)";
    throw ScriptError("cannot load the Treelock function library " + library.name + ": " + text + hint);
}

namespace {

/// What the server holds, for a caller that may not load its own version: the names of
/// the Treelock libraries FUNCTION LIST gives, or why it cannot tell.
std::string serverLibraries(RedisConnection& connection)
{
    Reply reply = connection.command({"FUNCTION", "LIST", "LIBRARYNAME", "tl_*"});
    if (reply->type == REDIS_REPLY_ERROR)
        return "; which Treelock libraries the server holds is unknown (FUNCTION LIST: " + replyText(reply.get()) + ")";
    std::string names;
    for (std::size_t i = 0; reply->type == REDIS_REPLY_ARRAY && i < reply->elements; ++i) {
        const redisReply* library = reply->element[i];
        for (std::size_t k = 0; library->type == REDIS_REPLY_ARRAY && k + 1 < library->elements; k += 2) {
            if (replyText(library->element[k]) == "library_name")
                names += (names.empty() ? "" : ", ") + replyText(library->element[k + 1]);
        }
    }
    return names.empty() ? "; the server holds no Treelock library" : "; the server holds " + names;
}

} // namespace

void ScriptRegistry::loadAll(RedisConnection& connection)
{
    try {
        loadLibrary(connection, redis::embeddedLibrary());
        m_cannotLoad.clear();
    } catch (const ScriptError& e) {
        // A user that may call the functions but not load them: fine as long as
        // someone loaded this version already; the first call tells.
        if (std::string_view(e.what()).find("NOPERM") == std::string_view::npos)
            throw;
        m_cannotLoad = e.what();
    }
    m_loaded = true;
}

Reply ScriptRegistry::run(RedisConnection& connection, const redis::ScriptCall& call)
{
    const redis::Library& library = redis::embeddedLibrary();
    const std::string function = library.function(call.script);
    const std::string numkeys = std::to_string(call.keys.size());
    std::vector<std::string_view> command{"FCALL", function, numkeys};
    command.insert(command.end(), call.keys.begin(), call.keys.end());
    command.insert(command.end(), call.args.begin(), call.args.end());
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (!m_loaded)
            loadAll(connection);
        Reply reply = connection.command(std::span<const std::string_view>(command));
        if (reply->type == REDIS_REPLY_ERROR && replyText(reply.get()).find("Function not found") != std::string::npos) {
            if (!m_cannotLoad.empty())
                throw ScriptError(m_cannotLoad + serverLibraries(connection));
            m_loaded = false; // FUNCTION FLUSH, or a server that never had it
            continue;
        }
        return reply;
    }
    throw ScriptError("Redis keeps losing the Treelock function library " + library.name
                      + " (\"Function not found\" after FUNCTION LOAD)");
}

} // namespace detail

} // namespace treelock
