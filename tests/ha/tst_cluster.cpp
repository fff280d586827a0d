// Redis Cluster: a private cluster of three primaries (and replicas where a
// failover is tested) started by the fixture with redis-cli --cluster create.
// Projects spread over the shards; a project's slot migrates to another primary
// while four client processes lock and release in it; a primary is killed and
// its replica takes over; --min-replicas counts the project's own shard.
#include "faultsupport.h"
#include "tlsfiles.h"

#include <treelock/error.h>
#include <treelock/redisclustergroup.h>
#include <treelock/redisengine.h>
#include <treelock/redisprotocol.h>
#include <treelock/redistopology.h>

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

using namespace treelock;
using namespace std::chrono;

namespace {

RedisOptions clusterOptions(const std::string& url, int minReplicas = 0)
{
    RedisOptions o = test::redisAt(url);
    o.failoverTimeout = seconds(20);
    o.minReplicas = minReplicas;
    return o;
}

/// A project name whose slot `group` serves on a node other than `avoid`.
std::string projectAwayFrom(ClusterGroup& group, const HostPort& avoid, const std::string& stem)
{
    for (int i = 0;; ++i) {
        const std::string name = stem + "-" + std::to_string(i);
        if (!(group.primaryFor(ClusterGroup::slotOf(name)) == avoid))
            return name;
    }
}

std::set<std::string> texts(const std::vector<HostPort>& nodes)
{
    std::set<std::string> out;
    for (const auto& n : nodes)
        out.insert(n.text());
    return out;
}

long long sumOf(const test::Outage& outage, const std::string& key)
{
    long long total = 0;
    for (const auto& log : outage.logs)
        total += test::summaryValue(log.summary, key);
    return total;
}

// Four contention workers on `project` of the cluster, seeded from `seed`, with
// retries that outlast a failover or a slot's move; `args` add to or override these.
constexpr int kProcesses = 4;
std::vector<std::unique_ptr<test::WorkerProcess>> startLoad(const ClusterGroup& group, const std::string& project,
                                                            const std::string& dir, int seed,
                                                            std::vector<std::string> args)
{
    const std::vector<std::string> common{"--project", project, "--ops", "1000000", "--ttl", "2000", "--wait-ms",
                                          "1000", "--hold-us", "2000", "--failover-ms", "20000"};
    args.insert(args.begin(), common.begin(), common.end());
    return test::startWorkers("contention", kProcesses, group.url(), dir, seed, args);
}

} // namespace

TEST(Cluster, projectsSpreadOverEveryPrimaryAndAreListed)
{
    ClusterGroup group;
    const std::vector<HostPort> primaries = group.primaries();
    ASSERT_EQ(primaries.size(), 3u);
    std::set<std::string> serving;
    for (int i = 0; i < 24; ++i) {
        const std::string project = "drive-" + std::to_string(i);
        RedisEngine engine(clusterOptions(group.url()), project);
        const AcquireResult r = engine.acquire({{"/A/B", LockMode::X}}, test::acquireAs("alice", seconds(60)));
        ASSERT_TRUE(r.granted) << project;
        if (i % 2 == 0)
            engine.release(r.grant.lease);
        ASSERT_TRUE(engine.primary().has_value());
        EXPECT_EQ(*engine.primary(), group.primaryFor(ClusterGroup::slotOf(project))) << project;
        EXPECT_EQ(engine.slot(), ClusterGroup::slotOf(project));
        serving.insert(engine.primary()->text());
    }
    EXPECT_EQ(serving, texts(primaries)) << "24 projects should land on every one of 3 primaries";

    const std::vector<ProjectInfo> projects = listProjects(clusterOptions(group.url()));
    ASSERT_EQ(projects.size(), 24u);
    std::set<std::string> listedNodes;
    for (const ProjectInfo& p : projects) {
        const int index = std::stoi(p.name.substr(std::string("drive-").size()));
        EXPECT_EQ(p.leases, index % 2 == 0 ? 0 : 1) << p.name;
        EXPECT_EQ(p.slot, ClusterGroup::slotOf(p.name));
        EXPECT_EQ(p.node, group.primaryFor(p.slot).text()) << p.name;
        listedNodes.insert(p.node);
    }
    EXPECT_EQ(listedNodes, texts(primaries));

    const Topology topology = readTopology(clusterOptions(group.url()), "drive-3");
    EXPECT_EQ(topology.kind, Topology::Kind::Cluster);
    EXPECT_EQ(topology.slot, ClusterGroup::slotOf("drive-3"));
    EXPECT_EQ(topology.primary, group.primaryFor(topology.slot).text());
    ASSERT_EQ(topology.shards.size(), 3u);
    int slots = 0;
    for (const auto& s : topology.shards) {
        EXPECT_TRUE(s.error.empty()) << s.error;
        slots += s.slotCount;
    }
    EXPECT_EQ(slots, 16384);
}

