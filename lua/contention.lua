--[[ contention.lua — the most refused paths of a project.

KEYS: common, and waiters and hot.
ARGV: [1] wake-up command, [2] how many paths (1..256).
Replies:
  {now_ms, epoch_ms, {path, score, total, last_ms, waiters, {wanted op, blocking op, count, ...}}, ...}
  {-1, message}  invalid argument
Hottest first (by score; equal scores by path, descending). The client turns a
score into decayed refusals with the epoch (see countRefusal). `waiters` counts
the live registrations whose last refusal clashed on the path. Read-only.
Work: O(paths + waiters).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local top = tonumber(ARGV[2])
if not top or top < 1 or top > 256 or top ~= floor(top) then
  return { -1, 'the number of paths must be an integer between 1 and 256' }
end
local reply = { NOW_MS, tonumber(call('HGET', STATE, '#h') or '0') }
local hot = call('ZRANGE', HOT, '0', decimal(top - 1), 'REV', 'WITHSCORES')
if #hot == 0 then return reply end
local fields = {}
for i = 1, #hot, 2 do fields[#fields + 1] = '!' .. hot[i] end
local details = callChunked('HMGET', STATE, fields)
local waiting = {}
local ids = call('ZRANGE', WAITERS, '(' .. decimal(NOW_MS), '+inf', 'BYSCORE')
if #ids > 0 then
  local wf = {}
  for i = 1, #ids do wf[i] = waiterField(ids[i]) end
  local records = callChunked('HMGET', STATE, wf)
  for i = 1, #ids do
    if records[i] then
      local w = { unpackRecord(records[i]) }
      local at = w[W_BLOCKER][7]
      waiting[at] = (waiting[at] or 0) + 1
    end
  end
end
for i = 1, #hot, 2 do
  local path = hot[i]
  local info = details[(i + 1) / 2]
  local total, last, ops = 0, 0, {}
  if info then
    local d = { unpackRecord(info) }
    total, last = d[1], d[2]
    for j = 3, #d do ops[#ops + 1] = d[j] end
  end
  reply[#reply + 1] = { path, hot[i + 1], total, last, waiting[path] or 0, ops }
end
return reply
