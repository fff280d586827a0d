// Engine conformance: every behaviour of docs/semantics.md, run against
// MemoryEngine (manual clock) and RedisEngine (throwaway redis-server). Built a
// second time with TREELOCK_CONFORMANCE_CLUSTER: RedisEngine on a private Redis
// Cluster of three primaries, its project on a slot the URL's node does not serve.

#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/memoryengine.h"
#include "treelock/policy.h"
#include "treelock/redisclustergroup.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <initializer_list>
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

namespace treelock {

void PrintTo(LockMode mode, std::ostream* os)
{
    *os << toString(mode);
}

void PrintTo(LeaseStatus status, std::ostream* os)
{
    switch (status) {
    case LeaseStatus::Ok: *os << "Ok"; return;
    case LeaseStatus::Unknown: *os << "Unknown"; return;
    case LeaseStatus::Expired: *os << "Expired"; return;
    case LeaseStatus::Live: *os << "Live"; return;
    }
    *os << "LeaseStatus(" << static_cast<int>(status) << ")";
}

void PrintTo(const LockRequest& request, std::ostream* os)
{
    *os << toString(request);
}

} // namespace treelock

namespace {

using namespace treelock;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

constexpr milliseconds kLongTtl = 60s;
// Short enough to wait out on Redis, long enough that a few calls fit in it on a busy machine.
constexpr milliseconds kShortTtl = 150ms;
constexpr milliseconds kPastShortTtl = 230ms;
const std::string kProject = "proj";

// The literal table of docs/semantics.md (rows held, columns requested: IS IX S SIX X).
constexpr bool kTable[5][5] = {
    {true, true, true, true, false},
    {true, true, false, false, false},
    {true, false, true, false, false},
    {true, false, false, false, false},
    {false, false, false, false, false},
};

bool tableSays(LockMode held, LockMode requested)
{
    return kTable[static_cast<int>(held)][static_cast<int>(requested)];
}

LockMode intentionLiteral(LockMode mode)
{
    return (mode == LockMode::S || mode == LockMode::IS) ? LockMode::IS : LockMode::IX;
}

std::vector<LockRequest> reqs(std::initializer_list<const char*> specs)
{
    std::vector<LockRequest> result;
    for (const char* spec : specs)
        result.push_back(parseLockSpec(spec));
    return result;
}

AcquireOptions opts(std::string owner = "alice", std::string op = "lock",
                    milliseconds ttl = kLongTtl, std::optional<LeaseId> id = std::nullopt)
{
    AcquireOptions o;
    o.owner = std::move(owner);
    o.operation = std::move(op);
    o.ttl = ttl;
    o.leaseId = std::move(id);
    return o;
}

// Where a refused acquire clashed: the node and the mode held there, and the
// request of the blocking lease that put it there. Compared whole, so that a
// failure prints every field.
struct Clash {
    std::string clashPath;
    LockMode heldMode = LockMode::IS;
    LeaseId lease;
    std::string path;
    LockMode mode = LockMode::IS;
    friend bool operator==(const Clash&, const Clash&) = default;
};

Clash clashOf(const Blocker& b)
{
    return {b.clashPath, b.heldMode, b.lease, b.path, b.mode};
}

void PrintTo(const Clash& c, std::ostream* os)
{
    *os << "clash at " << c.clashPath << " (held " << toString(c.heldMode) << ") by lease '" << c.lease
        << "' holding " << toString(c.mode) << " " << c.path;
}

ForceOptions forceOpts(bool admin, milliseconds lockDelay = 0ms)
{
    ForceOptions f;
    f.operatorName = "ops";
    f.host = "console-1";
    f.reason = "stuck";
    f.admin = admin;
    f.lockDelay = lockDelay;
    return f;
}

std::pair<long long, long long> parseStreamId(const std::string& id)
{
    const auto dash = id.find('-');
    long long ms = -1;
    long long seq = -1;
    std::from_chars(id.data(), id.data() + dash, ms);
    std::from_chars(id.data() + dash + 1, id.data() + id.size(), seq);
    return {ms, seq};
}

std::vector<std::string> typesOf(const std::vector<Event>& events)
{
    std::vector<std::string> types;
    for (const Event& e : events)
        types.push_back(std::string(toString(e.type)));
    return types;
}

std::vector<std::string> idsOf(const Snapshot& snapshot)
{
    std::vector<std::string> ids;
    for (const LeaseInfo& l : snapshot.leases)
        ids.push_back(l.id);
    return ids;
}

/// One cluster for the whole suite (starting one takes seconds); every test
/// starts from empty nodes. The project's slot is moved off node 0 if it is
/// there, so every call is routed beyond the node the URL names.
ClusterGroup& sharedCluster()
{
    static const std::unique_ptr<ClusterGroup> group = [] {
        auto g = std::make_unique<ClusterGroup>();
        const int slot = ClusterGroup::slotOf(kProject);
        if (g->primaryFor(slot) == g->address(0))
            g->migrateSlot(slot, g->address(1));
        return g;
    }();
    return *group;
}

class Conformance : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override
    {
        if (GetParam() == "cluster") {
            ClusterGroup& cluster = sharedCluster();
            for (const HostPort& node : cluster.primaries())
                redis::RawConnection("redis://" + node.text()).command({"FLUSHALL"});
            RedisOptions o;
            o.url = cluster.url();
            auto engine = std::make_unique<RedisEngine>(o, kProject);
            m_redis = engine.get();
            m_engine = std::move(engine);
            ASSERT_NE(m_redis->primary(), cluster.address(0)) << "the project must live beyond the seed node";
        } else if (GetParam() == "memory") {
            auto clock = m_clockMs;
            auto engine = std::make_unique<MemoryEngine>(
                kProject, PathOptions{}, [clock] { return ServerTime{milliseconds{clock->load()}}; });
            m_memory = engine.get();
            m_engine = std::move(engine);
        } else {
            m_server = std::make_unique<test::RedisServer>();
            RedisOptions o;
            o.url = m_server->url();
            auto engine = std::make_unique<RedisEngine>(o, kProject);
            m_redis = engine.get();
            m_engine = std::move(engine);
        }
    }

    bool isMemory() const { return m_memory != nullptr; }
    Engine& engine() { return *m_engine; }

    // Lets `d` of server time pass: the manual clock moves, or we sleep.
    void pass(milliseconds d)
    {
        if (isMemory())
            m_clockMs->fetch_add(d.count());
        else
            std::this_thread::sleep_for(d);
    }

    std::vector<std::pair<std::string, std::int64_t>> nodeCounts()
    {
        return isMemory() ? m_memory->nodeCounts() : m_redis->nodeCounts();
    }

    void corruptCount(const std::string& path, LockMode mode, std::int64_t count)
    {
        if (isMemory()) {
            m_memory->setNodeCountForTest(path, mode, count);
        } else {
            // Read the node's value, change one count, write it back.
            redis::RawConnection raw(m_server ? m_server->url()
                                              : "redis://" + m_redis->primary().value().text());
            const std::string state = redis::KeySchema(kProject).state();
            const redis::Reply stored = raw.command({"HGET", state, path});
            redis::NodeState node;
            if (stored.isString()) {
                const auto decoded = redis::decodeNode(stored.text);
                ASSERT_TRUE(decoded) << path << ": " << stored.describe();
                node = *decoded;
            }
            node.counts[static_cast<std::size_t>(mode)] = count;
            const redis::Reply reply = raw.command({"HSET", state, path, redis::encodeNode(node)});
            ASSERT_FALSE(reply.isError()) << reply.text;
        }
    }

    LeaseId grant(std::vector<LockRequest> requests, AcquireOptions options = opts())
    {
        const AcquireResult r = engine().acquire(requests, options);
        EXPECT_TRUE(r.granted) << "expected a grant for " << (requests.empty() ? std::string()
                                                              : toString(requests.front()));
        return r.grant.lease;
    }

    void releaseOk(const LeaseId& id)
    {
        const ReleaseResult r = engine().release(id);
        EXPECT_EQ(r.status, LeaseStatus::Ok);
        EXPECT_EQ(r.remainingHolds, 0);
    }

    bool grantable(std::vector<LockRequest> requests)
    {
        const AcquireResult r = engine().acquire(requests, opts("probe"));
        if (r.granted)
            releaseOk(r.grant.lease);
        return r.granted;
    }

    std::vector<Event> allEvents() { return engine().events("", 1000000); }

    std::shared_ptr<std::atomic<std::int64_t>> m_clockMs =
        std::make_shared<std::atomic<std::int64_t>>(1'700'000'000'000);
    std::unique_ptr<test::RedisServer> m_server;
    std::unique_ptr<Engine> m_engine;
    MemoryEngine* m_memory = nullptr; // Not owned.
    RedisEngine* m_redis = nullptr;   // Not owned.
};

// ------------------------------------------------------------ compatibility

TEST_P(Conformance, ModeTableOnSameNode)
{
    for (const LockMode held : kAllModes) {
        const LeaseId holder = grant({{"/A", held}}, opts("holder"));
        for (const LockMode wanted : kAllModes) {
            SCOPED_TRACE(std::string("held ") + std::string(toString(held)) + ", wanted "
                         + std::string(toString(wanted)));
            const AcquireResult r = engine().acquire({{"/A", wanted}}, opts("probe"));
            EXPECT_EQ(r.granted, tableSays(held, wanted));
            if (r.granted) {
                releaseOk(r.grant.lease);
            } else {
                ASSERT_TRUE(r.blocker);
                EXPECT_EQ(clashOf(*r.blocker), (Clash{"/A", held, holder, "/A", held}));
                EXPECT_EQ(r.blocker->wanted, (LockRequest{"/A", wanted}));
            }
        }
        releaseOk(holder);
    }
    EXPECT_TRUE(nodeCounts().empty());
}

TEST_P(Conformance, ModeTableHeldOnAncestor)
{
    for (const LockMode held : kAllModes) {
        const LeaseId holder = grant({{"/A", held}}, opts("holder"));
        for (const LockMode wanted : kAllModes) {
            SCOPED_TRACE(std::string("held ") + std::string(toString(held)) + " on /A, wanted "
                         + std::string(toString(wanted)) + " on /A/B");
            const AcquireResult r = engine().acquire({{"/A/B", wanted}}, opts("probe"));
            EXPECT_EQ(r.granted, tableSays(held, intentionLiteral(wanted)));
            if (r.granted) {
                releaseOk(r.grant.lease);
            } else {
                ASSERT_TRUE(r.blocker);
                EXPECT_EQ(clashOf(*r.blocker), (Clash{"/A", held, holder, "/A", held}));
                EXPECT_EQ(r.blocker->wanted, (LockRequest{"/A/B", wanted}));
            }
        }
        releaseOk(holder);
    }
}

TEST_P(Conformance, ModeTableHeldOnDescendant)
{
    for (const LockMode held : kAllModes) {
        const LeaseId holder = grant({{"/A/B/C", held}}, opts("holder"));
        for (const LockMode wanted : kAllModes) {
            SCOPED_TRACE(std::string("held ") + std::string(toString(held)) + " on /A/B/C, wanted "
                         + std::string(toString(wanted)) + " on /A");
            const AcquireResult r = engine().acquire({{"/A", wanted}}, opts("probe"));
            EXPECT_EQ(r.granted, tableSays(intentionLiteral(held), wanted));
            if (r.granted) {
                releaseOk(r.grant.lease);
            } else {
                ASSERT_TRUE(r.blocker);
                EXPECT_EQ(clashOf(*r.blocker), (Clash{"/A", intentionLiteral(held), holder, "/A/B/C", held}));
            }
        }
        releaseOk(holder);
    }
}

