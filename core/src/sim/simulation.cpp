#include "treelock/sim/simulation.h"

#include "statisticsrecorder.h"

#include "treelock/error.h"
#include "treelock/lockclient.h"
#include "treelock/memoryengine.h"
#include "treelock/sim/safetymonitor.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <queue>
#include <sstream>
#include <thread>

namespace treelock::sim {

namespace {

using Micros = std::chrono::microseconds;
using SteadyClock = std::chrono::steady_clock;
using std::chrono::milliseconds;

/// Server time at virtual time 0 (2024-01-01T00:00:00Z): fixed, so fencing
/// tokens (initialised from server time) are the same in every run.
constexpr std::int64_t kVirtualEpochMs = 1704067200000;
constexpr Micros kNever = Micros::max();
constexpr Micros kMinBackoff{5000};
constexpr Micros kMaxBackoff{250000};
constexpr std::size_t kMaxUsers = 500;

Micros toMicros(milliseconds ms) { return std::chrono::duration_cast<Micros>(ms); }

/// splitmix64: small, fast, and the same sequence on every platform.
class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) : m_state(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

private:
    std::uint64_t m_state;
};

enum class UserState { Thinking, Waiting, Holding, SlowRelease, Paused, Crashed };
enum class Fault { None, Crash, Pause, SlowRelease };

struct User {
    std::size_t index = 0;
    std::string owner;
    std::string namePrefix;
    Rng rng;
    std::unique_ptr<LockClient> client;

    UserState state = UserState::Thinking;
    OperationCall call;
    std::vector<LockRequest> requests;
    // Virtual timing calls the engine directly with lease ids drawn from the
    // user's generator (the engine's own ids are random, and blocker choice
    // among equal expiries depends on them); RealTime uses LockClient's Lease.
    Lease lease;
    bool holding = false;
    LeaseId leaseId;
    std::uint64_t fence = 0;
    PlannedOperation planned;
    SafetyMonitor::OpId opId = 0; // 0: not in the monitor
    Fault fault = Fault::None;
    Micros waitStart{0}, deadline{0}, stateEnd{0}, faultAt{kNever}, nextRenew{kNever};
    Micros backoff = kMinBackoff;
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
constexpr std::size_t kJanitor = static_cast<std::size_t>(-1);

struct Later {
    bool operator()(const QueuedEvent& a, const QueuedEvent& b) const
    {
        return a.time != b.time ? a.time > b.time : a.seq > b.seq;
    }
};

thread_local std::string* t_trace = nullptr; // set by step() on its own thread only

std::string callText(const OperationCall& call)
{
    std::string text(toString(call.op));
    for (const auto& a : call.args)
        text += " " + a;
    return text;
}

std::vector<std::string> defaultTree(std::size_t users)
{
    std::vector<std::string> paths = FileSystem::seedTree();
    const std::size_t folders = std::max<std::size_t>(4, users / 2);
    for (std::size_t i = 0; i < folders; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "/P%03zu", i);
        paths.push_back(std::string(name) + "/f.txt");
        paths.push_back(std::string(name) + "/S/g.txt");
    }
    return paths;
}

} // namespace

// ---------------------------------------------------------------- config

void SimulationConfig::validate() const
{
    auto bad = [](const std::string& what) { throw InvalidInput("simulation: " + what); };
    if (users < 1 || users > kMaxUsers)
        bad("users must be 1.." + std::to_string(kMaxUsers) + ", got " + std::to_string(users));
    double total = 0;
    for (double w : mix) {
        if (!(w >= 0) || std::isinf(w))
            bad("operation weights must be finite and >= 0");
        total += w;
    }
    if (total <= 0)
        bad("the operation mix has no positive weight");
    auto rate = [&](double r, const char* name) {
        if (!(r >= 0 && r <= 1))
            bad(std::string(name) + " must be within [0, 1]");
    };
    rate(hotFraction, "hot fraction");
    rate(crashRate, "crash rate");
    rate(pauseRate, "pause rate");
    rate(slowReleaseRate, "slow-release rate");
    if (crashRate + pauseRate + slowReleaseRate > 1)
        bad("crash, pause and slow-release rates add up to more than 1");
    if (ttl < kMinTtl || ttl > kMaxTtl)
        bad("ttl must be within [10 ms, 24 h]");
    if (waitTimeout.count() < 0 || duration.count() < 0 || slowReleaseDelay.count() < 0)
        bad("durations must not be negative");
    for (const Distribution* d : {&think, &hold})
        if (d->meanMs < 0 || d->minMs < 0 || d->maxMs < 0 || (d->kind == Distribution::Kind::Uniform && d->minMs > d->maxMs))
            bad("a time distribution has a negative or empty range");
    if (timing == Timing::Virtual && engine)
        bad("virtual timing runs its own MemoryEngine on the virtual clock; pass an engine with Timing::RealTime");
    if (!policy)
        Policy::builtin(profile); // throws InvalidInput for an unknown profile
}

