#pragma once

#include "treelock/leaseid.h"
#include "treelock/lockmode.h"
#include "treelock/path.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace treelock {

/// Milliseconds since the Unix epoch on the lock server's clock (Redis TIME).
using ServerTime = std::chrono::time_point<std::chrono::system_clock, std::chrono::milliseconds>;

/// Default lease time-to-live.
inline constexpr std::chrono::milliseconds kDefaultTtl{30000};
/// Bounds on a lease TTL.
inline constexpr std::chrono::milliseconds kMinTtl{10};
inline constexpr std::chrono::milliseconds kMaxTtl{24LL * 3600 * 1000};
/// Expired leases reaped at the start of every acquire (bounded batch).
inline constexpr int kReapBatch = 16;
/// Leases reaped per sweep step.
inline constexpr int kSweepBatch = 1000;
/// The event stream keeps about this many entries.
inline constexpr int kEventStreamCap = 10000;
/// Owner, operation, operator, host and reason labels longer than this are refused.
inline constexpr std::size_t kMaxLabelBytes = 256;
/// A waiter's registration lasts this long after its last attempt unless the
/// attempt asks for longer (AcquireOptions::waitRefresh).
inline constexpr std::chrono::milliseconds kWaitRefresh{2000};
/// A project registers at most this many waiters; more wait unregistered.
inline constexpr std::size_t kMaxWaiters = 4096;
/// At most this many leases in AcquireOptions::holding.
inline constexpr std::size_t kMaxHolding = 64;
/// A waiter that has waited this long holds back newer conflicting requests,
/// unless the project sets another grace (Engine::setFairnessGrace).
inline constexpr std::chrono::milliseconds kDefaultGrace{5};
/// Bounds on a project's fairness grace.
inline constexpr std::chrono::milliseconds kMaxGrace{60000};
/// The contention table keeps this many paths (the most refused).
inline constexpr std::size_t kContentionPaths = 256;
/// A refusal's weight in the contention table halves every this long.
inline constexpr std::chrono::milliseconds kContentionHalfLife{60000};
/// Per contended path, this many (wanted operation, blocking operation) pairs are kept.
inline constexpr std::size_t kContentionPairs = 4;

/// Throws InvalidInput naming `what` ("owner", "reason", ...) if `value` is longer
/// than kMaxLabelBytes, contains NUL or a newline, or (when `required`) is empty:
/// the check every engine makes, for callers that validate before connecting.
void validateLabel(std::string_view what, std::string_view value, bool required = false);

/// What to acquire with.
struct AcquireOptions {
    std::string owner = "anonymous";   ///< who holds it (label, not authenticated)
    std::string operation = "lock";    ///< what for (label: "move-folder", ...)
    std::chrono::milliseconds ttl = kDefaultTtl;
    /// Reentrancy: acquiring again with the id of a live lease and the same
    /// requests adds a hold (and renews it); a different request set is refused
    /// with InvalidInput. Unset: a fresh id is drawn.
    std::optional<LeaseId> leaseId;
    /// How long the caller waits for a wake-up (subscribeWake) if this attempt
    /// is refused; 0: it does not wait. Releases publish wake-ups only while
    /// someone said it waits, so a waiter must say so on every attempt.
    /// With a wait and a leaseId, a refused attempt also registers a waiter
    /// under that id (or refreshes it): it is listed in Snapshot::waiters, and
    /// once it has waited longer than the project's grace it holds back newer
    /// requests that conflict with it. The grant of that id, cancelWait() or
    /// `waitRefresh` without a new attempt ends the registration.
    std::chrono::milliseconds wait{0};
    /// How long the waiter registration lasts after this attempt (10 ms to 24 h).
    /// The caller must try again (or cancel) within it.
    std::chrono::milliseconds waitRefresh = kWaitRefresh;
    /// Leases the caller already holds (at most kMaxHolding). A waiter whose
    /// last refusal was by one of them never holds this request back: it waits
    /// for the caller, so the caller waiting for it would be a cycle that only
    /// a timeout ends. Fairness toward everyone else is unchanged.
    std::vector<LeaseId> holding;
    /// Names this call across its repeats (at most kMaxCallId bytes, no NUL):
    /// when the lease is live and the call that last changed its holds had this
    /// id, this is a repeat of a call that was applied (its answer was lost),
    /// answered as then (same fence, same holds) with nothing changed. Empty:
    /// RedisEngine draws one per call, which its own repeats after a lost
    /// answer send again; a caller that repeats a whole acquire itself (a
    /// script run again after a crash) names one, with leaseId.
    std::string callId;
    /// How soon the holder renews the lease after its grant (a watchdog); 0
    /// (the default): it does not say, as for a lease that is never renewed.
    /// 10 ms to the ttl. Each later renewal may come as late as the lease's age
    /// at the one before plus this, but no later than a third of the ttl
    /// (expectedRenewalGap): LockClient's watchdog renews first after 20 ms, then
    /// twice as far apart each time, up to every ttl/3; a watchdog with a
    /// constant period renews sooner than that. A lease that says so and has
    /// gone kPresumedDeadPeriods of its expected gap without a renewal is
    /// presumed dead for fairness: waiters it blocks stop holding back newer
    /// requests. It still excludes until it expires.
    std::chrono::milliseconds renewEvery{0};
};

