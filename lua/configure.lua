--[[ configure.lua — change a project's settings.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] events: "all" (every grant and release is
      recorded) or "audit" (they are not; expiries, force-releases, sweeps and
      setting changes still are), [3] operator (required), [4] host.
Replies:
  {events}         the setting now in force
  {-1, message}    invalid argument
A change is recorded as a "config" event (by, host, setting "events=LEVEL").
Setting what is already in force writes nothing. Clients read the setting with
HGET of "#m" (a read Redis serves even when it refuses writes).
Work: O(1).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local level, by, host = ARGV[2], ARGV[3], ARGV[4]
if level ~= 'all' and level ~= 'audit' then
  return { -1, 'events must be "all" or "audit"' }
end
if #by == 0 then return { -1, 'operator is required' } end
if badLabel(by) or badLabel(host) then
  return { -1, 'operator and host must be at most 256 bytes, without NUL or newline' }
end
readMeta(call('HGET', STATE, '#m'))
local now = recordsGrantsAndReleases() and 'all' or 'audit'
if level == now then return { now } end
if level == 'audit' then mSettings = mSettings + UNRECORDED else mSettings = mSettings - UNRECORDED end
call('HSET', STATE, '#m', metaValue())
event({ 'type', 'config', 'setting', 'events=' .. level, 'by', by, 'host', host })
return { level }