TEST_P(Conformance, SiblingsNeverConflict)
{
    const LeaseId b = grant(reqs({"X:/A/B"}));
    const LeaseId c = grant(reqs({"X:/A/C"}));
    const LeaseId cd = grant(reqs({"X:/A/CD"}));
    EXPECT_TRUE(grantable(reqs({"X:/A/C-D"})));
    EXPECT_TRUE(grantable(reqs({"X:/A/B2/x"})));
    EXPECT_FALSE(grantable(reqs({"S:/A/C/D"})));
    EXPECT_FALSE(grantable(reqs({"IS:/A/CD/E"})));
    EXPECT_FALSE(grantable(reqs({"S:/A"})));
    releaseOk(b);
    releaseOk(c);
    releaseOk(cd);
}

TEST_P(Conformance, PrefixIsNotAncestor)
{
    const LeaseId c = grant(reqs({"X:/A/C"}));
    const AcquireResult r = engine().acquire(reqs({"X:/A/CD"}), opts("bob"));
    EXPECT_TRUE(r.granted);
    EXPECT_FALSE(grantable(reqs({"X:/A/C/D"})));
    releaseOk(c);
    EXPECT_TRUE(grantable(reqs({"X:/A/C/D"})));
}

TEST_P(Conformance, SpecialCharactersInNamesAreLiteral)
{
    const LeaseId a = grant(reqs({"X:/A/a-b(1)%[x].txt"}));
    const LeaseId b = grant(reqs({"X:/A/a-b(1)%[x]"}));
    const LeaseId c = grant(reqs({"X:/A/my file.v2"}));
    EXPECT_TRUE(grantable(reqs({"X:/A/a-b(1)%[x]x"})));
    EXPECT_FALSE(grantable(reqs({"X:/A/a-b(1)%[x]/c"})));
    EXPECT_FALSE(grantable(reqs({"S:/A/my file.v2/in"})));
    EXPECT_TRUE(grantable(reqs({"S:/A/my file"})));
    for (const LeaseId& id : {a, b, c})
        releaseOk(id);
    EXPECT_TRUE(nodeCounts().empty());
}

TEST_P(Conformance, IntentionAllowsCreateBesideMovedFolder)
{
    grant(reqs({"X:/A/C", "X:/B/C"}), opts("mover", "move-folder"));
    EXPECT_TRUE(grantable(reqs({"X:/A/x"})));
    EXPECT_TRUE(grantable(reqs({"S:/A/a.txt"})));
    EXPECT_FALSE(grantable(reqs({"X:/A"})));
    EXPECT_FALSE(grantable(reqs({"S:/B"})));
    EXPECT_FALSE(grantable(reqs({"X:/A/C/D/d.txt"})));
}

// A purge planned with an item given as a path in the recycle bin locks that
// item, not "/.recycle/.recycle/...", and conflicts with a purge of the same
// item given relative to the bin.
TEST_P(Conformance, PurgeOfAPathInTheRecycleBinLocksThatItem)
{
    const Policy fine = Policy::builtin("fine");
    const LeaseId id = grant(fine.plan({Operation::Purge, {"/.recycle/a"}}), opts("purger", "purge"));
    const Snapshot snapshot = engine().snapshot();
    ASSERT_EQ(snapshot.leases.size(), 1u);
    EXPECT_EQ(snapshot.leases.front().requests, (std::vector<LockRequest>{{"/.recycle/a", LockMode::X}}));
    EXPECT_FALSE(grantable(fine.plan({Operation::Purge, {"a"}})));
    EXPECT_TRUE(grantable(fine.plan({Operation::Purge, {"b"}})));
    releaseOk(id);
}

// ------------------------------------------------------------ counts and atomicity

TEST_P(Conformance, NodeCountsOfALease)
{
    const AcquireResult r =
        engine().acquire(reqs({"X:/A/B", "X:/A", "S:/Z/y", "IX:/Z/y"}), opts());
    ASSERT_TRUE(r.granted);
    // Normalised: sorted by path, same path merged with combine (S v IX = SIX).
    EXPECT_EQ(r.grant.requests, reqs({"X:/A", "X:/A/B", "SIX:/Z/y"}));
    const std::vector<std::pair<std::string, std::int64_t>> expected{
        {"/A/B|X", 1}, {"/A|IX", 1}, {"/A|X", 1}, {"/Z/y|SIX", 1}, {"/Z|IX", 1}, {"/|IX", 3}};
    EXPECT_EQ(nodeCounts(), expected);
    const LeaseId second = grant(reqs({"IS:/Z/w"}));
    const std::vector<std::pair<std::string, std::int64_t>> more{
        {"/A/B|X", 1}, {"/A|IX", 1}, {"/A|X", 1}, {"/Z/w|IS", 1}, {"/Z/y|SIX", 1},
        {"/Z|IS", 1},  {"/Z|IX", 1}, {"/|IS", 1}, {"/|IX", 3}};
    EXPECT_EQ(nodeCounts(), more);
    releaseOk(second);
    EXPECT_EQ(nodeCounts(), expected);
    releaseOk(r.grant.lease);
    EXPECT_TRUE(nodeCounts().empty());
}

TEST_P(Conformance, RefusedMultiRequestLeavesNoCounts)
{
    const LeaseId holder = grant(reqs({"X:/B/y"}), opts("holder"));
    const auto countsBefore = nodeCounts();
    const auto eventsBefore = allEvents();
    const AcquireResult r = engine().acquire(reqs({"X:/A/s", "X:/B/y"}), opts("mover", "move-file"));
    EXPECT_FALSE(r.granted);
    ASSERT_TRUE(r.blocker);
    EXPECT_EQ(r.blocker->lease, holder);
    EXPECT_EQ(r.blocker->wanted, (LockRequest{"/B/y", LockMode::X}));
    EXPECT_EQ(nodeCounts(), countsBefore);
    EXPECT_EQ(allEvents().size(), eventsBefore.size());
    EXPECT_EQ(engine().snapshot().leases.size(), 1u);
    EXPECT_TRUE(grantable(reqs({"X:/A/s"})));
}

TEST_P(Conformance, LeaseNeverConflictsWithItself)
{
    const AcquireResult r = engine().acquire(reqs({"X:/A", "X:/A/B", "S:/A/C"}), opts());
    EXPECT_TRUE(r.granted);
}

// ------------------------------------------------------------ clash order and blockers

TEST_P(Conformance, ClashFoundRootFirst)
{
    const LeaseId onRoot = grant(reqs({"S:/"}), opts("root-reader"));
    grant(reqs({"IS:/A"}), opts("other"));
    const AcquireResult r = engine().acquire(reqs({"X:/A/B"}), opts("bob"));
    ASSERT_TRUE(r.blocker);
    EXPECT_EQ(clashOf(*r.blocker), (Clash{"/", LockMode::S, onRoot, "/", LockMode::S}));
}

TEST_P(Conformance, ClashReportsFirstModeInOrder)
{
    // /A holds IS (from S on /A/x) and IX (from X on /A/y); X on /A meets IS first.
    const LeaseId reader = grant(reqs({"S:/A/x"}), opts("reader"));
    grant(reqs({"X:/A/y"}), opts("writer"));
    const AcquireResult r = engine().acquire(reqs({"X:/A"}), opts("bob"));
    ASSERT_TRUE(r.blocker);
    EXPECT_EQ(clashOf(*r.blocker), (Clash{"/A", LockMode::IS, reader, "/A/x", LockMode::S}));
}

TEST_P(Conformance, ClashReportsFirstRequestInNormalisedOrder)
{
    grant(reqs({"X:/Z/q"}), opts("z"));
    const LeaseId onA = grant(reqs({"S:/A"}), opts("a"));
    // Given out of order; /A/b sorts first, and its clash is the one reported.
    const AcquireResult r = engine().acquire(reqs({"X:/Z/q", "X:/A/b"}), opts("bob"));
    ASSERT_TRUE(r.blocker);
    EXPECT_EQ(r.blocker->lease, onA);
    EXPECT_EQ(r.blocker->clashPath, "/A");
    EXPECT_EQ(r.blocker->heldMode, LockMode::S);
    EXPECT_EQ(r.blocker->wanted, (LockRequest{"/A/b", LockMode::X}));
}

TEST_P(Conformance, BlockerFields)
{
    const LeaseId holder = grant(reqs({"X:/A/C"}), opts("alice", "move-folder", 30s));
    pass(5ms);
    const AcquireResult r = engine().acquire(reqs({"S:/A/C/D"}), opts("bob", "copy-file"));
    EXPECT_FALSE(r.granted);
    ASSERT_TRUE(r.blocker);
    const Blocker& b = *r.blocker;
    EXPECT_EQ(b.lease, holder);
    EXPECT_EQ(b.owner, "alice");
    EXPECT_EQ(b.operation, "move-folder");
    EXPECT_EQ(b.path, "/A/C");
    EXPECT_EQ(b.mode, LockMode::X);
    EXPECT_EQ(b.clashPath, "/A/C");
    EXPECT_EQ(b.heldMode, LockMode::X);
    EXPECT_EQ(b.wanted, (LockRequest{"/A/C/D", LockMode::S}));
    EXPECT_LE(b.expiresIn, 30s - 5ms);
    EXPECT_GE(b.expiresIn, 20s);
    if (isMemory()) {
        EXPECT_EQ(b.expiresIn, 30s - 5ms);
    }
}

TEST_P(Conformance, BlockerPathIsFirstRequestLeavingTheCount)
{
    const LeaseId holder = grant(reqs({"X:/A/C", "X:/A/B/x"}), opts("alice"));
    const AcquireResult r = engine().acquire(reqs({"S:/A"}), opts("bob"));
    ASSERT_TRUE(r.blocker);
    EXPECT_EQ(clashOf(*r.blocker), (Clash{"/A", LockMode::IX, holder, "/A/B/x", LockMode::X}));
}

TEST_P(Conformance, BlockerIsLastLeaseThatAddedToTheCount)
{
    // The first expires sooner, so a scan in expiry order would name it instead.
    grant(reqs({"S:/A/x"}), opts("first", "lock", 30s));
    const LeaseId second = grant(reqs({"S:/A/y"}), opts("second"));
    const AcquireResult r = engine().acquire(reqs({"X:/A"}), opts("bob"));
    ASSERT_TRUE(r.blocker);
    EXPECT_EQ(r.blocker->lease, second);
    EXPECT_EQ(r.blocker->owner, "second");
    EXPECT_EQ(r.blocker->path, "/A/y");
}

TEST_P(Conformance, BlockerFoundByScanWhenRecordedHolderIsGone)
{
    const LeaseId early = grant(reqs({"S:/A/x"}), opts("early", "lock", 50s));
    const LeaseId first = grant(reqs({"S:/A/y"}), opts("first", "lock", 40s));
    const LeaseId last = grant(reqs({"S:/A/z"}), opts("last"));
    releaseOk(last); // who[/A|IS] still names it, but it is gone
    const AcquireResult r = engine().acquire(reqs({"X:/A"}), opts("bob"));
    ASSERT_TRUE(r.blocker);
    // Scan in (expires_ms, id) order: the 40 s lease comes first.
    EXPECT_EQ(r.blocker->lease, first);
    EXPECT_EQ(r.blocker->owner, "first");
    EXPECT_EQ(r.blocker->path, "/A/y");
    EXPECT_EQ(r.blocker->mode, LockMode::S);
    EXPECT_EQ(r.blocker->heldMode, LockMode::IS);
    (void)early;
}

TEST_P(Conformance, BlockerWithoutHolderHasEmptyLease)
{
    corruptCount("/Q", LockMode::X, 1);
    const AcquireResult r = engine().acquire(reqs({"S:/Q/r"}), opts("bob"));
    EXPECT_FALSE(r.granted);
    ASSERT_TRUE(r.blocker);
    EXPECT_EQ(r.blocker->lease, "");
    EXPECT_EQ(r.blocker->owner, "");
    EXPECT_EQ(r.blocker->clashPath, "/Q");
    EXPECT_EQ(r.blocker->heldMode, LockMode::X);
    EXPECT_EQ(r.blocker->wanted, (LockRequest{"/Q/r", LockMode::S}));
    EXPECT_EQ(r.blocker->expiresIn, 0ms);
}

