#include "simulationimpl.h"

#include "treelock/error.h"
#include "treelock/memoryengine.h"

#include <algorithm>
#include <cstdio>

namespace treelock::sim {

using std::chrono::milliseconds;
using detail::Rng;
using detail::User;
using detail::Micros;
using detail::toMicros;
using detail::t_trace;

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

Simulation::Impl::Impl(SimulationConfig c)
    : config(std::move(c)), policy(config.policy ? *config.policy : Policy::builtin(config.profile)),
      isVirtual(config.timing == Timing::Virtual), locking(config.locking),
      fs(FileSystem::Options{policy.recycleBin(),
                             config.maxEntries ? config.maxEntries : std::max<std::size_t>(2000, 20 * config.users)}),
      stats(toMicros(config.sampleInterval))
{
    renewPeriod = config.renewEvery.count() > 0 ? config.renewEvery : watchdogFirstRenewal(config.ttl);
    if (isVirtual) {
        auto now = virtualNow;
        engine = std::make_shared<MemoryEngine>(config.project, PathOptions{}, [now] {
            return ServerTime(milliseconds(detail::kVirtualEpochMs + now->load() / 1000));
        });
    } else {
        engine = config.engine ? config.engine : std::make_shared<MemoryEngine>(config.project);
        speed = 1;
    }
    for (const auto& p : config.tree.empty() ? detail::defaultTree(config.users) : config.tree)
        fs.add(p, p.size() > 1 && p.back() == '/' ? EntryKind::Folder : EntryKind::File);
    // Fairness is the project's setting: the run sets it on its engine (on Redis, the project's).
    engine->setFairnessGrace(config.fairnessGrace, "simulator");
    stats.update([&](Statistics& s) {
        s.users = config.users;
        s.locking = config.locking;
        s.fairnessGrace = config.fairnessGrace;
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
        ClientOptions options;
        options.owner = u->owner;
        options.ttl = config.ttl;
        options.renewEvery = config.renewEvery; // the watchdog's first gap, in real time (later gaps grow)
        // Every attempt of an operation asks for the operation's id (drawn when it
        // begins): on virtual time from the user's generator, since the engine's own
        // ids are random and the blocker chosen among equal expiries depends on them.
        options.newLeaseId = [user = u.get()] { return user->waitId; };
        if (isVirtual) {
            // Renewals are events on the virtual clock, as LockClient's watchdog
            // makes them (first after renewPeriod, then watchdogGap): each grant says so.
            options.watchdog = false;
            options.renewEvery = renewPeriod;
            options.clock = detail::virtualClientClock(virtualNow);
        }
        u->view = std::make_shared<detail::WaitingEngine>(engine);
        u->client = std::make_unique<LockClient>(u->view, options);
        users.push_back(std::move(u));
    }
    std::lock_guard lock(queueMutex);
    for (auto& u : users)
        scheduleLocked(*u, scaled(config.think, u->rng));
    if (config.sweepInterval.count() > 0)
        queue.push(detail::QueuedEvent{toMicros(config.sweepInterval), seq++, detail::kJanitor, 0});
}

Simulation::Impl::~Impl() = default;

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
        d.pausedTotal += detail::SteadyClock::now() - d.pausedAt;
        d.reanchorLocked();
        d.queueCv.notify_all();
        return;
    }
    if (d.state != State::Idle)
        return;
    d.state = State::Running;
    d.realStart = detail::SteadyClock::now();
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
            m_impl->realStart = detail::SteadyClock::now();
        m_impl->state = State::Paused;
        m_impl->pausedAt = detail::SteadyClock::now();
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
            d.pausedTotal += detail::SteadyClock::now() - d.pausedAt;
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
        const detail::QueuedEvent e = d.queue.top();
        d.queue.pop();
        if (!d.validLocked(e))
            continue;
        if (e.user != detail::kJanitor)
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

void Simulation::setFairnessGrace(std::optional<std::chrono::milliseconds> grace)
{
    m_impl->engine->setFairnessGrace(grace, "simulator");
    m_impl->stats.update([grace](Statistics& s) { s.fairnessGrace = grace; });
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

