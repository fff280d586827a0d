--[[ snapshot.lua — one page of the project's leases, with the server time.

KEYS: common (nodes, who, expiry, fence, events).
ARGV: [1] lease key prefix, [2] wake channel, [3] offset, [4] page size (1..5000).
Replies:
  {now_ms, total, {id, owner, op, requests, ttl, created_ms, expires_ms, fence, holds, revoked}, ...}
  {-1, message}    invalid argument
Leases come in (expiry, id) order, live and expired-unreaped alike. Read-only.
Work: O(page x fields); the client pages through large projects.
]]

local offset, count = tonumber(ARGV[3]), tonumber(ARGV[4])
if not offset or offset < 0 or not count or count < 1 or count > 5000 then
  return { -1, 'offset >= 0 and page size 1..5000 expected' }
end
local reply = { NOW_MS, call('ZCARD', EXPIRY) }
local ids = call('ZRANGE', EXPIRY, offset, offset + count - 1, 'WITHSCORES')
for i = 1, #ids, 2 do
  local id = ids[i]
  local r = call('HMGET', LEASE_PREFIX .. id, 'owner', 'op', 'requests', 'ttl',
                       'created_ms', 'fence', 'holds', 'revoked')
  if r[3] then
    reply[#reply + 1] = { id, r[1] or '', r[2] or '', r[3], r[4] or '0', r[5] or '0', ids[i + 1],
                          r[6] or '0', r[7] or '1', r[8] or '0' }
  end
end
return reply
