--[[ renew.lua — extend a live lease to now + ttl.

KEYS: common (nodes, who, expiry, fence, events, leases).
ARGV: [1] wake-up command, [2] wake channel, [3] lease id, [4] ttl ms (0 = the lease's own).
Replies:
  {1, expires_ms}   renewed
  {0, 0}            unknown: no such lease, or it was revoked
  {2, 0}            expired: it had expired and has been reaped now
  {-1, message}     invalid argument
Work: O(1), or O(requests x depth) when it reaps the expired lease.
]]

local id, ttl = ARGV[3], tonumber(ARGV[4])
if not validId(id) then return { -1, 'lease id must be 32 lower-case hex digits' } end
if not ttl or ttl ~= math.floor(ttl) or (ttl ~= 0 and (ttl < 10 or ttl > 86400000)) then
  return { -1, 'ttl must be an integer between 10 and 86400000 ms' }
end
local rec = readLease(id)
if not rec or rec[R_REVOKED] == 1 then return { 0, 0 } end
if rec[R_EXPIRES] <= NOW_MS then
  dropLease(id, 'expire', nil, rec)
  return { 2, 0 }
end
if ttl == 0 then ttl = rec[R_TTL] end
local expires = NOW_MS + ttl
rec[R_EXPIRES] = expires
rec[R_TTL] = ttl
writeLease(id, rec)
call('ZADD', EXPIRY, tostring(expires), id)
return { 1, expires }
