// RedisEngine and LockClient behind Redis Sentinel, on a real primary, replica and
// three sentinels started for each test: discovery, failover (asked for and by
// kill -9), leases that survive or are lost, replica-acknowledged grants.

#include "thrown.h"
#include "tlsfiles.h"
#include "treelock/error.h"
#include "treelock/lockclient.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"
#include "treelock/redissentinelgroup.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

using namespace treelock;
using namespace std::chrono_literals;

namespace {

std::vector<LockRequest> x(const std::string& path) { return {{path, LockMode::X}}; }

AcquireOptions as(const std::string& owner, std::chrono::milliseconds ttl = 30s)
{
    AcquireOptions o;
    o.owner = owner;
    o.ttl = ttl;
    return o;
}

class Sentinel : public ::testing::Test {
protected:
    RedisOptions options(int minReplicas = 0) const
    {
        RedisOptions o;
        o.url = group.url();
        o.minReplicas = minReplicas;
        o.replicaTimeout = 200ms;
        o.failoverTimeout = 20s;
        return o;
    }

    /// A grant every replica has (made through an engine that WAITs for one).
    AcquireResult acknowledgedGrant(const std::string& path, const std::string& owner)
    {
        RedisEngine acked(options(1), "p");
        return acked.acquire(x(path), as(owner));
    }

    /// alice's client with a 3 s TTL whose watchdog counts lost leases in `lost`.
    static std::unique_ptr<LockClient> watchedClient(std::shared_ptr<RedisEngine> engine, std::atomic<int>& lost)
    {
        ClientOptions c;
        c.owner = "alice";
        c.ttl = 3s;
        auto client = std::make_unique<LockClient>(std::move(engine), c);
        client->onLeaseLost([&lost](const LeaseId&, LeaseStatus) { ++lost; });
        return client;
    }

    SentinelGroup group;
};

/// Asks `group` for a failover and renews `lease` through `engine` until the
/// engine is on the new primary (the old one, demoted but alive, still answers
/// as a primary until the sentinels reconfigure it: the engine must leave it by
/// itself, READONLY or +switch-master, without an error reaching the caller).
/// Returns the new primary.
HostPort failOverRenewing(SentinelGroup& group, RedisEngine& engine, const LeaseId& lease)
{
    const HostPort old = group.primaryIndex() >= 0 ? group.address(std::size_t(group.primaryIndex())) : HostPort{};
    group.failover();
    const HostPort now = group.waitForNewPrimary(old, 30s);
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    while (!(engine.primary() == now) && std::chrono::steady_clock::now() < deadline) {
        EXPECT_EQ(engine.renew(lease, std::nullopt).status, LeaseStatus::Ok);
        std::this_thread::sleep_for(50ms);
    }
    EXPECT_TRUE(engine.primary() == now) << "still on " << engine.describe() << ", not " << now.text();
    return now;
}

} // namespace

TEST_F(Sentinel, engineFindsThePrimaryAndNamesIt)
{
    RedisEngine engine(options(), "p");
    EXPECT_TRUE(engine.acquire(x("/A"), as("alice")).granted);
    ASSERT_TRUE(engine.primary().has_value());
    EXPECT_EQ(*engine.primary(), group.address(0));
    EXPECT_NE(engine.describe().find("primary " + group.address(0).text()), std::string::npos)
        << engine.describe();
}

// A name no sentinel monitors is a wrong URL, refused at once rather than
// waited out for the failover timeout as if a failover were under way.
TEST_F(Sentinel, unknownPrimaryNameIsAWrongUrlNamedAtOnce)
{
    RedisOptions o = options();
    o.url = group.url() + "-nope";
    const auto started = std::chrono::steady_clock::now();
    try {
        RedisEngine engine(o, "p");
        FAIL() << "connected to a primary no sentinel knows";
    } catch (const InvalidInput& e) {
        EXPECT_NE(std::string(e.what()).find("knows no primary named \"treelock-nope\""), std::string::npos)
            << e.what();
    }
    EXPECT_LT(std::chrono::steady_clock::now() - started, o.failoverTimeout / 2);
}

