// The periodic sweep: expired leases, abandoned leases seen reaped, old fences and stale waiters.

#include "simulationimpl.h"

#include "treelock/error.h"

#include <algorithm>

namespace treelock::sim {

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

} // namespace treelock::sim
