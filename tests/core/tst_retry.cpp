// The retry delay of a waiting acquire (one pure function shared by LockClient and
// the simulator), and LockClient waiting on an injected clock.

#include "treelock/lockclient.h"
#include "treelock/memoryengine.h"
#include "treelock/retry.h"

#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <vector>

using namespace treelock;
using namespace std::chrono_literals;
using std::chrono::microseconds;

namespace {

struct DelayCase {
    int retry;
    std::optional<std::chrono::milliseconds> blockerExpiresIn;
    microseconds remaining;
    std::uint64_t random;
    microseconds expected;
};

class NextRetryDelay : public ::testing::TestWithParam<DelayCase> {};

} // namespace

TEST_P(NextRetryDelay, matchesTheTable)
{
    const DelayCase& c = GetParam();
    EXPECT_EQ(nextRetryDelay(c.retry, c.blockerExpiresIn, c.remaining, c.random).count(), c.expected.count());
}

INSTANTIATE_TEST_SUITE_P(
    Table, NextRetryDelay,
    ::testing::Values(
        // First wait: backoff 5 ms, drawn from [2.5, 5] ms.
        DelayCase{0, std::nullopt, 10s, 0, 2500us},
        DelayCase{0, std::nullopt, 10s, 2500, 5000us},
        DelayCase{0, std::nullopt, 10s, 2501, 2500us}, // random wraps modulo 2501
        // Doubling: 10 ms, 20 ms, then capped at 250 ms.
        DelayCase{1, std::nullopt, 10s, 0, 5000us},
        DelayCase{2, std::nullopt, 10s, 10000, 20000us},
        DelayCase{6, std::nullopt, 10s, 125000, 250000us},
        DelayCase{40, std::nullopt, 10s, 0, 125000us},
        // The blocker's expiry plus 1 ms bounds the delay.
        DelayCase{6, 3ms, 10s, 125000, 4000us},
        DelayCase{0, 0ms, 10s, 2500, 1000us},
        // So does the time left before the deadline.
        DelayCase{6, 100ms, 700us, 125000, 700us},
        DelayCase{6, std::nullopt, 0us, 125000, 0us},
        DelayCase{3, std::nullopt, -5us, 0, 0us}));

TEST(NextRetryDelayOptions, honoursOtherBounds)
{
    EXPECT_EQ(nextRetryDelay(0, std::nullopt, 10s, 0, 1ms, 2ms), 500us);
    EXPECT_EQ(nextRetryDelay(5, std::nullopt, 10s, 1000, 1ms, 2ms), 2000us);
    // A maximum below the minimum leaves the minimum.
    EXPECT_EQ(nextRetryDelay(5, std::nullopt, 10s, 4000, 8ms, 1ms), 8000us);
}

namespace {

/// Virtual time in milliseconds shared by the engine and the client; waiting jumps ahead.
struct ManualClock final : ClientClock {
    struct Quiet final : WakeSignal {
        bool wait(std::chrono::steady_clock::time_point) override { return false; }
    };
    std::shared_ptr<std::atomic<std::int64_t>> ms = std::make_shared<std::atomic<std::int64_t>>(0);
    std::vector<std::int64_t> waitsUntil;

    TimePoint now() override { return TimePoint(std::chrono::milliseconds(ms->load())); }
    std::unique_ptr<WakeSignal> subscribe(Engine&) override { return std::make_unique<Quiet>(); }
    void waitUntil(WakeSignal&, TimePoint deadline) override
    {
        const auto until = std::chrono::ceil<std::chrono::milliseconds>(deadline.time_since_epoch()).count();
        waitsUntil.push_back(until);
        ms->store(std::max(ms->load(), until));
    }
};

struct InjectedClock : ::testing::Test {
    std::shared_ptr<ManualClock> clock = std::make_shared<ManualClock>();
    std::shared_ptr<MemoryEngine> engine = std::make_shared<MemoryEngine>(
        "p", PathOptions{}, [ms = clock->ms] { return ServerTime(std::chrono::milliseconds(1'700'000'000'000 + ms->load())); });

    ClientOptions options(const std::string& owner, std::chrono::milliseconds ttl)
    {
        ClientOptions o;
        o.owner = owner;
        o.ttl = ttl;
        o.watchdog = false;
        o.clock = clock;
        return o;
    }
};

} // namespace

TEST_F(InjectedClock, waiterSleepsOnTheClockUntilTheBlockerExpires)
{
    LockClient holder(engine, options("holder", 1000ms));
    LockClient waiter(engine, options("waiter", 1000ms));
    AcquireOutcome held = holder.acquire({{"/A", LockMode::X}}, "delete-folder");
    ASSERT_TRUE(held);
    held.lease.abandon();

    AcquireOutcome got = waiter.acquire({{"/A/b", LockMode::X}}, "upload", 5s);
    ASSERT_TRUE(got);
    EXPECT_FALSE(got.timedOut);
    ASSERT_FALSE(clock->waitsUntil.empty());
    // Every wait is bounded by the backoff cap and by the holder's expiry (1000 ms + 1 ms).
    std::int64_t previous = 0;
    for (std::int64_t until : clock->waitsUntil) {
        EXPECT_LE(until - previous, 250);
        EXPECT_LE(until, 1001);
        previous = until;
    }
    EXPECT_GE(clock->ms->load(), 1000);
    EXPECT_LE(clock->ms->load(), 1001);
}

TEST_F(InjectedClock, waitEndsExactlyAtTheDeadline)
{
    LockClient holder(engine, options("holder", 10s));
    LockClient waiter(engine, options("waiter", 10s));
    AcquireOutcome held = holder.acquire({{"/A", LockMode::X}}, "delete-folder");
    ASSERT_TRUE(held);

    AcquireOutcome got = waiter.acquire({{"/A", LockMode::S}}, "copy-folder", 300ms);
    EXPECT_FALSE(got);
    EXPECT_TRUE(got.timedOut);
    ASSERT_TRUE(got.blocker);
    EXPECT_EQ(got.blocker->owner, "holder");
    EXPECT_EQ(clock->ms->load(), 300);
    EXPECT_EQ(clock->waitsUntil.back(), 300);
}

TEST_F(InjectedClock, everyAttemptOfOneAcquireAsksForTheIdTheClientDrew)
{
    int drawn = 0;
    const auto idNumber = [](int n) {
        const std::string digits = std::to_string(n);
        return std::string(32 - digits.size(), '0') + digits;
    };
    ClientOptions o = options("waiter", 10s);
    o.newLeaseId = [&] { return idNumber(++drawn); };
    LockClient holder(engine, options("holder", 1000ms));
    LockClient waiter(engine, o);
    AcquireOutcome held = holder.acquire({{"/A", LockMode::X}}, "delete-folder");
    ASSERT_TRUE(held);
    held.lease.abandon();

    AcquireOutcome got = waiter.acquire({{"/A", LockMode::X}}, "delete-folder", 5s);
    ASSERT_TRUE(got);
    EXPECT_GT(got.attempts, 1);
    EXPECT_EQ(drawn, 1) << "one id per acquire: the waiter keeps its place under it";
    EXPECT_EQ(got.lease.id(), idNumber(1));
    EXPECT_TRUE(engine->snapshot().waiters.empty()) << "the grant ended the registration";

    AcquireOutcome again = waiter.acquire({{"/B", LockMode::X}}, "delete-folder");
    ASSERT_TRUE(again);
    EXPECT_EQ(drawn, 2);
}
