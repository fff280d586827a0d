#include "contenders.h"

#include "bare.h"

#include "treelock/error.h"
#include "treelock/leaseid.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <random>
#include <stdexcept>

namespace treelock::bench {

// The seed's acquire script ("获取文件夹锁" in the article "redis实现分布式文件夹锁"), verbatim. Reproduces
// the seed's flawed design on purpose: HKEYS of every held path, string.find
// with patterns both ways (O(N) per acquire), expiry judged by the client's clock.
// KEYS[1] lock key ("<project><path>"), KEYS[2] the project's hash of locked keys;
// ARGV[1] token, ARGV[2] expiry in seconds, ARGV[3] the client's time in ms.
const std::string_view kSeedAcquireLua = R"lua(local requestKey=KEYS[1]
local lockedKeys=KEYS[2]
local requestValue=ARGV[1]
local expireTime=ARGV[2]
local nowTime=ARGV[3]
if redis.call('get',requestKey)
then
    return 0
end
local lockedHash = redis.call('hkeys',lockedKeys)
for i=1, #lockedHash do
    if string.find(requestKey,lockedHash[i]) or string.find(lockedHash[i],requestKey)
    then
        local lockTime = redis.call('hget',lockedKeys,lockedHash[i])
        if (nowTime-lockTime) >= expireTime * 1000
        then
            redis.call('hdel',lockedKeys,lockedHash[i])
        else
            return 0
        end
    end
end
redis.call('set',requestKey,requestValue)
redis.call('expire',requestKey,expireTime)
redis.call('hset',lockedKeys,requestKey,nowTime)
return 1
)lua";

// The seed's release script ("释放文件夹锁"), verbatim.
const std::string_view kSeedReleaseLua = R"lua(local requestKey=KEYS[1]
local lockedKeys=KEYS[2]
local requestValue=ARGV[1]
if redis.call('get', requestKey) == requestValue
then
    redis.call('hdel', lockedKeys,requestKey)
    return redis.call('del',requestKey)
else
    return 0
end
)lua";

// Compare-and-delete, the classic release of SET NX PX.
const std::string_view kPlainReleaseLua =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

const std::string_view kReturnOneLua = "return 1";

/// Makes one waiter hold back in `engine`'s project for the rest of the run: a
/// lease on /q/held and a request for it that waits (grace 0, registered for a
/// day). Fixed ids, so that a second run on the same server finds them again.
void holdOneWaiterBack(RedisEngine& engine)
{
    engine.setFairnessGrace(std::chrono::milliseconds(0), "treelock-bench");
    AcquireOptions holder;
    holder.owner = "bench-holder";
    holder.operation = "hold";
    holder.ttl = kMaxTtl;
    holder.leaseId = LeaseId(31, '0') + "1";
    const std::vector<LockRequest> held{{"/q/held", LockMode::X}};
    (void)engine.acquire(held, holder); // a second run re-enters it
    AcquireOptions waiter = holder;
    waiter.owner = "bench-waiter";
    waiter.operation = "wait";
    waiter.leaseId = LeaseId(31, '0') + "2";
    waiter.wait = kMaxTtl;
    waiter.waitRefresh = kMaxTtl;
    const AcquireResult r = engine.acquire(held, waiter);
    if (r.granted || engine.snapshot().waiters.empty() || !engine.snapshot().waiters.front().holdsBack)
        throw std::runtime_error("the waiter project of the benchmark has no waiter that holds back");
}

