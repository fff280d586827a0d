#include "treelock/redisengine.h"

#include "lockplan.h"
#include "redis/cluster.h"
#include "redis/primaryroute.h"
#include "redis/replydecoding.h"
#include "redis/redisconnection.h"
#include "redis/scriptregistry.h"
#include "redis/sentinel.h"
#include "redis/streamreader.h"
#include "redis/wakesubscription.h"
#include "treelock/error.h"
#include "treelock/redisprotocol.h"
#include "treelock/redistopology.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <thread>
#include <type_traits>

namespace treelock {

using detail::blockerOf;
using detail::replyElement;
using detail::replyInteger;
using detail::statusOf;
using detail::textAt;
using detail::waitersOfFirstPage;
using redis::Reply;

namespace {

long long intAt(const Reply& reply, size_t i) { return detail::integerAt(reply, i); }

ServerTime serverTime(long long ms) { return ServerTime(std::chrono::milliseconds(ms)); }

// A call id for one call and its repeats: 64 random bits, as 16 hex digits.
std::string newCallId() { return newLeaseId().substr(0, 16); }

} // namespace

// ---------------------------------------------------------------- Impl

struct RedisEngine::Impl {
    Impl(const RedisOptions& options, std::string projectName, PathOptions paths)
        : address(RedisAddress::of(options)),
          project(std::move(projectName)),
          keys(project, address.isCluster() ? redis::WakeDelivery::Sharded : redis::WakeDelivery::Plain),
          pathOptions(paths),
          connection(address, options.connectTimeout, options.commandTimeout),
          connectTimeout(options.connectTimeout),
          commandTimeout(options.commandTimeout),
          minReplicas(options.minReplicas),
          replicaTimeout(options.replicaTimeout),
          failoverTimeout(options.failoverTimeout)
    {
        validateProject(project);
        if (minReplicas < 0 || minReplicas > kMaxMinReplicas)
            throw InvalidInput("invalid min-replicas " + std::to_string(minReplicas) + ": must be from 0 to "
                               + std::to_string(kMaxMinReplicas));
        if (replicaTimeout.count() < 1 || replicaTimeout > kMaxReplicaTimeout)
            throw InvalidInput("invalid replica-timeout " + std::to_string(replicaTimeout.count())
                               + " ms: must be from 1 to " + std::to_string(kMaxReplicaTimeout.count()) + " ms");
        route.emplace(address, project, keys, connection, scripts, connectTimeout, commandTimeout,
                      options.failoverTimeout);
    }

    // Runs `send` on the primary (PrimaryRoute: Sentinel and Cluster retries).
    // Caller holds `mutex`.
    template <class Send>
    auto onPrimary(Send&& send) -> std::invoke_result_t<Send&>
    {
        return route->run(std::forward<Send>(send));
    }

    // Runs a script. Caller holds `mutex`. Error replies become ScriptError; the
    // scripts' own refusal {-1, message} becomes InvalidInput.
    Reply run(const redis::ScriptCall& call)
    {
        Reply reply = onPrimary([&] { return detail::toReply(scripts.run(connection, call).get()); });
        if (reply.isError() && !route->cluster() && detail::redirectIn(reply.text))
            throw InvalidInput("Redis at " + address.redacted() + " is a Redis Cluster node that does not serve project "
                               + project + " (" + reply.text + "): connect with a redis+cluster:// URL");
        if (reply.isError())
            throw ScriptError("Redis refused script " + std::string(redis::scriptName(call.script)) + ": "
                              + reply.text);
        if (reply.isArray() && reply.size() == 2 && reply[0].is(-1))
            throw InvalidInput(reply[1].text);
        return reply;
    }

    // A plain command on the primary. Caller holds `mutex`.
    Reply call(std::initializer_list<std::string_view> args)
    {
        return onPrimary([&] { return connection.call(args); });
    }