// ------------------------------------------------------------ reentrancy

TEST_P(Conformance, ReentrantAcquireAddsHolds)
{
    const LeaseId id = newLeaseId();
    const AcquireResult first = engine().acquire(reqs({"X:/A", "S:/B"}), opts("alice", "op", kLongTtl, id));
    ASSERT_TRUE(first.granted);
    EXPECT_EQ(first.grant.lease, id);
    EXPECT_EQ(first.grant.holds, 1);
    pass(10ms);
    // Same requests given in another order and spelling: same normalised set.
    const AcquireResult again =
        engine().acquire(reqs({"S:/B/", "X://A"}), opts("alice", "op", 90s, id));
    ASSERT_TRUE(again.granted);
    EXPECT_EQ(again.grant.lease, id);
    EXPECT_EQ(again.grant.holds, 2);
    EXPECT_EQ(again.grant.fence, first.grant.fence);
    EXPECT_EQ(again.grant.ttl, 90s);
    EXPECT_GT(again.grant.expiresAt, first.grant.expiresAt);
    const auto counts = nodeCounts();
    EXPECT_EQ(counts.size(), 4u);
    EXPECT_EQ(typesOf(allEvents()), (std::vector<std::string>{"grant"}));

    const Snapshot snap = engine().snapshot();
    ASSERT_EQ(snap.leases.size(), 1u);
    EXPECT_EQ(snap.leases[0].holds, 2);
    EXPECT_EQ(snap.leases[0].ttl, 90s);
    EXPECT_EQ(snap.leases[0].expiresAt, again.grant.expiresAt);

    const ReleaseResult r1 = engine().release(id);
    EXPECT_EQ(r1.status, LeaseStatus::Ok);
    EXPECT_EQ(r1.remainingHolds, 1);
    EXPECT_FALSE(grantable(reqs({"S:/A"})));
    EXPECT_EQ(typesOf(allEvents()), (std::vector<std::string>{"grant"}));
    releaseOk(id);
    EXPECT_TRUE(grantable(reqs({"X:/A", "X:/B"})));
    EXPECT_EQ(engine().release(id).status, LeaseStatus::Unknown);
}

TEST_P(Conformance, ReentrantAcquireWithOtherRequestsIsRefused)
{
    const LeaseId id = newLeaseId();
    ASSERT_TRUE(engine().acquire(reqs({"X:/A"}), opts("alice", "op", kLongTtl, id)).granted);
    const auto counts = nodeCounts();
    EXPECT_THROW(engine().acquire(reqs({"X:/A", "X:/B"}), opts("alice", "op", kLongTtl, id)),
                 InvalidInput);
    EXPECT_THROW(engine().acquire(reqs({"S:/A"}), opts("alice", "op", kLongTtl, id)), InvalidInput);
    EXPECT_EQ(nodeCounts(), counts);
    EXPECT_EQ(engine().snapshot().leases.at(0).holds, 1);
}

TEST_P(Conformance, ReacquireOfExpiredIdIsANewGrant)
{
    const LeaseId id = newLeaseId();
    const AcquireResult first = engine().acquire(reqs({"X:/A"}), opts("alice", "op", kShortTtl, id));
    ASSERT_TRUE(first.granted);
    pass(kPastShortTtl);
    const AcquireResult second = engine().acquire(reqs({"X:/A"}), opts("alice", "op", kLongTtl, id));
    ASSERT_TRUE(second.granted);
    EXPECT_EQ(second.grant.holds, 1);
    EXPECT_GT(second.grant.fence, first.grant.fence);
    EXPECT_EQ(typesOf(allEvents()), (std::vector<std::string>{"grant", "expire", "grant"}));
    EXPECT_EQ(nodeCounts().size(), 2u);
}

// ------------------------------------------------------------ release / renew / force

TEST_P(Conformance, ReleaseStatuses)
{
    EXPECT_EQ(engine().release(newLeaseId()).status, LeaseStatus::Unknown);
    const LeaseId live = grant(reqs({"X:/A"}));
    releaseOk(live);
    EXPECT_EQ(engine().release(live).status, LeaseStatus::Unknown);

    const LeaseId shortLived = grant(reqs({"X:/B"}), opts("alice", "op", kShortTtl));
    pass(kPastShortTtl);
    const ReleaseResult expired = engine().release(shortLived);
    EXPECT_EQ(expired.status, LeaseStatus::Expired);
    EXPECT_EQ(expired.remainingHolds, 0);
    EXPECT_TRUE(engine().snapshot().leases.empty());
    EXPECT_TRUE(nodeCounts().empty());
    EXPECT_EQ(typesOf(allEvents()),
              (std::vector<std::string>{"grant", "release", "grant", "expire"}));
    EXPECT_EQ(engine().release(shortLived).status, LeaseStatus::Unknown);
}

TEST_P(Conformance, RenewStatusesAndExpiry)
{
    EXPECT_EQ(engine().renew(newLeaseId(), std::nullopt).status, LeaseStatus::Unknown);

    const LeaseId id = grant(reqs({"X:/A"}), opts("alice", "op", 20s));
    pass(10ms);
    const ServerTime before = engine().now();
    const RenewResult own = engine().renew(id, std::nullopt);
    const ServerTime after = engine().now();
    EXPECT_EQ(own.status, LeaseStatus::Ok);
    EXPECT_GE(own.expiresAt, before + 20s);
    EXPECT_LE(own.expiresAt, after + 20s);

    const RenewResult longer = engine().renew(id, 45s);
    EXPECT_EQ(longer.status, LeaseStatus::Ok);
    const Snapshot snap = engine().snapshot();
    ASSERT_EQ(snap.leases.size(), 1u);
    EXPECT_EQ(snap.leases[0].ttl, 45s);
    EXPECT_EQ(snap.leases[0].expiresAt, longer.expiresAt);
    EXPECT_EQ(typesOf(allEvents()), (std::vector<std::string>{"grant"}));

    const LeaseId shortLived = grant(reqs({"X:/B"}), opts("alice", "op", kShortTtl));
    pass(kPastShortTtl);
    EXPECT_EQ(engine().renew(shortLived, 10s).status, LeaseStatus::Expired);
    EXPECT_EQ(engine().renew(shortLived, std::nullopt).status, LeaseStatus::Unknown);
    EXPECT_EQ(engine().snapshot().leases.size(), 1u);
}

TEST_P(Conformance, RenewKeepsALeaseAlive)
{
    const LeaseId id = grant(reqs({"X:/A"}), opts("alice", "op", kShortTtl));
    ASSERT_EQ(engine().renew(id, 30s).status, LeaseStatus::Ok);
    pass(kPastShortTtl);
    EXPECT_FALSE(grantable(reqs({"X:/A"})));
    EXPECT_EQ(engine().release(id).status, LeaseStatus::Ok);
}

TEST_P(Conformance, ForceReleaseStatuses)
{
    EXPECT_EQ(engine().forceRelease(newLeaseId(), forceOpts(true)).status, LeaseStatus::Unknown);

    const LeaseId live = grant(reqs({"X:/A"}));
    const auto counts = nodeCounts();
    const ReleaseResult refused = engine().forceRelease(live, forceOpts(false));
    EXPECT_EQ(refused.status, LeaseStatus::Live);
    EXPECT_EQ(nodeCounts(), counts);
    EXPECT_EQ(engine().snapshot().leases.size(), 1u);

    EXPECT_EQ(engine().forceRelease(live, forceOpts(true)).status, LeaseStatus::Ok);
    EXPECT_TRUE(nodeCounts().empty());
    EXPECT_EQ(engine().forceRelease(live, forceOpts(true)).status, LeaseStatus::Unknown);
    EXPECT_EQ(engine().release(live).status, LeaseStatus::Unknown);

    const LeaseId shortLived = grant(reqs({"X:/B"}), opts("alice", "op", kShortTtl));
    pass(kPastShortTtl);
    EXPECT_EQ(engine().forceRelease(shortLived, forceOpts(false)).status, LeaseStatus::Ok);
    EXPECT_TRUE(engine().snapshot().leases.empty());
    EXPECT_TRUE(nodeCounts().empty());
    EXPECT_EQ(typesOf(allEvents()),
              (std::vector<std::string>{"grant", "force", "grant", "force"}));
}

TEST_P(Conformance, RevokeWithLockDelayKeepsPathsBlocked)
{
    const LeaseId id = newLeaseId();
    ASSERT_TRUE(engine().acquire(reqs({"X:/A/C"}), opts("alice", "move", kLongTtl, id)).granted);
    const ServerTime before = engine().now();
    ASSERT_EQ(engine().forceRelease(id, forceOpts(true, 400ms)).status, LeaseStatus::Ok);
    const ServerTime after = engine().now();

    const Snapshot snap = engine().snapshot();
    ASSERT_EQ(snap.leases.size(), 1u);
    EXPECT_TRUE(snap.leases[0].revoked);
    EXPECT_GE(snap.leases[0].expiresAt, before + 400ms);
    EXPECT_LE(snap.leases[0].expiresAt, after + 400ms);

    const AcquireResult blocked = engine().acquire(reqs({"S:/A/C/x"}), opts("bob"));
    EXPECT_FALSE(blocked.granted);
    ASSERT_TRUE(blocked.blocker);
    EXPECT_EQ(blocked.blocker->lease, id);
    EXPECT_EQ(blocked.blocker->owner, "alice");
    EXPECT_LE(blocked.blocker->expiresIn, 400ms);

    EXPECT_EQ(engine().release(id).status, LeaseStatus::Unknown);
    EXPECT_EQ(engine().renew(id, std::nullopt).status, LeaseStatus::Unknown);
    EXPECT_EQ(engine().forceRelease(id, forceOpts(true)).status, LeaseStatus::Unknown);
    try {
        engine().acquire(reqs({"X:/A/C"}), opts("alice", "move", kLongTtl, id));
        ADD_FAILURE() << "re-acquiring a revoked id was accepted";
    } catch (const InvalidInput& e) {
        EXPECT_NE(std::string(e.what()).find("revoked"), std::string::npos) << e.what();
    }
    EXPECT_EQ(engine().snapshot().leases.size(), 1u);

    pass(450ms);
    const AcquireResult free = engine().acquire(reqs({"S:/A/C/x"}), opts("bob"));
    EXPECT_TRUE(free.granted);
    const auto events = allEvents();
    EXPECT_EQ(typesOf(events), (std::vector<std::string>{"grant", "force", "expire", "grant"}));
    EXPECT_EQ(events.at(2).lease, id);
}

TEST_P(Conformance, RevokedIdIsFreeAgainAfterItsDelay)
{
    const LeaseId id = newLeaseId();
    ASSERT_TRUE(engine().acquire(reqs({"X:/A"}), opts("alice", "op", kLongTtl, id)).granted);
    ASSERT_EQ(engine().forceRelease(id, forceOpts(true, kShortTtl)).status, LeaseStatus::Ok);
    pass(kPastShortTtl);
    const AcquireResult again = engine().acquire(reqs({"X:/A"}), opts("alice", "op", kLongTtl, id));
    EXPECT_TRUE(again.granted);
    EXPECT_EQ(again.grant.holds, 1);
}

