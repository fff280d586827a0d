--[[ acquire.lua — grant a set of lock requests all-or-nothing, or name who blocks.

KEYS: common (nodes, who, expiry, fence, events), KEYS[6] = this lease's record key.
ARGV: [1] lease key prefix, [2] wake channel, [3] lease id, [4] owner, [5] operation,
      [6] ttl ms, [7] reap batch, [8] n requests, then n pairs: mode, canonical path
      (normalised by the client: one request per path, sorted).
Replies:
  {1, id, fence, expires_ms, holds, ttl}                        granted (or reentered)
  {0, blocker id, owner, op, path, mode, expires_in_ms,
      clash path, held mode, wanted path, wanted mode}          refused
  {-1, message}                                                 invalid argument
Work: O(requests x depth) reads and writes in a constant number of calls, plus a
bounded reap (ARGV[7] leases; up to 1,000 more only on a clash while expired
leases remain) and, only when the recorded holder of a clashing count is gone,
a scan of at most 1,000 lease records to name another.
]]

local id, owner, op = ARGV[3], ARGV[4], ARGV[5]
local ttl, reapBatch, n = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local leaseKey = KEYS[6]

if not validId(id) then return { -1, 'lease id must be 32 lower-case hex digits' } end
if not ttl or ttl < 10 or ttl > 86400000 or ttl ~= math.floor(ttl) then
  return { -1, 'ttl must be an integer between 10 and 86400000 ms' }
end
if not n or n < 1 or n > 64 or #ARGV ~= 8 + 2 * n then
  return { -1, 'between 1 and 64 requests expected' }
end
if #owner > 256 or #op > 256 or string.find(owner, '[%z\n]') or string.find(op, '[%z\n]') then
  return { -1, 'owner and operation must be at most 256 bytes, without NUL or newline' }
end
local requests, lines, seen = {}, {}, {}
for i = 1, n do
  local mode, path = ARGV[7 + 2 * i], ARGV[8 + 2 * i]
  if not IS_MODE[mode] then return { -1, 'unknown lock mode ' .. tostring(mode) } end
  local why = badPath(path)
  if why then return { -1, 'path is not canonical (' .. why .. ')' } end
  if seen[path] then return { -1, 'one request per path expected' } end
  seen[path] = true
  requests[i] = { mode = mode, path = path }
  lines[i] = mode .. ' ' .. path
end
local requestText = table.concat(lines, '\n')

-- Refusals of the id come first, so a refused call changes nothing.
local existing = redis.call('HMGET', leaseKey, 'requests', 'revoked')
if existing[1] then
  local exp = leaseExpiry(id)
  if exp and exp > NOW_MS then
    if existing[2] == '1' then return { -1, 'lease id is revoked: it was force-released and cannot be reused' } end
    if existing[1] ~= requestText then
      return { -1, 'lease id in use with other requests: a reentrant acquire must repeat the same requests' }
    end
  end
end

reapExpired(reapBatch)

-- Reentrancy (the reap may have removed the lease already).
existing = redis.call('HMGET', leaseKey, 'requests', 'fence')
if existing[1] then
  local exp = leaseExpiry(id)
  if not exp or exp <= NOW_MS then
    dropLease(id, 'expire')
  else
    local holds = redis.call('HINCRBY', leaseKey, 'holds', 1)
    local expires = NOW_MS + ttl
    redis.call('HSET', leaseKey, 'expires_ms', num(expires), 'ttl', num(ttl))
    redis.call('ZADD', EXPIRY, num(expires), id)
    return { 1, id, tonumber(existing[2]), expires, holds, ttl }
  end
end

-- Fields to check, in the documented order, with what each check is for.
local function checkFields()
  local fields, meta = {}, {}
  for ri, r in ipairs(requests) do
    local im = intention(r.mode)
    for _, a in ipairs(ancestors(r.path)) do
      for _, h in ipairs(MODES) do
        if not COMPAT[h][im] then
          fields[#fields + 1] = a .. '|' .. h
          meta[#meta + 1] = { path = a, held = h, req = ri }
        end
      end
    end
    for _, h in ipairs(MODES) do
      if not COMPAT[h][r.mode] then
        fields[#fields + 1] = r.path .. '|' .. h
        meta[#meta + 1] = { path = r.path, held = h, req = ri }
      end
    end
  end
  return fields, meta
end

local function findClash()
  local fields, meta = checkFields()
  local counts = callChunked('HMGET', NODES, fields)
  for i = 1, #fields do
    if (tonumber(counts[i]) or 0) > 0 then return meta[i] end
  end
  return nil
end

-- The first request of a lease (normalised order) that leaves `held` on `path`.
local function leavesOn(requestList, path, held)
  for _, r in ipairs(requestList) do
    if r.path == path and r.mode == held then return r end
  end
  for _, r in ipairs(requestList) do
    if intention(r.mode) == held and r.path ~= path and
       string.sub(r.path, 1, #path) == path and
       (path == '/' or string.sub(r.path, #path + 1, #path + 1) == '/') then
      return r
    end
  end
  return nil
end

local clash = findClash()
if clash then
  local first = redis.call('ZRANGE', EXPIRY, 0, 0, 'WITHSCORES')
  if first[2] and tonumber(first[2]) <= NOW_MS then
    reapExpired(1000)
    clash = findClash()
  end
end

if clash then
  local field = clash.path .. '|' .. clash.held
  local wanted = requests[clash.req]
  local holder, rec, via = redis.call('HGET', WHO, field), nil, nil
  if holder then
    rec = redis.call('HMGET', LEASE_PREFIX .. holder, 'requests', 'owner', 'op')
    if rec[1] then via = leavesOn(parseRequests(rec[1]), clash.path, clash.held) end
  end
  if not via then
    holder = nil
    local ids = redis.call('ZRANGE', EXPIRY, 0, 999)
    for _, candidate in ipairs(ids) do
      local r = redis.call('HMGET', LEASE_PREFIX .. candidate, 'requests', 'owner', 'op')
      if r[1] then
        via = leavesOn(parseRequests(r[1]), clash.path, clash.held)
        if via then
          holder, rec = candidate, r
          break
        end
      end
    end
  end
  if not via then
    return { 0, '', '', '', '', '', 0, clash.path, clash.held, wanted.path, wanted.mode }
  end
  local expiresIn = math.max(0, (leaseExpiry(holder) or NOW_MS) - NOW_MS)
  return { 0, holder, rec[2] or '', rec[3] or '', via.path, via.mode, expiresIn,
           clash.path, clash.held, wanted.path, wanted.mode }
end

-- Grant.
-- max(previous + 1, now in µs): a counter rolled back by a restart that lost
-- writes still issues tokens above every one handed out before.
local fence = math.max((tonumber(redis.call('GET', FENCE)) or 0) + 1, tonumber(NOW_US))
redis.call('SET', FENCE, num(fence))
local expires = NOW_MS + ttl
applyCounts(requests, 1, id)
redis.call('HSET', leaseKey, 'owner', owner, 'op', op, 'requests', requestText,
           'ttl', num(ttl), 'expires_ms', num(expires), 'fence', num(fence), 'holds', '1',
           'created_ms', num(NOW_MS))
redis.call('ZADD', EXPIRY, num(expires), id)
event({ 'type', 'grant', 't', num(NOW_MS), 'lease', id, 'owner', owner, 'op', op,
        'requests', requestText, 'fence', num(fence), 'expires_ms', num(expires) })
return { 1, id, fence, expires, 1, ttl }
