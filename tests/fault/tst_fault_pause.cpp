// Holder pause: SIGSTOP a holder past its TTL, let a contender take the lock,
// SIGCONT. The old holder's renew and release must answer "lost" (Unknown or
// Expired) and its write with the old fence must be rejected by the storage.
#include "faultsupport.h"
#include "fencedstore.h"
#include "redisserver.h"

#include <treelock/lockclient.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

using namespace treelock;
using namespace std::chrono;

namespace {

bool lostAnswer(const std::string& line, const std::string& key)
{
    const auto at = line.find(key + "=");
    if (at == std::string::npos)
        return false;
    const std::string value = line.substr(at + key.size() + 1, line.find(' ', at) - at - key.size() - 1);
    return value == "unknown" || value == "expired";
}

} // namespace

TEST(FaultPause, pausedHolderLosesItsLeaseAndItsStaleWriteIsRejected)
{
    constexpr int kTrials = 50;
    constexpr milliseconds kTtl{150};
    test::RedisServer server;
    const std::string dir = test::tempDir("pause");
    auto engine = std::make_shared<RedisEngine>(test::redisAt(server.url()), "fault");
    LockClient contender(engine, test::clientAs("contender", seconds(5)));

    int passed = 0;
    double worstTakeover = 0;
    for (int trial = 0; trial < kTrials; ++trial) {
        const std::string storeFile = dir + "/store" + std::to_string(trial);
        test::FencedStore store(storeFile);
        test::WorkerProcess holder("pause",
                                   {"--url", server.url(), "--id", "holder", "--ttl", std::to_string(kTtl.count()),
                                    "--store", storeFile},
                                   /*pipes=*/true);
        const std::string held = holder.readLine();
        ASSERT_EQ(held.rfind("held ", 0), 0u) << "holder said \"" << held << "\"";
        ASSERT_NE(held.find("accepted"), std::string::npos) << held;
        const std::uint64_t oldFence = std::stoull(held.substr(5));

        holder.signal(SIGSTOP);
        const auto stopped = steady_clock::now();
        auto got = contender.acquire({{"/pause", LockMode::X}}, "take-over", seconds(3));
        ASSERT_TRUE(got) << "trial " << trial << ": contender never got /pause";
        worstTakeover = std::max(worstTakeover, duration<double>(steady_clock::now() - stopped).count());
        EXPECT_GT(got.lease.fence(), oldFence);
        EXPECT_TRUE(store.write(got.lease.fence()));

        holder.signal(SIGCONT);
        holder.writeLine("go");
        const std::string answer = holder.readLine();
        EXPECT_EQ(holder.wait(), 0);
        const bool ok = lostAnswer(answer, "renew") && lostAnswer(answer, "release")
                        && lostAnswer(answer, "guard") && answer.find("write=rejected") != std::string::npos;
        EXPECT_TRUE(ok) << "trial " << trial << ": old holder answered \"" << answer << "\"";
        passed += ok;
        // The contender still holds, and its lease is intact.
        EXPECT_FALSE(got.lease.lost());
        EXPECT_EQ(got.lease.release().status, LeaseStatus::Ok);
    }
    std::cout << "[figures] holder pause: " << passed << " of " << kTrials << " trials (TTL " << kTtl.count()
              << " ms); contender got the lock at most " << worstTakeover << " s after SIGSTOP" << std::endl;
    EXPECT_EQ(passed, kTrials);
    const auto report = checkEngineHistory(*engine);
    EXPECT_TRUE(report.ok()) << report.violations.front().message;
    if (!HasFailure())
        std::filesystem::remove_all(dir);
}
