#include "treelock/sim/scenario.h"

#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/lockclient.h"
#include "treelock/redisengine.h"
#include "treelock/redissentinelgroup.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

namespace treelock::sim {

namespace {

using std::chrono::milliseconds;

/// How long a Sentinel scenario waits for a new primary, or for the set-up to heal.
constexpr milliseconds kFailoverTimeout{30000};

std::string secondsText(milliseconds ms)
{
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(1);
    out << static_cast<double>(ms.count()) / 1000.0 << " s";
    return out.str();
}

/// "blocked by A: move-folder X /A/C, X held on /A/C, expires in 29.9 s", or for an
/// older waiter: "queued behind W, who waits longer: delete-folder X /A/C/E, IX reserved on /A/C".
std::string describeBlocker(const Blocker& b)
{
    const std::string owner = b.owner.empty() ? std::string("?") : b.owner;
    const std::string what = b.operation + " " + std::string(toString(b.mode)) + " " + b.path;
    if (b.queued)
        return "queued behind " + owner + ", who waits longer: " + what + ", " + std::string(toString(b.heldMode))
               + " reserved on " + b.clashPath;
    return "blocked by " + owner + ": " + what + ", " + std::string(toString(b.heldMode)) + " held on " + b.clashPath
           + ", expires in " + secondsText(b.expiresIn);
}

/// Marks `r` as failed by `what`, unless an earlier expectation failed already.
void mismatch(StepResult& r, const std::string& what)
{
    if (r.ok) {
        r.ok = false;
        r.mismatch = what;
    }
}

/// Thrown out of a LockClient waiting in the background when the player ends it.
struct WaitCancelled {};

/// The clock of an acquire waiting in the background: the scenario's when it has
/// one (so its wait, like the engine's time, passes only while a step runs), the
/// steady clock otherwise. Waits in short slices, so a held scenario clock and
/// cancel() are noticed. Thread-safe.
class BackgroundClock final : public ClientClock {
public:
    explicit BackgroundClock(std::shared_ptr<ScenarioClock> scenario) : m_scenario(std::move(scenario)) {}

    TimePoint now() override
    {
        if (!m_scenario)
            return std::chrono::steady_clock::now();
        return TimePoint(std::chrono::duration_cast<TimePoint::duration>(m_scenario->now().time_since_epoch()));
    }
    std::unique_ptr<WakeSignal> subscribe(Engine& engine) override { return engine.subscribeWake(); }
    void waitUntil(WakeSignal& signal, TimePoint deadline) override
    {
        for (;;) {
            if (m_cancelled.load())
                throw WaitCancelled{};
            const auto left = deadline - now();
            if (left <= TimePoint::duration::zero())
                return;
            const auto slice = std::min<std::chrono::steady_clock::duration>(left, milliseconds(20));
            if (signal.wait(std::chrono::steady_clock::now() + slice))
                return;
        }
    }
    void cancel() { m_cancelled.store(true); }

private:
    std::shared_ptr<ScenarioClock> m_scenario; // null: the steady clock
    std::atomic<bool> m_cancelled{false};
};

} // namespace

std::string StepResult::line() const
{
    std::string text = "step " + std::to_string(index + 1) + "  " + actor + "  " + what + " -> " + actual;
    if (!detail.empty())
        text += " (" + detail + ")";
    text += ok ? "  [ok]" : "  [UNEXPECTED: " + mismatch + "]";
    return text;
}

// ---------------------------------------------------------------- clock

ScenarioClock::ScenarioClock()
    : m_held(std::chrono::time_point_cast<milliseconds>(std::chrono::system_clock::now()))
{
}

ServerTime ScenarioClock::now() const
{
    std::lock_guard lock(m_mutex);
    if (!m_runningSince)
        return m_held;
    return m_held + std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - *m_runningSince);
}

void ScenarioClock::run()
{
    std::lock_guard lock(m_mutex);
    if (!m_runningSince)
        m_runningSince = std::chrono::steady_clock::now();
}

void ScenarioClock::hold()
{
    std::lock_guard lock(m_mutex);
    if (!m_runningSince)
        return;
    m_held += std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - *m_runningSince);
    m_runningSince.reset();
}

