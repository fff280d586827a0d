--[[ common.lua — shared by every Treelock script (prepended when loaded).

Purpose: helpers for node counts, lease records, reaping and events. Defines no
reply of its own. Each verb script starts with `local C = ...`-free code that
uses these locals; KEYS are always:
  KEYS[1] tl:{p}:nodes   KEYS[2] tl:{p}:who   KEYS[3] tl:{p}:expiry
  KEYS[4] tl:{p}:fence   KEYS[5] tl:{p}:events
and ARGV[1] is the lease key prefix "tl:{p}:lease:", ARGV[2] the wake channel.
Paths are compared with plain string.find (never as patterns). Time is TIME.
]]

local NODES, WHO, EXPIRY, FENCE, EVENTS = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local LEASE_PREFIX, WAKE = ARGV[1], ARGV[2]
local STREAM_CAP = '10000'

local function num(x) return string.format('%.0f', x) end

-- redis.call with a long argument list, split so unpack() stays within Lua's
-- stack limit. `command` takes `key` then list items; replies are concatenated.
local CHUNK = 4000
local function callChunked(command, key, items)
  local replies = {}
  for first = 1, #items, CHUNK do
    local last = math.min(first + CHUNK - 1, #items)
    local part = redis.call(command, key, unpack(items, first, last))
    if type(part) == 'table' then
      for _, v in ipairs(part) do replies[#replies + 1] = v end
    end
  end
  return replies
end

local time = redis.call('TIME')
local NOW_MS = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local NOW_US = time[1] .. string.format('%06d', tonumber(time[2]))

local MODES = { 'IS', 'IX', 'S', 'SIX', 'X' }
local IS_MODE = { IS = true, IX = true, S = true, SIX = true, X = true }
-- COMPAT[held][requested]
local COMPAT = {
  IS  = { IS = true,  IX = true,  S = true,  SIX = true,  X = false },
  IX  = { IS = true,  IX = true,  S = false, SIX = false, X = false },
  S   = { IS = true,  IX = false, S = true,  SIX = false, X = false },
  SIX = { IS = true,  IX = false, S = false, SIX = false, X = false },
  X   = { IS = false, IX = false, S = false, SIX = false, X = false },
}
local function intention(mode)
  if mode == 'S' or mode == 'IS' then return 'IS' end
  return 'IX'
end

-- Proper ancestors of a canonical path, root first. O(depth).
local function ancestors(path)
  local list = {}
  if path == '/' then return list end
  list[1] = '/'
  local from = 2
  while true do
    local j = string.find(path, '/', from, true)
    if not j then break end
    list[#list + 1] = string.sub(path, 1, j - 1)
    from = j + 1
  end
  return list
end

-- Defence in depth: the client canonicalised already; refuse anything that is not.
local function badPath(path)
  if type(path) ~= 'string' or #path == 0 or #path > 4096 then return 'bad length' end
  if string.sub(path, 1, 1) ~= '/' then return 'not absolute' end
  if path == '/' then return nil end
  if string.sub(path, -1) == '/' then return 'trailing slash' end
  if string.find(path, '//', 1, true) then return 'empty segment' end
  if string.find(path, '[%z\1-\31\127]') then return 'control character' end
  local padded = path .. '/'
  if string.find(padded, '/./', 1, true) or string.find(padded, '/../', 1, true) then
    return 'dot segment'
  end
  local segments = 0
  for _ in string.gmatch(path, '/') do segments = segments + 1 end
  if segments > 256 then return 'too many segments' end
  return nil
end

-- "MODE PATH\nMODE PATH" -> { {path=, mode=}, ... }
local function parseRequests(text)
  local list = {}
  local from = 1
  while from <= #text do
    local nl = string.find(text, '\n', from, true)
    local line = string.sub(text, from, (nl or (#text + 1)) - 1)
    local sp = string.find(line, ' ', 1, true)
    list[#list + 1] = { mode = string.sub(line, 1, sp - 1), path = string.sub(line, sp + 1) }
    if not nl then break end
    from = nl + 1
  end
  return list
end

-- Contributions of a request list: ordered fields and a field -> delta map.
local function contributions(requests)
  local order, delta = {}, {}
  local function add(field)
    if not delta[field] then
      delta[field] = 0
      order[#order + 1] = field
    end
    delta[field] = delta[field] + 1
  end
  for _, r in ipairs(requests) do
    local im = intention(r.mode)
    for _, a in ipairs(ancestors(r.path)) do add(a .. '|' .. im) end
    add(r.path .. '|' .. r.mode)
  end
  return order, delta
end

-- Adds (sign = 1) or removes (sign = -1) a lease's counts; on add, records it in WHO.
local function applyCounts(requests, sign, id)
  local order, delta = contributions(requests)
  if #order == 0 then return end
  local current = callChunked('HMGET', NODES, order)
  local set, gone = {}, {}
  for i, field in ipairs(order) do
    local value = (tonumber(current[i]) or 0) + sign * delta[field]
    if value > 0 then
      set[#set + 1] = field
      set[#set + 1] = num(value)
    else
      gone[#gone + 1] = field
    end
  end
  if #set > 0 then callChunked('HSET', NODES, set) end
  if #gone > 0 then
    callChunked('HDEL', NODES, gone)
    callChunked('HDEL', WHO, gone)
  end
  if sign > 0 then
    local who = {}
    for _, field in ipairs(order) do
      who[#who + 1] = field
      who[#who + 1] = id
    end
    callChunked('HSET', WHO, who)
  end
end

local function event(fields)
  redis.call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', unpack(fields))
end

-- The record fields dropLease needs, in the order it reads them.
local DROP_FIELDS = { 'requests', 'owner', 'op', 'fence' }

-- Removes a lease entirely. `kind` is the event type, or nil for none. `rec`:
-- the lease's DROP_FIELDS if the caller has read them already, else nil.
local function dropLease(id, kind, extra, rec)
  local key = LEASE_PREFIX .. id
  rec = rec or redis.call('HMGET', key, unpack(DROP_FIELDS))
  if rec[1] then applyCounts(parseRequests(rec[1]), -1, id) end
  redis.call('DEL', key)
  redis.call('ZREM', EXPIRY, id)
  if kind then
    local fields = { 'type', kind, 't', num(NOW_MS), 'lease', id, 'owner', rec[2] or '',
                     'op', rec[3] or '', 'requests', rec[1] or '', 'fence', rec[4] or '' }
    if extra then for _, v in ipairs(extra) do fields[#fields + 1] = v end end
    event(fields)
  end
  redis.call('PUBLISH', WAKE, id)
end

-- Reaps up to `limit` expired leases, lowest (expiry, id) first. Returns how many.
local function reapExpired(limit)
  if limit <= 0 then return 0 end
  local ids = redis.call('ZRANGE', EXPIRY, '-inf', num(NOW_MS), 'BYSCORE', 'LIMIT', 0, limit)
  for _, id in ipairs(ids) do dropLease(id, 'expire') end
  return #ids
end

local function leaseExpiry(id)
  return tonumber(redis.call('ZSCORE', EXPIRY, id))
end

local function validId(id)
  return type(id) == 'string' and #id == 32 and string.find(id, '^[0-9a-f]+$') ~= nil
end
