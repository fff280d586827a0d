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
