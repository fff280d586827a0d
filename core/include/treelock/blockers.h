#pragma once

#include "treelock/engine.h"

#include <vector>

namespace treelock {

/// Everything in the way of the registered waiter `waiter` at server time `now`:
/// every lease of `leases` that has not expired at `now` (revoked leases waiting out
/// their lock-delay included) one of whose requests leaves on some node a mode that
/// one of the waiter's requests cannot share there, and every other waiter of
/// `waiters` that holds back (WaiterInfo::holdsBack) and registered before it
/// (`since` earlier) whose requests leave such a mode (a fairness reservation).
/// Leases first, soonest expiry first (then id); then waiters, oldest first.
/// Each Blocker is filled as the engines fill a refusal's: for a lease `lease`,
/// owner, operation, `path`/`mode` of its request that clashes, expiresIn, clashPath
/// (the node of the first clash in the documented clash order), heldMode (the mode
/// it leaves there), wanted (the waiter's request), queued=false; for a waiter
/// queued=true, lease = the waiter's id, path/mode its request, expiresIn 0.
/// The waiter's own id is never listed. Pure; O((leases + waiters) x requests x depth).
std::vector<Blocker> blockersOf(const WaiterInfo& waiter, const std::vector<LeaseInfo>& leases,
                                const std::vector<WaiterInfo>& waiters, ServerTime now);

} // namespace treelock
