--[[ hotpaths.lua — the prologue, part 4 of 4: the contention table.

Contention: every refusal counts against the node where it clashed, in
sorted set KEYS[5] (a waiter's retries only when the lease in its way changes,
see countsAsRefusal). A refusal at t adds 2^((t - epoch) / 60 s), so a score read
at `now` and multiplied by 2^-((now - epoch) / 60 s) is the refusals weighted by
half per minute since (forward decay). The epoch ("#h") moves when it falls 32
half-lives behind, scaling every score down. The set keeps 256 paths: a new one
replaces the lightest and starts from its score (the Space-Saving rule, which
never undercounts a path that stays). Field "!" + path keeps, as MessagePack
values, the refusals since the path entered, the latest refusal (ms), and up to
four (wanted operation, blocking operation, count) triples, kept by the same rule.
The latest refusal also moves with the refused attempts that do not count
(touchRefusal).
]]

local HALF_LIFE = 60000
local HOT_PATHS = 256

local function countRefusal(path, wanted, blocking)
  local stored = call('HGET', STATE, '#h')
  local epoch = stored and tonumber(stored)
  if not epoch then
    epoch = NOW_MS
    call('HSET', STATE, '#h', decimal(epoch))
  elseif NOW_MS - epoch > 32 * HALF_LIFE then
    local k = floor((NOW_MS - epoch) / HALF_LIFE)
    local scale = 2 ^ -k
    local all = call('ZRANGE', HOT, '0', '-1', 'WITHSCORES')
    local args = {}
    for i = 1, #all, 2 do
      args[#args + 1] = format('%.17g', tonumber(all[i + 1]) * scale)
      args[#args + 1] = all[i]
    end
    if #args > 0 then callChunked('ZADD', HOT, args) end
    epoch = epoch + k * HALF_LIFE
    call('HSET', STATE, '#h', decimal(epoch))
  end
  local weight = 2 ^ ((NOW_MS - epoch) / HALF_LIFE)
  local detail = '!' .. path
  local info
  if call('ZSCORE', HOT, path) then
    call('ZADD', HOT, 'INCR', format('%.17g', weight), path)
    info = { unpackRecord(call('HGET', STATE, detail)) }
    info[1] = info[1] + 1
  else
    local base = 0
    if call('ZCARD', HOT) >= HOT_PATHS then
      local lightest = call('ZRANGE', HOT, '0', '0', 'WITHSCORES')
      base = tonumber(lightest[2])
      call('ZREM', HOT, lightest[1])
      call('HDEL', STATE, '!' .. lightest[1])
    end
    call('ZADD', HOT, format('%.17g', base + weight), path)
    info = { 1, 0 }
  end
  info[2] = NOW_MS
  local found, rarest = false, nil
  for i = 3, #info, 3 do
    if info[i] == wanted and info[i + 1] == blocking then
      info[i + 2] = info[i + 2] + 1
      found = true
      break
    end
    if not rarest or info[i + 2] < info[rarest + 2] then rarest = i end
  end
  if not found then
    if #info < 2 + 3 * 4 then
      info[#info + 1] = wanted; info[#info + 1] = blocking; info[#info + 1] = 1
    else
      info[rarest], info[rarest + 1], info[rarest + 2] = wanted, blocking, info[rarest + 2] + 1
    end
  end
  call('HSET', STATE, detail, packRecord(unpackList(info)))
end

-- A refused attempt that does not count (a waiter's retry behind the same
-- blocker) still moves its path's latest refusal in field "!" + path, so a
-- path where someone is still being refused never looks quiet.
local function touchRefusal(path)
  local detail = '!' .. path
  local stored = call('HGET', STATE, detail)
  if not stored then return end
  local info = { unpackRecord(stored) }
  info[2] = NOW_MS
  call('HSET', STATE, detail, packRecord(unpackList(info)))
end