TEST_P(Conformance, RevokedIdWhoseDelayEndedIsReusableBeyondTheReapBatch)
{
    const LeaseId id = newLeaseId();
    ASSERT_TRUE(engine().acquire(reqs({"X:/A"}), opts("alice", "op", kLongTtl, id)).granted);
    for (int i = 0; i < kReapBatch; ++i)
        grant({{"/S/" + std::to_string(i), LockMode::X}}, opts("s", "op", kShortTtl));
    pass(10ms);
    // Its delay ends after the 16 others expire, so the batch reap does not reach it.
    ASSERT_EQ(engine().forceRelease(id, forceOpts(true, kShortTtl)).status, LeaseStatus::Ok);
    pass(kPastShortTtl);
    AcquireResult again;
    try {
        again = engine().acquire(reqs({"X:/A"}), opts("alice", "op", kLongTtl, id));
    } catch (const InvalidInput& e) {
        FAIL() << "semantics.md, acquire step 3: an expired revoked lease is reaped and its id "
                  "is free; got InvalidInput: "
               << e.what();
    }
    EXPECT_TRUE(again.granted);
    EXPECT_EQ(again.grant.holds, 1);
    const auto types = typesOf(allEvents());
    ASSERT_GE(types.size(), 2u);
    EXPECT_EQ(types[types.size() - 2], "expire");
    EXPECT_EQ(types.back(), "grant");
}

TEST_P(Conformance, RefusedReentrantAcquireChangesNothing)
{
    const LeaseId held = newLeaseId();
    ASSERT_TRUE(engine().acquire(reqs({"X:/A"}), opts("alice", "op", kLongTtl, held)).granted);
    const LeaseId revoked = newLeaseId();
    ASSERT_TRUE(engine().acquire(reqs({"X:/R"}), opts("alice", "op", kLongTtl, revoked)).granted);
    ASSERT_EQ(engine().forceRelease(revoked, forceOpts(true, 60s)).status, LeaseStatus::Ok);
    grant(reqs({"X:/B"}), opts("old", "op", kShortTtl));
    pass(kPastShortTtl);
    const std::size_t events = allEvents().size();
    const auto counts = nodeCounts();

    EXPECT_THROW(engine().acquire(reqs({"S:/A"}), opts("alice", "op", kLongTtl, held)), InvalidInput);
    EXPECT_THROW(engine().acquire(reqs({"X:/R"}), opts("alice", "op", kLongTtl, revoked)),
                 InvalidInput);
    // The expired lease is still there: nothing was reaped by the refused calls.
    EXPECT_EQ(engine().snapshot().leases.size(), 3u);
    EXPECT_EQ(allEvents().size(), events);
    EXPECT_EQ(nodeCounts(), counts);
}

TEST_P(Conformance, RevokeWithoutDelayFreesAtOnce)
{
    const LeaseId id = grant(reqs({"X:/A"}));
    ASSERT_EQ(engine().forceRelease(id, forceOpts(true, 0ms)).status, LeaseStatus::Ok);
    EXPECT_TRUE(engine().snapshot().leases.empty());
    EXPECT_TRUE(grantable(reqs({"X:/A"})));
}

// ------------------------------------------------------------ expiry and reaping

TEST_P(Conformance, ExpiredLeaseBlocksNothingBeforeItIsReaped)
{
    const LeaseId old = grant(reqs({"X:/A"}), opts("alice", "op", kShortTtl));
    pass(kPastShortTtl);
    const Snapshot snap = engine().snapshot();
    ASSERT_EQ(snap.leases.size(), 1u);
    EXPECT_TRUE(snap.leases[0].expired(snap.serverTime));
    EXPECT_EQ(nodeCounts().size(), 2u); // still counted until reaped
    const AcquireResult r = engine().acquire(reqs({"X:/A"}), opts("bob"));
    EXPECT_TRUE(r.granted);
    const auto events = allEvents();
    EXPECT_EQ(typesOf(events), (std::vector<std::string>{"grant", "expire", "grant"}));
    EXPECT_EQ(events.at(1).lease, old);
}

TEST_P(Conformance, ExpiredLeasesBeyondTheReapBatchBlockNothing)
{
    for (int i = 0; i < kReapBatch + 4; ++i)
        grant({{"/A/x" + std::to_string(i), LockMode::S}}, opts("reader", "op", kShortTtl));
    pass(kPastShortTtl);
    const AcquireResult r = engine().acquire(reqs({"X:/A"}), opts("bob"));
    EXPECT_TRUE(r.granted);
    const Snapshot snap = engine().snapshot();
    EXPECT_EQ(snap.leases.size(), 1u);
}

TEST_P(Conformance, AcquireReapsABoundedBatchInExpiryOrder)
{
    for (int i = 0; i < kReapBatch + 4; ++i)
        grant({{"/R/x" + std::to_string(i), LockMode::X}}, opts("r", "op", kShortTtl));
    pass(kPastShortTtl);
    const std::vector<std::string> order = idsOf(engine().snapshot());
    ASSERT_EQ(order.size(), static_cast<std::size_t>(kReapBatch + 4));
    const std::size_t eventsBefore = allEvents().size();

    ASSERT_TRUE(engine().acquire(reqs({"X:/Other"}), opts("bob")).granted);
    const auto events = allEvents();
    std::vector<std::string> reaped;
    for (std::size_t i = eventsBefore; i < events.size(); ++i) {
        if (events[i].type == EventType::Expire)
            reaped.push_back(events[i].lease);
    }
    EXPECT_EQ(reaped, std::vector<std::string>(order.begin(), order.begin() + kReapBatch));
    const Snapshot after = engine().snapshot();
    EXPECT_EQ(after.leases.size(), 5u);
    std::vector<std::string> left = idsOf(after);
    left.erase(std::remove_if(left.begin(), left.end(),
                              [&](const std::string& id) {
                                  return std::find(order.begin(), order.end(), id) == order.end();
                              }),
               left.end());
    EXPECT_EQ(left, std::vector<std::string>(order.begin() + kReapBatch, order.end()));
}

TEST_P(Conformance, SweepReapsEveryExpiredLeaseWithOneEvent)
{
    const LeaseId live = grant(reqs({"X:/L"}));
    for (int i = 0; i < 3; ++i)
        grant({{"/E/" + std::to_string(i), LockMode::X}}, opts("e", "op", kShortTtl));
    pass(kPastShortTtl);
    EXPECT_EQ(engine().sweep("janitor"), 3u);
    const auto events = allEvents();
    ASSERT_EQ(typesOf(events), (std::vector<std::string>{"grant", "grant", "grant", "grant",
                                                         "expire", "expire", "expire", "sweep"}));
    EXPECT_EQ(events.back().count, 3);
    EXPECT_EQ(events.back().by, "janitor");
    EXPECT_EQ(events.back().lease, "");
    const Snapshot snap = engine().snapshot();
    ASSERT_EQ(snap.leases.size(), 1u);
    EXPECT_EQ(snap.leases[0].id, live);
    EXPECT_EQ(nodeCounts().size(), 2u);
    EXPECT_EQ(engine().sweep("janitor"), 0u);
    EXPECT_EQ(allEvents().size(), events.size());
}

// ------------------------------------------------------------ fencing tokens

TEST_P(Conformance, FencesFollowServerMicrosecondsAndAlwaysRise)
{
    const ServerTime before = engine().now();
    const AcquireResult first = engine().acquire(reqs({"X:/A"}), opts());
    const ServerTime after = engine().now();
    ASSERT_TRUE(first.granted);
    const auto us = [](ServerTime t) {
        return static_cast<std::uint64_t>(t.time_since_epoch().count()) * 1000;
    };
    // max(previous + 1, now in µs): the first token is the grant's server time.
    EXPECT_GE(first.grant.fence, us(before));
    EXPECT_LE(first.grant.fence, us(after) + 1000);

    std::uint64_t last = first.grant.fence;
    EXPECT_FALSE(engine().acquire(reqs({"X:/A"}), opts("bob")).granted);
    for (int i = 0; i < 5; ++i) {
        const AcquireResult r = engine().acquire({{"/B/" + std::to_string(i), LockMode::X}}, opts());
        ASSERT_TRUE(r.granted);
        if (isMemory())
            EXPECT_EQ(r.grant.fence, last + 1) << "the clock stood still and the refusal used no token";
        else
            EXPECT_GT(r.grant.fence, last);
        last = r.grant.fence;
        if (i % 2 == 0)
            releaseOk(r.grant.lease);
    }
    releaseOk(first.grant.lease);
    pass(kPastShortTtl);
    const AcquireResult again = engine().acquire(reqs({"X:/A"}), opts());
    ASSERT_TRUE(again.granted);
    EXPECT_GT(again.grant.fence, last);
    EXPECT_GE(again.grant.fence, us(engine().now()) - 1000 * 1000) << "a later grant follows the clock";
}

// ------------------------------------------------------------ events

TEST_P(Conformance, GrantAndReleaseEvents)
{
    const ServerTime before = engine().now();
    const AcquireResult r =
        engine().acquire(reqs({"X:/A/C", "X:/B/C"}), opts("alice", "move-folder", 30s));
    ASSERT_TRUE(r.granted);
    releaseOk(r.grant.lease);
    const ServerTime after = engine().now();

    const auto events = allEvents();
    ASSERT_EQ(events.size(), 2u);
    const Event& g = events[0];
    EXPECT_EQ(g.type, EventType::Grant);
    EXPECT_EQ(g.lease, r.grant.lease);
    EXPECT_EQ(g.owner, "alice");
    EXPECT_EQ(g.operation, "move-folder");
    EXPECT_EQ(g.requests, reqs({"X:/A/C", "X:/B/C"}));
    EXPECT_EQ(g.fence, r.grant.fence);
    EXPECT_EQ(g.expiresAt, r.grant.expiresAt);
    EXPECT_GE(g.time, before);
    EXPECT_LE(g.time, after);
    EXPECT_EQ(g.by, "");
    EXPECT_FALSE(g.wasLive);

    const Event& rel = events[1];
    EXPECT_EQ(rel.type, EventType::Release);
    EXPECT_EQ(rel.lease, r.grant.lease);
    EXPECT_EQ(rel.owner, "alice");
    EXPECT_EQ(rel.operation, "move-folder");
    EXPECT_EQ(rel.requests, g.requests);
    EXPECT_EQ(rel.fence, r.grant.fence);
    EXPECT_EQ(rel.expiresAt, ServerTime{});
    EXPECT_GE(rel.time, g.time);
    EXPECT_LT(parseStreamId(g.id), parseStreamId(rel.id));
}

TEST_P(Conformance, AuditLevelRecordsNoGrantsOrReleases)
{
    EXPECT_EQ(engine().eventLevel(), EventLevel::All);
    EXPECT_THROW(engine().setEventLevel(EventLevel::Audit, "ops\nroot", "console-1"), InvalidInput);
    EXPECT_THROW(engine().setEventLevel(EventLevel::Audit, "", "console-1"), InvalidInput) << "the operator is recorded";
    EXPECT_EQ(engine().eventLevel(), EventLevel::All) << "a refused change changes nothing";
    engine().setEventLevel(EventLevel::Audit, "ops", "console-1");
    engine().setEventLevel(EventLevel::Audit, "ops", "console-1"); // already in force: no event
    EXPECT_EQ(engine().eventLevel(), EventLevel::Audit);

    const AcquireResult one = engine().acquire(reqs({"X:/A/C"}), opts("alice", "edit"));
    const AcquireResult two = engine().acquire(reqs({"S:/B/x", "X:/B/y"}), opts("bob", "copy"));
    ASSERT_TRUE(one.granted);
    ASSERT_TRUE(two.granted);
    EXPECT_FALSE(engine().acquire(reqs({"X:/A"}), opts("carol", "delete")).granted)
        << "unrecorded grants still hold their paths";
    releaseOk(one.grant.lease);
    releaseOk(two.grant.lease);
    EXPECT_TRUE(engine().acquire(reqs({"X:/A"}), opts("carol", "delete", kShortTtl)).granted)
        << "unrecorded releases still free their paths";
    pass(kPastShortTtl);
    ASSERT_EQ(engine().sweep("ops"), 1u);

    engine().setEventLevel(EventLevel::All, "ops", "console-2");
    const AcquireResult three = engine().acquire(reqs({"X:/C"}), opts("dave", "edit"));
    ASSERT_TRUE(three.granted);

    const auto events = allEvents();
    ASSERT_EQ(typesOf(events), (std::vector<std::string>{"config", "expire", "sweep", "config", "grant"}));
    EXPECT_EQ(events[0].setting, "events=audit");
    EXPECT_EQ(events[0].by, "ops");
    EXPECT_EQ(events[0].host, "console-1");
    EXPECT_EQ(events[0].lease, "");
    EXPECT_EQ(events[1].owner, "carol");
    EXPECT_EQ(events[3].setting, "events=all");
    EXPECT_EQ(events[3].host, "console-2");
    EXPECT_EQ(events[4].lease, three.grant.lease);
}

