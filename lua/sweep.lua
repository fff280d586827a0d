--[[ sweep.lua — reap expired leases now (one batch per call).

KEYS: common (nodes, who, expiry, fence, events).
ARGV: [1] lease key prefix, [2] wake channel, [3] operator, [4] host, [5] batch size (1..1000).
Replies:
  {reaped, more}   leases reaped by this call; more = 1 if expired leases remain
  {-1, message}    invalid argument
Each call that reaped something adds one "sweep" event after the "expire" events.
Work: O(batch x requests x depth).
]]

local by, host, batch = ARGV[3], ARGV[4], tonumber(ARGV[5])
if not batch or batch < 1 or batch > 1000 or batch ~= math.floor(batch) then
  return { -1, 'batch must be an integer between 1 and 1000' }
end
if #by > 256 or #host > 256 or string.find(by .. host, '[%z\n]') then
  return { -1, 'operator and host must be at most 256 bytes, without NUL or newline' }
end
local reaped = reapExpired(batch)
if reaped > 0 then
  event({ 'type', 'sweep', 't', num(NOW_MS), 'count', num(reaped), 'by', by, 'host', host })
end
local first = redis.call('ZRANGE', EXPIRY, 0, 0, 'WITHSCORES')
local more = (first[2] and tonumber(first[2]) <= NOW_MS) and 1 or 0
return { reaped, more }
