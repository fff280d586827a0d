// treelock/redisprotocol.h: the key schema and the state hash's values as
// docs/semantics.md documents them, the function library and the KEYS/ARGV
// layout of every call as lua/common.lua documents it, and the raw connection
// (replies, pipelining, a flushed library) against a real redis-server.

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>
#include <vector>

using namespace treelock;
using namespace std::chrono_literals;

namespace {

const LeaseId kId = "0123456789abcdef00112233445566ff";
const std::string kWireId("\x00\x01\x23\x45\x67\x89\xab\xcd\xef\x00\x11\x22\x33\x44\x55\x66\xff", 17);

/// KEYS state, expiry, events of project p.
std::vector<std::string> commonKeys() { return {"tl:{p}:state", "tl:{p}:expiry", "tl:{p}:events"}; }
std::vector<std::string> waiterKeys()
{
    return {"tl:{p}:state", "tl:{p}:expiry", "tl:{p}:events", "tl:{p}:waiters", "tl:{p}:hot"};
}

std::vector<std::string> commonArgs(std::initializer_list<std::string> rest)
{
    std::vector<std::string> args{"PUBLISH"};
    args.insert(args.end(), rest);
    return args;
}

// The one place outside the library that spells the keys: the documented layout.
TEST(KeySchema, spellsTheDocumentedKeys)
{
    const redis::KeySchema keys("drive-1");
    EXPECT_EQ(keys.project(), "drive-1");
    EXPECT_EQ(keys.prefix(), "tl:{drive-1}:");
    EXPECT_EQ(keys.pattern(), "tl:{drive-1}:*");
    EXPECT_EQ(keys.state(), "tl:{drive-1}:state");
    EXPECT_EQ(keys.expiry(), "tl:{drive-1}:expiry");
    EXPECT_EQ(keys.events(), "tl:{drive-1}:events");
    EXPECT_EQ(keys.wake(), "tl:{drive-1}:wake");
    EXPECT_EQ(keys.olderLayoutKeys(),
              (std::vector<std::string>{"tl:{drive-1}:nodes", "tl:{drive-1}:who", "tl:{drive-1}:leases"}));
    EXPECT_EQ(keys.publishCommand(), "PUBLISH");
    EXPECT_EQ(keys.subscribeCommand(), "SUBSCRIBE");
    const redis::KeySchema sharded("drive-1", redis::WakeDelivery::Sharded);
    EXPECT_EQ(sharded.wake(), "tl:{drive-1}:wake");
    EXPECT_EQ(sharded.publishCommand(), "SPUBLISH");
    EXPECT_EQ(sharded.subscribeCommand(), "SSUBSCRIBE");
    EXPECT_EQ(redis::releaseCall(sharded, kId).args.front(), "SPUBLISH");
}

TEST(KeySchema, nodeFieldIsPathBarMode)
{
    EXPECT_EQ(redis::KeySchema::nodeField("/A/B", LockMode::SIX), "/A/B|SIX");
    EXPECT_EQ(redis::KeySchema::nodeField("/", LockMode::IX), "/|IX");
    const auto [path, mode] = redis::KeySchema::splitNodeField("/a|b|IS");
    EXPECT_EQ(path, "/a|b") << "the last bar separates the mode";
    EXPECT_EQ(mode, LockMode::IS);
    const auto [bare, none] = redis::KeySchema::splitNodeField("/A");
    EXPECT_EQ(bare, "/A");
    EXPECT_FALSE(none.has_value());
    EXPECT_FALSE(redis::KeySchema::splitNodeField("/A|Q").second.has_value());
}

TEST(WireForms, leaseIdsNodesAndCountersRoundTrip)
{
    EXPECT_EQ(redis::wireLeaseId(kId), kWireId);
    EXPECT_EQ(redis::leaseIdOfWire(kWireId), kId);
    EXPECT_EQ(redis::leaseIdOfWire("not-a-wire-id"), "not-a-wire-id") << "other text passes through";

    // Encodes counts held by kId; checks the size, the first bytes and the way back.
    auto roundTrip = [](std::array<std::int64_t, 5> counts, std::size_t size, const std::string& head) {
        redis::NodeState node;
        node.counts = counts;
        node.holder = kId;
        const std::string value = redis::encodeNode(node);
        EXPECT_EQ(value.size(), size);
        EXPECT_EQ(value.substr(0, head.size()), head);
        const auto back = redis::decodeNode(value);
        EXPECT_TRUE(back && back->counts == counts && back->holder == kId);
        return value;
    };
    // Several modes: struct >I4I4I4I4I4c17, big-endian counts.
    roundTrip({1, 70000, 0, 3, 4294967295LL}, 37, std::string("\0\0\0\x01\0\x01\x11\x70", 8));
    // One mode held: struct >BI4c17, the mode (5 = X) and its count.
    const std::string leaf = roundTrip({0, 0, 0, 0, 1}, 22, std::string("\x05\0\0\0\x01", 5));
    EXPECT_EQ(redis::decodeNode(leaf)->count(LockMode::X), 1);
    EXPECT_FALSE(redis::decodeNode(std::string("\x06", 1) + leaf.substr(1))) << "no mode 6";
    EXPECT_FALSE(redis::decodeNode("1")) << "a count of the older layout is no node value";

    redis::Counters counters{1795654626420714.0, 1795654656420.0, 0.0, redis::kUnrecordedGrants + 2 * 22};
    counters.waitersReapAt = 1795654656999.0;
    counters.holdingBack = 3;
    const std::string packed = redis::encodeCounters(counters);
    ASSERT_EQ(packed.size(), 48u);
    const auto unpacked = redis::decodeCounters(packed);
    ASSERT_TRUE(unpacked);
    EXPECT_EQ(unpacked->fence, counters.fence);
    EXPECT_EQ(unpacked->reapAt, counters.reapAt);
    EXPECT_EQ(unpacked->wakeUntil, counters.wakeUntil);
    EXPECT_EQ(unpacked->settings, counters.settings);
    EXPECT_EQ(unpacked->waitersReapAt, counters.waitersReapAt);
    EXPECT_EQ(unpacked->holdingBack, 3.0);
    EXPECT_TRUE(redis::unrecordedGrants(unpacked->settings));
    EXPECT_EQ(redis::graceOf(unpacked->settings), std::chrono::milliseconds(20)) << "code 22: 20 ms";
    EXPECT_EQ(redis::graceOf(0), kDefaultGrace);
    EXPECT_EQ(redis::graceOf(2), std::nullopt) << "code 1: off";
    EXPECT_EQ(redis::graceOf(3), std::nullopt) << "off, grants unrecorded";
    // The version before waiters wrote the first four; the one before the settings three.
    const auto four = redis::decodeCounters(packed.substr(0, 32));
    ASSERT_TRUE(four);
    EXPECT_EQ(four->settings, counters.settings);
    EXPECT_EQ(four->waitersReapAt, std::numeric_limits<double>::infinity());
    EXPECT_EQ(four->holdingBack, 0.0);
    const auto older = redis::decodeCounters(packed.substr(0, 24));
    ASSERT_TRUE(older);
    EXPECT_EQ(older->fence, counters.fence);
    EXPECT_EQ(older->settings, 0.0);
    EXPECT_FALSE(redis::decodeCounters(packed.substr(0, 28)));
    EXPECT_FALSE(redis::decodeCounters(packed.substr(0, 40)));
}

TEST(Library, everyVerbIsAFunctionOfOneVersionedLibrary)
{
    const redis::Library& library = redis::embeddedLibrary();
    EXPECT_EQ(library.name.size(), 3u + 16u);
    EXPECT_EQ(library.name.rfind("tl_", 0), 0u);
    EXPECT_EQ(library.body.rfind("#!lua name=" + library.name + "\n--[[ common.lua", 0), 0u)
        << "the shebang, then common.lua";
    std::set<std::string> names;
    for (const redis::Script script : redis::allScripts()) {
        const std::string name(redis::scriptName(script));
        EXPECT_TRUE(names.insert(name).second) << name;
        EXPECT_EQ(library.function(script), library.name + "_" + name);
        EXPECT_NE(library.body.find("--[[ " + name + ".lua"), std::string::npos) << name;
        EXPECT_NE(library.body.find("function_name = '" + library.function(script) + "'"), std::string::npos) << name;
    }
    EXPECT_EQ(names, (std::set<std::string>{"acquire", "release", "renew", "force_release", "sweep", "snapshot",
                                            "fsck", "configure", "cancel_wait", "contention"}));
    const auto a = redis::composeLibrary("-- a", {{redis::Script::Acquire, "return 1"}});
    const auto b = redis::composeLibrary("-- b", {{redis::Script::Acquire, "return 1"}});
    EXPECT_NE(a.name, b.name) << "another version is another library";
    EXPECT_EQ(a.name, redis::composeLibrary("-- a", {{redis::Script::Acquire, "return 1"}}).name);
}

TEST(Scripts, callsFollowTheDocumentedLayout)
{
    const redis::KeySchema keys("p");
    auto acquire = redis::acquireCall(keys, kId, "alice", "move", 30s, 16,
                                      {{"/A", LockMode::X}, {"/B/C", LockMode::S}}, 2500ms);
    EXPECT_EQ(acquire.script, redis::Script::Acquire);
    EXPECT_EQ(acquire.keys, waiterKeys());
    EXPECT_EQ(acquire.args, commonArgs({kWireId, "alice", "move", "30000", "16", "2500", "X /A\nS /B/C", "0"}));
    const auto waiting = redis::acquireCall(keys, kId, "bob", "copy", 30s, 16, {{"/A", LockMode::S}}, 2500ms, 2000ms);
    EXPECT_EQ(waiting.args.back(), "2000") << "the waiter's refresh comes last";

    auto release = redis::releaseCall(keys, kId);
    EXPECT_EQ(release.script, redis::Script::Release);
    EXPECT_EQ(release.keys, commonKeys());
    EXPECT_EQ(release.args, commonArgs({kWireId}));

    auto renew = redis::renewCall(keys, kId, 0ms);
    EXPECT_EQ(renew.keys, commonKeys());
    EXPECT_EQ(renew.args, commonArgs({kWireId, "0"}));

    auto force = redis::forceReleaseCall(keys, kId, "ops", "host-1", "stuck", true, 500ms);
    EXPECT_EQ(force.script, redis::Script::ForceRelease);
    EXPECT_EQ(force.keys, commonKeys());
    EXPECT_EQ(force.args, commonArgs({kWireId, "ops", "host-1", "stuck", "1", "500"}));

    auto sweep = redis::sweepCall(keys, "ops", "host-1", 1000, 7);
    EXPECT_EQ(sweep.keys, commonKeys());
    EXPECT_EQ(sweep.args, commonArgs({"ops", "host-1", "1000", "7"}));

    auto snapshot = redis::snapshotCall(keys, 2000, 1000);
    EXPECT_EQ(snapshot.keys, waiterKeys());
    EXPECT_EQ(snapshot.args, commonArgs({"2000", "1000"}));

    auto cancel = redis::cancelWaitCall(keys, kId);
    EXPECT_EQ(cancel.script, redis::Script::CancelWait);
    EXPECT_EQ(cancel.keys, waiterKeys());
    EXPECT_EQ(cancel.args, commonArgs({kWireId}));

    auto contention = redis::contentionCall(keys, 10);
    EXPECT_EQ(contention.script, redis::Script::Contention);
    EXPECT_EQ(contention.keys, waiterKeys());
    EXPECT_EQ(contention.args, commonArgs({"10"}));

    auto configure = redis::configureCall(keys, "grace", "off", "ops", "host-1");
    EXPECT_EQ(configure.keys, waiterKeys());
    EXPECT_EQ(configure.args, commonArgs({"grace", "off", "ops", "host-1"}));

    auto fsck = redis::fsckCall(keys, false);
    EXPECT_EQ(fsck.script, redis::Script::Fsck);
    EXPECT_EQ(fsck.keys, commonKeys());
    EXPECT_EQ(fsck.args, commonArgs({"0"}));

    const auto command = release.fcall("tl_x_release");
    std::vector<std::string> expected{"FCALL", "tl_x_release", "3"};
    expected.insert(expected.end(), release.keys.begin(), release.keys.end());
    expected.insert(expected.end(), release.args.begin(), release.args.end());
    EXPECT_EQ(command, expected);
}

TEST(RawConnection, repliesOfEveryType)
{
    test::RedisServer server;
    redis::RawConnection c(server.url());
    EXPECT_EQ(c.text({"PING"}), "PONG");
    EXPECT_EQ(c.text({"SET", "k", "v"}), "OK");
    EXPECT_EQ(c.integer({"RPUSH", "l", "a", "b"}), 2);
    const redis::Reply list = c.command({"LRANGE", "l", "0", "-1"});
    ASSERT_TRUE(list.isArray());
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[1].text, "b");
    EXPECT_TRUE(list[2].isNil()) << "out of range is nil";
    EXPECT_TRUE(c.command({"GET", "missing"}).isNil());
    const redis::Reply error = c.command({"INCR", "k"});
    EXPECT_TRUE(error.isError());
    EXPECT_NE(error.text.find("not an integer"), std::string::npos) << error.text;
    EXPECT_THROW(c.integer({"GET", "k"}), ScriptError);
    EXPECT_THROW(c.text({"INCR", "k"}), ScriptError);
}