bool ScenarioClock::running() const
{
    std::lock_guard lock(m_mutex);
    return m_runningSince.has_value();
}

// ---------------------------------------------------------------- player

struct ScenarioPlayer::Impl {
    /// An acquire waiting on its own thread while the next steps play.
    struct Background {
        std::shared_ptr<BackgroundClock> clock;
        std::unique_ptr<LockClient> client; // the waiting one; renews the lease it gets
        LeaseId id;                         // the lease id it asks for: its waiter's id
        OperationCall call;
        std::thread thread;                 // runs the acquire; joined by await or ~Impl
        std::mutex mutex;                   // guards the fields below
        std::condition_variable ended;
        bool done = false;
        AcquireOutcome outcome;
        std::exception_ptr error;
    };
    struct Actor {
        std::unique_ptr<LockClient> client;
        std::chrono::milliseconds clientTtl{0};
        std::unique_ptr<LockClient> waitClient; // gave `lease` after an await; renews it
        Lease lease;
        LeaseId leaseId;          // the last lease, also after pause/crash
        std::uint64_t fence = 0;  // its token
        std::optional<OperationCall> call;
        std::unique_ptr<Background> background; // an acquire waiting until its await
    };

    Scenario scenario;
    std::unique_ptr<SentinelGroup> group; // Owned; "sentinel" scenarios only. Declared first: goes last.
    std::shared_ptr<Engine> engine;
    std::shared_ptr<Engine> acknowledgedEngine; // "sentinel": grants wait for the replica
    std::shared_ptr<ScenarioClock> clock; // null: the engine's own time
    mutable std::mutex treeMutex; // tree() may be called from another thread
    FileSystem fs;
    std::map<std::string, Actor> actors;
    std::size_t position = 0;
    bool passed = true;

    Impl(Scenario s, std::shared_ptr<Engine> e, std::shared_ptr<ScenarioClock> c)
        : scenario(std::move(s)), engine(std::move(e)), clock(std::move(c)),
          fs(FileSystem::fromPaths(scenario.tree.empty() ? FileSystem::seedTree() : scenario.tree,
                                   FileSystem::Options{Policy::builtin(scenario.profile).recycleBin(), 0}))
    {
        if (bringsItsOwnEngine(scenario)) {
            group = std::make_unique<SentinelGroup>();
            clock.reset(); // a real server's time
            engine = sentinelEngine(0);
            acknowledgedEngine = sentinelEngine(1);
        }
        if (!engine)
            throw InvalidInput("scenario player needs an engine");
    }

    ~Impl()
    {
        // Waits still in the background end first (their registrations are
        // cancelled), then what the actors hold is released.
        for (auto& [name, a] : actors)
            if (a.background) {
                a.background->clock->cancel();
                a.background->thread.join();
                a.background.reset();
            }
        for (auto& [name, a] : actors)
            if (a.lease)
                try {
                    a.lease.release();
                } catch (const Error&) {
                    // The lease expires by its TTL.
                }
    }

    std::shared_ptr<Engine> sentinelEngine(int minReplicas) const
    {
        RedisOptions options;
        options.url = group->url();
        options.minReplicas = minReplicas;
        // A second, not the CLI's 100 ms: the story must not depend on the machine's load.
        options.replicaTimeout = milliseconds(1000);
        options.failoverTimeout = kFailoverTimeout;
        return std::make_shared<RedisEngine>(options, scenario.name.empty() ? "scenario" : scenario.name);
    }

    Actor& actor(const std::string& name, milliseconds ttl, int minReplicas = 0)
    {
        Actor& a = actors[name];
        const std::shared_ptr<Engine>& use = minReplicas > 0 ? acknowledgedEngine : engine;
        if (!a.client || a.clientTtl != ttl || a.client->engine() != use) {
            ClientOptions options;
            options.owner = name;
            options.ttl = ttl;
            a.client = std::make_unique<LockClient>(use, options);
            a.clientTtl = ttl;
        }
        return a;
    }

