--[[ common.lua — shared by every Treelock script (prepended when loaded).

Purpose: helpers for node counts, lease records, reaping and events. Defines no
reply of its own. KEYS are always:
  KEYS[1] tl:{p}:nodes   KEYS[2] tl:{p}:who   KEYS[3] tl:{p}:expiry
  KEYS[4] tl:{p}:fence   KEYS[5] tl:{p}:events   KEYS[6] tl:{p}:leases
and ARGV[1] is the wake-up command ("PUBLISH", or "SPUBLISH" on a Redis
Cluster), ARGV[2] the wake channel. Paths are compared with plain string.find
(never as patterns). Time is TIME.

Every key a script touches is one of KEYS: a Redis Cluster that moves the
project's slot to another node mid-way then either runs the whole script on one
node or answers ASK / TRYAGAIN before it starts, never half of it.

A lease record is one field of LEASES (field = lease id), its value a MessagePack
array: owner, op, requests, ttl, expires_ms, fence, holds, created_ms, revoked.

Cost matters here: Redis runs one script at a time, so every microsecond a script
takes, every other client waits. This prologue runs on every call, so it only
binds names; the hot paths build few strings and tables and test a count field
by its presence (a field is deleted when its count reaches 0).

Numbers handed to redis.call are written by Redis, and Redis 7.2 and later write
an integer with eight or more trailing zeros in exponent form ("1.7637e+15").
Times, expiries and fences are therefore passed as text (NOW_MS_TEXT,
NOW_US_TEXT, tostring of a 13-digit ms value, which %.14g writes exactly); small
numbers (counts, ttl, holds) stay numbers: they are below 10^8 in any real project.
]]

local NODES, WHO, EXPIRY, FENCE, EVENTS, LEASES = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local PUBLISH, WAKE = ARGV[1], ARGV[2]
if PUBLISH ~= 'PUBLISH' and PUBLISH ~= 'SPUBLISH' then
  return { -1, 'the wake-up command must be PUBLISH or SPUBLISH' }
end
local call, find, sub, unpack = redis.call, string.find, string.sub, unpack
local STREAM_CAP = '10000'

local time = call('TIME')
local NOW_US_TEXT = time[1] .. sub('00000' .. time[2], -6)
local NOW_MS_TEXT = sub(NOW_US_TEXT, 1, -4)
local NOW_MS = tonumber(NOW_MS_TEXT)