const std::vector<ContenderInfo>& allContenders()
{
    static const std::vector<ContenderInfo> list{
        {ContenderId::TreelockDepth3, "tl-d3", "Treelock depth 3", "pair", {"fcall"}, 2},
        {ContenderId::TreelockDepth3Empty, "tl-d3-0", "Treelock depth 3, empty project", "pair", {"fcall"}, 2},
        {ContenderId::TreelockDepth3Audit, "tl-d3-a", "Treelock depth 3, audit project", "pair",
         {"fcall"}, 2},
        {ContenderId::TreelockDepth3Waiter, "tl-d3-w", "Treelock depth 3, a waiter holds back", "pair",
         {"fcall"}, 2},
        {ContenderId::TreelockDepth10, "tl-d10", "Treelock depth 10", "pair", {"fcall"}, 2},
        {ContenderId::TreelockDepth10Empty, "tl-d10-0", "Treelock depth 10, empty project", "pair", {"fcall"}, 2},
        {ContenderId::TreelockMove, "tl-move", "Treelock move (2 requests)", "pair", {"fcall"}, 2},
        {ContenderId::FloorDepth3, "floor-d3", "floor of a depth-3 pair", "pair", {"fcall"}, 2},
        {ContenderId::FloorDepth10, "floor-d10", "floor of a depth-10 pair", "pair", {"fcall"}, 2},
        {ContenderId::BareDepth3, "bare-d3", "bare Lua of a depth-3 pair", "pair", {"fcall"}, 2},
        {ContenderId::BareDepth10, "bare-d10", "bare Lua of a depth-10 pair", "pair", {"fcall"}, 2},
        {ContenderId::Seed, "seed", "seed folder lock", "pair", {"evalsha"}, 2},
        {ContenderId::Plain, "plain", "plain SET NX PX + CAD", "pair", {"set", "evalsha"}, 2},
        {ContenderId::Ping, "ping", "ceiling: PING", "op", {"ping"}, 1},
        {ContenderId::EvalOne, "eval1", "ceiling: EVALSHA return 1", "op", {"evalsha"}, 1},
    };
    return list;
}

const ContenderInfo& contenderInfo(ContenderId id)
{
    for (const auto& c : allContenders())
        if (c.id == id)
            return c;
    throw std::logic_error("unknown contender");
}

ScriptShas ScriptShas::load(redis::RawConnection& client)
{
    ScriptShas s;
    s.seedAcquire = client.loadBody(kSeedAcquireLua, "seed acquire");
    s.seedRelease = client.loadBody(kSeedReleaseLua, "seed release");
    s.plainRelease = client.loadBody(kPlainReleaseLua, "plain release");
    s.returnOne = client.loadBody(kReturnOneLua, "return 1");
    return s;
}

std::string Layout::held(long long i)
{
    return "/t" + std::to_string(i % 100) + "/u" + std::to_string((i / 100) % 100) + "/f"
           + std::to_string(i / 10000);
}

Slot::Slot(int index, const std::string& url, const Layout& layout, const ScriptShas& shas)
    : m_index(index),
      m_layout(layout),
      m_shas(shas)
{
    RedisOptions options;
    options.url = url;
    // The seed's script at 100,000 held locks with 31 others queued takes seconds.
    options.commandTimeout = std::chrono::milliseconds(120000);
    m_engine = std::make_unique<RedisEngine>(options, layout.project);
    m_emptyEngine = std::make_unique<RedisEngine>(options, layout.emptyProject());
    m_auditEngine = std::make_unique<RedisEngine>(options, layout.auditProject());
    m_auditEngine->setEventLevel(EventLevel::Audit, "treelock-bench"); // in force already: no change
    m_waiterEngine = std::make_unique<RedisEngine>(options, layout.waiterProject());
    if (index == 0)
        holdOneWaiterBack(*m_waiterEngine);
    m_client = std::make_unique<redis::RawConnection>(url, std::chrono::milliseconds(3000),
                                                      options.commandTimeout);
    m_client->load(bareLibrary());
    m_depth3 = {{Layout::depth3(index), LockMode::X}};
    m_depth10 = {{Layout::depth10(index), LockMode::X}};
    m_move = {{Layout::moveSource(index), LockMode::X}, {Layout::moveTarget(index), LockMode::X}};
    m_lockOptions.owner = "bench-" + std::to_string(index);
    m_lockOptions.operation = "lock";
    m_moveOptions.owner = m_lockOptions.owner;
    m_moveOptions.operation = "move-folder";
    m_seedKey = layout.seedKey(Layout::depth3(index));
    m_seedHash = layout.seedHash();
    m_plainKey = layout.plainKey(Layout::depth3(index));
    std::random_device rd;
    m_tokenPrefix = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
}