// Behind Sentinel every connection asks ROLE; a user that may not is told what
// to add, at once, rather than being taken for a replica until the timeout.
TEST_F(Sentinel, aUserWithoutRoleIsToldToAddIt)
{
    redis::RawConnection primary(group.reach(group.address(0)));
    ASSERT_EQ(primary.command({"ACL", "SETUSER", "norole", "on", ">norole-pw", "~*", "&*", "+@all", "-role"}).text,
              "OK");
    RedisOptions o = options();
    o.user = "norole";
    o.password = "norole-pw";
    const auto started = std::chrono::steady_clock::now();
    const std::string message = test::messageThrownBy<AuthenticationError>([&] { RedisEngine engine(o, "p"); });
    EXPECT_NE(message.find("NOPERM"), std::string::npos) << message;
    EXPECT_NE(message.find("add +role to it, docs/security.md"), std::string::npos) << message;
    EXPECT_EQ(message.find("norole-pw"), std::string::npos) << message;
    EXPECT_LT(std::chrono::steady_clock::now() - started, o.failoverTimeout / 2);
}

TEST_F(Sentinel, unreachableSentinelIsSkipped)
{
    RedisOptions o = options();
    // A dead sentinel first in the list: the next one answers.
    o.url = "redis+sentinel://127.0.0.1:" + std::to_string(freeLoopbackPort()) + ","
            + group.url().substr(std::string("redis+sentinel://").size());
    RedisEngine engine(o, "p");
    EXPECT_TRUE(engine.acquire(x("/A"), as("alice")).granted);
}

TEST_F(Sentinel, askedFailoverMovesTheEngineAndLeasesSurvive)
{
    RedisEngine engine(options(), "p");
    const AcquireResult held = acknowledgedGrant("/A/C", "alice");
    ASSERT_TRUE(held.granted);
    const HostPort now = failOverRenewing(group, engine, held.grant.lease);
    ASSERT_TRUE(engine.primary() == now);
    const RenewResult renewed = engine.renew(held.grant.lease, std::nullopt);
    EXPECT_EQ(renewed.status, LeaseStatus::Ok) << "an acknowledged lease survives a failover";
    const AcquireResult refused = engine.acquire(x("/A"), as("bob"));
    ASSERT_FALSE(refused.granted) << "the surviving lease still blocks";
    EXPECT_EQ(refused.blocker->lease, held.grant.lease);
    const AcquireResult next = engine.acquire(x("/B"), as("bob"));
    ASSERT_TRUE(next.granted);
    EXPECT_GT(next.grant.fence, held.grant.fence);
}

TEST_F(Sentinel, killedPrimaryIsReplacedAndAcknowledgedLeaseSurvives)
{
    RedisEngine engine(options(), "p");
    const AcquireResult held = acknowledgedGrant("/A", "alice");
    ASSERT_TRUE(held.granted);
    const HostPort old = group.address(0);
    group.node(0).stop(true);
    // The first call may meet the dead connection (outcome unknown); the next
    // ones wait for the sentinels to promote the replica.
    try {
        engine.renew(held.grant.lease, std::nullopt);
    } catch (const ConnectionError&) {
    }
    const RenewResult renewed = engine.renew(held.grant.lease, std::nullopt);
    EXPECT_EQ(renewed.status, LeaseStatus::Ok);
    ASSERT_TRUE(engine.primary().has_value());
    EXPECT_FALSE(*engine.primary() == old);
    EXPECT_EQ(group.primaryIndex(), 1);
    const AcquireResult next = engine.acquire(x("/B"), as("bob"));
    ASSERT_TRUE(next.granted);
    EXPECT_GT(next.grant.fence, held.grant.fence) << "fences after a failover exceed those before it";
}

TEST_F(Sentinel, stalledReplicaRefusesTheGrantAndRollsItBack)
{
    RedisEngine engine(options(1), "p");
    group.node(1).pause(true);
    try {
        engine.acquire(x("/A"), as("alice"));
        group.node(1).pause(false);
        FAIL() << "a grant no replica acknowledged was reported granted";
    } catch (const ReplicationError& e) {
        group.node(1).pause(false);
        EXPECT_EQ(e.acknowledged(), 0);
        EXPECT_EQ(e.required(), 1);
        EXPECT_TRUE(e.rolledBack());
        EXPECT_STREQ(e.what(), "grant not acknowledged by enough replicas (0 of 1 within 200 ms); rolled back");
    }
    EXPECT_TRUE(engine.snapshot().leases.empty()) << "the refused grant left a lease behind";
    EXPECT_TRUE(engine.nodeCounts().empty()) << "the refused grant left counts behind";
    EXPECT_TRUE(engine.acquire(x("/A"), as("bob")).granted) << "the path is free again";
}