std::array<double, kOperationCount> parseMix(const std::string& text)
{
    std::array<double, kOperationCount> mix{};
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (item.empty())
            continue;
        const auto eq = item.find('=');
        const auto op = parseOperation(item.substr(0, eq));
        if (eq == std::string::npos || !op)
            throw InvalidInput("mix item \"" + item + "\": expected OPERATION=WEIGHT with one of the 11 operations");
        try {
            std::size_t used = 0;
            const double w = std::stod(item.substr(eq + 1), &used);
            if (used != item.size() - eq - 1 || !(w >= 0) || std::isinf(w))
                throw std::invalid_argument("weight");
            mix[operationIndex(*op)] = w;
        } catch (const std::logic_error&) {
            throw InvalidInput("mix item \"" + item + "\": the weight must be a number >= 0");
        }
    }
    return mix;
}

std::string_view toString(Simulation::State state) noexcept
{
    switch (state) {
    case Simulation::State::Idle: return "idle";
    case Simulation::State::Running: return "running";
    case Simulation::State::Paused: return "paused";
    case Simulation::State::Finished: return "finished";
    }
    return "?";
}

// ---------------------------------------------------------------- Impl

struct Simulation::Impl {
    explicit Impl(SimulationConfig c);
    ~Impl();

    SimulationConfig config;
    Policy policy;
    bool isVirtual = true;
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

    detail::StatisticsRecorder stats;

    // Scheduler.
    mutable std::mutex queueMutex;
    std::condition_variable queueCv;
    std::priority_queue<QueuedEvent, std::vector<QueuedEvent>, Later> queue;
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

    // --- time
    Micros simNowLocked() const;
    Micros simNow() const
    {
        std::lock_guard lock(queueMutex);
        return simNowLocked();
    }
    Micros scaled(const Distribution& d, Rng& rng) const;
    void reanchorLocked();

    // --- scheduling (queueMutex held)
    void scheduleLocked(User& u, Micros at);
    void schedule(User& u, Micros at)
    {
        std::lock_guard lock(queueMutex);
        scheduleLocked(u, at);
    }
    bool validLocked(const QueuedEvent& e) const { return e.user == kJanitor || users[e.user]->gen == e.gen; }
    void doneLocked(const QueuedEvent& e);

    // --- running
    void workerLoop();
    void execute(const QueuedEvent& e, Micros now);
    void finishLocked(std::unique_lock<std::mutex>& lock);
    void cleanup();

