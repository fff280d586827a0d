// Injected faults: which one an operation gets, and a crash, a pause (stale write) or a slow release.

#include "simulationimpl.h"

namespace treelock::sim {

Simulation::Impl::Fault Simulation::Impl::drawFault(User& u)
{
    const double r = u.rng.uniform();
    const Fault fault = r < config.crashRate                                       ? Fault::Crash
                        : r < config.crashRate + config.pauseRate                  ? Fault::Pause
                        : r < config.crashRate + config.pauseRate + config.slowReleaseRate ? Fault::SlowRelease
                                                                                   : Fault::None;
    return !u.holding && fault == Fault::SlowRelease ? Fault::None : fault;
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

} // namespace treelock::sim