    /// Plays `step` with the handler of its action.
    void run(const ScenarioStep& step, StepResult& r);
    void playAcquire(const ScenarioStep& step, StepResult& r);
    void playAwait(const ScenarioStep& step, StepResult& r);
    void playWrite(const ScenarioStep& step, StepResult& r);
    void playRelease(const ScenarioStep& step, StepResult& r);
    void playPauseOrCrash(const ScenarioStep& step, StepResult& r);
    void playStallReplica(StepResult& r);
    void playKillPrimary(StepResult& r);
    void playWait(const ScenarioStep& step, StepResult& r);
    void playSnapshot(const ScenarioStep& step, StepResult& r);
    void playSweep(const ScenarioStep& step, StepResult& r);
    void playForceRelease(const ScenarioStep& step, StepResult& r);
    void playExpect(const ScenarioStep& step, StepResult& r);
    void startInBackground(const ScenarioStep& step, const Policy& policy, Actor& a, StepResult& r);
    void await(const ScenarioStep& step, Actor& a, StepResult& r);
    /// Fills r.actual and r.detail from an ended acquire, keeps a grant, checks the blocker.
    void takeOutcome(const ScenarioStep& step, Actor& a, AcquireOutcome& got, StepResult& r);
    static void checkBlocker(const ScenarioStep& step, const Blocker* blocker, StepResult& r);
};

void ScenarioPlayer::Impl::checkBlocker(const ScenarioStep& step, const Blocker* b, StepResult& r)
{
    if (step.blocker && (!b || b->owner != *step.blocker))
        mismatch(r, "expected blocker " + *step.blocker);
    if (step.heldMode && (!b || toString(b->heldMode) != *step.heldMode))
        mismatch(r, "expected " + *step.heldMode + (b && b->queued ? " reserved" : " held") + " where it clashed");
    if (step.queued && (!b || b->queued != *step.queued))
        mismatch(r, *step.queued ? "expected to queue behind an older waiter" : "expected a holder in the way, not a waiter");
}

void ScenarioPlayer::Impl::takeOutcome(const ScenarioStep& step, Actor& a, AcquireOutcome& got, StepResult& r)
{
    if (got) {
        a.lease = std::move(got.lease);
        a.leaseId = a.lease.id();
        a.fence = a.lease.fence();
        a.call = step.call;
        r.actual = "granted";
        r.detail = "fence " + std::to_string(a.fence);
        return;
    }
    r.actual = got.timedOut ? "timeout" : "refused";
    if (got.blocker) {
        r.detail = describeBlocker(*got.blocker);
        if (got.timedOut)
            r.detail += "; waited " + secondsText(step.waitFor);
    }
    checkBlocker(step, got.blocker ? &*got.blocker : nullptr, r);
}

void ScenarioPlayer::Impl::startInBackground(const ScenarioStep& step, const Policy& policy, Actor& a, StepResult& r)
{
    auto bg = std::make_unique<Background>();
    bg->clock = std::make_shared<BackgroundClock>(clock);
    bg->id = newLeaseId();
    bg->call = *step.call;
    ClientOptions options;
    options.owner = step.actor;
    options.ttl = step.ttl.value_or(scenario.ttl);
    options.clock = bg->clock;
    options.newLeaseId = [id = bg->id] { return id; };
    bg->client = std::make_unique<LockClient>(engine, options);
    Background* b = bg.get();
    bg->thread = std::thread([b, policy, wait = step.waitFor, e = engine] {
        AcquireOutcome outcome;
        std::exception_ptr error;
        try {
            outcome = b->client->acquire(b->call, policy, wait);
        } catch (const WaitCancelled&) {
            try {
                e->cancelWait(b->id);
            } catch (const Error&) {
                // The registration ends by itself one refresh period later.
            }
        } catch (...) {
            error = std::current_exception();
        }
        std::lock_guard lock(b->mutex);
        b->outcome = std::move(outcome);
        b->error = error;
        b->done = true;
        b->ended.notify_all();
    });
    a.background = std::move(bg);

    // The step ends once the acquire waits registered and, with fairness on, has
    // waited past the grace, so that it holds newer conflicting requests back.
    const bool fair = engine->fairnessGrace().has_value();
    for (;;) {
        {
            std::unique_lock lock(b->mutex);
            if (b->ended.wait_for(lock, milliseconds(1), [b] { return b->done; }))
                break;
        }
        const Snapshot snap = engine->snapshot();
        const auto w = std::find_if(snap.waiters.begin(), snap.waiters.end(),
                                    [b](const WaiterInfo& info) { return info.id == b->id; });
        if (w == snap.waiters.end() || (fair && !w->holdsBack))
            continue;
        r.actual = "waiting";
        r.detail = "waits up to " + secondsText(step.waitFor) + ", " + describeBlocker(w->blocker)
                   + (w->holdsBack ? "; holds newer conflicting requests back" : "; fairness is off: holds nothing back");
        checkBlocker(step, &w->blocker, r);
        return;
    }
    // Ended at once (granted, or an error): the await step will say so too.
    std::lock_guard lock(b->mutex);
    if (b->error)
        std::rethrow_exception(b->error);
    r.actual = b->outcome ? "granted" : b->outcome.timedOut ? "timeout" : "refused";
    r.detail = "did not wait: the next \"await\" takes the outcome";
}

