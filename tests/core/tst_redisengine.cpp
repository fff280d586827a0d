// Redis-specific behaviour of RedisEngine: scripts, connection handling, server
// configuration, key layout, argument re-checks inside the scripts, and the seed's
// string.find bugs as regression cases. Shared semantics live in tst_conformance.

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <sstream>
#include <thread>

#include <pthread.h>

using namespace treelock;
using namespace std::chrono_literals;

namespace {

AcquireOptions as(const std::string& owner, std::chrono::milliseconds ttl = 60s)
{
    AcquireOptions o;
    o.owner = owner;
    o.operation = "test";
    o.ttl = ttl;
    return o;
}

std::string sourceFile(const std::string& relative)
{
    const char* root = std::getenv("TREELOCK_SOURCE_DIR");
    std::ifstream in(std::string(root ? root : ".") + "/" + relative);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TEST(RedisEngine, reloadsScriptsAfterScriptFlush)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    ASSERT_TRUE(engine.acquire({{"/A", LockMode::X}}, as("a")).granted);
    server.cli({"SCRIPT", "FLUSH"});
    const auto r = engine.acquire({{"/B", LockMode::X}}, as("a"));
    EXPECT_TRUE(r.granted);
    EXPECT_EQ(engine.snapshot().leases.size(), 2u);
}

TEST(RedisEngine, reconnectsAfterServerRestart)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    ASSERT_TRUE(engine.acquire({{"/A", LockMode::X}}, as("a")).granted);
    server.restart(/*crash=*/true);
    // The call that meets the dead connection reports it; it is never a grant.
    bool connected = false;
    const auto deadline = std::chrono::steady_clock::now() + 2s;
    while (!connected && std::chrono::steady_clock::now() < deadline) {
        try {
            const auto r = engine.acquire({{"/A", LockMode::X}}, as("b"));
            EXPECT_TRUE(r.granted) << "the restart without persistence lost the old lease";
            connected = true;
        } catch (const ConnectionError&) {
            std::this_thread::sleep_for(20ms);
        }
    }
    EXPECT_TRUE(connected) << "no successful call within 2 s of the restart";
}

// Writing to a connection the server has closed raises SIGPIPE, whose default
// action ends the process. The engine must turn it into an error (and send the
// call again on a new connection), leave no SIGPIPE pending and give the thread
// its signal mask back unchanged.
TEST(RedisEngine, closedConnectionIsAnErrorNotASignal)
{
    ASSERT_EQ(std::signal(SIGPIPE, SIG_DFL), SIG_DFL) << "the test needs SIGPIPE's default action";
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    ASSERT_TRUE(engine.acquire({{"/A", LockMode::X}}, as("a")).granted);
    sigset_t before;
    ASSERT_EQ(pthread_sigmask(SIG_SETMASK, nullptr, &before), 0);
    for (int attempt = 0; attempt < 5; ++attempt) {
        server.cli({"CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"});
        EXPECT_TRUE(engine.acquire({{"/B" + std::to_string(attempt), LockMode::X}}, as("a")).granted)
            << "a call that met a killed connection is sent again on a new one";
    }
    EXPECT_EQ(engine.snapshot().leases.size(), 6u) << "a call taken twice, or not at all";
    sigset_t after, pending;
    ASSERT_EQ(pthread_sigmask(SIG_SETMASK, nullptr, &after), 0);
    EXPECT_EQ(sigismember(&after, SIGPIPE), sigismember(&before, SIGPIPE)) << "the signal mask changed";
    ASSERT_EQ(sigpending(&pending), 0);
    EXPECT_EQ(sigismember(&pending, SIGPIPE), 0) << "a SIGPIPE was left pending";
    EXPECT_TRUE(engine.acquire({{"/C", LockMode::X}}, as("a")).granted) << "the engine should reconnect";
}

