--[[ acquire.lua — grant a set of lock requests all-or-nothing, or name who blocks.

KEYS: common (nodes, who, expiry, fence, events, leases).
ARGV: [1] wake-up command, [2] wake channel, [3] lease id, [4] owner, [5] operation,
      [6] ttl ms, [7] reap batch, [8] n requests, then n pairs: mode, canonical path
      (normalised by the client: one request per path, sorted).
Replies:
  {1, id, fence, expires_ms, holds, ttl}                        granted (or reentered)
  {0, blocker id, owner, op, path, mode, expires_in_ms,
      clash path, held mode, wanted path, wanted mode}          refused
  {-1, message}                                                 invalid argument
Work: O(requests x depth) in a constant number of calls: one HMGET reads every
field to check and every count to raise, one HSET writes the counts. Plus a
bounded reap (ARGV[7] leases; up to 1,000 more only on a clash while expired
leases remain) and, only when the recorded holder of a clashing count is gone,
a scan of at most 1,000 lease records to name another.
]]

local id, owner, op, ttlText = ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local ttl, reapBatch, n = tonumber(ttlText), tonumber(ARGV[7]), tonumber(ARGV[8])

if not validId(id) then return { -1, 'lease id must be 32 lower-case hex digits' } end
if not ttl or ttl < 10 or ttl > 86400000 or ttl ~= math.floor(ttl) then
  return { -1, 'ttl must be an integer between 10 and 86400000 ms' }
end
if not reapBatch or reapBatch < 0 or reapBatch > 1000 then
  return { -1, 'reap batch must be between 0 and 1000' }
end
if not n or n < 1 or n > 64 or #ARGV ~= 8 + 2 * n then
  return { -1, 'between 1 and 64 requests expected' }
end
if #owner > 256 or #op > 256 or find(owner, '[%z\n]') or find(op, '[%z\n]') then
  return { -1, 'owner and operation must be at most 256 bytes, without NUL or newline' }
end
local requestText, seen = nil, {}
for i = 1, n do
  local mode, path = ARGV[7 + 2 * i], ARGV[8 + 2 * i]
  if mode ~= 'X' and mode ~= 'S' and mode ~= 'IX' and mode ~= 'IS' and mode ~= 'SIX' then
    return { -1, 'unknown lock mode ' .. tostring(mode) }
  end
  local why = badPath(path)
  if why then return { -1, 'path is not canonical (' .. why .. ')' } end
  if seen[path] then return { -1, 'one request per path expected' } end
  seen[path] = true
  requestText = (i == 1) and (mode .. ' ' .. path) or (requestText .. '\n' .. mode .. ' ' .. path)
end

-- Refusals of the id come first, so a refused call changes nothing.
local existing = readLease(id)
local live = existing and existing[R_EXPIRES] > NOW_MS
if live then
  if existing[R_REVOKED] == 1 then return { -1, 'lease id is revoked: it was force-released and cannot be reused' } end
  if existing[R_REQUESTS] ~= requestText then
    return { -1, 'lease id in use with other requests: a reentrant acquire must repeat the same requests' }
  end
end

local reaped = reapExpired(reapBatch)

if live then -- reentrant: a live lease is never reaped
  local expires = NOW_MS + ttl
  existing[R_HOLDS] = existing[R_HOLDS] + 1
  existing[R_EXPIRES] = expires
  existing[R_TTL] = ttl
  writeLease(id, existing)
  call('ZADD', EXPIRY, tostring(expires), id)
  return { 1, id, existing[R_FENCE], expires, existing[R_HOLDS], ttl }
end
if existing then -- this id's lease expired; drop it unless the batch just did
  local gone = false
  for i = 1, #reaped do
    if reaped[i] == id then gone = true; break end
  end
  if not gone then dropLease(id, 'expire') end
end

