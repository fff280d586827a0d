#include "treelock/lockclient.h"

#include "treelock/error.h"
#include "lockplan.h"
#include "treelock/retry.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <random>
#include <thread>

namespace treelock {

using TimePoint = ClientClock::TimePoint;
using std::chrono::milliseconds;

struct Lease::Held {
    std::shared_ptr<Engine> engine;          // Keeps the engine alive for release.
    std::weak_ptr<LockClient::Shared> client; // Not owned: the watchdog's registry.
    LeaseId id;
    std::uint64_t fence = 0;
    std::vector<LockRequest> requests;
    milliseconds ttl{0};
    milliseconds firstGap{0}; // the watchdog's first gap (watchdogGap)

    std::mutex mutex; // Guards the fields below.
    ServerTime expiresAt{};
    TimePoint grantedAt{};    // when the grant was asked for, on the client's clock
    TimePoint validUntil{};   // local estimate of the expiry
    TimePoint nextRenew{};
    bool done = false;                // released, abandoned or lost
    std::atomic<bool> lost{false};
};

namespace {

class SteadyClientClock final : public ClientClock {
public:
    TimePoint now() override { return std::chrono::steady_clock::now(); }
    std::unique_ptr<WakeSignal> subscribe(Engine& engine) override { return engine.subscribeWake(); }
    void waitUntil(WakeSignal& signal, TimePoint deadline) override { signal.wait(deadline); }
};

// Waits out the time given: the wake-ups of a subscription that could not be made.
class NoWakeUps final : public WakeSignal {
public:
    bool wait(std::chrono::steady_clock::time_point deadline) override
    {
        std::this_thread::sleep_until(deadline);
        return false;
    }
};

} // namespace

std::shared_ptr<ClientClock> steadyClientClock()
{
    static const auto clock = std::make_shared<SteadyClientClock>();
    return clock;
}

struct LockClient::Shared {
    std::shared_ptr<Engine> engine;
    ClientOptions options;
    std::shared_ptr<ClientClock> clock;

    std::mutex mutex; // Guards the fields below.
    std::condition_variable wake;
    std::map<LeaseId, std::weak_ptr<Lease::Held>> held;
    std::function<void(const LeaseId&, LeaseStatus)> onLost;
    bool stopping = false;
    std::thread watchdog; // Runs watch(); joined by ~LockClient.

    void forget(const LeaseId& id)
    {
        std::lock_guard lock(mutex);
        held.erase(id);
    }

