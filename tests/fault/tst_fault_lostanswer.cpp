// Calls whose answers are lost. A proxy passes a call to a real redis-server, lets it
// run, swallows the answer and drops the connection; CLIENT KILL drops a connection
// whose call waits behind CLIENT PAUSE. Each time the caller must learn the outcome by
// sending the same call again, and the call must take effect once: no second lease,
// no second hold, no hold dropped twice, no orphaned lease.
#include "process.h"
#include "redisserver.h"
#include "replydropper.h"

#include <treelock/error.h>
#include <treelock/redisengine.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <future>
#include <thread>

using namespace treelock;
using namespace std::chrono_literals;
using Json = nlohmann::json;

namespace {

RedisOptions at(const std::string& url)
{
    RedisOptions options;
    options.url = url;
    return options;
}

// The project's leases, read beside the proxy.
std::vector<LeaseInfo> leasesOf(const test::RedisServer& server, const std::string& project)
{
    return RedisEngine(at(server.url()), project).snapshot().leases;
}

// How many events of `type` the project's stream holds.
std::size_t eventsOf(const test::RedisServer& server, const std::string& project, EventType type)
{
    RedisEngine engine(at(server.url()), project);
    std::size_t n = 0;
    for (const Event& e : engine.events("0", 10000))
        n += e.type == type;
    return n;
}

std::pair<std::string, int> cli(const std::string& url, const std::string& args)
{
    const auto r = test::runCommand(std::string(TREELOCK_CLI_PATH) + " --redis " + url + " --quiet --project p " + args
                                    + " 2>&1");
    return {r.output, r.exitCode};
}

} // namespace

TEST(LostAnswer, anAcquireThatRanIsLearnedAndTakenOnce)
{
    test::RedisServer server;
    test::ReplyDropper proxy(server.socketPath());
    RedisEngine engine(at(proxy.url()), "p");
    proxy.dropAnswersTo("_acquire\r\n");
    const AcquireResult r = engine.acquire({{"/a", LockMode::X}}, {});
    ASSERT_EQ(proxy.dropped(), 1) << "the answer was not dropped: the test tested nothing";
    ASSERT_TRUE(r.granted);
    EXPECT_EQ(r.grant.holds, 1);
    const auto leases = leasesOf(server, "p");
    ASSERT_EQ(leases.size(), 1u) << "a second lease, or none";
    EXPECT_EQ(leases[0].id, r.grant.lease);
    EXPECT_EQ(leases[0].fence, r.grant.fence) << "the repeat answered another grant";
    EXPECT_EQ(leases[0].holds, 1) << "the repeat added a hold";
    EXPECT_EQ(eventsOf(server, "p", EventType::Grant), 1u);
    EXPECT_EQ(engine.release(r.grant.lease).status, LeaseStatus::Ok);
    EXPECT_TRUE(leasesOf(server, "p").empty());
}

TEST(LostAnswer, aReentrantAcquireAddsOneHoldAndAReleaseDropsOne)
{
    test::RedisServer server;
    test::ReplyDropper proxy(server.socketPath());
    RedisEngine engine(at(proxy.url()), "p");
    AcquireOptions options;
    options.leaseId = newLeaseId();
    ASSERT_TRUE(engine.acquire({{"/a", LockMode::S}}, options).granted);

    proxy.dropAnswersTo("_acquire\r\n");
    const AcquireResult again = engine.acquire({{"/a", LockMode::S}}, options);
    ASSERT_EQ(proxy.dropped(), 1);
    ASSERT_TRUE(again.granted);
    EXPECT_EQ(again.grant.holds, 2);
    EXPECT_EQ(leasesOf(server, "p").at(0).holds, 2);

    proxy.dropAnswersTo("_release\r\n");
    const ReleaseResult one = engine.release(*options.leaseId);
    ASSERT_EQ(proxy.dropped(), 2);
    EXPECT_EQ(one.status, LeaseStatus::Ok);
    EXPECT_EQ(one.remainingHolds, 1) << "the repeat dropped a second hold";
    EXPECT_EQ(leasesOf(server, "p").at(0).holds, 1);
}

TEST(LostAnswer, aReleaseThatFreedTheLeaseAnswersGone)
{
    test::RedisServer server;
    test::ReplyDropper proxy(server.socketPath());
    RedisEngine engine(at(proxy.url()), "p");
    const AcquireResult r = engine.acquire({{"/a", LockMode::X}}, {});
    ASSERT_TRUE(r.granted);
    proxy.dropAnswersTo("_release\r\n");
    const ReleaseResult released = engine.release(r.grant.lease);
    ASSERT_EQ(proxy.dropped(), 1);
    EXPECT_EQ(released.status, LeaseStatus::Gone);
    EXPECT_TRUE(leasesOf(server, "p").empty());
    EXPECT_EQ(eventsOf(server, "p", EventType::Release), 1u);
    // Without a lost answer, a release of that lease is what it always was.
    EXPECT_EQ(engine.release(r.grant.lease).status, LeaseStatus::Unknown);
}

