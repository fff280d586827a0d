// The simulation clock: virtual time driven by the event queue, or wall time (RealTime), and scaled durations.

#include "simulationimpl.h"

#include <cmath>
#include <stdexcept>

namespace treelock::sim {

namespace {

class VirtualClientClock final : public ClientClock {
public:
    explicit VirtualClientClock(std::shared_ptr<const std::atomic<std::int64_t>> now) : m_now(std::move(now)) {}
    TimePoint now() override { return TimePoint(std::chrono::microseconds(m_now->load())); }
    std::unique_ptr<WakeSignal> subscribe(Engine& engine) override { return engine.subscribeWake(); }
    // Time moves only between events: a wait inside one would never end.
    void waitUntil(WakeSignal&, TimePoint) override
    {
        throw std::logic_error("LockClient cannot wait on the simulator's virtual clock");
    }

private:
    std::shared_ptr<const std::atomic<std::int64_t>> m_now;
};

} // namespace

std::shared_ptr<ClientClock> detail::virtualClientClock(std::shared_ptr<const std::atomic<std::int64_t>> now)
{
    return std::make_shared<VirtualClientClock>(std::move(now));
}

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