/// Gaps without a renewal after which a lease that renews by watchdog
/// (AcquireOptions::renewEvery) is presumed dead for fairness.
inline constexpr double kPresumedDeadPeriods = 1.5;

/// The longest gap (ms) after a renewal at `ageAtRenewalMs` from the grant (0:
/// the grant itself) before the next renewal of a lease that said
/// `renewEveryMs` and is renewed for `ttlMs`: the age plus renewEvery, at most
/// a third of the ttl (never less than renewEvery). The function library
/// computes the same.
inline double expectedRenewalGapMs(std::int64_t renewEveryMs, std::int64_t ageAtRenewalMs, std::int64_t ttlMs)
{
    const double cap = std::max(static_cast<double>(renewEveryMs), static_cast<double>(ttlMs) / 3);
    return std::min(static_cast<double>(ageAtRenewalMs + renewEveryMs), cap);
}

/// The longest call id (AcquireOptions::callId).
inline constexpr std::size_t kMaxCallId = 64;

/// A granted lease.
struct Grant {
    LeaseId lease;
    std::uint64_t fence = 0;            ///< fencing token, strictly increasing per project
    ServerTime expiresAt{};             ///< server time
    std::chrono::milliseconds ttl{0};
    int holds = 1;                      ///< > 1 after reentrant acquires
    std::vector<LockRequest> requests;  ///< normalised
};

/// Who is in the way of a refused acquire.
struct Blocker {
    LeaseId lease;                      ///< empty if no holder could be named (see DESIGN)
    std::string owner;
    std::string operation;
    std::string path;                   ///< the blocking lease's own request path
    LockMode mode = LockMode::X;        ///< ... and its mode
    std::chrono::milliseconds expiresIn{0}; ///< until the blocker's expiry (server time)
    std::string clashPath;              ///< node where the clash was found
    LockMode heldMode = LockMode::X;    ///< mode held there
    LockRequest wanted;                 ///< the request that was refused
    /// The blocker is not a holder but an older waiting request that conflicts
    /// (fairness): `lease` is the id it waits for, `path` and `mode` what it asks,
    /// `expiresIn` 0.
    bool queued = false;
};

/// Answer of acquire: a Grant or a Blocker.
struct AcquireResult {
    bool granted = false;
    Grant grant;                        ///< valid when granted
    std::optional<Blocker> blocker;     ///< set when refused
};

/// State of a lease as release/renew/force see it.
enum class LeaseStatus {
    Ok,       ///< done
    Unknown,  ///< no such lease (never existed, released, reaped, revoked)
    Expired,  ///< existed but had expired; it has been reaped now
    Live,     ///< force-release refused: the lease is live and admin was not set
    /// A release or force-release whose answer was lost was sent again and found
    /// no lease: the first one ended it (or it ended since). A success.
    Gone,
};
std::string_view toString(LeaseStatus status) noexcept;

struct ReleaseResult {
    LeaseStatus status = LeaseStatus::Unknown;
    int remainingHolds = 0;             ///< > 0 when a reentrant hold was dropped
};

struct RenewResult {
    LeaseStatus status = LeaseStatus::Unknown;
    ServerTime expiresAt{};
};

/// Who forces a release, and why (recorded in the event stream).
struct ForceOptions {
    std::string operatorName;           ///< required
    std::string host;
    std::string reason;                 ///< required
    /// Revoking a live lease needs this; expired leases can be released by anyone.
    bool admin = false;
    /// After revoking a live lease, its paths stay blocked for this long (the
    /// old holder may still be finishing a write). 0 = free at once.
    std::chrono::milliseconds lockDelay{0};
};

/// One lease as a snapshot sees it.
struct LeaseInfo {
    LeaseId id;
    std::string owner;
    std::string operation;
    std::vector<LockRequest> requests;
    std::chrono::milliseconds ttl{0};
    ServerTime createdAt{};
    ServerTime expiresAt{};
    std::uint64_t fence = 0;
    int holds = 1;
    bool revoked = false;               ///< force-released, waiting out its lock-delay
    bool expired(ServerTime now) const noexcept { return expiresAt <= now; }
    friend bool operator==(const LeaseInfo&, const LeaseInfo&) = default;
};