TEST(LostAnswer, aForceReleaseThatRanAnswersGone)
{
    test::RedisServer server;
    test::ReplyDropper proxy(server.socketPath());
    RedisEngine engine(at(proxy.url()), "p");
    const AcquireResult r = engine.acquire({{"/a", LockMode::X}}, {});
    ASSERT_TRUE(r.granted);
    proxy.dropAnswersTo("_force_release\r\n");
    const ReleaseResult forced = engine.forceRelease(r.grant.lease, {"op", "host", "stuck", true, 0ms});
    ASSERT_EQ(proxy.dropped(), 1);
    EXPECT_EQ(forced.status, LeaseStatus::Gone);
    EXPECT_EQ(eventsOf(server, "p", EventType::Force), 1u) << "forced twice, or not at all";
}

TEST(LostAnswer, everyAnswerLostUntilTheTimeoutIsAnUnknownOutcomeThatSaysSo)
{
    test::RedisServer server;
    test::ReplyDropper proxy(server.socketPath());
    RedisOptions options = at(proxy.url());
    options.failoverTimeout = 300ms;
    RedisEngine engine(options, "p");
    proxy.dropAnswersTo("_acquire\r\n", 1000);
    try {
        engine.acquire({{"/a", LockMode::X}}, {});
        FAIL() << "no answer came, yet the call succeeded";
    } catch (const ConnectionError& e) {
        EXPECT_NE(std::string(e.what()).find("its outcome is unknown"), std::string::npos) << e.what();
    }
    EXPECT_GT(proxy.dropped(), 1) << "the call was not sent again";
    const auto leases = leasesOf(server, "p");
    ASSERT_EQ(leases.size(), 1u) << "every repeat must find the first grant";
    EXPECT_EQ(leases[0].holds, 1);
}

TEST(LostAnswer, aCallWaitingBehindClientPauseIsSentAgainAfterClientKill)
{
    test::RedisServer server;
    RedisEngine engine(at(server.url()), "p");
    ASSERT_TRUE(engine.acquire({{"/warm", LockMode::S}}, {}).granted); // connected, library loaded
    server.cli({"CLIENT", "PAUSE", "600", "WRITE"});
    auto acquired = std::async(std::launch::async, [&] { return engine.acquire({{"/a", LockMode::X}}, {}); });
    std::this_thread::sleep_for(200ms); // the call is sent and waits behind the pause
    const std::string killed = server.cli({"CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"});
    EXPECT_NE(killed.find('1'), std::string::npos) << "no connection killed: " << killed;
    const AcquireResult r = acquired.get();
    ASSERT_TRUE(r.granted);
    const auto leases = engine.snapshot().leases;
    ASSERT_EQ(leases.size(), 2u);
    for (const LeaseInfo& lease : leases)
        EXPECT_EQ(lease.holds, 1);
}

TEST(LostAnswer, theCliNeverExitsWithAnOutcomeItCouldLearn)
{
    test::RedisServer server;
    test::ReplyDropper proxy(server.socketPath());
    proxy.dropAnswersTo("_acquire\r\n");
    const auto [granted, code] = cli(proxy.url(), "--json acquire --lock X:/a");
    ASSERT_EQ(proxy.dropped(), 1);
    ASSERT_EQ(code, 0) << granted;
    const Json grant = Json::parse(granted);
    const auto leases = leasesOf(server, "p");
    ASSERT_EQ(leases.size(), 1u);
    EXPECT_EQ(leases[0].id, grant["lease"]);
    EXPECT_EQ(leases[0].fence, grant["fence"].get<std::uint64_t>());

    proxy.dropAnswersTo("_release\r\n");
    const auto [released, releaseCode] = cli(proxy.url(), "--json release " + grant["lease"].get<std::string>());
    ASSERT_EQ(proxy.dropped(), 2);
    EXPECT_EQ(releaseCode, 0) << released;
    EXPECT_EQ(Json::parse(released)["status"], "gone") << released;
    EXPECT_TRUE(leasesOf(server, "p").empty());
}

TEST(LostAnswer, anAcquireRunTwiceWithItsLeaseIdGetsTheSameGrant)
{
    test::RedisServer server;
    const std::string id = newLeaseId();
    const auto [first, code] = cli(server.url(), "--json acquire --lease-id " + id + " --lock X:/a");
    ASSERT_EQ(code, 0) << first;
    const auto [second, again] = cli(server.url(), "--json acquire --lease-id " + id + " --lock X:/a");
    ASSERT_EQ(again, 0) << second;
    EXPECT_EQ(Json::parse(first)["lease"], id);
    EXPECT_EQ(Json::parse(second)["fence"], Json::parse(first)["fence"]) << first << second;
    const auto leases = leasesOf(server, "p");
    ASSERT_EQ(leases.size(), 1u);
    EXPECT_EQ(leases[0].holds, 1) << "the second run took a second hold";
    // One release frees it; other locks under the same id are refused, naming the rule.
    const auto [other, otherCode] = cli(server.url(), "acquire --lease-id " + id + " --lock X:/b");
    EXPECT_EQ(otherCode, 2) << other;
    EXPECT_NE(other.find("in use with other requests"), std::string::npos) << other;
    EXPECT_EQ(cli(server.url(), "release " + id).second, 0);
    EXPECT_TRUE(leasesOf(server, "p").empty());
    const auto [bad, badCode] = cli(server.url(), "acquire --lease-id 12ab --lock X:/a");
    EXPECT_EQ(badCode, 2) << bad;
    EXPECT_NE(bad.find("invalid --lease-id \"12ab\": a lease id is 32 lower-case hex digits"), std::string::npos)
        << bad;
}
