--[[ snapshot.lua — one page of the project's leases, with the server time.

KEYS: common, and waiters and hot.
ARGV: [1] wake-up command, [2] offset, [3] page size (1..5000).
Replies:
  {now_ms, total, waiters,
   {id, owner, op, requests, ttl, created_ms, expires_ms, fence, holds, revoked}, ...}
  {-1, message}    invalid argument
Leases come in (expiry, id) order, live and expired-unreaped alike; ids in their
binary form. `waiters` (on the page at offset 0; else empty) are the live
registrations, each {id, owner, op, requests, since_us, last_ms, until_ms,
holds back (0 or 1), {blocker id, owner, op, path, mode, expires_in_ms, clash
path, held mode, wanted path, wanted mode, queued}}. Read-only.
Work: O(page x fields + waiters); the client pages through large projects.
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local offset, count = tonumber(ARGV[2]), tonumber(ARGV[3])
if not offset or offset < 0 or offset ~= floor(offset) or not count or count < 1 or count > 5000
   or count ~= floor(count) then
  return { -1, 'an integer offset >= 0 and page size 1..5000 expected' }
end
local waiters = {}
if offset == 0 then
  local ids = call('ZRANGE', WAITERS, '(' .. decimal(NOW_MS), '+inf', 'BYSCORE')
  local fields = {}
  for i = 1, #ids do fields[i] = waiterField(ids[i]) end
  local records = #ids > 0 and callChunked('HMGET', STATE, fields) or {}
  for i = 1, #ids do
    if records[i] then
      local w = { unpackRecord(records[i]) }
      waiters[#waiters + 1] = { ids[i], w[W_OWNER], w[W_OP], w[W_REQUESTS], w[W_SINCE], w[W_LAST], w[W_UNTIL],
                                w[W_HOLDS], w[W_BLOCKER] }
    end
  end
end
local reply = { NOW_MS, call('ZCARD', EXPIRY), waiters }
local ids = call('ZRANGE', EXPIRY, decimal(offset), decimal(offset + count - 1))
if #ids == 0 then return reply end
local records = callChunked('HMGET', STATE, ids)
for i = 1, #ids do
  if records[i] then
    local owner, op, requests, ttl, expires, fence, holds, created, revoked = unpackRecord(records[i])
    reply[#reply + 1] = { ids[i], owner, op, requests, ttl, created, expires, fence, holds, revoked }
  end
end
return reply
