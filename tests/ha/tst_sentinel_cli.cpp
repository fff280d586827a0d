// The treelock tool behind Sentinel: one URL, --min-replicas and exit 7,
// TREELOCK_MIN_REPLICAS, and `topology` before and after a failover.
#include "process.h"

#include <treelock/redissentinelgroup.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>

#ifndef TREELOCK_CLI_PATH
#error "TREELOCK_CLI_PATH must name the treelock executable"
#endif

using namespace treelock;
using namespace std::chrono_literals;

namespace {

class SentinelCli : public ::testing::Test {
protected:
    /// treelock with `args` behind the group's URL and `extraEnv`.
    test::ProcessResult treelock(std::vector<std::string> args, const test::Environment& extraEnv = {})
    {
        args.insert(args.begin(), {TREELOCK_CLI_PATH, "--redis", group.url(), "--quiet"});
        test::Environment env = test::inheritedEnvironment();
        env["USER"] = "alice";
        for (const auto& [name, value] : extraEnv)
            env[name] = value;
        return test::ChildProcess(args, env).finish();
    }

    SentinelGroup group;
};

} // namespace

TEST_F(SentinelCli, oneUrlTakesAndListsLocks)
{
    const auto taken = treelock({"acquire", "--lock", "X:/A/C"});
    ASSERT_EQ(taken.code, 0) << taken;
    const auto listed = treelock({"--json", "locks"});
    ASSERT_EQ(listed.code, 0) << listed;
    EXPECT_EQ(nlohmann::json::parse(listed.out)["leases"].size(), 1u) << listed;
}

TEST_F(SentinelCli, stalledReplicaIsExit7AndLeavesThePathFree)
{
    group.node(1).pause(true);
    const auto refused = treelock({"--min-replicas", "1", "acquire", "--lock", "X:/A"});
    group.node(1).pause(false);
    EXPECT_EQ(refused.code, 7) << refused;
    EXPECT_EQ(refused.out, "") << "no lease id may be printed for a rolled-back grant";
    EXPECT_EQ(refused.err, "treelock: grant not acknowledged by enough replicas (0 of 1 within 100 ms); rolled back\n");
    const auto listed = treelock({"--json", "locks"});
    ASSERT_EQ(listed.code, 0) << listed;
    EXPECT_TRUE(nlohmann::json::parse(listed.out)["leases"].empty()) << listed;
    const auto free = treelock({"--min-replicas", "1", "acquire", "--lock", "X:/A"});
    EXPECT_EQ(free.code, 0) << "the replica is back: the grant is acknowledged\n" << free;
}

TEST_F(SentinelCli, moreReplicasThanThePrimaryHasSaysHowManyItHas)
{
    const auto refused = treelock({"--min-replicas", "2", "acquire", "--lock", "X:/A"});
    EXPECT_EQ(refused.code, 7) << refused;
    EXPECT_EQ(refused.err, "treelock: grant not acknowledged by enough replicas (1 of 2 within 100 ms; the primary "
                           "has only 1 replica connected); rolled back\n");
    const auto listed = treelock({"--json", "locks"});
    EXPECT_TRUE(nlohmann::json::parse(listed.out)["leases"].empty()) << listed;
}

TEST_F(SentinelCli, minReplicasComesFromTheEnvironmentAndIsChecked)
{
    group.node(1).pause(true);
    const auto refused = treelock({"acquire", "--lock", "X:/A"}, {{"TREELOCK_MIN_REPLICAS", "1"}});
    group.node(1).pause(false);
    EXPECT_EQ(refused.code, 7) << refused;
    const auto bad = treelock({"acquire", "--lock", "X:/A"}, {{"TREELOCK_MIN_REPLICAS", "one"}});
    EXPECT_EQ(bad.code, 2) << bad;
    EXPECT_EQ(bad.err, "treelock: invalid TREELOCK_MIN_REPLICAS \"one\": expected a whole number from 0 to 64\n");
    const auto option = treelock({"--min-replicas", "65", "locks"});
    EXPECT_EQ(option.code, 2) << option;
    EXPECT_EQ(option.err, "treelock: invalid --min-replicas \"65\": expected a whole number from 0 to 64\n");
    const auto timeout = treelock({"--replica-timeout", "0", "locks"});
    EXPECT_EQ(timeout.code, 2) << timeout;
    EXPECT_EQ(timeout.err, "treelock: invalid --replica-timeout \"0\": expected a whole number of milliseconds "
                           "from 1 to 60000\n");
}

