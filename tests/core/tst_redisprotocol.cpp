// treelock/redisprotocol.h: the key schema as docs/semantics.md documents it,
// the KEYS/ARGV layout of every script as lua/common.lua documents it, and the
// raw connection (replies, pipelining, NOSCRIPT) against a real redis-server.

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

using namespace treelock;
using namespace std::chrono_literals;

namespace {

const LeaseId kId(32, 'a');

/// KEYS nodes, who, expiry, fence, events, leases of project p.
std::vector<std::string> commonKeys()
{
    return {"tl:{p}:nodes", "tl:{p}:who", "tl:{p}:expiry", "tl:{p}:fence", "tl:{p}:events", "tl:{p}:leases"};
}

std::vector<std::string> commonArgs(std::initializer_list<std::string> rest)
{
    std::vector<std::string> args{"PUBLISH", "tl:{p}:wake"};
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
    EXPECT_EQ(keys.nodes(), "tl:{drive-1}:nodes");
    EXPECT_EQ(keys.who(), "tl:{drive-1}:who");
    EXPECT_EQ(keys.expiry(), "tl:{drive-1}:expiry");
    EXPECT_EQ(keys.fence(), "tl:{drive-1}:fence");
    EXPECT_EQ(keys.events(), "tl:{drive-1}:events");
    EXPECT_EQ(keys.wake(), "tl:{drive-1}:wake");
    EXPECT_EQ(keys.leases(), "tl:{drive-1}:leases");
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

TEST(Scripts, everyVerbHasANameAndAnEmbeddedBody)
{
    std::set<std::string> names;
    for (const redis::Script script : redis::allScripts()) {
        const std::string name(redis::scriptName(script));
        EXPECT_TRUE(names.insert(name).second) << name;
        const std::string body = redis::scriptBody(script);
        EXPECT_GT(body.size(), 200u) << name;
        EXPECT_EQ(body.rfind("--[[ common.lua", 0), 0u) << name << ": common.lua comes first";
        EXPECT_NE(body.find("--[[ " + name + ".lua"), std::string::npos) << name;
    }
    EXPECT_EQ(names, (std::set<std::string>{"acquire", "release", "renew", "force_release", "sweep", "snapshot",
                                            "fsck"}));
    EXPECT_EQ(redis::composeScript("a", "b"), "a\nb");
}

TEST(Scripts, callsFollowTheDocumentedLayout)
{
    const redis::KeySchema keys("p");
    auto acquire = redis::acquireCall(keys, kId, "alice", "move", 30s, 16,
                                      {{"/A", LockMode::X}, {"/B/C", LockMode::S}});
    EXPECT_EQ(acquire.script, redis::Script::Acquire);
    EXPECT_EQ(acquire.keys, commonKeys());
    EXPECT_EQ(acquire.args, commonArgs({kId, "alice", "move", "30000", "16", "2", "X", "/A", "S", "/B/C"}));

    auto release = redis::releaseCall(keys, kId);
    EXPECT_EQ(release.script, redis::Script::Release);
    EXPECT_EQ(release.keys, commonKeys());
    EXPECT_EQ(release.args, commonArgs({kId}));

    auto renew = redis::renewCall(keys, kId, 0ms);
    EXPECT_EQ(renew.keys, commonKeys());
    EXPECT_EQ(renew.args, commonArgs({kId, "0"}));

    auto force = redis::forceReleaseCall(keys, kId, "ops", "host-1", "stuck", true, 500ms);
    EXPECT_EQ(force.script, redis::Script::ForceRelease);
    EXPECT_EQ(force.keys, commonKeys());
    EXPECT_EQ(force.args, commonArgs({kId, "ops", "host-1", "stuck", "1", "500"}));

    auto sweep = redis::sweepCall(keys, "ops", "host-1", 1000, 7);
    EXPECT_EQ(sweep.keys, commonKeys());
    EXPECT_EQ(sweep.args, commonArgs({"ops", "host-1", "1000", "7"}));

    auto snapshot = redis::snapshotCall(keys, 2000, 1000);
    EXPECT_EQ(snapshot.keys, commonKeys());
    EXPECT_EQ(snapshot.args, commonArgs({"2000", "1000"}));

    auto fsck = redis::fsckCall(keys, false);
    EXPECT_EQ(fsck.script, redis::Script::Fsck);
    EXPECT_EQ(fsck.keys, commonKeys());
    EXPECT_EQ(fsck.args, commonArgs({"0"}));

    const auto command = release.evalsha("SHA");
    std::vector<std::string> expected{"EVALSHA", "SHA", "6"};
    expected.insert(expected.end(), release.keys.begin(), release.keys.end());
    expected.insert(expected.end(), release.args.begin(), release.args.end());
    EXPECT_EQ(command, expected);
    EXPECT_EQ(release.eval("BODY").front(), "EVAL");
    EXPECT_EQ(release.eval("BODY")[1], "BODY");
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
// a SCRIPT FLUSH in between is answered by loading the script again.
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
    EXPECT_EQ(c.text({"HGET", keys.nodes(), redis::KeySchema::nodeField("/A", LockMode::IX)}), "1");

    EXPECT_EQ(c.text({"SCRIPT", "FLUSH"}), "OK");
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
