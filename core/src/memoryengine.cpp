#include "treelock/memoryengine.h"

#include "lockplan.h"
#include "treelock/error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <limits>
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

struct WaiterRecord {
    std::string owner;
    std::string operation;
    std::vector<LockRequest> requests; // normalised
    std::int64_t order = 0;  // µs of the first refusal, made unique: who waited first
    std::int64_t sinceMs = 0;
    std::int64_t lastMs = 0;
    std::int64_t untilMs = 0;
    bool holdsBack = false;
    Blocker blocker;
};

// Who holds back on one node: per mode (IS, IX, S, SIX, X) the waiters that
// reserve it, by their order (oldest first).
using Reservations = std::array<std::vector<std::pair<std::int64_t, LeaseId>>, 5>;

struct HotEntry {
    double score = 0; // refusals weighted 2^((t - epoch) / half-life)
    std::int64_t total = 0;
    std::int64_t lastMs = 0;
    std::vector<HotPath::Pair> pairs; // in the order they entered
};

constexpr std::size_t kWaiterReapBatch = 100;
constexpr std::int64_t kRenormalizeAfter = 32; // half-lives between the epoch and now

std::size_t modeIndex(LockMode mode)
{
    return static_cast<std::size_t>(mode);
}

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
    std::optional<std::int64_t> graceMs = kDefaultGrace.count(); // unset: fairness off

    std::unordered_map<LeaseId, WaiterRecord> waiters;
    std::set<std::pair<std::int64_t, LeaseId>> waiterExpiry; // (until_ms, id)
    std::map<std::string, Reservations> reservations;        // path -> who holds back there
    std::int64_t lastOrder = 0;

    std::map<std::string, HotEntry> hot;
    std::optional<std::int64_t> hotEpoch; // ms; unset until the first refusal

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

    // ------------------------------------------------------------ waiters

    // What a waiter reserves: every (node, mode) its requests leave.
    static std::vector<std::pair<std::string, LockMode>> reservedBy(const std::vector<LockRequest>& requests)
    {
        std::vector<std::pair<std::string, LockMode>> out;
        for (const detail::Contribution& c : detail::contributionsOf(requests)) {
            if (auto parsed = detail::parseNodeField(c.field))
                out.push_back(std::move(*parsed));
        }
        return out;
    }

    void reserve(const LeaseId& id, WaiterRecord& waiter)
    {
        for (const auto& [path, mode] : reservedBy(waiter.requests)) {
            auto& list = reservations[path][modeIndex(mode)];
            const auto at = std::upper_bound(list.begin(), list.end(), waiter.order,
                                             [](std::int64_t order, const auto& entry) { return order < entry.first; });
            list.emplace(at, waiter.order, id);
        }
        waiter.holdsBack = true;
    }

    void unreserve(const LeaseId& id, WaiterRecord& waiter)
    {
        if (!waiter.holdsBack)
            return;
        for (const auto& [path, mode] : reservedBy(waiter.requests)) {
            const auto node = reservations.find(path);
            if (node == reservations.end())
                continue;
            auto& list = node->second[modeIndex(mode)];
            std::erase_if(list, [&](const auto& entry) { return entry.second == id; });
            if (std::all_of(node->second.begin(), node->second.end(), [](const auto& l) { return l.empty(); }))
                reservations.erase(node);
        }
        waiter.holdsBack = false;
    }

    // Ends a registration; wakes whoever it held back when `wakeHeldBack`.
    bool dropWaiter(const LeaseId& id, bool wakeHeldBack)
    {
        const auto it = waiters.find(id);
        if (it == waiters.end())
            return false;
        const bool heldBack = it->second.holdsBack;
        unreserve(id, it->second);
        waiterExpiry.erase({it->second.untilMs, id});
        waiters.erase(it);
        if (heldBack && wakeHeldBack)
            publishWake();
        return true;
    }

    void reapWaiters(std::int64_t now)
    {
        std::size_t reaped = 0;
        while (reaped < kWaiterReapBatch && !waiterExpiry.empty() && waiterExpiry.begin()->first <= now) {
            const LeaseId id = waiterExpiry.begin()->second;
            dropWaiter(id, true);
            ++reaped;
        }
    }

    // The first reservation, in the documented clash order, that an acquire
    // by a waiter of order `mine` (newest: max) must wait behind.
    std::optional<std::pair<detail::CheckStep, LeaseId>> findHeldBack(const std::vector<detail::CheckStep>& plan,
                                                                      std::int64_t mine, const LeaseId& self) const
    {
        if (reservations.empty())
            return std::nullopt;
        for (const detail::CheckStep& step : plan) {
            const auto node = reservations.find(step.path);
            if (node == reservations.end())
                continue;
            for (const auto& [order, id] : node->second[modeIndex(step.held)]) {
                if (order >= mine)
                    break;
                if (id != self)
                    return std::pair{step, id};
            }
        }
        return std::nullopt;
    }

    Blocker queuedBlocker(const detail::CheckStep& clash, const LeaseId& waiterId,
                          const std::vector<LockRequest>& wanted) const
    {
        Blocker blocker;
        blocker.clashPath = clash.path;
        blocker.heldMode = clash.held;
        blocker.wanted = wanted[clash.request];
        blocker.queued = true;
        blocker.lease = waiterId;
        const WaiterRecord& waiter = waiters.at(waiterId);
        blocker.owner = waiter.owner;
        blocker.operation = waiter.operation;
        if (const LockRequest* via = detail::firstLeavingOn(waiter.requests, clash.path, clash.held)) {
            blocker.path = via->path;
            blocker.mode = via->mode;
        }
        return blocker;
    }

    // Whether a refusal of lease id `id` counts for contention: every refusal
    // of an id that is no registered waiter, and of a waiter the first and each
    // one whose blocker (the lease or waiter in the way, or the clash path)
    // differs from its last, whether or not this attempt waits.
    bool countsAsRefusal(const LeaseId& id, const Blocker& blocker) const
    {
        const auto it = waiters.find(id);
        return it == waiters.end() || it->second.blocker.lease != blocker.lease
               || it->second.blocker.clashPath != blocker.clashPath;
    }

    // After a refusal of an attempt that waits: registers the waiter under `id`
    // or refreshes it, and makes it hold back once it has waited past the grace.
    void registerWaiter(const LeaseId& id, const AcquireOptions& options, const std::vector<LockRequest>& requests,
                        const Blocker& blocker, std::int64_t now)
    {
        auto it = waiters.find(id);
        if (it == waiters.end()) {
            if (waiters.size() >= kMaxWaiters)
                return;
            WaiterRecord waiter;
            waiter.owner = options.owner;
            waiter.operation = options.operation;
            waiter.requests = requests;
            waiter.order = std::max(now * 1000, lastOrder + 1);
            lastOrder = waiter.order;
            waiter.sinceMs = now;
            it = waiters.emplace(id, std::move(waiter)).first;
        } else {
            waiterExpiry.erase({it->second.untilMs, id});
        }
        WaiterRecord& waiter = it->second;
        waiter.lastMs = now;
        waiter.untilMs = now + options.waitRefresh.count();
        waiter.blocker = blocker;
        waiterExpiry.emplace(waiter.untilMs, id);
        if (!waiter.holdsBack && graceMs && now - waiter.sinceMs >= *graceMs)
            reserve(id, waiter);
    }

    WaiterInfo waiterInfo(const LeaseId& id, const WaiterRecord& waiter) const
    {
        WaiterInfo info;
        info.id = id;
        info.owner = waiter.owner;
        info.operation = waiter.operation;
        info.requests = waiter.requests;
        info.since = fromMs(waiter.sinceMs);
        info.lastAttempt = fromMs(waiter.lastMs);
        info.expiresAt = fromMs(waiter.untilMs);
        info.holdsBack = waiter.holdsBack;
        info.blocker = waiter.blocker;
        return info;
    }

    // ------------------------------------------------------------ contention

    // Counts a refusal on `path` (forward decay: a refusal at t weighs
    // 2^((t - epoch) / half-life); the table keeps the kContentionPaths heaviest,
    // a new path replacing the lightest with its weight plus one).
    void countRefusal(const std::string& path, const std::string& wanted, const std::string& blocking,
                      std::int64_t now)
    {
        if (!hotEpoch)
            hotEpoch = now;
        if (now - *hotEpoch > kRenormalizeAfter * kContentionHalfLife.count()) {
            const std::int64_t k = (now - *hotEpoch) / kContentionHalfLife.count();
            const double scale = std::ldexp(1.0, static_cast<int>(-k));
            for (auto& [p, entry] : hot)
                entry.score *= scale;
            *hotEpoch += k * kContentionHalfLife.count();
        }
        const double weight = detail::refusalWeight(now, *hotEpoch);
        auto it = hot.find(path);
        if (it != hot.end()) {
            it->second.score += weight;
            ++it->second.total;
        } else {
            double base = 0;
            if (hot.size() >= kContentionPaths) {
                // The lightest entry; among equals the lowest path (as a sorted set orders).
                auto lightest = hot.begin();
                for (auto e = hot.begin(); e != hot.end(); ++e) {
                    if (e->second.score < lightest->second.score)
                        lightest = e;
                }
                base = lightest->second.score;
                hot.erase(lightest);
            }
            HotEntry entry;
            entry.score = base + weight;
            entry.total = 1;
            it = hot.emplace(path, std::move(entry)).first;
        }
        HotEntry& entry = it->second;
        entry.lastMs = now;
        for (HotPath::Pair& pair : entry.pairs) {
            if (pair.wanted == wanted && pair.blocking == blocking) {
                ++pair.count;
                return;
            }
        }
        if (entry.pairs.size() < kContentionPairs) {
            entry.pairs.push_back(HotPath::Pair{wanted, blocking, 1});
            return;
        }
        auto rarest = entry.pairs.begin();
        for (auto p = entry.pairs.begin(); p != entry.pairs.end(); ++p) {
            if (p->count < rarest->count)
                rarest = p;
        }
        *rarest = HotPath::Pair{wanted, blocking, rarest->count + 1};
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
    detail::validateWait(options.wait, options.waitRefresh);
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
    std::optional<Blocker> refusal;
    if (clash) {
        refusal = s.blockerFor(*clash, normalized, now);
    } else if (s.graceMs) {
        // Fairness: no holder is in the way, but an older waiter that conflicts may be.
        std::int64_t mine = std::numeric_limits<std::int64_t>::max();
        if (waits) {
            if (const auto w = s.waiters.find(id); w != s.waiters.end())
                mine = w->second.order;
        }
        if (const auto ahead = s.findHeldBack(plan, mine, id))
            refusal = s.queuedBlocker(ahead->first, ahead->second, normalized);
    }
    if (refusal) {
        if (s.countsAsRefusal(id, *refusal))
            s.countRefusal(refusal->clashPath, options.operation, refusal->operation, now);
        else if (const auto hot = s.hot.find(refusal->clashPath); hot != s.hot.end())
            hot->second.lastMs = now; // a retry that does not count still moves the latest refusal
        if (waits)
            s.registerWaiter(id, options, normalized, *refusal, now);
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
    const std::int64_t now = snapshot.serverTime.time_since_epoch().count();
    std::vector<std::pair<std::int64_t, LeaseId>> live;
    for (const auto& [id, waiter] : s.waiters) {
        if (waiter.untilMs > now)
            live.emplace_back(waiter.order, id);
    }
    std::sort(live.begin(), live.end());
    for (const auto& [order, id] : live)
        snapshot.waiters.push_back(s.waiterInfo(id, s.waiters.at(id)));
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
    if (!wanted) {
        bool freed = false;
        for (auto& [id, waiter] : s.waiters) {
            freed = freed || waiter.holdsBack;
            s.unreserve(id, waiter);
        }
        if (freed)
            s.publishWake();
    }
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
    std::vector<std::pair<double, std::string>> order;
    for (const auto& [path, entry] : s.hot)
        order.emplace_back(entry.score, path);
    // Heaviest first; among equals the highest path (as a sorted set's reverse range).
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a > b; });
    if (order.size() > top)
        order.resize(top);
    std::vector<HotPath> result;
    for (const auto& [score, path] : order) {
        const HotEntry& entry = s.hot.at(path);
        HotPath hot;
        hot.path = path;
        hot.refusals = detail::decayedRefusals(score, now, *s.hotEpoch);
        hot.total = entry.total;
        hot.last = fromMs(entry.lastMs);
        hot.operations = entry.pairs;
        std::stable_sort(hot.operations.begin(), hot.operations.end(),
                         [](const HotPath::Pair& a, const HotPath::Pair& b) { return a.count > b.count; });
        for (const auto& [id, waiter] : s.waiters) {
            if (waiter.untilMs > now && waiter.blocker.clashPath == path)
                ++hot.waiters;
        }
        result.push_back(std::move(hot));
    }
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
