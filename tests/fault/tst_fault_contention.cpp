// Contention: many client processes, random operations on a depth-4 tree; both
// checkers must find nothing, compatible holders must really overlap, and the
// project must be empty afterwards.
#include "faultsupport.h"
#include "redisserver.h"
#include "treelock/redisprotocol.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

using namespace treelock;
using namespace std::chrono;

TEST(FaultContention, randomOperationsLeaveNoViolationAndNoKey)
{
    // The specified size, 16 x 2,000, runs in ~25 s on 2 busy cores (docs/reliability.md).
    // TREELOCK_FAULT_FULL=1: a soak run of 16 x 10,000.
    const int processes = 16;
    const int ops = test::fullSize() ? 10000 : 2000;
    test::RedisServer server;
    const std::string dir = test::tempDir("contention");
    test::StreamFollower follower(server.url(), "fault");

    const auto started = steady_clock::now();
    const auto workers = test::startWorkers("contention", processes, server.url(), dir, 1000,
                                            {"--ops", std::to_string(ops), "--ttl", "5000", "--hold-us", "1000"});
    for (auto& w : workers)
        EXPECT_EQ(w->wait(), 0);
    const double seconds = duration<double>(steady_clock::now() - started).count();
    follower.stop();

    std::vector<HeldInterval> intervals;
    long long granted = 0, refused = 0, timeouts = 0, lost = 0, errors = 0;
    for (int i = 0; i < processes; ++i) {
        const auto log = test::readWorkerLog(test::workerLogPath(dir, i));
        intervals.insert(intervals.end(), log.intervals.begin(), log.intervals.end());
        granted += test::summaryValue(log.summary, "granted");
        refused += test::summaryValue(log.summary, "refused");
        timeouts += test::summaryValue(log.summary, "timeout");
        lost += test::summaryValue(log.summary, "lost");
        errors += test::summaryValue(log.summary, "errors");
    }
    const auto violations = checkIntervals(intervals);
    const auto floor = maxConcurrentHolders(intervals, LockMode::S);
    const auto& history = follower.report();

    RedisEngine engine(test::redisAt(server.url()), "fault");
    const auto info = readEventStreamInfo(test::redisAt(server.url()), "fault");
    ASSERT_TRUE(info);

    std::cout << "[figures] contention: " << processes << " processes x " << ops << " ops in " << seconds
              << " s; granted " << granted << ", refused " << refused << ", timed out " << timeouts
              << ", lost " << lost << ", errors " << errors << "; " << granted / seconds
              << " grants/s; events checked " << follower.eventsRead() << " of " << info->entriesAdded
              << "; interval violations " << violations.size() << "; history violations "
              << history.violations.size() << "; max concurrent S holders " << floor.maxHolders << " on "
              << floor.path << "; fsck samples " << follower.auditSamples() << " (unclean "
              << follower.uncleanSamples() << ")" << std::endl;

    EXPECT_EQ(granted, static_cast<long long>(intervals.size()));
    EXPECT_EQ(errors, 0);
    EXPECT_EQ(lost, 0);
    test::expectNoViolation(violations, history);
    // The follower must have seen every event ever appended (none trimmed before it read them).
    EXPECT_EQ(follower.eventsRead(), info->entriesAdded);
    EXPECT_EQ(history.grants, static_cast<std::size_t>(granted));
    EXPECT_EQ(history.liveAtEnd, 0u);
    EXPECT_GE(floor.maxHolders, 2u) << "no two S holders of one node ever overlapped";
    EXPECT_EQ(follower.uncleanSamples(), 0) << follower.firstUnclean();
    EXPECT_GT(follower.auditSamples(), 0);
    EXPECT_TRUE(engine.nodeCounts().empty());
    // What stays: the events, the counters and the contention table (bounded); no lease,
    // node, waiter or reservation.
    const auto keys = engine.projectKeys();
    EXPECT_TRUE(keys == (std::vector<std::string>{engine.keys().events(), engine.keys().hot(), engine.keys().state()})
                || keys == (std::vector<std::string>{engine.keys().events(), engine.keys().state()}))
        << ::testing::PrintToString(keys);
    redis::RawConnection raw(server.url());
    const redis::Reply fields = raw.command({"HKEYS", engine.keys().state()});
    long long details = 0;
    for (const redis::Reply& field : fields.elements) {
        if (field.text.front() == '!')
            ++details;
        else
            EXPECT_TRUE(field.text == "#m" || field.text == "#h") << "left in the state hash: " << field.text;
    }
    EXPECT_EQ(details, raw.integer({"ZCARD", engine.keys().hot()})) << "one detail per contended path";
    EXPECT_LE(details, static_cast<long long>(kContentionPaths));
    EXPECT_TRUE(engine.snapshot().waiters.empty());
    test::removeUnlessFailed(dir);
}