void ScenarioPlayer::Impl::await(const ScenarioStep& step, Actor& a, StepResult& r)
{
    Background& b = *a.background;
    r.what = "await acquire " + toString(b.call);
    // The acquire ends by its own wait at the latest.
    {
        std::unique_lock lock(b.mutex);
        b.ended.wait(lock, [&b] { return b.done; });
    }
    b.thread.join();
    std::unique_ptr<Background> ended = std::move(a.background);
    if (ended->error)
        std::rethrow_exception(ended->error);
    if (a.lease)
        a.lease.release();
    a.waitClient = std::move(ended->client); // renews the lease it gave
    ScenarioStep awaited = step;
    awaited.call = ended->call;
    takeOutcome(awaited, a, ended->outcome, r);
}

ScenarioPlayer::ScenarioPlayer(Scenario scenario, std::shared_ptr<Engine> engine, std::shared_ptr<ScenarioClock> clock)
    : m_impl(std::make_unique<Impl>(std::move(scenario), std::move(engine), std::move(clock)))
{
}

ScenarioPlayer::~ScenarioPlayer() = default;

const Scenario& ScenarioPlayer::scenario() const noexcept { return m_impl->scenario; }
std::size_t ScenarioPlayer::position() const noexcept { return m_impl->position; }
bool ScenarioPlayer::atEnd() const noexcept { return m_impl->position >= m_impl->scenario.steps.size(); }
bool ScenarioPlayer::passed() const noexcept { return m_impl->passed; }
std::shared_ptr<Engine> ScenarioPlayer::engine() const { return m_impl->engine; }

bool ScenarioPlayer::bringsItsOwnEngine(const Scenario& scenario) { return scenario.topology == "sentinel"; }

FileSystem::Snapshot ScenarioPlayer::tree() const
{
    std::lock_guard lock(m_impl->treeMutex);
    return m_impl->fs.snapshot();
}

StepResult ScenarioPlayer::next()
{
    if (atEnd())
        throw InvalidInput("scenario: no step left");
    const ScenarioStep& step = m_impl->scenario.steps[m_impl->position];
    StepResult r;
    r.index = m_impl->position++;
    r.actor = step.actor;
    r.action = std::string(toString(step.action));
    r.what = r.action;
    r.expected = step.expect;
    r.narration = step.narration;
    struct Running {
        ScenarioClock* clock;
        explicit Running(ScenarioClock* c) : clock(c)
        {
            if (clock)
                clock->run();
        }
        ~Running()
        {
            if (clock)
                clock->hold();
        }
    } running(m_impl->clock.get());
    m_impl->run(step, r);
    if (r.ok && r.actual != r.expected) {
        r.ok = false;
        r.mismatch = "expected " + r.expected + ", got " + r.actual;
    }
    if (!r.ok)
        m_impl->passed = false;
    return r;
}

std::vector<StepResult> ScenarioPlayer::runAll(const std::function<void(const StepResult&)>& onStep)
{
    std::vector<StepResult> results;
    while (!atEnd()) {
        results.push_back(next());
        if (onStep)
            onStep(results.back());
    }
    return results;
}

