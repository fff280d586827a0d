--[[ configure.lua — read or change a project's settings.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] events: "all" (every grant and release is
      recorded), "audit" (they are not; expiries, force-releases, sweeps and
      setting changes still are) or "" (no change), [3] operator, [4] host.
Replies:
  {events}         the setting now in force ("all" or "audit")
  {-1, message}    invalid argument
A change is recorded as a "config" event (by, host, setting "events=LEVEL").
Reading, or setting what is already in force, writes nothing: a project that
never granted keeps no keys.
Work: O(1).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local level, by, host = ARGV[2], ARGV[3], ARGV[4]
if level ~= 'all' and level ~= 'audit' and level ~= '' then
  return { -1, 'events must be "all" or "audit"' }
end
if #by > 256 or #host > 256 or find(by .. host, '[%z\n]') then
  return { -1, 'operator and host must be at most 256 bytes, without NUL or newline' }
end
readMeta(call('HGET', STATE, '#m'))
local now = recordsGrants() and 'all' or 'audit'
if level == '' or level == now then return { now } end
if level == 'audit' then mSettings = mSettings + UNRECORDED else mSettings = mSettings - UNRECORDED end
call('HSET', STATE, '#m', metaValue())
event({ 'type', 'config', 'setting', 'events=' .. level, 'by', by, 'host', host })
return { level }
