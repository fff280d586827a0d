// Model-based test of LeaseWatch, on MemoryEngine (manual clock) and RedisEngine
// (throwaway redis-server with AOF): random grants, releases, renewals,
// re-entries, force-releases (with and without a lock-delay), sweeps, short
// TTLs that run out, trims of the events stream, spells at events=audit, and on
// Redis FUNCTION FLUSH and, half-way, a restart of the server. The watch polls between
// operations at random, and at every quiescent point its view must equal a
// fresh snapshot as leasewatch.h promises (test::expectViewMatches).
//
// TREELOCK_WATCH_SEED=<n> replays a run; TREELOCK_WATCH_OPS=<n> changes its length.

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/leasewatch.h"
#include "treelock/memoryengine.h"
#include "treelock/redisengine.h"
#include "watchcheck.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <random>
#include <set>
#include <thread>
#include <vector>

namespace {

using namespace treelock;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

const std::string kProject = "model";
constexpr int kQuiescentEvery = 40;

std::uint64_t envNumber(const char* name, std::uint64_t fallback)
{
    const char* text = std::getenv(name);
    return text && *text ? std::strtoull(text, nullptr, 10) : fallback;
}

struct Held {
    LeaseId id;
    std::vector<LockRequest> requests;
    milliseconds ttl{0};
};

/// One run: the engine, the watch, and what the operations did to the leases
/// (which the comparison needs: renewals and re-entries leave no event).
class ModelRun {
public:
    explicit ModelRun(bool redis, std::uint64_t seed) : m_redis(redis), m_random(seed)
    {
        LeaseWatchOptions options;
        options.pageSize = 7; // many pages, so that changes meet a list half-way
        options.auditRelist = 100ms;
        options.libraryCheck = 1ms;
        if (redis) {
            test::RedisServer::Options serverOptions;
            serverOptions.appendOnly = true;
            m_server = std::make_unique<test::RedisServer>(serverOptions);
            m_engine = std::make_unique<RedisEngine>(test::redisOptionsFor(*m_server), kProject);
            m_watch = std::make_unique<LeaseWatch>(test::redisOptionsFor(*m_server), kProject, options);
        } else {
            auto clock = m_clockMs;
            auto memory = std::make_unique<MemoryEngine>(kProject, PathOptions{},
                                                         [clock] { return ServerTime{milliseconds{clock->load()}}; });
            m_watch = std::make_unique<LeaseWatch>(*memory, options);
            m_engine = std::move(memory);
        }
    }

    void step(int op)
    {
        const int pick = below(100);
        if (pick < 30)
            acquire();
        else if (pick < 45)
            release();
        else if (pick < 55)
            renew();
        else if (pick < 60)
            reenter();
        else if (pick < 66)
            force();
        else if (pick < 69)
            m_engine->sweep("model");
        else if (pick < 73)
            trim();
        else if (pick < 75)
            toggleAudit();
        else if (pick < 95)
            pass();
        else if (m_redis && pick < 97)
            m_server->cli({"FUNCTION", "FLUSH"});
        if (below(2) == 0)
            pollOnce();
        if (op % kQuiescentEvery == kQuiescentEvery - 1)
            check();
    }

    /// Stops, lets the watch catch up, and compares its view with a snapshot.
    void check()
    {
        if (m_audit)
            toggleAudit(); // at events=audit the view may lag by design, until its next list
        test::pollUntilQuiet(*m_watch);
        const Snapshot fresh = m_engine->snapshot();
        test::expectViewMatches(*m_watch, fresh, m_redis ? 60ms : 0ms, m_renewed, m_reentered);
        ++m_checks;
    }

    int checks() const { return m_checks; }
    const WatchStats& stats() const { return m_watch->stats(); }

private:
    int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }

    milliseconds ttl()
    {
        if (below(3) == 0)
            return 60s;
        return m_redis ? milliseconds(80 + below(600)) : milliseconds(20 + below(2000));
    }

    void acquire()
    {
        const std::string path = "/d" + std::to_string(below(4)) + "/f" + std::to_string(below(8));
        AcquireOptions o;
        o.owner = "u" + std::to_string(below(5));
        o.operation = below(2) ? "edit" : "read";
        o.ttl = ttl();
        const std::vector<LockRequest> requests{{path, below(3) ? LockMode::X : LockMode::S}};
        const AcquireResult r = m_engine->acquire(requests, o);
        if (r.granted)
            m_held.push_back({r.grant.lease, requests, o.ttl});
    }

    Held* anyHeld()
    {
        return m_held.empty() ? nullptr : &m_held[static_cast<std::size_t>(below(int(m_held.size())))];
    }
    void forget(const LeaseId& id)
    {
        std::erase_if(m_held, [&](const Held& h) { return h.id == id; });
    }