TEST(Cluster, wakeUpsTravelOnTheProjectsShard)
{
    ClusterGroup group;
    const std::string project = projectAwayFrom(group, group.address(0), "wake");
    auto engine = std::make_shared<RedisEngine>(clusterOptions(group.url()), project);
    const AcquireResult held = engine->acquire({{"/A", LockMode::X}}, test::acquireAs("alice", seconds(60)));
    ASSERT_TRUE(held.granted);
    auto wake = engine->subscribeWake();
    AcquireOptions waiter = test::acquireAs("bob");
    waiter.wait = seconds(10);
    ASSERT_FALSE(engine->acquire({{"/A/B", LockMode::S}}, waiter).granted) << "bob waits for alice";
    std::thread releaser([&] {
        std::this_thread::sleep_for(milliseconds(200));
        engine->release(held.grant.lease);
    });
    const auto started = steady_clock::now();
    const bool woken = wake->wait(steady_clock::now() + seconds(10));
    const auto waited = steady_clock::now() - started;
    releaser.join();
    EXPECT_TRUE(woken);
    EXPECT_LT(waited, seconds(5)) << "the release's SPUBLISH should end the wait, not the deadline";
}

TEST(Cluster, callsFollowASlotThatMovedAndNameTheRedirects)
{
    ClusterGroup group;
    const std::string project = projectAwayFrom(group, group.address(0), "moving");
    const int slot = ClusterGroup::slotOf(project);
    RedisEngine engine(clusterOptions(group.url()), project);
    const AcquireResult a = engine.acquire({{"/A", LockMode::X}}, test::acquireAs("alice", seconds(60)));
    ASSERT_TRUE(a.granted);
    const HostPort from = group.primaryFor(slot);
    HostPort to = group.address(0);
    const SlotMigration m = group.migrateSlot(slot, to);
    EXPECT_EQ(m.from, from);
    EXPECT_EQ(m.keys, 3u) << "state, expiry, events";
    // The engine still talks to the old node: the next call is MOVED, and lands.
    const AcquireResult refused = engine.acquire({{"/A/B", LockMode::S}}, test::acquireAs("bob"));
    EXPECT_FALSE(refused.granted);
    ASSERT_TRUE(refused.blocker.has_value());
    EXPECT_EQ(refused.blocker->lease, a.grant.lease) << "the lease moved with its slot";
    EXPECT_EQ(engine.primary(), to);
    EXPECT_GE(engine.redirects().moved, 1u);
    EXPECT_EQ(engine.release(a.grant.lease).status, LeaseStatus::Ok);
    EXPECT_TRUE(engine.fsck(false).clean());
}

TEST(Cluster, slotMigratesUnderLoadFromFourProcesses)
{
    ClusterGroup group;
    const std::string project = projectAwayFrom(group, group.address(0), "fault");
    const int slot = ClusterGroup::slotOf(project);
    const std::string dir = test::tempDir("cluster-migrate");
    const auto workers = startLoad(group, project, dir, 7000, {"--duration-ms", "9000", "--timeout-ms", "2000"});
    std::this_thread::sleep_for(milliseconds(1500));
    // There and back: one key per MIGRATE with a pause between, so that clients
    // meet the slot half-way (ASK, TRYAGAIN) as well as after (MOVED).
    const HostPort home = group.primaryFor(slot);
    const SlotMigration out = group.migrateSlot(slot, group.address(0), 1, milliseconds(150));
    std::this_thread::sleep_for(milliseconds(1000));
    const SlotMigration back = group.migrateSlot(slot, home, 1, milliseconds(150));
    for (auto& w : workers)
        EXPECT_EQ(w->wait(), 0);

    const test::Outage outage = test::readOutage(dir, kProcesses, 0, 0);
    RedisEngine engine(clusterOptions(group.url()), project);
    const auto [violations, history] = test::verdictOf(outage, engine, clusterOptions(group.url()));
    long long granted = 0;
    for (const auto& log : outage.logs)
        granted += test::summaryValue(log.summary, "granted");
    const long long moved = sumOf(outage, "moved"), ask = sumOf(outage, "ask"), tryAgain = sumOf(outage, "tryagain");
    std::cout << "[figures] cluster migration of slot " << slot << ": " << out.keys << " keys in " << out.batches
              << " MIGRATE calls over " << out.took.count() << " ms there, " << back.keys << " keys over "
              << back.took.count() << " ms back; " << kProcesses << " clients, " << granted << " grants, "
              << outage.errors << " errors reported; MOVED " << moved << ", ASK " << ask << ", TRYAGAIN " << tryAgain
              << "; interval violations " << violations.size() << "; history (" << history.events
              << " events) violations " << history.violations.size() << std::endl;
    EXPECT_GE(out.batches, 3u);
    EXPECT_GT(granted, 0);
    EXPECT_EQ(outage.errors, 0u) << "a migration is not a failure: every call should land";
    for (const auto& log : outage.logs)
        EXPECT_EQ(test::summaryValue(log.summary, "errors"), static_cast<long long>(log.errors.size()))
            << "every failed call is reported as an error";
    EXPECT_GT(moved, 0) << "clients on the old node are sent on";
    EXPECT_GT(ask + tryAgain, 0) << "clients met the slot half-way";
    test::expectNoViolation(violations, history);
    EXPECT_TRUE(engine.fsck(false).clean());
    test::removeUnlessFailed(dir);
}

