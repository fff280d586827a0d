// Security: force-release rules and audit, lock-delay, least-privilege Redis ACL
// users (docs/security.md), credentials never shown, configuration warnings.
#include "process.h"
#include "redisserver.h"
#include "thrown.h"

#include <treelock/error.h>
#include <treelock/leasewatch.h>
#include <treelock/lockclient.h>
#include <treelock/redisengine.h>
#include <treelock/redisprotocol.h>
#include <treelock/redistopology.h>

#include <gtest/gtest.h>

#include <thread>

using namespace treelock;
using namespace std::chrono;

namespace {

constexpr const char* kClientPassword = "cl1ent-S3cret-pw";
constexpr const char* kAdminPassword = "adm1n-S3cret-pw";

// An ACL user of docs/security.md: `commands` are what its role adds to the data
// commands every role needs.
std::string aclUser(const std::string& name, const char* password, const std::string& commands)
{
    return "user " + name + " on >" + password + " resetchannels ~tl:* &tl:* -@all" + commands
           + " +xrange +time +ping +role +hmget +hget +hgetall +hset +hdel +hexists +exists +del +get +set"
             " +zadd +zrem +zrange +zscore +zcard +xadd +publish";
}

// The ACL lines of docs/security.md (keep both in step).
std::vector<std::string> aclLines()
{
    const std::string load = " +fcall +function|load +function|list +subscribe +unsubscribe";
    return {
        "user default off",
        aclUser("tl-client", kClientPassword, load + " +config|get"),
        aclUser("tl-admin", kAdminPassword, load + " +config|get +scan +xinfo|stream +info +xread +xrevrange +zscan"),
        // Like tl-client, without FUNCTION LOAD: the stricter set-up of docs/security.md.
        aclUser("tl-caller", kClientPassword, " +fcall +function|list +subscribe +unsubscribe +config|get"),
        // Like tl-client, without CONFIG GET: the engine must still work, with a warning.
        aclUser("tl-minimal", kClientPassword, load),
    };
}

AcquireOptions acquireAs(std::string owner, milliseconds ttl = kDefaultTtl)
{
    AcquireOptions o;
    o.owner = std::move(owner);
    o.ttl = ttl;
    return o;
}

ClientOptions clientAs(std::string owner)
{
    ClientOptions o;
    o.owner = std::move(owner);
    return o;
}

RedisOptions as(const test::RedisServer& server, const std::string& user, const std::string& password)
{
    RedisOptions o;
    o.url = server.url();
    o.user = user;
    o.password = password;
    return o;
}

RedisOptions plain(const std::string& url)
{
    RedisOptions o;
    o.url = url;
    return o;
}

std::string redisCli(const test::RedisServer& server, const std::string& user, const std::string& password,
                     std::vector<std::string> args)
{
    std::vector<std::string> all{"--no-auth-warning", "--user", user, "--pass", password};
    all.insert(all.end(), args.begin(), args.end());
    return server.cli(all);
}

// Runs the treelock CLI with extra environment; returns stdout+stderr and the exit code.
std::pair<std::string, int> runCli(const std::string& env, const std::string& args)
{
    const auto r = test::runCommand("env " + env + " " + TREELOCK_CLI_PATH + " " + args + " 2>&1");
    return {r.output, r.exitCode};
}

} // namespace

// ------------------------------------------------------------- force-release

TEST(ForceRelease, expiredLeaseMayBeReleasedByAnyOperatorAndIsAudited)
{
    test::RedisServer server;
    RedisEngine engine(plain(server.url()), "sec");
    const auto r = engine.acquire({{"/A", LockMode::X}}, acquireAs("alice", milliseconds(20)));
    std::this_thread::sleep_for(milliseconds(40));
    EXPECT_EQ(engine.forceRelease(r.grant.lease, {"bob", "ops-host", "stuck", false, milliseconds(0)}).status,
              LeaseStatus::Ok);
    const auto events = engine.events("0", 100);
    ASSERT_EQ(events.back().type, EventType::Force);
    EXPECT_EQ(events.back().by, "bob");
    EXPECT_EQ(events.back().host, "ops-host");
    EXPECT_EQ(events.back().reason, "stuck");
    EXPECT_EQ(events.back().owner, "alice");
    EXPECT_EQ(events.back().fence, r.grant.fence);
    EXPECT_FALSE(events.back().wasLive);
}

