// Model-based test: random operations applied to RedisEngine and MemoryEngine
// side by side; every answer, and the final state, must be the same.
//
// TREELOCK_MODEL_SEED=<n> replays a run; TREELOCK_MODEL_OPS=<n> changes its length.
// Every TTL and lock-delay is 10 minutes, so nothing expires during a run. Both
// engines read the same host clock (Redis TIME, system_clock), and an operation
// that sets an expiry starts only once the millisecond of the previous
// operation has passed: expiries then come in operation order in both engines,
// so the (expires_ms, id) order that reaping and blocker scans use is the same.

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/memoryengine.h"
#include "treelock/redisengine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace treelock;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

constexpr milliseconds kTtl = 10min;
constexpr int kSegments = 5;             // one project (and one fresh MemoryEngine) each
constexpr int kDefaultOps = 12500;       // over all segments
constexpr int kCompareEvery = 250;       // node counts and events compared this often
constexpr std::size_t kMaxRevokedPerSegment = 6;

std::uint64_t envNumber(const char* name, std::uint64_t fallback)
{
    const char* text = std::getenv(name);
    if (!text || !*text)
        return fallback;
    return std::strtoull(text, nullptr, 10);
}

const char* statusName(LeaseStatus s)
{
    switch (s) {
    case LeaseStatus::Ok: return "Ok";
    case LeaseStatus::Unknown: return "Unknown";
    case LeaseStatus::Expired: return "Expired";
    case LeaseStatus::Live: return "Live";
    }
    return "?";
}

std::string requestsText(const std::vector<LockRequest>& requests)
{
    std::string text;
    for (const LockRequest& r : requests) {
        if (!text.empty())
            text += ',';
        text += toString(r);
    }
    return text;
}

// A random folder tree of depth <= 5 whose names include characters that
// break Lua patterns and prefix matching.
std::vector<std::string> randomTree(std::mt19937_64& rng)
{
    static const std::vector<std::string> kNames{
        "A", "B", "C", "CD", "C-D", "a-b", "x(1)", "50%", "[z]", "v.1", "my file", "é", "^$", "a+b*"};
    std::vector<std::string> paths{"/"};
    std::vector<std::pair<std::string, int>> frontier{{"/", 0}};
    while (!frontier.empty() && paths.size() < 70) {
        const auto [folder, depth] = frontier.front();
        frontier.erase(frontier.begin());
        if (depth >= 5)
            continue;
        const int children = static_cast<int>(rng() % (depth < 2 ? 4 : 3)) + (depth == 0 ? 2 : 0);
        std::vector<std::string> names = kNames;
        std::shuffle(names.begin(), names.end(), rng);
        for (int i = 0; i < children; ++i) {
            const std::string path = (folder == "/" ? "" : folder) + "/" + names[i];
            paths.push_back(path);
            frontier.emplace_back(path, depth + 1);
        }
    }
    return paths;
}

struct Tracked {
    LeaseId id;
    std::vector<LockRequest> requests; // as first asked
};

// A waiting acquire that was refused: it tries again, or gives up, later.
struct Waiting {
    LeaseId id;
    std::vector<LockRequest> requests;
    std::string owner;
    std::string operation;
};

class ModelRun {
public:
    ModelRun(std::uint64_t seed, RedisEngine& redis, MemoryEngine& memory)
        : m_rng(seed), m_redis(redis), m_memory(memory), m_paths(randomTree(m_rng))
    {
    }

    // Runs `ops` operations; returns false (after recording the failure) on the first difference.
    bool run(int ops, int& done)
    {
        for (int i = 0; i < ops; ++i, ++done) {
            std::string what;
            std::string a;
            std::string b;
            step(what, a, b);
            ++m_tally[what.substr(0, what.find(' ')) + " -> " + a.substr(0, a.find(' '))];
            if (a != b) {
                ADD_FAILURE() << "operation " << done << " (" << what << ") differs:\n  redis:  " << a
                              << "\n  memory: " << b;
                return false;
            }
            if ((i + 1) % kCompareEvery == 0 && !compareState(done))
                return false;
        }
        return compareState(done) && compareSnapshots();
    }

