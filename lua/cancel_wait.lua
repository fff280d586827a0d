--[[ cancel_wait.lua — a waiting acquire gives up: its registration ends.

KEYS: common, and waiters and hot.
ARGV: [1] wake-up command, [2] lease id (binary) the waiter asked for.
Replies:
  {1}            the waiter was registered and is gone; whoever it held back was woken
  {0}            no waiter is registered under that id
  {-1, message}  invalid argument
Work: O(requests x depth).
]]

local bad = begin(KEYS, ARGV)
if bad then return { -1, bad } end
local id = ARGV[2]
if not validId(id) then return { -1, 'lease id must be a NUL and 16 bytes' } end
local w = readWaiter(id)
if not w then return { 0 } end
readMeta(call('HGET', STATE, '#m'))
dropWaiter(id, w, true)
if mStored then call('HSET', STATE, '#m', metaValue()) end
return { 1 }