TEST_P(Conformance, ForceEvents)
{
    const AcquireResult live = engine().acquire(reqs({"X:/A"}), opts("alice", "edit"));
    ASSERT_EQ(engine().forceRelease(live.grant.lease, forceOpts(true)).status, LeaseStatus::Ok);
    const AcquireResult old = engine().acquire(reqs({"S:/B"}), opts("bob", "read", kShortTtl));
    pass(kPastShortTtl);
    ForceOptions f = forceOpts(false);
    f.host = "";
    f.reason = "cleanup";
    ASSERT_EQ(engine().forceRelease(old.grant.lease, f).status, LeaseStatus::Ok);

    const auto events = allEvents();
    ASSERT_EQ(typesOf(events), (std::vector<std::string>{"grant", "force", "grant", "force"}));
    const Event& e1 = events[1];
    EXPECT_EQ(e1.lease, live.grant.lease);
    EXPECT_EQ(e1.owner, "alice");
    EXPECT_EQ(e1.operation, "edit");
    EXPECT_EQ(e1.requests, reqs({"X:/A"}));
    EXPECT_EQ(e1.fence, live.grant.fence);
    EXPECT_EQ(e1.by, "ops");
    EXPECT_EQ(e1.host, "console-1");
    EXPECT_EQ(e1.reason, "stuck");
    EXPECT_TRUE(e1.wasLive);
    const Event& e2 = events[3];
    EXPECT_EQ(e2.lease, old.grant.lease);
    EXPECT_EQ(e2.owner, "bob");
    EXPECT_EQ(e2.by, "ops");
    EXPECT_EQ(e2.host, "");
    EXPECT_EQ(e2.reason, "cleanup");
    EXPECT_FALSE(e2.wasLive);
}

TEST_P(Conformance, ExpireEvents)
{
    const AcquireResult r = engine().acquire(reqs({"IX:/A"}), opts("alice", "op", kShortTtl));
    pass(kPastShortTtl);
    ASSERT_EQ(engine().sweep("ops"), 1u);
    const auto events = allEvents();
    ASSERT_EQ(typesOf(events), (std::vector<std::string>{"grant", "expire", "sweep"}));
    EXPECT_EQ(events[1].lease, r.grant.lease);
    EXPECT_EQ(events[1].owner, "alice");
    EXPECT_EQ(events[1].requests, reqs({"IX:/A"}));
    EXPECT_EQ(events[1].fence, r.grant.fence);
    EXPECT_EQ(events[1].by, "");
    EXPECT_EQ(events[2].count, 1);
    EXPECT_EQ(events[2].by, "ops");
}

TEST_P(Conformance, SweepOfMoreThanOneBatchAddsOneEvent)
{
    // Long enough that none expires (and is reaped by a later acquire) while we create them.
    const milliseconds ttl = isMemory() ? kShortTtl : 1500ms;
    const int n = kSweepBatch + 5;
    for (int i = 0; i < n; ++i)
        grant({{"/E/" + std::to_string(i), LockMode::X}}, opts("e", "op", ttl));
    ASSERT_EQ(engine().snapshot().leases.size(), static_cast<std::size_t>(n))
        << "creating the leases took longer than their TTL";
    pass(ttl + 80ms);
    EXPECT_EQ(engine().sweep("janitor"), static_cast<std::size_t>(n));
    const auto events = allEvents();
    const auto sweeps = std::count_if(events.begin(), events.end(),
                                      [](const Event& e) { return e.type == EventType::Sweep; });
    EXPECT_EQ(sweeps, 1) << "semantics.md, Sweep: one event with the total count";
    EXPECT_EQ(events.back().type, EventType::Sweep);
    EXPECT_EQ(events.back().count, n);
    EXPECT_TRUE(engine().snapshot().leases.empty());
    EXPECT_TRUE(nodeCounts().empty());
}

TEST_P(Conformance, EventStreamKeepsAboutTheCap)
{
    const int pairs = kEventStreamCap / 2 + 100;
    LeaseId last;
    for (int i = 0; i < pairs; ++i) {
        const AcquireResult r = engine().acquire(reqs({"X:/A"}), opts());
        ASSERT_TRUE(r.granted);
        releaseOk(r.grant.lease);
        last = r.grant.lease;
    }
    const auto events = allEvents();
    EXPECT_GE(events.size(), static_cast<std::size_t>(kEventStreamCap));
    EXPECT_LT(events.size(), static_cast<std::size_t>(2 * pairs));
    ASSERT_FALSE(events.empty());
    EXPECT_EQ(events.back().type, EventType::Release);
    EXPECT_EQ(events.back().lease, last);
}

TEST_P(Conformance, EventIdsIncreaseAndPageByAfterId)
{
    for (int i = 0; i < 10; ++i) {
        const AcquireResult r = engine().acquire({{"/A/" + std::to_string(i), LockMode::X}}, opts());
        releaseOk(r.grant.lease);
    }
    const auto events = allEvents();
    ASSERT_EQ(events.size(), 20u);
    for (std::size_t i = 1; i < events.size(); ++i)
        EXPECT_LT(parseStreamId(events[i - 1].id), parseStreamId(events[i].id)) << events[i].id;
    const auto page = engine().events(events[4].id, 3);
    ASSERT_EQ(page.size(), 3u);
    EXPECT_EQ(page[0].id, events[5].id);
    EXPECT_EQ(page[2].id, events[7].id);
    EXPECT_TRUE(engine().events(events.back().id, 10).empty());
    EXPECT_EQ(engine().events("0", 1000).size(), 20u);
}

// ------------------------------------------------------------ snapshot and fsck

TEST_P(Conformance, SnapshotContentsAndOrder)
{
    const ServerTime t0 = engine().now();
    const AcquireResult a = engine().acquire(reqs({"X:/A"}), opts("alice", "a-op", 50s));
    const AcquireResult b = engine().acquire(reqs({"S:/B", "X:/C/d"}), opts("bob", "b-op", 20s));
    const AcquireResult c = engine().acquire(reqs({"IS:/D"}), opts("carol", "c-op", 35s));
    ASSERT_TRUE(a.granted && b.granted && c.granted);
    const Snapshot snap = engine().snapshot();
    const ServerTime t1 = engine().now();

    EXPECT_GE(snap.serverTime, t0);
    EXPECT_LE(snap.serverTime, t1);
    ASSERT_EQ(snap.leases.size(), 3u);
    EXPECT_EQ(idsOf(snap), (std::vector<std::string>{b.grant.lease, c.grant.lease, a.grant.lease}));
    const LeaseInfo& info = snap.leases[0];
    EXPECT_EQ(info.owner, "bob");
    EXPECT_EQ(info.operation, "b-op");
    EXPECT_EQ(info.requests, reqs({"S:/B", "X:/C/d"}));
    EXPECT_EQ(info.ttl, 20s);
    EXPECT_EQ(info.expiresAt, b.grant.expiresAt);
    EXPECT_EQ(info.createdAt, b.grant.expiresAt - 20s);
    EXPECT_EQ(info.fence, b.grant.fence);
    EXPECT_EQ(info.holds, 1);
    EXPECT_FALSE(info.revoked);
    EXPECT_FALSE(info.expired(snap.serverTime));
}

TEST_P(Conformance, SnapshotOrdersEqualExpiriesById)
{
    // Memory: one clock tick for all; Redis: retry until two leases share a millisecond.
    const LeaseId lo = "00000000000000000000000000000001";
    const LeaseId hi = "ffffffffffffffffffffffffffffffff";
    for (int attempt = 0; attempt < 50; ++attempt) {
        ASSERT_TRUE(engine().acquire(reqs({"X:/Z"}), opts("z", "op", kLongTtl, hi)).granted);
        ASSERT_TRUE(engine().acquire(reqs({"X:/Y"}), opts("y", "op", kLongTtl, lo)).granted);
        const Snapshot snap = engine().snapshot();
        ASSERT_EQ(snap.leases.size(), 2u);
        if (snap.leases[0].expiresAt == snap.leases[1].expiresAt) {
            EXPECT_EQ(idsOf(snap), (std::vector<std::string>{lo, hi}));
            return;
        }
        EXPECT_EQ(idsOf(snap), (std::vector<std::string>{hi, lo}));
        releaseOk(hi);
        releaseOk(lo);
    }
    ADD_FAILURE() << "never got two leases in the same millisecond";
}

TEST_P(Conformance, FsckCleanThenDetectsAndRepairsCorruptCounts)
{
    grant(reqs({"X:/A/C", "S:/B"}));
    grant(reqs({"IX:/A"}));
    const auto good = nodeCounts();
    const FsckReport clean = engine().fsck(false);
    EXPECT_TRUE(clean.clean());
    EXPECT_EQ(clean.leases, 2u);
    EXPECT_EQ(clean.nodeFields, good.size());
    EXPECT_FALSE(clean.repaired);

    corruptCount("/A", LockMode::IX, 7);
    corruptCount("/Z", LockMode::X, 3);
    const FsckReport found = engine().fsck(false);
    EXPECT_FALSE(found.clean());
    EXPECT_FALSE(found.repaired);
    EXPECT_EQ(found.nodeFields, good.size() + 1);
    auto diffs = found.differences;
    std::sort(diffs.begin(), diffs.end(), [](const auto& x, const auto& y) { return x.path < y.path; });
    ASSERT_EQ(diffs.size(), 2u);
    EXPECT_EQ(diffs[0].path, "/A");
    EXPECT_EQ(diffs[0].mode, LockMode::IX);
    EXPECT_EQ(diffs[0].expected, 2);
    EXPECT_EQ(diffs[0].actual, 7);
    EXPECT_EQ(diffs[1].path, "/Z");
    EXPECT_EQ(diffs[1].mode, LockMode::X);
    EXPECT_EQ(diffs[1].expected, 0);
    EXPECT_EQ(diffs[1].actual, 3);
    EXPECT_NE(nodeCounts(), good);

    const FsckReport fixed = engine().fsck(true);
    EXPECT_TRUE(fixed.repaired);
    EXPECT_EQ(fixed.differences.size(), 2u);
    EXPECT_EQ(nodeCounts(), good);
    EXPECT_TRUE(engine().fsck(false).clean());
}

TEST_P(Conformance, FsckCountsExpiredAndRevokedLeases)
{
    grant(reqs({"X:/A"}), opts("a", "op", kShortTtl));
    const LeaseId revoked = grant(reqs({"S:/B"}));
    ASSERT_EQ(engine().forceRelease(revoked, forceOpts(true, 60s)).status, LeaseStatus::Ok);
    pass(kPastShortTtl);
    const FsckReport report = engine().fsck(false);
    EXPECT_TRUE(report.clean());
    EXPECT_EQ(report.leases, 2u);
    EXPECT_EQ(report.nodeFields, 4u);
}

// ------------------------------------------------------------ input validation

