// LockClient and Lease on a real Redis: waiting with wake-up, watchdog renewal,
// lease loss, expiry on server time, release on destruction.

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/lockclient.h"
#include "treelock/redisengine.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

using namespace treelock;
using namespace std::chrono_literals;

namespace {

class LockClientTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        engine = std::make_shared<RedisEngine>(test::redisOptionsFor(server), "p");
    }

    ClientOptions client(const std::string& owner, std::chrono::milliseconds ttl = 30s, bool watchdog = true)
    {
        ClientOptions c;
        c.owner = owner;
        c.ttl = ttl;
        c.watchdog = watchdog;
        return c;
    }

    test::RedisServer server;
    std::shared_ptr<RedisEngine> engine;
};

} // namespace

TEST_F(LockClientTest, grantsAndReleasesOnDestruction)
{
    LockClient alice(engine, client("alice"));
    {
        AcquireOutcome got = alice.acquire({{"/A/C", LockMode::X}}, "move-folder");
        ASSERT_TRUE(got);
        EXPECT_EQ(got.lease.requests().size(), 1u);
        EXPECT_GT(got.lease.fence(), 0u);
        EXPECT_EQ(engine->snapshot().leases.size(), 1u);
    }
    EXPECT_TRUE(engine->snapshot().leases.empty());
}

TEST_F(LockClientTest, refusalNamesTheBlockerWithoutWaiting)
{
    LockClient alice(engine, client("alice"));
    LockClient bob(engine, client("bob"));
    AcquireOutcome held = alice.acquire(OperationCall{Operation::MoveFolder, {"/A/C", "/B"}}, Policy::builtin());
    ASSERT_TRUE(held);
    AcquireOutcome refused = bob.acquire(OperationCall{Operation::Upload, {"/A/C/D", "d.txt"}}, Policy::builtin());
    EXPECT_FALSE(refused);
    EXPECT_FALSE(refused.timedOut);
    ASSERT_TRUE(refused.blocker);
    EXPECT_EQ(refused.blocker->owner, "alice");
    EXPECT_EQ(refused.blocker->operation, "move-folder");
    EXPECT_EQ(refused.blocker->path, "/A/C");
    EXPECT_EQ(refused.attempts, 1);
}

TEST_F(LockClientTest, waiterIsGrantedWhenTheHolderReleases)
{
    LockClient alice(engine, client("alice"));
    LockClient bob(engine, client("bob"));
    AcquireOutcome held = alice.acquire({{"/Z", LockMode::X}}, "lock");
    ASSERT_TRUE(held);
    std::atomic<bool> released{false};
    std::thread holder([&] {
        std::this_thread::sleep_for(300ms);
        released = true;
        held.lease.release();
    });
    AcquireOutcome got = bob.acquire({{"/Z/q", LockMode::S}}, "read", 20s);
    const bool releasedBeforeGrant = released;
    holder.join();
    ASSERT_TRUE(got);
    EXPECT_TRUE(releasedBeforeGrant);
    EXPECT_FALSE(got.timedOut);
}

// A waiting acquire whose wake-up subscription cannot be made (a new connection at
// the moment the server restarts) goes on waiting on its backoff, subscribes again
// at the next attempt, and is granted; it does not fail the call.
TEST_F(LockClientTest, aWakeSubscriptionThatFailsDoesNotEndTheWait)
{
    struct FlakyClock final : ClientClock {
        std::atomic<int> failures{2};
        std::atomic<int> subscribed{0};
        TimePoint now() override { return std::chrono::steady_clock::now(); }
        std::unique_ptr<WakeSignal> subscribe(Engine& e) override
        {
            if (failures-- > 0)
                throw ConnectionError("cannot connect: Connection reset by peer");
            ++subscribed;
            return e.subscribeWake();
        }
        void waitUntil(WakeSignal& signal, TimePoint deadline) override { signal.wait(deadline); }
    };
    auto clock = std::make_shared<FlakyClock>();
    LockClient alice(engine, client("alice"));
    ClientOptions bobOptions = client("bob");
    bobOptions.clock = clock;
    LockClient bob(engine, bobOptions);
    AcquireOutcome held = alice.acquire({{"/Z", LockMode::X}}, "lock");
    ASSERT_TRUE(held);
    std::thread holder([&] {
        std::this_thread::sleep_for(300ms);
        held.lease.release();
    });
    AcquireOutcome got = bob.acquire({{"/Z/q", LockMode::S}}, "read", 20s);
    holder.join();
    EXPECT_TRUE(got) << "the failed subscription ended the wait";
    EXPECT_EQ(clock->failures.load(), -1) << "it did not try to subscribe again";
    EXPECT_EQ(clock->subscribed.load(), 1);
}