TEST_F(Sentinel, stalledReplicaFailsARenewalButKeepsTheLease)
{
    RedisEngine engine(options(1), "p");
    const AcquireResult held = engine.acquire(x("/A"), as("alice"));
    ASSERT_TRUE(held.granted);
    group.node(1).pause(true);
    EXPECT_THROW(engine.renew(held.grant.lease, std::nullopt), ReplicationError);
    group.node(1).pause(false);
    ASSERT_EQ(engine.snapshot().leases.size(), 1u);
    EXPECT_EQ(engine.renew(held.grant.lease, std::nullopt).status, LeaseStatus::Ok);
}

TEST_F(Sentinel, stalledReplicaFailsASettingChangeThatThePrimaryKeeps)
{
    RedisEngine engine(options(1), "p");
    group.node(1).pause(true);
    try {
        engine.setEventLevel(EventLevel::Audit, "ops", "h");
        group.node(1).pause(false);
        FAIL() << "a setting change no replica acknowledged was reported done";
    } catch (const ReplicationError& e) {
        group.node(1).pause(false);
        EXPECT_EQ(e.acknowledged(), 0);
        EXPECT_FALSE(e.rolledBack());
        EXPECT_NE(std::string(e.what()).find("setting change not acknowledged"), std::string::npos) << e.what();
    }
    EXPECT_EQ(engine.eventLevel(), EventLevel::Audit);
    engine.setEventLevel(EventLevel::All, "ops", "h"); // the replica answers again: no error
    EXPECT_EQ(engine.eventLevel(), EventLevel::All);
}

TEST_F(Sentinel, unreplicatedGrantIsLostWhenThePrimaryDiesAndTheWatchdogSaysSo)
{
    auto engine = std::make_shared<RedisEngine>(options(0), "p");
    std::atomic<int> lost{0};
    const auto client = watchedClient(engine, lost);
    // The replica is held back while the grant is made, so it never sees it.
    group.holdBackReplica(1);
    AcquireOutcome got = client->acquire(x("/A"), "delete");
    ASSERT_TRUE(got);
    group.node(0).stop(true);
    group.resumeReplica(1);
    group.waitForNewPrimary(group.address(0), 30s);
    for (int i = 0; i < 200 && lost == 0; ++i)
        std::this_thread::sleep_for(50ms);
    EXPECT_EQ(lost.load(), 1) << "the watchdog did not report the lease the failover lost";
    EXPECT_TRUE(got.lease.lost());
    // The seed's weakness: the path is free again on the new primary, so a second
    // holder is granted it. Its fence is above the lost one's (a grant takes at
    // least the server's time in µs), so a store that checks fences refuses the
    // first holder's late writes.
    const AcquireResult second = engine->acquire(x("/A"), as("bob"));
    ASSERT_TRUE(second.granted) << "the lost lease should be gone from the new primary";
    EXPECT_GT(second.grant.fence, got.lease.fence());
}

TEST_F(Sentinel, watchdogCarriesALeaseThroughAFailover)
{
    auto engine = std::make_shared<RedisEngine>(options(), "p");
    std::atomic<int> lost{0};
    const auto client = watchedClient(engine, lost);
    AcquireOutcome got = client->acquire(x("/A"), "delete");
    ASSERT_TRUE(got);
    acknowledgedGrant("/other", "barrier"); // WAIT covers every write before it
    group.failover();
    group.waitForNewPrimary(group.address(0), 30s);
    // Two TTLs: several renewals must have gone to the new primary.
    std::this_thread::sleep_for(6s);
    EXPECT_EQ(lost.load(), 0);
    EXPECT_FALSE(got.lease.lost());
    const Snapshot snap = engine->snapshot();
    const auto it = std::find_if(snap.leases.begin(), snap.leases.end(),
                                 [&](const LeaseInfo& l) { return l.id == got.lease.id(); });
    ASSERT_NE(it, snap.leases.end()) << "the lease is gone from the new primary";
    EXPECT_GT(it->expiresAt, snap.serverTime + 1s) << "the lease is renewed on the new primary";
}

