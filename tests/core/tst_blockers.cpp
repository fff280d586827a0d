// blockersOf: everything in a registered waiter's way, read from a snapshot of
// MemoryEngine (manual clock) and of RedisEngine on a throwaway redis-server.
// The engines' own answer is the oracle: once every listed lease is released
// and every listed waiter cancelled, the waiter's next attempt is granted.

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/blockers.h"
#include "treelock/memoryengine.h"
#include "treelock/redisengine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <initializer_list>
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace treelock;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

const std::string kProject = "blk";
const LeaseId kWaiter(32, 'a');
const LeaseId kOlderWaiter(32, 'b');
const LeaseId kNewerWaiter(32, 'c');

// One listed blocker, compared whole so that a failure prints every field.
struct Seen {
    LeaseId lease;
    std::string owner;
    std::string path;
    LockMode mode = LockMode::IS;
    std::string clashPath;
    LockMode heldMode = LockMode::IS;
    std::string wanted;
    bool queued = false;
    friend bool operator==(const Seen&, const Seen&) = default;
};

void PrintTo(const Seen& s, std::ostream* os)
{
    *os << (s.queued ? "waiter " : "lease ") << s.lease << " (" << s.owner << ", " << toString(s.mode) << " "
        << s.path << ") at " << s.clashPath << " held " << toString(s.heldMode) << " against " << s.wanted;
}

std::vector<Seen> seen(const std::vector<Blocker>& blockers)
{
    std::vector<Seen> result;
    for (const Blocker& b : blockers)
        result.push_back({b.lease, b.owner, b.path, b.mode, b.clashPath, b.heldMode, toString(b.wanted), b.queued});
    return result;
}

std::vector<LockRequest> reqs(std::initializer_list<const char*> specs)
{
    std::vector<LockRequest> result;
    for (const char* spec : specs)
        result.push_back(parseLockSpec(spec));
    return result;
}

AcquireOptions holder(std::string owner, milliseconds ttl = 60s)
{
    AcquireOptions o;
    o.owner = std::move(owner);
    o.ttl = ttl;
    return o;
}

// An attempt of the waiter `id`: it names its id and waits; its registration
// outlasts every pause of these tests.
AcquireOptions waiting(std::string owner, const LeaseId& id)
{
    AcquireOptions o;
    o.owner = std::move(owner);
    o.leaseId = id;
    o.wait = 10s;
    o.waitRefresh = 20s;
    return o;
}

ForceOptions admin(milliseconds lockDelay = 0ms)
{
    ForceOptions f;
    f.operatorName = "ops";
    f.reason = "in the way";
    f.admin = true;
    f.lockDelay = lockDelay;
    return f;
}

class Blockers : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override
    {
        if (GetParam() == "memory") {
            auto clock = m_clockMs;
            m_engine = std::make_unique<MemoryEngine>(kProject, PathOptions{},
                                                      [clock] { return ServerTime{milliseconds{clock->load()}}; });
        } else {
            m_server = std::make_unique<test::RedisServer>();
            m_engine = std::make_unique<RedisEngine>(test::redisOptionsFor(*m_server), kProject);
        }
    }

    Engine& engine() { return *m_engine; }

    void pass(milliseconds d)
    {
        if (GetParam() == "memory")
            m_clockMs->fetch_add(d.count());
        else
            std::this_thread::sleep_for(d);
    }

    LeaseId grant(std::vector<LockRequest> requests, AcquireOptions options)
    {
        const AcquireResult r = engine().acquire(requests, options);
        EXPECT_TRUE(r.granted) << "expected a grant for " << toString(requests.front());
        return r.grant.lease;
    }

    void refuse(std::vector<LockRequest> requests, AcquireOptions options)
    {
        const AcquireResult r = engine().acquire(requests, options);
        ASSERT_FALSE(r.granted) << toString(requests.front()) << " was to be refused";
    }

    // The blockers of registered waiter `id` in a fresh snapshot.
    std::vector<Blocker> blockersNow(const LeaseId& id)
    {
        const Snapshot snap = engine().snapshot();
        const auto w = std::find_if(snap.waiters.begin(), snap.waiters.end(),
                                    [&](const WaiterInfo& i) { return i.id == id; });
        EXPECT_NE(w, snap.waiters.end()) << "no waiter " << id << " is registered";
        if (w == snap.waiters.end())
            return {};
        return blockersOf(*w, snap.leases, snap.waiters, snap.serverTime);
    }

    std::shared_ptr<std::atomic<std::int64_t>> m_clockMs =
        std::make_shared<std::atomic<std::int64_t>>(1'700'000'000'000);
    std::unique_ptr<test::RedisServer> m_server;
    std::unique_ptr<Engine> m_engine;
};

