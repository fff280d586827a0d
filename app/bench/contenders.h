#pragma once

#include "floor.h"

#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace treelock::bench {

/// What is measured. Every lock contender does one acquire + release pair per
/// operation; the ceiling contenders one command.
enum class ContenderId {
    TreelockDepth3,
    TreelockDepth3Empty,
    TreelockDepth3Audit,
    TreelockDepth3Waiter,
    TreelockDepth10,
    TreelockDepth10Empty,
    TreelockMove,
    FloorDepth3,
    FloorDepth10,
    BareDepth3,
    BareDepth10,
    Seed,
    Plain,
    Ping,
    EvalOne
};

struct ContenderInfo {
    ContenderId id;
    const char* key;         ///< short id: tl-d3, seed, ...
    const char* label;       ///< for tables and the plot
    const char* unit;        ///< "pair" (acquire + release) or "op"
    /// INFO commandstats entries whose time is this contender's server time.
    std::vector<const char*> serverCommands;
    int callsPerOp;          ///< calls of those commands per operation (checked)
};

/// In presentation order.
const std::vector<ContenderInfo>& allContenders();
const ContenderInfo& contenderInfo(ContenderId id);

/// The seed's folder lock (the article "redis实现分布式文件夹锁"), Lua exactly as published: it
/// reproduces the seed's flawed design ON PURPOSE, as the baseline Treelock
/// replaces. Its acquire reads every locked path of the project (HKEYS) and
/// compares each with string.find used as a Lua *pattern* in both directions
/// (O(N) per acquire, no segment boundaries, pattern characters misbehave),
/// and it trusts the client's clock (ARGV[3]) for expiry. Do not fix it here.
extern const std::string_view kSeedAcquireLua;
extern const std::string_view kSeedReleaseLua;
/// The classic token lock's release (SET NX PX, then compare-and-delete).
extern const std::string_view kPlainReleaseLua;
/// The ceiling script: does nothing but answer.
extern const std::string_view kReturnOneLua;

/// SHA1s of the scripts above, from SCRIPT LOAD.
struct ScriptShas {
    std::string seedAcquire;
    std::string seedRelease;
    std::string plainRelease;
    std::string returnOne;
    /// Loads every script; throws on an error reply.
    static ScriptShas load(redis::RawConnection& client);
};

/// Key names and paths shared by the measured operations and the held leases.
struct Layout {
    std::string project = "bench";
    /// Seed: project "id" appended to the seed's constant, as its Java does.
    std::string seedHash() const { return "cs:lockedHashKey1"; }
    /// Seed lock key: the project name followed by the path, as the seed's "项目/A/C".
    std::string seedKey(std::string_view path) const { return project + std::string(path); }
    std::string plainKey(std::string_view path) const { return "plain:" + project + std::string(path); }
    /// A second Treelock project on the same server that never holds anything
    /// but the measured pair: Treelock "at N = 0", measured in every phase,
    /// interleaved with Treelock at N (tl-d3-0, tl-d10-0).
    std::string emptyProject() const { return project + "-empty"; }
    redis::KeySchema keys() const { return redis::KeySchema(project); }
    /// The floor of the tl-d3 and tl-d10 pairs ("d3", "d10"; see floor.h),
    /// recorded in `project` as it is at the time (the runner records it again
    /// after populating each N, so the floor finds what the pair finds).
    std::vector<FloorPair> floor;
    redis::KeySchema emptyKeys() const { return redis::KeySchema(emptyProject()); }
    /// A third project, set to events=audit (no grant or release events), that
    /// holds nothing but the measured pair (tl-d3-a): compare with tl-d3-0.
    std::string auditProject() const { return project + "-audit"; }
    /// A fourth, where one waiter holds back (a request that waits for a lease
    /// held on /q/held, past the grace), beside the measured pair (tl-d3-w):
    /// compare with tl-d3-0 for what fairness costs a pair while someone waits.
    std::string waiterProject() const { return project + "-waiter"; }

    /// Measured paths of client slot `slot`: under /t0/w<slot>, a subtree no
    /// held lease touches (held leases are below /t<a>/u<b>), so nothing blocks
    /// them, while the ancestors they share with held leases carry real counts.
    static std::string depth3(int slot) { return "/t0/w" + std::to_string(slot) + "/m"; }
    static std::string depth10(int slot)
    {
        return "/t0/w" + std::to_string(slot) + "/a/b/c/d/e/f/g/m";
    }
    static std::string moveSource(int slot) { return "/t0/w" + std::to_string(slot) + "/s"; }
    static std::string moveTarget(int slot) { return "/t0/w" + std::to_string(slot) + "/d"; }
    /// Held lease i (depth 3): /t<i % 100>/u<(i / 100) % 100>/f<i / 10000>;
    /// distinct for every i, spread over 100 x 100 folders. The seed's string.find
    /// finds neither a held path in a measured one nor the other way round.
    static std::string held(long long i);
};

/// One client thread's resources: its own RedisEngine (own connection) for
/// Treelock and its own raw connection for the others. Used by one thread
/// at a time.
class Slot {
public:
    Slot(int index, const std::string& url, const Layout& layout, const ScriptShas& shas);
    ~Slot();
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;

    /// One operation of `id`. True if every reply was what success looks like;
    /// otherwise false with `error` set (a refused grant is an error, not speed).
    /// Never throws.
    bool run(ContenderId id, std::string& error) noexcept;

    RedisEngine& engine() { return *m_engine; }
    RedisEngine& emptyEngine() { return *m_emptyEngine; }
    redis::RawConnection& client() { return *m_client; }
    int index() const noexcept { return m_index; }

private:
    bool treelockPair(RedisEngine& engine, const std::vector<LockRequest>& requests,
                      const AcquireOptions& options, std::string& error);
    bool floorPair(std::string_view name, std::string& error);
    bool barePair(const std::vector<LockRequest>& requests, std::string& error);
    bool seedPair(std::string& error);
    bool plainPair(std::string& error);
    bool ping(std::string& error);
    bool evalOne(std::string& error);
    /// EVALSHA through prepared arguments; on NOSCRIPT reloads the scripts once.
    redis::Reply evalsha(std::span<std::string_view> args);
    void nextToken();

    int m_index;
    const Layout& m_layout;   // Not owned.
    ScriptShas m_shas;
    std::unique_ptr<RedisEngine> m_engine;       // Owned. Project layout.project.
    std::unique_ptr<RedisEngine> m_emptyEngine;  // Owned. Project layout.emptyProject().
    std::unique_ptr<RedisEngine> m_auditEngine;  // Owned. Project layout.auditProject(), events=audit.
    std::unique_ptr<RedisEngine> m_waiterEngine; // Owned. Project layout.waiterProject(), a waiter holds back.
    std::unique_ptr<redis::RawConnection> m_client;  // Owned.
    std::vector<LockRequest> m_depth3, m_depth10, m_move;
    AcquireOptions m_lockOptions, m_moveOptions;
    std::string m_seedKey, m_seedHash, m_plainKey;
    std::uint64_t m_tokenPrefix = 0;
    std::uint64_t m_tokenCounter = 0;
    char m_token[33] = {};
    char m_nowMs[24] = {};
};

} // namespace treelock::bench