TEST(RedisEngine, fenceKeepsRisingAfterRestartThatLostData)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    std::uint64_t highest = 0;
    for (int i = 0; i < 50; ++i) {
        const auto r = engine.acquire({{"/F" + std::to_string(i), LockMode::X}}, as("a"));
        ASSERT_TRUE(r.granted);
        EXPECT_GT(r.grant.fence, highest);
        highest = r.grant.fence;
    }
    server.restart(/*crash=*/true);
    EXPECT_EQ(server.cli({"EXISTS", engine.keys().state()}), "0\n") << "the restart should have lost the counter";
    std::optional<AcquireResult> after;
    for (int attempt = 0; attempt < 3 && !after; ++attempt) {
        try {
            after = engine.acquire({{"/F0", LockMode::X}}, as("b"));
        } catch (const ConnectionError&) {
        }
    }
    ASSERT_TRUE(after && after->granted);
    EXPECT_GT(after->grant.fence, highest);
}

// A restart that rolls the counter back (an RDB snapshot, an AOF that missed
// the last writes) must not hand out the same tokens again.
TEST(RedisEngine, fenceKeepsRisingWhenTheCounterRollsBack)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    std::uint64_t highest = 0;
    std::uint64_t early = 0;
    for (int i = 0; i < 20; ++i) {
        const auto r = engine.acquire({{"/F" + std::to_string(i), LockMode::X}}, as("a"));
        ASSERT_TRUE(r.granted);
        highest = r.grant.fence;
        if (i == 0)
            early = r.grant.fence;
    }
    redis::RawConnection raw(server.url());
    const redis::Reply stored = raw.command({"HGET", engine.keys().state(), redis::kCountersField});
    auto counters = redis::decodeCounters(stored.text);
    ASSERT_TRUE(counters) << stored.describe();
    ASSERT_EQ(counters->fence, static_cast<double>(highest));
    counters->fence = static_cast<double>(early);
    raw.command({"HSET", engine.keys().state(), redis::kCountersField, redis::encodeCounters(*counters)});
    const auto after = engine.acquire({{"/G", LockMode::X}}, as("b"));
    ASSERT_TRUE(after.granted);
    EXPECT_GT(after.grant.fence, highest);
}

// The event level lives in the project ("#m"): every client sees it, and the
// counters an earlier version wrote without it read as level "all".
TEST(RedisEngine, eventLevelIsStoredInTheProjectForEveryClient)
{
    test::RedisServer server;
    RedisEngine first(test::redisOptionsFor(server), "p");
    RedisEngine second(test::redisOptionsFor(server), "p");
    EXPECT_EQ(second.eventLevel(), EventLevel::All);
    EXPECT_TRUE(first.projectKeys().empty()) << "reading the level of an unused project writes nothing";
    first.setEventLevel(EventLevel::Audit, "ops", "h");
    EXPECT_EQ(second.eventLevel(), EventLevel::Audit);
    const auto r = second.acquire({{"/A", LockMode::X}}, as("a"));
    ASSERT_TRUE(r.granted);
    EXPECT_EQ(second.events("0", 10).size(), 1u) << "only the config event";

    redis::RawConnection raw(server.url());
    const redis::Reply stored = raw.command({"HGET", first.keys().state(), redis::kCountersField});
    auto counters = redis::decodeCounters(stored.text);
    ASSERT_TRUE(counters) << stored.describe();
    EXPECT_EQ(counters->settings, redis::kUnrecordedGrants);
    EXPECT_EQ(counters->fence, static_cast<double>(r.grant.fence)) << "the grant kept the setting beside the fence";
    // The counters as the version before the settings wrote them: 24 bytes.
    const std::string older = redis::encodeCounters(*counters).substr(0, 24);
    raw.command({"HSET", first.keys().state(), redis::kCountersField, older});
    EXPECT_EQ(first.eventLevel(), EventLevel::All);
    ASSERT_EQ(first.release(r.grant.lease).status, LeaseStatus::Ok);
    const auto after = first.acquire({{"/A", LockMode::X}}, as("b"));
    ASSERT_TRUE(after.granted);
    EXPECT_GT(after.grant.fence, r.grant.fence) << "the older counters' fence was read";
    const auto events = first.events("0", 10);
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[1].type, EventType::Release);
    EXPECT_EQ(events[2].type, EventType::Grant);
}

