#pragma once

// Internal to the simulator: the state shared by its parts (simulation.cpp, config.cpp,
// virtualclock.cpp, eventqueue.cpp, user.cpp, faults.cpp, janitor.cpp).

#include "rng.h"
#include "statisticsrecorder.h"
#include "waitingengine.h"

#include "treelock/lockclient.h"
#include "treelock/sim/safetymonitor.h"
#include "treelock/sim/simulation.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <queue>
#include <string>
#include <thread>
#include <vector>

namespace treelock::sim::detail {

using Micros = std::chrono::microseconds;
using SteadyClock = std::chrono::steady_clock;

/// Server time at virtual time 0 (2024-01-01T00:00:00Z): fixed, so fencing
/// tokens (initialised from server time) are the same in every run.
inline constexpr std::int64_t kVirtualEpochMs = 1704067200000;
inline constexpr Micros kNever = Micros::max();

inline Micros toMicros(std::chrono::milliseconds ms) { return std::chrono::duration_cast<Micros>(ms); }

enum class UserState { Thinking, Waiting, Holding, SlowRelease, Paused, Crashed };
enum class Fault { None, Crash, Pause, SlowRelease };

struct User {
    std::size_t index = 0;
    std::string owner;
    std::string namePrefix;
    Rng rng;
    std::shared_ptr<WaitingEngine> view; // the engine as `client` sees it: attempts that wait
    std::unique_ptr<LockClient> client;

    UserState state = UserState::Thinking;
    OperationCall call;
    std::vector<LockRequest> requests;
    Lease lease; // from `client`; on virtual time its id comes from `rng`
    bool holding = false;
    LeaseId leaseId;
    LeaseId waitId;           // the id every attempt of the current operation asks for
    bool registered = false;  // a refused attempt registered a waiter under waitId
    std::string clashPath;    // where the last refused attempt clashed ("" when not waiting)
    LeaseId lastBlocker;      // who was in its way then (Blocker::lease)
    std::uint64_t fence = 0;
    PlannedOperation planned;
    SafetyMonitor::OpId opId = 0; // 0: not in the monitor
    Fault fault = Fault::None;
    Micros waitStart{0}, deadline{0}, stateEnd{0}, faultAt{kNever}, nextRenew{kNever};
    Micros grantedAt{0}; // when the current lease was granted (its renewals' gaps grow with its age)
    int retries = 0; // waits of the current acquire so far
    std::uint64_t serial = 0;

    // Guarded by Impl::queueMutex.
    std::uint64_t gen = 0;
    bool running = false;     // an event of this user is executing
    bool hasPending = false;  // scheduled while running: pushed when it ends
    Micros pendingAt{0};
};

struct QueuedEvent {
    Micros time{0};
    std::uint64_t seq = 0;
    std::size_t user = 0; // kJanitor: the periodic sweep
    std::uint64_t gen = 0;
};
inline constexpr std::size_t kJanitor = static_cast<std::size_t>(-1);

struct Later {
    bool operator()(const QueuedEvent& a, const QueuedEvent& b) const
    {
        return a.time != b.time ? a.time > b.time : a.seq > b.seq;
    }
};


/// LockClient's clock on virtual time (`now`: microseconds since the start). The
/// simulator makes one attempt per event (wait 0), so LockClient never waits on it;
/// waitUntil() throws std::logic_error.
std::shared_ptr<ClientClock> virtualClientClock(std::shared_ptr<const std::atomic<std::int64_t>> now);

/// The step() trace of the event running on this thread (null outside step()).
extern thread_local std::string* t_trace;

/// The tree a simulation starts on when its config names none: the seed's tree
/// plus two entries in each of max(4, users/2) folders /P000, /P001, ...
std::vector<std::string> defaultTree(std::size_t users);

} // namespace treelock::sim::detail

namespace treelock::sim {

struct Simulation::Impl {
    using Micros = detail::Micros;
    using SteadyClock = detail::SteadyClock;
    using Rng = detail::Rng;
    using User = detail::User;
    using UserState = detail::UserState;
    using Fault = detail::Fault;
    using QueuedEvent = detail::QueuedEvent;
    static constexpr Micros kNever = detail::kNever;
    static constexpr std::size_t kJanitor = detail::kJanitor;
    static Micros toMicros(std::chrono::milliseconds ms) { return detail::toMicros(ms); }

    explicit Impl(SimulationConfig c);
    ~Impl();