/// A registered waiter: an acquire that was refused and waits (AcquireOptions::wait).
struct WaiterInfo {
    LeaseId id;                         ///< the lease id it asks for
    std::string owner;
    std::string operation;
    std::vector<LockRequest> requests;  ///< normalised
    ServerTime since{};                 ///< its first refused attempt
    ServerTime lastAttempt{};
    ServerTime expiresAt{};             ///< forgotten then unless it tries again
    /// It has waited past the project's grace: newer requests that conflict
    /// with it wait behind it.
    bool holdsBack = false;
    Blocker blocker;                    ///< what refused its last attempt
};

/// Every lease of a project (live and expired-not-reaped) at one server time.
struct Snapshot {
    ServerTime serverTime{};
    std::vector<LeaseInfo> leases;      ///< ordered by expiry, then id
    std::vector<WaiterInfo> waiters;    ///< live registrations, oldest first
};

/// One path of a project's contention table: where acquires were refused.
struct HotPath {
    std::string path;                   ///< the node where the refusals clashed
    /// Refusals, each weighted 1/2 per kContentionHalfLife since it happened.
    double refusals = 0;
    std::int64_t total = 0;             ///< refusals since the path entered the table
    ServerTime last{};                  ///< the latest refused attempt (also a retry that does not count)
    /// Waiters whose last attempt was refused on this path.
    std::size_t waiters = 0;
    /// What clashed there: the refused request's operation and the blocker's.
    struct Pair {
        std::string wanted;
        std::string blocking;
        std::int64_t count = 0;
    };
    std::vector<Pair> operations;       ///< most frequent first, at most kContentionPairs
    /// Refusals per minute: `refusals` x ln 2 per half-life, which is the rate of
    /// a steady stream of refusals (the figure `treelock contention` and Studio show).
    double perMinute() const noexcept;
};

/// fsck: node counts recomputed from the leases vs what is stored.
struct FsckReport {
    struct Difference {
        std::string path;
        LockMode mode = LockMode::X;
        std::int64_t expected = 0;      ///< from the leases
        std::int64_t actual = 0;        ///< stored
    };
    std::size_t leases = 0;
    std::size_t nodeFields = 0;         ///< stored (path, mode) counts examined
    std::vector<Difference> differences;
    bool repaired = false;
    std::vector<std::string> orphanIndexEntries; ///< expiry index ids with no lease record
    bool clean() const noexcept { return differences.empty() && orphanIndexEntries.empty(); }
};

/// What an event of the stream records. Written as "grant", "release", "expire",
/// "force", "sweep" and "config"; Unknown stands for any other text.
enum class EventType { Grant, Release, Expire, Force, Sweep, Config, Unknown };
/// How many EventType values there are.
inline constexpr std::size_t kEventTypes = 7;

/// Which events a project records.
enum class EventLevel {
    All,    ///< every grant, release, expiry, force-release, sweep and setting change
    Audit,  ///< the same without grants and releases: less server time per lock
};
/// "all" or "audit".
std::string_view toString(EventLevel level) noexcept;
/// The level "all" or "audit" names; nothing for any other text.
std::optional<EventLevel> parseEventLevel(std::string_view text) noexcept;

/// The stream's name of an event type ("grant", ...; "unknown" for Unknown).
std::string_view toString(EventType type) noexcept;
/// The event type a stream name stands for; Unknown for any other text.
EventType parseEventType(std::string_view text) noexcept;

/// One entry of a project's event stream.
struct Event {
    std::string id;                     ///< stream id ("1700000000000-0"), monotonic
    EventType type = EventType::Unknown;
    ServerTime time{};
    LeaseId lease;
    std::string owner;
    std::string operation;
    std::vector<LockRequest> requests;
    std::uint64_t fence = 0;
    ServerTime expiresAt{};             ///< grant only
    std::string by;                     ///< force / sweep / config: operator
    std::string host;                   ///< force / sweep / config
    std::string setting;                ///< config: "events=audit", ...
    std::string reason;                 ///< force
    bool wasLive = false;               ///< force: the lease had not expired
    std::int64_t count = 0;             ///< sweep: leases reaped
};

/// What a project's event stream holds (XINFO STREAM on Redis).
struct EventStreamInfo {
    std::uint64_t length = 0;
    std::uint64_t entriesAdded = 0;     ///< events ever appended, trimmed or not
    std::string firstId;                ///< "" when empty
    std::string lastId = "0-0";         ///< the last id given out, kept when a trim empties the stream
    /// True once the cap has removed entries from the start (the stream only
    /// ever loses entries by trimming: Treelock never runs XDEL).
    bool trimmed() const noexcept { return entriesAdded > length; }
};

