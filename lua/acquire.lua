--[[ acquire.lua — grant a set of lock requests all-or-nothing, or name who blocks.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] lease id (binary), [3] owner, [4] operation,
      [5] ttl ms, [6] reap batch, [7] wait ms (how long the caller waits for a
      wake-up if refused; 0: it does not wait), [8] the requests: "MODE PATH"
      lines joined by "\n", canonical (normalised by the client: one request per
      path, sorted), [9] waiter refresh ms: with a wait, a refusal registers (or
      refreshes) the waiter under the lease id for this long, and a grant ends
      it; 0: the caller is no waiter, [10] optional: the leases the caller
      holds, lease ids (binary) one after the other, at most 64: a waiter last
      refused by one of them does not hold this call back (no wait cycle),
      [11] optional: the call id, at most 64 bytes without NUL, chosen by the
      caller for this call and sent again with its repeats: when the lease is
      live and this call made its last hold, the call was applied already (its
      answer was lost) and is answered as then, changing nothing,
      [12] optional: how often the holder renews the lease, ms (a watchdog), 0
      or 10 to ttl; 0 or absent: it does not say. Once such a lease has gone
      1.5 periods without a renewal, the waiters it blocks stop holding back.
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
local ttl, reapBatch, wait, refresh, callId, renewEvery, holding = acquireArguments(ARGV)
if not ttl then return { -1, reapBatch } end
local fields = { id, '#m', nil, nil, nil, nil } -- sized for depth 3: growing a table costs more
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
local values = #fields <= CHUNK and call('HMGET', STATE, unpackList(fields)) or callChunked('HMGET', STATE, fields)
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
  if callId ~= '' and existing[10] == callId then -- a repeat of the call that took this hold (R_CALL)
    return { 1, existing[R_FENCE], existing[R_EXPIRES], existing[R_HOLDS] }
  end
  existing[R_HOLDS] = existing[R_HOLDS] + 1
  existing[10] = callId
  if renewEvery > 0 then existing[11] = renewEvery end
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
  clash, held, clashReq, ahead = heldBack(fields, waiter and waiter[W_SINCE] or NEVER, id, holding, mode, flat, ends,
                                          modes)
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
set[n + 4] = newRecord(owner, op, text, ttl, expires, fence, callId, renewEvery)
if n + 4 <= CHUNK then call('HSET', STATE, unpackList(set)) else callChunked('HSET', STATE, set) end
local expiresText = decimal(expires)
call('ZADD', EXPIRY, expiresText, id)
if mSettings % 2 < UNRECORDED then -- recordsGrantsAndReleases()
  call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', 'type', 'grant', 'lease', id,
       'owner', owner, 'op', op, 'requests', text, 'fence', decimalUs(fence), 'expires_ms', expiresText)
end
return { 1, fence, expires, 1 }
