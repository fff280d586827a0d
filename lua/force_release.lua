--[[ force_release.lua — an operator releases a lease; audited in the event stream.

KEYS: common (state, expiry, events).
ARGV: [1] wake-up command, [2] lease id (binary), [3] operator, [4] host,
      [5] reason, [6] admin ("1" allows revoking a live lease), [7] lock-delay ms.
Replies:
  {1}            released: an expired lease reaped, or a live one revoked (admin)
  {0}            unknown: no such lease, or already revoked
  {3}            refused: the lease is live and admin was not given
  {-1, message}  invalid argument
A live lease revoked with a lock-delay d > 0 stays in place, marked revoked, with
its expiry moved to now + d: its paths stay blocked until it is reaped, and its
holder's renew and release answer "unknown".
Work: O(requests x depth).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local id, operator, host, reason = ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local admin, delay = ARGV[6] == '1', tonumber(ARGV[7])
if not validId(id) then return { -1, 'lease id must be a NUL and 16 bytes' } end
if #operator == 0 or #reason == 0 then return { -1, 'operator and reason are required' } end
if badLabel(operator) or badLabel(host) or badLabel(reason) then
  return { -1, 'operator, host and reason must be at most 256 bytes, without NUL or newline' }
end
if not delay or delay < 0 or delay > DAY_MS or delay ~= floor(delay) then
  return { -1, 'lock-delay must be an integer between 0 and ' .. DAY_MS .. ' ms' }
end
local got = call('HMGET', STATE, id, '#m')
if not got[1] then return { 0 } end
local rec = { unpackRecord(got[1]) }
if rec[R_REVOKED] == 1 then return { 0 } end
local live = rec[R_EXPIRES] > NOW_MS
if live and not admin then return { 3 } end
local audit = { 'by', operator, 'host', host, 'reason', reason, 'was_live', live and '1' or '0' }
if live and delay > 0 then
  local fields = { 'type', 'force', 'lease', id, 'owner', rec[R_OWNER], 'op', rec[R_OP],
                   'requests', rec[R_REQUESTS], 'fence', decimal(rec[R_FENCE]) }
  for _, v in ipairs(audit) do fields[#fields + 1] = v end
  readMeta(got[2]) -- before the event: a project of an unknown layout is refused untouched
  event(fields)
  local untilMs = NOW_MS + delay
  rec[R_REVOKED] = 1
  rec[R_EXPIRES] = untilMs
  if untilMs < mReapAt then mReapAt = untilMs end
  call('HSET', STATE, id, recordValue(rec), '#m', metaValue())
  call('ZADD', EXPIRY, decimal(untilMs), id)
  return { 1 }
end
dropLease(id, 'force', rec, audit)
return { 1 }
