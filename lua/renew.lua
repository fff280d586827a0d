--[[ renew.lua — extend a live lease to now + ttl.

KEYS: common (nodes, who, expiry, fence, events), KEYS[6] = the lease's record key.
ARGV: [1] lease key prefix, [2] wake channel, [3] lease id, [4] ttl ms (0 = the lease's own).
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
local rec = call('HMGET', KEYS[6], 'ttl', 'revoked', 'expires_ms')
if not rec[1] or rec[2] == '1' then return { 0, 0 } end
if (tonumber(rec[3]) or 0) <= NOW_MS then
  dropLease(id, 'expire')
  return { 2, 0 }
end
if ttl == 0 then ttl = tonumber(rec[1]) end
local expires = NOW_MS + ttl
local expiresText = tostring(expires)
call('HSET', KEYS[6], 'expires_ms', expiresText, 'ttl', ttl)
call('ZADD', EXPIRY, expiresText, id)
return { 1, expires }
