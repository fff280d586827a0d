// Starvation: six readers that keep overlapping on folders below /r, and one
// writer that wants /r. With fairness (the default) the writer, once it has
// waited past the grace, holds new readers back and gets in when the readers
// that hold finish. With fairness off it finds no moment without a reader: each
// reader asks for its next lease before it lets go of the last, so no pause of
// the machine opens a gap. The control case shows that the test would fail
// without fairness.
// Through LockClient, on MemoryEngine and on a real redis-server.

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/lockclient.h"
#include "treelock/memoryengine.h"
#include "treelock/redisengine.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace treelock;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

constexpr int kReaders = 6;
constexpr milliseconds kReaderHold = 30ms;

class Starvation : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override
    {
        if (GetParam() == "redis")
            m_server = std::make_unique<test::RedisServer>();
        m_shared = engine();
    }

    // An engine of the project: on Redis one connection each, as separate processes would have.
    std::shared_ptr<Engine> engine()
    {
        if (!m_server) {
            if (!m_memory)
                m_memory = std::make_shared<MemoryEngine>("starve");
            return m_memory;
        }
        return std::make_shared<RedisEngine>(test::redisOptionsFor(*m_server), "starve");
    }

    // Starts the readers: each takes S on /r/x<i> and holds it; when its hold is over it
    // asks for the next lease before it lets go of the last (hand over hand), so a reader
    // never leaves a gap unless the engine refuses it its next lease. Refused (a writer is
    // held back behind), it lets go and waits like anyone else.
    void startReaders()
    {
        for (int i = 0; i < kReaders; ++i) {
            m_readers.emplace_back([this, i, e = engine()] {
                ClientOptions options;
                options.owner = "reader" + std::to_string(i);
                LockClient client(e, options);
                std::this_thread::sleep_for(kReaderHold * i / kReaders);
                const std::vector<LockRequest> requests{{"/r/x" + std::to_string(i), LockMode::S}};
                Lease held;
                while (!m_stop) {
                    if (held) {
                        AcquireOutcome next = client.acquire(requests, "copy-folder");
                        if (next) {
                            held = std::move(next.lease); // releases the last one
                            ++m_readerGrants;
                            std::this_thread::sleep_for(kReaderHold);
                            continue;
                        }
                        held.release();
                    }
                    AcquireOutcome got = client.acquire(requests, "copy-folder", 10s);
                    if (got) {
                        held = std::move(got.lease);
                        ++m_readerGrants;
                        std::this_thread::sleep_for(kReaderHold);
                    }
                }
            });
        }
        // Every reader has held at least once: they overlap now.
        while (m_readerGrants < 2 * kReaders)
            std::this_thread::sleep_for(5ms);
    }

    void stopReaders()
    {
        m_stop = true;
        for (std::thread& t : m_readers)
            t.join();
        m_readers.clear();
    }

    void TearDown() override { stopReaders(); }

    // The writer's acquire of X on /r with `wait`; how long it took.
    std::pair<bool, milliseconds> writer(milliseconds wait)
    {
        ClientOptions options;
        options.owner = "writer";
        LockClient client(engine(), options);
        const auto started = std::chrono::steady_clock::now();
        AcquireOutcome got = client.acquire({{"/r", LockMode::X}}, "delete-folder", wait);
        const auto took = std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - started);
        if (got) {
            const long long before = m_readerGrants;
            std::this_thread::sleep_for(50ms);
            EXPECT_EQ(m_readerGrants.load(), before) << "no reader gets in while the writer holds /r";
        }
        return {static_cast<bool>(got), took};
    }

    std::unique_ptr<test::RedisServer> m_server;
    std::shared_ptr<MemoryEngine> m_memory;
    std::shared_ptr<Engine> m_shared;
    std::vector<std::thread> m_readers;
    std::atomic<bool> m_stop{false};
    std::atomic<long long> m_readerGrants{0};
};

TEST_P(Starvation, WriterGetsInUnderOverlappingReaders)
{
    ASSERT_EQ(m_shared->fairnessGrace(), kDefaultGrace);
    startReaders();
    const auto [granted, took] = writer(8s);
    std::cout << "[figures] " << GetParam() << ": writer granted " << granted << " after " << took.count()
              << " ms under " << kReaders << " overlapping readers (fairness on)" << std::endl;
    EXPECT_TRUE(granted) << "the writer starved for 8 s";
    stopReaders();
    EXPECT_TRUE(m_shared->snapshot().waiters.empty()) << "every waiter's registration ended";
}

TEST_P(Starvation, WithoutFairnessTheWriterStarves)
{
    m_shared->setFairnessGrace(std::nullopt, "test");
    startReaders();
    const auto [granted, took] = writer(1500ms);
    std::cout << "[figures] " << GetParam() << ": writer granted " << granted << " after " << took.count()
              << " ms under " << kReaders << " overlapping readers (fairness off)" << std::endl;
    EXPECT_FALSE(granted) << "the readers left a gap: this control shows nothing about fairness";
}

INSTANTIATE_TEST_SUITE_P(Engines, Starvation, ::testing::Values("memory", "redis"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

} // namespace