TEST_P(Conformance, InvalidInputIsRejectedWithoutChange)
{
    const LeaseId held = newLeaseId();
    ASSERT_TRUE(engine().acquire(reqs({"X:/A"}), opts("alice", "op", kLongTtl, held)).granted);
    const LeaseId revoked = newLeaseId();
    ASSERT_TRUE(engine().acquire(reqs({"X:/R"}), opts("alice", "op", kLongTtl, revoked)).granted);
    ASSERT_EQ(engine().forceRelease(revoked, forceOpts(true, 60s)).status, LeaseStatus::Ok);

    const auto counts = nodeCounts();
    const auto snap = engine().snapshot();
    const auto events = allEvents();

    const auto expectInvalid = [&](const char* what, const std::string& mentions, auto&& call) {
        SCOPED_TRACE(what);
        try {
            call();
            ADD_FAILURE() << what << ": no InvalidInput";
        } catch (const InvalidInput& e) {
            std::string message = e.what();
            std::transform(message.begin(), message.end(), message.begin(),
                           [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
            EXPECT_NE(message.find(mentions), std::string::npos)
                << what << ": message does not name " << mentions << ": " << e.what();
        }
    };
    Engine& e = engine();
    const auto x = reqs({"X:/B"});
    expectInvalid("ttl too short", "ttl", [&] { e.acquire(x, opts("a", "op", 9ms)); });
    expectInvalid("ttl too long", "ttl", [&] { e.acquire(x, opts("a", "op", kMaxTtl + 1ms)); });
    expectInvalid("owner too long", "owner",
                  [&] { e.acquire(x, opts(std::string(kMaxLabelBytes + 1, 'o'))); });
    expectInvalid("owner with NUL", "owner",
                  [&] { e.acquire(x, opts(std::string("al\0ice", 6))); });
    expectInvalid("operation with newline", "operation",
                  [&] { e.acquire(x, opts("a", "move\nX /")); });
    expectInvalid("upper-case lease id", "lease id", [&] {
        e.acquire(x, opts("a", "op", kLongTtl, "0123456789ABCDEF0123456789abcdef"));
    });
    expectInvalid("short lease id", "lease id",
                  [&] { e.acquire(x, opts("a", "op", kLongTtl, "0123456789abcdef")); });
    expectInvalid("no requests", "request", [&] { e.acquire({}, opts()); });
    expectInvalid("relative path", "path", [&] { e.acquire({{"A/B", LockMode::X}}, opts()); });
    expectInvalid("dot segment", "path", [&] { e.acquire({{"/A/../B", LockMode::X}}, opts()); });
    expectInvalid("control character", "path",
                  [&] { e.acquire({{"/A/b\nc", LockMode::X}}, opts()); });
    std::vector<LockRequest> many;
    for (std::size_t i = 0; i <= kMaxRequests; ++i)
        many.push_back({"/M/" + std::to_string(i), LockMode::X});
    expectInvalid("65 requests", "request", [&] { e.acquire(many, opts()); });
    expectInvalid("reentrant with other requests", "other requests",
                  [&] { e.acquire(reqs({"S:/A"}), opts("alice", "op", kLongTtl, held)); });
    expectInvalid("revoked id", "revoked",
                  [&] { e.acquire(reqs({"X:/R"}), opts("alice", "op", kLongTtl, revoked)); });
    expectInvalid("release malformed id", "lease id", [&] { e.release("nope"); });
    expectInvalid("renew malformed id", "lease id", [&] { e.renew("", std::nullopt); });
    expectInvalid("renew ttl too long", "ttl", [&] { e.renew(held, kMaxTtl + 1ms); });
    expectInvalid("renew ttl too short", "ttl", [&] { e.renew(held, 1ms); });
    expectInvalid("force malformed id", "lease id", [&] { e.forceRelease("x", forceOpts(true)); });
    expectInvalid("force without operator", "operator", [&] {
        ForceOptions f = forceOpts(true);
        f.operatorName.clear();
        e.forceRelease(held, f);
    });
    expectInvalid("force without reason", "reason", [&] {
        ForceOptions f = forceOpts(true);
        f.reason.clear();
        e.forceRelease(held, f);
    });
    expectInvalid("force host too long", "host", [&] {
        ForceOptions f = forceOpts(true);
        f.host = std::string(kMaxLabelBytes + 1, 'h');
        e.forceRelease(held, f);
    });
    expectInvalid("force negative lock-delay", "lock-delay",
                  [&] { e.forceRelease(held, forceOpts(true, -1ms)); });
    expectInvalid("sweep operator with newline", "operator", [&] { e.sweep("a\nb"); });

    EXPECT_THROW(e.acquire({{"/A/./B", LockMode::X}}, opts()), InvalidPath);
    EXPECT_EQ(nodeCounts(), counts);
    EXPECT_EQ(allEvents().size(), events.size());

    EXPECT_NO_THROW(e.acquire(x, opts(std::string(kMaxLabelBytes, 'o'), "op", kMinTtl)));
    EXPECT_NO_THROW(e.acquire({{"/M2", LockMode::X}}, opts("a", "op", kMaxTtl)));

    // Only the last two (valid) acquires changed anything.
    const auto eventsAfter = allEvents();
    ASSERT_EQ(eventsAfter.size(), events.size() + 2);
    EXPECT_EQ(eventsAfter[events.size()].type, EventType::Grant);
    const Snapshot snapAfter = engine().snapshot();
    EXPECT_EQ(snapAfter.leases.size(), snap.leases.size() + 2);
    for (const LeaseInfo& l : snap.leases) {
        const auto it = std::find_if(snapAfter.leases.begin(), snapAfter.leases.end(),
                                     [&](const LeaseInfo& a) { return a.id == l.id; });
        ASSERT_NE(it, snapAfter.leases.end());
        EXPECT_EQ(it->holds, l.holds);
        EXPECT_EQ(it->expiresAt, l.expiresAt);
        EXPECT_EQ(it->ttl, l.ttl);
        EXPECT_EQ(it->revoked, l.revoked);
    }
}

TEST_P(Conformance, InvalidInputLeavesCountsUntouched)
{
    const LeaseId held = newLeaseId();
    ASSERT_TRUE(engine().acquire(reqs({"X:/A"}), opts("alice", "op", kLongTtl, held)).granted);
    const auto counts = nodeCounts();
    EXPECT_THROW(engine().acquire(reqs({"X:/B"}), opts("a", "op", 5ms)), InvalidInput);
    EXPECT_THROW(engine().acquire(reqs({"X:/A", "X:/B"}), opts("a", "op", kLongTtl, held)),
                 InvalidInput);
    EXPECT_THROW(engine().acquire({{"/B", LockMode::X}, {"rel", LockMode::X}}, opts()), InvalidInput);
    EXPECT_EQ(nodeCounts(), counts);
}

// ------------------------------------------------------------ wake-ups
//
// A refused acquire that says it waits (AcquireOptions::wait) makes the next
// releases, expiries and forced releases wake subscribers, for that long.

/// A refused attempt on `lock` by a caller who waits up to `wait` for a wake-up.
void Conformance_waitFor(Engine& engine, const std::string& lock, std::chrono::milliseconds wait = 5s)
{
    AcquireOptions o = opts("waiter");
    o.wait = wait;
    EXPECT_FALSE(engine.acquire(reqs({lock.c_str()}), o).granted) << lock << " should be held";
}

TEST_P(Conformance, WakeSignalFiresOnRelease)
{
    const LeaseId id = grant(reqs({"X:/A"}));
    auto signal = engine().subscribeWake();
    Conformance_waitFor(engine(), "X:/A");
    std::thread releaser([&] {
        std::this_thread::sleep_for(50ms);
        engine().release(id);
    });
    const auto start = std::chrono::steady_clock::now();
    const bool woken = signal->wait(start + 5s);
    releaser.join();
    EXPECT_TRUE(woken);
    EXPECT_LT(std::chrono::steady_clock::now() - start, 4s);
}

TEST_P(Conformance, WakeSignalSeesAReleaseBeforeItsWait)
{
    const LeaseId id = grant(reqs({"X:/A"}));
    auto signal = engine().subscribeWake();
    Conformance_waitFor(engine(), "S:/A/B");
    releaseOk(id);
    EXPECT_TRUE(signal->wait(std::chrono::steady_clock::now() + 5s));
}

TEST_P(Conformance, WakeSignalTimesOutWithoutRelease)
{
    const LeaseId id = grant(reqs({"X:/A"}));
    releaseOk(id); // before the subscription: not seen
    auto signal = engine().subscribeWake();
    grant(reqs({"X:/B"}));
    const auto start = std::chrono::steady_clock::now();
    EXPECT_FALSE(signal->wait(start + 150ms));
    EXPECT_GE(std::chrono::steady_clock::now() - start, 140ms);
}

TEST_P(Conformance, WakeSignalFiresOnForceAndExpiry)
{
    const LeaseId a = grant(reqs({"X:/A"}));
    grant(reqs({"X:/B"}), opts("b", "op", kShortTtl));
    auto signal = engine().subscribeWake();
    Conformance_waitFor(engine(), "X:/");
    ASSERT_EQ(engine().forceRelease(a, forceOpts(true)).status, LeaseStatus::Ok);
    EXPECT_TRUE(signal->wait(std::chrono::steady_clock::now() + 5s));
    pass(kPastShortTtl);
    ASSERT_EQ(engine().sweep("ops"), 1u);
    EXPECT_TRUE(signal->wait(std::chrono::steady_clock::now() + 5s));
}

// ------------------------------------------------------------ waiters and fairness

// An attempt of waiter `id`: it names its id and waits.
AcquireOptions waiting(std::string owner, std::string op, const LeaseId& id, milliseconds refresh = kWaitRefresh)
{
    AcquireOptions o = opts(std::move(owner), std::move(op));
    o.leaseId = id;
    o.wait = 10s;
    o.waitRefresh = refresh;
    return o;
}

const LeaseId kWriter(32, 'a');
const LeaseId kSecondWriter(32, 'b');
const LeaseId kReader(32, 'c');

TEST_P(Conformance, RefusedWaiterIsListedUntilItsGrant)
{
    const LeaseId holder = grant(reqs({"X:/A"}), opts("alice", "move"));
    const AcquireResult refused = engine().acquire(reqs({"S:/A/b"}), waiting("bob", "copy", kReader));
    ASSERT_FALSE(refused.granted);
    ASSERT_TRUE(refused.blocker);
    EXPECT_FALSE(refused.blocker->queued);

    const Snapshot snap = engine().snapshot();
    ASSERT_EQ(snap.waiters.size(), 1u);
    const WaiterInfo& w = snap.waiters[0];
    EXPECT_EQ(w.id, kReader);
    EXPECT_EQ(w.owner, "bob");
    EXPECT_EQ(w.operation, "copy");
    EXPECT_EQ(w.requests, reqs({"S:/A/b"}));
    EXPECT_LE(w.since, snap.serverTime);
    EXPECT_EQ(w.expiresAt, w.lastAttempt + kWaitRefresh);
    EXPECT_FALSE(w.holdsBack) << "within the grace";
    EXPECT_EQ(w.blocker.lease, holder);
    EXPECT_EQ(w.blocker.owner, "alice");
    EXPECT_EQ(w.blocker.operation, "move");
    EXPECT_EQ(w.blocker.clashPath, "/A");
    EXPECT_EQ(w.blocker.heldMode, LockMode::X);

    // Attempts without a wait, or without an id, are no waiters.
    EXPECT_FALSE(engine().acquire(reqs({"S:/A/c"}), opts("carol", "copy", kLongTtl, kWriter)).granted);
    AcquireOptions anonymous = opts("dave", "copy");
    anonymous.wait = 10s;
    EXPECT_FALSE(engine().acquire(reqs({"S:/A/d"}), anonymous).granted);
    EXPECT_EQ(engine().snapshot().waiters.size(), 1u);

    releaseOk(holder);
    const AcquireResult granted = engine().acquire(reqs({"S:/A/b"}), waiting("bob", "copy", kReader));
    ASSERT_TRUE(granted.granted);
    EXPECT_EQ(granted.grant.lease, kReader);
    EXPECT_TRUE(engine().snapshot().waiters.empty()) << "the grant ends the registration";
}

TEST_P(Conformance, CancelWaitEndsTheRegistration)
{
    grant(reqs({"X:/A"}));
    ASSERT_FALSE(engine().acquire(reqs({"X:/A"}), waiting("bob", "delete", kWriter)).granted);
    EXPECT_TRUE(engine().cancelWait(kWriter));
    EXPECT_TRUE(engine().snapshot().waiters.empty());
    EXPECT_FALSE(engine().cancelWait(kWriter)) << "nothing left to cancel";
    EXPECT_THROW(engine().cancelWait("not-an-id"), InvalidInput);
    AcquireOptions bad = waiting("bob", "delete", kWriter, 5ms);
    EXPECT_THROW(engine().acquire(reqs({"X:/A"}), bad), InvalidInput) << "a refresh below 10 ms";
    EXPECT_TRUE(engine().snapshot().waiters.empty()) << "a refused call registers nothing";
}

TEST_P(Conformance, OlderWaiterHoldsBackNewerConflictingRequests)
{
    engine().setFairnessGrace(0ms, "ops");
    EXPECT_EQ(engine().fairnessGrace(), 0ms);
    const LeaseId reader = grant(reqs({"S:/r/x"}), opts("carol", "copy"));

    const AcquireResult writer = engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter));
    ASSERT_FALSE(writer.granted);
    EXPECT_EQ(writer.blocker->lease, reader);
    ASSERT_EQ(engine().snapshot().waiters.size(), 1u);
    EXPECT_TRUE(engine().snapshot().waiters[0].holdsBack) << "grace 0: at once";

    // A newer reader of /r/x would have got in beside carol; now it waits behind bob.
    const AcquireResult newer = engine().acquire(reqs({"S:/r/y"}), opts("dave", "copy"));
    ASSERT_FALSE(newer.granted);
    ASSERT_TRUE(newer.blocker);
    EXPECT_TRUE(newer.blocker->queued);
    EXPECT_EQ(clashOf(*newer.blocker), (Clash{"/r", LockMode::X, kWriter, "/r", LockMode::X}));
    EXPECT_EQ(newer.blocker->owner, "bob");
    EXPECT_EQ(newer.blocker->operation, "delete");
    EXPECT_EQ(newer.blocker->wanted, reqs({"S:/r/y"})[0]);
    EXPECT_EQ(newer.blocker->expiresIn, 0ms);
    // So is an ancestor's reader, and a writer beside bob on the root.
    EXPECT_TRUE(engine().acquire(reqs({"S:/"}), opts("erin", "copy")).blocker->queued);
    // Requests that do not conflict with bob's go on.
    EXPECT_TRUE(grantable(reqs({"S:/q/x"})));
    EXPECT_TRUE(grantable(reqs({"X:/s"})));

    releaseOk(reader);
    const AcquireResult in = engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter));
    ASSERT_TRUE(in.granted) << "the oldest waiter is held back by holders only";
    EXPECT_TRUE(engine().snapshot().waiters.empty());
    const AcquireResult after = engine().acquire(reqs({"S:/r/y"}), opts("dave", "copy"));
    ASSERT_FALSE(after.granted);
    EXPECT_FALSE(after.blocker->queued) << "now bob holds /r";
}

