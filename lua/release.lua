--[[ release.lua — drop one hold of a lease; the last hold frees its paths.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] lease id (binary), [3] optional: the call id
      (as acquire.lua's ARGV[11]): when this call made the lease's last change
      of holds, it was applied already and is answered as then. (A repeat of a
      release that freed the lease finds no lease: {0, 0}.)
Replies:
  {1, remaining holds}   released (0: the paths are free; waiters were woken)
  {0, 0}                 unknown: no such lease, or it was revoked (the holder lost it)
  {2, 0}                 expired: it had expired and has been reaped now
  {-1, message}          invalid argument
Work: O(requests x depth) in a constant number of calls: the record (HGET), the
counts and counters (HMGET), HSET and HDEL of the nodes and the record, ZREM,
XADD where the project records releases, and PUBLISH only while someone waits.
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local id = ARGV[2]
if not validId(id) then return { -1, 'lease id must be a NUL and 16 bytes' } end
local callId = ARGV[3] or ''
if badCallId(callId) then return { -1, 'call id must be at most 64 bytes, without NUL' } end
local value = call('HGET', STATE, id)
if not value then return { 0, 0 } end
local owner, op, text, ttl, expires, fence, holds, created, revoked, lastCall, renew = unpackRecord(value)
if revoked == 1 then return { 0, 0 } end
if expires <= NOW_MS then
  freeLease(id, 'expire', owner, op, text, fence)
  return { 2, 0 }
end
if callId ~= '' and lastCall == callId then return { 1, holds } end -- a repeat: it dropped a hold already
if holds > 1 then
  call('HSET', STATE, id, recordValue({ owner, op, text, ttl, expires, fence, holds - 1, created, revoked, callId, renew }))
  return { 1, holds - 1 }
end
freeLease(id, 'release', owner, op, text, fence)
return { 1, 0 }
