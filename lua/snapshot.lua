--[[ snapshot.lua — one page of the project's leases, with the server time.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] offset, [3] page size (1..5000).
Replies:
  {now_ms, total, {id, owner, op, requests, ttl, created_ms, expires_ms, fence, holds, revoked}, ...}
  {-1, message}    invalid argument
Leases come in (expiry, id) order, live and expired-unreaped alike; ids in their
binary form. Read-only.
Work: O(page x fields); the client pages through large projects.
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local offset, count = tonumber(ARGV[2]), tonumber(ARGV[3])
if not offset or offset < 0 or offset ~= floor(offset) or not count or count < 1 or count > 5000
   or count ~= floor(count) then
  return { -1, 'an integer offset >= 0 and page size 1..5000 expected' }
end
local reply = { NOW_MS, call('ZCARD', EXPIRY) }
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