    /// How often each kind of operation got each kind of answer.
    const std::map<std::string, int>& tally() const { return m_tally; }

private:
    LeaseId randomId()
    {
        static constexpr char kHex[] = "0123456789abcdef";
        std::string id(32, '0');
        for (char& c : id)
            c = kHex[m_rng() % 16];
        return id;
    }

    int pick(int n) { return static_cast<int>(m_rng() % static_cast<std::uint64_t>(n)); }

    std::vector<LockRequest> randomRequests()
    {
        std::vector<LockRequest> requests;
        const int n = 1 + pick(3);
        for (int i = 0; i < n; ++i) {
            // Shallow nodes are rarer, so the tree is not locked solid.
            const std::string& path = m_paths[pick(static_cast<int>(m_paths.size()))];
            if (path == "/" && pick(4) != 0) {
                --i;
                continue;
            }
            requests.push_back({path, kAllModes[pick(5)]});
        }
        return requests;
    }

    Tracked* randomTracked()
    {
        if (m_tracked.empty())
            return nullptr;
        return &m_tracked[pick(static_cast<int>(m_tracked.size()))];
    }

    template <class Call>
    static std::string guarded(Call&& call)
    {
        try {
            return call();
        } catch (const InvalidInput&) {
            return "InvalidInput";
        } catch (const std::exception& e) {
            return std::string("exception: ") + e.what();
        }
    }

    // Fences follow each engine's clock (max(previous + 1, time in µs)), so the
    // engines agree on their order, not their values: compare the rank of each
    // fence in issue order, and check that each new one exceeds every earlier one.
    struct FenceOrder {
        std::map<std::uint64_t, std::size_t> rank;
        std::uint64_t highest = 0;

        std::string of(std::uint64_t fence) const
        {
            const auto it = rank.find(fence);
            return it == rank.end() ? "?" + std::to_string(fence) : "#" + std::to_string(it->second);
        }
    };

    std::string describe(const AcquireResult& r, FenceOrder& fences)
    {
        std::ostringstream out;
        if (r.granted) {
            if (!fences.rank.count(r.grant.fence)) {
                EXPECT_GT(r.grant.fence, fences.highest) << "a new grant's fence must exceed every earlier one";
                fences.highest = r.grant.fence;
                fences.rank.emplace(r.grant.fence, fences.rank.size());
            }
            out << "granted " << r.grant.lease << " holds=" << r.grant.holds
                << " fence" << fences.of(r.grant.fence) << " ttl=" << r.grant.ttl.count()
                << " requests=" << requestsText(r.grant.requests);
        } else if (r.blocker) {
            const Blocker& b = *r.blocker;
            out << "refused by " << b.lease << " owner=" << b.owner << " op=" << b.operation
                << " path=" << b.path << " mode=" << toString(b.mode) << " clash=" << b.clashPath
                << "|" << toString(b.heldMode) << " wanted=" << toString(b.wanted) << (b.queued ? " queued" : "");
        } else {
            out << "refused without blocker";
        }
        return out.str();
    }

    void acquireBoth(const std::vector<LockRequest>& requests, const AcquireOptions& options,
                     std::string& a, std::string& b)
    {
        nextMillisecond();
        AcquireResult ra;
        AcquireResult rb;
        a = guarded([&] {
            ra = m_redis.acquire(requests, options);
            return describe(ra, m_fencesRedis);
        });
        b = guarded([&] {
            rb = m_memory.acquire(requests, options);
            return describe(rb, m_fencesMemory);
        });
        if (ra.granted && rb.granted && m_known.insert(*options.leaseId).second)
            m_tracked.push_back({*options.leaseId, requests});
        if (options.wait > milliseconds(0)) {
            const auto it = std::find_if(m_waiting.begin(), m_waiting.end(),
                                         [&](const Waiting& w) { return w.id == *options.leaseId; });
            if (ra.granted && it != m_waiting.end())
                m_waiting.erase(it);
            else if (!ra.granted && !rb.granted && it == m_waiting.end())
                m_waiting.push_back({*options.leaseId, requests, options.owner, options.operation});
        }
    }

