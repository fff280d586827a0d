--[[ snapshot.lua — one page of the project's leases, with the server time.

KEYS: common (nodes, who, expiry, fence, events, leases).
ARGV: [1] wake-up command, [2] wake channel, [3] offset, [4] page size (1..5000).
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
if #ids == 0 then return reply end
local wanted = {}
for i = 1, #ids, 2 do wanted[#wanted + 1] = ids[i] end
local records = callChunked('HMGET', LEASES, wanted)
for i = 1, #wanted do
  if records[i] then
    local r = unpackRecord(records[i])
    reply[#reply + 1] = { wanted[i], r[R_OWNER], r[R_OP], r[R_REQUESTS], r[R_TTL], r[R_CREATED],
                          ids[2 * i], r[R_FENCE], r[R_HOLDS], r[R_REVOKED] }
  end
end
return reply