TEST_P(Conformance, WaitersQueueInTheOrderTheyFirstWaited)
{
    engine().setFairnessGrace(0ms, "ops");
    const LeaseId holder = grant(reqs({"X:/r/x"}), opts("alice", "edit"));
    ASSERT_FALSE(engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter)).granted);
    pass(2ms);
    ASSERT_FALSE(engine().acquire(reqs({"X:/r", "S:/t"}), waiting("carol", "move", kSecondWriter)).granted);
    const Snapshot snap = engine().snapshot();
    ASSERT_EQ(snap.waiters.size(), 2u);
    EXPECT_EQ(snap.waiters[0].id, kWriter) << "oldest first";
    EXPECT_EQ(snap.waiters[1].id, kSecondWriter);

    releaseOk(holder);
    // carol tries first, but bob waited longer.
    const AcquireResult second = engine().acquire(reqs({"X:/r", "S:/t"}), waiting("carol", "move", kSecondWriter));
    ASSERT_FALSE(second.granted);
    EXPECT_TRUE(second.blocker->queued);
    EXPECT_EQ(second.blocker->lease, kWriter);
    const AcquireResult first = engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter));
    ASSERT_TRUE(first.granted);
    // carol's reservation on /t (a request of hers no holder blocks) holds back a newer writer there.
    const AcquireResult onT = engine().acquire(reqs({"X:/t/u"}), opts("dave", "edit"));
    ASSERT_FALSE(onT.granted);
    EXPECT_EQ(clashOf(*onT.blocker), (Clash{"/t", LockMode::S, kSecondWriter, "/t", LockMode::S}));
    releaseOk(first.grant.lease);
    EXPECT_TRUE(engine().acquire(reqs({"X:/r", "S:/t"}), waiting("carol", "move", kSecondWriter)).granted);
}

// A holder that renews by watchdog and stops (it crashed) is presumed dead once it
// has gone kPresumedDeadPeriods of its renewal period without renewing: whoever
// waits for its lease stops holding back newer requests, which would otherwise wait
// behind the dead lease's queue until its TTL. The lease still excludes. A lease
// that never said it renews keeps its waiters holding back, as before.
TEST_P(Conformance, WaitersOfAHolderPresumedDeadStopHoldingBack)
{
    engine().setFairnessGrace(0ms, "ops");
    AcquireOptions renewing = opts("alice", "edit", 10s);
    renewing.renewEvery = 1000ms;
    const LeaseId alice = grant(reqs({"X:/a/x"}), renewing);
    const LeaseId erin = grant(reqs({"X:/b/x"}), opts("erin", "edit", 10s));
    const AcquireResult bob = engine().acquire(reqs({"X:/a"}), waiting("bob", "delete", kWriter));
    ASSERT_FALSE(bob.granted);
    EXPECT_EQ(bob.blocker->lease, alice);
    const AcquireResult frank = engine().acquire(reqs({"X:/b"}), waiting("frank", "delete", kSecondWriter));
    ASSERT_FALSE(frank.granted);
    EXPECT_EQ(frank.blocker->lease, erin);
    // While alice may still renew, bob holds carol back; frank holds dave back.
    const AcquireResult early = engine().acquire(reqs({"X:/a/y"}), opts("carol", "edit"));
    ASSERT_FALSE(early.granted);
    EXPECT_TRUE(early.blocker->queued);
    EXPECT_EQ(early.blocker->lease, kWriter);

    pass(1600ms); // alice missed her renewals; erin never said she renews
    const AcquireResult carol = engine().acquire(reqs({"X:/a/y"}), opts("carol", "edit"));
    EXPECT_TRUE(carol.granted) << "bob waits for a lease presumed dead: he holds nobody back";
    const AcquireResult dave = engine().acquire(reqs({"X:/b/y"}), opts("dave", "edit"));
    ASSERT_FALSE(dave.granted);
    EXPECT_EQ(dave.blocker->lease, kSecondWriter) << "a lease that never said it renews keeps today's rule";
    const AcquireResult onAlice = engine().acquire(reqs({"X:/a/x"}), opts("gina", "edit"));
    ASSERT_FALSE(onAlice.granted);
    EXPECT_EQ(onAlice.blocker->lease, alice) << "presumed dead is not revoked: the lease still excludes";
    // A renewal brings her back: bob holds back again.
    EXPECT_EQ(engine().renew(alice, std::nullopt).status, LeaseStatus::Ok);
    const AcquireResult later = engine().acquire(reqs({"X:/a/z"}), opts("hugo", "edit"));
    ASSERT_FALSE(later.granted);
    EXPECT_EQ(later.blocker->lease, kWriter);
    // A renewal period out of range is refused before anything runs.
    AcquireOptions bad = opts("ivan", "edit", 100ms);
    bad.renewEvery = 200ms;
    EXPECT_THROW(engine().acquire(reqs({"X:/c"}), bad), InvalidInput);
}

// A waiter queued behind the waiter of a holder presumed dead holds nobody back
// either: without that, the dead lease's queue would still hold its subtree.
TEST_P(Conformance, AQueueBehindAHolderPresumedDeadStopsHoldingBack)
{
    engine().setFairnessGrace(0ms, "ops");
    AcquireOptions renewing = opts("alice", "edit", 10s);
    renewing.renewEvery = 1000ms;
    const LeaseId alice = grant(reqs({"X:/a/x"}), renewing);
    ASSERT_EQ(engine().acquire(reqs({"X:/a"}), waiting("bob", "delete", kWriter)).blocker->lease, alice);
    const AcquireResult frank = engine().acquire(reqs({"X:/a/z"}), waiting("frank", "edit", kSecondWriter));
    ASSERT_FALSE(frank.granted);
    ASSERT_TRUE(frank.blocker->queued);
    ASSERT_EQ(frank.blocker->lease, kWriter) << "frank queues behind bob";
    EXPECT_FALSE(engine().acquire(reqs({"X:/a/z"}), opts("carol", "edit")).granted);

    pass(1600ms);
    const AcquireResult carol = engine().acquire(reqs({"X:/a/z"}), opts("carol", "edit"));
    EXPECT_TRUE(carol.granted) << "frank queues behind bob, who waits for a lease presumed dead";
}

// Two-party wait cycle: bob waits for alice's lease and holds back; alice, still
// holding it, asks for more that bob's reservation covers. Waiting behind bob would
// make each wait for the other until a wait runs out, so a request that names the
// lease bob waits for is not held back by him. Anyone else still is.
TEST_P(Conformance, AHolderIsNotHeldBackByAWaiterThatWaitsForIt)
{
    engine().setFairnessGrace(0ms, "ops");
    const LeaseId first = grant(reqs({"S:/a/c"}), opts("alice", "copy"));
    const AcquireResult bob = engine().acquire(reqs({"X:/a"}), waiting("bob", "delete", kWriter));
    ASSERT_FALSE(bob.granted);
    ASSERT_EQ(bob.blocker->lease, first);
    ASSERT_TRUE(engine().snapshot().waiters[0].holdsBack);

    // Without naming what she holds, alice queues behind bob, who waits for her.
    const AcquireResult unnamed = engine().acquire(reqs({"S:/a/d"}), opts("alice", "copy"));
    ASSERT_FALSE(unnamed.granted);
    EXPECT_TRUE(unnamed.blocker->queued);
    EXPECT_EQ(unnamed.blocker->lease, kWriter);

    // Naming her lease, she goes on; carol, who holds nothing bob waits for, does not.
    AcquireOptions holding = opts("alice", "copy");
    holding.holding = {first};
    const AcquireResult second = engine().acquire(reqs({"S:/a/d"}), holding);
    EXPECT_TRUE(second.granted);
    AcquireOptions other = opts("carol", "copy");
    other.holding = {second.grant.lease};
    const AcquireResult carol = engine().acquire(reqs({"S:/a/e"}), other);
    ASSERT_FALSE(carol.granted);
    EXPECT_EQ(carol.blocker->lease, kWriter) << "fairness toward everyone else is unchanged";

    // Bad input: more than 64 leases, or a malformed id, is refused before anything runs.
    AcquireOptions tooMany = opts("alice", "copy");
    tooMany.holding.assign(65, first);
    EXPECT_THROW(engine().acquire(reqs({"S:/a/f"}), tooMany), InvalidInput);
    AcquireOptions malformed = opts("alice", "copy");
    malformed.holding = {"not-a-lease"};
    EXPECT_THROW(engine().acquire(reqs({"S:/a/f"}), malformed), InvalidInput);
}

