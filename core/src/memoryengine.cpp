#include "treelock/memoryengine.h"

#include "lockplan.h"
#include "treelock/error.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace treelock {

namespace {

using std::chrono::milliseconds;

constexpr std::size_t kBlockerScanLimit = 1000;
constexpr std::size_t kClashReapBatch = 1000;

ServerTime fromMs(std::int64_t ms)
{
    return ServerTime{milliseconds{ms}};
}

struct LeaseRecord {
    std::string owner;
    std::string operation;
    std::vector<LockRequest> requests; // normalised
    std::int64_t ttlMs = 0;
    std::int64_t createdMs = 0;
    std::int64_t expiresMs = 0;
    std::uint64_t fence = 0;
    int holds = 1;
    bool revoked = false;
};

struct StoredEvent {
    detail::StreamId id;
    Event event;
};

} // namespace

// Everything below is guarded by `mutex`; the wake signals share it.
struct MemoryEngine::State {
    std::string project;
    PathOptions pathOptions;
    Clock clock;

    std::mutex mutex;
    std::condition_variable wakeCondition;
    std::uint64_t wakeGeneration = 0;

    std::unordered_map<std::string, std::int64_t> nodes; // "<path>|<mode>" -> count > 0
    std::unordered_map<std::string, LeaseId> who;        // "<path>" -> last lease to raise a count there
    std::unordered_map<LeaseId, LeaseRecord> leases;
    std::set<std::pair<std::int64_t, LeaseId>> expiry;   // (expires_ms, id)
    std::optional<std::uint64_t> fence;                  // unset until the first grant
    std::deque<StoredEvent> events;
    detail::StreamId lastEventId;
    EventLevel eventLevel = EventLevel::All;

    std::int64_t nowMs() const { return clock().time_since_epoch().count(); }

    void publishWake()
    {
        ++wakeGeneration;
        wakeCondition.notify_all();
    }

    void appendEvent(Event event, std::int64_t now)
    {
        detail::StreamId id{now, 0};
        if (id.ms <= lastEventId.ms)
            id = detail::StreamId{lastEventId.ms, lastEventId.seq + 1};
        lastEventId = id;
        event.id = detail::formatStreamId(id);
        event.time = fromMs(now);
        events.push_back(StoredEvent{id, std::move(event)});
        while (events.size() > static_cast<std::size_t>(kEventStreamCap))
            events.pop_front();
    }

    Event leaseEvent(EventType type, const LeaseId& id, const LeaseRecord& record) const
    {
        Event event;
        event.type = type;
        event.lease = id;
        event.owner = record.owner;
        event.operation = record.operation;
        event.requests = record.requests;
        event.fence = record.fence;
        return event;
    }

    static std::string pathOf(const std::string& field) { return field.substr(0, field.rfind('|')); }

    // As the Redis layout keeps it: one holder per node, the last lease that
    // raised any of its counts, forgotten when every count there is 0.
    void forgetHolderIfEmpty(const std::string& path)
    {
        for (const LockMode mode : kAllModes)
            if (nodes.contains(detail::nodeField(path, mode)))
                return;
        who.erase(path);
    }

    void addCounts(const LeaseId& id, const std::vector<LockRequest>& requests)
    {
        for (const detail::Contribution& c : detail::contributionsOf(requests)) {
            const std::int64_t value = (nodes[c.field] += c.delta);
            if (value <= 0)
                nodes.erase(c.field);
            who[pathOf(c.field)] = id;
        }
    }

    void removeCounts(const std::vector<LockRequest>& requests)
    {
        for (const detail::Contribution& c : detail::contributionsOf(requests)) {
            const auto it = nodes.find(c.field);
            const std::int64_t value = (it == nodes.end() ? 0 : it->second) - c.delta;
            if (value > 0) {
                if (it == nodes.end())
                    nodes.emplace(c.field, value);
                else
                    it->second = value;
            } else {
                if (it != nodes.end())
                    nodes.erase(it);
                forgetHolderIfEmpty(pathOf(c.field));
            }
        }
    }

    void setExpiry(const LeaseId& id, LeaseRecord& record, std::int64_t expiresMs)
    {
        expiry.erase({record.expiresMs, id});
        record.expiresMs = expiresMs;
        expiry.emplace(expiresMs, id);
    }

    // Removes a lease entirely with an event of type `kind` (plus `extra`'s
    // audit fields for force) and publishes a wake-up. O(requests x depth).
    void dropLease(const LeaseId& id, EventType kind, std::int64_t now,
                   const Event* extra = nullptr)
    {
        const auto it = leases.find(id);
        if (it == leases.end())
            return;
        LeaseRecord record = std::move(it->second);
        leases.erase(it);
        expiry.erase({record.expiresMs, id});
        removeCounts(record.requests);
        if (kind != EventType::Release || eventLevel == EventLevel::All) {
            Event event = leaseEvent(kind, id, record);
            if (extra) {
                event.by = extra->by;
                event.host = extra->host;
                event.reason = extra->reason;
                event.wasLive = extra->wasLive;
            }
            appendEvent(std::move(event), now);
        }
        publishWake();
    }

    // The record of a lease that is held and not revoked, or nullptr (a lease
    // this engine does not know). O(log leases).
    LeaseRecord* findLease(const LeaseId& id)
    {
        const auto it = leases.find(id);
        return it == leases.end() || it->second.revoked ? nullptr : &it->second;
    }