    // WAIT for minReplicas replicas to have every write of this connection; the
    // number that did within replicaTimeout. Caller holds `mutex`.
    int acknowledgedReplicas()
    {
        const Reply reply = connection.call(
            {"WAIT", std::to_string(minReplicas), std::to_string(replicaTimeout.count())});
        if (reply.isError()) {
            const bool noRight = reply.text.find("NOPERM") != std::string::npos;
            throw ScriptError("Redis refused WAIT: " + reply.text
                              + (noRight ? " (--min-replicas needs the wait right: add +wait to this ACL user, "
                                           "docs/security.md)"
                                         : ""));
        }
        return static_cast<int>(replyInteger(reply));
    }

    // "grant not acknowledged by enough replicas (1 of 2 within 100 ms)", and
    // when the primary has fewer replicas than asked for, so that no wait can
    // ever reach them, says so. Caller holds `mutex`.
    std::string shortfall(const char* what, int acknowledged)
    {
        std::string text = std::string(what) + " not acknowledged by enough replicas ("
                           + std::to_string(acknowledged) + " of " + std::to_string(minReplicas) + " within "
                           + std::to_string(replicaTimeout.count()) + " ms";
        try {
            const Reply info = connection.call({"INFO", "replication"});
            if (!info.isError()) {
                const auto connected = static_cast<int>(parseReplicas(info.text).size());
                if (connected < minReplicas)
                    text += "; the primary has only " + std::to_string(connected) + " replica"
                            + (connected == 1 ? "" : "s") + " connected";
            }
        } catch (const Error&) {
            // The hint is optional: a user without INFO, or a connection lost
            // just now, still gets the shortfall itself.
        }
        return text + ")";
    }

    // With minReplicas, WAITs for the write just made; on a shortfall throws
    // ReplicationError saying `what` was not acknowledged and `consequence`
    // (nothing is rolled back). Caller holds `mutex`.
    // The "#m" field's settings (0, the defaults, for a project that never wrote
    // it). A plain read, not a function: Redis refuses a function that may write
    // while it is out of memory or short of replicas, and this read (Studio's
    // reconnect, check-history) must work then too.
    double settings()
    {
        const Reply reply = call({"HGET", keys.state(), redis::kCountersField});
        if (reply.isError())
            throw ScriptError("cannot read the settings of project " + project + ": " + reply.text);
        if (reply.isNil())
            return 0;
        const auto counters = redis::decodeCounters(reply.text);
        if (!counters)
            throw ScriptError("the counters of project " + project + " are not in a known form ("
                              + std::to_string(reply.text.size()) + " bytes): run treelock fsck");
        return counters->settings;
    }

    // The status a release or force-release answered, as its caller must read
    // it: a repeat that found no lease means the first attempt ended it.
    // Caller holds `mutex`, since the run.
    LeaseStatus repeatedStatus(LeaseStatus status) const
    {
        return status == LeaseStatus::Unknown && route->repeats() > 0 ? LeaseStatus::Gone : status;
    }

    enum class Rollback {
        Done,           ///< the lease is gone, and as many replicas as asked for know it
        Unacknowledged, ///< released, but no primary answered WAIT after it: a failover may bring it back
        Failed,         ///< the release could not be sent
    };

    // Releases a grant nobody will learn of. Any answer says the lease is gone:
    // released, expired, or not there (a failover lost it, or a repeat found it
    // released). With minReplicas the rollback is waited for like the grant: a
    // replica that has the grant but not its rollback would bring the lease back
    // with a failover, live until its TTL and known to nobody. The primary puts
    // the rollback into the replication stream right behind the grant, so a
    // replica can miss it only when the primary dies before sending it; then
    // WAIT fails, and the release is sent again (same call id: a repeat changes
    // nothing) to whoever is primary now, until the failover timeout. A WAIT
    // that answers (enough replicas or not) or is refused ends it: that primary
    // lived on with the rollback. Caller holds `mutex`.
    Rollback rollBack(const LeaseId& lease)
    {
        const redis::ScriptCall release = redis::releaseCall(keys, lease, newCallId());
        const auto deadline = std::chrono::steady_clock::now() + failoverTimeout;
        for (;;) {
            try {
                run(release);
            } catch (const Error&) {
                return Rollback::Failed;
            }
            if (minReplicas <= 0)
                return Rollback::Done;
            try {
                acknowledgedReplicas();
                return Rollback::Done;
            } catch (const ConnectionError&) {
                connection.disconnect(); // the repeat goes to whoever is primary now
            } catch (const Error&) {
                return Rollback::Done; // WAIT refused: the primary rolled it back
            }
            if (std::chrono::steady_clock::now() >= deadline)
                return Rollback::Unacknowledged;
            std::this_thread::sleep_for(std::min<std::chrono::milliseconds>(replicaTimeout * 2, std::chrono::milliseconds(100)));
        }
    }

