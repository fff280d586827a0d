--[[ sweep.lua — reap expired leases now (one batch per call).

KEYS: common (nodes, who, expiry, fence, events, leases).
ARGV: [1] wake-up command, [2] wake channel, [3] operator, [4] host, [5] batch size (1..1000),
      [6] leases reaped by the earlier calls of this sweep.
Replies:
  {reaped, more}   leases reaped by this call; more = 1 if expired leases remain
  {-1, message}    invalid argument
The call that finds nothing more to reap adds one "sweep" event for the whole sweep
(count = ARGV[6] + this call's), after the "expire" events, if the sweep reaped any.
Work: O(batch x requests x depth).
]]

local by, host, batch, earlier = ARGV[3], ARGV[4], tonumber(ARGV[5]), tonumber(ARGV[6])
if not batch or batch < 1 or batch > 1000 or batch ~= math.floor(batch) then
  return { -1, 'batch must be an integer between 1 and 1000' }
end
if not earlier or earlier < 0 or earlier ~= math.floor(earlier) then
  return { -1, 'the count of earlier reaps must be a non-negative integer' }
end
if #by > 256 or #host > 256 or string.find(by .. host, '[%z\n]') then
  return { -1, 'operator and host must be at most 256 bytes, without NUL or newline' }
end
local reaped = #reapExpired(batch)
local first = call('ZRANGE', EXPIRY, 0, 0, 'WITHSCORES')
local more = (first[2] and tonumber(first[2]) <= NOW_MS) and 1 or 0
if more == 0 and earlier + reaped > 0 then
  event({ 'type', 'sweep', 't', NOW_MS_TEXT, 'count', earlier + reaped, 'by', by, 'host', host })
end
return { reaped, more }