TEST(Cluster, killedPrimaryIsReplacedByItsReplicaUnderLoad)
{
    ClusterGroupConfig config;
    config.replicasPerPrimary = 2; // one is left to acknowledge grants once the other is promoted
    ClusterGroup group(config);
    const std::string project = projectAwayFrom(group, group.address(0), "failover");
    const int slot = ClusterGroup::slotOf(project);
    const std::string dir = test::tempDir("cluster-failover");
    const auto workers = startLoad(group, project, dir, 8000,
                                   {"--duration-ms", "12000", "--timeout-ms", "1000", "--min-replicas", "1"});
    std::this_thread::sleep_for(milliseconds(2000));
    const HostPort old = group.primaryFor(slot);
    const std::int64_t killedNs = test::monoNs();
    milliseconds promotedAfter{0};
    const HostPort promoted = group.killPrimaryOf(slot, seconds(30), &promotedAfter);
    const std::int64_t promotedNs = test::monoNs();
    for (auto& w : workers)
        EXPECT_EQ(w->wait(), 0);

    const test::Outage outage = test::readOutage(dir, kProcesses, killedNs, promotedNs);
    int clientsBack = 0;
    for (int i = 0; i < kProcesses; ++i)
        clientsBack += outage.grantedAfter(std::size_t(i), promotedNs);
    RedisEngine engine(clusterOptions(group.url()), project);
    const auto [violations, history] = test::verdictOf(outage, engine, clusterOptions(group.url()));
    std::cout << "[figures] cluster failover: primary " << old.text() << " killed, " << promoted.text()
              << " took slot " << slot << " over " << promotedAfter.count() << " ms later; " << outage.before
              << " grants before, " << outage.after << " after, " << outage.errors
              << " errors reported; max fence before " << outage.maxFenceBefore << ", min fence after "
              << outage.minFenceAfter << "; interval violations " << violations.size() << "; history violations "
              << history.violations.size() << std::endl;
    EXPECT_FALSE(promoted == old);
    EXPECT_EQ(engine.primary(), promoted);
    EXPECT_GT(outage.before, 0u);
    EXPECT_EQ(clientsBack, kProcesses) << "a client did not find the promoted replica";
    EXPECT_GT(outage.minFenceAfter, outage.maxFenceBefore);
    test::expectNoViolation(violations, history);
    EXPECT_TRUE(engine.fsck(false).clean());
    test::removeUnlessFailed(dir);
}