    static std::int64_t hostMs()
    {
        return std::chrono::duration_cast<milliseconds>(
                   std::chrono::system_clock::now().time_since_epoch())
            .count();
    }

    void nextMillisecond()
    {
        while (hostMs() <= m_lastOpMs)
            std::this_thread::sleep_for(std::chrono::microseconds(100));
    }

    void step(std::string& what, std::string& a, std::string& b)
    {
        stepOnce(what, a, b);
        m_lastOpMs = hostMs();
    }

    void stepOnce(std::string& what, std::string& a, std::string& b)
    {
        const int roll = pick(100);
        Tracked* t = randomTracked();
        if (roll < 38 || !t) {
            AcquireOptions o;
            o.owner = "user" + std::to_string(pick(6));
            o.operation = pick(2) ? "move-folder" : "copy";
            o.ttl = kTtl;
            o.leaseId = randomId();
            auto requests = randomRequests();
            const int kind = pick(8);
            if (kind < 3) { // a waiter: a new one, or one that tries again
                o.wait = kTtl;
                o.waitRefresh = kTtl;
                if (kind > 0 && !m_waiting.empty()) {
                    const Waiting& w = m_waiting[static_cast<std::size_t>(pick(static_cast<int>(m_waiting.size())))];
                    o.leaseId = w.id;
                    o.owner = w.owner;
                    o.operation = w.operation;
                    requests = w.requests;
                }
            }
            what = std::string(o.wait > milliseconds(0) ? "wait for " : "acquire ") + requestsText(requests) + " as "
                   + *o.leaseId;
            acquireBoth(requests, o, a, b);
        } else if (roll >= 94 && roll < 96 && !m_waiting.empty()) {
            const std::size_t i = static_cast<std::size_t>(pick(static_cast<int>(m_waiting.size())));
            const LeaseId id = m_waiting[i].id;
            m_waiting.erase(m_waiting.begin() + static_cast<std::ptrdiff_t>(i));
            what = "cancel wait " + id;
            a = guarded([&] { return std::string(m_redis.cancelWait(id) ? "cancelled" : "none"); });
            b = guarded([&] { return std::string(m_memory.cancelWait(id) ? "cancelled" : "none"); });
        } else if (roll < 48) {
            AcquireOptions o;
            o.ttl = kTtl;
            o.leaseId = t->id;
            auto requests = t->requests;
            std::shuffle(requests.begin(), requests.end(), m_rng);
            what = "re-acquire " + requestsText(requests) + " as " + t->id;
            acquireBoth(requests, o, a, b);
        } else if (roll < 51) {
            AcquireOptions o;
            o.ttl = kTtl;
            o.leaseId = t->id;
            const auto requests = randomRequests();
            what = "acquire other requests " + requestsText(requests) + " as " + t->id;
            acquireBoth(requests, o, a, b);
        } else if (roll < 73) {
            const LeaseId id = pick(10) == 0 ? randomId() : t->id;
            what = "release " + id;
            const auto show = [](const ReleaseResult& r) {
                return std::string(statusName(r.status)) + " remaining=" + std::to_string(r.remainingHolds);
            };
            a = guarded([&] { return show(m_redis.release(id)); });
            b = guarded([&] { return show(m_memory.release(id)); });
        } else if (roll < 81) {
            std::optional<milliseconds> ttl;
            if (pick(2))
                ttl = kTtl;
            what = "renew " + t->id;
            nextMillisecond();
            const auto show = [](const RenewResult& r) { return std::string(statusName(r.status)); };
            a = guarded([&] { return show(m_redis.renew(t->id, ttl)); });
            b = guarded([&] { return show(m_memory.renew(t->id, ttl)); });
        } else if (roll < 92) {
            ForceOptions f;
            f.operatorName = "ops";
            f.host = "console";
            f.reason = "model";
            f.admin = pick(2) == 0;
            if (f.admin && pick(3) == 0 && m_revoked < kMaxRevokedPerSegment) {
                f.lockDelay = kTtl;
                ++m_revoked;
            }
            nextMillisecond();
            what = "force " + t->id + (f.admin ? " admin" : "") + " delay=" + std::to_string(f.lockDelay.count());
            const auto show = [](const ReleaseResult& r) { return std::string(statusName(r.status)); };
            a = guarded([&] { return show(m_redis.forceRelease(t->id, f)); });
            b = guarded([&] { return show(m_memory.forceRelease(t->id, f)); });
        } else if (roll < 94) {
            what = "sweep";
            a = guarded([&] { return std::to_string(m_redis.sweep("model")); });
            b = guarded([&] { return std::to_string(m_memory.sweep("model")); });
        } else {
            // An id that is in use, was released, or was revoked, with its own requests.
            AcquireOptions o;
            o.ttl = kTtl;
            o.leaseId = t->id;
            what = "acquire again " + requestsText(t->requests) + " as " + t->id;
            acquireBoth(t->requests, o, a, b);
        }
    }