TEST(RawConnection, pipelinedRepliesComeInOrder)
{
    test::RedisServer server;
    redis::RawConnection c(server.url());
    for (int i = 0; i < 500; ++i)
        c.append({"INCR", "n"});
    for (int i = 1; i <= 500; ++i)
        ASSERT_TRUE(c.readReply().is(i)) << i;
    EXPECT_EQ(c.text({"GET", "n"}), "500");
}

// The engine's own calls, sent raw, build exactly the state RedisEngine sees;
// a FUNCTION FLUSH in between is answered by loading the library again.
TEST(RawConnection, runsTheScriptsAsTheEngineDoes)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    redis::RawConnection c(server.url());
    const auto& keys = engine.keys();
    const redis::Reply granted =
        c.run(redis::acquireCall(keys, kId, "raw", "lock", 60s, kReapBatch, {{"/A/B", LockMode::X}}));
    ASSERT_TRUE(granted.isArray()) << granted.describe();
    EXPECT_TRUE(granted[0].is(1)) << granted[1].describe();
    const Snapshot snap = engine.snapshot();
    ASSERT_EQ(snap.leases.size(), 1u);
    EXPECT_EQ(snap.leases.front().id, kId);
    EXPECT_EQ(snap.leases.front().owner, "raw");
    const auto node = redis::decodeNode(c.text({"HGET", keys.state(), "/A"}));
    ASSERT_TRUE(node);
    EXPECT_EQ(node->count(LockMode::IX), 1);
    EXPECT_EQ(node->holder, kId);
    const auto leaf = redis::decodeNode(c.text({"HGET", keys.state(), "/A/B"}));
    ASSERT_TRUE(leaf);
    EXPECT_EQ(leaf->count(LockMode::X), 1);
    EXPECT_EQ(leaf->count(LockMode::IX), 0);

    EXPECT_EQ(c.text({"FUNCTION", "FLUSH"}), "OK");
    const redis::Reply released = c.run(redis::releaseCall(keys, kId));
    ASSERT_TRUE(released.isArray()) << released.describe();
    EXPECT_TRUE(released[0].is(1));
    EXPECT_TRUE(released[1].is(0));
    EXPECT_TRUE(engine.snapshot().leases.empty());
    EXPECT_TRUE(engine.fsck(false).clean());
}

TEST(RawConnection, badAddressesAndDeadServersAreErrors)
{
    EXPECT_THROW(redis::RawConnection("http://x"), InvalidInput);
    EXPECT_THROW(redis::RawConnection("unix:///nonexistent/treelock.sock"), ConnectionError);
}

} // namespace