// alice holds S /a/c; bob waits for X /a and, past the grace, holds back. alice's
// second request (S /a/d) conflicts with bob's reservation only: naming the lease
// she holds, she is not queued behind bob, who waits for her.
TEST_F(LockClientTest, aHolderIsNotQueuedBehindAWaiterThatWaitsForIt)
{
    engine->setFairnessGrace(0ms, "test");
    LockClient alice(engine, client("alice"));
    LockClient bob(engine, client("bob"));
    AcquireOutcome first = alice.acquire({{"/a/c", LockMode::S}}, "copy");
    ASSERT_TRUE(first);
    std::thread waiter([&] {
        AcquireOutcome got = bob.acquire({{"/a", LockMode::X}}, "delete", 3s);
        EXPECT_TRUE(got.timedOut) << "alice keeps /a/c for the whole test";
    });
    for (int i = 0; i < 200 && (engine->snapshot().waiters.empty() || !engine->snapshot().waiters[0].holdsBack); ++i)
        std::this_thread::sleep_for(5ms);
    ASSERT_FALSE(engine->snapshot().waiters.empty());
    ASSERT_TRUE(engine->snapshot().waiters[0].holdsBack);
    EXPECT_FALSE(alice.acquire({{"/a/d", LockMode::S}}, "copy")) << "without naming it, she queues behind bob";
    const AcquireOutcome second = alice.acquire({{"/a/d", LockMode::S}}, "copy", 0ms, {first.lease.id()});
    EXPECT_TRUE(second) << "alice was held back by bob, who waits for her";
    waiter.join();
}

TEST_F(LockClientTest, waitEndsAtTheDeadlineWithTheBlocker)
{
    LockClient alice(engine, client("alice"));
    LockClient bob(engine, client("bob"));
    AcquireOutcome held = alice.acquire({{"/Z", LockMode::S}}, "read");
    ASSERT_TRUE(held);
    const auto start = std::chrono::steady_clock::now();
    AcquireOutcome got = bob.acquire({{"/Z", LockMode::X}}, "write", 300ms);
    EXPECT_FALSE(got);
    EXPECT_TRUE(got.timedOut);
    ASSERT_TRUE(got.blocker);
    EXPECT_EQ(got.blocker->lease, held.lease.id());
    EXPECT_GE(std::chrono::steady_clock::now() - start, 300ms);
    EXPECT_GT(got.attempts, 1);
}

TEST_F(LockClientTest, waiterGetsTheLockWhenTheHolderExpiresWithoutRelease)
{
    LockClient crashed(engine, client("crashed", 200ms, /*watchdog=*/false));
    AcquireOutcome held = crashed.acquire({{"/Z", LockMode::X}}, "lock");
    ASSERT_TRUE(held);
    held.lease.abandon(); // as if the process died: no release, no renewal
    LockClient bob(engine, client("bob"));
    AcquireOutcome got = bob.acquire({{"/Z", LockMode::X}}, "lock", 10s);
    EXPECT_TRUE(got);
    EXPECT_EQ(engine->snapshot().leases.size(), 1u);
}

TEST_F(LockClientTest, watchdogKeepsTheLeaseBeyondItsTtl)
{
    LockClient alice(engine, client("alice", 300ms));
    AcquireOutcome held = alice.acquire({{"/W", LockMode::X}}, "lock");
    ASSERT_TRUE(held);
    const ServerTime firstExpiry = held.lease.expiresAt();
    std::this_thread::sleep_for(1200ms); // four TTLs
    LockClient bob(engine, client("bob"));
    EXPECT_FALSE(bob.acquire({{"/W", LockMode::X}}, "lock")) << "the lease should still be held";
    EXPECT_FALSE(held.lease.lost());
    EXPECT_GT(held.lease.expiresAt(), firstExpiry);
    EXPECT_EQ(held.lease.release().status, LeaseStatus::Ok);
}