TEST_P(Blockers, EveryConflictingLeaseIsListedAndReleasingThemGrantsTheWaiter)
{
    const LeaseId reader = grant(reqs({"S:/A/x"}), holder("alice", 60s));
    const LeaseId writer = grant(reqs({"X:/A/y"}), holder("bob", 120s));
    const LeaseId elsewhere = grant(reqs({"X:/B"}), holder("carol", 30s));
    refuse(reqs({"X:/A"}), waiting("dave", kWaiter));

    const std::vector<Blocker> blockers = blockersNow(kWaiter);
    EXPECT_EQ(seen(blockers), (std::vector<Seen>{
                                  {reader, "alice", "/A/x", LockMode::S, "/A", LockMode::IS, "X:/A", false},
                                  {writer, "bob", "/A/y", LockMode::X, "/A", LockMode::IX, "X:/A", false},
                              }))
        << "both leases, soonest expiry first; carol's /B is not in the way";
    for (const Blocker& b : blockers) {
        EXPECT_EQ(b.operation, "lock");
        EXPECT_GT(b.expiresIn, 0ms);
        EXPECT_LE(b.expiresIn, 120s);
    }
    ASSERT_EQ(blockers.size(), 2u);
    EXPECT_LE(blockers[0].expiresIn, blockers[1].expiresIn);

    for (const Blocker& b : blockers)
        ASSERT_EQ(engine().forceRelease(b.lease, admin()).status, LeaseStatus::Ok);
    const AcquireResult granted = engine().acquire(reqs({"X:/A"}), waiting("dave", kWaiter));
    EXPECT_TRUE(granted.granted) << "a blocker was missing from the list";
    EXPECT_EQ(engine().renew(elsewhere).status, LeaseStatus::Ok) << "the lease not listed was left alone";
}

TEST_P(Blockers, ExpiredLeasesAreNotListed)
{
    const LeaseId lasting = grant(reqs({"X:/A/k"}), holder("alice", 60s));
    const LeaseId brief = grant(reqs({"S:/A/s"}), holder("bob", 150ms));
    refuse(reqs({"X:/A"}), waiting("dave", kWaiter));
    ASSERT_EQ(seen(blockersNow(kWaiter)).size(), 2u) << "both in the way while both live";

    pass(230ms);
    const Snapshot snap = engine().snapshot();
    const auto expired = std::find_if(snap.leases.begin(), snap.leases.end(),
                                      [&](const LeaseInfo& l) { return l.id == brief; });
    ASSERT_NE(expired, snap.leases.end()) << "the snapshot still holds the expired lease";
    ASSERT_TRUE(expired->expired(snap.serverTime));
    const std::vector<Blocker> blockers = blockersNow(kWaiter);
    ASSERT_EQ(blockers.size(), 1u);
    EXPECT_EQ(blockers[0].lease, lasting);
}

TEST_P(Blockers, ARevokedLeaseWaitingOutItsLockDelayIsListed)
{
    const LeaseId revoked = grant(reqs({"X:/A/k"}), holder("alice", 60s));
    refuse(reqs({"X:/A"}), waiting("dave", kWaiter));
    ASSERT_EQ(engine().forceRelease(revoked, admin(30s)).status, LeaseStatus::Ok);
    refuse(reqs({"X:/A"}), waiting("dave", kWaiter));

    const std::vector<Blocker> blockers = blockersNow(kWaiter);
    ASSERT_EQ(blockers.size(), 1u) << "the lock-delay still keeps the waiter out";
    EXPECT_EQ(blockers[0].lease, revoked);
    EXPECT_EQ(blockers[0].clashPath, "/A");
    EXPECT_EQ(blockers[0].heldMode, LockMode::IX);
}