// Reading the setting is a plain read, which Redis serves while it refuses
// writes (here: too few replicas); Studio's reconnect and check-history need it then.
TEST(RedisEngine, eventLevelIsReadWhileWritesAreRefused)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    engine.setEventLevel(EventLevel::Audit, "ops", "h");
    server.cli({"CONFIG", "SET", "min-replicas-to-write", "1"});
    EXPECT_THROW(engine.acquire({{"/A", LockMode::X}}, as("a")), ScriptError) << "writes are refused";
    EXPECT_EQ(engine.eventLevel(), EventLevel::Audit);
    EXPECT_THROW(engine.setEventLevel(EventLevel::All, "ops", "h"), ScriptError);
}

TEST(RedisEngine, warnsWhenEvictionCanDropLocks)
{
    test::RedisServer::Options options;
    options.extraConfig = {"maxmemory-policy allkeys-lru"};
    test::RedisServer server(options);
    RedisEngine engine(test::redisOptionsFor(server), "p");
    const auto warnings = engine.warnings();
    ASSERT_FALSE(warnings.empty());
    EXPECT_NE(warnings.front().find("noeviction"), std::string::npos) << warnings.front();
}

TEST(RedisEngine, warnsWithoutPersistenceOnly)
{
    test::RedisServer bare;
    RedisEngine engine(test::redisOptionsFor(bare), "p");
    ASSERT_EQ(engine.warnings().size(), 1u);
    EXPECT_NE(engine.warnings().front().find("persistence"), std::string::npos);

    test::RedisServer::Options aof;
    aof.appendOnly = true;
    test::RedisServer persistent(aof);
    RedisEngine safe(test::redisOptionsFor(persistent), "p");
    EXPECT_TRUE(safe.warnings().empty());
}

TEST(RedisEngine, everyKeySharesTheProjectHashTag)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "drive-1");
    const auto r = engine.acquire({{"/A/B", LockMode::X}}, as("a"));
    ASSERT_TRUE(r.granted);
    const auto keys = engine.projectKeys();
    EXPECT_EQ(keys.size(), 3u) << "state, expiry, events";
    for (const auto& key : keys)
        EXPECT_EQ(key.rfind(engine.keys().prefix(), 0), 0u) << key;
    EXPECT_EQ(engine.keyPrefix(), engine.keys().prefix());
}

TEST(RedisEngine, releaseLeavesOnlyTheCountersAndTheEventStream)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    const auto r = engine.acquire({{"/A/B/C", LockMode::S}, {"/D", LockMode::X}}, as("a"));
    ASSERT_TRUE(r.granted);
    ASSERT_EQ(engine.release(r.grant.lease).status, LeaseStatus::Ok);
    const std::vector<std::string> expected{engine.keys().events(), engine.keys().state()};
    EXPECT_EQ(engine.projectKeys(), expected);
    EXPECT_EQ(server.cli({"HKEYS", engine.keys().state()}), "#m\n") << "only the counters stay";
}