    std::string eventText(const Event& e, const FenceOrder& fences) const
    {
        std::ostringstream out;
        out << toString(e.type) << " " << e.lease;
        if (e.fence)
            out << " fence" << fences.of(e.fence);
        out << " owner=" << e.owner << " op=" << e.operation << " req=" << requestsText(e.requests)
            << " by=" << e.by << " host=" << e.host << " reason=" << e.reason
            << " live=" << e.wasLive << " count=" << e.count;
        return out.str();
    }

    bool compareState(int done)
    {
        const auto ca = m_redis.nodeCounts();
        const auto cb = m_memory.nodeCounts();
        if (ca != cb) {
            std::ostringstream diff;
            std::map<std::string, std::pair<std::int64_t, std::int64_t>> both;
            for (const auto& [f, v] : ca)
                both[f].first = v;
            for (const auto& [f, v] : cb)
                both[f].second = v;
            for (const auto& [f, v] : both) {
                if (v.first != v.second)
                    diff << "\n  " << f << ": redis " << v.first << ", memory " << v.second;
            }
            ADD_FAILURE() << "node counts differ after operation " << done << ":" << diff.str();
            return false;
        }
        const auto ea = m_redis.events(m_lastEventRedis, 1000000);
        const auto eb = m_memory.events(m_lastEventMemory, 1000000);
        const std::size_t n = std::max(ea.size(), eb.size());
        for (std::size_t i = 0; i < n; ++i) {
            const std::string sa = i < ea.size() ? eventText(ea[i], m_fencesRedis) : "(none)";
            const std::string sb = i < eb.size() ? eventText(eb[i], m_fencesMemory) : "(none)";
            if (sa != sb) {
                ADD_FAILURE() << "event " << (m_eventsSeen + i) << " differs (checked after operation "
                              << done << "):\n  redis:  " << sa << "\n  memory: " << sb;
                return false;
            }
        }
        m_eventsSeen += ea.size();
        if (!ea.empty()) {
            m_lastEventRedis = ea.back().id;
            m_lastEventMemory = eb.back().id;
        }
        return true;
    }

    std::vector<std::string> snapshotText(Engine& engine, const FenceOrder& fences)
    {
        std::vector<std::string> lines;
        for (const LeaseInfo& l : engine.snapshot().leases) {
            std::ostringstream out;
            out << l.id << " owner=" << l.owner << " op=" << l.operation
                << " req=" << requestsText(l.requests) << " ttl=" << l.ttl.count()
                << " holds=" << l.holds << " revoked=" << l.revoked
                << " fence" << fences.of(l.fence);
            lines.push_back(out.str());
        }
        // Both clocks are real but not the same instant: compare by id, not by expiry.
        std::sort(lines.begin(), lines.end());
        // Waiters in their order (each first refused in a millisecond of its own).
        for (const WaiterInfo& w : engine.snapshot().waiters) {
            std::ostringstream out;
            out << "waiter " << w.id << " owner=" << w.owner << " op=" << w.operation
                << " req=" << requestsText(w.requests) << " holds back=" << w.holdsBack
                << " blocker=" << w.blocker.lease << " clash=" << w.blocker.clashPath << "|"
                << toString(w.blocker.heldMode) << (w.blocker.queued ? " queued" : "");
            lines.push_back(out.str());
        }
        // The contention table: scores follow each engine's clock, so by path.
        std::vector<std::string> hot;
        for (const HotPath& h : engine.contention(kContentionPaths)) {
            std::ostringstream out;
            out << "hot " << h.path << " total=" << h.total << " waiters=" << h.waiters;
            for (const HotPath::Pair& p : h.operations)
                out << " " << p.wanted << "/" << p.blocking << "x" << p.count;
            hot.push_back(out.str());
        }
        std::sort(hot.begin(), hot.end());
        lines.insert(lines.end(), hot.begin(), hot.end());
        return lines;
    }