    // After a grant with minReplicas: WAITs for it. No grant outlives a step that
    // failed after it: on a shortfall, or when WAIT itself fails (refused, the
    // connection lost), the grant is rolled back before the error is thrown, and
    // when even that fails the error names the lease, so that it can be released.
    // Caller holds `mutex`.
    void requireGrantAcknowledged(const LeaseId& lease)
    {
        const auto outcome = [&](Rollback rollback) -> std::string {
            switch (rollback) {
            case Rollback::Done:
                return "; the grant was rolled back";
            case Rollback::Unacknowledged:
                return "; the grant was rolled back, but the primary was lost before its replicas could acknowledge "
                       "that: a failover may bring lease " + lease + " back until its TTL ends, or until it is released";
            case Rollback::Failed:
                break;
            }
            return "; the grant could not be rolled back: lease " + lease
                   + " stays until its TTL ends, or until it is released";
        };
        int acknowledged = 0;
        try {
            acknowledged = acknowledgedReplicas();
        } catch (const ConnectionError& error) {
            // The outcome is known once the rollback is: no grant.
            const Rollback rollback = rollBack(lease);
            if (rollback == Rollback::Done)
                throw ReplicationError(std::string("grant not acknowledged: WAIT failed (") + error.what() + ")"
                                           + outcome(rollback),
                                       0, minReplicas, true);
            throw ConnectionError(error.what() + outcome(rollback));
        } catch (const Error& error) {
            throw ScriptError(error.what() + outcome(rollBack(lease)));
        }
        if (acknowledged < minReplicas) {
            const std::string message = shortfall("grant", acknowledged);
            const Rollback rollback = rollBack(lease);
            throw ReplicationError(message + (rollback == Rollback::Done ? "; rolled back" : outcome(rollback)),
                                   acknowledged, minReplicas,
                                   rollback == Rollback::Done);
        }
    }

    // After a release with minReplicas: WAITs for it. A release the replicas did
    // not acknowledge would come back with a failover (the lease live again until
    // its TTL), so it is sent again, with its call id, until enough acknowledge
    // it or the failover timeout passes: on the primary that answers then, a
    // repeat finds the lease gone, or frees it where a failover brought it back.
    // Throws ReplicationError (not rolled back) when the timeout passes first.
    // Caller holds `mutex`.
    ReleaseResult releaseAcknowledged(const redis::ScriptCall& call, ReleaseResult result)
    {
        const auto deadline = std::chrono::steady_clock::now() + failoverTimeout;
        int acknowledged = 0;
        for (;;) {
            try {
                acknowledged = acknowledgedReplicas();
                if (acknowledged >= minReplicas)
                    return result;
            } catch (const ConnectionError&) {
                connection.disconnect(); // the next repeat goes to whoever is primary now
            }
            if (std::chrono::steady_clock::now() >= deadline)
                throw ReplicationError(shortfall("release", acknowledged)
                                           + "; the primary has it, a failover now may bring the lease back "
                                             "until its TTL",
                                       acknowledged, minReplicas, false);
            std::this_thread::sleep_for(std::min<std::chrono::milliseconds>(replicaTimeout * 2, std::chrono::milliseconds(100)));
            const Reply again = run(call);
            const LeaseStatus status = statusOf(intAt(again, 0));
            // A repeat finds the lease gone (the release held), or releases it again
            // where a failover brought it back: either way it is released.
            if (status == LeaseStatus::Ok && result.status == LeaseStatus::Ok)
                result.remainingHolds = static_cast<int>(intAt(again, 1));
        }
    }

