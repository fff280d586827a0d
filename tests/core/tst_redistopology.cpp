// parseReplicas: the replicas of an INFO replication text, as a primary writes it.

#include "treelock/redistopology.h"

#include <gtest/gtest.h>

using namespace treelock;

TEST(RedisTopology, replicasAndOffsetsFromInfoReplication)
{
    const std::string info = "# Replication\r\n"
                             "role:master\r\n"
                             "connected_slaves:2\r\n"
                             "slave0:ip=127.0.0.1,port=6381,state=online,offset=1000,lag=0\r\n"
                             "slave1:ip=::1,port=6382,state=wait_bgsave,offset=0,lag=3\r\n"
                             "master_failover_state:no-failover\r\n"
                             "master_repl_offset:1200\r\n"
                             "slave_read_only:1\r\n";
    std::int64_t offset = -1;
    const auto replicas = parseReplicas(info, &offset);
    EXPECT_EQ(offset, 1200);
    ASSERT_EQ(replicas.size(), 2u);
    EXPECT_EQ(replicas[0].address, (HostPort{"127.0.0.1", 6381}));
    EXPECT_EQ(replicas[0].state, "online");
    EXPECT_EQ(replicas[0].offset, 1000);
    EXPECT_EQ(replicas[0].bytesBehind, 200);
    EXPECT_EQ(replicas[0].lag.count(), 0);
    EXPECT_EQ(replicas[1].address.text(), "[::1]:6382");
    EXPECT_EQ(replicas[1].state, "wait_bgsave");
    EXPECT_EQ(replicas[1].bytesBehind, 1200);
    EXPECT_EQ(replicas[1].lag.count(), 3);
}

TEST(RedisTopology, aReplicaOrALoneServerListsNone)
{
    EXPECT_TRUE(parseReplicas("role:master\r\nconnected_slaves:0\r\nmaster_repl_offset:0\r\n").empty());
    EXPECT_TRUE(parseReplicas("role:slave\r\nmaster_host:127.0.0.1\r\nslave_read_only:1\r\n"
                              "slave_repl_offset:77\r\n")
                    .empty())
        << "slave_read_only and slave_repl_offset are not replicas";
}