void ScenarioPlayer::Impl::run(const ScenarioStep& step, StepResult& r)
{
    r.ok = true;
    switch (step.action) {
    case ScenarioAction::Acquire:
        return playAcquire(step, r);
    case ScenarioAction::Await:
        return playAwait(step, r);
    case ScenarioAction::Write:
        return playWrite(step, r);
    case ScenarioAction::Release:
        return playRelease(step, r);
    case ScenarioAction::Pause:
    case ScenarioAction::Crash:
        return playPauseOrCrash(step, r);
    case ScenarioAction::StallReplica:
        return playStallReplica(r);
    case ScenarioAction::KillPrimary:
        return playKillPrimary(r);
    case ScenarioAction::Wait:
        return playWait(step, r);
    case ScenarioAction::Snapshot:
        return playSnapshot(step, r);
    case ScenarioAction::Sweep:
        return playSweep(step, r);
    case ScenarioAction::ForceRelease:
        return playForceRelease(step, r);
    case ScenarioAction::Expect:
        return playExpect(step, r);
    }
}

void ScenarioPlayer::Impl::playAcquire(const ScenarioStep& step, StepResult& r)
{
    const Policy policy = Policy::builtin(step.profile.value_or(scenario.profile));
    Actor& a = actor(step.actor, step.ttl.value_or(scenario.ttl), step.minReplicas);
    r.what = "acquire " + toString(*step.call) + (step.profile ? " [" + *step.profile + "]" : "")
             + (step.minReplicas ? " [min-replicas " + std::to_string(step.minReplicas) + "]" : "")
             + (step.background ? " in the background" : "");
    if (a.lease)
        a.lease.release(); // one operation per actor at a time
    if (step.background) {
        startInBackground(step, policy, a, r);
        return;
    }
    AcquireOutcome got;
    try {
        got = a.client->acquire(*step.call, policy, step.waitFor);
    } catch (const ReplicationError& e) {
        r.actual = "not-acknowledged";
        r.detail = e.what();
        return;
    }
    takeOutcome(step, a, got, r);
}

void ScenarioPlayer::Impl::playAwait(const ScenarioStep& step, StepResult& r)
{
    auto it = actors.find(step.actor);
    if (it == actors.end() || !it->second.background)
        throw InvalidInput("scenario step " + std::to_string(r.index + 1) + ": " + step.actor
                           + " has no acquire in the background");
    await(step, it->second, r);
}

void ScenarioPlayer::Impl::playWrite(const ScenarioStep& step, StepResult& r)
{
    Actor& a = actor(step.actor, scenario.ttl);
    const std::optional<OperationCall> call = step.call ? step.call : a.call;
    if (!call)
        throw InvalidInput("scenario step " + std::to_string(r.index + 1) + ": " + step.actor
                           + " has nothing to write (no acquire before)");
    r.what = "write " + toString(*call) + " with fence " + std::to_string(a.fence);
    FsResult done;
    {
        std::lock_guard lock(treeMutex);
        done = fs.perform(*call, a.fence);
    }
    r.actual = done.status == FsStatus::Ok ? "applied" : std::string(toString(done.status));
    r.detail = done.message;
}

void ScenarioPlayer::Impl::playRelease(const ScenarioStep& step, StepResult& r)
{
    Actor& a = actor(step.actor, scenario.ttl);
    if (!a.lease) {
        r.actual = "none";
        r.detail = "holds no lease";
        return;
    }
    const ReleaseResult released = a.lease.release();
    r.actual = released.status == LeaseStatus::Ok ? "released" : std::string(toString(released.status));
}

void ScenarioPlayer::Impl::playPauseOrCrash(const ScenarioStep& step, StepResult& r)
{
    Actor& a = actor(step.actor, scenario.ttl);
    a.lease.abandon(); // stops renewing; nothing is released
    if (step.action == ScenarioAction::Crash)
        a.call.reset();
    r.actual = "done";
    r.detail = a.leaseId.empty() ? "held nothing"
                                 : "lease " + shortLeaseId(a.leaseId) + " (fence " + std::to_string(a.fence)
                                       + ") is no longer renewed";
}

void ScenarioPlayer::Impl::playStallReplica(StepResult& r)
{
    r.what = "stall the replica";
    const int primary = group->primaryIndex();
    const std::size_t replica = primary == 0 ? 1 : 0;
    group->holdBackReplica(replica);
    r.actual = "done";
    r.detail = "replica " + group->address(replica).text() + " gets nothing from primary "
               + (primary < 0 ? std::string("?") : group->address(std::size_t(primary)).text());
}

