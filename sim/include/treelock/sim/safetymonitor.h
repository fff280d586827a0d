#pragma once

#include "treelock/policy.h"
#include "treelock/sim/filesystem.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace treelock::sim {

/// Watches which nodes every in-flight operation reads and writes (its Access,
/// derived from the operation, not from the lock policy) and counts
/// **violations**: two in-flight operations that conflict on a node (write/write
/// or read/write on the same node or on an ancestor and a descendant).
///
/// Fencing is taken into account: when both operations carry fencing tokens, the
/// older one is *superseded* instead (the file system will refuse its writes,
/// since the newer one has already touched the nodes); if a superseded operation
/// nevertheless gets a write applied, that is a violation too. With locking on,
/// conflicts only arise after a lease was lost (pause, crash); with locking off
/// (token 0) every conflict is a violation.
///
/// Not thread-safe (the simulator serialises calls). Cost of enter:
/// O(regions x (depth x log n + overlapping entries)).
class SafetyMonitor {
public:
    using OpId = std::uint64_t;

    /// One counted violation, for logs and views.
    struct Violation {
        OpId first = 0;             ///< the operation already in flight
        OpId second = 0;            ///< the one that entered (or was applied while superseded)
        Operation firstOp = Operation::Create;
        Operation secondOp = Operation::Create;
        std::string path;           ///< a node both touch
        bool writeWrite = false;
    };

    /// Registers an operation; returns how many violations its entry caused.
    int enter(OpId id, Operation op, std::uint64_t fence, const Access& access);
    /// Ends an operation. `applied`: its writes took effect.
    int leave(OpId id, bool applied);

    bool inFlight(OpId id) const { return m_ops.contains(id); }
    bool superseded(OpId id) const;
    std::size_t inFlightCount() const noexcept { return m_ops.size(); }
    std::uint64_t violations() const noexcept { return m_violations; }
    std::uint64_t supersededCount() const noexcept { return m_superseded; }
    /// The lowest fencing token among in-flight fenced operations (0 if none).
    std::uint64_t lowestFence() const;
    /// The most recent violations (at most 64), oldest first.
    const std::deque<Violation>& recentViolations() const noexcept { return m_recent; }

private:
    struct Op {
        Operation op = Operation::Create;
        std::uint64_t fence = 0;
        Access access;
        bool superseded = false;
    };
    struct Use {
        OpId id = 0;
        bool write = false;
    };
    void record(Violation v);

    std::unordered_map<OpId, Op> m_ops;
    std::map<std::string, std::vector<Use>, std::less<>> m_uses; // region root -> users
    std::multiset<std::uint64_t> m_fences;
    std::uint64_t m_violations = 0;
    std::uint64_t m_superseded = 0;
    std::deque<Violation> m_recent;
};

} // namespace treelock::sim
