--[[ configure.lua — change one of a project's settings.

KEYS: common, and waiters and hot.
ARGV: [1] wake-up command, [2] setting, [3] value, [4] operator (required), [5] host.
Settings:
  events  "all" (every grant and release is recorded) or "audit" (they are not;
          expiries, force-releases, sweeps and setting changes still are)
  grace   "off" (no fairness: waiters hold nobody back) or the ms (0..60000) a
          waiter waits before it holds back newer requests that conflict with it
Replies:
  {value}          the setting now in force
  {-1, message}    invalid argument
A change is recorded as a "config" event (by, host, setting "events=audit",
"grace=20", ...). Setting what is already in force writes nothing. Turning
fairness off frees the waiters that held back, and wakes whoever they held.
Clients read the settings with HGET of "#m" (a read Redis serves even when it
refuses writes).
Work: O(1); turning fairness off O(waiters x depth).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local setting, value, by, host = ARGV[2], ARGV[3], ARGV[4], ARGV[5]
if #by == 0 then return { -1, 'operator is required' } end
if badLabel(by) or badLabel(host) then
  return { -1, 'operator and host must be at most 256 bytes, without NUL or newline' }
end
readMeta(call('HGET', STATE, '#m'))

if setting == 'events' then
  if value ~= 'all' and value ~= 'audit' then
    return { -1, 'events must be "all" or "audit"' }
  end
  local now = recordsGrantsAndReleases() and 'all' or 'audit'
  if value == now then return { now } end
  if value == 'audit' then mSettings = mSettings + UNRECORDED else mSettings = mSettings - UNRECORDED end
elseif setting == 'grace' then
  local code
  if value == 'off' then
    code = 1
  else
    local ms = tonumber(value)
    if not ms or ms < 0 or ms > 60000 or ms ~= floor(ms) or not find(value, '^%d+$') then
      return { -1, 'grace must be "off" or an integer between 0 and 60000 ms' }
    end
    code = ms + 2
  end
  local current = graceUs()
  local now = current and decimal(current / 1000) or 'off'
  if value == now or (current and code ~= 1 and current == (code - 2) * 1000) then return { now } end
  mSettings = mSettings % 2 + code * 2
  if code == 1 and mHoldingBack > 0 then
    local ids = call('ZRANGE', WAITERS, '0', '-1')
    for i = 1, #ids do
      local w = readWaiter(ids[i])
      if w and w[W_HOLDS] == 1 then
        unreserve(ids[i], w[W_REQUESTS])
        w[W_HOLDS] = 0
        call('HSET', STATE, waiterField(ids[i]), waiterValue(w))
      end
    end
    mHoldingBack = 0
    wake('')
  end
  value = code == 1 and 'off' or decimal(code - 2)
else
  return { -1, 'unknown setting ' .. setting .. ': "events" or "grace" expected' }
end
call('HSET', STATE, '#m', metaValue())
event({ 'type', 'config', 'setting', setting .. '=' .. value, 'by', by, 'host', host })
return { value }
