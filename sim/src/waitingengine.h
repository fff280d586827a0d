#pragma once

// Internal to the simulator: how a virtual user's single attempts become the
// attempts of a registered waiter.

#include "treelock/engine.h"

#include <atomic>
#include <chrono>
#include <memory>

namespace treelock::sim::detail {

/// A virtual user's view of the simulation's engine. The user makes one attempt
/// per event (LockClient::acquire without a wait: the wait between attempts is the
/// event queue's), and such an attempt registers nothing. Through this engine each
/// attempt carries the wait the user has left (setWait), so a refused attempt
/// registers the user as a waiter under the operation's lease id (ClientOptions::
/// newLeaseId) and fairness applies to it as to any waiting LockClient::acquire.
/// Every other call is forwarded unchanged. Thread-safe as the engine is; setWait
/// is called by the user's own events only.
class WaitingEngine final : public Engine {
public:
    /// `engine` is shared with the simulation and the other users.
    explicit WaitingEngine(std::shared_ptr<Engine> engine);

    /// The wait of the following acquires (AcquireOptions::wait); 0: plain attempts.
    void setWait(std::chrono::milliseconds wait) noexcept { m_wait.store(wait.count()); }

    const std::string& project() const noexcept override { return m_engine->project(); }
    std::string describe() const override { return m_engine->describe(); }
    const PathOptions& pathOptions() const noexcept override { return m_engine->pathOptions(); }
    AcquireResult acquire(const std::vector<LockRequest>& requests, const AcquireOptions& options) override;
    ReleaseResult release(const LeaseId& lease) override { return m_engine->release(lease); }
    RenewResult renew(const LeaseId& lease, std::optional<std::chrono::milliseconds> ttl) override
    {
        return m_engine->renew(lease, ttl);
    }
    ReleaseResult forceRelease(const LeaseId& lease, const ForceOptions& options) override
    {
        return m_engine->forceRelease(lease, options);
    }
    std::size_t sweep(const std::string& by, const std::string& host) override { return m_engine->sweep(by, host); }
    Snapshot snapshot() override { return m_engine->snapshot(); }
    Snapshot waiters() override { return m_engine->waiters(); }
    FsckReport fsck(bool repair) override { return m_engine->fsck(repair); }
    std::vector<Event> events(const std::string& afterId, std::size_t max) override
    {
        return m_engine->events(afterId, max);
    }
    EventLevel eventLevel() override { return m_engine->eventLevel(); }
    void setEventLevel(EventLevel level, const std::string& by, const std::string& host) override
    {
        m_engine->setEventLevel(level, by, host);
    }
    std::optional<std::chrono::milliseconds> fairnessGrace() override { return m_engine->fairnessGrace(); }
    void setFairnessGrace(std::optional<std::chrono::milliseconds> grace, const std::string& by,
                          const std::string& host) override
    {
        m_engine->setFairnessGrace(grace, by, host);
    }
    bool cancelWait(const LeaseId& lease) override { return m_engine->cancelWait(lease); }
    std::vector<HotPath> contention(std::size_t top) override { return m_engine->contention(top); }
    ServerTime now() override { return m_engine->now(); }
    std::unique_ptr<WakeSignal> subscribeWake() override { return m_engine->subscribeWake(); }
    std::vector<std::string> warnings() override { return m_engine->warnings(); }

private:
    std::shared_ptr<Engine> m_engine; // Shared with the simulation.
    std::atomic<std::int64_t> m_wait{0}; // ms
};

} // namespace treelock::sim::detail