TEST(ForceRelease, liveLeaseNeedsAdminAndIsAuditedWithOldOwnerAndFence)
{
    test::RedisServer server;
    RedisEngine engine(plain(server.url()), "sec");
    const auto r = engine.acquire({{"/A/C", LockMode::X}}, acquireAs("alice", seconds(30)));
    const auto before = engine.events("0", 100).size();
    EXPECT_EQ(engine.forceRelease(r.grant.lease, {"bob", "h", "why", false, milliseconds(0)}).status,
              LeaseStatus::Live);
    EXPECT_EQ(engine.events("0", 100).size(), before) << "a refused force must leave no trace";
    EXPECT_EQ(engine.snapshot().leases.size(), 1u);
    EXPECT_THROW(engine.forceRelease(r.grant.lease, {"", "h", "why", true, milliseconds(0)}), InvalidInput);
    EXPECT_THROW(engine.forceRelease(r.grant.lease, {"bob", "h", "", true, milliseconds(0)}), InvalidInput);

    EXPECT_EQ(engine.forceRelease(r.grant.lease, {"bob", "ops-1", "deploy stuck", true, milliseconds(0)}).status,
              LeaseStatus::Ok);
    const auto e = engine.events("0", 100).back();
    EXPECT_EQ(e.type, EventType::Force);
    EXPECT_TRUE(e.wasLive);
    EXPECT_EQ(e.by, "bob");
    EXPECT_EQ(e.host, "ops-1");
    EXPECT_EQ(e.reason, "deploy stuck");
    EXPECT_EQ(e.owner, "alice");
    EXPECT_EQ(e.fence, r.grant.fence);
    EXPECT_EQ(e.lease, r.grant.lease);
    // The old holder has lost it.
    EXPECT_EQ(engine.renew(r.grant.lease, std::nullopt).status, LeaseStatus::Unknown);
    EXPECT_EQ(engine.release(r.grant.lease).status, LeaseStatus::Unknown);
    EXPECT_TRUE(engine.acquire({{"/A/C", LockMode::X}}, {}).granted);
}

TEST(ForceRelease, lockDelayBlocksThePathsUntilItEnds)
{
    test::RedisServer server;
    RedisEngine engine(plain(server.url()), "sec");
    const auto r = engine.acquire({{"/A/C", LockMode::X}}, acquireAs("alice", seconds(30)));
    const auto forcedAt = steady_clock::now();
    ASSERT_EQ(engine.forceRelease(r.grant.lease, {"bob", "h", "revoke", true, milliseconds(400)}).status,
              LeaseStatus::Ok);
    EXPECT_EQ(engine.renew(r.grant.lease, std::nullopt).status, LeaseStatus::Unknown);
    EXPECT_EQ(engine.release(r.grant.lease).status, LeaseStatus::Unknown);
    // Blocked, on the path and below it, and the blocker names the revoked lease.
    for (const char* path : {"/A/C", "/A/C/D", "/A"}) {
        const auto refused = engine.acquire({{path, LockMode::X}}, acquireAs("carol"));
        ASSERT_FALSE(refused.granted) << path;
        EXPECT_EQ(refused.blocker->lease, r.grant.lease);
        EXPECT_LE(refused.blocker->expiresIn, milliseconds(400));
    }
    EXPECT_TRUE(engine.acquire({{"/B", LockMode::X}}, {}).granted);
    // A waiting client gets it when the delay ends, not before.
    LockClient client(std::make_shared<RedisEngine>(plain(server.url()), "sec"), clientAs("carol"));
    auto got = client.acquire({{"/A/C", LockMode::X}}, "after-delay", seconds(3));
    const auto waited = steady_clock::now() - forcedAt;
    ASSERT_TRUE(got);
    EXPECT_GE(waited, milliseconds(390));
    EXPECT_LT(waited, milliseconds(1400));
    EXPECT_GT(got.lease.fence(), r.grant.fence);
    const auto events = engine.events("0", 100);
    int expiresOfRevoked = 0;
    for (const auto& e : events)
        expiresOfRevoked += e.type == EventType::Expire && e.lease == r.grant.lease;
    EXPECT_EQ(expiresOfRevoked, 1);
}