    void release()
    {
        if (Held* h = anyHeld()) {
            const LeaseId id = h->id;
            if (m_engine->release(id).remainingHolds == 0)
                forget(id);
        }
    }

    void renew()
    {
        if (Held* h = anyHeld()) {
            std::optional<milliseconds> to;
            if (below(3) == 0)
                to = ttl();
            if (m_engine->renew(h->id, to).status == LeaseStatus::Ok)
                m_renewed.insert(h->id);
            else
                forget(h->id);
        }
    }

    void reenter()
    {
        if (Held* h = anyHeld()) {
            AcquireOptions o;
            o.leaseId = h->id;
            o.ttl = h->ttl;
            try {
                if (m_engine->acquire(h->requests, o).granted) {
                    m_reentered.insert(h->id);
                    m_renewed.insert(h->id);
                }
            } catch (const InvalidInput&) {
                forget(h->id); // revoked meanwhile
            }
        }
    }

    void force()
    {
        if (Held* h = anyHeld()) {
            ForceOptions o;
            o.operatorName = "op";
            o.reason = "model";
            o.admin = true;
            o.lockDelay = below(2) ? 0ms : milliseconds(m_redis ? 150 : 500);
            const LeaseId id = h->id;
            m_engine->forceRelease(id, o);
            forget(id);
        }
    }

    void trim()
    {
        const int keep = below(4);
        if (m_redis)
            m_server->cli({"XTRIM", "tl:{" + kProject + "}:events", "MAXLEN", std::to_string(keep)});
        else
            static_cast<MemoryEngine&>(*m_engine).trimEvents(std::size_t(keep));
    }

    void toggleAudit()
    {
        m_audit = !m_audit;
        m_engine->setEventLevel(m_audit ? EventLevel::Audit : EventLevel::All, "model");
    }

    void pass()
    {
        if (m_redis)
            std::this_thread::sleep_for(milliseconds(below(40)));
        else
            m_clockMs->fetch_add(below(400));
    }

public:
    /// On Redis: a clean restart (the AOF keeps every lease) once the watch is
    /// quiet, which it must notice as another server process.
    void restart()
    {
        check();
        const std::uint64_t before = stats().relistsFor(RelistReason::ServerRestarted);
        m_server->restart();
        try {
            m_engine->now(); // the call that finds the connection gone
        } catch (const ConnectionError&) {
        }
        test::pollUntilQuiet(*m_watch);
        EXPECT_EQ(stats().relistsFor(RelistReason::ServerRestarted), before + 1);
    }

private:

    void pollOnce()
    {
        try {
            m_watch->poll(m_redis && below(4) == 0 ? 3ms : 0ms);
        } catch (const ConnectionError&) {
            // the server restarting: the next poll goes on
        }
    }

    bool m_redis;
    std::mt19937_64 m_random;
    std::unique_ptr<test::RedisServer> m_server;
    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<LeaseWatch> m_watch;
    std::shared_ptr<std::atomic<std::int64_t>> m_clockMs =
        std::make_shared<std::atomic<std::int64_t>>(1'800'000'000'000);
    std::vector<Held> m_held;
    std::set<LeaseId> m_renewed;
    std::set<LeaseId> m_reentered;
    bool m_audit = false;
    int m_checks = 0;
};

class WatchModel : public ::testing::TestWithParam<bool> {};

INSTANTIATE_TEST_SUITE_P(Engines, WatchModel, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& engine) { return engine.param ? "Redis" : "Memory"; });

TEST_P(WatchModel, viewEqualsAFreshListAtEveryQuiescentPoint)
{
    const std::uint64_t seed = envNumber("TREELOCK_WATCH_SEED", std::random_device{}());
    const int ops = static_cast<int>(envNumber("TREELOCK_WATCH_OPS", GetParam() ? 2000 : 6000));
    SCOPED_TRACE("TREELOCK_WATCH_SEED=" + std::to_string(seed));
    ModelRun run(GetParam(), seed);
    for (int op = 0; op < ops && !HasFailure(); ++op) {
        if (GetParam() && op == ops / 2)
            run.restart();
        run.step(op);
    }
    run.check();
    const WatchStats& stats = run.stats();
    std::cout << "checks " << run.checks() << ", events " << stats.events << ", records " << stats.recordReads
              << ", lists:";
    for (std::size_t r = 0; r < kRelistReasons; ++r)
        std::cout << " " << toString(RelistReason(r)) << " " << stats.relists[r];
    std::cout << "\n";
    EXPECT_GE(stats.relistsFor(RelistReason::StreamTrimmed), 1u);
    EXPECT_GE(stats.relistsFor(RelistReason::AuditEvents), 1u);
    if (GetParam()) {
        EXPECT_GE(stats.relistsFor(RelistReason::LibraryChanged), 1u);
        EXPECT_GE(stats.relistsFor(RelistReason::ServerRestarted), 1u);
    }
}

} // namespace
