// The exporter behind Sentinel and on a Redis Cluster: the primaries serving,
// the replicas' lag, a failover counted, and the projects of every primary,
// on real sentinels and a real cluster.

#include "exportermetrics.h"
#include "families.h"
#include "projectexporter.h"

#include "treelock/redisclustergroup.h"
#include "treelock/redisengine.h"
#include "treelock/redissentinelgroup.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>
#include <thread>

using namespace treelock;
using namespace treelock::exporter;
using treelock::test::family;
using treelock::test::labelOf;
using namespace std::chrono_literals;

namespace {

using Families = std::vector<prometheus::MetricFamily>;

// The one sample of `name`, or NaN when there is not exactly one.
double single(const Families& families, const std::string& name)
{
    const auto* f = family(families, name);
    if (!f || f->metric.size() != 1)
        return std::numeric_limits<double>::quiet_NaN();
    return f->type == prometheus::MetricType::Counter ? f->metric.front().counter.value : f->metric.front().gauge.value;
}

double leasesOf(const Families& families, const std::string& project)
{
    double sum = 0;
    if (const auto* f = family(families, "treelock_leases"))
        for (const auto& m : f->metric)
            if (labelOf(m, "project") == project)
                sum += m.gauge.value;
    return sum;
}

// Scrapes until `done` says the scrape is the one awaited, or `timeout` passes; the last scrape.
template <typename Done>
Families scrapeUntil(const ProjectExporter& exporter, Done done, std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        Families families = exporter.Collect();
        if (done(families) || std::chrono::steady_clock::now() > deadline)
            return families;
        std::this_thread::sleep_for(200ms);
    }
}

} // namespace

TEST(ExporterHa, SentinelGivesThePrimaryItsReplicasLagAndCountsAFailover)
{
    SentinelGroup group;
    RedisOptions redis;
    redis.url = group.url();
    RedisEngine engine(redis, "ha");
    AcquireOptions acquire;
    acquire.owner = "alice";
    acquire.ttl = 10min;
    ASSERT_TRUE(engine.acquire({{"/A", LockMode::X}}, acquire).granted);

    ExporterOptions options;
    options.redis = redis;
    options.projects = {"ha"};
    ProjectExporter exporter(options);
    exporter.start();
    ASSERT_TRUE(exporter.waitSynced(30s));
    const HostPort first = group.address(std::size_t(group.primaryIndex()));
    Families before = scrapeUntil(exporter, [](const Families& f) { return leasesOf(f, "ha") == 1; }, 20s);
    EXPECT_EQ(single(before, "treelock_up"), 1);
    EXPECT_EQ(leasesOf(before, "ha"), 1);
    const auto* primary = family(before, "treelock_redis_primary");
    ASSERT_TRUE(primary);
    ASSERT_EQ(primary->metric.size(), 1u);
    EXPECT_EQ(labelOf(primary->metric.front(), "primary"), first.text());
    const auto* lag = family(before, "treelock_redis_replica_lag_bytes");
    ASSERT_TRUE(lag);
    ASSERT_EQ(lag->metric.size(), 1u) << "one replica";
    EXPECT_EQ(labelOf(lag->metric.front(), "replica"), group.address(1).text());
    EXPECT_GE(lag->metric.front().gauge.value, 0);
    EXPECT_EQ(single(before, "treelock_redis_failovers_total"), 0);

    group.failover();
    const HostPort second = group.waitForNewPrimary(first, 30s);
    const Families after = scrapeUntil(
        exporter,
        [&](const Families& f) {
            const auto* p = family(f, "treelock_redis_primary");
            return single(f, "treelock_up") == 1 && p && p->metric.size() == 1
                   && labelOf(p->metric.front(), "primary") == second.text();
        },
        30s);
    ASSERT_TRUE(family(after, "treelock_redis_primary"));
    EXPECT_EQ(labelOf(family(after, "treelock_redis_primary")->metric.front(), "primary"), second.text());
    EXPECT_EQ(single(after, "treelock_redis_failovers_total"), 1);
    EXPECT_EQ(leasesOf(after, "ha"), 1) << "the lease was replicated before the failover";
}

TEST(ExporterHa, AClusterGivesEveryPrimaryAndTheProjectsOfEach)
{
    ClusterGroup cluster;
    RedisOptions redis;
    redis.url = cluster.url();
    // Projects on different primaries (their slots are spread by their names).
    std::vector<std::string> projects;
    std::set<std::string> nodes;
    for (int i = 0; i < 32 && nodes.size() < 2; ++i) {
        const std::string name = "c" + std::to_string(i);
        RedisEngine engine(redis, name);
        AcquireOptions acquire;
        acquire.owner = "bob";
        acquire.ttl = 10min;
        ASSERT_TRUE(engine.acquire({{"/B", LockMode::S}}, acquire).granted);
        if (nodes.insert(engine.primary() ? engine.primary()->text() : std::string()).second)
            projects.push_back(name);
    }
    ASSERT_EQ(nodes.size(), 2u);

    ExporterOptions options;
    options.redis = redis;
    ProjectExporter exporter(options); // every project, found with SCAN on every primary
    exporter.start();
    ASSERT_TRUE(exporter.waitSynced(30s));
    const Families families = scrapeUntil(
        exporter,
        [&](const Families& f) {
            return std::all_of(projects.begin(), projects.end(), [&](const auto& p) { return leasesOf(f, p) == 1; });
        },
        20s);
    EXPECT_EQ(single(families, "treelock_up"), 1);
    for (const std::string& p : projects)
        EXPECT_EQ(leasesOf(families, p), 1) << p;
    const auto* primary = family(families, "treelock_redis_primary");
    ASSERT_TRUE(primary);
    EXPECT_EQ(primary->metric.size(), 3u) << "three primaries";
    for (const auto& m : primary->metric)
        EXPECT_FALSE(labelOf(m, "slots").empty()) << labelOf(m, "primary");
    EXPECT_EQ(single(families, "treelock_redis_failovers_total"), 0);
}