void ScenarioPlayer::Impl::playKillPrimary(StepResult& r)
{
    r.what = "kill the primary (SIGKILL)";
    const int primary = group->primaryIndex();
    const std::string old = primary < 0 ? std::string("?") : group->address(std::size_t(primary)).text();
    milliseconds promotedAfter{0};
    const HostPort promoted = group->killPrimary(kFailoverTimeout, &promotedAfter);
    r.actual = "done";
    r.detail = "primary " + old + " killed; the sentinels promoted " + promoted.text() + " "
               + secondsText(promotedAfter) + " later; the old one is back as its replica";
}

void ScenarioPlayer::Impl::playWait(const ScenarioStep& step, StepResult& r)
{
    r.what = "wait " + std::to_string(step.waitFor.count()) + " ms";
    std::this_thread::sleep_for(step.waitFor);
    r.actual = "done";
}

void ScenarioPlayer::Impl::playSnapshot(const ScenarioStep& step, StepResult& r)
{
    const Snapshot snap = engine->snapshot();
    std::size_t live = 0, expired = 0;
    std::string list;
    for (const LeaseInfo& l : snap.leases) {
        const bool isExpired = l.expired(snap.serverTime);
        (isExpired ? expired : live) += 1;
        list += (list.empty() ? "" : "; ") + l.owner + " " + l.operation + " "
                + (isExpired ? "EXPIRED" : "live, " + secondsText(std::chrono::duration_cast<milliseconds>(l.expiresAt - snap.serverTime)) + " left");
    }
    for (const WaiterInfo& w : snap.waiters)
        list += (list.empty() ? "" : "; ") + w.owner + " " + w.operation + " waiting"
                + (w.holdsBack ? ", holds newer requests back" : "");
    r.actual = "done";
    r.detail = std::to_string(live) + " live, " + std::to_string(expired) + " expired"
               + (snap.waiters.empty() ? "" : ", " + std::to_string(snap.waiters.size()) + " waiting")
               + (list.empty() ? "" : ": " + list);
    if (step.live && *step.live != live)
        mismatch(r, "expected " + std::to_string(*step.live) + " live");
    if (step.expired && *step.expired != expired)
        mismatch(r, "expected " + std::to_string(*step.expired) + " expired");
    if (step.waiters && *step.waiters != snap.waiters.size())
        mismatch(r, "expected " + std::to_string(*step.waiters) + " waiting");
}

void ScenarioPlayer::Impl::playSweep(const ScenarioStep& step, StepResult& r)
{
    const std::size_t n = engine->sweep(step.actor);
    r.actual = "done";
    r.detail = std::to_string(n) + " reaped";
    if (step.count && *step.count != n)
        mismatch(r, "expected " + std::to_string(*step.count) + " reaped");
}

void ScenarioPlayer::Impl::playForceRelease(const ScenarioStep& step, StepResult& r)
{
    r.what = "force-release the lease of " + step.target;
    auto it = actors.find(step.target);
    if (it == actors.end() || it->second.leaseId.empty()) {
        r.actual = "unknown";
        r.detail = step.target + " never held a lease";
        return;
    }
    ForceOptions options;
    options.operatorName = step.actor;
    options.reason = "scenario " + scenario.name + ": stuck lease of " + step.target;
    const ReleaseResult released = engine->forceRelease(it->second.leaseId, options);
    r.actual = released.status == LeaseStatus::Ok ? "released" : std::string(toString(released.status));
    r.detail = "lease " + shortLeaseId(it->second.leaseId);
}

void ScenarioPlayer::Impl::playExpect(const ScenarioStep& step, StepResult& r)
{
    r.actual = "done";
    std::lock_guard lock(treeMutex);
    for (const auto& p : step.exists)
        if (!fs.exists(canonicalPath(p)))
            mismatch(r, p + " does not exist");
    for (const auto& p : step.missing)
        if (fs.exists(canonicalPath(p)))
            mismatch(r, p + " exists");
    std::string checked;
    for (const auto& p : step.exists)
        checked += (checked.empty() ? "" : ", ") + p + " exists";
    for (const auto& p : step.missing)
        checked += (checked.empty() ? "" : ", ") + p + " is gone";
    r.what = "expect " + checked;
}

} // namespace treelock::sim
