// RedisAddress: every form the parser understands and every rule it enforces,
// each with the message the user sees.

#include "treelock/error.h"
#include "thrown.h"
#include "treelock/redisurl.h"

#include <gtest/gtest.h>

#include <string>

using namespace treelock;

namespace {

/// The message of the InvalidInput that parsing `url` throws ("" if it parses).
std::string errorOf(const std::string& url)
{
    try {
        RedisAddress::parse(url);
    } catch (const InvalidInput& error) {
        return error.what();
    }
    return {};
}

TEST(RedisUrl, tcpWithPortAndDb)
{
    const auto a = RedisAddress::parse("redis://127.0.0.1:6380/3");
    EXPECT_FALSE(a.unixSocket);
    EXPECT_EQ(a.host, "127.0.0.1");
    EXPECT_EQ(a.port, 6380);
    EXPECT_EQ(a.db, 3);
    EXPECT_TRUE(a.user.empty());
    EXPECT_TRUE(a.password.empty());
    EXPECT_EQ(a.redacted(), "redis://127.0.0.1:6380/3");
}

TEST(RedisUrl, defaultsArePort6379AndDb0)
{
    const auto a = RedisAddress::parse("redis://cache.local");
    EXPECT_EQ(a.host, "cache.local");
    EXPECT_EQ(a.port, 6379);
    EXPECT_EQ(a.db, 0);
    EXPECT_EQ(RedisAddress::parse("redis://cache.local/").db, 0) << "an empty db is db 0";
}

TEST(RedisUrl, userAndPasswordArePercentDecoded)
{
    const auto a = RedisAddress::parse("redis://b%6Fb:p%40ss@cache.local");
    EXPECT_EQ(a.user, "bob");
    EXPECT_EQ(a.password, "p@ss");
    EXPECT_EQ(a.redacted(), "redis://bob:***@cache.local:6379");
}

TEST(RedisUrl, passwordWithoutUserIsTheDefaultUsersPassword)
{
    auto a = RedisAddress::parse("redis://only-pw@h");
    EXPECT_TRUE(a.user.empty());
    EXPECT_EQ(a.password, "only-pw");
    a = RedisAddress::parse("redis://:only-pw@h");
    EXPECT_TRUE(a.user.empty());
    EXPECT_EQ(a.password, "only-pw");
    EXPECT_EQ(a.redacted(), "redis://:***@h:6379");
}

TEST(RedisUrl, passwordMayHoldAnAtSign)
{
    const auto a = RedisAddress::parse("redis://u:a@b@h:7000");
    EXPECT_EQ(a.user, "u");
    EXPECT_EQ(a.password, "a@b");
    EXPECT_EQ(a.host, "h");
    EXPECT_EQ(a.port, 7000);
}

TEST(RedisUrl, ipv6HostInBrackets)
{
    auto a = RedisAddress::parse("redis://[::1]:7000");
    EXPECT_EQ(a.host, "::1");
    EXPECT_EQ(a.port, 7000);
    EXPECT_EQ(a.redacted(), "redis://[::1]:7000");
    a = RedisAddress::parse("redis://[fe80::2]");
    EXPECT_EQ(a.host, "fe80::2");
    EXPECT_EQ(a.port, 6379);
}

TEST(RedisUrl, unixSocketWithAndWithoutDb)
{
    auto a = RedisAddress::parse("unix:///run/redis/redis.sock?db=2");
    EXPECT_TRUE(a.unixSocket);
    EXPECT_EQ(a.host, "/run/redis/redis.sock");
    EXPECT_EQ(a.port, 0);
    EXPECT_EQ(a.db, 2);
    EXPECT_EQ(a.redacted(), "unix:///run/redis/redis.sock?db=2");
    a = RedisAddress::parse("unix:///tmp/r.sock");
    EXPECT_EQ(a.db, 0);
    EXPECT_EQ(a.redacted(), "unix:///tmp/r.sock");
}

TEST(RedisUrl, optionsCredentialsOverrideTheUrls)
{
    RedisOptions options;
    options.url = "redis://u:url-pw@h:7000/1";
    EXPECT_EQ(RedisAddress::of(options).user, "u");
    EXPECT_EQ(RedisAddress::of(options).password, "url-pw");
    options.user = "admin";
    options.password = "field-pw";
    const auto a = RedisAddress::of(options);
    EXPECT_EQ(a.user, "admin");
    EXPECT_EQ(a.password, "field-pw");
    EXPECT_EQ(a.port, 7000);
    EXPECT_EQ(a.db, 1);
}

TEST(RedisUrl, unknownSchemeNamesTheExpectedForms)
{
    for (const std::string url : {"http://x", "redis:/h", "h:6379", ""})
        EXPECT_EQ(errorOf(url), "invalid Redis URL \"" + url
                                    + "\": expected redis[s]://[user:password@]host[:port][/db], unix:///path, "
                                      "redis[s]+sentinel://host[:port][,host[:port]...]/MASTER or "
                                      "redis[s]+cluster://host[:port][,host[:port]...]")
            << url;
}

TEST(RedisUrl, redissMeansTlsForEveryShape)
{
    const auto one = RedisAddress::parse("rediss://u:secret-pw@cache.local:6380/2");
    EXPECT_TRUE(one.tls);
    EXPECT_EQ(one.host, "cache.local");
    EXPECT_EQ(one.port, 6380);
    EXPECT_EQ(one.db, 2);
    EXPECT_EQ(one.redacted(), "rediss://u:***@cache.local:6380/2");
    EXPECT_FALSE(RedisAddress::parse("redis://cache.local").tls);

    const auto sentinels = RedisAddress::parse("rediss+sentinel://u:pw@s1,s2:26380/mymaster");
    EXPECT_TRUE(sentinels.tls);
    ASSERT_EQ(sentinels.sentinels.size(), 2u);
    EXPECT_EQ(sentinels.masterName, "mymaster");
    EXPECT_TRUE(sentinels.at({"10.0.0.9", 6379}).tls);
    EXPECT_TRUE(sentinels.sentinelAt(sentinels.sentinels[1]).tls);
    EXPECT_EQ(sentinels.redacted(), "rediss+sentinel://u:***@s1:26379,s2:26380/mymaster");

    const auto cluster = RedisAddress::parse("rediss+cluster://n1:7000,n2:7001");
    EXPECT_TRUE(cluster.tls);
    EXPECT_EQ(cluster.clusterNodes.size(), 2u);
    EXPECT_TRUE(cluster.bare({"n3", 7002}).tls);
    EXPECT_EQ(cluster.redacted(), "rediss+cluster://n1:7000,n2:7001");
}

TEST(RedisUrl, tlsOptionsNeedATlsUrl)
{
    RedisOptions options;
    options.url = "rediss://h:6380";
    options.tls.caFile = "/etc/ca.pem";
    options.tls.serverName = "cache.example";
    const auto a = RedisAddress::of(options);
    EXPECT_TRUE(a.tls);
    EXPECT_EQ(a.tlsOptions, options.tls);
    EXPECT_EQ(a.at({"h2", 1}).tlsOptions.caFile, "/etc/ca.pem");

    for (const std::string url : {"redis://u:secret-pw@h:6379", "unix:///tmp/r.sock"}) {
        options.url = url;
        EXPECT_EQ(test::messageThrownBy<InvalidInput>([&] { RedisAddress::of(options); }),
                  "TLS options (CA, certificate, key, SNI or insecure) were given, but \""
                      + RedisAddress::parse(url).redacted()
                      + "\" does not use TLS: use a rediss:// URL (rediss+sentinel://, rediss+cluster://)")
            << url;
    }
    options.tls = {};
    options.tls.insecure = true;
    options.url = "redis://h";
    EXPECT_THROW(RedisAddress::of(options), InvalidInput);
}

TEST(RedisUrl, sentinelCredentialsComeFromTheQueryOrTheOptions)
{
    const auto a = RedisAddress::parse("redis+sentinel://u:data-pw@s1,s2/m/1?sentinel_user=watch&sentinel_password=s%40pw");
    EXPECT_EQ(a.user, "u");
    EXPECT_EQ(a.password, "data-pw");
    EXPECT_EQ(a.sentinelUser, "watch");
    EXPECT_EQ(a.sentinelPassword, "s@pw");
    EXPECT_EQ(a.db, 1);
    EXPECT_EQ(a.masterName, "m");
    // The sentinels get theirs, the data nodes theirs.
    EXPECT_EQ(a.sentinelAt(a.sentinels[0]).user, "watch");
    EXPECT_EQ(a.sentinelAt(a.sentinels[0]).password, "s@pw");
    EXPECT_EQ(a.sentinelAt(a.sentinels[0]).db, 0);
    EXPECT_EQ(a.at({"10.0.0.1", 6379}).password, "data-pw");
    const std::string shown = a.redacted();
    EXPECT_EQ(shown, "redis+sentinel://u:***@s1:26379,s2:26379/m/1?sentinel_user=watch&sentinel_password=***");

    EXPECT_EQ(test::messageThrownBy<InvalidInput>([] {
                  RedisAddress::parse("redis+sentinel://s1/m?sentinel_password=hush&colour=red");
              }),
              "invalid Redis URL \"redis+sentinel://s1/m?sentinel_password=***&colour=red\": unknown parameter "
              "\"colour\"; a Sentinel URL understands ?sentinel_user=U&sentinel_password=P");

    RedisOptions options;
    options.url = "redis+sentinel://s1/m?sentinel_password=from-url";
    options.sentinelPassword = "from-option";
    EXPECT_EQ(RedisAddress::of(options).sentinelPassword, "from-option");
    options.url = "redis://h";
    EXPECT_NE(test::messageThrownBy<InvalidInput>([&] { RedisAddress::of(options); }).find("is not a Sentinel URL"),
              std::string::npos);
}

TEST(RedisUrl, hostIsRequired)
{
    EXPECT_EQ(errorOf("redis://"), "invalid Redis URL \"redis://\": host is missing");
    EXPECT_EQ(errorOf("redis://:6379"), "invalid Redis URL \"redis://:6379\": host is missing");
    EXPECT_EQ(errorOf("redis://u:p@/2"), "invalid Redis URL \"redis://u:***@/2\": host is missing");
}

TEST(RedisUrl, portMustBeANumberInRange)
{
    const std::string rule = ": port must be a number from 1 to 65535";
    for (const std::string url : {"redis://h:0", "redis://h:65536", "redis://h:x", "redis://h:", "redis://h:80x",
                                  "redis://h:-1", "redis://[::1]:0"})
        EXPECT_EQ(errorOf(url), "invalid Redis URL \"" + url + "\"" + rule) << url;
    EXPECT_EQ(RedisAddress::parse("redis://h:1").port, 1);
    EXPECT_EQ(RedisAddress::parse("redis://h:65535").port, 65535);
}

TEST(RedisUrl, dbMustBeANumberInRange)
{
    const std::string rule = ": db must be a number from 0 to 1048576";
    for (const std::string url : {"redis://h/db", "redis://h/-1", "redis://h/1048577", "redis://h/1/2",
                                  "unix:///s.sock?db=", "unix:///s.sock?db=x", "unix:///s.sock?db=1048577"})
        EXPECT_EQ(errorOf(url), "invalid Redis URL \"" + url + "\"" + rule) << url;
    EXPECT_EQ(RedisAddress::parse("redis://h/1048576").db, 1048576);
}

TEST(RedisUrl, unixAcceptsOnlyTheDbQuery)
{
    EXPECT_EQ(errorOf("unix:///s.sock?x=1"), "invalid Redis URL \"unix:///s.sock?x=1\": only ?db=N is understood");
}

TEST(RedisUrl, unixNeedsAnAbsolutePath)
{
    for (const std::string url : {"unix://relative.sock", "unix://", "unix://?db=1"})
        EXPECT_EQ(errorOf(url), "invalid Redis URL \"" + url
                                    + "\": unix:// needs an absolute socket path (unix:///path/to.sock)")
            << url;
}

TEST(RedisUrl, bracketsMustCloseAndEndTheHost)
{
    EXPECT_EQ(errorOf("redis://[::1"), "invalid Redis URL \"redis://[::1\": unclosed [ in host");
    EXPECT_EQ(errorOf("redis://[::1]x"), "invalid Redis URL \"redis://[::1]x\": junk after ]");
}

TEST(RedisUrl, percentEscapesMustBeTwoHexDigits)
{
    for (const std::string url : {"redis://u:%zz@h", "redis://u:%4@h", "redis://%@h"})
        EXPECT_NE(errorOf(url).find("\": bad %-escape"), std::string::npos) << url;
    EXPECT_EQ(errorOf("redis://u:%zz@h"), "invalid Redis URL \"redis://u:***@h\": bad %-escape");
}

// However the URL is malformed, the message never shows the password.
TEST(RedisUrl, errorsNeverShowThePassword)
{
    for (const std::string url : {"redis://u:topsecret@h:99999", "redis://topsecret@h:bad", "redis://u:top@secret@h:0",
                                  "redis://topsecret@h/x", "redis://u:topsecret@[::1", "redis://u:topsecret@",
                                  "redis://u:topsecret%zz@h"}) {
        const std::string message = errorOf(url);
        EXPECT_FALSE(message.empty()) << "accepted " << url;
        EXPECT_EQ(message.find("secret"), std::string::npos) << message;
        EXPECT_NE(message.find("***"), std::string::npos) << message;
    }
}

TEST(RedisUrl, sentinelListsTheSentinelsAndThePrimarysName)
{
    const auto a = RedisAddress::parse("redis+sentinel://u:p%40ss@s1:26380,s2,[::1]:5000/orders/2");
    EXPECT_TRUE(a.isSentinel());
    EXPECT_FALSE(a.unixSocket);
    ASSERT_EQ(a.sentinels.size(), 3u);
    EXPECT_EQ(a.sentinels[0], (HostPort{"s1", 26380}));
    EXPECT_EQ(a.sentinels[1], (HostPort{"s2", 26379})) << "a sentinel's port defaults to 26379";
    EXPECT_EQ(a.sentinels[2], (HostPort{"::1", 5000}));
    EXPECT_EQ(a.masterName, "orders");
    EXPECT_EQ(a.db, 2);
    EXPECT_EQ(a.user, "u");
    EXPECT_EQ(a.password, "p@ss");
    EXPECT_EQ(a.redacted(), "redis+sentinel://u:***@s1:26380,s2:26379,[::1]:5000/orders/2");
    // The primary a sentinel names gets the URL's credentials and db; a sentinel none.
    const RedisAddress primary = a.at({"10.0.0.5", 6380});
    EXPECT_FALSE(primary.isSentinel());
    EXPECT_EQ(primary.redacted(), "redis://u:***@10.0.0.5:6380/2");
    EXPECT_EQ(a.sentinelAt(a.sentinels[0]).redacted(), "redis://s1:26380");
}

TEST(RedisUrl, sentinelNeedsAPrimaryNameAndEverySentinelsHost)
{
    EXPECT_EQ(errorOf("redis+sentinel://s1,s2"),
              "invalid Redis URL \"redis+sentinel://s1,s2\": the primary's name is missing; expected "
              "redis+sentinel://host[:port][,host[:port]...]/MASTER[/db]");
    EXPECT_EQ(errorOf("redis+sentinel://s1//2"), errorOf("redis+sentinel://s1//2"));
    EXPECT_NE(errorOf("redis+sentinel://s1//2").find("the primary's name is missing"), std::string::npos);
    EXPECT_EQ(errorOf("redis+sentinel://s1,,s2/m"),
              "invalid Redis URL \"redis+sentinel://s1,,s2/m\": a sentinel's host is missing");
    EXPECT_EQ(errorOf("redis+sentinel:///m"),
              "invalid Redis URL \"redis+sentinel:///m\": a sentinel's host is missing");
    EXPECT_EQ(errorOf("redis+sentinel://s1/my master"),
              "invalid Redis URL \"redis+sentinel://s1/my master\": the primary's name \"my master\" may hold "
              "only letters, digits, '_', '-' and '.'");
    EXPECT_EQ(errorOf("redis+sentinel://s1:0/m"),
              "invalid Redis URL \"redis+sentinel://s1:0/m\": port must be a number from 1 to 65535");
    EXPECT_EQ(errorOf("redis+sentinel://u:secret@s1/m/x"),
              "invalid Redis URL \"redis+sentinel://u:***@s1/m/x\": db must be a number from 0 to 1048576");
}

TEST(RedisUrl, clusterListsItsNodes)
{
    const auto a = RedisAddress::parse("redis+cluster://u:p%40ss@n1:7000,n2,[::1]:7002");
    EXPECT_TRUE(a.isCluster());
    EXPECT_FALSE(a.isSentinel());
    ASSERT_EQ(a.clusterNodes.size(), 3u);
    EXPECT_EQ(a.clusterNodes[0], (HostPort{"n1", 7000}));
    EXPECT_EQ(a.clusterNodes[1], (HostPort{"n2", 6379})) << "a node's port defaults to 6379";
    EXPECT_EQ(a.clusterNodes[2], (HostPort{"::1", 7002}));
    EXPECT_EQ(a.password, "p@ss");
    EXPECT_EQ(a.redacted(), "redis+cluster://u:***@n1:7000,n2:6379,[::1]:7002");
    EXPECT_EQ(a.at({"10.0.0.5", 7003}).redacted(), "redis://u:***@10.0.0.5:7003");
    EXPECT_TRUE(RedisAddress::parse("redis+cluster://n1:7000/").isCluster());
    EXPECT_TRUE(RedisAddress::parse("redis+cluster://n1:7000/0").isCluster());
}

TEST(RedisUrl, clusterNeedsEveryNodesHostAndHasOnlyDbZero)
{
    EXPECT_EQ(errorOf("redis+cluster://n1,,n2"),
              "invalid Redis URL \"redis+cluster://n1,,n2\": a cluster node's host is missing");
    EXPECT_EQ(errorOf("redis+cluster://"),
              "invalid Redis URL \"redis+cluster://\": a cluster node's host is missing");
    EXPECT_EQ(errorOf("redis+cluster://u:secret@n1/2"),
              "invalid Redis URL \"redis+cluster://u:***@n1/2\": a Redis Cluster URL takes nothing after its nodes (a "
              "cluster has only db 0); expected redis+cluster://host[:port][,host[:port]...]");
    EXPECT_NE(errorOf("redis+cluster://n1/mymaster").find("takes nothing after its nodes"), std::string::npos);
}

TEST(RedisUrl, queryParametersAreRefusedByNameOutsideUnixSockets)
{
    for (const std::string url : {"redis://127.0.0.1:7000?db=2", "redis+cluster://n1:7000?db=2"})
        EXPECT_EQ(errorOf(url), "invalid Redis URL \"" + url
                                    + "\": query parameters are understood only by unix:// (?db=N) and Sentinel "
                                      "URLs (?sentinel_user=U&sentinel_password=P); give the db as a path, "
                                      "redis://host:port/N")
            << url;
    EXPECT_EQ(errorOf("redis+sentinel://s1/m?db=1"),
              "invalid Redis URL \"redis+sentinel://s1/m?db=1\": unknown parameter \"db\"; a Sentinel URL "
              "understands ?sentinel_user=U&sentinel_password=P");
    EXPECT_EQ(RedisAddress::parse("unix:///tmp/r.sock?db=3").db, 3);
    EXPECT_EQ(errorOf("redis+cluster://n1:70000"),
              "invalid Redis URL \"redis+cluster://n1:70000\": port must be a number from 1 to 65535");
}

} // namespace