    void requireReplicas(const char* what, const char* consequence)
    {
        if (minReplicas <= 0)
            return;
        const int acknowledged = acknowledgedReplicas();
        if (acknowledged < minReplicas)
            throw ReplicationError(shortfall(what, acknowledged) + consequence, acknowledged, minReplicas, false);
    }

    // A project with keys of the layout before the state hash was written by an
    // older version, whose locks this one would not see: refused, never mixed.
    void refuseOlderLayout()
    {
        const auto older = keys.olderLayoutKeys();
        const Reply reply = call({"EXISTS", older[0], older[1], older[2]});
        if (reply.isInteger() && reply.integer > 0)
            throw InvalidInput("project " + project + " on Redis at " + address.redacted()
                               + " holds locks in the layout of an earlier Treelock version (" + older.front()
                               + " and others): release them with that version, or delete the project's keys ("
                               + keys.pattern() + "), then connect again");
    }

    void checkServer()
    {
        warnings.clear();
        // A plain URL at a cluster node would work until the first slot moved;
        // it is refused as the wrong URL it is. (No INFO right: not checked.)
        if (!route->cluster())
            onPrimary([this] {
                detail::refuseClusterNode(connection);
                return 0;
            });
        const Reply policy = call({"CONFIG", "GET", "maxmemory-policy"});
        if (!detail::isConfigValue(policy)) { // no CONFIG right: the rest cannot be read either
            warnings = detail::serverWarnings(policy, {}, {});
            return;
        }
        warnings = detail::serverWarnings(policy, call({"CONFIG", "GET", "appendonly"}), call({"CONFIG", "GET", "save"}));
    }

    RedisAddress address;
    std::string project;
    redis::KeySchema keys;
    PathOptions pathOptions;
    std::mutex mutex; // Guards everything below.
    detail::RedisConnection connection;
    detail::ScriptRegistry scripts;
    std::vector<std::string> warnings;
    std::chrono::milliseconds connectTimeout;
    std::chrono::milliseconds commandTimeout;
    int minReplicas;
    std::chrono::milliseconds replicaTimeout;
    std::chrono::milliseconds failoverTimeout;
    std::optional<detail::PrimaryRoute> route; ///< set once the options are valid
};

RedisEngine::RedisEngine(const RedisOptions& options, std::string project, PathOptions pathOptions)
    : m_impl(std::make_unique<Impl>(options, std::move(project), pathOptions))
{
    std::lock_guard lock(m_impl->mutex);
    // On a cluster every new connection loads the scripts itself (PrimaryRoute).
    m_impl->onPrimary([this] {
        if (!m_impl->route->cluster())
            m_impl->scripts.loadAll(m_impl->connection);
        return 0;
    });
    m_impl->checkServer();
    m_impl->refuseOlderLayout();
}

RedisEngine::~RedisEngine() = default;

const std::string& RedisEngine::project() const noexcept { return m_impl->project; }
std::string RedisEngine::describe() const
{
    if (m_impl->route->cluster()) {
        const auto node = m_impl->route->cluster()->lastPrimaryFor(m_impl->route->slot());
        return m_impl->address.redacted() + " (slot " + std::to_string(m_impl->route->slot())
               + (node ? " on " + node->text() : std::string()) + ")";
    }
    if (!m_impl->route->locator())
        return m_impl->address.redacted();
    const auto primary = m_impl->route->locator()->lastPrimary();
    return m_impl->address.redacted() + (primary ? " (primary " + primary->text() + ")" : std::string());
}

std::optional<HostPort> RedisEngine::primary() const
{
    if (m_impl->route->cluster())
        return m_impl->route->cluster()->lastPrimaryFor(m_impl->route->slot());
    if (m_impl->route->locator())
        return m_impl->route->locator()->lastPrimary();
    if (m_impl->address.unixSocket)
        return std::nullopt;
    return HostPort{m_impl->address.host, m_impl->address.port};
}
ClusterRedirects RedisEngine::redirects() const noexcept
{
    return m_impl->route->redirects();
}

std::optional<int> RedisEngine::slot() const
{
    if (!m_impl->route->cluster())
        return std::nullopt;
    return m_impl->route->slot();
}

const PathOptions& RedisEngine::pathOptions() const noexcept { return m_impl->pathOptions; }
std::string RedisEngine::keyPrefix() const { return m_impl->keys.prefix(); }
const redis::KeySchema& RedisEngine::keys() const noexcept { return m_impl->keys; }

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
    detail::validateWait(options.wait, options.waitRefresh);
    detail::validateHolding(options.holding);
    detail::validateCallId(options.callId);
    detail::validateRenewEvery(options.renewEvery, options.ttl);

