--[[ common.lua — the prologue of Treelock's Redis function library.

Redis loads the library once (FUNCTION LOAD) and keeps it; each verb's file
becomes the body of one function, `tl_<version>_<verb>(KEYS, ARGV)`. The
prologue is this file, then leases.lua, waiters.lua and hotpaths.lua, joined in
that order (one chunk: a local of one is seen by the ones after it). What is
defined there is built once at load time, never per call.

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
tables (and make tables at the size they need), keep numbers as numbers (struct
and MessagePack carry them in binary), read and write each hash once, read a
node's mode and count with one string.byte, and convert and check the arguments a
client repeats (its ttl, its owner) once, remembering them (see `number`).
docs/benchmarks.md ("Where the server time goes") prices each step.

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
local find, sub, byte, char, floor, format, pack, unpackStruct, packRecord, unpackRecord, unpackList
local STREAM_CAP = '10000'
local NODE = '>I4I4I4I4I4c17' -- a node's five counts and its last holder
local NODE1 = '>BI4c17'       -- a node with one mode held: which, its count, the holder
local META = '>dddddd'
local META3 = '>ddd' -- "#m" as versions before the settings wrote it
local META4 = '>dddd' -- "#m" as versions before waiters wrote it
local DEFAULT_GRACE_US = 5000
local DAY_MS = 86400000 -- the longest TTL, wait, waiter refresh and lock-delay: 24 h
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

local timeSecondsText, timeSeconds, timeMicrosText -- TIME's last answer: seconds as text and in µs, µs as text

-- Binds the keys and the time; returns an error message for a bad wake-up command.
local function begin(KEYS, ARGV)
  call = redis.call
  if not find then
    find, sub, byte, char, floor, format = string.find, string.sub, string.byte, string.char, math.floor, string.format
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
  local seconds = t[1]
  if seconds ~= timeSecondsText then -- a new second: convert it (else the last one's)
    timeSecondsText, timeSeconds = seconds, tonumber(seconds) * 1000000
  end
  timeMicrosText = t[2]
  NOW_US = timeSeconds + timeMicrosText
  NOW_MS = (NOW_US - NOW_US % 1000) / 1000
  mFence, mReapAt, mWakeUntil, mSettings, mWaitReapAt, mHoldingBack = nil, nil, nil, nil, nil, nil
  return nil
end

-- An integer (a time, a fence) as decimal text, exactly.
local function decimal(n)
  return format('%d', n)
end

-- decimal(n), built from TIME's own text when n is the time in µs (as most
-- fencing tokens are): a concatenation costs a fifth of formatting.
local MICROS_PAD = { '00000', '0000', '000', '00', '0', '' }
local function decimalUs(n)
  if n == NOW_US then return timeSecondsText .. MICROS_PAD[#timeMicrosText] .. timeMicrosText end
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

local KEEP = 512 -- how many texts badLabel and `number` remember, each
local goodLabels, labelsKept = {}, 0

-- Whether a label (owner, operation, operator, host, reason) breaks the rule
-- every one follows: at most 256 bytes, without NUL or newline. Labels that
-- passed are remembered (as `number` remembers), so that a client's owner and
-- operation are checked once, not on every call.
local function badLabel(text)
  if goodLabels[text] then return false end
  if #text > 256 or find(text, '\0', 1, true) or find(text, '\n', 1, true) then return true end
  if labelsKept >= KEEP then goodLabels, labelsKept = {}, 0 end
  goodLabels[text] = true
  labelsKept = labelsKept + 1
  return false
end

-- tonumber() of an argument, remembered: a client sends the same ttl, reap batch,
-- wait and renewal period call after call, and a table lookup costs a fraction
-- of converting the text again. At most KEEP texts are kept; then it starts over.
local numbers, numbersKept = {}, 0
local function number(text)
  if text == nil then return nil end
  local n = numbers[text]
  if n == nil then
    n = tonumber(text) or false
    if numbersKept >= KEEP then numbers, numbersKept = {}, 0 end
    numbers[text] = n
    numbersKept = numbersKept + 1
  end
  return n or nil
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
local function validId(id) -- (an argument is a string or absent)
  return id ~= nil and #id == 17 and byte(id, 1) == 0
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
local CODE = { IS = 1, IX = 2, S = 3, SIX = 4, X = 5 } -- a mode's code
local STEP_CODE = { [1] = 1, [256] = 2, [65536] = 3, [16777216] = 4, [4294967296] = 5 } -- one hold's STEP: its code
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
    local m, c1, c2, c3, c4 = byte(v, 1, 5)
    if m == STEP_CODE[d] then -- one hold of the mode held: the count read with one call, not unpacked
      if c1 + c2 + c3 == 0 and c4 <= 1 then return nil end
      if c4 > 0 then return char(m, c1, c2, c3, c4 - 1) .. sub(v, 6) end
    end
    local c, holder
    m, c, holder = unpackStruct(NODE1, v)
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
  local set, s = { nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil }, 0 -- depth 3 and what acquire adds
  if mode then
    local n = #fields
    local im = INTENT[mode]
    for k = 3, n do
      local want = k == n and mode or im
      local v = values[k]
      local value
      if not v then
        value = freshNode(STEP[want], id)
      elseif #v == 22 then -- one mode held: its code and count read with one call, not unpacked
        local m, c1, c2, c3, c4 = byte(v, 1, 5)
        local held = CLASH[want][CODE_STEP[m] and m or 4] -- not a mode (hand-edited): SIX, as readNode
        if held then return k, MODE_NAMES[CODE_STEP[m] and m or 4], 1, nil end
        if m == CODE[want] and c4 < 255 then -- one more hold of the same mode: its count's last byte
          value = char(m, c1, c2, c3, c4 + 1) .. id
        else
          value = raised(v, STEP[want], id)
        end
      else
        local held = clashOn(v, want)
        if held then return k, held, 1, nil end
        value = raised(v, STEP[want], id)
      end
      set[s + 1] = fields[k]
      set[s + 2] = value
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
