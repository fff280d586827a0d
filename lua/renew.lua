--[[ renew.lua — extend a live lease to now + ttl.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] lease id (binary), [3] ttl ms (0 = the lease's own).
Replies:
  {1, expires_ms}   renewed
  {0, 0}            unknown: no such lease, or it was revoked
  {2, 0}            expired: it had expired and has been reaped now
  {-1, message}     invalid argument
Work: O(1), or O(requests x depth) when it reaps the expired lease.
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local id, ttl = ARGV[2], tonumber(ARGV[3])
if not validId(id) then return { -1, 'lease id must be a NUL and 16 bytes' } end
if not ttl or ttl ~= floor(ttl) or (ttl ~= 0 and (ttl < 10 or ttl > DAY_MS)) then
  return { -1, 'ttl must be an integer between 10 and ' .. DAY_MS .. ' ms' }
end
local got = call('HMGET', STATE, id, '#m')
if not got[1] then return { 0, 0 } end
local rec = { unpackRecord(got[1]) }
if rec[R_REVOKED] == 1 then return { 0, 0 } end
if rec[R_EXPIRES] <= NOW_MS then
  dropLease(id, 'expire', rec)
  return { 2, 0 }
end
readMeta(got[2])
if ttl == 0 then ttl = rec[R_TTL] end
return { 1, extendLease(id, rec, ttl) }