TEST_P(Blockers, AnOlderWaiterThatHoldsBackIsListedANewerOneIsNot)
{
    engine().setFairnessGrace(0ms, "ops");
    const LeaseId lease = grant(reqs({"X:/A/z"}), holder("carol", 60s));
    refuse(reqs({"X:/A"}), waiting("bob", kOlderWaiter));
    pass(2ms);
    // No lease is in the way of S on /A/q: only bob's reservation of X on /A.
    refuse(reqs({"S:/A/q"}), waiting("dave", kNewerWaiter));
    const Snapshot snap = engine().snapshot();
    ASSERT_EQ(snap.waiters.size(), 2u);
    ASSERT_TRUE(snap.waiters[0].holdsBack && snap.waiters[1].holdsBack) << "grace 0: both hold back";

    const std::vector<Blocker> newer = blockersNow(kNewerWaiter);
    EXPECT_EQ(seen(newer), (std::vector<Seen>{
                               {kOlderWaiter, "bob", "/A", LockMode::X, "/A", LockMode::X, "S:/A/q", true},
                           }));
    ASSERT_EQ(newer.size(), 1u);
    EXPECT_EQ(newer[0].expiresIn, 0ms);

    // dave's reservation (IS on /A) conflicts with bob's X there, but dave came later.
    const std::vector<Blocker> older = blockersNow(kOlderWaiter);
    EXPECT_EQ(seen(older), (std::vector<Seen>{
                               {lease, "carol", "/A/z", LockMode::X, "/A", LockMode::IX, "X:/A", false},
                           }));

    ASSERT_TRUE(engine().cancelWait(kOlderWaiter));
    EXPECT_TRUE(engine().acquire(reqs({"S:/A/q"}), waiting("dave", kNewerWaiter)).granted)
        << "a blocker of the newer waiter was missing from the list";
}

INSTANTIATE_TEST_SUITE_P(Engines, Blockers, ::testing::Values("memory", "redis"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

// Pure cases the engines cannot stage at will.

LeaseInfo leaseOf(const LeaseId& id, std::vector<LockRequest> requests, ServerTime expiresAt)
{
    LeaseInfo lease;
    lease.id = id;
    lease.owner = "o";
    lease.requests = std::move(requests);
    lease.expiresAt = expiresAt;
    return lease;
}

WaiterInfo waiterOf(const LeaseId& id, std::vector<LockRequest> requests, ServerTime since, bool holdsBack)
{
    WaiterInfo waiter;
    waiter.id = id;
    waiter.requests = std::move(requests);
    waiter.since = since;
    waiter.holdsBack = holdsBack;
    return waiter;
}

TEST(BlockersOf, OrdersLeasesByExpiryThenIdAndSkipsTheWaitersOwnId)
{
    const ServerTime now{1'000'000ms};
    const LeaseId first(32, '1');
    const LeaseId second(32, '2');
    const LeaseId third(32, '3');
    const WaiterInfo waiter = waiterOf(kWaiter, reqs({"X:/A"}), now, false);
    const std::vector<LeaseInfo> leases{
        leaseOf(third, reqs({"S:/A"}), now + 5s),
        leaseOf(second, reqs({"S:/A/b"}), now + 1s),
        leaseOf(first, reqs({"S:/A/c"}), now + 1s),
        leaseOf(kWaiter, reqs({"X:/A"}), now + 1s),
        leaseOf(LeaseId(32, '4'), reqs({"X:/A/d"}), now),
    };
    std::vector<LeaseId> ids;
    for (const Blocker& b : blockersOf(waiter, leases, {}, now))
        ids.push_back(b.lease);
    EXPECT_EQ(ids, (std::vector<LeaseId>{first, second, third})) << "a lease expiring at `now` has expired";
}

TEST(BlockersOf, WaitersOfTheSameMillisecondQueueInTheirListedOrder)
{
    const ServerTime since{1'000'000ms};
    const WaiterInfo before = waiterOf(kOlderWaiter, reqs({"X:/A"}), since, true);
    const WaiterInfo self = waiterOf(kWaiter, reqs({"X:/A"}), since, true);
    const WaiterInfo after = waiterOf(kNewerWaiter, reqs({"X:/A"}), since, true);
    const WaiterInfo idle = waiterOf(LeaseId(32, 'd'), reqs({"X:/A"}), since - 1s, false);
    const std::vector<WaiterInfo> waiters{idle, before, self, after};
    const std::vector<Blocker> blockers = blockersOf(self, {}, waiters, since);
    ASSERT_EQ(blockers.size(), 1u) << "only the one listed before it that holds back";
    EXPECT_EQ(blockers[0].lease, kOlderWaiter);
    EXPECT_TRUE(blockers[0].queued);
}

} // namespace
