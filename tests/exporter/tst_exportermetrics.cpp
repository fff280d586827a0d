// The exporter's pure parts: the tallies kept from a watch's deltas, the
// refusal counter kept from the contention table, and the families a scrape
// renders. The exporter against a real redis-server: tests/exporter/test_exporter.py.

#include "exportermetrics.h"
#include "families.h"

#include <prometheus/text_serializer.h>

#include <gtest/gtest.h>

#include <algorithm>

using namespace treelock;
using namespace treelock::exporter;
using treelock::test::family;
using treelock::test::labelOf;
using namespace std::chrono_literals;

namespace {

LeaseInfo lease(const std::string& id, std::vector<LockRequest> requests, ServerTime created)
{
    LeaseInfo l;
    l.id = LeaseId(id);
    l.owner = "alice";
    l.requests = std::move(requests);
    l.createdAt = created;
    l.expiresAt = created + 30s;
    return l;
}

LeaseDelta removed(LeaseDelta::Cause cause)
{
    LeaseDelta d;
    d.kind = LeaseDelta::Kind::Removed;
    d.cause = cause;
    return d;
}

HotPath hot(const std::string& path, std::int64_t total)
{
    HotPath h;
    h.path = path;
    h.total = total;
    h.refusals = double(total);
    return h;
}

} // namespace

TEST(ExporterMetrics, EventsCountGrantsReleasesExpiriesAndForcedTheViewCountsVanished)
{
    ProjectTally tally;
    LeaseDelta added;
    added.kind = LeaseDelta::Kind::Added;
    applyDeltas(tally, {added, removed(LeaseDelta::Cause::Released), removed(LeaseDelta::Cause::Expired),
                        removed(LeaseDelta::Cause::Forced), removed(LeaseDelta::Cause::Vanished),
                        removed(LeaseDelta::Cause::Expired)});
    EXPECT_EQ(tally.expiries, 0u) << "an expiry counts when an expire event says it was reaped";
    EXPECT_EQ(tally.vanished, 1u);
    EXPECT_EQ(tally.grants, 0u) << "a lease added to the view is not a grant: the first list adds every one";
    EXPECT_EQ(tally.releases, 0u);

    WatchStats stats;
    stats.eventsByType[std::size_t(EventType::Grant)] = 5;
    stats.eventsByType[std::size_t(EventType::Release)] = 3;
    stats.eventsByType[std::size_t(EventType::Force)] = 1;
    stats.eventsByType[std::size_t(EventType::Expire)] = 2;
    stats.relists[std::size_t(RelistReason::Failover)] = 2;
    applyStats(tally, stats);
    EXPECT_EQ(tally.grants, 5u);
    EXPECT_EQ(tally.releases, 3u);
    EXPECT_EQ(tally.forced, 1u);
    EXPECT_EQ(tally.expiries, 2u);
    EXPECT_EQ(tally.relists[std::size_t(RelistReason::Failover)], 2u);
}

TEST(ExporterMetrics, ViewCountsLeasesByTheirStrongestModeAndFindsTheOldest)
{
    const ServerTime t0{std::chrono::milliseconds(1'000'000)};
    std::unordered_map<LeaseId, LeaseInfo> leases;
    for (const LeaseInfo& l : {lease("0123456789abcdef0123456789abcdef", {{"/A", LockMode::S}, {"/B", LockMode::X}}, t0 + 5s),
                               lease("11111111111111111111111111111111", {{"/A/b", LockMode::S}}, t0),
                               lease("22222222222222222222222222222222", {{"/C", LockMode::IX}}, t0 + 9s)})
        leases.emplace(l.id, l);
    ProjectTally tally;
    applyView(tally, leases);
    EXPECT_EQ(tally.leases, 3u);
    EXPECT_EQ(tally.leasesByMode[std::size_t(LockMode::X)], 1u);
    EXPECT_EQ(tally.leasesByMode[std::size_t(LockMode::S)], 1u);
    EXPECT_EQ(tally.leasesByMode[std::size_t(LockMode::IX)], 1u);
    ASSERT_TRUE(tally.oldestCreated);
    EXPECT_EQ(*tally.oldestCreated, t0);
    applyView(tally, {});
    EXPECT_EQ(tally.leases, 0u);
    EXPECT_FALSE(tally.oldestCreated);
    EXPECT_EQ(tally.leasesByMode[std::size_t(LockMode::X)], 0u);
}

TEST(ExporterMetrics, RefusalsCountWhatEachPathAddedSinceTheLastRead)
{
    std::unordered_map<std::string, std::int64_t> seen;
    EXPECT_EQ(refusalsSince(seen, {hot("/A", 5), hot("/B", 2)}), 7u);
    EXPECT_EQ(refusalsSince(seen, {hot("/A", 9), hot("/B", 2)}), 4u);
    // /B left the table; /C is new; /A left and came back with a smaller total.
    EXPECT_EQ(refusalsSince(seen, {hot("/A", 3), hot("/C", 1)}), 4u);
    EXPECT_EQ(seen.size(), 2u);
    EXPECT_FALSE(seen.contains("/B"));
    EXPECT_EQ(refusalsSince(seen, {hot("/A", 3), hot("/C", 1)}), 0u);
}

