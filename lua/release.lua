--[[ release.lua — drop one hold of a lease; the last hold frees its paths.

KEYS: common (nodes, who, expiry, fence, events, leases).
ARGV: [1] wake-up command, [2] wake channel, [3] lease id.
Replies:
  {1, remaining holds}   released (0: the paths are free; waiters were woken)
  {0, 0}                 unknown: no such lease, or it was revoked (the holder lost it)
  {2, 0}                 expired: it had expired and has been reaped now
  {-1, message}          invalid argument
Work: O(requests x depth) in a constant number of calls. The record's expires_ms
is the lease's expiry (acquire, renew and force_release write it with the index).
]]

local id = ARGV[3]
if not validId(id) then return { -1, 'lease id must be 32 lower-case hex digits' } end
-- One read serves the checks below and dropLease.
local rec = readLease(id)
if not rec or rec[R_REVOKED] == 1 then return { 0, 0 } end
if rec[R_EXPIRES] <= NOW_MS then
  dropLease(id, 'expire', nil, rec)
  return { 2, 0 }
end
if rec[R_HOLDS] > 1 then
  rec[R_HOLDS] = rec[R_HOLDS] - 1
  writeLease(id, rec)
  return { 1, rec[R_HOLDS] }
end
dropLease(id, 'release', nil, rec)
return { 1, 0 }
