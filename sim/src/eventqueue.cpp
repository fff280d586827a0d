// The event queue and the worker pool: scheduling a user, pacing events on the wall clock, running them.

#include "simulationimpl.h"

#include "treelock/error.h"

#include <cstdio>

namespace treelock::sim {

using std::chrono::milliseconds;

thread_local std::string* detail::t_trace = nullptr; // set by step() on its own thread only
using detail::t_trace;

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
        if (u->state == UserState::Waiting)
            giveUpWait(*u, now); // no registration outlives the run
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
        giveUpWait(u, now);
        think(u, now);
    }
}

} // namespace treelock::sim