// A sentinel that names an older primary under the URL's name (here: one that
// watches another group, which never failed over, listed first) is outvoted by
// the config epoch of the sentinels that saw a failover: writes made on the
// older primary would be lost when the sentinels demote it.
TEST(SentinelEpochs, thePrimaryNamedWithTheNewestEpochWins)
{
    SentinelGroupConfig newerConfig;
    newerConfig.folderPrefix = "treelock-epoch-newer";
    SentinelGroup newer(newerConfig);
    SentinelGroupConfig olderConfig;
    olderConfig.folderPrefix = "treelock-epoch-older";
    olderConfig.replicas = 0;
    olderConfig.sentinels = 1;
    olderConfig.quorum = 1;
    SentinelGroup older(olderConfig);
    const HostPort old = newer.sentinelsPrimary();
    newer.failover();
    const HostPort promoted = newer.waitForNewPrimary(old, 30s);

    RedisOptions o;
    o.url = "redis+sentinel://127.0.0.1:" + std::to_string(older.sentinel(0).port()) + ","
            + newer.url().substr(std::string("redis+sentinel://").size());
    o.failoverTimeout = 20s;
    RedisEngine engine(o, "p");
    EXPECT_TRUE(engine.acquire(x("/A"), as("alice")).granted);
    ASSERT_TRUE(engine.primary());
    EXPECT_EQ(engine.primary()->text(), promoted.text()) << "not the older group's " << older.sentinelsPrimary().text();
}

// TLS everywhere (clients, replication, sentinels), client certificates wanted,
// and sentinels with a password of their own.
TEST(SentinelTls, sentinelsWithTheirOwnPasswordCarryLeasesOverTlsThroughAFailover)
{
    SentinelGroupConfig config;
    config.tls = test::TlsFiles::get().server(/*authClients=*/true);
    config.sentinelPassword = "sentinel-only-pw";
    SentinelGroup group(config);
    ASSERT_EQ(group.url().rfind("rediss+sentinel://", 0), 0u) << group.url();
    RedisOptions o;
    o.url = group.url();
    o.tls = test::TlsFiles::get().client();
    o.failoverTimeout = 20s;

    // Without the sentinels' password: named, and no outage to wait out.
    const std::string refused = test::messageThrownBy<AuthenticationError>([&] { RedisEngine engine(o, "p"); });
    EXPECT_NE(refused.find("the sentinel requires a password of its own: give it in the URL (?sentinel_password=)"),
              std::string::npos)
        << refused;
    // With it, from the URL or from the options.
    RedisOptions inUrl = o;
    inUrl.url += "?sentinel_password=sentinel-only-pw";
    EXPECT_TRUE(RedisEngine(inUrl, "p").acquire(x("/Z"), as("carol")).granted);
    o.sentinelPassword = "sentinel-only-pw";
    RedisEngine engine(o, "p");
    RedisOptions acked = o;
    acked.minReplicas = 1;
    acked.replicaTimeout = 500ms;
    const AcquireResult held = RedisEngine(acked, "p").acquire(x("/A/C"), as("alice"));
    ASSERT_TRUE(held.granted);

    const HostPort now = failOverRenewing(group, engine, held.grant.lease);
    ASSERT_TRUE(engine.primary() == now);
    EXPECT_EQ(engine.renew(held.grant.lease, std::nullopt).status, LeaseStatus::Ok);
    const AcquireResult blocked = engine.acquire(x("/A/C/D/d.txt"), as("bob"));
    ASSERT_FALSE(blocked.granted);
    EXPECT_EQ(blocked.blocker->lease, held.grant.lease);
    const AcquireResult next = engine.acquire(x("/B"), as("bob"));
    ASSERT_TRUE(next.granted);
    EXPECT_GT(next.grant.fence, held.grant.fence);
}