TEST(ExporterMetrics, AScrapeRendersEveryProjectAndDropsTheGoneOnes)
{
    const ServerTime t0{std::chrono::milliseconds(5'000'000)};
    Scrape scrape;
    scrape.up = true;
    scrape.redis = "redis://127.0.0.1:6379";
    ProjectScrape p;
    p.name = "alpha";
    p.tally.synced = true;
    p.now = t0 + 90s;
    p.tally.grants = 4;
    p.tally.leasesByMode[std::size_t(LockMode::X)] = 2;
    p.tally.oldestCreated = t0;
    p.counts.expired = 1;
    WaiterInfo w;
    w.since = t0 + 60s;
    p.waiters = {w};
    p.hotPaths = {hot("/A", 3)};
    p.refusals = 3;
    scrape.projects.push_back(p);

    const auto families = metricFamilies(scrape);
    const auto value = [&](const std::string& name) {
        const auto* f = family(families, name);
        EXPECT_TRUE(f) << name;
        EXPECT_EQ(f->metric.size(), 1u) << name;
        EXPECT_EQ(labelOf(f->metric.front(), "project"), "alpha") << name;
        return f->type == prometheus::MetricType::Counter ? f->metric.front().counter.value : f->metric.front().gauge.value;
    };
    EXPECT_EQ(value("treelock_grants_total"), 4);
    EXPECT_EQ(value("treelock_oldest_lease_age_seconds"), 90);
    EXPECT_EQ(value("treelock_expired_leases"), 1);
    EXPECT_EQ(value("treelock_waiters"), 1);
    EXPECT_EQ(value("treelock_longest_wait_seconds"), 30);
    EXPECT_EQ(value("treelock_refusals_total"), 3);
    const auto* leases = family(families, "treelock_leases");
    ASSERT_TRUE(leases);
    EXPECT_EQ(leases->metric.size(), kAllModes.size());
    const auto* hotPaths = family(families, "treelock_hot_path_refusals_per_minute");
    ASSERT_TRUE(hotPaths);
    ASSERT_EQ(hotPaths->metric.size(), 1u);
    EXPECT_EQ(labelOf(hotPaths->metric.front(), "path"), "/A");
    EXPECT_FALSE(family(families, "treelock_redis_primary")) << "a single server has no shards";
    ASSERT_TRUE(family(families, "treelock_exporter_info"));
    EXPECT_EQ(labelOf(family(families, "treelock_exporter_info")->metric.front(), "redis"), "redis://127.0.0.1:6379");

    // The text format names every family once, each with its HELP and TYPE.
    const std::string text = prometheus::TextSerializer().Serialize(families);
    EXPECT_NE(text.find("# TYPE treelock_grants_total counter"), std::string::npos) << text;
    EXPECT_NE(text.find("treelock_leases{project=\"alpha\",mode=\"X\"} 2"), std::string::npos) << text;

    // A project whose first list has not ended shows what the scrape read, and
    // nothing of a view it does not have yet (no lease, an age of 0).
    scrape.projects.front().tally.synced = false;
    const auto listing = metricFamilies(scrape);
    EXPECT_TRUE(family(listing, "treelock_leases")->metric.empty());
    EXPECT_TRUE(family(listing, "treelock_oldest_lease_age_seconds")->metric.empty());
    EXPECT_TRUE(family(listing, "treelock_grants_total")->metric.empty());
    EXPECT_EQ(family(listing, "treelock_waiters")->metric.size(), 1u);
    EXPECT_EQ(family(listing, "treelock_expired_leases")->metric.size(), 1u);

    scrape.projects.clear();
    scrape.up = false;
    const auto down = metricFamilies(scrape);
    EXPECT_EQ(family(down, "treelock_up")->metric.front().gauge.value, 0);
    EXPECT_TRUE(family(down, "treelock_grants_total")->metric.empty());
}

TEST(ExporterMetrics, ShardsGiveThePrimariesAndTheReplicasLag)
{
    Scrape scrape;
    ReplicaStatus replica;
    replica.address = HostPort{"10.0.0.2", 6380};
    replica.bytesBehind = 1234;
    scrape.shards.push_back({"10.0.0.1:6379", "0-16383", {replica}});
    scrape.failovers = 2;
    const auto families = metricFamilies(scrape);
    const auto* lag = family(families, "treelock_redis_replica_lag_bytes");
    ASSERT_TRUE(lag);
    ASSERT_EQ(lag->metric.size(), 1u);
    EXPECT_EQ(lag->metric.front().gauge.value, 1234);
    EXPECT_EQ(labelOf(lag->metric.front(), "replica"), "10.0.0.2:6380");
    EXPECT_EQ(family(families, "treelock_redis_failovers_total")->metric.front().counter.value, 2);
    EXPECT_EQ(labelOf(family(families, "treelock_redis_primary")->metric.front(), "slots"), "0-16383");
}
