#pragma once

#include "treelock/engine.h"
#include "treelock/policy.h"
#include "treelock/retry.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace treelock {

class LockClient;

/// Where LockClient takes its time and how it waits between attempts, injectable as
/// MemoryEngine's clock is. The default, steadyClientClock(), reads the steady clock
/// and sleeps on the engine's wake-up channel.
class ClientClock {
public:
    using TimePoint = std::chrono::steady_clock::time_point;
    virtual ~ClientClock() = default;
    /// The current time; only differences between two readings matter.
    virtual TimePoint now() = 0;
    /// Subscribes to the wake-ups of `engine`'s project (leases released, forced or expired).
    virtual std::unique_ptr<WakeSignal> subscribe(Engine& engine) = 0;
    /// Blocks until `signal` is woken or now() reaches `deadline`.
    virtual void waitUntil(WakeSignal& signal, TimePoint deadline) = 0;
};

/// The real clock: std::chrono::steady_clock and the engine's pub/sub wake-ups.
std::shared_ptr<ClientClock> steadyClientClock();

/// How soon LockClient's watchdog first renews a lease by default.
inline constexpr std::chrono::milliseconds kWatchdogFirstRenewal{20};

/// What a grant says of its renewals (AcquireOptions::renewEvery) when the
/// watchdog renews first after kWatchdogFirstRenewal, or a third of the ttl when
/// that is sooner (at least 10 ms, the least a grant may say).
inline std::chrono::milliseconds watchdogFirstRenewal(std::chrono::milliseconds ttl)
{
    return std::max(std::chrono::milliseconds(10), std::min(kWatchdogFirstRenewal, ttl / 3));
}

/// The watchdog's gap after a renewal made `age` after the grant (0: the grant
/// itself), for a first gap `first`: the age plus `first`, so that gaps double,
/// up to ttl/3.
inline std::chrono::milliseconds watchdogGap(std::chrono::milliseconds ttl, std::chrono::milliseconds first,
                                             std::chrono::milliseconds age)
{
    return std::min(age + first, ttl / 3);
}

/// Client-side settings, defaults in one place.
struct ClientOptions {
    std::string owner = "anonymous";
    std::chrono::milliseconds ttl = kDefaultTtl;
    /// Renew every held lease on a background thread: first after renewEvery
    /// (kWatchdogFirstRenewal by default), then twice as far apart each time,
    /// up to every ttl/3 (watchdogGap). Each grant says so
    /// (AcquireOptions::renewEvery), so that fairness presumes a lease whose
    /// renewals stop dead: a holder that dies young is found soon, for a few
    /// renewals more at the start of a long lease.
    bool watchdog = true;
    /// With the watchdog: its first gap (10 ms to the ttl; 0: 20 ms). Without it:
    /// how soon the caller renews its leases itself, said with each grant as
    /// above (a simulation renewing on its own clock); 0: never (a lease the
    /// caller keeps only until its TTL).
    std::chrono::milliseconds renewEvery{0};
    /// Backoff between attempts while waiting when no wake-up arrives (jittered).
    std::chrono::milliseconds minBackoff = std::chrono::duration_cast<std::chrono::milliseconds>(retry::kMinBackoff);
    std::chrono::milliseconds maxBackoff = std::chrono::duration_cast<std::chrono::milliseconds>(retry::kMaxBackoff);
    /// How long a waiting acquire's registration lasts between two attempts
    /// (AcquireOptions::waitRefresh); attempts come at least every third of it.
    std::chrono::milliseconds waitRefresh = kWaitRefresh;
    /// Time and waiting; null means steadyClientClock().
    std::shared_ptr<ClientClock> clock;
    /// The id each attempt asks for (AcquireOptions::leaseId); empty: the engine draws a
    /// random one. A simulation passes ids from its seeded generator to be reproducible.
    std::function<LeaseId()> newLeaseId;
};

/// A held lease. Move-only; releases in its destructor (errors swallowed).
/// While held, the client's watchdog renews it; if a renewal finds it gone the
/// lease is marked lost and the client's lost-lease callback runs.
class Lease {
public:
    Lease() = default;
    ~Lease();
    Lease(Lease&& other) noexcept;
    Lease& operator=(Lease&& other) noexcept;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

    bool valid() const noexcept;
    explicit operator bool() const noexcept { return valid(); }
    const LeaseId& id() const;
    std::uint64_t fence() const;
    const std::vector<LockRequest>& requests() const;
    /// Last known expiry (updated by the watchdog).
    ServerTime expiresAt() const;
    /// True once the watchdog (or a release) found the lease gone or expired.
    bool lost() const noexcept;
    /// Releases now. Returns the engine's answer; the guard is empty afterwards.
    ReleaseResult release();
    /// Stops renewing and forgets the lease without releasing it (it will expire).
    void abandon();

private:
    friend class LockClient;
    struct Held;
    explicit Lease(std::shared_ptr<Held> held);
    std::shared_ptr<Held> m_held;
};

/// Outcome of LockClient::acquire.
struct AcquireOutcome {
    Lease lease;                        ///< valid if granted
    std::optional<Blocker> blocker;     ///< the last blocker seen if not granted
    bool timedOut = false;              ///< waited until the deadline
    int attempts = 0;
    explicit operator bool() const noexcept { return lease.valid(); }
};

/// Acquires leases with waiting, renews them with a watchdog, reports lost ones.
/// Thread-safe. The engine is shared (may serve other clients too).
class LockClient {
public:
    LockClient(std::shared_ptr<Engine> engine, ClientOptions options = {});
    ~LockClient(); // Stops the watchdog; leases still held keep their engine reference.
    LockClient(const LockClient&) = delete;
    LockClient& operator=(const LockClient&) = delete;

    /// Tries until granted or `wait` has passed (0 = one attempt). Sleeps on the
    /// project's wake-up channel for nextRetryDelay() (retry.h): jittered backoff,
    /// at most until the blocker's expiry. Every attempt asks for one lease id,
    /// so the project registers the call as a waiter while it waits (listed in
    /// snapshots; past the grace it holds back newer conflicting requests); a
    /// call that gives up cancels the registration. `holding`: the ids of leases
    /// the caller already holds (AcquireOptions::holding), so that a waiter that
    /// waits for one of them does not hold this call back. `leaseId`: the id the
    /// caller chose for the lease (else ClientOptions::newLeaseId draws one);
    /// the call is then repeatable as a whole: repeated with the same id and
    /// requests, it answers with the same grant (fence, holds) if it was granted,
    /// never a second lease or hold (the lease id is the call id).
    AcquireOutcome acquire(const std::vector<LockRequest>& requests, const std::string& operation,
                           std::chrono::milliseconds wait = std::chrono::milliseconds{0},
                           const std::vector<LeaseId>& holding = {}, const std::optional<LeaseId>& leaseId = {});
    /// Plans the call with `policy`, then as above (operation label = op name).
    AcquireOutcome acquire(const OperationCall& call, const Policy& policy,
                           std::chrono::milliseconds wait = std::chrono::milliseconds{0});

    /// Called from the watchdog thread when a held lease is found lost.
    void onLeaseLost(std::function<void(const LeaseId&, LeaseStatus)> callback);

    const std::shared_ptr<Engine>& engine() const noexcept;
    const ClientOptions& options() const noexcept;

private:
    friend class Lease;
    struct Shared;
    std::shared_ptr<Shared> m_shared; // Owned; leases keep it alive.
};

} // namespace treelock
