#include "treelock/redisengine.h"

#include "lockplan.h"
#include "redisconnection.h"
#include "treelock/error.h"

#include <hiredis/hiredis.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <mutex>

namespace treelock {

namespace detail {
std::string_view embeddedScript(std::string_view name);
}

using detail::Reply;
using detail::replyInteger;
using detail::replyText;

// ---------------------------------------------------------------- helpers

namespace {

constexpr const char* kScriptNames[] = {"acquire", "release", "renew", "force_release",
                                        "sweep", "snapshot", "fsck"};

const redisReply* element(const redisReply* reply, size_t i)
{
    if (!reply || reply->type != REDIS_REPLY_ARRAY || i >= reply->elements)
        throw ScriptError("unexpected reply from a Treelock script: missing element "
                          + std::to_string(i));
    return reply->element[i];
}

long long intAt(const redisReply* reply, size_t i) { return replyInteger(element(reply, i)); }
std::string textAt(const redisReply* reply, size_t i) { return replyText(element(reply, i)); }

ServerTime serverTime(long long ms) { return ServerTime(std::chrono::milliseconds(ms)); }

} // namespace

// ---------------------------------------------------------------- Impl

struct RedisEngine::Impl {
    Impl(const RedisOptions& options, std::string projectName, PathOptions paths)
        : address(RedisAddress::of(options)),
          project(std::move(projectName)),
          pathOptions(paths),
          connection(address, options.connectTimeout, options.commandTimeout),
          connectTimeout(options.connectTimeout),
          commandTimeout(options.commandTimeout)
    {
        validateProject(project);
        prefix = "tl:{" + project + "}:";
    }

    std::vector<std::string> commonKeys() const
    {
        return {prefix + "nodes", prefix + "who", prefix + "expiry", prefix + "fence", prefix + "events"};
    }

    // Runs a script by name. Caller holds `mutex`. Error replies become ScriptError.
    Reply run(const char* name, std::vector<std::string> keys, const std::vector<std::string>& args)
    {
        std::vector<std::string> cmd{"EVALSHA", "", std::to_string(keys.size())};
        cmd.insert(cmd.end(), keys.begin(), keys.end());
        cmd.push_back(prefix + "lease:");
        cmd.push_back(prefix + "wake");
        cmd.insert(cmd.end(), args.begin(), args.end());
        for (int attempt = 0; attempt < 2; ++attempt) {
            auto& sha = shas[name];
            if (sha.empty())
                sha = load(name);
            cmd[1] = sha;
            Reply reply = connection.command(cmd);
            if (reply->type == REDIS_REPLY_ERROR) {
                const std::string message = replyText(reply.get());
                if (message.rfind("NOSCRIPT", 0) == 0) {
                    sha.clear();
                    continue;
                }
                throw ScriptError("Redis refused script " + std::string(name) + ": " + message);
            }
            if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 2
                && reply->element[0]->type == REDIS_REPLY_INTEGER && reply->element[0]->integer == -1)
                throw InvalidInput(replyText(reply->element[1]));
            return reply;
        }
        throw ScriptError("Redis keeps forgetting script " + std::string(name) + " (NOSCRIPT after load)");
    }

    std::string load(const char* name)
    {
        const std::string body = std::string(detail::embeddedScript("common")) + "\n"
                                 + std::string(detail::embeddedScript(name));
        Reply reply = connection.command({"SCRIPT", "LOAD", body});
        if (reply->type == REDIS_REPLY_ERROR)
            throw ScriptError("cannot load script " + std::string(name) + ": " + replyText(reply.get()));
        return replyText(reply.get());
    }

    void checkServer()
    {
        warnings.clear();
        Reply policy = connection.command({"CONFIG", "GET", "maxmemory-policy"});
        if (policy->type == REDIS_REPLY_ARRAY && policy->elements == 2) {
            const std::string value = replyText(policy->element[1]);
            if (value != "noeviction")
                warnings.push_back("Redis maxmemory-policy is \"" + value
                                   + "\", not \"noeviction\": under memory pressure Redis may "
                                     "evict lock keys, and locks would silently vanish");
        } else {
            warnings.push_back("cannot read Redis maxmemory-policy (" + replyText(policy.get())
                               + "); make sure it is \"noeviction\"");
            return;
        }
        Reply aof = connection.command({"CONFIG", "GET", "appendonly"});
        Reply save = connection.command({"CONFIG", "GET", "save"});
        const bool aofOn = aof->type == REDIS_REPLY_ARRAY && aof->elements == 2
                           && replyText(aof->element[1]) == "yes";
        const bool rdbOn = save->type == REDIS_REPLY_ARRAY && save->elements == 2
                           && !replyText(save->element[1]).empty();
        if (!aofOn && !rdbOn)
            warnings.push_back("Redis has no persistence (appendonly no, save \"\"): a restart "
                               "loses every lease; fencing tokens still rise");
    }