// A grant writes its record with struct.pack where the sizes allow and with cmsgpack
// elsewhere; either way the bytes must be MessagePack's, as cmsgpack writes them
// (the C++ reader, fsck and every other verb read them back). Each size on both
// sides of every limit of the fast path: labels, call id and requests at 31/32
// bytes (and 255/256 for requests), ttls around 256 and 65,536 ms, renewal
// periods around 128 ms.
TEST(RedisEngine, recordsAreMessagePackAsCmsgpackWritesThem)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    redis::RawConnection raw(server.url());
    const std::string same = "local v = { cmsgpack.unpack(ARGV[1]) } return cmsgpack.pack(unpack(v)) == ARGV[1] "
                             "and 1 or 0";
    int checked = 0;
    auto check = [&](const std::string& owner, const std::string& path, std::chrono::milliseconds ttl,
                     const std::string& callId, std::chrono::milliseconds renew) {
        AcquireOptions o = as(owner);
        o.operation = owner.substr(0, 20);
        o.ttl = ttl;
        o.callId = callId;
        o.renewEvery = renew;
        const auto r = engine.acquire({{path, LockMode::X}}, o);
        ASSERT_TRUE(r.granted) << path;
        const redis::Reply record = raw.command({"HGET", engine.keys().state(), redis::wireLeaseId(r.grant.lease)});
        ASSERT_TRUE(record.isString());
        EXPECT_TRUE(raw.command({"EVAL", same, "0", record.text}).is(1))
            << "owner " << owner.size() << " bytes, path " << path.size() << ", ttl " << ttl.count() << ", call id "
            << callId.size() << ", renewal " << renew.count();
        ASSERT_EQ(engine.release(r.grant.lease).status, LeaseStatus::Ok);
        ++checked;
    };
    using std::chrono::milliseconds;
    for (const std::size_t ownerBytes : {1u, 31u, 32u, 256u})
        check(std::string(ownerBytes, 'o'), "/a", milliseconds(30000), "c", milliseconds(0));
    for (const std::size_t pathBytes : {29u, 30u, 253u, 254u, 400u}) // requests "X " + path: 31 | 32, 255 | 256
        check("o", "/" + std::string(pathBytes - 1, 'p'), milliseconds(30000), "", milliseconds(0));
    for (const long long ttl : {10LL, 255LL, 256LL, 65535LL, 65536LL, 86400000LL})
        check("o", "/t", milliseconds(ttl), "call", milliseconds(ttl >= 20 ? 10 : 0));
    for (const std::size_t callBytes : {0u, 31u, 32u, 64u})
        check("o", "/c", milliseconds(30000), std::string(callBytes, 'k'), milliseconds(0));
    for (const long long renew : {10LL, 127LL, 128LL, 255LL, 256LL, 30000LL})
        check("o", "/r", milliseconds(30000), "", milliseconds(renew));
    EXPECT_EQ(checked, 25);
}

// Releases publish a wake-up only while a refused caller said it waits, for as
// long as it said: a release nobody waits for costs no PUBLISH.
TEST(RedisEngine, wakeUpsArePublishedOnlyWhileSomeoneWaits)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    auto signal = engine.subscribeWake();
    const auto first = engine.acquire({{"/A", LockMode::X}}, as("a"));
    ASSERT_TRUE(first.granted);
    ASSERT_EQ(engine.release(first.grant.lease).status, LeaseStatus::Ok);
    EXPECT_FALSE(signal->wait(std::chrono::steady_clock::now() + 200ms)) << "nobody waited";

    const auto held = engine.acquire({{"/A", LockMode::X}}, as("a"));
    ASSERT_TRUE(held.granted);
    AcquireOptions waiter = as("b");
    waiter.wait = 300ms;
    EXPECT_FALSE(engine.acquire({{"/A/B", LockMode::S}}, waiter).granted);
    ASSERT_EQ(engine.release(held.grant.lease).status, LeaseStatus::Ok);
    EXPECT_TRUE(signal->wait(std::chrono::steady_clock::now() + 5s)) << "b waits";

    std::this_thread::sleep_for(400ms); // b's wait is over
    const auto later = engine.acquire({{"/A", LockMode::X}}, as("a"));
    ASSERT_TRUE(later.granted);
    ASSERT_EQ(engine.release(later.grant.lease).status, LeaseStatus::Ok);
    EXPECT_FALSE(signal->wait(std::chrono::steady_clock::now() + 200ms)) << "b stopped waiting 100 ms ago";
}

// A project's keys appear with its first grant: a sweep or an fsck of a project
// that never granted creates none (listing would show it as a project).
TEST(RedisEngine, sweepAndFsckOfAnUnusedProjectCreateNoKeys)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "never-used");
    EXPECT_EQ(engine.sweep("ops"), 0u);
    EXPECT_TRUE(engine.fsck(true).clean());
    EXPECT_TRUE(engine.projectKeys().empty());
}