TEST(Cluster, minReplicasCountsTheReplicasOfTheProjectsShard)
{
    ClusterGroupConfig config;
    config.replicasPerPrimary = 1;
    ClusterGroup group(config);
    const std::string stalled = projectAwayFrom(group, group.address(0), "stalled");
    const HostPort stalledPrimary = group.primaryFor(ClusterGroup::slotOf(stalled));
    std::string other;
    for (int i = 0; other.empty(); ++i) {
        const std::string name = "other-" + std::to_string(i);
        if (!(group.primaryFor(ClusterGroup::slotOf(name)) == stalledPrimary))
            other = name;
    }
    RedisEngine stalledEngine(clusterOptions(group.url(), 1), stalled);
    RedisEngine otherEngine(clusterOptions(group.url(), 1), other);
    ASSERT_TRUE(stalledEngine.acquire({{"/warm", LockMode::X}}, test::acquireAs("a")).granted)
        << "with its replica up, the stalled shard acknowledges";

    // Stop the replica of the stalled project's shard only.
    std::size_t replica = group.nodeCount();
    for (std::size_t i = 0; i < group.nodeCount(); ++i) {
        redis::RawConnection c("redis://" + group.address(i).text());
        const redis::Reply info = c.command({"INFO", "replication"});
        if (info.text.find("role:slave") != std::string::npos
            && info.text.find("master_port:" + std::to_string(stalledPrimary.port)) != std::string::npos)
            replica = i;
    }
    ASSERT_LT(replica, group.nodeCount());
    group.node(replica).pause(true);
    try {
        stalledEngine.acquire({{"/A", LockMode::X}}, test::acquireAs("alice"));
        ADD_FAILURE() << "a grant the shard's replica never saw should be refused";
    } catch (const ReplicationError& e) {
        EXPECT_TRUE(e.rolledBack());
        EXPECT_EQ(e.acknowledged(), 0);
    }
    const AcquireResult elsewhere = otherEngine.acquire({{"/A", LockMode::X}}, test::acquireAs("bob"));
    EXPECT_TRUE(elsewhere.granted) << "another shard's replica acknowledges its own grants";
    group.node(replica).pause(false);
    EXPECT_TRUE(stalledEngine.acquire({{"/A", LockMode::X}}, test::acquireAs("alice")).granted)
        << "the rolled-back grant left the path free";
}

// TLS on every node and the cluster bus, client certificates wanted: a slot
// moves there and back while four engines lock and release in it, and every
// MOVED and ASK is followed over TLS to the node it names.
TEST(Cluster, overTlsASlotMovesUnderLoadAndEveryCallLands)
{
    ClusterGroupConfig config;
    config.tls = test::TlsFiles::get().server(/*authClients=*/true);
    ClusterGroup group(config);
    ASSERT_EQ(group.url().rfind("rediss+cluster://", 0), 0u) << group.url();
    const std::string project = projectAwayFrom(group, group.address(0), "tls");
    const int slot = ClusterGroup::slotOf(project);
    RedisOptions options = clusterOptions(group.url());
    options.tls = test::TlsFiles::get().client();

    std::atomic<bool> stop{false};
    std::atomic<long long> granted{0};
    std::vector<std::string> errors;
    std::mutex errorsMutex;
    std::vector<std::unique_ptr<RedisEngine>> engines;
    for (int i = 0; i < 4; ++i)
        engines.push_back(std::make_unique<RedisEngine>(options, project));
    std::vector<std::thread> load;
    for (int i = 0; i < 4; ++i) {
        load.emplace_back([&, i] {
            const std::string path = "/load/" + std::to_string(i);
            while (!stop) {
                try {
                    const AcquireResult a = engines[std::size_t(i)]->acquire({{path, LockMode::X}},
                                                                             test::acquireAs("w" + std::to_string(i)));
                    if (a.granted) {
                        ++granted;
                        engines[std::size_t(i)]->release(a.grant.lease);
                    }
                } catch (const std::exception& e) {
                    std::lock_guard lock(errorsMutex);
                    errors.push_back(e.what());
                }
            }
        });
    }
    std::this_thread::sleep_for(milliseconds(500));
    const HostPort home = group.primaryFor(slot);
    const SlotMigration out = group.migrateSlot(slot, group.address(0), 1, milliseconds(150));
    std::this_thread::sleep_for(milliseconds(500));
    const SlotMigration back = group.migrateSlot(slot, home, 1, milliseconds(150));
    std::this_thread::sleep_for(milliseconds(300));
    stop = true;
    for (auto& t : load)
        t.join();

    ClusterRedirects redirects;
    for (const auto& e : engines) {
        redirects.moved += e->redirects().moved;
        redirects.ask += e->redirects().ask;
        redirects.tryAgain += e->redirects().tryAgain;
    }
    std::cout << "[figures] TLS cluster: slot " << slot << " moved with " << out.keys << " keys and back with "
              << back.keys << "; " << granted << " grants; MOVED " << redirects.moved << ", ASK " << redirects.ask
              << ", TRYAGAIN " << redirects.tryAgain << "; errors " << errors.size() << std::endl;
    EXPECT_GT(granted, 0);
    EXPECT_TRUE(errors.empty()) << errors.front();
    EXPECT_GT(redirects.moved, 0u) << "engines on the old node are sent on, over TLS";
    EXPECT_TRUE(RedisEngine(options, project).fsck(false).clean());
}
