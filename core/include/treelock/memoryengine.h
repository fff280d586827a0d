#pragma once

#include "treelock/engine.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace treelock {

/// In-process engine with the same semantics as RedisEngine: a product feature
/// (Studio's --memory mode, the simulator) and the test oracle. Thread-safe
/// (one mutex). Time comes from `clock` (system clock by default) so tests can
/// drive expiry.
class MemoryEngine final : public Engine {
public:
    using Clock = std::function<ServerTime()>;

    explicit MemoryEngine(std::string project = "default", PathOptions pathOptions = {},
                          Clock clock = {});
    ~MemoryEngine() override;

    const std::string& project() const noexcept override;
    std::string describe() const override;
    const PathOptions& pathOptions() const noexcept override;

    AcquireResult acquire(const std::vector<LockRequest>& requests,
                          const AcquireOptions& options) override;
    ReleaseResult release(const LeaseId& lease) override;
    RenewResult renew(const LeaseId& lease, std::optional<std::chrono::milliseconds> ttl) override;
    ReleaseResult forceRelease(const LeaseId& lease, const ForceOptions& options) override;
    std::size_t sweep(const std::string& by = {}, const std::string& host = {}) override;
    Snapshot snapshot() override;
    Snapshot waiters() override;
    FsckReport fsck(bool repair) override;
    std::vector<Event> events(const std::string& afterId, std::size_t max) override;
    EventLevel eventLevel() override;
    void setEventLevel(EventLevel level, const std::string& by, const std::string& host = {}) override;
    std::optional<std::chrono::milliseconds> fairnessGrace() override;
    void setFairnessGrace(std::optional<std::chrono::milliseconds> grace, const std::string& by,
                          const std::string& host = {}) override;
    bool cancelWait(const LeaseId& lease) override;
    std::vector<HotPath> contention(std::size_t top) override;
    ServerTime now() override;
    std::unique_ptr<WakeSignal> subscribeWake() override;

    /// Raw node counts "<path>|<mode>" -> count, for tests comparing engines.
    std::vector<std::pair<std::string, std::int64_t>> nodeCounts();
    /// What a LeaseWatch reads between lists, as it reads the lease records and
    /// the events stream on Redis. The leases with these ids (live,
    /// expired-not-reaped or revoked), nothing for an id the engine does not
    /// hold, in the order given. O(ids).
    std::vector<std::optional<LeaseInfo>> findLeases(const std::vector<LeaseId>& ids);
    /// Up to `max` leases whose expiry is from `from` to `to` (both included),
    /// soonest first, with their expiry: the expiry index read by score.
    /// O(log leases + max).
    std::vector<std::pair<LeaseId, ServerTime>> leasesExpiring(ServerTime from, ServerTime to, std::size_t max);
    /// What the event stream holds, as XINFO STREAM says it on Redis.
    EventStreamInfo eventStreamInfo();
    /// Whether the stream still holds the event `id` (a trim removes the oldest).
    /// O(log events).
    bool holdsEvent(const std::string& id);
    /// Blocks until the stream holds an event after `afterId` ("0": any) or until
    /// `deadline`; whether it does.
    bool waitForEvents(const std::string& afterId, std::chrono::steady_clock::time_point deadline);
    /// Keeps the newest `keep` events and drops the rest, as XTRIM MAXLEN does on
    /// Redis (tests of what follows a trimmed stream).
    void trimEvents(std::size_t keep);

    /// Test hook: corrupt one node count (so fsck has something to find).
    void setNodeCountForTest(const std::string& path, LockMode mode, std::int64_t count);

private:
    struct State;
    std::shared_ptr<State> m_state; // Owned; shared with wake signals.
};

} // namespace treelock
