--[[ sweep.lua — reap expired leases now (one batch per call).

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] operator, [3] host, [4] batch size (1..1000),
      [5] leases reaped by the earlier calls of this sweep.
Replies:
  {reaped, more}   leases reaped by this call; more = 1 if expired leases remain
  {-1, message}    invalid argument
The call that finds nothing more to reap adds one "sweep" event for the whole sweep
(count = ARGV[5] + this call's), after the "expire" events, if the sweep reaped any.
Work: O(batch x requests x depth).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local by, host, batch, earlier = ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
if not batch or batch < 1 or batch > 1000 or batch ~= floor(batch) then
  return { -1, 'batch must be an integer between 1 and 1000' }
end
if not earlier or earlier < 0 or earlier ~= floor(earlier) then
  return { -1, 'the count of earlier reaps must be a non-negative integer' }
end
if badLabel(by) or badLabel(host) then
  return { -1, 'operator and host must be at most 256 bytes, without NUL or newline' }
end
local reaped = #reapExpired(batch)
local more = mReapAt <= NOW_MS and 1 or 0
if more == 0 and earlier + reaped > 0 then
  event({ 'type', 'sweep', 'count', decimal(earlier + reaped), 'by', by, 'host', host })
end
return { reaped, more }
