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