TEST(ForceRelease, cliNeedsAdminForALiveLease)
{
    test::RedisServer server;
    RedisEngine engine(plain(server.url()), "sec");
    const auto r = engine.acquire({{"/A", LockMode::X}}, acquireAs("alice", seconds(30)));
    const std::string base = "--redis " + server.url() + " --project sec force-release " + r.grant.lease
                             + " --reason 'stuck job' --operator ops";
    auto [out, code] = runCli("", base);
    EXPECT_EQ(code, 3) << out;
    std::tie(out, code) = runCli("", base + " --admin --lock-delay 100");
    EXPECT_EQ(code, 0) << out;
    const auto e = engine.events("0", 100).back();
    EXPECT_EQ(e.type, EventType::Force);
    EXPECT_EQ(e.by, "ops");
    EXPECT_EQ(e.reason, "stuck job");
    EXPECT_FALSE(e.host.empty());
}

// ------------------------------------------------------------- ACL users

TEST(Acl, clientUserRunsEveryVerb)
{
    test::RedisServer server(test::RedisServer::Options{.tcp = true, .extraConfig = aclLines()});
    // Credentials in the URL (TCP) ...
    RedisOptions byUrl = plain("redis://tl-client:" + std::string(kClientPassword) + "@127.0.0.1:"
                               + std::to_string(server.port()));
    auto engine = std::make_shared<RedisEngine>(byUrl, "acl");
    // ... or from options (as the CLI does with TREELOCK_REDIS_USER / TREELOCK_REDIS_PASSWORD).
    RedisEngine other(as(server, "tl-client", kClientPassword), "acl");

    const auto a = engine->acquire({{"/A/C", LockMode::X}}, acquireAs("alice", seconds(30)));
    ASSERT_TRUE(a.granted);
    EXPECT_FALSE(other.acquire({{"/A", LockMode::S}}, {}).granted);
    EXPECT_EQ(engine->renew(a.grant.lease, std::nullopt).status, LeaseStatus::Ok);
    EXPECT_EQ(engine->snapshot().leases.size(), 1u);
    EXPECT_TRUE(engine->fsck(false).clean());
    // `treelock topology` (ROLE, INFO replication) works for the admin user.
    const Topology topology = readTopology(as(server, "tl-admin", kAdminPassword), "acl");
    EXPECT_TRUE(topology.primaryError.empty()) << topology.primaryError;
    EXPECT_EQ(topology.role, "master");
    EXPECT_EQ(engine->forceRelease(a.grant.lease, {"ops", "h", "test", true, milliseconds(0)}).status,
              LeaseStatus::Ok);
    const auto b = engine->acquire({{"/B", LockMode::S}}, acquireAs("anonymous", milliseconds(20)));
    std::this_thread::sleep_for(milliseconds(30));
    EXPECT_EQ(engine->sweep("ops"), 1u);
    EXPECT_GE(engine->events("0", 100).size(), 4u);
    engine->setEventLevel(EventLevel::Audit, "ops", "h");
    EXPECT_EQ(other.eventLevel(), EventLevel::Audit);
    engine->setEventLevel(EventLevel::All, "ops", "h");
    // Waiters, fairness and the contention table use only the commands above.
    engine->setFairnessGrace(milliseconds(0), "ops", "h");
    EXPECT_EQ(other.fairnessGrace(), milliseconds(0));
    const auto blocker = engine->acquire({{"/Q/a", LockMode::S}}, acquireAs("alice", seconds(30)));
    AcquireOptions waiting = acquireAs("bob", seconds(30));
    waiting.leaseId = LeaseId(32, 'b');
    waiting.wait = seconds(10);
    EXPECT_FALSE(engine->acquire({{"/Q", LockMode::X}}, waiting).granted);
    const auto queued = other.acquire({{"/Q/x", LockMode::S}}, acquireAs("carol", seconds(30)));
    ASSERT_TRUE(queued.blocker);
    EXPECT_TRUE(queued.blocker->queued);
    EXPECT_EQ(engine->snapshot().waiters.size(), 1u);
    EXPECT_EQ(engine->contention(10).front().path, "/Q");
    EXPECT_TRUE(engine->cancelWait(*waiting.leaseId));
    EXPECT_EQ(engine->release(blocker.grant.lease).status, LeaseStatus::Ok);
    engine->setFairnessGrace(std::nullopt, "ops", "h");
    engine->now();
    // Waiting uses SUBSCRIBE on the project's channel.
    LockClient client(engine, clientAs("alice"));
    auto held = client.acquire({{"/W", LockMode::X}}, "hold");
    std::thread releaser([&] {
        std::this_thread::sleep_for(milliseconds(100));
        held.lease.release();
    });
    auto waited = LockClient(std::make_shared<RedisEngine>(as(server, "tl-client", kClientPassword), "acl"))
                      .acquire({{"/W", LockMode::X}}, "wait", seconds(3));
    releaser.join();
    EXPECT_TRUE(waited);
    // CONFIG GET is allowed: the warnings are the server's real ones (no persistence here).
    const auto warnings = engine->warnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("no persistence"), std::string::npos);
}

