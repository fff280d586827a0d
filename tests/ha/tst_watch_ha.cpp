// LeaseWatch when another server takes over the project: a Sentinel failover
// (a real primary, replica and three sentinels) and a Redis Cluster slot moved
// to another primary. The watch must notice, say why, list again, and then hold
// what a fresh snapshot holds.

#include "treelock/error.h"
#include "treelock/leasewatch.h"
#include "treelock/redisclustergroup.h"
#include "treelock/redisengine.h"
#include "treelock/redissentinelgroup.h"
#include "watchcheck.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

using namespace treelock;
using namespace std::chrono_literals;

namespace {

AcquireOptions held(const std::string& owner)
{
    AcquireOptions o;
    o.owner = owner;
    o.ttl = 120s;
    return o;
}

RedisOptions at(const std::string& url)
{
    RedisOptions o;
    o.url = url;
    o.failoverTimeout = 30s;
    return o;
}

/// Polls `watch` until a list for `reason` has ended, or `timeout` (reconnects
/// on the way are retried). Whether it ended.
bool waitForList(LeaseWatch& watch, RelistReason reason, std::chrono::seconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        try {
            const WatchUpdate update = watch.poll(200ms);
            if (update.listing && update.listing->done && update.listing->reason == reason)
                return true;
        } catch (const ConnectionError&) {
            std::this_thread::sleep_for(100ms);
        }
    }
    return false;
}

} // namespace

TEST(WatchFailover, listsAgainWhenTheSentinelsNameAnotherPrimary)
{
    SentinelGroup group;
    RedisEngine engine(at(group.url()), "p");
    ASSERT_TRUE(engine.acquire({{"/before", LockMode::X}}, held("alice")).granted);
    LeaseWatch watch(at(group.url()), "p");
    test::pollUntilQuiet(watch);
    ASSERT_EQ(watch.leases().size(), 1u);

    const HostPort old = group.address(std::size_t(group.primaryIndex()));
    group.failover();
    group.waitForNewPrimary(old, 30s);
    ASSERT_TRUE(waitForList(watch, RelistReason::Failover, 40s)) << "no list after the failover";
    EXPECT_EQ(watch.stats().relistsFor(RelistReason::Failover), 1u);

    ASSERT_TRUE(engine.acquire({{"/after", LockMode::X}}, held("bob")).granted);
    test::pollUntilQuiet(watch);
    EXPECT_EQ(watch.leases().size(), 2u);
    test::expectViewMatches(watch, engine.snapshot(), 100ms);
}

TEST(WatchCluster, listsAgainWhenTheProjectsSlotMoves)
{
    ClusterGroup group;
    std::string project;
    for (int i = 0; project.empty(); ++i) // a project served away from node 0, where its slot will go
        if (!(group.primaryFor(ClusterGroup::slotOf("moving-" + std::to_string(i))) == group.address(0)))
            project = "moving-" + std::to_string(i);
    RedisEngine engine(at(group.url()), project);
    ASSERT_TRUE(engine.acquire({{"/before", LockMode::X}}, held("alice")).granted);
    LeaseWatch watch(at(group.url()), project);
    test::pollUntilQuiet(watch);

    group.migrateSlot(ClusterGroup::slotOf(project), group.address(0));
    ASSERT_TRUE(engine.acquire({{"/after", LockMode::X}}, held("bob")).granted);
    ASSERT_TRUE(waitForList(watch, RelistReason::SlotMoved, 30s)) << "no list after the slot moved";
    test::pollUntilQuiet(watch);
    EXPECT_EQ(watch.stats().relistsFor(RelistReason::SlotMoved), 1u);
    EXPECT_EQ(watch.leases().size(), 2u);
    test::expectViewMatches(watch, engine.snapshot(), 100ms);
}