    // Only an attempt that names its id and waits is (or becomes) a registered waiter.
    const bool waits = options.leaseId && options.wait > std::chrono::milliseconds(0);
    // The call id makes a repeat after a lost answer safe: it cannot add a hold twice.
    const auto call = redis::acquireCall(m_impl->keys, id, options.owner, options.operation, options.ttl,
                                         kReapBatch, normal, options.wait,
                                         waits ? options.waitRefresh : std::chrono::milliseconds(0),
                                         options.holding, options.callId.empty() ? newCallId() : options.callId,
                                         options.renewEvery);
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run(call);
    AcquireResult result;
    if (intAt(reply, 0) == 1) {
        result.granted = true;
        result.grant.lease = id;
        result.grant.fence = static_cast<std::uint64_t>(intAt(reply, 1));
        result.grant.expiresAt = serverTime(intAt(reply, 2));
        result.grant.holds = static_cast<int>(intAt(reply, 3));
        result.grant.ttl = options.ttl;
        result.grant.requests = normal;
        if (m_impl->minReplicas > 0)
            m_impl->requireGrantAcknowledged(id);
        return result;
    }
    Blocker b = blockerOf(reply, 1);
    result.blocker = std::move(b);
    return result;
}


ReleaseResult RedisEngine::release(const LeaseId& lease)
{
    detail::validateLeaseIdArgument(lease);
    const auto call = redis::releaseCall(m_impl->keys, lease, newCallId());
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run(call);
    ReleaseResult result{m_impl->repeatedStatus(statusOf(intAt(reply, 0))), static_cast<int>(intAt(reply, 1))};
    if (m_impl->minReplicas > 0 && (result.status == LeaseStatus::Ok || result.status == LeaseStatus::Gone))
        result = m_impl->releaseAcknowledged(call, result);
    return result;
}

RenewResult RedisEngine::renew(const LeaseId& lease, std::optional<std::chrono::milliseconds> ttl)
{
    detail::validateLeaseIdArgument(lease);
    if (ttl)
        detail::validateTtl(*ttl);
    const auto call = redis::renewCall(m_impl->keys, lease, ttl.value_or(std::chrono::milliseconds(0)));
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run(call);
    const RenewResult result{statusOf(intAt(reply, 0)), serverTime(intAt(reply, 1))};
    if (result.status == LeaseStatus::Ok)
        m_impl->requireReplicas("renewal", "; the replicas keep the previous expiry");
    return result;
}

ReleaseResult RedisEngine::forceRelease(const LeaseId& lease, const ForceOptions& options)
{
    detail::validateForce(lease, options);
    const auto call = redis::forceReleaseCall(m_impl->keys, lease, options.operatorName, options.host,
                                              options.reason, options.admin, options.lockDelay);
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run(call);
    return {m_impl->repeatedStatus(statusOf(intAt(reply, 0))), 0};
}

std::size_t RedisEngine::sweep(const std::string& by, const std::string& host)
{
    detail::validateLabel("operator", by);
    detail::validateLabel("host", host);
    std::size_t total = 0;
    for (;;) {
        std::lock_guard lock(m_impl->mutex);
        Reply reply = m_impl->run(redis::sweepCall(m_impl->keys, by, host, kSweepBatch, total));
        total += static_cast<std::size_t>(intAt(reply, 0));
        if (intAt(reply, 1) == 0)
            return total;
    }
}