    // --- user behaviour
    void handle(User& u, Micros now);
    bool pickOperation(User& u);
    void beginOperation(User& u, Micros now);
    void attempt(User& u, Micros now);
    void startWork(User& u, Micros now);
    void timedTick(User& u, Micros now);
    void finishWork(User& u, Micros now);
    void crash(User& u, Micros now);
    void pauseUser(User& u, Micros now);
    void lateWrite(User& u, Micros now);
    void releaseLease(User& u, Micros now);
    void releaseHeld(User& u)
    {
        if (!u.holding)
            return;
        u.holding = false;
        if (isVirtual)
            engine->release(u.leaseId);
        else
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
    void janitor(Micros now);
    void trace(const User* u, Micros now, const std::string& what) const;
};

Simulation::Impl::Impl(SimulationConfig c)
    : config(std::move(c)), policy(config.policy ? *config.policy : Policy::builtin(config.profile)),
      isVirtual(config.timing == Timing::Virtual), locking(config.locking),
      fs(FileSystem::Options{policy.recycleBin(),
                             config.maxEntries ? config.maxEntries : std::max<std::size_t>(2000, 20 * config.users)}),
      stats(toMicros(config.sampleInterval))
{
    if (isVirtual) {
        auto now = virtualNow;
        engine = std::make_shared<MemoryEngine>(config.project, PathOptions{}, [now] {
            return ServerTime(milliseconds(kVirtualEpochMs + now->load() / 1000));
        });
    } else {
        engine = config.engine ? config.engine : std::make_shared<MemoryEngine>(config.project);
        speed = 1;
    }
    for (const auto& p : config.tree.empty() ? defaultTree(config.users) : config.tree)
        fs.add(p, p.size() > 1 && p.back() == '/' ? EntryKind::Folder : EntryKind::File);
    stats.update([&](Statistics& s) {
        s.users = config.users;
        s.locking = config.locking;
    });

    Rng seeder(config.seed);
    for (std::size_t i = 0; i < config.users; ++i) {
        auto u = std::make_unique<User>();
        u->index = i;
        char name[32];
        std::snprintf(name, sizeof name, "user-%03zu", i + 1);
        u->owner = name;
        u->namePrefix = "u" + std::to_string(i + 1) + "-";
        u->rng = Rng(seeder.next());
        if (!isVirtual) {
            ClientOptions options;
            options.owner = u->owner;
            options.ttl = config.ttl;
            u->client = std::make_unique<LockClient>(engine, options);
        }
        users.push_back(std::move(u));
    }
    std::lock_guard lock(queueMutex);
    for (auto& u : users)
        scheduleLocked(*u, scaled(config.think, u->rng));
    if (config.sweepInterval.count() > 0)
        queue.push(QueuedEvent{toMicros(config.sweepInterval), seq++, kJanitor, 0});
}

Simulation::Impl::~Impl() = default;

Micros Simulation::Impl::simNowLocked() const
{
    if (isVirtual)
        return Micros(virtualNow->load());
    if (state == Simulation::State::Idle)
        return Micros(0);
    if (frozenNow)
        return *frozenNow;
    const auto wall = state == Simulation::State::Paused ? pausedAt : SteadyClock::now();
    return std::chrono::duration_cast<Micros>(wall - realStart - pausedTotal);
}

Micros Simulation::Impl::scaled(const Distribution& d, Rng& rng) const
{
    double ms = d.meanMs;
    switch (d.kind) {
    case Distribution::Kind::Fixed: break;
    case Distribution::Kind::Uniform: ms = d.minMs + (d.maxMs - d.minMs) * rng.uniform(); break;
    case Distribution::Kind::Exponential:
        ms = -d.meanMs * std::log(1.0 - rng.uniform());
        if (d.maxMs > 0)
            ms = std::min(ms, d.maxMs);
        break;
    }
    if (!isVirtual && speed > 0)
        ms /= speed;
    return Micros(static_cast<std::int64_t>(ms * 1000.0));
}

void Simulation::Impl::reanchorLocked()
{
    wallAnchor = SteadyClock::now();
    virtualAnchor = Micros(virtualNow->load());
}

void Simulation::Impl::scheduleLocked(User& u, Micros at)
{
    ++u.gen;
    if (u.running) {
        // Another worker must not run this user before the current event ends.
        u.hasPending = true;
        u.pendingAt = at;
        return;
    }
    queue.push(QueuedEvent{at, seq++, u.index, u.gen});
    queueCv.notify_one();
}

void Simulation::Impl::doneLocked(const QueuedEvent& e)
{
    if (e.user == kJanitor)
        return;
    User& u = *users[e.user];
    u.running = false;
    if (u.hasPending) {
        u.hasPending = false;
        queue.push(QueuedEvent{u.pendingAt, seq++, u.index, u.gen});
        queueCv.notify_one();
    }
}

void Simulation::Impl::trace(const User* u, Micros now, const std::string& what) const
{
    if (!t_trace)
        return;
    char time[32];
    std::snprintf(time, sizeof time, "%.3f s ", static_cast<double>(now.count()) / 1e6);
    if (!t_trace->empty())
        *t_trace += "; ";
    else
        *t_trace += time;
    *t_trace += (u ? u->owner + " " : std::string()) + what;
}

// ---------------------------------------------------------------- scheduler loop

void Simulation::Impl::workerLoop()
{
    std::unique_lock lock(queueMutex);
    for (;;) {
        if (ending)
            break;
        if (state == Simulation::State::Paused || queue.empty()) {
            if (queue.empty() && state == Simulation::State::Running && activeWorkers == 1 && isVirtual) {
                finishLocked(lock);
                break;
            }
            queueCv.wait(lock);
            continue;
        }
        const QueuedEvent e = queue.top();
        const Micros end = toMicros(config.duration);
        if (end.count() > 0 && (e.time > end || simNowLocked() >= end)) {
            if (isVirtual)
                virtualNow->store(end.count());
            finishLocked(lock);
            break;
        }
        if (!validLocked(e)) {
            queue.pop();
            continue;
        }
        // Pacing: wait until the event is due on the wall clock.
        SteadyClock::time_point due{};
        if (isVirtual) {
            if (speed > 0)
                due = wallAnchor + std::chrono::duration_cast<SteadyClock::duration>((e.time - virtualAnchor) / speed);
        } else {
            due = realStart + pausedTotal + e.time;
        }
        if (due > SteadyClock::now()) {
            queueCv.wait_until(lock, std::min(due, SteadyClock::now() + std::chrono::milliseconds(200)));
            continue;
        }
        queue.pop();
        if (e.user != kJanitor)
            users[e.user]->running = true;
        if (isVirtual)
            virtualNow->store(std::max(virtualNow->load(), e.time.count()));
        const Micros now = simNowLocked();
        ++executing;
        lock.unlock();
        execute(e, isVirtual ? e.time : now);
        lock.lock();
        doneLocked(e);
        if (--executing == 0)
            queueCv.notify_all(); // pause() waits for this
    }
    if (--activeWorkers == 0 && ending) {
        lock.unlock();
        cleanup();
        lock.lock();
        state = Simulation::State::Finished;
        queueCv.notify_all();
    }
}

void Simulation::Impl::finishLocked(std::unique_lock<std::mutex>&)
{
    if (!frozenNow && !isVirtual)
        frozenNow = std::min(simNowLocked(), config.duration.count() > 0 ? toMicros(config.duration) : Micros::max());
    ending = true;
    queueCv.notify_all();
}

void Simulation::Impl::cleanup()
{
    const Micros now = simNow();
    for (auto& u : users) {
        try {
            releaseHeld(*u);
        } catch (const Error&) {
            stats.update([](Statistics& s) { ++s.errors; });
        }
        leaveMonitor(*u, false);
    }
    stats.advance(now, monitor.violations());
}

void Simulation::Impl::execute(const QueuedEvent& e, Micros now)
{
    if (e.user == kJanitor) {
        janitor(now);
        return;
    }
    User& u = *users[e.user];
    try {
        handle(u, now);
    } catch (const Error& error) {
        // Engine unreachable or refusing: give the operation up, try again later.
        stats.update([](Statistics& s) { ++s.errors; });
        trace(&u, now, std::string("error: ") + error.what());
        leaveMonitor(u, false);
        abandonHeld(u);
        think(u, now);
    }
}

// ---------------------------------------------------------------- user behaviour

void Simulation::Impl::setState(User& u, UserState s)
{
    if (u.state == UserState::Waiting && s != UserState::Waiting)
        --waiting;
    else if (u.state != UserState::Waiting && s == UserState::Waiting)
        ++waiting;
    u.state = s;
}

void Simulation::Impl::handle(User& u, Micros now)
{
    switch (u.state) {
    case UserState::Thinking:
    case UserState::Crashed: beginOperation(u, now); return;
    case UserState::Waiting: attempt(u, now); return;
    case UserState::Holding:
    case UserState::SlowRelease: timedTick(u, now); return;
    case UserState::Paused: lateWrite(u, now); return;
    }
}

void Simulation::Impl::think(User& u, Micros now)
{
    setState(u, UserState::Thinking);
    u.opId = 0;
    u.fault = Fault::None;
    schedule(u, now + scaled(config.think, u.rng));
}

bool Simulation::Impl::pickOperation(User& u)
{
    double total = 0;
    for (double w : config.mix)
        total += w;
    double r = u.rng.uniform() * total;
    Operation op = kAllOperations.back();
    for (Operation candidate : kAllOperations) {
        r -= config.mix[operationIndex(candidate)];
        if (r < 0 && config.mix[operationIndex(candidate)] > 0) {
            op = candidate;
            break;
        }
    }
    const bool hot = config.targets == TargetChoice::Hotspot && u.rng.uniform() < config.hotFraction;
    const std::string serial = u.namePrefix + std::to_string(++u.serial);

    std::lock_guard lock(worldMutex);
    auto pick = [&](EntryKind kind, bool allowRoot) -> std::optional<std::string> {
        if (hot) {
            auto first = fs.firstEntries(kind, config.hotEntries);
            if (allowRoot && kind == EntryKind::Folder)
                first.push_back("/");
            if (!first.empty())
                return first[u.rng.below(first.size())];
        }
        const auto& list = kind == EntryKind::Folder ? fs.folders() : fs.files();
        for (int tries = 0; tries < 4 && !list.empty(); ++tries) {
            const std::string& p = list[u.rng.below(list.size())];
            if (allowRoot || p != "/")
                return p;
        }
        return std::nullopt;
    };
    auto destinationFor = [&](const std::string& source) -> std::optional<std::string> {
        for (int tries = 0; tries < 6; ++tries) {
            auto d = pick(EntryKind::Folder, true);
            if (d && !isWithin(*d, source) && *d != parentPath(source))
                return d;
        }
        return std::nullopt;
    };

    OperationCall call{op, {}};
    switch (op) {
    case Operation::Create:
        if (auto f = pick(EntryKind::Folder, true))
            call.args = {*f, serial};
        break;
    case Operation::Upload:
        if (u.rng.uniform() < 0.5) {
            if (auto file = pick(EntryKind::File, false))
                call.args = {parentPath(*file), baseName(*file)};
        } else if (auto f = pick(EntryKind::Folder, true)) {
            call.args = {*f, serial + ".txt"};
        }
        break;
    case Operation::MoveFolder:
    case Operation::CopyFolder:
    case Operation::MoveFile:
    case Operation::CopyFile: {
        const bool folder = op == Operation::MoveFolder || op == Operation::CopyFolder;
        if (auto s = pick(folder ? EntryKind::Folder : EntryKind::File, false))
            if (auto d = destinationFor(*s))
                call.args = {*s, *d};
        break;
    }
    case Operation::RenameFolder:
    case Operation::RenameFile: {
        const bool folder = op == Operation::RenameFolder;
        if (auto s = pick(folder ? EntryKind::Folder : EntryKind::File, false))
            call.args = {*s, folder ? serial : serial + ".txt"};
        break;
    }
    case Operation::DeleteFolder:
    case Operation::DeleteFile:
        if (auto s = pick(op == Operation::DeleteFolder ? EntryKind::Folder : EntryKind::File, false))
            call.args = {*s};
        break;
    case Operation::Purge:
        if (!fs.recycled().empty())
            call.args = {"/" + baseName(fs.recycled()[u.rng.below(fs.recycled().size())])};
        break;
    }
    if (call.args.empty())
        return false;
    u.call = std::move(call);
    return true;
}

void Simulation::Impl::beginOperation(User& u, Micros now)
{
    if (!pickOperation(u)) {
        think(u, now);
        return;
    }
    u.fence = 0;
    u.leaseId.clear();
    u.fault = Fault::None;
    if (!locking.load()) {
        trace(&u, now, callText(u.call) + ": no lock (locking off)");
        startWork(u, now);
        return;
    }
    try {
        u.requests = policy.plan(u.call, engine->pathOptions());
    } catch (const InvalidInput& error) {
        trace(&u, now, callText(u.call) + ": not planned: " + error.what());
        think(u, now);
        return;
    }
    u.waitStart = now;
    u.deadline = now + toMicros(config.waitTimeout);
    u.backoff = kMinBackoff;
    attempt(u, now);
}

void Simulation::Impl::attempt(User& u, Micros now)
{
    AcquireOutcome got;
    if (isVirtual) {
        AcquireOptions options;
        options.owner = u.owner;
        options.operation = std::string(toString(u.call.op));
        options.ttl = config.ttl;
        char id[33];
        std::snprintf(id, sizeof id, "%016llx%016llx", static_cast<unsigned long long>(u.rng.next()),
                      static_cast<unsigned long long>(u.rng.next()));
        options.leaseId = id;
        AcquireResult r = engine->acquire(u.requests, options);
        got.attempts = 1;
        got.blocker = std::move(r.blocker);
        if (r.granted) {
            u.holding = true;
            u.leaseId = r.grant.lease;
            u.fence = r.grant.fence;
        }
    } else {
        got = u.client->acquire(u.requests, std::string(toString(u.call.op)), milliseconds(0));
        if (got) {
            u.lease = std::move(got.lease);
            u.holding = true;
            u.leaseId = u.lease.id();
            u.fence = u.lease.fence();
        }
    }
    if (u.holding) {
        stats.update([](Statistics& s) {
            ++s.attempts;
            ++s.grants;
        });
        stats.recordWait(now - u.waitStart);
        trace(&u, now, callText(u.call) + ": granted, fence " + std::to_string(u.fence));
        startWork(u, now);
        return;
    }
    std::optional<Operation> blockerOp;
    if (got.blocker)
        blockerOp = parseOperation(got.blocker->operation);
    stats.update([&](Statistics& s) {
        ++s.attempts;
        ++s.conflicts;
        if (blockerOp)
            ++s.conflictMatrix[operationIndex(u.call.op)][operationIndex(*blockerOp)];
    });
    trace(&u, now,
          callText(u.call) + ": refused"
              + (got.blocker ? ", blocked by " + got.blocker->owner + " (" + got.blocker->operation + " on "
                                   + got.blocker->path + ")"
                             : std::string()));
    if (now >= u.deadline) {
        stats.update([](Statistics& s) { ++s.timeouts; });
        trace(&u, now, "gives up after " + std::to_string(config.waitTimeout.count()) + " ms");
        think(u, now);
        return;
    }
    const auto b = u.backoff.count();
    Micros retry(b / 2 + static_cast<std::int64_t>(u.rng.below(static_cast<std::size_t>(b / 2 + 1))));
    if (got.blocker && !got.blocker->lease.empty())
        retry = std::min(retry, toMicros(got.blocker->expiresIn) + Micros(1000));
    u.backoff = std::min(u.backoff * 2, kMaxBackoff);
    setState(u, UserState::Waiting);
    std::lock_guard lock(queueMutex);
    scheduleLocked(u, std::min(now + retry, u.deadline));
    if (got.blocker && !got.blocker->lease.empty())
        waitersByBlocker[got.blocker->lease].emplace_back(u.index, u.gen);
}

void Simulation::Impl::startWork(User& u, Micros now)
{
    {
        std::lock_guard lock(worldMutex);
        FsResult begun = fs.begin(u.call, u.fence);
        if (begun.status != FsStatus::Ok) {
            if (begun.status == FsStatus::Failed)
                stats.update([](Statistics& s) { ++s.failed; });
            trace(&u, now, std::string(toString(begun.status)) + ": " + begun.message);
        } else {
            u.planned = std::move(begun.planned);
            u.opId = nextOpId++;
            highestFence = std::max(highestFence, u.fence);
            monitor.enter(u.opId, u.call.op, u.fence, u.planned.access);
        }
    }
    if (u.opId == 0) {
        releaseLease(u, now);
        think(u, now);
        return;
    }
    const double r = u.rng.uniform();
    u.fault = r < config.crashRate                                       ? Fault::Crash
              : r < config.crashRate + config.pauseRate                  ? Fault::Pause
              : r < config.crashRate + config.pauseRate + config.slowReleaseRate ? Fault::SlowRelease
                                                                         : Fault::None;
    if (!u.holding)
        u.fault = u.fault == Fault::SlowRelease ? Fault::None : u.fault;
    const Micros hold = scaled(config.hold, u.rng);
    u.stateEnd = now + hold;
    u.faultAt = (u.fault == Fault::Crash || u.fault == Fault::Pause) ? now + hold / 2 : kNever;
    u.nextRenew = isVirtual && u.holding ? now + toMicros(config.ttl) / 3 : kNever;
    setState(u, UserState::Holding);
    scheduleTimed(u, now);
}

void Simulation::Impl::scheduleTimed(User& u, Micros)
{
    schedule(u, std::min({u.stateEnd, u.faultAt, u.nextRenew}));
}

void Simulation::Impl::timedTick(User& u, Micros now)
{
    if (now >= u.faultAt) {
        if (u.fault == Fault::Crash)
            crash(u, now);
        else
            pauseUser(u, now);
        return;
    }
    if (now >= u.nextRenew && now < u.stateEnd) {
        const RenewResult renewed = engine->renew(u.leaseId, config.ttl);
        if (renewed.status != LeaseStatus::Ok) {
            stats.update([](Statistics& s) { ++s.lostLeases; });
            trace(&u, now, "lost its lease (" + std::string(toString(renewed.status)) + ")");
            leaveMonitor(u, false);
            abandonHeld(u);
            think(u, now);
            return;
        }
        u.nextRenew = now + toMicros(config.ttl) / 3;
        scheduleTimed(u, now);
        return;
    }
    if (now < u.stateEnd) {
        scheduleTimed(u, now);
        return;
    }
    if (u.state == UserState::SlowRelease) {
        releaseLease(u, now);
        think(u, now);
        return;
    }
    finishWork(u, now);
}

void Simulation::Impl::leaveMonitor(User& u, bool applied)
{
    if (u.opId == 0)
        return;
    std::lock_guard lock(worldMutex);
    monitor.leave(u.opId, applied);
    u.opId = 0;
}

void Simulation::Impl::finishWork(User& u, Micros now)
{
    if (u.holding && u.lease && u.lease.lost()) {
        stats.update([](Statistics& s) { ++s.lostLeases; });
        trace(&u, now, "lost its lease before writing: gives up");
        leaveMonitor(u, false);
        abandonHeld(u);
        think(u, now);
        return;
    }
    FsResult applied;
    {
        std::lock_guard lock(worldMutex);
        applied = fs.apply(u.planned);
        monitor.leave(u.opId, applied.status == FsStatus::Ok);
        u.opId = 0;
    }
    if (applied.status == FsStatus::Ok)
        stats.recordCompleted(u.call.op, now);
    else if (applied.status == FsStatus::Failed)
        stats.update([](Statistics& s) { ++s.failed; });
    trace(&u, now, callText(u.call) + ": " + (applied.status == FsStatus::Ok ? "applied" : std::string(toString(applied.status)) + ": " + applied.message));
    if (u.fault == Fault::SlowRelease && u.holding) {
        stats.update([](Statistics& s) { ++s.slowReleases; });
        trace(&u, now, "releases slowly");
        setState(u, UserState::SlowRelease);
        Rng& rng = u.rng;
        u.stateEnd = now + scaled(Distribution::fixed(static_cast<double>(config.slowReleaseDelay.count())), rng);
        scheduleTimed(u, now);
        return;
    }
    releaseLease(u, now);
    think(u, now);
}

void Simulation::Impl::releaseLease(User& u, Micros now)
{
    if (!u.holding)
        return;
    const LeaseId id = u.leaseId;
    releaseHeld(u);
    std::lock_guard lock(queueMutex);
    auto it = waitersByBlocker.find(id);
    if (it == waitersByBlocker.end())
        return;
    for (const auto& [index, gen] : it->second) {
        User& w = *users[index];
        if (w.gen == gen && !w.running)
            scheduleLocked(w, now);
    }
    waitersByBlocker.erase(it);
}

void Simulation::Impl::crash(User& u, Micros now)
{
    stats.update([](Statistics& s) { ++s.crashes; });
    trace(&u, now, "crashes while holding its lease (fence " + std::to_string(u.fence) + ")");
    leaveMonitor(u, false);
    if (u.holding) {
        abandonHeld(u);
        std::lock_guard lock(worldMutex);
        abandoned.push_back(u.leaseId);
    }
    setState(u, UserState::Crashed);
    u.fault = Fault::None;
    schedule(u, now + toMicros(config.ttl));
}

void Simulation::Impl::pauseUser(User& u, Micros now)
{
    stats.update([](Statistics& s) { ++s.pauses; });
    trace(&u, now, "pauses (stops renewing) holding fence " + std::to_string(u.fence));
    if (u.holding) {
        abandonHeld(u);
        std::lock_guard lock(worldMutex);
        abandoned.push_back(u.leaseId);
    }
    setState(u, UserState::Paused);
    u.faultAt = kNever;
    schedule(u, now + toMicros(config.ttl) + toMicros(config.ttl) / 4);
}

void Simulation::Impl::lateWrite(User& u, Micros now)
{
    FsResult applied;
    {
        std::lock_guard lock(worldMutex);
        applied = fs.apply(u.planned);
        monitor.leave(u.opId, applied.status == FsStatus::Ok);
        u.opId = 0;
    }
    stats.update([&](Statistics& s) {
        ++s.staleWrites;
        if (applied.status == FsStatus::Failed)
            ++s.failed;
    });
    if (applied.status == FsStatus::Ok)
        stats.recordCompleted(u.call.op, now);
    trace(&u, now, "wakes up and writes with fence " + std::to_string(u.fence) + ": "
                       + (applied.status == FsStatus::Ok ? "applied" : std::string(toString(applied.status)) + ": " + applied.message));
    think(u, now);
}

void Simulation::Impl::janitor(Micros now)
{
    stats.advance(now, monitor.violations());
    try {
        {
            const std::size_t swept = engine->sweep("simulator");
            const Snapshot snap = engine->snapshot();
            std::size_t reaped = 0;
            {
                std::lock_guard lock(worldMutex);
                std::erase_if(abandoned, [&](const LeaseId& id) {
                    const bool gone = std::none_of(snap.leases.begin(), snap.leases.end(),
                                                   [&](const LeaseInfo& l) { return l.id == id; });
                    reaped += gone;
                    return gone;
                });
                const std::uint64_t low = monitor.lowestFence();
                fs.forgetFencesBelow(low ? std::min(low, highestFence) : highestFence);
            }
            stats.update([&](Statistics& s) {
                s.swept += swept;
                s.reaped += reaped;
            });
            if (swept || reaped)
                trace(nullptr, now, "sweep: " + std::to_string(swept) + " swept, " + std::to_string(reaped) + " abandoned leases gone");
        }
    } catch (const Error&) {
        stats.update([](Statistics& s) { ++s.errors; });
    }
    std::lock_guard lock(queueMutex);
    {
        // Registrations of leases that were never released (crashed holders) go stale.
        if (waitersByBlocker.size() > 4 * users.size())
            std::erase_if(waitersByBlocker, [&](const auto& kv) {
                return std::none_of(kv.second.begin(), kv.second.end(),
                                    [&](const auto& w) { return users[w.first]->gen == w.second; });
            });
    }
    queue.push(QueuedEvent{now + toMicros(config.sweepInterval), seq++, kJanitor, 0});
}

// ---------------------------------------------------------------- Simulation

Simulation::Simulation(SimulationConfig config)
{
    config.validate();
    m_impl = std::make_unique<Impl>(std::move(config));
}

Simulation::~Simulation() { stop(); }

Statistics Simulation::run()
{
    if (m_impl->config.duration.count() <= 0)
        throw InvalidInput("simulation: run() needs a duration > 0");
    {
        std::lock_guard lock(m_impl->queueMutex);
        if (m_impl->state != State::Idle)
            throw InvalidInput("simulation: run() needs an idle simulation");
    }
    start();
    {
        std::unique_lock lock(m_impl->queueMutex);
        m_impl->queueCv.wait(lock, [&] { return m_impl->state == State::Finished; });
    }
    stop();
    return statistics();
}

void Simulation::start()
{
    std::lock_guard lock(m_impl->queueMutex);
    Impl& d = *m_impl;
    if (d.state == State::Paused) {
        d.state = State::Running;
        d.pausedTotal += SteadyClock::now() - d.pausedAt;
        d.reanchorLocked();
        d.queueCv.notify_all();
        return;
    }
    if (d.state != State::Idle)
        return;
    d.state = State::Running;
    d.realStart = SteadyClock::now();
    d.reanchorLocked();
    const std::size_t n =
        d.isVirtual ? 1 : (d.config.threads ? d.config.threads : std::min<std::size_t>(d.config.users, 4));
    d.activeWorkers = n;
    for (std::size_t i = 0; i < n; ++i)
        d.workers.emplace_back([&d] { d.workerLoop(); });
}

void Simulation::pause()
{
    std::unique_lock lock(m_impl->queueMutex);
    if (m_impl->state == State::Running || m_impl->state == State::Idle) {
        if (m_impl->state == State::Idle)
            m_impl->realStart = SteadyClock::now();
        m_impl->state = State::Paused;
        m_impl->pausedAt = SteadyClock::now();
    }
    // Returns once the events already running have ended: nothing changes after it.
    m_impl->queueCv.wait(lock, [&] { return m_impl->executing == 0; });
}

void Simulation::resume() { start(); }

void Simulation::stop()
{
    std::vector<std::thread> workers;
    bool cleanupHere = false;
    {
        std::lock_guard lock(m_impl->queueMutex);
        Impl& d = *m_impl;
        if (d.state == State::Finished && d.workers.empty())
            return;
        if (d.state == State::Paused)
            d.pausedTotal += SteadyClock::now() - d.pausedAt;
        cleanupHere = d.workers.empty(); // never started: nobody else cleans up
        if (!d.frozenNow && !d.isVirtual)
            d.frozenNow = d.simNowLocked();
        d.ending = true;
        if (d.state == State::Paused)
            d.state = State::Running; // let the workers see `ending`
        d.queueCv.notify_all();
        workers.swap(d.workers);
    }
    for (auto& t : workers)
        t.join();
    if (cleanupHere)
        m_impl->cleanup();
    std::lock_guard lock(m_impl->queueMutex);
    m_impl->state = State::Finished;
}

std::optional<std::string> Simulation::step()
{
    Impl& d = *m_impl;
    std::unique_lock lock(d.queueMutex);
    if (d.state != State::Idle && d.state != State::Paused)
        return std::nullopt;
    while (!d.queue.empty()) {
        const QueuedEvent e = d.queue.top();
        d.queue.pop();
        if (!d.validLocked(e))
            continue;
        if (e.user != kJanitor)
            d.users[e.user]->running = true;
        if (d.isVirtual) {
            d.virtualNow->store(std::max(d.virtualNow->load(), e.time.count()));
            d.reanchorLocked();
        }
        const Micros now = d.isVirtual ? e.time : d.simNowLocked();
        lock.unlock();
        std::string text;
        t_trace = &text;
        d.execute(e, now);
        t_trace = nullptr;
        lock.lock();
        d.doneLocked(e);
        if (text.empty())
            continue; // an event with nothing to tell (a renewal): run the next one
        return text;
    }
    return std::nullopt;
}

void Simulation::setSpeed(double speed)
{
    std::lock_guard lock(m_impl->queueMutex);
    m_impl->speed = std::max(0.0, speed);
    if (!m_impl->isVirtual && m_impl->speed <= 0)
        m_impl->speed = 1;
    m_impl->reanchorLocked();
    m_impl->queueCv.notify_all();
}

double Simulation::speed() const
{
    std::lock_guard lock(m_impl->queueMutex);
    return m_impl->speed;
}

void Simulation::setLocking(bool on)
{
    m_impl->locking = on;
    m_impl->stats.update([on](Statistics& s) { s.locking = on; });
}

Simulation::State Simulation::state() const
{
    std::lock_guard lock(m_impl->queueMutex);
    return m_impl->state;
}

std::chrono::milliseconds Simulation::now() const
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(m_impl->simNow());
}