Slot::~Slot() = default;

void Slot::nextToken()
{
    // A fresh 128-bit-looking token per lock, as the seeds' UUIDs, without
    // paying for a random source on every pair.
    std::snprintf(m_token, sizeof m_token, "%016llx%016llx",
                  static_cast<unsigned long long>(m_tokenPrefix),
                  static_cast<unsigned long long>(++m_tokenCounter));
}

redis::Reply Slot::evalsha(std::span<std::string_view> args)
{
    redis::Reply reply = m_client->command(args);
    if (reply.isError() && reply.text.rfind("NOSCRIPT", 0) == 0) {
        const std::string stale(args[1]);
        // args[1] may point into m_shas: retry with a copy (the SHA of a
        // script does not change when it is loaded again).
        m_shas = ScriptShas::load(*m_client);
        if (m_shas.seedAcquire != stale && m_shas.seedRelease != stale && m_shas.plainRelease != stale
            && m_shas.returnOne != stale)
            throw std::runtime_error("NOSCRIPT for an unknown script " + stale);
        args[1] = stale;
        reply = m_client->command(args);
    }
    return reply;
}

bool Slot::run(ContenderId id, std::string& error) noexcept
{
    try {
        switch (id) {
        case ContenderId::TreelockDepth3: return treelockPair(*m_engine, m_depth3, m_lockOptions, error);
        case ContenderId::TreelockDepth3Empty:
            return treelockPair(*m_emptyEngine, m_depth3, m_lockOptions, error);
        case ContenderId::TreelockDepth3Audit:
            return treelockPair(*m_auditEngine, m_depth3, m_lockOptions, error);
        case ContenderId::TreelockDepth3Waiter:
            return treelockPair(*m_waiterEngine, m_depth3, m_lockOptions, error);
        case ContenderId::TreelockDepth10: return treelockPair(*m_engine, m_depth10, m_lockOptions, error);
        case ContenderId::TreelockDepth10Empty:
            return treelockPair(*m_emptyEngine, m_depth10, m_lockOptions, error);
        case ContenderId::TreelockMove: return treelockPair(*m_engine, m_move, m_moveOptions, error);
        case ContenderId::FloorDepth3: return floorPair("d3", error);
        case ContenderId::FloorDepth10: return floorPair("d10", error);
        case ContenderId::BareDepth3: return barePair(m_depth3, error);
        case ContenderId::BareDepth10: return barePair(m_depth10, error);
        case ContenderId::Seed: return seedPair(error);
        case ContenderId::Plain: return plainPair(error);
        case ContenderId::Ping: return ping(error);
        case ContenderId::EvalOne: return evalOne(error);
        }
        error = "unknown contender";
    } catch (const std::exception& e) {
        error = e.what();
    }
    return false;
}

bool Slot::treelockPair(RedisEngine& engine, const std::vector<LockRequest>& requests,
                        const AcquireOptions& options, std::string& error)
{
    const AcquireResult acquired = engine.acquire(requests, options);
    if (!acquired.granted) {
        error = "Treelock acquire refused";
        if (acquired.blocker)
            error += " at " + acquired.blocker->clashPath + " (held "
                     + std::string(toString(acquired.blocker->heldMode)) + " by lease "
                     + acquired.blocker->lease + ")";
        return false;
    }
    if (acquired.grant.holds != 1) {
        error = "Treelock acquire re-entered an existing lease";
        return false;
    }
    const ReleaseResult released = engine.release(acquired.grant.lease);
    if (released.status != LeaseStatus::Ok || released.remainingHolds != 0) {
        error = "Treelock release answered " + std::string(toString(released.status));
        return false;
    }
    return true;
}