TEST(Acl, clientUserIsRefusedEverythingElse)
{
    test::RedisServer server(test::RedisServer::Options{.extraConfig = aclLines()});
    auto asClient = [&](std::vector<std::string> args) {
        return redisCli(server, "tl-client", kClientPassword, std::move(args));
    };
    EXPECT_NE(asClient({"PING"}).find("PONG"), std::string::npos);
    EXPECT_NE(asClient({"FLUSHALL"}).find("NOPERM"), std::string::npos);
    EXPECT_NE(asClient({"KEYS", "*"}).find("NOPERM"), std::string::npos);
    EXPECT_NE(asClient({"SCAN", "0"}).find("NOPERM"), std::string::npos);
    EXPECT_NE(asClient({"GET", "other:key"}).find("NOPERM"), std::string::npos);
    EXPECT_NE(asClient({"SET", "session:1", "x"}).find("NOPERM"), std::string::npos);
    EXPECT_NE(asClient({"EVAL", "return 1", "0"}).find("NOPERM"), std::string::npos);
    EXPECT_NE(asClient({"CONFIG", "SET", "maxmemory-policy", "allkeys-lru"}).find("NOPERM"), std::string::npos);
    EXPECT_NE(asClient({"SUBSCRIBE", "other"}).find("NOPERM"), std::string::npos);
    EXPECT_NE(asClient({"ACL", "LIST"}).find("NOPERM"), std::string::npos);
    EXPECT_NE(asClient({"EVALSHA", std::string(40, 'a'), "0"}).find("NOPERM"), std::string::npos);
    // A function the client loads itself still cannot reach a key outside tl:*.
    asClient({"FUNCTION", "LOAD",
              "#!lua name=probe\nredis.register_function('probe', function(k) return redis.call('GET', k[1]) end)"});
    EXPECT_NE(asClient({"FCALL", "probe", "1", "other:key"}).find("NOPERM"), std::string::npos)
        << asClient({"FCALL", "probe", "1", "other:key"});
    // The default user is off.
    EXPECT_NE(server.cli({"GET", "x"}).find("NOAUTH"), std::string::npos);
    // The admin user reads what the client may not.
    EXPECT_EQ(redisCli(server, "tl-admin", kAdminPassword, {"SCAN", "0", "MATCH", "tl:*"}).find("NOPERM"),
              std::string::npos);
}

// Without credentials, a server whose default user is off is named as one that
// requires authentication: the library's first call is too large for Redis to read
// unauthenticated, and its protocol error named no cause.
TEST(Acl, missingCredentialsAreNamed)
{
    test::RedisServer server(test::RedisServer::Options{.extraConfig = aclLines()});
    const std::string message =
        test::messageThrownBy<AuthenticationError>([&] { RedisEngine engine(plain(server.url()), "acl"); });
    EXPECT_NE(message.find("requires authentication (NOAUTH"), std::string::npos) << message;
    EXPECT_NE(message.find("TREELOCK_REDIS_PASSWORD"), std::string::npos) << message;
}

TEST(Acl, adminUserServesStudioTools)
{
    test::RedisServer server(test::RedisServer::Options{.extraConfig = aclLines()});
    RedisEngine engine(as(server, "tl-admin", kAdminPassword), "acl");
    engine.acquire({{"/A", LockMode::X}}, {});
    EXPECT_EQ(engine.nodeCounts().size(), 2u);
    EXPECT_FALSE(engine.projectKeys().empty());
}

