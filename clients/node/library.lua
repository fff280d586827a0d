#!lua name=tl_8d8964a200b13b8e
--[[ common.lua — the prologue of Treelock's Redis function library.

Redis loads the library once (FUNCTION LOAD) and keeps it; each verb's file
becomes the body of one function, `tl_<version>_<verb>(KEYS, ARGV)`. What is
defined here is built once at load time, never per call.

KEYS are always:
  KEYS[1] tl:{p}:state    hash: the lock counts, the lease records, the counters
  KEYS[2] tl:{p}:expiry   sorted set: lease id -> expiry (ms)
  KEYS[3] tl:{p}:events   stream
and for the verbs that deal with waiters and contention (acquire, snapshot,
cancel_wait, contention, configure) also:
  KEYS[4] tl:{p}:waiters  sorted set: waiter id -> until when it is registered (ms)
  KEYS[5] tl:{p}:hot      sorted set: path -> its refusals, decayed (see countRefusal)
and ARGV[1] is the wake-up command ("PUBLISH", or "SPUBLISH" on a Redis Cluster).
The wake channel is tl:{p}:wake. Every key a call touches is one of KEYS: on a
Redis Cluster a call runs whole on one node, or is answered ASK / TRYAGAIN
before it starts. Time is the server's TIME.

The state hash has these kinds of fields, told apart by their first byte:
  "/..."           a node: its counts of held modes and the last lease that raised
                   one. With one mode held (most nodes: a leaf's X or S, an
                   ancestor's IX or IS), struct ">BI4c17" (the mode, 1 to 5 for
                   IS, IX, S, SIX, X, its count, the lease id: 22 bytes, which
                   Redis stores in a 32-byte allocation); otherwise
                   ">I4I4I4I4I4c17" (the five counts, the lease id: 37 bytes, in 48).
                   Deleted when every count is 0.
  "\0" + 16 bytes  a lease record (the lease id in its binary form: a NUL, then
                   the 128-bit id), nine MessagePack values packed one after
                   another: owner, op, requests text, ttl, expires_ms, fence, holds,
                   created_ms, revoked.
  "\1" + 16 bytes  a waiter: an acquire of that lease id that was refused and
                   waits (see registerWaiter).
  "~/..."          a node's reservations: who holds back there (see reserve).
  "!/..."          a contended node's details (see countRefusal).
  "#h"             the contention table's epoch (ms).
  "#m"             the project's counters, struct ">dddddd": the last fencing
                   token, a time at or before the earliest expiry ("reap at"),
                   until when someone waits for a wake-up, the settings, a time
                   at or before the earliest waiter's end ("waiters reap at"), and
                   how many waiters hold back. Settings: bit 1 set, grants and
                   releases are not recorded as events; the rest, halved, is the
                   fairness grace: 0 the default (5 ms), 1 off, g + 2 a grace of
                   g ms. Older versions wrote the first three (24 bytes) or four
                   (32 bytes); the rest read as 0, NEVER and 0.
Paths never contain NUL and always start with "/", so the kinds cannot meet.

Cost matters here: Redis runs one call at a time, so every microsecond a call
takes, every other client waits. The hot paths therefore make few strings and
tables, keep numbers as numbers (struct and MessagePack carry them in binary),
and read and write each hash once.

A number handed to redis.call costs Redis a floating-point formatting (about
0.3 µs, and Redis 7.2 and later write an integer with eight or more trailing
zeros in exponent form, "1.7637e+15"). Scores and event fields are therefore
passed as text made with decimal(), which writes every integer exactly, in half
that time. Events carry no time of their own: their stream id holds it.
]]

-- Redis's API and Lua's libraries exist only while a function runs (loading
-- sees register_function alone), so begin() binds them: redis.call on every
-- call, the libraries on the first.
local call
local find, sub, byte, floor, format, pack, unpackStruct, packRecord, unpackRecord, unpackList
local STREAM_CAP = '10000'
local NODE = '>I4I4I4I4I4c17' -- a node's five counts and its last holder
local NODE1 = '>BI4c17'       -- a node with one mode held: which, its count, the holder
local META = '>dddddd'
local META3 = '>ddd' -- "#m" as versions before the settings wrote it
local META4 = '>dddd' -- "#m" as versions before waiters wrote it
local DEFAULT_GRACE_US = 5000
-- The protocol this library speaks (docs/protocol.md, "Versions"): the key schema,
-- the encodings of the state hash and the calls' KEYS, ARGV and replies.
local PROTOCOL = 1
local UNRECORDED = 1 -- the settings bit: grants and releases leave no event
local NEVER = 1 / 0

-- Per call: the keys, the wake-up command, the time and the counters.
local STATE, EXPIRY, EVENTS, PUBLISH, WAITERS, HOT
local NOW_MS, NOW_US
local mFence, mReapAt, mWakeUntil, mSettings, mWaitReapAt, mHoldingBack -- the "#m" field, once read
local mStored -- whether "#m" exists

-- Binds the keys and the time; returns an error message for a bad wake-up command.
local function begin(KEYS, ARGV)
  call = redis.call
  if not find then
    find, sub, byte, floor, format = string.find, string.sub, string.byte, math.floor, string.format
    pack, unpackStruct = struct.pack, struct.unpack
    packRecord, unpackRecord = cmsgpack.pack, cmsgpack.unpack
    unpackList = unpack
  end
  STATE, EXPIRY, EVENTS, PUBLISH = KEYS[1], KEYS[2], KEYS[3], ARGV[1]
  WAITERS, HOT = KEYS[4], KEYS[5]
  if PUBLISH ~= 'PUBLISH' and PUBLISH ~= 'SPUBLISH' then
    return 'the wake-up command must be PUBLISH or SPUBLISH'
  end
  local t = call('TIME')
  NOW_US = t[1] * 1000000 + t[2]
  NOW_MS = floor(NOW_US / 1000)
  mFence, mReapAt, mWakeUntil, mSettings, mWaitReapAt, mHoldingBack = nil, nil, nil, nil, nil, nil
  return nil
end

-- An integer (a time, a fence) as decimal text, exactly.
local function decimal(n)
  return format('%d', n)
end

-- The counters from the "#m" field's value (nil or false, as Redis answers a
-- missing field: a project that never granted).
local function readMeta(value)
  mStored = value and true or false
  if not value then
    mFence, mReapAt, mWakeUntil, mSettings, mWaitReapAt, mHoldingBack = 0, NEVER, 0, 0, NEVER, 0
  elseif #value == 48 then
    mFence, mReapAt, mWakeUntil, mSettings, mWaitReapAt, mHoldingBack = unpackStruct(META, value)
  elseif #value == 24 then
    mFence, mReapAt, mWakeUntil = unpackStruct(META3, value)
    mSettings, mWaitReapAt, mHoldingBack = 0, NEVER, 0
  elseif #value == 32 then
    mFence, mReapAt, mWakeUntil, mSettings = unpackStruct(META4, value)
    mWaitReapAt, mHoldingBack = NEVER, 0
  else -- a layout of a later protocol: refuse rather than misread it
    error({ err = 'TLPROTOCOL the project\'s counters are ' .. #value .. ' bytes, a layout this library (protocol '
      .. PROTOCOL .. ') does not know: a newer Treelock protocol keeps this project' })
  end
end

local function metaValue()
  return pack(META, mFence, mReapAt, mWakeUntil, mSettings, mWaitReapAt, mHoldingBack)
end

-- The fairness grace in µs from the settings read; nil when fairness is off.
local function graceUs()
  local code = floor(mSettings / 2)
  if code == 0 then return DEFAULT_GRACE_US end
  if code == 1 then return nil end
  return (code - 2) * 1000
end

-- Whether a label (owner, operation, operator, host, reason) breaks the rule
-- every one follows: at most 256 bytes, without NUL or newline.
local function badLabel(text)
  return #text > 256 or find(text, '\0', 1, true) or find(text, '\n', 1, true)
end