TEST_F(SentinelCli, topologyNamesThePrimaryReplicasAndSentinelsAndFollowsAFailover)
{
    auto topology = treelock({"--json", "topology"});
    ASSERT_EQ(topology.code, 0) << topology;
    auto json = nlohmann::json::parse(topology.out);
    EXPECT_EQ(json["kind"], "sentinel");
    EXPECT_EQ(json["master_name"], "treelock");
    EXPECT_EQ(json["primary"]["address"], group.address(0).text());
    EXPECT_EQ(json["primary"]["role"], "master");
    ASSERT_EQ(json["replicas"].size(), 1u) << topology;
    EXPECT_EQ(json["replicas"][0]["address"], group.address(1).text());
    ASSERT_EQ(json["sentinels"].size(), 3u);
    for (const auto& s : json["sentinels"]) {
        EXPECT_EQ(s["primary"], group.address(0).text()) << s;
        EXPECT_EQ(s["other_sentinels"], 2) << s;
    }
    const auto text = treelock({"topology"});
    ASSERT_EQ(text.code, 0) << text;
    EXPECT_EQ(text.out.rfind("primary   " + group.address(0).text() + "  serves project default", 0), 0u) << text;

    group.failover();
    group.waitForNewPrimary(group.address(0), 30s);
    topology = treelock({"--json", "topology"});
    ASSERT_EQ(topology.code, 0) << topology;
    json = nlohmann::json::parse(topology.out);
    EXPECT_EQ(json["primary"]["address"], group.address(1).text()) << topology;
}

TEST_F(SentinelCli, noSentinelAnsweringIsExit5NamingEach)
{
    const std::string dead = "redis+sentinel://127.0.0.1:" + std::to_string(freeLoopbackPort()) + "/treelock";
    test::Environment env = test::inheritedEnvironment();
    const auto result =
        test::ChildProcess({TREELOCK_CLI_PATH, "--redis", dead, "--quiet", "locks"}, env).finish();
    EXPECT_EQ(result.code, 5) << result;
    EXPECT_NE(result.err.find("no sentinel of " + dead + " named a primary: 127.0.0.1:"), std::string::npos)
        << result;
}

// Mistakes in the URL are named at once, not waited out as if a failover were
// under way: a name no sentinel monitors is exit 2, credentials the primary
// refuses exit 5; both well within the failover timeout.
TEST_F(SentinelCli, aWrongMasterNameOrUserIsNamedAtOnce)
{
    const auto run = [](const std::string& url) {
        return test::ChildProcess({TREELOCK_CLI_PATH, "--redis", url, "--quiet", "locks"}, test::inheritedEnvironment())
            .finish();
    };
    const std::string url = group.url();
    const auto unknown = run(url.substr(0, url.rfind('/')) + "/nosuch");
    EXPECT_EQ(unknown.code, 2) << unknown;
    EXPECT_LT(unknown.elapsed, 5s) << unknown;
    EXPECT_NE(unknown.err.find("knows no primary named \"nosuch\""), std::string::npos) << unknown;
    EXPECT_NE(unknown.err.find("SENTINEL MASTERS"), std::string::npos) << unknown;

    const std::string scheme = "redis+sentinel://";
    const auto refused = run(scheme + "nobody:wrong@" + url.substr(scheme.size()));
    EXPECT_EQ(refused.code, 5) << refused;
    EXPECT_LT(refused.elapsed, 5s) << refused;
    EXPECT_NE(refused.err.find("authentication failed"), std::string::npos) << refused;
    EXPECT_EQ(refused.err.find("wrong@"), std::string::npos) << "the password is never shown: " << refused;
}

TEST_F(SentinelCli, topologyWithoutAPrimaryStillShowsWhatTheSentinelsSay)
{
    group.node(0).stop(/*crash=*/true); // the sentinels name it for a second more
    const auto result = treelock({"topology"});
    EXPECT_EQ(result.code, 5) << result;
    EXPECT_EQ(result.out.rfind("primary   unreachable: ", 0), 0u) << result;
    std::size_t sentinels = 0;
    for (std::size_t at = result.out.find("\nsentinel  "); at != std::string::npos;
         at = result.out.find("\nsentinel  ", at + 1))
        ++sentinels;
    EXPECT_EQ(sentinels, 3u) << result;
    const auto json = treelock({"--json", "topology"});
    EXPECT_EQ(json.code, 5) << json;
    EXPECT_TRUE(nlohmann::json::parse(json.out)["primary"].contains("error")) << json;
}

// failover.json kills primaries: never on a server the user names, and not on
// the in-process engine either, which has no primary to kill.
TEST(SentinelScenarioCli, failoverScenarioRefusesAnEngineOfTheUsers)
{
    const std::string file = std::string(TREELOCK_SOURCE_DIR) + "/resources/scenarios/failover.json";
    const test::Environment env = test::inheritedEnvironment();
    for (const std::vector<std::string>& engine : {std::vector<std::string>{"--memory"},
                                                   std::vector<std::string>{"--redis", "redis://127.0.0.1:1"}}) {
        std::vector<std::string> args{TREELOCK_CLI_PATH, "scenario", file};
        args.insert(args.end(), engine.begin(), engine.end());
        const auto result = test::ChildProcess(args, env).finish();
        EXPECT_EQ(result.code, 2) << result;
        EXPECT_EQ(result.err, "treelock: scenario failover kills Redis primaries: it runs on a private primary, replica "
                              "and three sentinels of its own; leave out " + engine.front() + "\n")
            << result;
    }
}