    RedisAddress address;
    std::string project;
    PathOptions pathOptions;
    std::string prefix;
    std::mutex mutex; // Guards everything below.
    detail::RedisConnection connection;
    std::map<std::string, std::string> shas;
    std::vector<std::string> warnings;
    std::chrono::milliseconds connectTimeout;
    std::chrono::milliseconds commandTimeout;
};

RedisEngine::RedisEngine(const RedisOptions& options, std::string project, PathOptions pathOptions)
    : m_impl(std::make_unique<Impl>(options, std::move(project), pathOptions))
{
    std::lock_guard lock(m_impl->mutex);
    m_impl->connection.ensureConnected();
    for (const char* name : kScriptNames)
        m_impl->shas[name] = m_impl->load(name);
    m_impl->checkServer();
}

RedisEngine::~RedisEngine() = default;

const std::string& RedisEngine::project() const noexcept { return m_impl->project; }
std::string RedisEngine::describe() const { return m_impl->address.redacted(); }
const PathOptions& RedisEngine::pathOptions() const noexcept { return m_impl->pathOptions; }
std::string RedisEngine::keyPrefix() const { return m_impl->prefix; }

std::vector<std::string> RedisEngine::warnings()
{
    std::lock_guard lock(m_impl->mutex);
    return m_impl->warnings;
}

AcquireResult RedisEngine::acquire(const std::vector<LockRequest>& requests, const AcquireOptions& options)
{
    const auto normal = normalizeRequests(requests, m_impl->pathOptions);
    detail::validateTtl(options.ttl);
    detail::validateLabel("owner", options.owner);
    detail::validateLabel("operation", options.operation);
    const LeaseId id = options.leaseId ? *options.leaseId : newLeaseId();
    detail::validateLeaseIdArgument(id);

    std::vector<std::string> args{id, options.owner, options.operation,
                                  std::to_string(options.ttl.count()), std::to_string(kReapBatch),
                                  std::to_string(normal.size())};
    for (const auto& r : normal) {
        args.emplace_back(toString(r.mode));
        args.push_back(r.path);
    }
    auto keys = m_impl->commonKeys();
    keys.push_back(m_impl->prefix + "lease:" + id);

    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run("acquire", keys, args);
    AcquireResult result;
    if (intAt(reply.get(), 0) == 1) {
        result.granted = true;
        result.grant.lease = textAt(reply.get(), 1);
        result.grant.fence = static_cast<std::uint64_t>(intAt(reply.get(), 2));
        result.grant.expiresAt = serverTime(intAt(reply.get(), 3));
        result.grant.holds = static_cast<int>(intAt(reply.get(), 4));
        result.grant.ttl = std::chrono::milliseconds(intAt(reply.get(), 5));
        result.grant.requests = normal;
        return result;
    }
    Blocker b;
    b.lease = textAt(reply.get(), 1);
    b.owner = textAt(reply.get(), 2);
    b.operation = textAt(reply.get(), 3);
    b.path = textAt(reply.get(), 4);
    b.mode = parseLockMode(textAt(reply.get(), 5)).value_or(LockMode::X);
    b.expiresIn = std::chrono::milliseconds(intAt(reply.get(), 6));
    b.clashPath = textAt(reply.get(), 7);
    b.heldMode = parseLockMode(textAt(reply.get(), 8)).value_or(LockMode::X);
    b.wanted.path = textAt(reply.get(), 9);
    b.wanted.mode = parseLockMode(textAt(reply.get(), 10)).value_or(LockMode::X);
    result.blocker = std::move(b);
    return result;
}

namespace {

LeaseStatus statusOf(long long code)
{
    switch (code) {
    case 1: return LeaseStatus::Ok;
    case 2: return LeaseStatus::Expired;
    case 3: return LeaseStatus::Live;
    default: return LeaseStatus::Unknown;
    }
}

} // namespace

ReleaseResult RedisEngine::release(const LeaseId& lease)
{
    detail::validateLeaseIdArgument(lease);
    auto keys = m_impl->commonKeys();
    keys.push_back(m_impl->prefix + "lease:" + lease);
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run("release", keys, {lease});
    return {statusOf(intAt(reply.get(), 0)), static_cast<int>(intAt(reply.get(), 1))};
}