Statistics Simulation::statistics() const
{
    Statistics s = m_impl->stats.snapshot(m_impl->simNow());
    s.waiting = m_impl->waiting.load();
    std::lock_guard lock(m_impl->worldMutex);
    s.fencingRejections = m_impl->fs.fencingRejections();
    s.violations = m_impl->monitor.violations();
    s.superseded = m_impl->monitor.supersededCount();
    s.inFlight = m_impl->monitor.inFlightCount();
    s.treeEntries = m_impl->fs.size();
    for (const auto& v : m_impl->monitor.recentViolations())
        s.recentViolations.push_back(std::string(toString(v.firstOp)) + " (op " + std::to_string(v.first) + ") and "
                                     + std::string(toString(v.secondOp)) + " (op " + std::to_string(v.second)
                                     + ") both " + (v.writeWrite ? "write" : "read/write") + " " + v.path);
    return s;
}

FileSystem::Snapshot Simulation::tree() const
{
    std::lock_guard lock(m_impl->worldMutex);
    return m_impl->fs.snapshot();
}

std::shared_ptr<Engine> Simulation::engine() const { return m_impl->engine; }

const SimulationConfig& Simulation::config() const noexcept { return m_impl->config; }

std::vector<std::string> Simulation::userNames() const
{
    std::vector<std::string> names;
    for (const auto& u : m_impl->users)
        names.push_back(u->owner);
    return names;
}

} // namespace treelock::sim