Snapshot RedisEngine::snapshot()
{
    Snapshot snap;
    constexpr int kPage = 1000;
    for (long long offset = 0;; offset += kPage) {
        std::lock_guard lock(m_impl->mutex);
        Reply reply = m_impl->run(redis::snapshotCall(m_impl->keys, offset, kPage));
        if (offset == 0) {
            snap.serverTime = serverTime(intAt(reply, 0));
            snap.waiters = waitersOfFirstPage(reply);
        }
        const long long total = intAt(reply, 1);
        for (size_t i = 3; i < reply.size(); ++i) {
            const Reply& r = reply.elements[i];
            LeaseInfo info;
            info.id = redis::leaseIdOfWire(textAt(r, 0));
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

Snapshot RedisEngine::waiters()
{
    // The snapshot function's first page carries the waiters; a page of one
    // lease keeps the call O(waiters).
    std::lock_guard lock(m_impl->mutex);
    const Reply reply = m_impl->run(redis::snapshotCall(m_impl->keys, 0, 1));
    Snapshot snap;
    snap.serverTime = serverTime(intAt(reply, 0));
    snap.waiters = waitersOfFirstPage(reply);
    return snap;
}

FsckReport RedisEngine::fsck(bool repair)
{
    std::lock_guard lock(m_impl->mutex);
    Reply reply = m_impl->run(redis::fsckCall(m_impl->keys, repair));
    FsckReport report;
    report.leases = static_cast<std::size_t>(intAt(reply, 0));
    report.nodeFields = static_cast<std::size_t>(intAt(reply, 1));
    const Reply& diffs = replyElement(reply, 2);
    for (size_t i = 0; i + 2 < diffs.size(); i += 3) {
        auto [path, mode] = redis::KeySchema::splitNodeField(textAt(diffs, i));
        FsckReport::Difference d;
        d.path = std::move(path);
        d.mode = mode.value_or(LockMode::X);
        d.expected = intAt(diffs, i + 1);
        d.actual = intAt(diffs, i + 2);
        report.differences.push_back(std::move(d));
    }
    const Reply& orphans = replyElement(reply, 3);
    for (size_t i = 0; i < orphans.size(); ++i)
        report.orphanIndexEntries.push_back(redis::leaseIdOfWire(textAt(orphans, i)));
    report.repaired = intAt(reply, 4) == 1;
    return report;
}

std::vector<Event> RedisEngine::events(const std::string& afterId, std::size_t max)
{
    if (max == 0)
        return {};
    std::lock_guard lock(m_impl->mutex);
    return m_impl->onPrimary([&] { return detail::readEvents(m_impl->connection, m_impl->keys, afterId, max); });
}

EventLevel RedisEngine::eventLevel()
{
    std::lock_guard lock(m_impl->mutex);
    return redis::unrecordedGrants(m_impl->settings()) ? EventLevel::Audit : EventLevel::All;
}

void RedisEngine::setEventLevel(EventLevel level, const std::string& by, const std::string& host)
{
    detail::validateLabel("operator", by, true);
    detail::validateLabel("host", host);
    std::lock_guard lock(m_impl->mutex);
    m_impl->run(redis::configureCall(m_impl->keys, "events", toString(level), by, host));
    m_impl->requireReplicas("setting change", "; the primary has it, a failover now may undo it");
}

std::optional<std::chrono::milliseconds> RedisEngine::fairnessGrace()
{
    std::lock_guard lock(m_impl->mutex);
    return redis::graceOf(m_impl->settings());
}

void RedisEngine::setFairnessGrace(std::optional<std::chrono::milliseconds> grace, const std::string& by,
                                   const std::string& host)
{
    detail::validateGrace(grace);
    detail::validateLabel("operator", by, true);
    detail::validateLabel("host", host);
    const std::string value = grace ? std::to_string(grace->count()) : std::string("off");
    std::lock_guard lock(m_impl->mutex);
    m_impl->run(redis::configureCall(m_impl->keys, "grace", value, by, host));
    m_impl->requireReplicas("setting change", "; the primary has it, a failover now may undo it");
}

bool RedisEngine::cancelWait(const LeaseId& lease)
{
    detail::validateLeaseIdArgument(lease);
    std::lock_guard lock(m_impl->mutex);
    const Reply reply = m_impl->run(redis::cancelWaitCall(m_impl->keys, lease));
    return intAt(reply, 0) == 1;
}

std::vector<HotPath> RedisEngine::contention(std::size_t top)
{
    detail::validateTop(top);
    std::lock_guard lock(m_impl->mutex);
    const Reply reply = m_impl->run(redis::contentionCall(m_impl->keys, top));
    const std::int64_t now = intAt(reply, 0);
    const std::int64_t epoch = intAt(reply, 1);
    std::vector<HotPath> result;
    for (std::size_t i = 2; i < reply.size(); ++i) {
        const Reply& r = reply.elements[i];
        HotPath hot;
        hot.path = textAt(r, 0);
        hot.refusals = detail::decayedRefusals(std::stod(textAt(r, 1)), now, epoch);
        hot.total = intAt(r, 2);
        hot.last = serverTime(intAt(r, 3));
        hot.waiters = static_cast<std::size_t>(intAt(r, 4));
        const Reply& pairs = replyElement(r, 5);
        for (std::size_t j = 0; j + 2 < pairs.size(); j += 3)
            hot.operations.push_back(HotPath::Pair{textAt(pairs, j), textAt(pairs, j + 1), intAt(pairs, j + 2)});
        std::stable_sort(hot.operations.begin(), hot.operations.end(),
                         [](const HotPath::Pair& a, const HotPath::Pair& b) { return a.count > b.count; });
        result.push_back(std::move(hot));
    }
    return result;
}

ServerTime RedisEngine::now()
{
    std::lock_guard lock(m_impl->mutex);
    const Reply reply = m_impl->call({"TIME"});
    if (!reply.isArray() || reply.size() != 2)
        throw ScriptError("unexpected reply to TIME");
    return serverTime(replyInteger(reply[0]) * 1000 + replyInteger(reply[1]) / 1000);
}

std::vector<std::pair<std::string, std::int64_t>> RedisEngine::nodeCounts()
{
    std::lock_guard lock(m_impl->mutex);
    const Reply reply = m_impl->call({"HGETALL", m_impl->keys.state()});
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (size_t i = 0; i + 1 < reply.size(); i += 2) {
        const std::string field = textAt(reply, i);
        if (field.empty() || field.front() != '/')
            continue; // a lease record or the counters
        const auto node = redis::decodeNode(textAt(reply, i + 1));
        if (!node)
            throw ScriptError("node " + field + " of " + m_impl->keys.state() + " has a value of another layout");
        for (const LockMode mode : kAllModes)
            if (node->count(mode) != 0)
                out.emplace_back(redis::KeySchema::nodeField(field, mode), node->count(mode));
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> RedisEngine::projectKeys()
{
    std::lock_guard lock(m_impl->mutex);
    std::vector<std::string> keys;
    const std::string pattern = m_impl->keys.pattern();
    std::string cursor = "0";
    do {
        const Reply reply = m_impl->call({"SCAN", cursor, "MATCH", pattern, "COUNT", "1000"});
        cursor = textAt(reply, 0);
        const Reply& batch = replyElement(reply, 1);
        for (size_t i = 0; i < batch.size(); ++i)
            keys.push_back(textAt(batch, i));
    } while (cursor != "0");
    std::sort(keys.begin(), keys.end());
    return keys;
}

// ---------------------------------------------------------------- wake-ups

std::unique_ptr<WakeSignal> RedisEngine::subscribeWake()
{
    return std::make_unique<detail::WakeSubscription>(m_impl->address, m_impl->connectTimeout,
                                                      m_impl->commandTimeout, m_impl->keys, m_impl->route->locator(),
                                                      m_impl->route->cluster());
}

} // namespace treelock