-- One read: the fields to check (in the documented order: per request, its
-- ancestors root first, then its own path; per node the held modes in the order
-- IS, IX, S, SIX, X), then the counts this grant raises.
local function readFields()
  local fields, order, delta, lastCheck = {}, {}, {}, {}
  for i = 1, n do
    local mode, path = ARGV[7 + 2 * i], ARGV[8 + 2 * i]
    if path ~= '/' then
      local ix = mode ~= 'S' and mode ~= 'IS'
      local a, from = '/', 2
      while a do
        if ix then
          fields[#fields + 1] = a .. '|S'
          fields[#fields + 1] = a .. '|SIX'
        end
        fields[#fields + 1] = a .. '|X'
        local j = find(path, '/', from, true)
        if j then a = sub(path, 1, j - 1); from = j + 1 else a = nil end
      end
    end
    if mode == 'IS' then
      fields[#fields + 1] = path .. '|X'
    elseif mode == 'IX' then
      fields[#fields + 1] = path .. '|S'
      fields[#fields + 1] = path .. '|SIX'
      fields[#fields + 1] = path .. '|X'
    elseif mode == 'S' then
      fields[#fields + 1] = path .. '|IX'
      fields[#fields + 1] = path .. '|SIX'
      fields[#fields + 1] = path .. '|X'
    elseif mode == 'SIX' then
      fields[#fields + 1] = path .. '|IX'
      fields[#fields + 1] = path .. '|S'
      fields[#fields + 1] = path .. '|SIX'
      fields[#fields + 1] = path .. '|X'
    else
      fields[#fields + 1] = path .. '|IS'
      fields[#fields + 1] = path .. '|IX'
      fields[#fields + 1] = path .. '|S'
      fields[#fields + 1] = path .. '|SIX'
      fields[#fields + 1] = path .. '|X'
    end
    lastCheck[i] = #fields
    addContributions(mode, path, order, delta)
  end
  local checks = #fields
  for i = 1, #order do fields[checks + i] = order[i] end
  return fields, checks, lastCheck, order, delta, callChunked('HMGET', NODES, fields)
end

local fields, checks, lastCheck, order, delta, values = readFields()
-- The first clashing check field, and the request it was checked for.
local function firstClash()
  for k = 1, checks do
    if values[k] then
      for i = 1, n do
        if lastCheck[i] >= k then return fields[k], i end
      end
    end
  end
  return nil
end
local clash, clashReq = firstClash()
if clash then
  local first = call('ZRANGE', EXPIRY, 0, 0, 'WITHSCORES')
  if first[2] and tonumber(first[2]) <= NOW_MS then
    reapExpired(1000)
    fields, checks, lastCheck, order, delta, values = readFields()
    clash, clashReq = firstClash()
  end
end

-- The first request of a lease (normalised order) that leaves `held` on `path`.
local function leavesOn(requestList, path, held)
  for _, r in ipairs(requestList) do
    if r.path == path and r.mode == held then return r end
  end
  for _, r in ipairs(requestList) do
    if intention(r.mode) == held and r.path ~= path and
       sub(r.path, 1, #path) == path and
       (path == '/' or sub(r.path, #path + 1, #path + 1) == '/') then
      return r
    end
  end
  return nil
end

if clash then
  local bar = #clash - find(string.reverse(clash), '|', 1, true) + 1
  local clashPath, clashHeld = sub(clash, 1, bar - 1), sub(clash, bar + 1)
  local wanted = { mode = ARGV[7 + 2 * clashReq], path = ARGV[8 + 2 * clashReq] }
  local holder, rec, via = call('HGET', WHO, clash), nil, nil
  if holder then
    rec = readLease(holder)
    if rec then via = leavesOn(parseRequests(rec[R_REQUESTS]), clashPath, clashHeld) end
  end
  if not via then
    holder = nil
    local ids = call('ZRANGE', EXPIRY, 0, 999)
    for _, candidate in ipairs(ids) do
      local r = readLease(candidate)
      if r then
        via = leavesOn(parseRequests(r[R_REQUESTS]), clashPath, clashHeld)
        if via then
          holder, rec = candidate, r
          break
        end
      end
    end
  end
  if not via then
    return { 0, '', '', '', '', '', 0, clashPath, clashHeld, wanted.path, wanted.mode }
  end
  local expiresIn = math.max(0, rec[R_EXPIRES] - NOW_MS)
  return { 0, holder, rec[R_OWNER], rec[R_OP], via.path, via.mode, expiresIn,
           clashPath, clashHeld, wanted.path, wanted.mode }
end

-- Grant.
-- max(previous + 1, now in µs): a counter rolled back by a restart that lost
-- writes still issues tokens above every one handed out before.
-- One call when the clock is ahead of the counter (the usual case).
local fenceText = NOW_US_TEXT
local fence = tonumber(fenceText)
local previous = tonumber(call('SET', FENCE, fenceText, 'GET')) or 0
if previous + 1 > fence then
  fence = previous + 1
  fenceText = string.format('%.0f', fence)
  call('SET', FENCE, fenceText)
end
local set, who = {}, {}
for i = 1, #order do
  local field = order[i]
  set[#set + 1] = field
  set[#set + 1] = (tonumber(values[checks + i]) or 0) + delta[field]
  who[#who + 1] = field
  who[#who + 1] = id
end
callChunked('HSET', NODES, set)
callChunked('HSET', WHO, who)
local expires = NOW_MS + ttl
local expiresText = tostring(expires)
writeLease(id, { owner, op, requestText, ttl, expires, fence, 1, NOW_MS, 0 })
call('ZADD', EXPIRY, expiresText, id)
call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', 'type', 'grant', 't', NOW_MS_TEXT, 'lease', id,
     'owner', owner, 'op', op, 'requests', requestText, 'fence', fenceText, 'expires_ms', expiresText)
return { 1, id, fence, expires, 1, ttl }
