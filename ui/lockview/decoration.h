#pragma once

#include "lockview/treeindex.h"

#include <treelock/engine.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace treelock::ui {

/// What a node shows at a glance, strongest first. Derived from NodeState::kind().
enum class NodeKind : std::uint8_t {
    None,
    Expired,      ///< only expired-but-not-reaped leases touch it
    CoveredS,     ///< a live S or SIX lock on an ancestor covers it (readers)
    CoveredX,     ///< a live X lock on an ancestor covers it
    IntentIS,     ///< a live lease below holds S: IS here
    IntentIX,     ///< a live lease below writes: IX here
    HeldS,        ///< a live lease holds S explicitly here
    HeldSIX,      ///< ... SIX
    HeldX,        ///< ... X
};

/// How a lease touches a node.
enum class TouchRole : std::uint8_t {
    Explicit,  ///< the lease requests this very path
    Intention, ///< the lease requests a path below (mode = the intention it leaves)
    Cover,     ///< the lease holds S/SIX/X on an ancestor (mode = that mode)
};

struct Touch {
    std::uint32_t lease = 0;   ///< index into the snapshot's lease vector
    LockMode mode = LockMode::X;
    TouchRole role = TouchRole::Explicit;
    bool expired = false;      ///< the lease had expired at decoration time
    std::uint64_t identity = 0; ///< hash of the lease id and fence (indices shift between snapshots)
    /// Same lease, same way: the index is ignored, so a diff sees through reordering.
    friend bool operator==(const Touch& a, const Touch& b) noexcept
    {
        return a.identity == b.identity && a.mode == b.mode && a.role == b.role && a.expired == b.expired;
    }
};

/// A registered waiter that waits on a node: the node is one of its request
/// paths, or where its last attempt clashed, or both.
struct WaitMark {
    std::uint32_t waiter = 0;    ///< index into the waiter vector decorate() was given
    bool requested = false;      ///< the waiter asks for this path
    bool clash = false;          ///< its last attempt was refused here
    std::uint64_t identity = 0;  ///< hash of the waiter id and of what refused it (indices shift between snapshots)
    /// Same waiter, held up by the same thing, on the same terms: the index is ignored.
    friend bool operator==(const WaitMark& a, const WaitMark& b) noexcept
    {
        return a.identity == b.identity && a.requested == b.requested && a.clash == b.clash;
    }
};

/// Everything the tree shows about one node. Bit sets are over LockMode
/// (bit 1 << int(mode)).
struct NodeState {
    std::uint8_t held = 0;          ///< explicit, live leases
    std::uint8_t heldExpired = 0;   ///< explicit, expired leases
    std::uint8_t intent = 0;        ///< IS/IX left by live leases below
    std::uint8_t intentExpired = 0;
    std::uint8_t cover = 0;         ///< S/X (SIX counts as S) from live leases above
    std::uint8_t coverExpired = 0;
    ServerTime soonestExpiry{};     ///< of the explicit (else covering) live leases
    std::vector<Touch> touches;     ///< every lease touching the node, snapshot order
    std::vector<WaitMark> waits;    ///< every waiter waiting here (one mark each), waiter order
    /// leasesBelow(), as decorate() counted it: the tree asks for it on every paint of a folder.
    std::uint32_t below = 0;

    NodeKind kind() const noexcept;
    /// Some lease touches the node (waiters aside).
    bool any() const noexcept { return held | heldExpired | intent | intentExpired | cover | coverExpired; }
    /// Some registered waiter waits here.
    bool waited() const noexcept { return !waits.empty(); }
    friend bool operator==(const NodeState&, const NodeState&) = default;
};

constexpr std::uint8_t modeBit(LockMode m) noexcept { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(m)); }
constexpr bool hasMode(std::uint8_t bits, LockMode m) noexcept { return (bits & modeBit(m)) != 0; }
/// Strongest mode in a bit set (X > SIX > S > IX > IS); IS if empty.
LockMode strongestMode(std::uint8_t bits) noexcept;

/// Distinct live leases that hold this node or a path below it (the number a
/// folder's "N leases below" shows): a lease naming two paths under the node
/// counts once. Pure; O(touches log touches).
int leasesBelow(const NodeState& state);

/// Per-node state keyed by canonical path. Only nodes that some lease touches
/// or where some waiter waits, and the folders the tree lacks above a path a
/// waiter names (with an empty state).
using NodeStateMap = std::unordered_map<std::string, NodeState>;

/// Computes every node's state from the leases at server time `now`. Pure.
/// A lease is live when it has not expired (revoked leases still block until
/// reaped, so they count as live). Explicit and intention states go to the
/// leases' own paths and their ancestors; covered states go to every
/// descendant of an S/SIX/X path that `tree` knows (may be null) and to every
/// other path of the result. Each of `waiters` marks its request paths and the
/// path where its last attempt clashed (WaitMark), which the result then holds
/// even when no lease touches them. Cost: O(requests x depth + covered nodes
/// + waiter requests).
NodeStateMap decorate(const std::vector<LeaseInfo>& leases, ServerTime now, const TreeIndex* tree,
                      const std::vector<WaiterInfo>& waiters = {});

/// Paths whose state differs between two maps (present in one only, or not
/// equal), in no particular order. Pure; O(|a| + |b|).
std::vector<std::string> changedPaths(const NodeStateMap& before, const NodeStateMap& after);

/// The earliest expiry after `now` among the leases (so the caller knows when
/// to decorate again); ServerTime::max() if none.
ServerTime nextExpiry(const std::vector<LeaseInfo>& leases, ServerTime now) noexcept;

} // namespace treelock::ui