/// Lets a waiter sleep until some lease of the project is released (or a deadline).
class WakeSignal {
public:
    virtual ~WakeSignal() = default;
    /// Blocks until a release/force/expiry was announced after this object was
    /// created or after the previous wait returned, or until `deadline`.
    /// Returns true if woken. Spurious wake-ups are allowed.
    virtual bool wait(std::chrono::steady_clock::time_point deadline) = 0;
};

/// A project's lock state. Implementations: MemoryEngine (in-process), RedisEngine.
/// Both have identical semantics; the conformance and model tests hold them to it.
/// All member functions are thread-safe. Every one validates its input and
/// throws InvalidInput before changing anything.
class Engine {
public:
    virtual ~Engine() = default;

    /// The project this engine serves.
    virtual const std::string& project() const noexcept = 0;
    /// Where it lives: "memory" or the Redis URL without password.
    virtual std::string describe() const = 0;
    /// Path rules of the project.
    virtual const PathOptions& pathOptions() const noexcept = 0;

    /// Takes every request or none, atomically. Reaps a bounded batch of expired
    /// leases first. O(depth x requests), independent of how many leases are held.
    virtual AcquireResult acquire(const std::vector<LockRequest>& requests,
                                  const AcquireOptions& options) = 0;
    /// Drops one hold; the last hold frees the paths and wakes waiters.
    virtual ReleaseResult release(const LeaseId& lease) = 0;
    /// Extends a live lease to now + ttl (the lease's own TTL if unset).
    virtual RenewResult renew(const LeaseId& lease,
                              std::optional<std::chrono::milliseconds> ttl = std::nullopt) = 0;
    /// Operator release; audited. See ForceOptions.
    virtual ReleaseResult forceRelease(const LeaseId& lease, const ForceOptions& options) = 0;
    /// Reaps every expired lease now; returns how many. `by` and `host` are recorded.
    virtual std::size_t sweep(const std::string& by = {}, const std::string& host = {}) = 0;
    /// All leases, live and expired-unreaped, with the server time.
    virtual Snapshot snapshot() = 0;
    /// The registered waiters (oldest first) and the server time, without the
    /// leases (`leases` stays empty): O(waiters), whatever the project holds.
    /// For a follower that has the leases from a LeaseWatch.
    virtual Snapshot waiters() = 0;
    /// Recomputes node counts from the leases; reports (and with repair, fixes) differences.
    virtual FsckReport fsck(bool repair) = 0;
    /// Events after `afterId` ("" or "0" = from the start), at most `max`.
    virtual std::vector<Event> events(const std::string& afterId, std::size_t max) = 0;
    /// Which events the project records (EventLevel::All unless set).
    virtual EventLevel eventLevel() = 0;
    /// Sets which events the project records, from the next call of any client
    /// on. A change is recorded as a "config" event with `by` (the operator,
    /// required) and `host`; setting the level in force records nothing. With
    /// RedisOptions::minReplicas it waits for them as a grant does, and throws
    /// ReplicationError when too few acknowledge (the primary keeps the change).
    virtual void setEventLevel(EventLevel level, const std::string& by, const std::string& host = {}) = 0;
    /// How long a waiter waits before it holds back newer conflicting requests
    /// (kDefaultGrace unless set); nothing when fairness is off.
    virtual std::optional<std::chrono::milliseconds> fairnessGrace() = 0;
    /// Sets the grace (0 to kMaxGrace), or turns fairness off (nothing). As
    /// setEventLevel: recorded as a "config" event ("grace=5" or "grace=off"),
    /// nothing written when unchanged, waits for RedisOptions::minReplicas.
    /// Turning fairness off frees the waiters that held others back.
    virtual void setFairnessGrace(std::optional<std::chrono::milliseconds> grace, const std::string& by,
                                  const std::string& host = {}) = 0;
    /// Ends the registration of the waiter under `lease` (a waiting acquire that
    /// gives up) and wakes whoever it held back. False if none was registered.
    virtual bool cancelWait(const LeaseId& lease) = 0;
    /// The `top` most refused paths (1 to kContentionPaths), hottest first.
    /// Every refused acquire counts once against the node where it clashed.
    virtual std::vector<HotPath> contention(std::size_t top) = 0;
    /// The server's current time.
    virtual ServerTime now() = 0;
    /// A wake-up channel for waiters (pub/sub on Redis).
    virtual std::unique_ptr<WakeSignal> subscribeWake() = 0;
    /// Problems with the server's configuration that weaken guarantees
    /// (eviction policy, no persistence). Empty if none.
    virtual std::vector<std::string> warnings() { return {}; }
};

} // namespace treelock