    bool compareSnapshots()
    {
        const auto sa = snapshotText(m_redis, m_fencesRedis);
        const auto sb = snapshotText(m_memory, m_fencesMemory);
        if (sa != sb) {
            std::ostringstream diff;
            for (std::size_t i = 0; i < std::max(sa.size(), sb.size()); ++i) {
                const std::string la = i < sa.size() ? sa[i] : "(none)";
                const std::string lb = i < sb.size() ? sb[i] : "(none)";
                if (la != lb)
                    diff << "\n  line " << i << "\n    redis:  " << la << "\n    memory: " << lb;
            }
            ADD_FAILURE() << "snapshots differ:" << diff.str();
        }
        EXPECT_TRUE(m_redis.fsck(false).clean());
        EXPECT_TRUE(m_memory.fsck(false).clean());
        return sa == sb;
    }

    std::mt19937_64 m_rng;
    RedisEngine& m_redis;
    MemoryEngine& m_memory;
    std::vector<std::string> m_paths;
    std::vector<Tracked> m_tracked;
    std::vector<Waiting> m_waiting;
    std::set<LeaseId> m_known;
    std::size_t m_revoked = 0;
    std::int64_t m_lastOpMs = 0;
    FenceOrder m_fencesRedis;
    FenceOrder m_fencesMemory;
    std::string m_lastEventRedis;
    std::string m_lastEventMemory;
    std::size_t m_eventsSeen = 0;
    std::map<std::string, int> m_tally;
};

TEST(Model, RedisAndMemoryEnginesAgree)
{
    const std::uint64_t seed = envNumber("TREELOCK_MODEL_SEED", std::random_device{}());
    const int ops = static_cast<int>(envNumber("TREELOCK_MODEL_OPS", kDefaultOps));
    std::cout << "model seed " << seed << " (replay with TREELOCK_MODEL_SEED=" << seed << "), "
              << ops << " operations" << std::endl;
    SCOPED_TRACE("TREELOCK_MODEL_SEED=" + std::to_string(seed));

    test::RedisServer server;
    const RedisOptions options = test::redisOptionsFor(server);
    int done = 0;
    std::map<std::string, int> tally;
    for (int segment = 0; segment < kSegments; ++segment) {
        const std::string project = "model" + std::to_string(segment);
        RedisEngine redis(options, project);
        MemoryEngine memory(project);
        // Waiters hold back at their first refusal, or never: both independent of the clocks.
        const std::optional<milliseconds> grace = segment % 2 == 0 ? std::optional(0ms) : std::nullopt;
        redis.setFairnessGrace(grace, "model");
        memory.setFairnessGrace(grace, "model");
        ModelRun run(seed * kSegments + static_cast<std::uint64_t>(segment), redis, memory);
        const int segmentOps = ops / kSegments + (segment < ops % kSegments ? 1 : 0);
        ASSERT_TRUE(run.run(segmentOps, done)) << "seed " << seed << ", segment " << segment;
        for (const auto& [kind, n] : run.tally())
            tally[kind] += n;
    }
    for (const auto& [kind, n] : tally)
        std::cout << "  " << kind << ": " << n << "\n";
    EXPECT_EQ(done, ops);
}

} // namespace