TEST(Acl, adminUserFollowsAProjectAndClientUserIsToldWhatItLacks)
{
    test::RedisServer server(test::RedisServer::Options{.extraConfig = aclLines()});
    RedisEngine engine(as(server, "tl-admin", kAdminPassword), "acl");
    engine.acquire({{"/A", LockMode::X}}, {});
    LeaseWatch watch(as(server, "tl-admin", kAdminPassword), "acl");
    while (!watch.synced())
        watch.poll(milliseconds(0));
    engine.acquire({{"/B", LockMode::X}}, {});
    for (int i = 0; i < 5; ++i)
        watch.poll(milliseconds(0));
    EXPECT_EQ(watch.leases().size(), 2u);
    EXPECT_EQ(watch.stats().relistsFor(RelistReason::Start), 1u) << "nothing made it list again";

    LeaseWatch refused(as(server, "tl-client", kClientPassword), "acl");
    const std::string message = test::messageThrownBy<ScriptError>([&] {
        while (!refused.synced())
            refused.poll(milliseconds(0));
    });
    EXPECT_NE(message.find("NOPERM"), std::string::npos) << message;
    EXPECT_NE(message.find("+xread +xrevrange +zscan"), std::string::npos) << message;
}

// A user without the wait right asks for --min-replicas: WAIT is refused after the
// grant, which must not outlive the error. The error names the missing right.
TEST(Acl, refusedWaitRollsTheGrantBack)
{
    test::RedisServer server(test::RedisServer::Options{.extraConfig = aclLines()});
    RedisOptions client = as(server, "tl-client", kClientPassword);
    client.minReplicas = 1;
    RedisEngine engine(client, "acl");
    const std::string message =
        test::messageThrownBy<ScriptError>([&] { engine.acquire({{"/b", LockMode::X}}, acquireAs("alice")); });
    EXPECT_NE(message.find("NOPERM"), std::string::npos) << message;
    EXPECT_NE(message.find("+wait"), std::string::npos) << message;
    EXPECT_NE(message.find("rolled back"), std::string::npos) << message;
    RedisEngine admin(as(server, "tl-admin", kAdminPassword), "acl");
    EXPECT_TRUE(admin.snapshot().leases.empty()) << "the refused grant was left live";
    EXPECT_TRUE(admin.fsck(false).clean());
}

// A user that may call Treelock's functions but not load them works once a user
// that may (here the admin) has loaded this version on the server; before, it is
// told what to do.
TEST(Acl, callerWithoutFunctionLoadNeedsTheLibraryLoadedFirst)
{
    test::RedisServer server(test::RedisServer::Options{.extraConfig = aclLines()});
    RedisEngine early(as(server, "tl-caller", kClientPassword), "acl");
    try {
        early.acquire({{"/A", LockMode::X}}, acquireAs("carol"));
        FAIL() << "a call went through before anyone loaded the library";
    } catch (const ScriptError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("NOPERM"), std::string::npos) << what;
        EXPECT_NE(what.find("connect once with a user that may"), std::string::npos) << what;
        EXPECT_NE(what.find("the server holds no Treelock library"), std::string::npos) << what;
    }
    // Another version on the server: the refusal names both, the one it needs and the one there.
    const std::string other = "tl_0123456789abcdef";
    EXPECT_EQ(redisCli(server, "tl-admin", kAdminPassword,
                       {"FUNCTION", "LOAD", "#!lua name=" + other + "\nredis.register_function('" + other
                                                + "_probe', function() return 1 end)"}),
              other + "\n");
    RedisEngine meanwhile(as(server, "tl-caller", kClientPassword), "acl");
    try {
        meanwhile.acquire({{"/A", LockMode::X}}, acquireAs("carol"));
        FAIL() << "a call went through with another version's library only";
    } catch (const ScriptError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find(redis::embeddedLibrary().name), std::string::npos) << what;
        EXPECT_NE(what.find("the server holds " + other), std::string::npos) << what;
    }
    RedisEngine admin(as(server, "tl-admin", kAdminPassword), "acl");
    RedisEngine caller(as(server, "tl-caller", kClientPassword), "acl");
    const auto granted = caller.acquire({{"/A", LockMode::X}}, acquireAs("carol"));
    ASSERT_TRUE(granted.granted);
    EXPECT_FALSE(admin.acquire({{"/A/B", LockMode::S}}, acquireAs("dave")).granted) << "one library, one lock table";
    EXPECT_EQ(caller.release(granted.grant.lease).status, LeaseStatus::Ok);
}

TEST(Acl, refusedConfigGetOnlyWarns)
{
    test::RedisServer server(test::RedisServer::Options{.extraConfig = aclLines()});
    RedisEngine engine(as(server, "tl-minimal", kClientPassword), "acl");
    ASSERT_EQ(engine.warnings().size(), 1u);
    EXPECT_NE(engine.warnings()[0].find("cannot read Redis maxmemory-policy"), std::string::npos);
    EXPECT_TRUE(engine.acquire({{"/A", LockMode::X}}, {}).granted);
}

