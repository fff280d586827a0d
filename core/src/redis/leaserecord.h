#pragma once

#include "treelock/engine.h"

#include <optional>
#include <string_view>

namespace treelock::detail {

/// The lease `id` from its record in the state hash (field NUL + 16 bytes):
/// nine MessagePack values packed one after the other, as lua/leases.lua writes
/// them (owner, op, requests, ttl, expires_ms, fence, holds, created_ms,
/// revoked; docs/protocol.md, "Lease records"), and any after them (the last
/// call's id) read past. Nothing when `value` is not one.
/// O(bytes).
std::optional<LeaseInfo> decodeLeaseRecord(const LeaseId& id, std::string_view value);

} // namespace treelock::detail