RenewResult RedisEngine::renew(const LeaseId& lease, std::optional<std::chrono::milliseconds> ttl)
{
    detail::validateLeaseIdArgument(lease);
    if (ttl)
        detail::validateTtl(*ttl);
    auto keys = m_impl->commonKeys();
    keys.push_back(m_impl->prefix + "lease:" + lease);
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run("renew", keys, {lease, std::to_string(ttl ? ttl->count() : 0)});
    return {statusOf(intAt(reply.get(), 0)), serverTime(intAt(reply.get(), 1))};
}

ReleaseResult RedisEngine::forceRelease(const LeaseId& lease, const ForceOptions& options)
{
    detail::validateLeaseIdArgument(lease);
    detail::validateLabel("operator", options.operatorName, true);
    detail::validateLabel("reason", options.reason, true);
    detail::validateLabel("host", options.host);
    if (options.lockDelay.count() < 0 || options.lockDelay > kMaxTtl)
        throw InvalidInput("invalid lock-delay " + std::to_string(options.lockDelay.count())
                           + " ms: must be between 0 and " + std::to_string(kMaxTtl.count()) + " ms");
    auto keys = m_impl->commonKeys();
    keys.push_back(m_impl->prefix + "lease:" + lease);
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run("force_release", keys,
                              {lease, options.operatorName, options.host, options.reason,
                               options.admin ? "1" : "0", std::to_string(options.lockDelay.count())});
    return {statusOf(intAt(reply.get(), 0)), 0};
}

std::size_t RedisEngine::sweep(const std::string& by, const std::string& host)
{
    detail::validateLabel("operator", by);
    detail::validateLabel("host", host);
    std::size_t total = 0;
    for (;;) {
        std::lock_guard lock(m_impl->mutex);
        Reply reply = m_impl->run("sweep", m_impl->commonKeys(),
                                  {by, host, std::to_string(kSweepBatch), std::to_string(total)});
        total += static_cast<std::size_t>(intAt(reply.get(), 0));
        if (intAt(reply.get(), 1) == 0)
            return total;
    }
}

Snapshot RedisEngine::snapshot()
{
    Snapshot snap;
    constexpr int kPage = 1000;
    for (long long offset = 0;; offset += kPage) {
        std::lock_guard lock(m_impl->mutex);
        Reply reply = m_impl->run("snapshot", m_impl->commonKeys(),
                                  {std::to_string(offset), std::to_string(kPage)});
        if (offset == 0)
            snap.serverTime = serverTime(intAt(reply.get(), 0));
        const long long total = intAt(reply.get(), 1);
        for (size_t i = 2; i < reply->elements; ++i) {
            const redisReply* r = reply->element[i];
            LeaseInfo info;
            info.id = textAt(r, 0);
            info.owner = textAt(r, 1);
            info.operation = textAt(r, 2);
            info.requests = detail::parseRequests(textAt(r, 3));
            info.ttl = std::chrono::milliseconds(intAt(r, 4));
            info.createdAt = serverTime(intAt(r, 5));
            info.expiresAt = serverTime(intAt(r, 6));
            info.fence = static_cast<std::uint64_t>(intAt(r, 7));
            info.holds = static_cast<int>(intAt(r, 8));
            info.revoked = intAt(r, 9) == 1;
            snap.leases.push_back(std::move(info));
        }
        if (offset + kPage >= total)
            break;
    }
    return snap;
}

FsckReport RedisEngine::fsck(bool repair)
{
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run("fsck", m_impl->commonKeys(), {repair ? "1" : "0"});
    FsckReport report;
    report.leases = static_cast<std::size_t>(intAt(reply.get(), 0));
    report.nodeFields = static_cast<std::size_t>(intAt(reply.get(), 1));
    const redisReply* diffs = element(reply.get(), 2);
    for (size_t i = 0; i + 2 < diffs->elements; i += 3) {
        const std::string field = textAt(diffs, i);
        const auto bar = field.rfind('|');
        FsckReport::Difference d;
        d.path = field.substr(0, bar);
        d.mode = parseLockMode(field.substr(bar + 1)).value_or(LockMode::X);
        d.expected = intAt(diffs, i + 1);
        d.actual = intAt(diffs, i + 2);
        report.differences.push_back(std::move(d));
    }
    const redisReply* orphans = element(reply.get(), 3);
    for (size_t i = 0; i < orphans->elements; ++i)
        report.orphanIndexEntries.push_back(textAt(orphans, i));
    report.repaired = intAt(reply.get(), 4) == 1;
    return report;
}

