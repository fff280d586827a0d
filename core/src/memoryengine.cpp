#include "treelock/memoryengine.h"

#include "lockplan.h"
#include "memory/memorystate.h"
#include "treelock/error.h"

#include <algorithm>
#include <limits>
#include <map>
#include <mutex>
#include <tuple>
#include <utility>

namespace treelock {

namespace {

using std::chrono::milliseconds;
using detail::fromMs;
using detail::LeaseRecord;

constexpr std::size_t kClashReapBatch = 1000;

// The stream id `text` names; InvalidInput when it names none.
detail::StreamId streamIdOf(const std::string& text)
{
    const std::optional<detail::StreamId> id = detail::parseStreamId(text);
    if (!id)
        throw InvalidInput("event id " + text + " is malformed: expected \"<ms>-<seq>\", \"<ms>\", \"0\" or \"\"");
    return *id;
}

} // namespace

MemoryEngine::MemoryEngine(std::string project, PathOptions pathOptions, Clock clock)
    : m_state(std::make_shared<State>())
{
    validateProject(project);
    m_state->project = std::move(project);
    m_state->pathOptions = pathOptions;
    if (clock) {
        m_state->clock = std::move(clock);
    } else {
        m_state->clock = [] {
            return std::chrono::time_point_cast<milliseconds>(std::chrono::system_clock::now());
        };
    }
}

MemoryEngine::~MemoryEngine() = default;

const std::string& MemoryEngine::project() const noexcept
{
    return m_state->project;
}

std::string MemoryEngine::describe() const
{
    return "memory";
}

const PathOptions& MemoryEngine::pathOptions() const noexcept
{
    return m_state->pathOptions;
}

AcquireResult MemoryEngine::acquire(const std::vector<LockRequest>& requests,
                                    const AcquireOptions& options)
{
    std::vector<LockRequest> normalized = normalizeRequests(requests, m_state->pathOptions);
    detail::validateTtl(options.ttl);
    detail::validateLabel("owner", options.owner);
    detail::validateLabel("operation", options.operation);
    if (options.leaseId)
        detail::validateLeaseIdArgument(*options.leaseId);
    detail::validateWait(options.wait, options.waitRefresh);
    detail::validateHolding(options.holding);
    detail::validateCallId(options.callId);
    detail::validateRenewEvery(options.renewEvery, options.ttl);
    const LeaseId id = options.leaseId ? *options.leaseId : newLeaseId();
    // Only an attempt that names its id and waits is (or becomes) a registered waiter.
    const bool waits = options.leaseId && options.wait > milliseconds{0};

    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    const std::int64_t now = s.nowMs();

    // Refusals of the id come before any change (reaping others cannot change them).
    if (const auto it = s.leases.find(id); it != s.leases.end() && it->second.expiresMs > now) {
        if (it->second.revoked) {
            throw InvalidInput("lease id " + id
                               + " is revoked: it was force-released and cannot be reused");
        }
        if (it->second.requests != normalized) {
            throw InvalidInput("lease id " + id + " in use with other requests ("
                               + detail::formatRequests(it->second.requests)
                               + "): a reentrant acquire must repeat the same requests");
        }
    }

    s.reapExpired(now, kReapBatch);
    s.reapWaiters(now);

    if (const auto it = s.leases.find(id); it != s.leases.end()) {
        if (it->second.expiresMs <= now) {
            s.dropLease(id, EventType::Expire, now);
        } else {
            if (waits)
                s.dropWaiter(id, false);
            LeaseRecord& record = it->second;
            // A repeat of the call that made the last change of holds changes nothing.
            if (options.callId.empty() || record.lastCall != options.callId) {
                ++record.holds;
                record.lastCall = options.callId;
                if (options.renewEvery.count() > 0)
                    record.renewEveryMs = options.renewEvery.count();
                record.ttlMs = options.ttl.count();
                s.setExpiry(id, record, now + record.ttlMs);
            }
            AcquireResult result;
            result.granted = true;
            result.grant.lease = id;
            result.grant.fence = record.fence;
            result.grant.expiresAt = fromMs(record.expiresMs);
            result.grant.ttl = options.ttl;
            result.grant.holds = record.holds;
            result.grant.requests = record.requests;
            return result;
        }
    }

    const std::vector<detail::CheckStep> plan = detail::checkPlan(normalized);
    std::optional<detail::CheckStep> clash = s.findClash(plan);
    if (clash && s.anyExpired(now)) {
        // Expired leases block nothing: clear more of them before refusing.
        s.reapExpired(now, kClashReapBatch);
        clash = s.findClash(plan);
    }
    std::optional<Blocker> refusal;
    if (clash) {
        refusal = s.blockerFor(*clash, normalized, now);
    } else if (s.graceMs) {
        // Fairness: no holder is in the way, but an older waiter that conflicts may be.
        std::int64_t mine = std::numeric_limits<std::int64_t>::max();
        if (waits)
            mine = s.waiters.orderOf(id).value_or(mine);
        const auto deadHolder = [&](const LeaseId& lease) {
            const auto it = s.leases.find(lease);
            return it != s.leases.end() && it->second.presumedDead(now);
        };
        if (const auto ahead = s.waiters.findHeldBack(plan, mine, id, options.holding, deadHolder))
            refusal = s.waiters.queuedBlocker(ahead->first, ahead->second, normalized);
    }
    if (refusal) {
        if (s.waiters.countsAsRefusal(id, *refusal))
            s.hot.countRefusal(refusal->clashPath, options.operation, refusal->operation, now);
        else
            s.hot.touch(refusal->clashPath, now); // a retry that does not count still moves the latest refusal
        if (waits)
            s.waiters.registerWaiter(id, options, normalized, *refusal, now, s.graceMs);
        AcquireResult result;
        result.blocker = std::move(refusal);
        return result;
    }
    if (waits)
        s.dropWaiter(id, false);

    const std::uint64_t fence =
        std::max(s.fence.value_or(0) + 1, static_cast<std::uint64_t>(now) * 1000);
    s.fence = fence;

    LeaseRecord record;
    record.owner = options.owner;
    record.operation = options.operation;
    record.requests = normalized;
    record.ttlMs = options.ttl.count();
    record.createdMs = now;
    record.expiresMs = now + record.ttlMs;
    record.fence = fence;
    record.lastCall = options.callId;
    record.renewEveryMs = options.renewEvery.count();
    s.addCounts(id, record.requests);
    s.expiry.emplace(record.expiresMs, id);
    if (s.eventLevel == EventLevel::All) {
        Event event = s.leaseEvent(EventType::Grant, id, record);
        event.expiresAt = fromMs(record.expiresMs);
        s.appendEvent(std::move(event), now);
    }

    AcquireResult result;
    result.granted = true;
    result.grant.lease = id;
    result.grant.fence = fence;
    result.grant.expiresAt = fromMs(record.expiresMs);
    result.grant.ttl = options.ttl;
    result.grant.holds = 1;
    result.grant.requests = std::move(normalized);
    s.leases.emplace(id, std::move(record));
    return result;
}

ReleaseResult MemoryEngine::release(const LeaseId& lease)
{
    detail::validateLeaseIdArgument(lease);
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    const std::int64_t now = s.nowMs();

    ReleaseResult result;
    LeaseRecord* record = nullptr;
    result.status = s.findLiveLease(lease, now, record);
    if (result.status != LeaseStatus::Ok)
        return result;
    if (record->holds > 1) {
        result.remainingHolds = --record->holds;
        record->lastCall.clear(); // the last change of holds named no call
        return result;
    }
    s.dropLease(lease, EventType::Release, now);
    return result;
}

RenewResult MemoryEngine::renew(const LeaseId& lease, std::optional<milliseconds> ttl)
{
    detail::validateLeaseIdArgument(lease);
    if (ttl)
        detail::validateTtl(*ttl);
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    const std::int64_t now = s.nowMs();

    RenewResult result;
    LeaseRecord* record = nullptr;
    result.status = s.findLiveLease(lease, now, record);
    if (result.status != LeaseStatus::Ok)
        return result;
    if (ttl)
        record->ttlMs = ttl->count();
    s.setExpiry(lease, *record, now + record->ttlMs);
    result.expiresAt = fromMs(record->expiresMs);
    return result;
}

ReleaseResult MemoryEngine::forceRelease(const LeaseId& lease, const ForceOptions& options)
{
    detail::validateForce(lease, options);
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    const std::int64_t now = s.nowMs();

    ReleaseResult result;
    LeaseRecord* record = s.findLease(lease);
    if (!record) {
        result.status = LeaseStatus::Unknown;
        return result;
    }
    const bool live = record->expiresMs > now;
    if (live && !options.admin) {
        result.status = LeaseStatus::Live;
        return result;
    }
    Event audit;
    audit.by = options.operatorName;
    audit.host = options.host;
    audit.reason = options.reason;
    audit.wasLive = live;
    result.status = LeaseStatus::Ok;
    if (live && options.lockDelay > milliseconds{0}) {
        Event event = s.leaseEvent(EventType::Force, lease, *record);
        event.by = audit.by;
        event.host = audit.host;
        event.reason = audit.reason;
        event.wasLive = true;
        s.appendEvent(std::move(event), now);
        record->revoked = true;
        s.setExpiry(lease, *record, now + options.lockDelay.count());
        return result;
    }
    s.dropLease(lease, EventType::Force, now, &audit);
    return result;
}

std::size_t MemoryEngine::sweep(const std::string& by, const std::string& host)
{
    detail::validateLabel("operator", by);
    detail::validateLabel("host", host);
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    const std::int64_t now = s.nowMs();

    std::size_t total = 0;
    for (;;) {
        const std::size_t reaped = s.reapExpired(now, static_cast<std::size_t>(kSweepBatch));
        total += reaped;
        if (reaped < static_cast<std::size_t>(kSweepBatch))
            break;
    }
    if (total > 0) {
        Event event;
        event.type = EventType::Sweep;
        event.by = by;
        event.host = host;
        event.count = static_cast<std::int64_t>(total);
        s.appendEvent(std::move(event), now);
    }
    return total;
}

Snapshot MemoryEngine::snapshot()
{
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    Snapshot snapshot;
    snapshot.serverTime = fromMs(s.nowMs());
    snapshot.leases.reserve(s.leases.size());
    for (const auto& [expires, id] : s.expiry) {
        if (const auto it = s.leases.find(id); it != s.leases.end())
            snapshot.leases.push_back(s.info(id, it->second));
    }
    snapshot.waiters = s.waiters.live(snapshot.serverTime.time_since_epoch().count());
    return snapshot;
}

Snapshot MemoryEngine::waiters()
{
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    Snapshot snapshot;
    snapshot.serverTime = fromMs(s.nowMs());
    snapshot.waiters = s.waiters.live(snapshot.serverTime.time_since_epoch().count());
    return snapshot;
}

FsckReport MemoryEngine::fsck(bool repair)
{
    State& s = *m_state;
    std::lock_guard lock(s.mutex);

    FsckReport report;
    std::map<std::string, std::int64_t> expected;
    for (const auto& [expires, id] : s.expiry) {
        const auto it = s.leases.find(id);
        if (it == s.leases.end()) {
            report.orphanIndexEntries.push_back(id);
            continue;
        }
        ++report.leases;
        for (const detail::Contribution& c : detail::contributionsOf(it->second.requests))
            expected[c.field] += c.delta;
    }
    report.nodeFields = s.nodes.size();
    for (const auto& [field, value] : s.nodes)
        expected.try_emplace(field, 0);

    std::vector<std::string> differing;
    for (const auto& [field, want] : expected) {
        const std::int64_t have = s.count(field);
        if (want == have)
            continue;
        differing.push_back(field);
        FsckReport::Difference difference;
        if (const auto parsed = detail::parseNodeField(field)) {
            difference.path = parsed->first;
            difference.mode = parsed->second;
        } else {
            difference.path = field;
        }
        difference.expected = want;
        difference.actual = have;
        report.differences.push_back(std::move(difference));
    }
    std::sort(report.differences.begin(), report.differences.end(),
              [](const FsckReport::Difference& a, const FsckReport::Difference& b) {
                  return std::tie(a.path, a.mode) < std::tie(b.path, b.mode);
              });

    if (repair && !report.clean()) {
        for (const std::string& field : differing) {
            const std::int64_t want = expected[field];
            if (want > 0) {
                s.nodes[field] = want;
            } else {
                s.nodes.erase(field);
                s.forgetHolderIfEmpty(State::pathOf(field));
            }
        }
        for (const LeaseId& id : report.orphanIndexEntries) {
            for (auto it = s.expiry.begin(); it != s.expiry.end();) {
                it = it->second == id ? s.expiry.erase(it) : std::next(it);
            }
        }
        report.repaired = true;
    }
    return report;
}

std::vector<Event> MemoryEngine::events(const std::string& afterId, std::size_t max)
{
    const detail::StreamId after = streamIdOf(afterId);
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    std::vector<Event> result;
    auto it = std::upper_bound(s.events.begin(), s.events.end(), after,
                               [](const detail::StreamId& id, const detail::StoredEvent& stored) {
                                   return id < stored.id;
                               });
    for (; it != s.events.end() && result.size() < max; ++it)
        result.push_back(it->event);
    return result;
}

EventLevel MemoryEngine::eventLevel()
{
    std::lock_guard lock(m_state->mutex);
    return m_state->eventLevel;
}

void MemoryEngine::setEventLevel(EventLevel level, const std::string& by, const std::string& host)
{
    detail::validateLabel("operator", by, true);
    detail::validateLabel("host", host);
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    if (s.eventLevel == level)
        return;
    s.eventLevel = level;
    Event event;
    event.type = EventType::Config;
    event.setting = "events=" + std::string(toString(level));
    event.by = by;
    event.host = host;
    s.appendEvent(std::move(event), s.nowMs());
}

std::optional<milliseconds> MemoryEngine::fairnessGrace()
{
    std::lock_guard lock(m_state->mutex);
    if (!m_state->graceMs)
        return std::nullopt;
    return milliseconds{*m_state->graceMs};
}

void MemoryEngine::setFairnessGrace(std::optional<milliseconds> grace, const std::string& by,
                                    const std::string& host)
{
    detail::validateGrace(grace);
    detail::validateLabel("operator", by, true);
    detail::validateLabel("host", host);
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    const std::optional<std::int64_t> wanted = grace ? std::optional<std::int64_t>(grace->count()) : std::nullopt;
    if (s.graceMs == wanted)
        return;
    s.graceMs = wanted;
    if (!wanted && s.waiters.releaseAll())
        s.publishWake();
    Event event;
    event.type = EventType::Config;
    event.setting = detail::graceSetting(grace);
    event.by = by;
    event.host = host;
    s.appendEvent(std::move(event), s.nowMs());
}

bool MemoryEngine::cancelWait(const LeaseId& lease)
{
    detail::validateLeaseIdArgument(lease);
    std::lock_guard lock(m_state->mutex);
    return m_state->dropWaiter(lease, true);
}

std::vector<HotPath> MemoryEngine::contention(std::size_t top)
{
    detail::validateTop(top);
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    const std::int64_t now = s.nowMs();
    std::vector<HotPath> result = s.hot.top(top, now);
    for (HotPath& hot : result)
        hot.waiters = s.waiters.waitingAt(hot.path, now);
    return result;
}

ServerTime MemoryEngine::now()
{
    std::lock_guard lock(m_state->mutex);
    return fromMs(m_state->nowMs());
}

std::unique_ptr<WakeSignal> MemoryEngine::subscribeWake()
{
    // Sees every wake-up published after its creation or its previous wait.
    class Signal final : public WakeSignal {
    public:
        explicit Signal(std::shared_ptr<State> state) : m_state(std::move(state))
        {
            std::lock_guard lock(m_state->mutex);
            m_seen = m_state->wakeGeneration;
        }

        bool wait(std::chrono::steady_clock::time_point deadline) override
        {
            std::unique_lock lock(m_state->mutex);
            const bool woken = m_state->wakeCondition.wait_until(
                lock, deadline, [this] { return m_state->wakeGeneration != m_seen; });
            m_seen = m_state->wakeGeneration;
            return woken;
        }

    private:
        std::shared_ptr<State> m_state; // Shared with the engine.
        std::uint64_t m_seen = 0;
    };
    return std::make_unique<Signal>(m_state);
}

std::vector<std::pair<std::string, std::int64_t>> MemoryEngine::nodeCounts()
{
    std::lock_guard lock(m_state->mutex);
    std::vector<std::pair<std::string, std::int64_t>> result(m_state->nodes.begin(),
                                                             m_state->nodes.end());
    std::sort(result.begin(), result.end());
    return result;
}

std::vector<std::optional<LeaseInfo>> MemoryEngine::findLeases(const std::vector<LeaseId>& ids)
{
    std::lock_guard lock(m_state->mutex);
    std::vector<std::optional<LeaseInfo>> result;
    result.reserve(ids.size());
    for (const LeaseId& id : ids) {
        const auto it = m_state->leases.find(id);
        result.push_back(it == m_state->leases.end() ? std::nullopt
                                                     : std::optional<LeaseInfo>(m_state->info(id, it->second)));
    }
    return result;
}

std::vector<std::pair<LeaseId, ServerTime>> MemoryEngine::leasesExpiring(ServerTime from, ServerTime to,
                                                                          std::size_t max)
{
    std::lock_guard lock(m_state->mutex);
    std::vector<std::pair<LeaseId, ServerTime>> result;
    const std::int64_t last = to.time_since_epoch().count();
    for (auto it = m_state->expiry.lower_bound({from.time_since_epoch().count(), LeaseId()});
         it != m_state->expiry.end() && it->first <= last && result.size() < max; ++it)
        result.emplace_back(it->second, fromMs(it->first));
    return result;
}

EventStreamInfo MemoryEngine::eventStreamInfo()
{
    std::lock_guard lock(m_state->mutex);
    EventStreamInfo info;
    info.length = m_state->events.size();
    info.entriesAdded = m_state->eventsAdded;
    info.firstId = m_state->events.empty() ? std::string() : m_state->events.front().event.id;
    info.lastId = detail::formatStreamId(m_state->lastEventId);
    return info;
}

bool MemoryEngine::holdsEvent(const std::string& id)
{
    const std::optional<detail::StreamId> wanted = detail::parseStreamId(id);
    if (!wanted)
        return false;
    std::lock_guard lock(m_state->mutex);
    const auto& events = m_state->events;
    const auto it = std::lower_bound(events.begin(), events.end(), *wanted,
                                     [](const detail::StoredEvent& stored, const detail::StreamId& key) {
                                         return stored.id < key;
                                     });
    return it != events.end() && it->id == *wanted;
}

bool MemoryEngine::waitForEvents(const std::string& afterId, std::chrono::steady_clock::time_point deadline)
{
    const detail::StreamId after = streamIdOf(afterId);
    std::unique_lock lock(m_state->mutex);
    return m_state->eventCondition.wait_until(lock, deadline, [&] {
        return !m_state->events.empty() && after < m_state->events.back().id;
    });
}

void MemoryEngine::trimEvents(std::size_t keep)
{
    std::lock_guard lock(m_state->mutex);
    while (m_state->events.size() > keep)
        m_state->events.pop_front();
}

void MemoryEngine::setNodeCountForTest(const std::string& path, LockMode mode, std::int64_t count)
{
    std::lock_guard lock(m_state->mutex);
    const std::string field = detail::nodeField(path, mode);
    if (count == 0) {
        m_state->nodes.erase(field);
        m_state->forgetHolderIfEmpty(path);
    } else {
        m_state->nodes[field] = count;
    }
}

} // namespace treelock
