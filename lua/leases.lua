--[[ leases.lua — the prologue, part 2 of 4 (after common.lua): lease records, events,
freeing a lease and reaping expired ones. ]]

-- Lease records. Indexes into a record read as a table:
local R_OWNER, R_OP, R_REQUESTS, R_TTL, R_EXPIRES, R_FENCE, R_HOLDS, R_CREATED, R_REVOKED = 1, 2, 3, 4, 5, 6, 7, 8, 9
-- The tenth value, when present: the id of the last call that changed the lease's
-- holds (an acquire or a release that named one). A repeat of that call (its
-- answer was lost, the caller sends it again) finds it here and changes nothing.
local R_CALL = 10
-- The eleventh, when present: how often the holder renews the lease (ms; a
-- watchdog), for fairness to presume it dead once it stops (presumedDead).
local R_RENEW = 11
-- Expected renewal gaps without a renewal after which such a lease is presumed dead.
local PRESUMED_DEAD_PERIODS = 1.5

-- The record of lease `id` as a table, or nil.
local function readLease(id)
  local value = call('HGET', STATE, id)
  if not value then return nil end
  return { unpackRecord(value) }
end

local function recordValue(r)
  local callId, renew = r[R_CALL] or '', r[R_RENEW] or 0
  if renew > 0 then
    return packRecord(r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], callId, renew)
  end
  if callId ~= '' then
    return packRecord(r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], callId)
  end
  return packRecord(r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9])
end

-- Whether a lease (its record as a table) renews by watchdog and has gone
-- PRESUMED_DEAD_PERIODS of the gap expected after its last renewal without one:
-- its holder has likely died. Its last renewal is its expiry less its ttl (a
-- renewal sets both); the gap expected after a renewal at age a (0: the grant)
-- is a plus the period it said, at most a third of its ttl (and never less
-- than the period), as a watchdog whose gaps double.
local function presumedDead(r)
  local renew = r[R_RENEW]
  if renew == nil or renew <= 0 then return false end
  local last = r[R_EXPIRES] - r[R_TTL]
  local gap = math.min(last - r[R_CREATED] + renew, math.max(renew, r[R_TTL] / 3))
  return NOW_MS - last > gap * PRESUMED_DEAD_PERIODS
end

-- Whether a call id breaks its rule: at most 64 bytes, without NUL (empty: the
-- call names none, and is applied every time it is sent).
local function badCallId(callId)
  return #callId > 64 or find(callId, '\0', 1, true)
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