    void watch();
    void renewOne(const std::shared_ptr<Lease::Held>& lease);
};

// ---------------------------------------------------------------- Lease

Lease::Lease(std::shared_ptr<Held> held) : m_held(std::move(held)) {}

Lease::~Lease()
{
    if (!m_held)
        return;
    try {
        release();
    } catch (...) {
        // A destructor cannot report; the lease expires by its TTL.
    }
}

Lease::Lease(Lease&& other) noexcept : m_held(std::move(other.m_held)) {}

Lease& Lease::operator=(Lease&& other) noexcept
{
    if (this != &other) {
        Lease old(std::move(*this));
        m_held = std::move(other.m_held);
    }
    return *this;
}

bool Lease::valid() const noexcept { return m_held != nullptr; }

const LeaseId& Lease::id() const
{
    if (!m_held)
        throw Error("empty Lease has no id");
    return m_held->id;
}

std::uint64_t Lease::fence() const { return m_held ? m_held->fence : 0; }

const std::vector<LockRequest>& Lease::requests() const
{
    static const std::vector<LockRequest> none;
    return m_held ? m_held->requests : none;
}

ServerTime Lease::expiresAt() const
{
    if (!m_held)
        return {};
    std::lock_guard lock(m_held->mutex);
    return m_held->expiresAt;
}

bool Lease::lost() const noexcept { return m_held && m_held->lost.load(); }

ReleaseResult Lease::release()
{
    if (!m_held)
        return {LeaseStatus::Unknown, 0};
    auto held = std::move(m_held);
    {
        std::lock_guard lock(held->mutex);
        held->done = true;
    }
    if (auto client = held->client.lock())
        client->forget(held->id);
    if (held->lost)
        return {LeaseStatus::Unknown, 0};
    return held->engine->release(held->id);
}

void Lease::abandon()
{
    if (!m_held)
        return;
    {
        std::lock_guard lock(m_held->mutex);
        m_held->done = true;
    }
    if (auto client = m_held->client.lock())
        client->forget(m_held->id);
    m_held.reset();
}

// ---------------------------------------------------------------- watchdog

void LockClient::Shared::watch()
{
    std::unique_lock lock(mutex);
    while (!stopping) {
        const auto now = clock->now();
        auto next = now + std::chrono::seconds(1);
        std::vector<std::shared_ptr<Lease::Held>> due;
        for (auto it = held.begin(); it != held.end();) {
            auto lease = it->second.lock();
            if (!lease) {
                it = held.erase(it);
                continue;
            }
            std::lock_guard leaseLock(lease->mutex);
            if (lease->nextRenew <= now)
                due.push_back(lease);
            else
                next = std::min(next, lease->nextRenew);
            ++it;
        }
        if (!due.empty()) {
            lock.unlock();
            for (const auto& lease : due)
                renewOne(lease);
            lock.lock();
            continue;
        }
        wake.wait_for(lock, next - now);
    }
}

void LockClient::Shared::renewOne(const std::shared_ptr<Lease::Held>& lease)
{
    {
        std::lock_guard leaseLock(lease->mutex);
        if (lease->done)
            return;
    }
    LeaseStatus status = LeaseStatus::Ok;
    try {
        const auto started = clock->now();
        const RenewResult r = engine->renew(lease->id, lease->ttl);
        status = r.status;
        if (status == LeaseStatus::Ok) {
            std::lock_guard leaseLock(lease->mutex);
            lease->expiresAt = r.expiresAt;
            lease->validUntil = started + lease->ttl;
            lease->nextRenew = started
                               + watchdogGap(lease->ttl, lease->firstGap,
                                             std::chrono::duration_cast<milliseconds>(started - lease->grantedAt));
            return;
        }
    } catch (const Error&) {
        // Unreachable server or refused script: retry soon, until the local
        // estimate of the expiry passes; then the lease is lost.
        std::lock_guard leaseLock(lease->mutex);
        const auto now = clock->now();
        if (now < lease->validUntil) {
            lease->nextRenew = now + std::max(milliseconds(5), lease->ttl / 10);
            return;
        }
        status = LeaseStatus::Expired;
    }
    {
        std::lock_guard leaseLock(lease->mutex);
        if (lease->done)
            return;
        lease->done = true;
    }
    lease->lost = true;
    std::function<void(const LeaseId&, LeaseStatus)> callback;
    {
        std::lock_guard lock(mutex);
        held.erase(lease->id);
        callback = onLost;
    }
    if (callback)
        callback(lease->id, status);
}

// ---------------------------------------------------------------- LockClient

LockClient::LockClient(std::shared_ptr<Engine> engine, ClientOptions options)
    : m_shared(std::make_shared<Shared>())
{
    if (!engine)
        throw InvalidInput("LockClient needs an engine");
    if (options.ttl < kMinTtl || options.ttl > kMaxTtl)
        throw InvalidInput("invalid TTL " + std::to_string(options.ttl.count()) + " ms");
    if (options.waitRefresh < kMinTtl || options.waitRefresh > kMaxTtl)
        throw InvalidInput("invalid wait refresh " + std::to_string(options.waitRefresh.count()) + " ms: must be from "
                           + std::to_string(kMinTtl.count()) + " to " + std::to_string(kMaxTtl.count()) + " ms");
    m_shared->engine = std::move(engine);
    m_shared->options = std::move(options);
    m_shared->clock = m_shared->options.clock ? m_shared->options.clock : steadyClientClock();
    if (m_shared->options.watchdog)
        m_shared->watchdog = std::thread([shared = m_shared.get()] { shared->watch(); });
}

LockClient::~LockClient()
{
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->stopping = true;
    }
    m_shared->wake.notify_all();
    if (m_shared->watchdog.joinable())
        m_shared->watchdog.join();
}

void LockClient::onLeaseLost(std::function<void(const LeaseId&, LeaseStatus)> callback)
{
    std::lock_guard lock(m_shared->mutex);
    m_shared->onLost = std::move(callback);
}

const std::shared_ptr<Engine>& LockClient::engine() const noexcept { return m_shared->engine; }
const ClientOptions& LockClient::options() const noexcept { return m_shared->options; }

AcquireOutcome LockClient::acquire(const OperationCall& call, const Policy& policy, milliseconds wait)
{
    return acquire(policy.plan(call, m_shared->engine->pathOptions()), std::string(toString(call.op)),
                   wait);
}

