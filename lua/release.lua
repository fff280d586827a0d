--[[ release.lua — drop one hold of a lease; the last hold frees its paths.

KEYS: common (nodes, who, expiry, fence, events), KEYS[6] = the lease's record key.
ARGV: [1] lease key prefix, [2] wake channel, [3] lease id.
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
-- One read serves the checks below and dropLease (its four fields first).
local rec = call('HMGET', KEYS[6], 'requests', 'owner', 'op', 'fence', 'holds', 'revoked', 'expires_ms')
if not rec[1] or rec[6] == '1' then return { 0, 0 } end
if (tonumber(rec[7]) or 0) <= NOW_MS then
  dropLease(id, 'expire', nil, rec)
  return { 2, 0 }
end
if (tonumber(rec[5]) or 1) > 1 then
  return { 1, call('HINCRBY', KEYS[6], 'holds', -1) }
end
dropLease(id, 'release', nil, rec)
return { 1, 0 }