-- redis.call with a long argument list, split so unpack() stays within Lua's
-- stack limit. `command` takes `key` then list items; array replies are concatenated.
local CHUNK = 4000
local function callChunked(command, key, items)
  if #items <= CHUNK then return call(command, key, unpack(items)) end
  local replies = {}
  for first = 1, #items, CHUNK do
    local part = call(command, key, unpack(items, first, math.min(first + CHUNK - 1, #items)))
    if type(part) == 'table' then
      for i = 1, #part do replies[#replies + 1] = part[i] end
    end
  end
  return replies
end

local function intention(mode)
  if mode == 'S' or mode == 'IS' then return 'IS' end
  return 'IX'
end

-- Defence in depth: the client canonicalised already; refuse anything that is not.
local function badPath(path)
  local n = #path
  if n == 0 or n > 4096 then return 'bad length' end
  if sub(path, 1, 1) ~= '/' then return 'not absolute' end
  if n == 1 then return nil end
  if sub(path, n) == '/' then return 'trailing slash' end
  if find(path, '//', 1, true) then return 'empty segment' end
  if find(path, '[%z\1-\31\127]') then return 'control character' end
  if find(path, '/%.%.?/') or find(path, '/%.%.?$') then return 'dot segment' end
  if n > 512 then -- 257 segments need at least 514 bytes
    local segments = 0
    for _ in string.gmatch(path, '/') do segments = segments + 1 end
    if segments > 256 then return 'too many segments' end
  end
  return nil
end

-- "MODE PATH\nMODE PATH" -> { {path=, mode=}, ... }
local function parseRequests(text)
  local list = {}
  local from, n = 1, #text
  while from <= n do
    local nl = find(text, '\n', from, true) or (n + 1)
    local sp = find(text, ' ', from, true)
    list[#list + 1] = { mode = sub(text, from, sp - 1), path = sub(text, sp + 1, nl - 1) }
    from = nl + 1
  end
  return list
end

-- Adds one request's count fields to `order` (first-seen order) and `delta`
-- (field -> how many): its intention mode on every proper ancestor, root first,
-- then its own mode on its own path. O(depth).
local function addContributions(mode, path, order, delta)
  local field
  if path ~= '/' then
    local im = (mode == 'S' or mode == 'IS') and '|IS' or '|IX'
    local a, from = '/', 2
    while a do
      field = a .. im
      local d = delta[field]
      if d then delta[field] = d + 1 else delta[field] = 1; order[#order + 1] = field end
      local j = find(path, '/', from, true)
      if j then a = sub(path, 1, j - 1); from = j + 1 else a = nil end
    end
  end
  field = path .. '|' .. mode
  local d = delta[field]
  if d then delta[field] = d + 1 else delta[field] = 1; order[#order + 1] = field end
end

-- The count fields of a lease's request text.
local function contributionsOf(text)
  local order, delta = {}, {}
  local from, n = 1, #text
  while from <= n do
    local nl = find(text, '\n', from, true) or (n + 1)
    local sp = find(text, ' ', from, true)
    addContributions(sub(text, from, sp - 1), sub(text, sp + 1, nl - 1), order, delta)
    from = nl + 1
  end
  return order, delta
end

-- Subtracts a lease's counts; fields that reach 0 leave NODES and WHO.
local function removeCounts(order, delta)
  local current = callChunked('HMGET', NODES, order)
  local set, gone = {}, {}
  for i = 1, #order do
    local field = order[i]
    local value = (tonumber(current[i]) or 0) - delta[field]
    if value > 0 then
      set[#set + 1] = field
      set[#set + 1] = value
    else
      gone[#gone + 1] = field
    end
  end
  if #set > 0 then callChunked('HSET', NODES, set) end
  if #gone > 0 then
    callChunked('HDEL', NODES, gone)
    callChunked('HDEL', WHO, gone)
  end
end

-- Lease records. Indexes into the unpacked record:
local R_OWNER, R_OP, R_REQUESTS, R_TTL, R_EXPIRES, R_FENCE, R_HOLDS, R_CREATED, R_REVOKED = 1, 2, 3, 4, 5, 6, 7, 8, 9
local packRecord, unpackRecord = cmsgpack.pack, cmsgpack.unpack

-- The record of lease `id` as a table, or nil.
local function readLease(id)
  local value = call('HGET', LEASES, id)
  if not value then return nil end
  return unpackRecord(value)
end

local function writeLease(id, rec)
  call('HSET', LEASES, id, packRecord(rec))
end

-- A large integer as text without an exponent (fences are 16 digits).
local function digits(x)
  return string.format('%.0f', x)
end

local function event(fields)
  call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', unpack(fields))
end

-- Removes a lease entirely. `kind` is the event type, or nil for none. `rec`:
-- the lease's record if the caller has read it already, else nil. `extra`: more
-- event fields.
local function dropLease(id, kind, extra, rec)
  rec = rec or readLease(id)
  if rec then removeCounts(contributionsOf(rec[R_REQUESTS])) end
  call('HDEL', LEASES, id)
  call('ZREM', EXPIRY, id)
  if kind then
    local owner, op, requests = '', '', ''
    local fence = ''
    if rec then
      owner, op, requests, fence = rec[R_OWNER], rec[R_OP], rec[R_REQUESTS], digits(rec[R_FENCE])
    end
    if extra then
      local fields = { 'type', kind, 't', NOW_MS_TEXT, 'lease', id, 'owner', owner,
                       'op', op, 'requests', requests, 'fence', fence }
      for i = 1, #extra do fields[#fields + 1] = extra[i] end
      event(fields)
    else
      call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', 'type', kind, 't', NOW_MS_TEXT, 'lease', id,
           'owner', owner, 'op', op, 'requests', requests, 'fence', fence)
    end
  end
  call(PUBLISH, WAKE, id)
end

-- Reaps up to `limit` expired leases, lowest (expiry, id) first. Returns their ids.
local function reapExpired(limit)
  if limit <= 0 then return {} end
  local ids = call('ZRANGE', EXPIRY, '-inf', NOW_MS_TEXT, 'BYSCORE', 'LIMIT', 0, limit)
  for i = 1, #ids do dropLease(ids[i], 'expire') end
  return ids
end


local function validId(id)
  return type(id) == 'string' and #id == 32 and not find(id, '[^0-9a-f]')
end
