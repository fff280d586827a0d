--[[ fsck.lua — recompute node counts from the lease records; report or repair.

KEYS: common (nodes, who, expiry, fence, events, leases).
ARGV: [1] wake-up command, [2] wake channel, [3] repair ("1" rewrites the counts).
Replies:
  {leases, node fields, {path|mode, expected, actual, ...}, {orphan id, ...}, repaired}
Expired-unreaped and revoked leases count: they hold their counts until reaped.
Work: O(leases x requests x depth + node fields). An operator's tool, not a hot path.
]]

local repair = ARGV[3] == '1'
local expected, order = {}, {}
local ids = call('ZRANGE', EXPIRY, 0, -1)
local leases, orphans = 0, {}
for _, id in ipairs(ids) do
  local rec = readLease(id)
  if rec then
    leases = leases + 1
    local fields, delta = contributionsOf(rec[R_REQUESTS])
    for _, f in ipairs(fields) do
      if not expected[f] then
        expected[f] = 0
        order[#order + 1] = f
      end
      expected[f] = expected[f] + delta[f]
    end
  else
    orphans[#orphans + 1] = id
  end
end
local stored = call('HGETALL', NODES)
local actual, storedCount = {}, 0
for i = 1, #stored, 2 do
  actual[stored[i]] = tonumber(stored[i + 1]) or 0
  storedCount = storedCount + 1
  if not expected[stored[i]] then
    expected[stored[i]] = 0
    order[#order + 1] = stored[i]
  end
end
local diffs = {}
for _, f in ipairs(order) do
  local e, a = expected[f], actual[f] or 0
  if e ~= a then
    diffs[#diffs + 1] = f
    diffs[#diffs + 1] = e
    diffs[#diffs + 1] = a
  end
end
if repair and (#diffs > 0 or #orphans > 0) then
  for i = 1, #diffs, 3 do
    if diffs[i + 1] > 0 then
      call('HSET', NODES, diffs[i], diffs[i + 1])
    else
      call('HDEL', NODES, diffs[i])
      call('HDEL', WHO, diffs[i])
    end
  end
  for _, id in ipairs(orphans) do call('ZREM', EXPIRY, id) end
end
return { leases, storedCount, diffs, orphans, (repair and (#diffs > 0 or #orphans > 0)) and 1 or 0 }