std::vector<Event> RedisEngine::events(const std::string& afterId, std::size_t max)
{
    if (max == 0)
        return {};
    const std::string start = (afterId.empty() || afterId == "0") ? "-" : "(" + afterId;
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->connection.command(
        {"XRANGE", m_impl->prefix + "events", start, "+", "COUNT", std::to_string(max)});
    if (reply->type == REDIS_REPLY_ERROR)
        throw ScriptError("cannot read events: " + replyText(reply.get()));
    std::vector<Event> out;
    for (size_t i = 0; i < reply->elements; ++i) {
        const redisReply* entry = reply->element[i];
        Event e;
        e.id = textAt(entry, 0);
        const redisReply* fields = element(entry, 1);
        for (size_t f = 0; f + 1 < fields->elements; f += 2) {
            const std::string key = textAt(fields, f);
            const std::string value = textAt(fields, f + 1);
            auto asInt = [&value] {
                long long v = 0;
                std::from_chars(value.data(), value.data() + value.size(), v);
                return v;
            };
            if (key == "type") e.type = value;
            else if (key == "t") e.time = serverTime(asInt());
            else if (key == "lease") e.lease = value;
            else if (key == "owner") e.owner = value;
            else if (key == "op") e.operation = value;
            else if (key == "requests") e.requests = detail::parseRequests(value);
            else if (key == "fence") e.fence = static_cast<std::uint64_t>(asInt());
            else if (key == "expires_ms") e.expiresAt = serverTime(asInt());
            else if (key == "by") e.by = value;
            else if (key == "host") e.host = value;
            else if (key == "reason") e.reason = value;
            else if (key == "was_live") e.wasLive = value == "1";
            else if (key == "count") e.count = asInt();
        }
        out.push_back(std::move(e));
    }
    return out;
}

ServerTime RedisEngine::now()
{
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->connection.command({"TIME"});
    if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 2)
        throw ScriptError("unexpected reply to TIME");
    return serverTime(replyInteger(reply->element[0]) * 1000 + replyInteger(reply->element[1]) / 1000);
}

std::vector<std::pair<std::string, std::int64_t>> RedisEngine::nodeCounts()
{
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->connection.command({"HGETALL", m_impl->prefix + "nodes"});
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (size_t i = 0; i + 1 < reply->elements; i += 2)
        out.emplace_back(textAt(reply.get(), i), intAt(reply.get(), i + 1));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> RedisEngine::projectKeys()
{
    std::lock_guard lock(m_impl->mutex);
    std::vector<std::string> keys;
    std::string cursor = "0";
    do {
        Reply reply = m_impl->connection.command(
            {"SCAN", cursor, "MATCH", "tl:{" + m_impl->project + "}:*", "COUNT", "1000"});
        cursor = textAt(reply.get(), 0);
        const redisReply* batch = element(reply.get(), 1);
        for (size_t i = 0; i < batch->elements; ++i)
            keys.push_back(textAt(batch, i));
    } while (cursor != "0");
    std::sort(keys.begin(), keys.end());
    return keys;
}

// ---------------------------------------------------------------- wake-ups

namespace {

class RedisWakeSignal final : public WakeSignal {
public:
    RedisWakeSignal(const RedisAddress& address, std::chrono::milliseconds connectTimeout,
                    std::chrono::milliseconds commandTimeout, std::string channel)
        : m_connection(address, connectTimeout, commandTimeout), m_channel(std::move(channel))
    {
        subscribe();
    }

    bool wait(std::chrono::steady_clock::time_point deadline) override
    {
        try {
            if (!m_connection.connected())
                subscribe();
            while (Reply reply = m_connection.readReply(deadline)) {
                if (reply->type == REDIS_REPLY_ARRAY && reply->elements >= 3
                    && replyText(reply->element[0]) == "message")
                    return true;
            }
            return false;
        } catch (const ConnectionError&) {
            // Treat a lost subscription as a (spurious) wake-up: the caller
            // retries its acquire, which reports the connection problem.
            m_connection.disconnect();
            return true;
        }
    }

private:
    void subscribe()
    {
        m_connection.send({"SUBSCRIBE", m_channel});
        Reply confirm = m_connection.readReply(std::chrono::steady_clock::now() + std::chrono::seconds(5));
        if (!confirm)
            throw ConnectionError("no answer to SUBSCRIBE " + m_channel);
    }

    detail::RedisConnection m_connection;
    std::string m_channel;
};

} // namespace

std::unique_ptr<WakeSignal> RedisEngine::subscribeWake()
{
    return std::make_unique<RedisWakeSignal>(m_impl->address, m_impl->connectTimeout,
                                             m_impl->commandTimeout, m_impl->prefix + "wake");
}

} // namespace treelock