// ------------------------------------------------------------- credentials

TEST(Credentials, passwordNeverInMessagesOrOutput)
{
    test::RedisServer server(test::RedisServer::Options{.tcp = true, .extraConfig = aclLines()});
    const std::string wrong = "Wr0ng-Secret-xyz";
    const std::string tcp = "127.0.0.1:" + std::to_string(server.port());
    // Wrong password, in the URL and in the options.
    for (const RedisOptions& o : {plain("redis://tl-client:" + wrong + "@" + tcp), as(server, "tl-client", wrong)}) {
        try {
            RedisEngine engine(o, "acl");
            ADD_FAILURE() << "connected with a wrong password";
        } catch (const ConnectionError& e) {
            EXPECT_EQ(std::string(e.what()).find(wrong), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("authentication failed"), std::string::npos) << e.what();
        }
    }
    // A malformed URL that carries a password.
    try {
        RedisEngine engine(plain("redis://tl-client:" + wrong + "@127.0.0.1:notaport"), "acl");
        ADD_FAILURE();
    } catch (const InvalidInput& e) {
        EXPECT_EQ(std::string(e.what()).find(wrong), std::string::npos) << e.what();
    }
    // describe() and redacted() hide a right password.
    RedisEngine ok(plain("redis://tl-client:" + std::string(kClientPassword) + "@" + tcp), "acl");
    EXPECT_EQ(ok.describe().find(kClientPassword), std::string::npos) << ok.describe();
    EXPECT_NE(ok.describe().find("***"), std::string::npos);

    // The CLI: environment and URL credentials, right and wrong, never printed.
    const std::string url = "redis://" + tcp;
    for (const auto& [env, args] : std::vector<std::pair<std::string, std::string>>{
             {"TREELOCK_REDIS_USER=tl-client TREELOCK_REDIS_PASSWORD=" + wrong, "--redis " + url + " locks"},
             {"TREELOCK_REDIS_USER=tl-client TREELOCK_REDIS_PASSWORD=" + std::string(kClientPassword),
              "--redis " + url + " --json locks"},
             {"", "--redis redis://tl-client:" + wrong + "@" + tcp + " locks"},
             {"", "--redis redis://tl-client:" + std::string(kClientPassword) + "@" + tcp + " fsck"},
             {"", "--redis redis://tl-client:" + wrong + "@127.0.0.1:99999 locks"},
         }) {
        const auto [out, code] = runCli(env, args);
        EXPECT_EQ(out.find(wrong), std::string::npos) << out;
        EXPECT_EQ(out.find(kClientPassword), std::string::npos) << out;
        EXPECT_NE(code, 1) << out;
    }
}

// ------------------------------------------------------------- warnings at connect

TEST(Warnings, evictionPolicyAndMissingPersistenceAreReported)
{
    {
        test::RedisServer server(test::RedisServer::Options{.extraConfig = {"maxmemory-policy allkeys-lru"}});
        RedisEngine engine(plain(server.url()), "w");
        const auto w = engine.warnings();
        ASSERT_EQ(w.size(), 2u);
        EXPECT_NE(w[0].find("allkeys-lru"), std::string::npos);
        EXPECT_NE(w[1].find("no persistence"), std::string::npos);
        // The CLI shows them on stderr, and --quiet hides them.
        auto [out, code] = runCli("", "--redis " + server.url() + " locks");
        EXPECT_EQ(code, 0) << out;
        EXPECT_NE(out.find("warning: Redis maxmemory-policy is \"allkeys-lru\""), std::string::npos) << out;
        std::tie(out, code) = runCli("", "--redis " + server.url() + " --quiet locks");
        EXPECT_EQ(out.find("warning"), std::string::npos) << out;
    }
    {
        test::RedisServer server(test::RedisServer::Options{.tcp = false, .appendOnly = true, .extraConfig = {}});
        RedisEngine engine(plain(server.url()), "w");
        EXPECT_TRUE(engine.warnings().empty()) << engine.warnings().front();
    }
    {
        test::RedisServer server(test::RedisServer::Options{.extraConfig = {"save 900 1"}});
        RedisEngine engine(plain(server.url()), "w");
        EXPECT_TRUE(engine.warnings().empty()) << engine.warnings().front();
    }
}