// The watchdog renews first after ClientOptions::renewEvery (20 ms by default),
// then each time as far apart as the lease is old plus that: the gaps grow
// (20, 40, 80, ... ms), up to a third of the TTL.
TEST_F(LockClientTest, watchdogGapsGrowFromTheFirstRenewal)
{
    LockClient alice(engine, client("alice", 30s));
    AcquireOutcome held = alice.acquire({{"/W", LockMode::X}}, "lock");
    ASSERT_TRUE(held);
    std::vector<ServerTime> renewals{held.lease.expiresAt()};
    const auto until = std::chrono::steady_clock::now() + 700ms;
    while (std::chrono::steady_clock::now() < until) {
        if (held.lease.expiresAt() != renewals.back())
            renewals.push_back(held.lease.expiresAt());
        std::this_thread::sleep_for(1ms);
    }
    ASSERT_GE(renewals.size(), 3u) << "renewed within the first 60 ms and again before 140 ms";
    EXPECT_LE(renewals.size(), 7u) << "20, 60, 140, 300 and 620 ms: not every 20 ms";
    for (std::size_t i = 2; i < renewals.size(); ++i)
        EXPECT_GT(renewals[i] - renewals[i - 1], renewals[i - 1] - renewals[i - 2]) << "gap " << i << " grows";

    ClientOptions bad = client("carol", 30s);
    bad.renewEvery = 5ms;
    LockClient carol(engine, bad);
    EXPECT_THROW(carol.acquire({{"/U", LockMode::X}}, "lock"), InvalidInput) << "a grant says at least 10 ms";
    EXPECT_EQ(engine->snapshot().leases.size(), 1u) << "nothing taken by the refused call";
}

TEST_F(LockClientTest, withoutWatchdogTheLeaseExpiresOnServerTime)
{
    LockClient alice(engine, client("alice", 200ms, /*watchdog=*/false));
    AcquireOutcome held = alice.acquire({{"/W", LockMode::X}}, "lock");
    ASSERT_TRUE(held);
    std::this_thread::sleep_for(350ms);
    const auto snap = engine->snapshot();
    ASSERT_EQ(snap.leases.size(), 1u);
    EXPECT_TRUE(snap.leases.front().expired(snap.serverTime));
    LockClient bob(engine, client("bob"));
    EXPECT_TRUE(bob.acquire({{"/W", LockMode::X}}, "lock"));
    EXPECT_EQ(held.lease.release().status, LeaseStatus::Unknown) << "reaped by bob's acquire";
}

TEST_F(LockClientTest, lostLeaseCallbackRunsWhenAnOperatorRevokesIt)
{
    LockClient alice(engine, client("alice", 300ms));
    std::mutex mutex;
    std::condition_variable changed;
    std::optional<std::pair<LeaseId, LeaseStatus>> lost;
    alice.onLeaseLost([&](const LeaseId& id, LeaseStatus status) {
        std::lock_guard lock(mutex);
        lost = {id, status};
        changed.notify_all();
    });
    AcquireOutcome held = alice.acquire({{"/R", LockMode::X}}, "lock");
    ASSERT_TRUE(held);
    ForceOptions force;
    force.operatorName = "ops";
    force.reason = "stuck";
    force.admin = true;
    ASSERT_EQ(engine->forceRelease(held.lease.id(), force).status, LeaseStatus::Ok);
    std::unique_lock lock(mutex);
    ASSERT_TRUE(changed.wait_for(lock, 5s, [&] { return lost.has_value(); }));
    EXPECT_EQ(lost->first, held.lease.id());
    EXPECT_EQ(lost->second, LeaseStatus::Unknown);
    EXPECT_TRUE(held.lease.lost());
    EXPECT_EQ(held.lease.release().status, LeaseStatus::Unknown);
}

TEST_F(LockClientTest, movedLeaseIsReleasedOnce)
{
    LockClient alice(engine, client("alice"));
    AcquireOutcome got = alice.acquire({{"/M", LockMode::X}}, "lock");
    ASSERT_TRUE(got);
    Lease moved = std::move(got.lease);
    EXPECT_FALSE(got.lease.valid());
    EXPECT_TRUE(moved.valid());
    EXPECT_EQ(moved.release().status, LeaseStatus::Ok);
    EXPECT_FALSE(moved.valid());
    EXPECT_TRUE(engine->snapshot().leases.empty());
}

TEST_F(LockClientTest, rejectsBadArguments)
{
    EXPECT_THROW(LockClient(nullptr), InvalidInput);
    EXPECT_THROW(LockClient(engine, client("a", 1ms)), InvalidInput);
    LockClient alice(engine, client("alice"));
    EXPECT_THROW(alice.acquire({{"relative", LockMode::X}}, "lock"), InvalidPath);
    EXPECT_THROW(alice.acquire({{"/A", LockMode::X}}, "lock", -1ms), InvalidInput);
    EXPECT_TRUE(engine->snapshot().leases.empty());
}