bool Slot::floorPair(std::string_view name, std::string& error)
{
    const auto floor = std::find_if(m_layout.floor.begin(), m_layout.floor.end(),
                                    [&](const FloorPair& p) { return p.name == name; });
    if (floor == m_layout.floor.end()) {
        error = "the floor " + std::string(name) + " was not recorded";
        return false;
    }
    const redis::Reply acquired = m_client->command(floor->acquireCall);
    if (!acquired.isArray() || acquired.size() != 4 || !acquired[0].is(1)) {
        error = "floor acquire answered \"" + acquired.describe() + "\"";
        return false;
    }
    const redis::Reply released = m_client->command(floor->releaseCall);
    if (!released.isArray() || released.size() != 2 || !released[0].is(1)) {
        error = "floor release answered \"" + released.describe() + "\"";
        return false;
    }
    return true;
}

bool Slot::barePair(const std::vector<LockRequest>& requests, std::string& error)
{
    // Called as RedisEngine calls Treelock's functions, call ids included, in the same project.
    const redis::Library& bare = bareLibrary();
    const LeaseId id = newLeaseId();
    const redis::Reply acquired = m_client->command(
        redis::acquireCall(m_layout.keys(), id, m_lockOptions.owner, m_lockOptions.operation, m_lockOptions.ttl,
                           kReapBatch, requests, {}, {}, {}, newLeaseId().substr(0, 16))
            .fcall(bare.function(redis::Script::Acquire)));
    if (!acquired.isArray() || acquired.size() != 4 || !acquired[0].is(1)) {
        error = "bare acquire answered \"" + acquired.describe() + "\"";
        return false;
    }
    const redis::Reply released = m_client->command(
        redis::releaseCall(m_layout.keys(), id, newLeaseId().substr(0, 16)).fcall(bare.function(redis::Script::Release)));
    if (!released.isArray() || released.size() != 2 || !released[0].is(1)) {
        error = "bare release answered \"" + released.describe() + "\"";
        return false;
    }
    return true;
}

bool Slot::seedPair(std::string& error)
{
    nextToken();
    const long long now = std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::system_clock::now().time_since_epoch())
                              .count();
    const auto end = std::to_chars(m_nowMs, m_nowMs + sizeof m_nowMs - 1, now).ptr;
    const std::string_view token(m_token, 32);
    {
        std::array<std::string_view, 8> args{"EVALSHA", m_shas.seedAcquire, "2", m_seedKey, m_seedHash, token,
                                             "30", std::string_view(m_nowMs, static_cast<std::size_t>(end - m_nowMs))};
        const redis::Reply reply = evalsha(args);
        if (!reply.is(1)) {
            error = "seed acquire answered \"" + reply.describe() + "\"";
            return false;
        }
    }
    std::array<std::string_view, 6> args{"EVALSHA", m_shas.seedRelease, "2", m_seedKey, m_seedHash, token};
    const redis::Reply reply = evalsha(args);
    if (!reply.is(1)) {
        error = "seed release answered \"" + reply.describe() + "\"";
        return false;
    }
    return true;
}

bool Slot::plainPair(std::string& error)
{
    nextToken();
    const std::string_view token(m_token, 32);
    {
        const std::array<std::string_view, 6> args{"SET", m_plainKey, token, "NX", "PX", "30000"};
        const redis::Reply reply = m_client->command(args);
        if (!reply.isString() || reply.text != "OK") {
            error = "plain SET NX PX answered \"" + reply.describe() + "\" (nil: key held)";
            return false;
        }
    }
    std::array<std::string_view, 5> args{"EVALSHA", m_shas.plainRelease, "1", m_plainKey, token};
    const redis::Reply reply = evalsha(args);
    if (!reply.is(1)) {
        error = "plain compare-and-delete answered \"" + reply.describe() + "\"";
        return false;
    }
    return true;
}

bool Slot::ping(std::string& error)
{
    const redis::Reply reply = m_client->command({"PING"});
    if (!reply.isString() || reply.text != "PONG") {
        error = "PING answered \"" + reply.describe() + "\"";
        return false;
    }
    return true;
}

bool Slot::evalOne(std::string& error)
{
    std::array<std::string_view, 3> args{"EVALSHA", m_shas.returnOne, "0"};
    const redis::Reply reply = evalsha(args);
    if (!reply.is(1)) {
        error = "EVALSHA return 1 answered \"" + reply.describe() + "\"";
        return false;
    }
    return true;
}

} // namespace treelock::bench