// Keys of the layout before the state hash mean an older version's locks: the
// engine refuses the project rather than ignore them.
TEST(RedisEngine, refusesAProjectWithLocksOfTheOlderLayout)
{
    test::RedisServer server;
    server.cli({"HSET", "tl:{old}:nodes", "/A|X", "1"});
    try {
        RedisEngine engine(test::redisOptionsFor(server), "old");
        FAIL() << "a project with tl:{old}:nodes was accepted";
    } catch (const InvalidInput& e) {
        EXPECT_NE(std::string(e.what()).find("earlier Treelock version"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("tl:{old}:nodes"), std::string::npos) << e.what();
    }
    RedisEngine other(test::redisOptionsFor(server), "new");
    EXPECT_TRUE(other.acquire({{"/A", LockMode::X}}, as("a")).granted) << "other projects are not affected";
}

TEST(RedisEngine, projectsAreIsolated)
{
    test::RedisServer server;
    RedisEngine one(test::redisOptionsFor(server), "one");
    RedisEngine two(test::redisOptionsFor(server), "two");
    EXPECT_TRUE(one.acquire({{"/A", LockMode::X}}, as("a")).granted);
    EXPECT_TRUE(two.acquire({{"/A", LockMode::X}}, as("b")).granted);
    EXPECT_EQ(one.snapshot().leases.size(), 1u);
}

TEST(RedisEngine, rejectsBadProjectNames)
{
    test::RedisServer server;
    for (const std::string& bad : std::vector<std::string>{"", "a b", "x}y", std::string(65, 'a'), "tl:{p}"})
        EXPECT_THROW(RedisEngine(test::redisOptionsFor(server), bad), InvalidInput) << bad;
}

TEST(RedisEngine, unreachableServerIsAConnectionError)
{
    RedisOptions o;
    o.url = "redis://127.0.0.1:" + std::to_string(test::freeTcpPort());
    o.connectTimeout = 500ms;
    EXPECT_THROW(RedisEngine(o, "p"), ConnectionError);
    o.url = "unix:///nonexistent/treelock.sock";
    EXPECT_THROW(RedisEngine(o, "p"), ConnectionError);
}

TEST(RedisEngine, authenticatesWithAclUserAndNeverShowsThePassword)
{
    test::RedisServer::Options options;
    options.tcp = true;
    options.extraConfig = {"user default off", "user admin on >s3cret-pw ~* &* +@all"};
    test::RedisServer server(options);
    RedisOptions good;
    good.url = "redis://admin:s3cret-pw@127.0.0.1:" + std::to_string(server.port());
    RedisEngine engine(good, "p");
    EXPECT_TRUE(engine.acquire({{"/A", LockMode::X}}, as("a")).granted);
    EXPECT_EQ(engine.describe().find("s3cret"), std::string::npos) << engine.describe();

    RedisOptions bad = good;
    bad.url = "redis://admin:wrong-pw@127.0.0.1:" + std::to_string(server.port());
    try {
        RedisEngine refused(bad, "p");
        FAIL() << "a wrong password was accepted";
    } catch (const ConnectionError& e) {
        EXPECT_EQ(std::string(e.what()).find("wrong-pw"), std::string::npos) << e.what();
    }

    RedisOptions fromFields;
    fromFields.url = "redis://127.0.0.1:" + std::to_string(server.port());
    fromFields.user = "admin";
    fromFields.password = "s3cret-pw";
    RedisEngine viaFields(fromFields, "p");
    EXPECT_EQ(viaFields.snapshot().leases.size(), 1u);
}

// The functions check their arguments again (defence in depth): a caller that
// bypasses the C++ checks gets an error reply and nothing is written.
TEST(LuaScripts, acquireRecheckesItsArguments)
{
    test::RedisServer server;
    std::string prologue;
    for (const std::string_view file : redis::prologueFiles())
        prologue += sourceFile("lua/" + std::string(file) + ".lua");
    ASSERT_GT(prologue.size(), 1000u) << "TREELOCK_SOURCE_DIR must point at the sources";
    const redis::Library library = redis::composeLibrary(
        prologue, {{redis::Script::Acquire, sourceFile("lua/acquire.lua")}});
    redis::RawConnection connection(server.url());
    connection.load(library);
    const redis::KeySchema keys("p");
    const std::string id = redis::wireLeaseId(std::string(32, 'a'));
    auto attempt = [&](const std::vector<std::string>& args) {
        const redis::ScriptCall call = redis::scriptCall(redis::Script::Acquire, keys, args);
        const redis::Reply reply = connection.command(call.fcall(library.function(redis::Script::Acquire)));
        EXPECT_TRUE(reply.isArray()) << reply.describe();
        return reply.isArray() && reply.size() > 0 ? reply[0].integer : 99;
    };
    const std::vector<std::vector<std::string>> bad{
        {id, "o", "op", "1000", "16", "0", "X /A//B", "0"},
        {id, "o", "op", "1000", "16", "0", "X /A/../B", "0"},
        {id, "o", "op", "1000", "16", "0", "X /A/./B", "0"},
        {id, "o", "op", "1000", "16", "0", "X A/B", "0"},
        {id, "o", "op", "1000", "16", "0", "X /A/", "0"},
        {id, "o", "op", "1000", "16", "0", std::string("X /A\x01"), "0"},
        {id, "o", "op", "1000", "16", "0", "Q /A", "0"},
        {id, "o", "op", "5", "16", "0", "X /A", "0"},
        {"XYZ", "o", "op", "1000", "16", "0", "X /A", "0"},
        {std::string(32, 'a'), "o", "op", "1000", "16", "0", "X /A", "0"},
        {id, "o", "op", "1000", "16", "0", "", "0"},
        {id, "o", "op", "1000", "16", "0", "X", "0"},
        {id, "o", "op", "1000", "16", "0", "X /A\n", "0"},
        {id, "o", "op", "1000", "16", "0", "X /A\nS /A", "0"},
        {id, "o", "op", "1000", "16", "-1", "X /A", "0"},
        {id, "o\nx", "op", "1000", "16", "0", "X /A", "0"},
        {id, "o", "op", "1000", "16", "0", "X /A", "5"},
        {id, "o", "op", "1000", "16", "0", "X /A", "x"},
        {id, "o", "op", "1000", "16", "0", "X /A"},
    };
    for (const auto& args : bad)
        EXPECT_EQ(attempt(args), -1) << args.back();
    EXPECT_EQ(server.cli({"DBSIZE"}), "0\n");
    EXPECT_EQ(attempt({id, "o", "op", "1000", "16", "0", "X /A", "0"}), 1);
}

// Regression cases from the seed's folder lock (string.find with Lua patterns,
// no segment boundary). Each must behave by whole segments, literally.
TEST(SeedRegression, pathsAreComparedByWholeSegmentsLiterally)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    auto x = [&](const std::string& path, const std::string& owner) {
        return engine.acquire({{path, LockMode::X}}, as(owner)).granted;
    };
    ASSERT_TRUE(x("/A/C", "a"));
    EXPECT_TRUE(x("/A/CD", "b")) << "/A/C must not block /A/CD";
    EXPECT_TRUE(x("/B/A/C", "b")) << "/A/C must not block /B/A/C";
    ASSERT_TRUE(x("/my-dir", "a"));
    EXPECT_FALSE(x("/my-dir/file", "b")) << "/my-dir must block /my-dir/file";
    ASSERT_TRUE(x("/v1.0", "a"));
    EXPECT_TRUE(x("/v1x0", "b")) << "/v1.0 must not block /v1x0";
    ASSERT_TRUE(x("/draft (1)", "a"));
    EXPECT_FALSE(x("/draft (1)/notes", "b")) << "/draft (1) must block its child";
    ASSERT_TRUE(x("/100%", "a"));
    ASSERT_TRUE(x("/x(y", "a"));
    ASSERT_TRUE(x("/[z", "a"));
    EXPECT_TRUE(x("/later", "b")) << "odd characters in held paths must not break later acquires";
    EXPECT_FALSE(x("/100%/f", "b"));
    EXPECT_FALSE(x("/[z/f", "b"));
}

TEST(SeedRegression, expiredEntryWithOddCharactersIsReaped)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    ASSERT_TRUE(engine.acquire({{"/50% (draft) [v2]", LockMode::X}}, as("a", 50ms)).granted);
    std::this_thread::sleep_for(120ms);
    const auto r = engine.acquire({{"/50% (draft) [v2]/f", LockMode::X}}, as("b"));
    EXPECT_TRUE(r.granted);
    EXPECT_EQ(engine.snapshot().leases.size(), 1u) << "the expired lease should have been reaped";
}