AcquireOutcome LockClient::acquire(const std::vector<LockRequest>& requests, const std::string& operation,
                                   milliseconds wait, const std::vector<LeaseId>& holding,
                                   const std::optional<LeaseId>& leaseId)
{
    const auto& opts = m_shared->options;
    // Checked before the first attempt, in the engines' words: a wait out of range must
    // not be granted just because the first attempt needed no wait.
    detail::validateWait(wait, opts.waitRefresh);
    detail::validateHolding(holding);
    AcquireOptions acquireOptions;
    acquireOptions.owner = opts.owner;
    acquireOptions.operation = operation;
    acquireOptions.ttl = opts.ttl;
    acquireOptions.renewEvery = opts.renewEvery.count() > 0 ? opts.renewEvery
                                : opts.watchdog             ? watchdogFirstRenewal(opts.ttl)
                                                            : milliseconds(0);

    ClientClock& clock = *m_shared->clock;
    const auto deadline = clock.now() + wait;
    thread_local std::minstd_rand random{std::random_device{}()};
    std::unique_ptr<WakeSignal> wakeSignal;
    bool subscribed = false;
    int retry = 0;
    AcquireOutcome outcome;
    // Every attempt asks for the same id: a waiter is registered under it, its
    // place in the queue kept from one attempt to the next.
    if (leaseId) {
        detail::validateLeaseIdArgument(*leaseId);
        acquireOptions.leaseId = *leaseId;
        acquireOptions.callId = *leaseId; // a repeat of the whole call is recognised as one
    } else {
        acquireOptions.leaseId = opts.newLeaseId ? opts.newLeaseId() : newLeaseId();
    }
    acquireOptions.waitRefresh = opts.waitRefresh;
    acquireOptions.holding = holding;
    // Every attempt of a call that waits says so, so a registration may exist from the first on.
    const bool waits = wait.count() > 0;
    const auto giveUp = [&] {
        if (!waits)
            return;
        try {
            m_shared->engine->cancelWait(*acquireOptions.leaseId);
        } catch (const Error&) {
            // Unreachable: the registration ends by itself after waitRefresh.
        }
    };
    for (;;) {
        const auto started = clock.now();
        // A waiting acquire says so up to its last attempt (at least 1 ms), so
        // that attempt still counts as the waiter's.
        acquireOptions.wait = waits ? std::max(milliseconds(1), std::chrono::duration_cast<milliseconds>(deadline - started))
                                    : milliseconds(0);
        AcquireResult r;
        try {
            r = m_shared->engine->acquire(requests, acquireOptions);
        } catch (...) {
            giveUp();
            throw;
        }
        ++outcome.attempts;
        if (r.granted) {
            auto held = std::make_shared<Lease::Held>();
            held->engine = m_shared->engine;
            held->client = m_shared;
            held->id = r.grant.lease;
            held->fence = r.grant.fence;
            held->requests = r.grant.requests;
            held->ttl = r.grant.ttl;
            held->expiresAt = r.grant.expiresAt;
            held->validUntil = started + r.grant.ttl;
            held->grantedAt = started;
            held->firstGap = opts.renewEvery.count() > 0 ? opts.renewEvery : kWatchdogFirstRenewal;
            held->nextRenew = started + watchdogGap(r.grant.ttl, held->firstGap, milliseconds(0));
            if (opts.watchdog) {
                std::lock_guard lock(m_shared->mutex);
                m_shared->held[held->id] = held;
            }
            m_shared->wake.notify_all();
            outcome.lease = Lease(std::move(held));
            outcome.blocker.reset();
            return outcome;
        }
        outcome.blocker = std::move(r.blocker);
        const auto now = clock.now();
        if (now >= deadline) {
            outcome.timedOut = wait.count() > 0;
            giveUp();
            return outcome;
        }
        if (!subscribed) {
            // Subscribe, then try again at once: a release between the refused
            // attempt and the subscription would otherwise go unnoticed.
            try {
                wakeSignal = clock.subscribe(*m_shared->engine);
                subscribed = true;
                continue;
            } catch (const ConnectionError&) {
                // No wake-ups for now (the server is restarting, say): the backoff
                // alone paces the next attempt, which subscribes again.
                wakeSignal = std::make_unique<NoWakeUps>();
            }
        }
        std::optional<milliseconds> blockerExpiresIn;
        if (outcome.blocker && !outcome.blocker->lease.empty() && !outcome.blocker->queued)
            blockerExpiresIn = outcome.blocker->expiresIn;
        // The next attempt comes well within the registration's refresh period.
        const auto maxBackoff = std::min<std::chrono::microseconds>(opts.maxBackoff, opts.waitRefresh / 3);
        const auto delay = nextRetryDelay(retry++, blockerExpiresIn,
                                          std::chrono::duration_cast<std::chrono::microseconds>(deadline - now),
                                          random(), std::max(milliseconds(1), opts.minBackoff),
                                          std::max<std::chrono::microseconds>(maxBackoff, milliseconds(1)));
        clock.waitUntil(*wakeSignal, now + delay);
    }
}

} // namespace treelock
