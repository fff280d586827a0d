--[[ waiters.lua — the prologue, part 3 of 4: waiters and fairness.

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

-- Whether waiter `id` was last refused by one of the leases in `holding` (a
-- set, or nil): then it waits for the caller, and holding the caller back would
-- make each wait for the other.
local function waitsForHolder(id, holding)
  if not holding then return false end
  local w = readWaiter(id)
  local blocker = w and w[W_BLOCKER]
  return blocker ~= nil and blocker[11] ~= 1 and holding[blocker[1]] == true
end

-- Whether waiter `id` was last refused by a lease presumed dead (presumedDead),
-- or queues behind a waiter that was (a chain of at most DEAD_CHAIN): its holder
-- stopped renewing, so the waiter no longer holds anyone back. The lease itself
-- still excludes until it expires.
local DEAD_CHAIN = 8
local function waitsForTheDead(id)
  for _ = 1, DEAD_CHAIN do
    local w = readWaiter(id)
    local blocker = w and w[W_BLOCKER]
    if not blocker or blocker[1] == '' then return false end
    if blocker[11] ~= 1 then
      local rec = readLease(blocker[1])
      return rec ~= nil and presumedDead(rec)
    end
    id = blocker[1]
  end
  return false
end

-- The oldest reservation that a hold of `want` on the node whose reservation
-- value is `v` must wait behind, for a caller of since `mine`, id `self` and
-- own leases `holding`: the reserved mode and the waiter's id; nil if none.
local function aheadOn(v, want, mine, self, holding)
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
        if id ~= self and not waitsForHolder(id, holding) and not waitsForTheDead(id) then return MODE_NAMES[m], id end
      end
    end
    at = at + c * RES_ENTRY
  end
  return nil
end

-- Whether an acquire that no holder blocks must wait behind an older waiter:
-- the first reservation in the documented clash order, as the node's index in
-- `fields`, the reserved mode, the request's number and the waiter's id. The
-- arguments as grantPlan's, and the caller's own leases `holding`.
local function heldBack(fields, mine, self, holding, mode, flat, ends, modes)
  local res = {}
  for k = 3, #fields do res[k - 2] = '~' .. fields[k] end
  local values = callChunked('HMGET', STATE, res)
  if mode then
    local n = #fields
    local im = INTENT[mode]
    for k = 3, n do
      local v = values[k - 2]
      if v then
        local held, who = aheadOn(v, k == n and mode or im, mine, self, holding)
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
        local held, who = aheadOn(v, c < last and im or want, mine, self, holding)
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
