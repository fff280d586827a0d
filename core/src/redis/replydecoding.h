#pragma once

#include "treelock/engine.h"
#include "treelock/redisprotocol.h"

#include <cstddef>
#include <string>
#include <vector>

namespace treelock::detail {

/// The status code of a release, renew or force_release reply: 1 ok, 2 expired,
/// 3 live, anything else unknown (docs/protocol.md, "The functions").
LeaseStatus statusOf(long long code);

/// A blocker as acquire and the waiter records list it, from position `first` of
/// `r`: {id, owner, op, path, mode, expires_in_ms, clash path, held mode, wanted
/// path, wanted mode, queued}.
Blocker blockerOf(const redis::Reply& r, std::size_t first);

/// The waiters of a snapshot function's first page (offset 0), oldest first: by
/// the µs of their first refusal.
std::vector<WaiterInfo> waitersOfFirstPage(const redis::Reply& reply);

/// Whether a CONFIG GET reply holds the value asked for: {name, value}.
bool isConfigValue(const redis::Reply& reply);

/// The warnings a connection gives from the server's CONFIG GET replies of
/// maxmemory-policy, appendonly and save: a policy that may evict lock keys (or
/// none that could be read), and no persistence.
std::vector<std::string> serverWarnings(const redis::Reply& policy, const redis::Reply& appendonly,
                                        const redis::Reply& save);

} // namespace treelock::detail
