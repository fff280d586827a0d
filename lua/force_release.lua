--[[ force_release.lua — an operator releases a lease; audited in the event stream.

KEYS: common (nodes, who, expiry, fence, events, leases).
ARGV: [1] wake-up command, [2] wake channel, [3] lease id, [4] operator, [5] host,
      [6] reason, [7] admin ("1" allows revoking a live lease), [8] lock-delay ms.
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

local id, operator, host, reason = ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local admin, delay = ARGV[7] == '1', tonumber(ARGV[8])
if not validId(id) then return { -1, 'lease id must be 32 lower-case hex digits' } end
if #operator == 0 or #reason == 0 then return { -1, 'operator and reason are required' } end
if #operator > 256 or #host > 256 or #reason > 256 or
   string.find(operator .. host .. reason, '[%z\n]') then
  return { -1, 'operator, host and reason must be at most 256 bytes, without NUL or newline' }
end
if not delay or delay < 0 or delay > 86400000 or delay ~= math.floor(delay) then
  return { -1, 'lock-delay must be an integer between 0 and 86400000 ms' }
end
local rec = readLease(id)
if not rec or rec[R_REVOKED] == 1 then return { 0 } end
local live = rec[R_EXPIRES] > NOW_MS
if live and not admin then return { 3 } end
local audit = { 'by', operator, 'host', host, 'reason', reason, 'was_live', live and '1' or '0' }
if live and delay > 0 then
  local fields = { 'type', 'force', 't', NOW_MS_TEXT, 'lease', id, 'owner', rec[R_OWNER], 'op', rec[R_OP],
                   'requests', rec[R_REQUESTS], 'fence', digits(rec[R_FENCE]) }
  for _, v in ipairs(audit) do fields[#fields + 1] = v end
  event(fields)
  local untilMs = NOW_MS + delay
  rec[R_REVOKED] = 1
  rec[R_EXPIRES] = untilMs
  writeLease(id, rec)
  call('ZADD', EXPIRY, tostring(untilMs), id)
  return { 1 }
end
dropLease(id, 'force', audit, rec)
return { 1 }