-- redis.call with a long argument list, split so unpack() stays within Lua's
-- stack limit. `command` takes `key` then list items; array replies are concatenated.
local CHUNK = 4000
local function callChunked(command, key, items)
  if #items <= CHUNK then return call(command, key, unpackList(items)) end
  local replies = {}
  for first = 1, #items, CHUNK do
    local part = call(command, key, unpackList(items, first, first + CHUNK - 1 < #items and first + CHUNK - 1 or #items))
    if type(part) == 'table' then
      for i = 1, #part do replies[#replies + 1] = part[i] end
    end
  end
  return replies
end

-- A lease id in its binary form: NUL and 16 bytes.
local function validId(id)
  return type(id) == 'string' and #id == 17 and byte(id, 1) == 0
end

-- Defence in depth: the client canonicalised already; refuse anything that is not.
local function badPath(path)
  local n = #path
  if n == 0 or n > 4096 then return 'bad length' end
  if byte(path, 1) ~= 47 then return 'not absolute' end
  if n == 1 then return nil end
  if byte(path, n) == 47 then return 'trailing slash' end
  if find(path, '%c') then return 'control character' end -- bytes 0-31 and 127
  if find(path, '/[/.]') then -- an empty segment or one that starts with a dot
    if find(path, '//', 1, true) then return 'empty segment' end
    if find(path, '/%.%.?/') or find(path, '/%.%.?$') then return 'dot segment' end
  end
  if n > 512 then -- 257 segments need at least 514 bytes
    local segments = 0
    for _ in path:gmatch('/') do segments = segments + 1 end
    if segments > 256 then return 'too many segments' end
  end
  return nil
end

-- Modes as the position of their count in a node (IS, IX, S, SIX, X) and as
-- the amount one hold adds to a node's delta: counts a grant or a release moves
-- on one node are summed into one number, 8 bits per mode (at most 64 requests
-- a lease, so no mode's share overflows).
local MODE_NAMES = { 'IS', 'IX', 'S', 'SIX', 'X' }
local STEP = { IS = 1, IX = 256, S = 65536, SIX = 16777216, X = 4294967296 }
-- The intention a request leaves on its proper ancestors: IS for reads, IX else.
local INTENT = { IS = 'IS', S = 'IS', IX = 'IX', SIX = 'IX', X = 'IX' }

-- Splits a delta into its five counts.
local function deltaCounts(d)
  local x = floor(d / 4294967296); d = d - x * 4294967296
  local six = floor(d / 16777216); d = d - six * 16777216
  local s = floor(d / 65536); d = d - s * 65536
  local ix = floor(d / 256)
  return d - ix * 256, ix, s, six, x
end

-- A node's counts and last holder from its value: is, ix, s, six, x, holder.
local function readNode(v)
  if #v == 22 then
    local m, c, holder = unpackStruct(NODE1, v)
    if m == 5 then return 0, 0, 0, 0, c, holder end
    if m == 2 then return 0, c, 0, 0, 0, holder end
    if m == 1 then return c, 0, 0, 0, 0, holder end
    if m == 3 then return 0, 0, c, 0, 0, holder end
    return 0, 0, 0, c, 0, holder
  end
  local is, ix, s, six, x, holder = unpackStruct(NODE, v)
  return is, ix, s, six, x, holder
end

-- A node's value: the short form when one mode is held, else the long one.
local function nodeValue(is, ix, s, six, x, holder)
  if s == 0 and six == 0 then
    if is == 0 then
      if x == 0 then return pack(NODE1, 2, ix, holder) end
      if ix == 0 then return pack(NODE1, 5, x, holder) end
    elseif ix == 0 and x == 0 then
      return pack(NODE1, 1, is, holder)
    end
  elseif is == 0 and ix == 0 and x == 0 then
    if six == 0 then return pack(NODE1, 3, s, holder) end
    if s == 0 then return pack(NODE1, 4, six, holder) end
  end
  return pack(NODE, is, ix, s, six, x, holder)
end

-- The STEP of each mode code (the short node form's first byte: 1 to 5 for IS,
-- IX, S, SIX, X), and per wanted mode the held codes it clashes with. Codes
-- ascend in the documented clash order, so a scan from 1 to 5 finds the first.
local CODE_STEP = { 1, 256, 65536, 16777216, 4294967296 }
local CLASH = {
  IS = { false, false, false, false, true },
  IX = { false, false, true, true, true },
  S = { false, true, false, true, true },
  SIX = { false, true, true, true, true },
  X = { true, true, true, true, true },
}

-- The held mode of node value `v` that a hold of `want` clashes with, first in
-- the documented order; nil if none.
local function clashOn(v, want)
  local clashes = CLASH[want]
  if #v == 22 then
    local m = byte(v, 1)
    if not CODE_STEP[m] then m = 4 end -- not a mode (a hand-edited value): read as SIX, as readNode does
    if clashes[m] then return MODE_NAMES[m] end
    return nil
  end
  local counts = { unpackStruct(NODE, v) }
  for m = 1, 5 do
    if clashes[m] and counts[m] > 0 then return MODE_NAMES[m] end
  end
  return nil
end

-- How many holds of the short form's mode `m` a delta `d` stands for, or nil
-- when `d` moves another mode too (or `m` is no mode code).
local function sameMode(m, d)
  local step = CODE_STEP[m]
  if not step then return nil end
  local q = d / step
  if q < 256 and q == floor(q) then return q end
  return nil
end

-- The value of a node that a grant creates: its counts are the grant's own
-- delta. The packed counts of each delta are kept (few deltas occur: one mode,
-- or a few), so a new node costs a concatenation, not a pack.
local freshCounts = {}
local function freshNode(d, holder)
  local counts = freshCounts[d]
  if not counts then
    local is, ix, s, six, x = deltaCounts(d)
    counts = sub(nodeValue(is, ix, s, six, x, '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0'), 1, -18)
    freshCounts[d] = counts
  end
  return counts .. holder
end

-- The value of node `v` (false: absent) after a grant adding `d` (summed STEPs)
-- by lease `id`, who becomes its last holder.
local function raised(v, d, id)
  if not v then return freshNode(d, id) end
  if #v == 22 then
    local m, c = unpackStruct(NODE1, v)
    local q = sameMode(m, d)
    if q then return pack(NODE1, m, c + q, id) end
  end
  local is, ix, s, six, x = readNode(v)
  local dis, dix, ds, dsix, dx = deltaCounts(d)
  return nodeValue(is + dis, ix + dix, s + ds, six + dsix, x + dx, id)
end

-- The value of node `v` (false: absent) after a lease holding `d` on it lets
-- go; nil when no count is left. The last holder stays.
local function lowered(v, d)
  if not v then return nil end -- a missing node (drift): nothing to lower
  if #v == 22 then
    local m, c, holder = unpackStruct(NODE1, v)
    local q = sameMode(m, d)
    if q then
      if c > q then return pack(NODE1, m, c - q, holder) end
      return nil
    end
  end
  local is, ix, s, six, x, holder = readNode(v)
  local dis, dix, ds, dsix, dx = deltaCounts(d)
  is, ix, s, six, x = is - dis, ix - dix, s - ds, six - dsix, x - dx
  if is > 0 or ix > 0 or s > 0 or six > 0 or x > 0 then
    return nodeValue(is, ix, s, six, x, holder)
  end
  return nil
end

-- Appends the nodes of one path to `nodes` after index `k`: its proper
-- ancestors root first, then the path. Returns the new last index.
local function chain(path, nodes, k)
  k = k + 1; nodes[k] = '/'
  if path == '/' then return k end
  local at = 2
  while true do
    local j = find(path, '/', at, true)
    if not j then break end
    k = k + 1; nodes[k] = sub(path, 1, j - 1)
    at = j + 1
  end
  k = k + 1; nodes[k] = path
  return k
end

-- A requests text of one request: its mode and path; nil for several.
local function single(text)
  if find(text, '\n', 1, true) then return nil end
  local sp = find(text, ' ', 1, true)
  if not sp then return nil end
  return sub(text, 1, sp - 1), sub(text, sp + 1)
end

-- Appends the nodes a lease's requests text touches to `nodes` (after the
-- caller's own fields), in first-seen order: per request its proper ancestors
-- root first, then its own path. Returns `delta`, where delta[k] is what the
-- lease holds on nodes[k] (summed STEPs; 0 for the caller's fields).
-- O(requests x depth); a lease of one request builds no lookup table.
-- With `check` (acquire), also checks the text as a client's (known modes,
-- canonical paths, one request per path, 1 to 64 requests) and returns, after
-- `delta`, every request's chain of node indexes in that order, concatenated
-- (`flat`), where each request's chain ends in `flat` (`ends`) and its mode
-- (`modes`); or nil and a message for text that breaks a rule.
local function walk(text, nodes, check)
  local k = #nodes
  -- Sized for a short path up front: growing a table step by step costs more.
  local delta = { 0, 0, 0, 0, 0, 0, 0, 0 }
  local from, n, r = 1, #text, 0
  local index = find(text, '\n', 1, true) and {} -- node -> its index, when several requests
  local flat, ends, modes, own
  if check then
    if byte(text, n) == 10 then return nil, 'each request must be "MODE PATH"' end
    flat, ends, modes, own = { false, false, false, false, false, false }, {}, {}, index and {}
  end
  local f = 0 -- entries in flat
  while from <= n do
    local nl = find(text, '\n', from, true) or (n + 1)
    local sp = find(text, ' ', from, true)
    if check and (not sp or sp > nl) then return nil, 'each request must be "MODE PATH"' end
    local mode, path = sub(text, from, sp - 1), sub(text, sp + 1, nl - 1)
    local step = STEP[mode]
    if check then
      if not step then return nil, 'unknown lock mode ' .. mode end
      local why = badPath(path)
      if why then return nil, 'path is not canonical (' .. why .. ')' end
      if own then
        if own[path] then return nil, 'one request per path expected' end
        own[path] = true
      end
      r = r + 1
      if r > 64 then return nil, 'between 1 and 64 requests expected' end
      modes[r] = mode
    end
    local im = STEP[INTENT[mode]]
    local a, at = '/', 2
    while true do
      local isOwn = a == path
      local add = isOwn and step or im
      local i = index and index[a]
      if i then
        delta[i] = delta[i] + add
      else
        k = k + 1; nodes[k] = a; delta[k] = add; i = k
        if index then index[a] = k end
      end
      if flat then f = f + 1; flat[f] = i end
      if isOwn then break end
      local j = find(path, '/', at, true)
      if j then a = sub(path, 1, j - 1); at = j + 1 else a = path end
    end
    if flat then ends[r] = f end
    from = nl + 1
  end
  if check and r == 0 then return nil, 'between 1 and 64 requests expected' end
  return delta, flat, ends, modes
end

-- What a grant finds on the nodes it read (`values`, parallel to `fields`:
-- the lease id, "#m", then the nodes): the first clash in the documented order
-- (per request its ancestors root first, then its own path; per node the held
-- modes IS, IX, S, SIX, X) as the node's index, the held mode and the request's
-- number; or, without a clash, nil, nil, nil and the new values of every node
-- as HSET's field, value pairs. One request: its `mode`, its nodes
-- fields[3..]. Several: walk()'s `delta`, `flat`, `ends` and `modes`.
local function grantPlan(values, fields, id, mode, delta, flat, ends, modes)
  local set, s = {}, 0
  if mode then
    local n = #fields
    local im = INTENT[mode]
    for k = 3, n do
      local want = k == n and mode or im
      local v = values[k]
      if v then
        local held = clashOn(v, want)
        if held then return k, held, 1, nil end
      end
      set[s + 1] = fields[k]
      set[s + 2] = raised(v, STEP[want], id)
      s = s + 2
    end
    return nil, nil, nil, set
  end
  local done, c = {}, 1
  for r = 1, #ends do
    local want, last = modes[r], ends[r]
    local im = INTENT[want]
    while c <= last do
      local k = flat[c]
      local v = values[k]
      if v then
        local held = clashOn(v, c < last and im or want)
        if held then return k, held, r, nil end
      end
      if not done[k] then
        done[k] = true
        set[s + 1] = fields[k]
        set[s + 2] = raised(v, delta[k], id)
        s = s + 2
      end
      c = c + 1
    end
  end
  return nil, nil, nil, set
end

-- The first request of a lease (normalised order) that leaves `mode` on `path`.
local function leavesOn(requestList, path, mode)
  for _, r in ipairs(requestList) do
    if r.path == path and r.mode == mode then return r end
  end
  for _, r in ipairs(requestList) do
    if INTENT[r.mode] == mode and r.path ~= path and
       sub(r.path, 1, #path) == path and
       (path == '/' or sub(r.path, #path + 1, #path + 1) == '/') then
      return r
    end
  end
  return nil
end

-- "MODE PATH\nMODE PATH" -> { {mode=, path=}, ... }
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

-- Lease records. Indexes into a record read as a table:
local R_OWNER, R_OP, R_REQUESTS, R_TTL, R_EXPIRES, R_FENCE, R_HOLDS, R_CREATED, R_REVOKED = 1, 2, 3, 4, 5, 6, 7, 8, 9

-- The record of lease `id` as a table, or nil.
local function readLease(id)
  local value = call('HGET', STATE, id)
  if not value then return nil end
  return { unpackRecord(value) }
end

local function recordValue(r)
  return packRecord(r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9])
end

-- Moves a live lease's expiry to now + ttl (its record, the index, and "reap at"
-- when that comes earlier). Returns the new expiry.
local function extendLease(id, rec, ttl)
  local expires = NOW_MS + ttl
  rec[R_EXPIRES] = expires
  rec[R_TTL] = ttl
  if expires < mReapAt then -- a shorter ttl than before
    mReapAt = expires
    call('HSET', STATE, id, recordValue(rec), '#m', metaValue())
  else
    call('HSET', STATE, id, recordValue(rec))
  end
  call('ZADD', EXPIRY, decimal(expires), id)
  return expires
end

-- Appends an event. `fields` alternate names and values (strings or numbers).
local function event(fields)
  call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', unpackList(fields))
end

-- Whether grants and releases are recorded as events (the counters read).
local function recordsGrantsAndReleases()
  return mSettings % 2 < UNRECORDED
end

-- Wakes waiters, if anyone said it waits (a refused acquire with a wait).
local function wake(id)
  if mWakeUntil and mWakeUntil > NOW_MS then
    call(PUBLISH, sub(STATE, 1, -6) .. 'wake', id)
  end
end

-- Removes a lease entirely: its counts, record and expiry entry, then appends
-- an event of type `kind` (`extra`: more event fields, or nil) and wakes
-- waiters. Reads the counters ("#m") with the counts, for wake().
local function freeLease(id, kind, owner, op, text, fence, extra)
  local nodes = { '#m' }
  local mode, path = single(text)
  local n, delta, step, im
  if mode then
    n = chain(path, nodes, 1)
    step, im = STEP[mode], STEP[INTENT[mode]]
  else
    delta = walk(text, nodes)
    n = #nodes
  end
  local values = callChunked('HMGET', STATE, nodes)
  readMeta(values[1])
  local set, gone = {}, { id }
  for k = 2, n do
    local d = delta and delta[k] or (k == n and step or im)
    local v = lowered(values[k], d)
    if v then
      set[#set + 1] = nodes[k]
      set[#set + 1] = v
    else
      gone[#gone + 1] = nodes[k]
    end
  end
  if #set > 0 then callChunked('HSET', STATE, set) end
  callChunked('HDEL', STATE, gone)
  call('ZREM', EXPIRY, id)
  if extra then
    local fields = { 'type', kind, 'lease', id, 'owner', owner, 'op', op,
                     'requests', text, 'fence', decimal(fence) }
    for i = 1, #extra do fields[#fields + 1] = extra[i] end
    event(fields)
  elseif kind ~= 'release' or recordsGrantsAndReleases() then
    call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', 'type', kind, 'lease', id, 'owner', owner,
         'op', op, 'requests', text, 'fence', decimal(fence))
  end
  wake(id)
end

-- freeLease() of a lease given its record as a table.
local function dropLease(id, kind, rec, extra)
  freeLease(id, kind, rec[R_OWNER], rec[R_OP], rec[R_REQUESTS], rec[R_FENCE], extra)
end

-- Reaps up to `limit` expired leases, lowest (expiry, id) first, and moves
-- "reap at" to the earliest expiry left (written back to "#m"). Returns the
-- ids reaped. Any change to the counters the caller made must be written before.
local function reapExpired(limit)
  local ids = {}
  if limit > 0 then
    ids = call('ZRANGE', EXPIRY, '-inf', decimal(NOW_MS), 'BYSCORE', 'LIMIT', '0', decimal(limit))
    for i = 1, #ids do
      local rec = readLease(ids[i])
      if rec then
        dropLease(ids[i], 'expire', rec)
      else
        call('ZREM', EXPIRY, ids[i])
      end
    end
  end
  if not mFence then readMeta(call('HGET', STATE, '#m')) end
  local first = call('ZRANGE', EXPIRY, '0', '0', 'WITHSCORES')
  mReapAt = first[2] and tonumber(first[2]) or NEVER
  if mStored then call('HSET', STATE, '#m', metaValue()) end
  return ids
end

--[[ Waiters and fairness.

A refused acquire that names its lease id and waits registers a waiter under
that id: field "\1" + the id's 16 bytes, nine MessagePack values: owner, op,
requests text, since_us (its first refusal), last_ms, until_ms, whether it holds
back (0 or 1), then its last blocker as a list (id, owner, op, path, mode,
expires_in_ms, clash path, held mode, wanted path, wanted mode, queued). KEYS[4]
indexes the waiters by until_ms; one that does not try again by then is reaped.

A waiter that has waited past the grace holds back: it reserves every (node,
mode) its requests would leave, in field "~" + node: five big-endian 16-bit
counts (IS, IX, S, SIX, X), then the reservations of each mode in that order,
each its waiter's since_us (8 bytes, a double) and id (17 bytes), oldest first.
An acquire that finds no holder in its way is still refused when, on one of its
nodes, a mode it clashes with is reserved by a waiter that waited longer than
it: its own registration's since_us, or forever for an attempt that is no
waiter. Only the oldest reservation of a mode decides, so the check is O(1)
per node and mode: O(depth x requests) in one HMGET, made only while some
waiter holds back ("#m" counts them).
]]

local RES_HEAD = '>I2I2I2I2I2'
local RES_ENTRY = 25
local WAITER_REAP = '100'

local function waiterField(id)
  return '\1' .. sub(id, 2)
end

-- A waiter record as a table, or nil. Index names:
local W_OWNER, W_OP, W_REQUESTS, W_SINCE, W_LAST, W_UNTIL, W_HOLDS, W_BLOCKER = 1, 2, 3, 4, 5, 6, 7, 8
local function readWaiter(id)
  local value = call('HGET', STATE, waiterField(id))
  if not value then return nil end
  return { unpackRecord(value) }
end

local function waiterValue(w)
  return packRecord(w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8])
end

-- The nodes a requests text touches ("~" fields) and per node the modes it
-- leaves there (MODE_NAMES indexes), via walk().
local function reservedNodes(text)
  local nodes = {}
  local delta = walk(text, nodes)
  local fields, modes = {}, {}
  for k = 1, #nodes do
    fields[k] = '~' .. nodes[k]
    local is, ix, s, six, x = deltaCounts(delta[k])
    local list = {}
    if is > 0 then list[#list + 1] = 1 end
    if ix > 0 then list[#list + 1] = 2 end
    if s > 0 then list[#list + 1] = 3 end
    if six > 0 then list[#list + 1] = 4 end
    if x > 0 then list[#list + 1] = 5 end
    modes[k] = list
  end
  return fields, modes
end

-- A reservation value as its five counts and five strings of entries.
local function readReservations(v)
  if not v then return { 0, 0, 0, 0, 0 }, { '', '', '', '', '' } end
  local counts = { unpackStruct(RES_HEAD, v) }
  counts[6] = nil -- unpack's next position
  local groups, at = {}, 11
  for m = 1, 5 do
    local len = counts[m] * RES_ENTRY
    groups[m] = sub(v, at, at + len - 1)
    at = at + len
  end
  return counts, groups
end

local function reservationValue(counts, groups)
  if counts[1] + counts[2] + counts[3] + counts[4] + counts[5] == 0 then return nil end
  return pack(RES_HEAD, counts[1], counts[2], counts[3], counts[4], counts[5]) ..
         groups[1] .. groups[2] .. groups[3] .. groups[4] .. groups[5]
end

-- Writes reservation fields: `set` as HSET pairs, `gone` for HDEL.
local function writeReservations(set, gone)
  if #set > 0 then callChunked('HSET', STATE, set) end
  if #gone > 0 then callChunked('HDEL', STATE, gone) end
end

-- Makes waiter `id` (since `since` µs, requests `text`) hold back.
local function reserve(id, since, text)
  local fields, modes = reservedNodes(text)
  local values = callChunked('HMGET', STATE, fields)
  local entry = pack('>d', since) .. id
  local set = {}
  for k = 1, #fields do
    local counts, groups = readReservations(values[k])
    for _, m in ipairs(modes[k]) do
      local g = groups[m]
      local at = #g -- insert after the last entry not newer than `since`
      while at > 0 and unpackStruct('>d', sub(g, at - RES_ENTRY + 1, at - RES_ENTRY + 8)) > since do
        at = at - RES_ENTRY
      end
      groups[m] = sub(g, 1, at) .. entry .. sub(g, at + 1)
      counts[m] = counts[m] + 1
    end
    set[#set + 1] = fields[k]
    set[#set + 1] = reservationValue(counts, groups)
  end
  writeReservations(set, {})
  mHoldingBack = mHoldingBack + 1
end

-- Takes waiter `id`'s reservations away.
local function unreserve(id, text)
  local fields, modes = reservedNodes(text)
  local values = callChunked('HMGET', STATE, fields)
  local set, gone = {}, {}
  for k = 1, #fields do
    if values[k] then
      local counts, groups = readReservations(values[k])
      for _, m in ipairs(modes[k]) do
        local g = groups[m]
        for at = 1, #g, RES_ENTRY do
          if sub(g, at + 8, at + RES_ENTRY - 1) == id then
            groups[m] = sub(g, 1, at - 1) .. sub(g, at + RES_ENTRY)
            counts[m] = counts[m] - 1
            break
          end
        end
      end
      local v = reservationValue(counts, groups)
      if v then
        set[#set + 1] = fields[k]
        set[#set + 1] = v
      else
        gone[#gone + 1] = fields[k]
      end
    end
  end
  writeReservations(set, gone)
  if mHoldingBack > 0 then mHoldingBack = mHoldingBack - 1 end
end

-- Ends waiter `id`'s registration (`w`: its record as a table); wakes whoever
-- it held back when `wakeThem`. The caller writes "#m".
local function dropWaiter(id, w, wakeThem)
  if w[W_HOLDS] == 1 then
    unreserve(id, w[W_REQUESTS])
    if wakeThem then wake(id) end
  end
  call('HDEL', STATE, waiterField(id))
  call('ZREM', WAITERS, id)
end

-- Reaps the waiters whose registration ran out; moves "waiters reap at" to the
-- earliest left. The caller writes "#m".
local function reapWaiters()
  local ids = call('ZRANGE', WAITERS, '-inf', decimal(NOW_MS), 'BYSCORE', 'LIMIT', '0', WAITER_REAP)
  for i = 1, #ids do
    local w = readWaiter(ids[i])
    if w then dropWaiter(ids[i], w, true) else call('ZREM', WAITERS, ids[i]) end
  end
  local first = call('ZRANGE', WAITERS, '0', '0', 'WITHSCORES')
  mWaitReapAt = first[2] and tonumber(first[2]) or NEVER
end

-- The oldest reservation that a hold of `want` on the node whose reservation
-- value is `v` must wait behind, for a caller of since `mine` and id `self`:
-- the reserved mode and the waiter's id; nil if none.
local function aheadOn(v, want, mine, self)
  local clashes = CLASH[want]
  local counts = { unpackStruct(RES_HEAD, v) }
  local at = 11
  for m = 1, 5 do
    local c = counts[m]
    if c > 0 and clashes[m] then
      for e = 0, c - 1 do
        local from = at + e * RES_ENTRY
        local since = unpackStruct('>d', sub(v, from, from + 7))
        if since >= mine then break end
        local id = sub(v, from + 8, from + RES_ENTRY - 1)
        if id ~= self then return MODE_NAMES[m], id end
      end
    end
    at = at + c * RES_ENTRY
  end
  return nil
end

-- Whether an acquire that no holder blocks must wait behind an older waiter:
-- the first reservation in the documented clash order, as the node's index in
-- `fields`, the reserved mode, the request's number and the waiter's id. The
-- arguments as grantPlan's.
local function heldBack(fields, mine, self, mode, flat, ends, modes)
  local res = {}
  for k = 3, #fields do res[k - 2] = '~' .. fields[k] end
  local values = callChunked('HMGET', STATE, res)
  if mode then
    local n = #fields
    local im = INTENT[mode]
    for k = 3, n do
      local v = values[k - 2]
      if v then
        local held, who = aheadOn(v, k == n and mode or im, mine, self)
        if held then return k, held, 1, who end
      end
    end
    return nil
  end
  local c = 1
  for r = 1, #ends do
    local want, last = modes[r], ends[r]
    local im = INTENT[want]
    while c <= last do
      local k = flat[c]
      local v = values[k - 2]
      if v then
        local held, who = aheadOn(v, c < last and im or want, mine, self)
        if held then return k, held, r, who end
      end
      c = c + 1
    end
  end
  return nil
end

-- After a refused attempt that waits: registers waiter `id` (record `w`, or
-- nil for a new one) or refreshes it with the blocker `blocker` (a list), and
-- makes it hold back once it has waited past the grace. At most 4,096 waiters
-- are registered. The caller writes "#m".
local function registerWaiter(id, w, owner, op, text, refresh, blocker)
  if not w then
    if call('ZCARD', WAITERS) >= 4096 then return end
    w = { owner, op, text, NOW_US, NOW_MS, 0, 0, blocker }
  end
  w[W_LAST], w[W_UNTIL], w[W_BLOCKER] = NOW_MS, NOW_MS + refresh, blocker
  local grace = graceUs()
  if w[W_HOLDS] == 0 and grace and NOW_US - w[W_SINCE] >= grace then
    reserve(id, w[W_SINCE], text)
    w[W_HOLDS] = 1
  end
  call('HSET', STATE, waiterField(id), waiterValue(w))
  call('ZADD', WAITERS, decimal(w[W_UNTIL]), id)
  if w[W_UNTIL] < mWaitReapAt then mWaitReapAt = w[W_UNTIL] end
end

-- Whether a refusal with blocker `blocker` of lease id whose waiter record is
-- `w` (nil: none is registered) counts for contention: every refusal of an id
-- that is no registered waiter, and of a waiter the first and each one whose
-- blocker (the lease or waiter in the way, or the clash path) differs from its
-- last. A waiter retrying behind the same lease is one person waiting, not many.
local function countsAsRefusal(w, blocker)
  local last = w and w[W_BLOCKER]
  return not last or last[1] ~= blocker[1] or last[7] ~= blocker[7]
end

--[[ Contention: every refusal counts against the node where it clashed, in
sorted set KEYS[5] (a waiter's retries only when the lease in its way changes,
see countsAsRefusal). A refusal at t adds 2^((t - epoch) / 60 s), so a score read
at `now` and multiplied by 2^-((now - epoch) / 60 s) is the refusals weighted by
half per minute since (forward decay). The epoch ("#h") moves when it falls 32
half-lives behind, scaling every score down. The set keeps 256 paths: a new one
replaces the lightest and starts from its score (the Space-Saving rule, which
never undercounts a path that stays). Field "!" + path keeps, as MessagePack
values, the refusals since the path entered, the latest refusal (ms), and up to
four (wanted operation, blocking operation, count) triples, kept by the same rule.
The latest refusal also moves with the refused attempts that do not count
(touchRefusal).
]]

local HALF_LIFE = 60000
local HOT_PATHS = 256

local function countRefusal(path, wanted, blocking)
  local stored = call('HGET', STATE, '#h')
  local epoch = stored and tonumber(stored)
  if not epoch then
    epoch = NOW_MS
    call('HSET', STATE, '#h', decimal(epoch))
  elseif NOW_MS - epoch > 32 * HALF_LIFE then
    local k = floor((NOW_MS - epoch) / HALF_LIFE)
    local scale = 2 ^ -k
    local all = call('ZRANGE', HOT, '0', '-1', 'WITHSCORES')
    local args = {}
    for i = 1, #all, 2 do
      args[#args + 1] = format('%.17g', tonumber(all[i + 1]) * scale)
      args[#args + 1] = all[i]
    end
    if #args > 0 then callChunked('ZADD', HOT, args) end
    epoch = epoch + k * HALF_LIFE
    call('HSET', STATE, '#h', decimal(epoch))
  end
  local weight = 2 ^ ((NOW_MS - epoch) / HALF_LIFE)
  local detail = '!' .. path
  local info
  if call('ZSCORE', HOT, path) then
    call('ZADD', HOT, 'INCR', format('%.17g', weight), path)
    info = { unpackRecord(call('HGET', STATE, detail)) }
    info[1] = info[1] + 1
  else
    local base = 0
    if call('ZCARD', HOT) >= HOT_PATHS then
      local lightest = call('ZRANGE', HOT, '0', '0', 'WITHSCORES')
      base = tonumber(lightest[2])
      call('ZREM', HOT, lightest[1])
      call('HDEL', STATE, '!' .. lightest[1])
    end
    call('ZADD', HOT, format('%.17g', base + weight), path)
    info = { 1, 0 }
  end
  info[2] = NOW_MS
  local found, rarest = false, nil
  for i = 3, #info, 3 do
    if info[i] == wanted and info[i + 1] == blocking then
      info[i + 2] = info[i + 2] + 1
      found = true
      break
    end
    if not rarest or info[i + 2] < info[rarest + 2] then rarest = i end
  end
  if not found then
    if #info < 2 + 3 * 4 then
      info[#info + 1] = wanted; info[#info + 1] = blocking; info[#info + 1] = 1
    else
      info[rarest], info[rarest + 1], info[rarest + 2] = wanted, blocking, info[rarest + 2] + 1
    end
  end
  call('HSET', STATE, detail, packRecord(unpackList(info)))
end

-- A refused attempt that does not count (a waiter's retry behind the same
-- blocker) still moves its path's latest refusal in field "!" + path, so a
-- path where someone is still being refused never looks quiet.
local function touchRefusal(path)
  local detail = '!' .. path
  local stored = call('HGET', STATE, detail)
  if not stored then return end
  local info = { unpackRecord(stored) }
  info[2] = NOW_MS
  call('HSET', STATE, detail, packRecord(unpackList(info)))
end

local function acquire(KEYS, ARGV)
--[[ acquire.lua — grant a set of lock requests all-or-nothing, or name who blocks.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] lease id (binary), [3] owner, [4] operation,
      [5] ttl ms, [6] reap batch, [7] wait ms (how long the caller waits for a
      wake-up if refused; 0: it does not wait), [8] the requests: "MODE PATH"
      lines joined by "\n", canonical (normalised by the client: one request per
      path, sorted), [9] waiter refresh ms: with a wait, a refusal registers (or
      refreshes) the waiter under the lease id for this long, and a grant ends
      it; 0: the caller is no waiter.
KEYS: common, and waiters and hot.
Replies:
  {1, fence, expires_ms, holds}                                 granted (or reentered)
  {0, blocker id, owner, op, path, mode, expires_in_ms,
      clash path, held mode, wanted path, wanted mode, queued}  refused (queued 1:
                                                                behind an older waiter)
  {-1, message}                                                 invalid argument
Work: O(requests x depth) in a constant number of calls. One HMGET reads the
lease id's record, the counters and every node to check and raise; one HSET
writes the nodes, the counters and the record; then ZADD, and XADD where the
project records grants (its settings in "#m"). Reaping runs only when "reap at"
has passed (an expired lease may exist): a bounded batch (ARGV[6]), and up to
1,000 more on a clash while expired leases remain. A refusal reads the blocking
node's last holder; only when that lease does not hold the clashing mode there
does it scan at most 1,000 lease records. While some waiter holds back, a call
that no holder blocks reads its nodes' reservations (one HMGET); a refusal
counts against the contention table (a registered waiter's only when its blocker
changed), and a waiter's attempt reads and writes its registration.
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local id, owner, op, text = ARGV[2], ARGV[3], ARGV[4], ARGV[8]
local ttl, reapBatch, wait, refresh = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[9])

if not validId(id) then return { -1, 'lease id must be a NUL and 16 bytes' } end
if not ttl or ttl < 10 or ttl > 86400000 or ttl ~= floor(ttl) then
  return { -1, 'ttl must be an integer between 10 and 86400000 ms' }
end
if not reapBatch or reapBatch < 0 or reapBatch > 1000 or reapBatch ~= floor(reapBatch) then
  return { -1, 'reap batch must be an integer between 0 and 1000' }
end
if not wait or wait < 0 or wait > 86400000 or wait ~= floor(wait) then
  return { -1, 'wait must be an integer between 0 and 86400000 ms' }
end
if not refresh or (refresh ~= 0 and (refresh < 10 or refresh > 86400000)) or refresh ~= floor(refresh) then
  return { -1, 'waiter refresh must be 0 or an integer between 10 and 86400000 ms' }
end
if badLabel(owner) or badLabel(op) then
  return { -1, 'owner and operation must be at most 256 bytes, without NUL or newline' }
end
local fields = { id, '#m' }
local mode, path = single(text) -- one request (the common case): no tables of indexes
local delta, flat, ends, modes
if mode then
  if not STEP[mode] then return { -1, 'unknown lock mode ' .. mode } end
  local why = badPath(path)
  if why then return { -1, 'path is not canonical (' .. why .. ')' } end
  chain(path, fields, 2)
else
  delta, flat, ends, modes = walk(text, fields, true)
  if not delta then return { -1, flat } end
end
local values = callChunked('HMGET', STATE, fields)
readMeta(values[2])

-- Refusals of the id come first, so a refused call changes nothing.
local existing = values[1] and { unpackRecord(values[1]) }
local live = existing and existing[R_EXPIRES] > NOW_MS
if live then
  if existing[R_REVOKED] == 1 then return { -1, 'lease id is revoked: it was force-released and cannot be reused' } end
  if existing[R_REQUESTS] ~= text then
    return { -1, 'lease id in use with other requests: a reentrant acquire must repeat the same requests' }
  end
end

local waits = wait > 0 and refresh > 0
local waiter = waits and readWaiter(id)
local metaDirty = false
if mWaitReapAt <= NOW_MS then
  reapWaiters()
  metaDirty = true
end

local reaped = false
if mReapAt <= NOW_MS then
  reapExpired(reapBatch)
  reaped = true
end

if live then -- reentrant: a live lease is never reaped
  if waiter then dropWaiter(id, waiter, false) end
  if waiter or metaDirty then call('HSET', STATE, '#m', metaValue()) end
  existing[R_HOLDS] = existing[R_HOLDS] + 1
  local expires = extendLease(id, existing, ttl)
  return { 1, existing[R_FENCE], expires, existing[R_HOLDS] }
end
if existing and call('HEXISTS', STATE, id) == 1 then -- expired, and not in the batch just reaped
  dropLease(id, 'expire', existing)
  reaped = true
end
if reaped then
  values = callChunked('HMGET', STATE, fields)
  readMeta(values[2])
end

local clash, held, clashReq, set = grantPlan(values, fields, id, mode, delta, flat, ends, modes)
if clash and mReapAt <= NOW_MS then -- expired leases remain: reap them and look again
  reapExpired(1000)
  values = callChunked('HMGET', STATE, fields)
  readMeta(values[2])
  clash, held, clashReq, set = grantPlan(values, fields, id, mode, delta, flat, ends, modes)
end

-- Fairness: no holder is in the way, but an older waiter that conflicts may be.
local ahead
if not clash and mHoldingBack > 0 and graceUs() then
  clash, held, clashReq, ahead = heldBack(fields, waiter and waiter[W_SINCE] or NEVER, id, mode, flat, ends, modes)
end

if clash then
  if wait > 0 and NOW_MS + wait > mWakeUntil then -- releases from now on wake the waiter
    mWakeUntil = NOW_MS + wait
    metaDirty = true
  end
  local clashPath = fields[clash]
  local wantedMode = mode or modes[clashReq]
  local wantedPath = path or fields[flat[ends[clashReq]]]
  local blocker
  if ahead then
    local w = readWaiter(ahead)
    local via = w and leavesOn(parseRequests(w[W_REQUESTS]), clashPath, held)
    if via then
      blocker = { ahead, w[W_OWNER], w[W_OP], via.path, via.mode, 0, clashPath, held, wantedPath, wantedMode, 1 }
    else -- a reservation left without its waiter (drift): nobody to name
      blocker = { '', '', '', '', '', 0, clashPath, held, wantedPath, wantedMode, 1 }
    end
  else
    local _, _, _, _, _, holder = readNode(values[clash])
    local via = nil
    local rec = readLease(holder)
    if rec then
      via = leavesOn(parseRequests(rec[R_REQUESTS]), clashPath, held)
    end
    if not via then
      holder = nil
      local ids = call('ZRANGE', EXPIRY, '0', '999')
      local records = #ids > 0 and callChunked('HMGET', STATE, ids) or {}
      for i = 1, #ids do
        if records[i] then
          local r = { unpackRecord(records[i]) }
          via = leavesOn(parseRequests(r[R_REQUESTS]), clashPath, held)
          if via then
            holder, rec = ids[i], r
            break
          end
        end
      end
    end
    if via then
      blocker = { holder, rec[R_OWNER], rec[R_OP], via.path, via.mode, math.max(0, rec[R_EXPIRES] - NOW_MS),
                  clashPath, held, wantedPath, wantedMode, 0 }
    else
      blocker = { '', '', '', '', '', 0, clashPath, held, wantedPath, wantedMode, 0 }
    end
  end
  local registered = waiter
  if not waits then registered = readWaiter(id) end -- e.g. a waiter's last attempt
  if countsAsRefusal(registered, blocker) then
    countRefusal(clashPath, op, blocker[3])
  else
    touchRefusal(clashPath)
  end
  if waits then
    registerWaiter(id, waiter, owner, op, text, refresh, blocker)
    metaDirty = true
  end
  if metaDirty then call('HSET', STATE, '#m', metaValue()) end
  return { 0, blocker[1], blocker[2], blocker[3], blocker[4], blocker[5], blocker[6],
           blocker[7], blocker[8], blocker[9], blocker[10], blocker[11] }
end
if waiter then dropWaiter(id, waiter, false) end

-- Grant. The fence is max(previous + 1, now in µs): a counter rolled back by a
-- restart that lost writes still issues tokens above every one handed out before.
local fence = NOW_US
if mFence + 1 > fence then fence = mFence + 1 end
mFence = fence
local expires = NOW_MS + ttl
if expires < mReapAt then mReapAt = expires end
local n = #set
set[n + 1] = '#m'
set[n + 2] = metaValue()
set[n + 3] = id
set[n + 4] = packRecord(owner, op, text, ttl, expires, fence, 1, NOW_MS, 0)
callChunked('HSET', STATE, set)
local expiresText = decimal(expires)
call('ZADD', EXPIRY, expiresText, id)
if recordsGrantsAndReleases() then
  call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', 'type', 'grant', 'lease', id,
       'owner', owner, 'op', op, 'requests', text, 'fence', decimal(fence), 'expires_ms', expiresText)
end
return { 1, fence, expires, 1 }

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_acquire', callback = acquire, flags = {}}

local function release(KEYS, ARGV)
--[[ release.lua — drop one hold of a lease; the last hold frees its paths.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] lease id (binary).
Replies:
  {1, remaining holds}   released (0: the paths are free; waiters were woken)
  {0, 0}                 unknown: no such lease, or it was revoked (the holder lost it)
  {2, 0}                 expired: it had expired and has been reaped now
  {-1, message}          invalid argument
Work: O(requests x depth) in a constant number of calls: the record (HGET), the
counts and counters (HMGET), HSET and HDEL of the nodes and the record, ZREM,
XADD where the project records releases, and PUBLISH only while someone waits.
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local id = ARGV[2]
if not validId(id) then return { -1, 'lease id must be a NUL and 16 bytes' } end
local value = call('HGET', STATE, id)
if not value then return { 0, 0 } end
local owner, op, text, ttl, expires, fence, holds, created, revoked = unpackRecord(value)
if revoked == 1 then return { 0, 0 } end
if expires <= NOW_MS then
  freeLease(id, 'expire', owner, op, text, fence)
  return { 2, 0 }
end
if holds > 1 then
  call('HSET', STATE, id, packRecord(owner, op, text, ttl, expires, fence, holds - 1, created, revoked))
  return { 1, holds - 1 }
end
freeLease(id, 'release', owner, op, text, fence)
return { 1, 0 }

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_release', callback = release, flags = {'allow-oom'}}

local function renew(KEYS, ARGV)
--[[ renew.lua — extend a live lease to now + ttl.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] lease id (binary), [3] ttl ms (0 = the lease's own).
Replies:
  {1, expires_ms}   renewed
  {0, 0}            unknown: no such lease, or it was revoked
  {2, 0}            expired: it had expired and has been reaped now
  {-1, message}     invalid argument
Work: O(1), or O(requests x depth) when it reaps the expired lease.
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local id, ttl = ARGV[2], tonumber(ARGV[3])
if not validId(id) then return { -1, 'lease id must be a NUL and 16 bytes' } end
if not ttl or ttl ~= floor(ttl) or (ttl ~= 0 and (ttl < 10 or ttl > 86400000)) then
  return { -1, 'ttl must be an integer between 10 and 86400000 ms' }
end
local got = call('HMGET', STATE, id, '#m')
if not got[1] then return { 0, 0 } end
local rec = { unpackRecord(got[1]) }
if rec[R_REVOKED] == 1 then return { 0, 0 } end
if rec[R_EXPIRES] <= NOW_MS then
  dropLease(id, 'expire', rec)
  return { 2, 0 }
end
readMeta(got[2])
if ttl == 0 then ttl = rec[R_TTL] end
return { 1, extendLease(id, rec, ttl) }

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_renew', callback = renew, flags = {'allow-oom'}}

local function force_release(KEYS, ARGV)
--[[ force_release.lua — an operator releases a lease; audited in the event stream.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] lease id (binary), [3] operator, [4] host,
      [5] reason, [6] admin ("1" allows revoking a live lease), [7] lock-delay ms.
Replies:
  {1}            released: an expired lease reaped, or a live one revoked (admin)
  {0}            unknown: no such lease, or already revoked
  {3}            refused: the lease is live and admin was not given
  {-1, message}  invalid argument
A live lease revoked with a lock-delay d > 0 stays in place, marked revoked, with
its expiry moved to now + d: its paths stay blocked until it is reaped, and its
holder's renew and release answer "unknown".
Work: O(requests x depth).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local id, operator, host, reason = ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local admin, delay = ARGV[6] == '1', tonumber(ARGV[7])
if not validId(id) then return { -1, 'lease id must be a NUL and 16 bytes' } end
if #operator == 0 or #reason == 0 then return { -1, 'operator and reason are required' } end
if badLabel(operator) or badLabel(host) or badLabel(reason) then
  return { -1, 'operator, host and reason must be at most 256 bytes, without NUL or newline' }
end
if not delay or delay < 0 or delay > 86400000 or delay ~= floor(delay) then
  return { -1, 'lock-delay must be an integer between 0 and 86400000 ms' }
end
local got = call('HMGET', STATE, id, '#m')
if not got[1] then return { 0 } end
local rec = { unpackRecord(got[1]) }
if rec[R_REVOKED] == 1 then return { 0 } end
local live = rec[R_EXPIRES] > NOW_MS
if live and not admin then return { 3 } end
local audit = { 'by', operator, 'host', host, 'reason', reason, 'was_live', live and '1' or '0' }
if live and delay > 0 then
  local fields = { 'type', 'force', 'lease', id, 'owner', rec[R_OWNER], 'op', rec[R_OP],
                   'requests', rec[R_REQUESTS], 'fence', decimal(rec[R_FENCE]) }
  for _, v in ipairs(audit) do fields[#fields + 1] = v end
  readMeta(got[2]) -- before the event: a project of an unknown layout is refused untouched
  event(fields)
  local untilMs = NOW_MS + delay
  rec[R_REVOKED] = 1
  rec[R_EXPIRES] = untilMs
  if untilMs < mReapAt then mReapAt = untilMs end
  call('HSET', STATE, id, recordValue(rec), '#m', metaValue())
  call('ZADD', EXPIRY, decimal(untilMs), id)
  return { 1 }
end
dropLease(id, 'force', rec, audit)
return { 1 }

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_force_release', callback = force_release, flags = {'allow-oom'}}

local function sweep(KEYS, ARGV)
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

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_sweep', callback = sweep, flags = {'allow-oom'}}

local function snapshot(KEYS, ARGV)
--[[ snapshot.lua — one page of the project's leases, with the server time.

KEYS: common, and waiters and hot.
ARGV: [1] wake-up command, [2] offset, [3] page size (1..5000).
Replies:
  {now_ms, total, waiters,
   {id, owner, op, requests, ttl, created_ms, expires_ms, fence, holds, revoked}, ...}
  {-1, message}    invalid argument
Leases come in (expiry, id) order, live and expired-unreaped alike; ids in their
binary form. `waiters` (on the page at offset 0; else empty) are the live
registrations, each {id, owner, op, requests, since_us, last_ms, until_ms,
holds back (0 or 1), {blocker id, owner, op, path, mode, expires_in_ms, clash
path, held mode, wanted path, wanted mode, queued}}. Read-only.
Work: O(page x fields + waiters); the client pages through large projects.
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local offset, count = tonumber(ARGV[2]), tonumber(ARGV[3])
if not offset or offset < 0 or offset ~= floor(offset) or not count or count < 1 or count > 5000
   or count ~= floor(count) then
  return { -1, 'an integer offset >= 0 and page size 1..5000 expected' }
end
local waiters = {}
if offset == 0 then
  local ids = call('ZRANGE', WAITERS, '(' .. decimal(NOW_MS), '+inf', 'BYSCORE')
  local fields = {}
  for i = 1, #ids do fields[i] = waiterField(ids[i]) end
  local records = #ids > 0 and callChunked('HMGET', STATE, fields) or {}
  for i = 1, #ids do
    if records[i] then
      local w = { unpackRecord(records[i]) }
      waiters[#waiters + 1] = { ids[i], w[W_OWNER], w[W_OP], w[W_REQUESTS], w[W_SINCE], w[W_LAST], w[W_UNTIL],
                                w[W_HOLDS], w[W_BLOCKER] }
    end
  end
end
local reply = { NOW_MS, call('ZCARD', EXPIRY), waiters }
local ids = call('ZRANGE', EXPIRY, decimal(offset), decimal(offset + count - 1))
if #ids == 0 then return reply end
local records = callChunked('HMGET', STATE, ids)
for i = 1, #ids do
  if records[i] then
    local owner, op, requests, ttl, expires, fence, holds, created, revoked = unpackRecord(records[i])
    reply[#reply + 1] = { ids[i], owner, op, requests, ttl, created, expires, fence, holds, revoked }
  end
end
return reply

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_snapshot', callback = snapshot, flags = {'no-writes'}}

local function fsck(KEYS, ARGV)
--[[ fsck.lua — recompute the node counts from the lease records; report or repair.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] repair ("1" rewrites the counts).
Replies:
  {leases, counts stored (non-zero per path and mode), {path|mode, expected, actual, ...},
   {orphan id, ...}, repaired}
Expired-unreaped and revoked leases count: they hold their counts until reaped.
An orphan is an expiry entry without a record (removed on repair); a record
without an expiry entry is given one on repair (it is reported as an orphan too).
Repair also moves "reap at" back to the earliest expiry if it was later (only a
hand-edited "#m" gets there; it shows as repaired, not as a difference).
Work: O(leases x requests x depth + nodes). An operator's tool, not a hot path.
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local repair = ARGV[2] == '1'
local all = call('HGETALL', STATE)
local actual, holders, stored, records = {}, {}, 0, {}
for i = 1, #all, 2 do
  local field, value = all[i], all[i + 1]
  local b = byte(field, 1)
  if b == 47 then -- "/": a node
    local is, ix, s, six, x, holder = readNode(value)
    actual[field] = { is, ix, s, six, x }
    holders[field] = holder
    for m = 1, 5 do
      if actual[field][m] ~= 0 then stored = stored + 1 end
    end
  elseif b == 0 then
    records[field] = value
  end
end
-- Expected counts: every record's contributions.
local expected, order, leases = {}, {}, 0
for id, value in pairs(records) do
  leases = leases + 1
  local rec = { unpackRecord(value) }
  local nodes = {}
  local delta = walk(rec[R_REQUESTS], nodes)
  for k = 1, #nodes do
    local path = nodes[k]
    local e = expected[path]
    if not e then
      e = { 0, 0, 0, 0, 0 }
      expected[path] = e
      order[#order + 1] = path
    end
    local dis, dix, ds, dsix, dx = deltaCounts(delta[k])
    e[1], e[2], e[3], e[4], e[5] = e[1] + dis, e[2] + dix, e[3] + ds, e[4] + dsix, e[5] + dx
  end
end
for path in pairs(actual) do
  if not expected[path] then order[#order + 1] = path end
end
table.sort(order)
local diffs, rewrite, gone = {}, {}, {}
local zero = { 0, 0, 0, 0, 0 }
local NO_HOLDER = string.rep('\0', 17)
for _, path in ipairs(order) do
  local e, a = expected[path] or zero, actual[path] or zero
  local differs = false
  for m = 1, 5 do
    if e[m] ~= a[m] then
      differs = true
      diffs[#diffs + 1] = path .. '|' .. MODE_NAMES[m]
      diffs[#diffs + 1] = e[m]
      diffs[#diffs + 1] = a[m]
    end
  end
  if differs then
    if expected[path] then
      rewrite[#rewrite + 1] = path
      -- A node fsck recreates names no holder: a refusal there scans for one.
      rewrite[#rewrite + 1] = nodeValue(e[1], e[2], e[3], e[4], e[5], holders[path] or NO_HOLDER)
    else
      gone[#gone + 1] = path
    end
  end
end
-- Orphans: expiry entries without a record, and records without an expiry entry.
local orphans, indexed = {}, {}
local ids = call('ZRANGE', EXPIRY, '0', '-1')
for _, id in ipairs(ids) do
  indexed[id] = true
  if not records[id] then orphans[#orphans + 1] = id end
end
local unindexed = {}
for id in pairs(records) do
  if not indexed[id] then
    orphans[#orphans + 1] = id
    unindexed[#unindexed + 1] = id
  end
end
-- "Reap at" must not be later than the earliest expiry, or expired leases
-- would wait for a sweep (only a hand-edited "#m" gets there).
readMeta(call('HGET', STATE, '#m'))
local first = call('ZRANGE', EXPIRY, '0', '0', 'WITHSCORES')
local earliest = first[2] and tonumber(first[2]) or NEVER
local lateReap = earliest < mReapAt
local changed = #diffs > 0 or #orphans > 0
if repair and (changed or lateReap) then
  if #rewrite > 0 then callChunked('HSET', STATE, rewrite) end
  if #gone > 0 then callChunked('HDEL', STATE, gone) end
  for _, id in ipairs(orphans) do
    if records[id] then
      local rec = { unpackRecord(records[id]) }
      call('ZADD', EXPIRY, decimal(rec[R_EXPIRES]), id)
    else
      call('ZREM', EXPIRY, id)
    end
  end
  -- "reap at" to the earliest expiry, so nothing expired escapes reaping.
  first = call('ZRANGE', EXPIRY, '0', '0', 'WITHSCORES')
  mReapAt = first[2] and tonumber(first[2]) or NEVER
  if mStored or first[2] then call('HSET', STATE, '#m', metaValue()) end
end
return { leases, stored, diffs, orphans, (repair and (changed or lateReap)) and 1 or 0 }

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_fsck', callback = fsck, flags = {}}

local function configure(KEYS, ARGV)
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

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_configure', callback = configure, flags = {}}

local function cancel_wait(KEYS, ARGV)
--[[ cancel_wait.lua — a waiting acquire gives up: its registration ends.

KEYS: common, and waiters and hot.
ARGV: [1] wake-up command, [2] lease id (binary) the waiter asked for.
Replies:
  {1}            the waiter was registered and is gone; whoever it held back was woken
  {0}            no waiter is registered under that id
  {-1, message}  invalid argument
Work: O(requests x depth).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local id = ARGV[2]
if not validId(id) then return { -1, 'lease id must be a NUL and 16 bytes' } end
local w = readWaiter(id)
if not w then return { 0 } end
readMeta(call('HGET', STATE, '#m'))
dropWaiter(id, w, true)
if mStored then call('HSET', STATE, '#m', metaValue()) end
return { 1 }

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_cancel_wait', callback = cancel_wait, flags = {'allow-oom'}}

local function contention(KEYS, ARGV)
--[[ contention.lua — the most refused paths of a project.

KEYS: common, and waiters and hot.
ARGV: [1] wake-up command, [2] how many paths (1..256).
Replies:
  {now_ms, epoch_ms, {path, score, total, last_ms, waiters, {wanted op, blocking op, count, ...}}, ...}
  {-1, message}  invalid argument
Hottest first (by score; equal scores by path, descending). The client turns a
score into decayed refusals with the epoch (see countRefusal). `waiters` counts
the live registrations whose last refusal clashed on the path. Read-only.
Work: O(paths + waiters).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local top = tonumber(ARGV[2])
if not top or top < 1 or top > 256 or top ~= floor(top) then
  return { -1, 'the number of paths must be an integer between 1 and 256' }
end
local reply = { NOW_MS, tonumber(call('HGET', STATE, '#h') or '0') }
local hot = call('ZRANGE', HOT, '0', decimal(top - 1), 'REV', 'WITHSCORES')
if #hot == 0 then return reply end
local fields = {}
for i = 1, #hot, 2 do fields[#fields + 1] = '!' .. hot[i] end
local details = callChunked('HMGET', STATE, fields)
local waiting = {}
local ids = call('ZRANGE', WAITERS, '(' .. decimal(NOW_MS), '+inf', 'BYSCORE')
if #ids > 0 then
  local wf = {}
  for i = 1, #ids do wf[i] = waiterField(ids[i]) end
  local records = callChunked('HMGET', STATE, wf)
  for i = 1, #ids do
    if records[i] then
      local w = { unpackRecord(records[i]) }
      local at = w[W_BLOCKER][7]
      waiting[at] = (waiting[at] or 0) + 1
    end
  end
end
for i = 1, #hot, 2 do
  local path = hot[i]
  local info = details[(i + 1) / 2]
  local total, last, ops = 0, 0, {}
  if info then
    local d = { unpackRecord(info) }
    total, last = d[1], d[2]
    for j = 3, #d do ops[#ops + 1] = d[j] end
  end
  reply[#reply + 1] = { path, hot[i + 1], total, last, waiting[path] or 0, ops }
end
return reply

end
redis.register_function{function_name = 'tl_8d8964a200b13b8e_contention', callback = contention, flags = {'no-writes'}}