    SimulationConfig config;
    Policy policy;
    bool isVirtual = true;
    /// How soon a holding user first renews on virtual time (LockClient's
    /// watchdog: later gaps grow, watchdogGap).
    std::chrono::milliseconds renewPeriod{0};
    /// The gap before `u`'s next renewal at `now`, its lease granted at u.grantedAt.
    Micros nextRenewalGap(const User& u, Micros now) const;
    std::shared_ptr<std::atomic<std::int64_t>> virtualNow = std::make_shared<std::atomic<std::int64_t>>(0);
    std::shared_ptr<Engine> engine;
    std::vector<std::unique_ptr<User>> users;
    std::atomic<bool> locking{true};
    std::atomic<std::size_t> waiting{0};

    // World: the tree and the monitor change together.
    mutable std::mutex worldMutex;
    FileSystem fs;
    SafetyMonitor monitor;
    SafetyMonitor::OpId nextOpId = 1;
    std::uint64_t highestFence = 0;
    std::vector<LeaseId> abandoned; // crash/pause leases not yet seen reaped
    // For each refused user's wait id, the lease at the end of its queue: its
    // blocker, or the one its blocker waits for. Ends with the wait.
    std::map<LeaseId, LeaseId> waitsFor;

    detail::StatisticsRecorder stats;

    // Scheduler.
    mutable std::mutex queueMutex;
    std::condition_variable queueCv;
    std::priority_queue<QueuedEvent, std::vector<QueuedEvent>, detail::Later> queue;
    std::uint64_t seq = 0;
    std::map<LeaseId, std::vector<std::pair<std::size_t, std::uint64_t>>> waitersByBlocker;
    Simulation::State state = Simulation::State::Idle;
    bool ending = false;
    double speed = 0;
    SteadyClock::time_point realStart{};
    SteadyClock::duration pausedTotal{};
    SteadyClock::time_point pausedAt{};
    SteadyClock::time_point wallAnchor{};
    Micros virtualAnchor{0};
    std::vector<std::thread> workers;
    std::size_t activeWorkers = 0;
    std::size_t executing = 0; // events running on workers now
    std::optional<Micros> frozenNow; // set when the run ends (RealTime)

    // --- time (virtualclock.cpp)
    Micros simNowLocked() const;
    Micros simNow() const
    {
        std::lock_guard lock(queueMutex);
        return simNowLocked();
    }
    Micros scaled(const Distribution& d, Rng& rng) const;
    void reanchorLocked();

    // --- scheduling, queueMutex held (eventqueue.cpp)
    void scheduleLocked(User& u, Micros at);
    void schedule(User& u, Micros at)
    {
        std::lock_guard lock(queueMutex);
        scheduleLocked(u, at);
    }
    bool validLocked(const QueuedEvent& e) const { return e.user == kJanitor || users[e.user]->gen == e.gen; }
    void doneLocked(const QueuedEvent& e);

    // --- running (eventqueue.cpp)
    void workerLoop();
    void execute(const QueuedEvent& e, Micros now);
    void finishLocked(std::unique_lock<std::mutex>& lock);
    void cleanup();
    void trace(const User* u, Micros now, const std::string& what) const;

    // --- user behaviour (user.cpp)
    void handle(User& u, Micros now);
    bool pickOperation(User& u);
    void beginOperation(User& u, Micros now);
    void attempt(User& u, Micros now);
    /// Records whom `u`'s refused wait ends at (waitsFor) and counts a refusal by
    /// an abandoned lease, or queued behind a waiter for one.
    void noteAbandonedBlocker(const User& u, const Blocker& blocker);
    /// Forgets `u`'s wait in waitsFor (granted, given up).
    void forgetWait(const User& u);
    std::chrono::milliseconds waitLeft(const User& u, Micros now) const;
    /// Ends a wait that did not end in a grant: the registration is cancelled and the
    /// users it held back are woken. Engine errors are counted, not thrown.
    void giveUpWait(User& u, Micros now);
    /// Schedules at once the users whose last refusal named `id` (released, or a waiter gone).
    void wakeWaitersOf(const LeaseId& id, Micros now);
    void startWork(User& u, Micros now);
    void timedTick(User& u, Micros now);
    void finishWork(User& u, Micros now);
    void releaseLease(User& u, Micros now);
    void releaseHeld(User& u)
    {
        if (!u.holding)
            return;
        u.holding = false;
        u.lease.release();
    }
    void abandonHeld(User& u)
    {
        u.holding = false;
        u.lease.abandon();
    }
    void think(User& u, Micros now);
    void setState(User& u, UserState s);
    void leaveMonitor(User& u, bool applied);
    void scheduleTimed(User& u, Micros now);

    // --- faults (faults.cpp)
    Fault drawFault(User& u);
    void crash(User& u, Micros now);
    void pauseUser(User& u, Micros now);
    void lateWrite(User& u, Micros now);

    // --- janitor.cpp
    void janitor(Micros now);
};

} // namespace treelock::sim
