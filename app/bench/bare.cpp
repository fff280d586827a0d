#include "bare.h"

#include <string>

namespace treelock::bench {

// Uses the prologue's bindings (begin, chain, readMeta, metaValue, find, sub, byte, ...)
// and takes acquire.lua's KEYS and ARGV: [2] id, [3] owner, [4] operation,
// [5] ttl ms, [8] one request "MODE PATH", [11] the call id.
const std::string_view kBareAcquireLua = R"lua(begin(KEYS, ARGV)
local id, owner, op, text = ARGV[2], ARGV[3], ARGV[4], ARGV[8]
local ttl = tonumber(ARGV[5])
local sp = find(text, ' ', 1, true)
local mode, path = sub(text, 1, sp - 1), sub(text, sp + 1)
local fields = { id, '#m', nil, nil, nil, nil }
local k = chain(path, fields, 2) -- the root, the ancestors, the path
local values = call('HMGET', STATE, unpackList(fields))
readMeta(values[2])
local set, s = { nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil }, 0
for i = 3, k do
  local v = values[i]
  local want = i == k and 5 or 2 -- X on the path, IX on its ancestors
  local value
  if v then
    local m, c1, c2, c3, c4 = byte(v, 1, 5)
    -- X clashes with every mode, IX with all but IS and IX; IS held beside it needs
    -- the long form of a node, which is not what this measures: refused too.
    if i == k or m ~= 2 then return { 0 } end
    if c4 < 255 then
      value = char(m, c1, c2, c3, c4 + 1) .. id
    else
      value = pack(NODE1, m, ((c1 * 256 + c2) * 256 + c3) * 256 + c4 + 1, id)
    end
  else
    value = (want == 5 and '\5\0\0\0\1' or '\2\0\0\0\1') .. id
  end
  set[s + 1] = fields[i]
  set[s + 2] = value
  s = s + 2
end
local fence = NOW_US
if mFence + 1 > fence then fence = mFence + 1 end
mFence = fence
local expires = NOW_MS + ttl
if expires < mReapAt then mReapAt = expires end
set[s + 1] = '#m'
set[s + 2] = metaValue()
set[s + 3] = id
set[s + 4] = packRecord(owner, op, text, ttl, expires, fence, 1, NOW_MS, 0, ARGV[11])
call('HSET', STATE, unpackList(set))
local expiresText = format('%d', expires)
call('ZADD', EXPIRY, expiresText, id)
call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', 'type', 'grant', 'lease', id, 'owner', owner, 'op', op,
     'requests', text, 'fence', format('%d', fence), 'expires_ms', expiresText)
return { 1, fence, expires, 1 }
)lua";

// release.lua's KEYS and ARGV: [2] the lease id.
const std::string_view kBareReleaseLua = R"lua(begin(KEYS, ARGV)
local id = ARGV[2]
local value = call('HGET', STATE, id)
if not value then return { 0, 0 } end
local owner, op, text, ttl, expires, fence = unpackRecord(value)
local path = sub(text, find(text, ' ', 1, true) + 1)
local fields = { '#m', nil, nil, nil, nil }
local k = chain(path, fields, 1)
local values = call('HMGET', STATE, unpackList(fields))
readMeta(values[1])
local set, gone = { nil, nil, nil, nil }, { id, nil, nil, nil, nil }
for i = 2, k do
  local m, c1, c2, c3, c4 = byte(values[i], 1, 5)
  if c1 + c2 + c3 == 0 and c4 <= 1 then
    gone[#gone + 1] = fields[i]
  else
    set[#set + 1] = fields[i]
    if c4 > 0 then
      set[#set + 1] = char(m, c1, c2, c3, c4 - 1) .. sub(values[i], 6)
    else
      set[#set + 1] = pack(NODE1, m, ((c1 * 256 + c2) * 256 + c3) * 256 - 1, sub(values[i], 6))
    end
  end
end
if #set > 0 then call('HSET', STATE, unpackList(set)) end
call('HDEL', STATE, unpackList(gone))
call('ZREM', EXPIRY, id)
call('XADD', EVENTS, 'MAXLEN', '~', STREAM_CAP, '*', 'type', 'release', 'lease', id, 'owner', owner, 'op', op,
     'requests', text, 'fence', format('%d', fence))
return { 1, 0 }
)lua";

const redis::Library& bareLibrary()
{
    static const redis::Library library = redis::composeLibrary(
        redis::embeddedPrologue(), {{redis::Script::Acquire, std::string(kBareAcquireLua)},
                                    {redis::Script::Release, std::string(kBareReleaseLua)}});
    return library;
}

} // namespace treelock::bench
