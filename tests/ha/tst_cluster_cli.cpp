// The treelock binary on a private Redis Cluster of three primaries: one URL
// takes and lists locks on any project, `projects` finds them on every primary,
// `topology` shows the shards, and a plain URL at the wrong node says what to use.
#include "process.h"

#include <treelock/redisclustergroup.h>
#include <treelock/redisserverprocess.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

#ifndef TREELOCK_CLI_PATH
#error "TREELOCK_CLI_PATH must name the treelock executable"
#endif

using namespace treelock;

namespace {

class ClusterCli : public ::testing::Test {
protected:
    test::ProcessResult treelock(std::vector<std::string> args, const std::string& url = {})
    {
        args.insert(args.begin(), {TREELOCK_CLI_PATH, "--redis", url.empty() ? group.url() : url, "--quiet"});
        test::Environment env = test::inheritedEnvironment();
        env["USER"] = "alice";
        return test::ChildProcess(args, env).finish();
    }

    ClusterGroup group;
};

} // namespace

TEST_F(ClusterCli, oneUrlServesEveryProjectAndProjectsListsThem)
{
    std::set<std::string> nodes;
    for (int i = 0; i < 12; ++i) {
        const std::string project = "team-" + std::to_string(i);
        const auto taken = treelock({"--project", project, "acquire", "--ttl", "60000", "--lock", "X:/A/b"});
        ASSERT_EQ(taken.code, 0) << taken;
        const auto locks = treelock({"--project", project, "--json", "locks"});
        ASSERT_EQ(locks.code, 0) << locks;
        EXPECT_EQ(nlohmann::json::parse(locks.out)["leases"].size(), 1u) << project;
        nodes.insert(group.primaryFor(ClusterGroup::slotOf(project)).text());
    }
    EXPECT_EQ(nodes.size(), 3u) << "12 projects should use every primary";

    const auto listed = treelock({"--json", "projects"});
    ASSERT_EQ(listed.code, 0) << listed;
    const auto projects = nlohmann::json::parse(listed.out)["projects"];
    ASSERT_EQ(projects.size(), 12u) << listed.out;
    for (const auto& p : projects) {
        const std::string name = p["name"];
        EXPECT_EQ(p["leases"], 1) << name;
        EXPECT_EQ(p["slot"], ClusterGroup::slotOf(name)) << name;
        EXPECT_EQ(p["node"], group.primaryFor(ClusterGroup::slotOf(name)).text()) << name;
    }
    const auto table = treelock({"projects"});
    ASSERT_EQ(table.code, 0) << table;
    EXPECT_EQ(table.out.rfind("PROJECT  LEASES  NODE", 0), 0u) << table.out;
    EXPECT_NE(table.out.find("team-11       1  "), std::string::npos) << table.out;
}

TEST_F(ClusterCli, topologyShowsTheProjectsSlotAndEveryShard)
{
    const auto text = treelock({"--project", "orders", "topology"});
    ASSERT_EQ(text.code, 0) << text;
    const int slot = ClusterGroup::slotOf("orders");
    const std::string primary = group.primaryFor(slot).text();
    EXPECT_EQ(text.out.rfind("primary   " + primary + "  serves project orders (slot " + std::to_string(slot) + ")", 0),
              0u)
        << text.out;
    EXPECT_NE(text.out.find("shard     " + group.address(0).text() + "  slots 0-5460 (5461)  0 replicas"),
              std::string::npos)
        << text.out;
    const auto json = treelock({"--project", "orders", "--json", "topology"});
    ASSERT_EQ(json.code, 0) << json;
    const auto t = nlohmann::json::parse(json.out);
    EXPECT_EQ(t["kind"], "cluster");
    EXPECT_EQ(t["slot"], slot);
    EXPECT_EQ(t["primary"]["address"], primary);
    ASSERT_EQ(t["shards"].size(), 3u);
    EXPECT_EQ(t["shards"][1]["slot_count"], 5462);
}

TEST_F(ClusterCli, noReachableNodeIsExit5NamingEachNode)
{
    const auto r = treelock({"projects"}, "redis+cluster://127.0.0.1:1,127.0.0.1:2");
    EXPECT_EQ(r.code, 5) << r;
    EXPECT_NE(r.err.find("127.0.0.1:1: "), std::string::npos) << r;
    EXPECT_NE(r.err.find("127.0.0.1:2: "), std::string::npos) << r;
    const auto bad = treelock({"locks"}, "redis+cluster://127.0.0.1:7000/1");
    EXPECT_EQ(bad.code, 2) << bad;
    EXPECT_NE(bad.err.find("a cluster has only db 0"), std::string::npos) << bad;
}

TEST_F(ClusterCli, aPlainUrlAtAClusterNodeIsRefusedByEveryCommand)
{
    const std::string plain = "redis://" + group.address(0).text();
    for (const std::vector<std::string>& args : {std::vector<std::string>{"projects"}, {"topology"}, {"locks"}}) {
        const auto r = treelock(args, plain);
        EXPECT_EQ(r.code, 2) << args.front() << ": " << r;
        EXPECT_NE(r.err.find("is a Redis Cluster node: connect with a redis+cluster:// URL"), std::string::npos)
            << args.front() << ": " << r;
    }
    const auto db = treelock({"locks"}, plain + "/2");
    EXPECT_EQ(db.code, 2) << db;
    EXPECT_NE(db.err.find("is a Redis Cluster node, which has only db 0"), std::string::npos) << db;
}

TEST_F(ClusterCli, aClusterUrlAtAPlainServerIsAWrongUrlNotAFailoverToWaitOut)
{
    RedisServerConfig config;
    config.unixSocket = false;
    config.tcp = true;
    RedisServerProcess plainServer(config);
    const auto r = treelock({"locks"}, "redis+cluster://127.0.0.1:" + std::to_string(plainServer.port()));
    EXPECT_EQ(r.code, 2) << r;
    EXPECT_LT(r.elapsed, std::chrono::milliseconds(5000)) << "answered at once, not after the failover timeout";
    EXPECT_NE(r.err.find("no node is in a Redis Cluster (for a single server use redis://"), std::string::npos) << r;
}

TEST_F(ClusterCli, aSentinelUrlAtAClusterNodeIsAWrongUrlNotAFailoverToWaitOut)
{
    const auto r = treelock({"locks"}, "redis+sentinel://" + group.address(0).text() + "/mymaster");
    EXPECT_EQ(r.code, 2) << r;
    EXPECT_LT(r.elapsed, std::chrono::milliseconds(5000)) << "answered at once, not after the failover timeout";
    EXPECT_NE(r.err.find("is not a sentinel"), std::string::npos) << r;
    EXPECT_NE(r.err.find("for a Redis Cluster redis+cluster://"), std::string::npos) << r;
}
