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

-- The record a grant writes, byte for byte what cmsgpack.pack(owner, op, text,
-- ttl, expires, fence, 1, NOW_MS, 0[, callId[, renew]]) writes, built by one
-- struct.pack in the usual case (labels and call id under 32 bytes, requests
-- under 256, a ttl of 256 ms to 65 s, times past 2^32 ms, a renewal period
-- under 128 ms): MessagePack's headers are constants there, and struct parses
-- one format where cmsgpack inspects every value. Else cmsgpack itself.
local STR_HEAD = {} -- a string's MessagePack header by its length (fixstr, str8), filled on first use
local function newRecord(owner, op, text, ttl, expires, fence, callId, renew)
  if not STR_HEAD[0] then -- (the string library exists only while a function runs)
    for n = 0, 255 do STR_HEAD[n] = n < 32 and char(160 + n) or char(217, n) end
  end
  local no, np, nc = #owner, #op, #callId
  if no < 32 and np < 32 and nc < 32 and #text < 256 and ttl >= 256 and ttl < 65536 and renew < 128
     and expires >= 4294967296 and fence >= 4294967296 and NOW_MS >= 4294967296 then
    if renew > 0 then
      return pack('>Bc0Bc0c0c0BI2BI8BI8BBI8BBc0B', 160 + no, owner, 160 + np, op, STR_HEAD[#text], text,
                  205, ttl, 207, expires, 207, fence, 1, 207, NOW_MS, 0, 160 + nc, callId, renew)
    elseif nc > 0 then
      return pack('>Bc0Bc0c0c0BI2BI8BI8BBI8BBc0', 160 + no, owner, 160 + np, op, STR_HEAD[#text], text,
                  205, ttl, 207, expires, 207, fence, 1, 207, NOW_MS, 0, 160 + nc, callId)
    end
    return pack('>Bc0Bc0c0c0BI2BI8BI8BBI8B', 160 + no, owner, 160 + np, op, STR_HEAD[#text], text,
                205, ttl, 207, expires, 207, fence, 1, 207, NOW_MS, 0)
  end
  if renew > 0 then return packRecord(owner, op, text, ttl, expires, fence, 1, NOW_MS, 0, callId, renew) end
  if callId ~= '' then return packRecord(owner, op, text, ttl, expires, fence, 1, NOW_MS, 0, callId) end
  return packRecord(owner, op, text, ttl, expires, fence, 1, NOW_MS, 0)
end

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

-- acquire.lua's arguments, checked: ttl, reap batch, wait, waiter refresh, call
-- id, renewal period and the set of the caller's own lease ids (nil: none); or
-- nil and a message naming the argument and its rule.
local function acquireArguments(ARGV)
  local ttl, reapBatch, wait, refresh = number(ARGV[5]), number(ARGV[6]), number(ARGV[7]), number(ARGV[9])
  if not validId(ARGV[2]) then return nil, 'lease id must be a NUL and 16 bytes' end
  if not ttl or ttl < 10 or ttl > DAY_MS or ttl % 1 ~= 0 then
    return nil, 'ttl must be an integer between 10 and ' .. DAY_MS .. ' ms'
  end
  if not reapBatch or reapBatch < 0 or reapBatch > 1000 or reapBatch % 1 ~= 0 then
    return nil, 'reap batch must be an integer between 0 and 1000'
  end
  if not wait or wait < 0 or wait > DAY_MS or wait % 1 ~= 0 then
    return nil, 'wait must be an integer between 0 and ' .. DAY_MS .. ' ms'
  end
  if not refresh or (refresh ~= 0 and (refresh < 10 or refresh > DAY_MS)) or refresh % 1 ~= 0 then
    return nil, 'waiter refresh must be 0 or an integer between 10 and ' .. DAY_MS .. ' ms'
  end
  if badLabel(ARGV[3]) or badLabel(ARGV[4]) then
    return nil, 'owner and operation must be at most 256 bytes, without NUL or newline'
  end
  local callId = ARGV[11] or ''
  if badCallId(callId) then return nil, 'call id must be at most 64 bytes, without NUL' end
  local renewEvery = number(ARGV[12] or '0')
  if not renewEvery or renewEvery % 1 ~= 0 or (renewEvery ~= 0 and (renewEvery < 10 or renewEvery > ttl)) then
    return nil, 'renewal period must be 0 or an integer between 10 ms and the ttl'
  end
  local holding = nil
  local heldText = ARGV[10] or ''
  if #heldText > 0 then
    if #heldText % 17 ~= 0 or #heldText > 64 * 17 then
      return nil, 'holding must be at most 64 lease ids, each a NUL and 16 bytes'
    end
    holding = {}
    for at = 1, #heldText, 17 do
      local held = sub(heldText, at, at + 16)
      if not validId(held) then return nil, 'holding must be at most 64 lease ids, each a NUL and 16 bytes' end
      holding[held] = true
    end
  end
  return ttl, reapBatch, wait, refresh, callId, renewEvery, holding
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
  local nodes = { '#m', nil, nil, nil, nil } -- sized for depth 3: growing a table costs more
  local mode, path = single(text)
  local n, delta, step, im
  if mode then
    n = chain(path, nodes, 1)
    step, im = STEP[mode], STEP[INTENT[mode]]
  else
    delta = walk(text, nodes)
    n = #nodes
  end
  local values = n <= CHUNK and call('HMGET', STATE, unpackList(nodes)) or callChunked('HMGET', STATE, nodes)
  readMeta(values[1])
  local set, gone = { nil, nil, nil, nil }, { id, nil, nil, nil, nil }
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
  if #set > 0 then
    if #set <= CHUNK then call('HSET', STATE, unpackList(set)) else callChunked('HSET', STATE, set) end
  end
  if #gone <= CHUNK then call('HDEL', STATE, unpackList(gone)) else callChunked('HDEL', STATE, gone) end
  call('ZREM', EXPIRY, id)
  if extra then
    local fields = { 'type', kind, 'lease', id, 'owner', owner, 'op', op,
                     'requests', text, 'fence', decimal(fence) }
    for i = 1, #extra do fields[#fields + 1] = extra[i] end
    event(fields)
  elseif kind ~= 'release' or mSettings % 2 < UNRECORDED then -- recordsGrantsAndReleases()
    call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', 'type', kind, 'lease', id, 'owner', owner,
         'op', op, 'requests', text, 'fence', decimal(fence))
  end
  if mWakeUntil > NOW_MS then wake(id) end
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