TEST_P(Conformance, ReadersAreNotSerializedWhenNoWriterWaits)
{
    engine().setFairnessGrace(0ms, "ops");
    grant(reqs({"X:/r/x"}), opts("alice", "edit"));
    // A reader of /r waits for alice and holds back S on /r and IS on the root.
    ASSERT_FALSE(engine().acquire(reqs({"S:/r"}), waiting("bob", "copy", kReader)).granted);
    ASSERT_TRUE(engine().snapshot().waiters[0].holdsBack);
    EXPECT_TRUE(grantable(reqs({"S:/r/y", "S:/t"}))) << "readers beside a waiting reader go on";
    EXPECT_FALSE(engine().acquire(reqs({"X:/r/y"}), opts("dave", "edit")).granted)
        << "a writer under the waiting reader waits behind it";
}

TEST_P(Conformance, AWaiterThatStopsTryingHoldsNobodyBackAfterItsRefresh)
{
    engine().setFairnessGrace(0ms, "ops");
    grant(reqs({"S:/r/x"}));
    ASSERT_FALSE(engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter, kShortTtl)).granted);
    EXPECT_TRUE(engine().acquire(reqs({"S:/r/y"}), opts("dave", "copy")).blocker->queued);
    pass(kPastShortTtl);
    EXPECT_TRUE(engine().snapshot().waiters.empty()) << "its registration ran out";
    EXPECT_TRUE(grantable(reqs({"S:/r/y"}))) << "and its place in the queue with it";
}

TEST_P(Conformance, CancelledWaiterHoldsNobodyBack)
{
    engine().setFairnessGrace(0ms, "ops");
    grant(reqs({"S:/r/x"}));
    ASSERT_FALSE(engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter)).granted);
    auto signal = engine().subscribeWake();
    ASSERT_FALSE(engine().acquire(reqs({"S:/r/y"}), waiting("dave", "copy", kReader)).granted);
    ASSERT_TRUE(engine().cancelWait(kWriter));
    EXPECT_TRUE(signal->wait(std::chrono::steady_clock::now() + 5s)) << "whoever it held back is woken";
    EXPECT_TRUE(engine().acquire(reqs({"S:/r/y"}), waiting("dave", "copy", kReader)).granted);
}

TEST_P(Conformance, WaitersHoldBackOnlyAfterTheGrace)
{
    EXPECT_EQ(engine().fairnessGrace(), kDefaultGrace);
    grant(reqs({"S:/r/x"}));
    ASSERT_FALSE(engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter)).granted);
    EXPECT_FALSE(engine().snapshot().waiters[0].holdsBack);
    EXPECT_TRUE(grantable(reqs({"S:/r/y"}))) << "within the grace nobody is held back";
    pass(kDefaultGrace + 5ms);
    ASSERT_FALSE(engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter)).granted);
    EXPECT_TRUE(engine().snapshot().waiters[0].holdsBack);
    EXPECT_TRUE(engine().acquire(reqs({"S:/r/z"}), opts("dave", "copy")).blocker->queued);
}

TEST_P(Conformance, FairnessOffFreesWhoWasHeldBack)
{
    engine().setFairnessGrace(0ms, "ops", "console-1");
    grant(reqs({"S:/r/x"}));
    ASSERT_FALSE(engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter)).granted);
    ASSERT_FALSE(grantable(reqs({"S:/r/y"})));
    EXPECT_THROW(engine().setFairnessGrace(milliseconds(-1), "ops"), InvalidInput);
    EXPECT_THROW(engine().setFairnessGrace(kMaxGrace + 1ms, "ops"), InvalidInput);
    EXPECT_THROW(engine().setFairnessGrace(std::nullopt, ""), InvalidInput) << "the operator is recorded";
    EXPECT_EQ(engine().fairnessGrace(), 0ms) << "refused changes change nothing";

    engine().setFairnessGrace(std::nullopt, "ops", "console-2");
    engine().setFairnessGrace(std::nullopt, "ops", "console-2"); // in force: no event
    EXPECT_EQ(engine().fairnessGrace(), std::nullopt);
    EXPECT_TRUE(grantable(reqs({"S:/r/y"})));
    ASSERT_EQ(engine().snapshot().waiters.size(), 1u) << "waiters are still listed";
    EXPECT_FALSE(engine().snapshot().waiters[0].holdsBack);
    ASSERT_FALSE(engine().acquire(reqs({"X:/r"}), waiting("bob", "delete", kWriter)).granted);
    EXPECT_FALSE(engine().snapshot().waiters[0].holdsBack) << "and hold nobody back while fairness is off";

    engine().setFairnessGrace(20ms, "ops");
    EXPECT_EQ(engine().fairnessGrace(), 20ms);
    std::vector<std::string> settings;
    for (const Event& e : allEvents()) {
        if (e.type == EventType::Config)
            settings.push_back(e.setting);
    }
    EXPECT_EQ(settings, (std::vector<std::string>{"grace=0", "grace=off", "grace=20"}));
}

TEST_P(Conformance, RefusalsAreCountedPerClashPath)
{
    grant(reqs({"X:/A"}), opts("alice", "delete"));
    grant(reqs({"S:/B/x"}), opts("bob", "copy"));
    EXPECT_TRUE(engine().contention(10).empty());
    ASSERT_FALSE(engine().acquire(reqs({"S:/A/b"}), opts("carol", "copy")).granted);
    ASSERT_FALSE(engine().acquire(reqs({"S:/A/c"}), opts("carol", "copy")).granted);
    ASSERT_FALSE(engine().acquire(reqs({"X:/A/c/d"}), waiting("dave", "upload", kWriter)).granted);
    ASSERT_FALSE(engine().acquire(reqs({"X:/B"}), opts("erin", "move")).granted);

    const std::vector<HotPath> hot = engine().contention(10);
    ASSERT_EQ(hot.size(), 2u);
    EXPECT_EQ(hot[0].path, "/A");
    EXPECT_EQ(hot[0].total, 3);
    EXPECT_GT(hot[0].refusals, 2.9);
    EXPECT_LE(hot[0].refusals, 3.0);
    EXPECT_EQ(hot[0].waiters, 1u) << "dave waits on /A";
    ASSERT_FALSE(hot[0].operations.empty());
    EXPECT_EQ(hot[0].operations[0].wanted, "copy") << "the most frequent pair first";
    EXPECT_EQ(hot[0].operations[0].blocking, "delete");
    EXPECT_EQ(hot[0].operations[0].count, 2);
    EXPECT_EQ(hot[1].path, "/B") << "X on /B clashed with the IS bob's S on /B/x leaves there";
    EXPECT_EQ(hot[1].total, 1);
    EXPECT_EQ(hot[1].waiters, 0u);
    EXPECT_EQ(engine().contention(1).size(), 1u);
    EXPECT_THROW(engine().contention(0), InvalidInput);
    EXPECT_THROW(engine().contention(kContentionPaths + 1), InvalidInput);
}

TEST_P(Conformance, AWaiterCountsOncePerBlockerHoweverOftenItRetries)
{
    engine().setFairnessGrace(std::nullopt, "ops"); // so that bob may come in ahead of dave below
    const LeaseId alice = grant(reqs({"X:/A"}), opts("alice", "move"));
    ASSERT_FALSE(engine().acquire(reqs({"X:/A/b"}), waiting("dave", "upload", kWriter)).granted);
    ASSERT_EQ(engine().contention(1).size(), 1u);
    const ServerTime first = engine().contention(1)[0].last;
    for (int i = 0; i < 2; ++i) {
        pass(20ms);
        ASSERT_FALSE(engine().acquire(reqs({"X:/A/b"}), waiting("dave", "upload", kWriter)).granted);
    }
    EXPECT_EQ(engine().contention(1)[0].total, 1) << "one person waiting behind one lease";
    EXPECT_GE(engine().contention(1)[0].last, first + 40ms) << "the retries move the latest refusal";
    AcquireOptions last = waiting("dave", "upload", kWriter);
    last.wait = 0ms; // the last attempt of a wait that ran out
    ASSERT_FALSE(engine().acquire(reqs({"X:/A/b"}), last).granted);
    EXPECT_EQ(engine().contention(1)[0].total, 1) << "still registered, still the same lease";
    for (int i = 0; i < 2; ++i)
        ASSERT_FALSE(engine().acquire(reqs({"S:/A/c"}), opts("carol", "copy")).granted);
    EXPECT_EQ(engine().contention(1)[0].total, 3) << "calls that do not wait count each time";

    // Alice leaves, bob comes in ahead of dave: another lease turns dave away.
    releaseOk(alice);
    const LeaseId bob = grant(reqs({"S:/A"}), opts("bob", "copy"));
    for (int i = 0; i < 2; ++i)
        ASSERT_FALSE(engine().acquire(reqs({"X:/A/b"}), waiting("dave", "upload", kWriter)).granted);
    const HotPath hot = engine().contention(1).at(0);
    EXPECT_EQ(hot.path, "/A");
    EXPECT_EQ(hot.total, 4);
    EXPECT_EQ(hot.waiters, 1u);
    std::vector<std::string> pairs;
    for (const HotPath::Pair& p : hot.operations)
        pairs.push_back(p.wanted + "/" + p.blocking + "x" + std::to_string(p.count));
    EXPECT_EQ(pairs, (std::vector<std::string>{"copy/movex2", "upload/movex1", "upload/copyx1"}));
    releaseOk(bob);
}

TEST_P(Conformance, ContentionKeepsTheMostRefusedPaths)
{
    const std::size_t paths = kContentionPaths + 4;
    for (std::size_t i = 0; i < paths; ++i)
        grant({LockRequest{"/h/" + std::to_string(i), LockMode::X}});
    for (int i = 0; i < 3; ++i)
        ASSERT_FALSE(grantable({LockRequest{"/h/0/x", LockMode::S}}));
    for (std::size_t i = 1; i < paths; ++i)
        ASSERT_FALSE(grantable({LockRequest{"/h/" + std::to_string(i), LockMode::S}}));
    const auto hot = engine().contention(kContentionPaths);
    ASSERT_EQ(hot.size(), kContentionPaths) << "bounded";
    EXPECT_EQ(hot[0].path, "/h/0") << "the most refused path stays, first";
    EXPECT_EQ(hot[0].total, 3);
    const std::string newest = "/h/" + std::to_string(paths - 1);
    EXPECT_TRUE(std::any_of(hot.begin(), hot.end(), [&](const HotPath& h) { return h.path == newest; }))
        << "a new path replaces the lightest";
}

// ------------------------------------------------------------ misc

TEST_P(Conformance, DescribeAndProject)
{
    EXPECT_EQ(engine().project(), kProject);
    if (isMemory()) {
        EXPECT_EQ(engine().describe(), "memory");
    } else if (GetParam() == "cluster") {
        // "redis+cluster://127.0.0.1:P (slot S on 127.0.0.1:Q)"
        const std::string expected = sharedCluster().url() + " (slot " + std::to_string(ClusterGroup::slotOf(kProject))
                                     + " on " + m_redis->primary().value().text() + ")";
        EXPECT_EQ(engine().describe(), expected);
    } else {
        EXPECT_EQ(engine().describe().rfind("unix://", 0), 0u) << engine().describe();
    }
}

#ifdef TREELOCK_CONFORMANCE_CLUSTER
INSTANTIATE_TEST_SUITE_P(Engines, Conformance, ::testing::Values("cluster"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });
#else
INSTANTIATE_TEST_SUITE_P(Engines, Conformance, ::testing::Values("memory", "redis"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });
#endif

} // namespace
