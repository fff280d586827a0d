#include "redis/scriptregistry.h"

#include "treelock/error.h"

#include <hiredis/hiredis.h>

#include <array>
#include <iterator>

namespace treelock {

namespace redis {

namespace {

constexpr std::array kScripts{Script::Acquire, Script::Release,  Script::Renew, Script::ForceRelease,
                              Script::Sweep,   Script::Snapshot, Script::Fsck};

/// scriptCall of a verb on no lease, its own arguments to follow.
ScriptCall common(Script script, const KeySchema& keys) { return scriptCall(script, keys, {}); }

/// scriptCall of a verb on lease `id`: ARGV the lease id, its own arguments to follow.
ScriptCall onLease(Script script, const KeySchema& keys, const LeaseId& id)
{
    return scriptCall(script, keys, {id});
}

std::vector<std::string> evalCommand(const char* verb, std::string_view script, const ScriptCall& call)
{
    std::vector<std::string> command;
    command.reserve(3 + call.keys.size() + call.args.size());
    command.emplace_back(verb);
    command.emplace_back(script);
    command.push_back(std::to_string(call.keys.size()));
    command.insert(command.end(), call.keys.begin(), call.keys.end());
    command.insert(command.end(), call.args.begin(), call.args.end());
    return command;
}

} // namespace

std::span<const Script> allScripts() { return kScripts; }

ScriptCall scriptCall(Script script, const KeySchema& keys, std::vector<std::string> args)
{
    ScriptCall call;
    call.script = script;
    call.keys = {keys.nodes(), keys.who(), keys.expiry(), keys.fence(), keys.events(), keys.leases()};
    call.args.reserve(2 + args.size());
    call.args = {std::string(keys.publishCommand()), keys.wake()};
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
    }
    return {};
}

std::string composeScript(std::string_view common, std::string_view verb)
{
    std::string body(common);
    body += '\n';
    body += verb;
    return body;
}

std::string scriptBody(Script script)
{
    return composeScript(detail::embeddedScript("common"), detail::embeddedScript(scriptName(script)));
}

std::vector<std::string> ScriptCall::evalsha(std::string_view sha) const { return evalCommand("EVALSHA", sha, *this); }
std::vector<std::string> ScriptCall::eval(std::string_view body) const { return evalCommand("EVAL", body, *this); }

ScriptCall acquireCall(const KeySchema& keys, const LeaseId& id, std::string_view owner,
                       std::string_view operation, std::chrono::milliseconds ttl, int reapBatch,
                       const std::vector<LockRequest>& requests)
{
    ScriptCall call = onLease(Script::Acquire, keys, id);
    call.args.reserve(call.args.size() + 5 + 2 * requests.size());
    call.args.emplace_back(owner);
    call.args.emplace_back(operation);
    call.args.push_back(std::to_string(ttl.count()));
    call.args.push_back(std::to_string(reapBatch));
    call.args.push_back(std::to_string(requests.size()));
    for (const auto& r : requests) {
        call.args.emplace_back(toString(r.mode));
        call.args.push_back(r.path);
    }
    return call;
}

ScriptCall releaseCall(const KeySchema& keys, const LeaseId& id) { return onLease(Script::Release, keys, id); }

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

void ScriptRegistry::loadAll(RedisConnection& connection)
{
    for (const redis::Script script : redis::allScripts())
        load(connection, script);
}

const std::string& ScriptRegistry::load(RedisConnection& connection, redis::Script script)
{
    auto& sha = m_shas[static_cast<std::size_t>(script)];
    sha = loadScriptBody(connection, redis::scriptBody(script), redis::scriptName(script));
    return sha;
}

Reply ScriptRegistry::run(RedisConnection& connection, const redis::ScriptCall& call)
{
    const std::string numkeys = std::to_string(call.keys.size());
    std::vector<std::string_view> command{"EVALSHA", {}, numkeys};
    command.insert(command.end(), call.keys.begin(), call.keys.end());
    command.insert(command.end(), call.args.begin(), call.args.end());
    for (int attempt = 0; attempt < 2; ++attempt) {
        auto& sha = m_shas[static_cast<std::size_t>(call.script)];
        if (sha.empty())
            load(connection, call.script);
        command[1] = sha;
        Reply reply = connection.command(std::span<const std::string_view>(command));
        if (reply->type == REDIS_REPLY_ERROR && replyText(reply.get()).rfind("NOSCRIPT", 0) == 0) {
            sha.clear();
            continue;
        }
        return reply;
    }
    throw ScriptError("Redis keeps forgetting script " + std::string(redis::scriptName(call.script))
                      + " (NOSCRIPT after load)");
}

} // namespace detail

} // namespace treelock
