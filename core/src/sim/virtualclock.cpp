// The simulation clock: virtual time driven by the event queue, or wall time (RealTime), and scaled durations.

#include "simulationimpl.h"

#include <cmath>

namespace treelock::sim {

using std::chrono::milliseconds;

detail::Micros Simulation::Impl::simNowLocked() const
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

detail::Micros Simulation::Impl::scaled(const Distribution& d, Rng& rng) const
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

} // namespace treelock::sim