    // What release and renew answer before they act: Unknown, Expired (the
    // lease is dropped here with its Expire event) or Ok with `record` set.
    LeaseStatus findLiveLease(const LeaseId& id, std::int64_t now, LeaseRecord*& record)
    {
        record = findLease(id);
        if (!record)
            return LeaseStatus::Unknown;
        if (record->expiresMs <= now) {
            record = nullptr;
            dropLease(id, EventType::Expire, now);
            return LeaseStatus::Expired;
        }
        return LeaseStatus::Ok;
    }

    // Reaps up to `limit` expired leases, lowest (expires_ms, id) first.
    std::size_t reapExpired(std::int64_t now, std::size_t limit)
    {
        std::size_t reaped = 0;
        while (reaped < limit && !expiry.empty() && expiry.begin()->first <= now) {
            const LeaseId id = expiry.begin()->second;
            dropLease(id, EventType::Expire, now);
            ++reaped;
        }
        return reaped;
    }

    bool anyExpired(std::int64_t now) const
    {
        return !expiry.empty() && expiry.begin()->first <= now;
    }

    std::int64_t count(const std::string& field) const
    {
        const auto it = nodes.find(field);
        return it == nodes.end() ? 0 : it->second;
    }

    std::optional<detail::CheckStep> findClash(const std::vector<detail::CheckStep>& plan) const
    {
        for (const detail::CheckStep& step : plan) {
            if (count(step.field) > 0)
                return step;
        }
        return std::nullopt;
    }

    Blocker blockerFor(const detail::CheckStep& clash, const std::vector<LockRequest>& wanted,
                       std::int64_t now) const
    {
        Blocker blocker;
        blocker.clashPath = clash.path;
        blocker.heldMode = clash.held;
        blocker.wanted = wanted[clash.request];

        const LeaseId* holder = nullptr;
        const LeaseRecord* record = nullptr;
        const LockRequest* via = nullptr;
        if (const auto w = who.find(clash.path); w != who.end()) {
            if (const auto l = leases.find(w->second); l != leases.end()) {
                via = detail::firstLeavingOn(l->second.requests, clash.path, clash.held);
                if (via) {
                    holder = &l->first;
                    record = &l->second;
                }
            }
        }
        if (!via) {
            std::size_t scanned = 0;
            for (const auto& [expires, id] : expiry) {
                if (scanned++ >= kBlockerScanLimit)
                    break;
                const auto l = leases.find(id);
                if (l == leases.end())
                    continue;
                via = detail::firstLeavingOn(l->second.requests, clash.path, clash.held);
                if (via) {
                    holder = &l->first;
                    record = &l->second;
                    break;
                }
            }
        }
        if (via) {
            blocker.lease = *holder;
            blocker.owner = record->owner;
            blocker.operation = record->operation;
            blocker.path = via->path;
            blocker.mode = via->mode;
            blocker.expiresIn = milliseconds{std::max<std::int64_t>(0, record->expiresMs - now)};
        }
        return blocker;
    }

    LeaseInfo info(const LeaseId& id, const LeaseRecord& record) const
    {
        LeaseInfo lease;
        lease.id = id;
        lease.owner = record.owner;
        lease.operation = record.operation;
        lease.requests = record.requests;
        lease.ttl = milliseconds{record.ttlMs};
        lease.createdAt = fromMs(record.createdMs);
        lease.expiresAt = fromMs(record.expiresMs);
        lease.fence = record.fence;
        lease.holds = record.holds;
        lease.revoked = record.revoked;
        return lease;
    }
};

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
    const LeaseId id = options.leaseId ? *options.leaseId : newLeaseId();

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

    if (const auto it = s.leases.find(id); it != s.leases.end()) {
        if (it->second.expiresMs <= now) {
            s.dropLease(id, EventType::Expire, now);
        } else {
            LeaseRecord& record = it->second;
            ++record.holds;
            record.ttlMs = options.ttl.count();
            s.setExpiry(id, record, now + record.ttlMs);
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
    if (clash) {
        AcquireResult result;
        result.blocker = s.blockerFor(*clash, normalized, now);
        return result;
    }

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
    detail::validateLeaseIdArgument(lease);
    detail::validateLabel("operator", options.operatorName, true);
    detail::validateLabel("host", options.host);
    detail::validateLabel("reason", options.reason, true);
    if (options.lockDelay < milliseconds{0} || options.lockDelay > kMaxTtl) {
        throw InvalidInput("lock-delay " + std::to_string(options.lockDelay.count())
                           + " ms is out of range: it must be between 0 and "
                           + std::to_string(kMaxTtl.count()) + " ms");
    }
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
    const std::optional<detail::StreamId> after = detail::parseStreamId(afterId);
    if (!after) {
        throw InvalidInput("event id " + afterId
                           + " is malformed: expected \"<ms>-<seq>\", \"<ms>\", \"0\" or \"\"");
    }
    State& s = *m_state;
    std::lock_guard lock(s.mutex);
    std::vector<Event> result;
    auto it = std::upper_bound(s.events.begin(), s.events.end(), *after,
                               [](const detail::StreamId& id, const StoredEvent& stored) {
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
