#include "outcomebench.h"

#include "report.h"

#include <treelock/error.h>
#include <treelock/redisclustergroup.h>
#include <treelock/redisengine.h>
#include <treelock/redissentinelgroup.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <iomanip>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <random>
#include <thread>

namespace treelock::bench {

namespace {

using std::chrono::milliseconds;

constexpr int kClients = 8;
constexpr auto kStepTimeout = milliseconds(60000);
constexpr auto kLoadBetweenKills = milliseconds(500);
const std::string kProject = "outcomes";

struct Counts {
    std::atomic<long long> calls{0}, granted{0}, refused{0}, rolledBack{0}, lostWithNode{0};
    std::atomic<long long> unknown{0}, doubleGrants{0};
};

/// What the clients were told they hold, to catch a grant that clashes with one.
class Ledger {
public:
    /// Records `lease` as held by `client`; whether it clashes with a lease another
    /// client holds (paths equal or one inside the other, and not both S).
    bool add(const LeaseId& lease, int client, const LockRequest& r)
    {
        std::lock_guard lock(m_mutex);
        bool clash = false;
        for (const auto& [id, held] : m_live) {
            const bool overlap = inside(held.second.path, r.path) || inside(r.path, held.second.path);
            if (held.first != client && overlap && !(held.second.mode == LockMode::S && r.mode == LockMode::S))
                clash = true;
        }
        m_live[lease] = {client, r};
        return clash;
    }
    void remove(const LeaseId& lease)
    {
        std::lock_guard lock(m_mutex);
        m_live.erase(lease);
    }

private:
    static bool inside(const std::string& outer, const std::string& path)
    {
        return path == outer || (path.size() > outer.size() && path.compare(0, outer.size(), outer) == 0
                                 && path[outer.size()] == '/');
    }
    std::mutex m_mutex;
    std::map<LeaseId, std::pair<int, LockRequest>> m_live;
};

/// One client: its own engine, taking S or X on a two-level tree, holding a moment.
class Client {
public:
    Client(int index, const RedisOptions& options, Counts& counts, Ledger& ledger)
        : m_index(index), m_counts(counts), m_ledger(ledger), m_engine(std::make_unique<RedisEngine>(options, kProject))
    {
        m_thread = std::thread([this] { run(); });
    }
    ~Client() { stop(); }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    std::string firstUnknown() const
    {
        std::lock_guard lock(m_mutex);
        return m_firstUnknown;
    }

private:
    void unknown(const std::string& what)
    {
        ++m_counts.unknown;
        std::lock_guard lock(m_mutex);
        if (m_firstUnknown.empty())
            m_firstUnknown = what;
    }

    void run()
    {
        std::mt19937 rng(static_cast<unsigned>(m_index) + 1);
        AcquireOptions as;
        as.owner = "client" + std::to_string(m_index);
        as.operation = "outcomes";
        as.ttl = milliseconds(120000);
        while (!m_stop) {
            const std::string folder = "/t/d" + std::to_string(rng() % 4);
            const bool file = rng() % 4 != 0;
            const LockRequest r{file ? folder + "/f" + std::to_string(rng() % 4) : folder,
                                rng() % 3 == 0 ? LockMode::S : LockMode::X};
            ++m_counts.calls;
            AcquireResult got;
            try {
                got = m_engine->acquire({r}, as);
            } catch (const ReplicationError& e) {
                if (e.rolledBack())
                    ++m_counts.rolledBack;
                else
                    unknown(e.what());
                continue;
            } catch (const Error& e) {
                unknown(e.what());
                continue;
            }
            if (!got.granted) {
                ++m_counts.refused;
                continue;
            }
            ++m_counts.granted;
            if (m_ledger.add(got.grant.lease, m_index, r) || got.grant.holds != 1)
                ++m_counts.doubleGrants;
            std::this_thread::sleep_for(std::chrono::microseconds(rng() % 2000));
            m_ledger.remove(got.grant.lease); // before the release: its end may come any time now
            ++m_counts.calls;
            try {
                const ReleaseResult released = m_engine->release(got.grant.lease);
                if (released.status == LeaseStatus::Unknown)
                    ++m_counts.lostWithNode; // its grant did not survive the failover
                else if (released.remainingHolds != 0)
                    ++m_counts.doubleGrants;
            } catch (const Error& e) {
                unknown(e.what());
            }
        }
    }

    int m_index;
    Counts& m_counts;
    Ledger& m_ledger;
    std::unique_ptr<RedisEngine> m_engine;
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex; // Guards m_firstUnknown.
    std::string m_firstUnknown;
    std::thread m_thread;
};

struct TopologyResult {
    std::string topology;
    int failovers = 0;
    double worstPromotionMs = 0;
    long long calls = 0, granted = 0, refused = 0, rolledBack = 0, lostWithNode = 0;
    long long unknown = 0, orphaned = 0, doubleGrants = 0;
    std::string firstUnknown;
    bool clean() const { return unknown == 0 && orphaned == 0 && doubleGrants == 0; }
};

RedisOptions clientOptions(const std::string& url)
{
    RedisOptions options;
    options.url = url;
    options.minReplicas = 1;
    options.replicaTimeout = milliseconds(200);
    options.connectTimeout = milliseconds(500);
    options.commandTimeout = milliseconds(2000);
    return options; // the failover timeout at its default: 15 s
}

/// Runs the clients on `url` while `kill` fails the primary over `rounds` times
/// (it returns the time to the new primary); then counts the orphans.
TopologyResult measure(const std::string& topology, const std::string& url, int rounds,
                       const std::function<milliseconds()>& kill, std::ostream& progress)
{
    TopologyResult result;
    result.topology = topology;
    Counts counts;
    Ledger ledger;
    {
        std::vector<std::unique_ptr<Client>> clients;
        for (int i = 0; i < kClients; ++i)
            clients.push_back(std::make_unique<Client>(i, clientOptions(url), counts, ledger));
        std::this_thread::sleep_for(kLoadBetweenKills);
        for (int round = 1; round <= rounds; ++round) {
            const milliseconds promoted = kill();
            result.worstPromotionMs = std::max(result.worstPromotionMs, double(promoted.count()));
            ++result.failovers;
            progress << "treelock-bench: " << topology << " failover " << round << " of " << rounds << ": new primary "
                     << promoted.count() << " ms after the kill; " << counts.calls << " calls, " << counts.unknown
                     << " unknown outcomes so far" << std::endl;
            std::this_thread::sleep_for(kLoadBetweenKills);
        }
        for (auto& c : clients)
            c->stop();
        for (auto& c : clients)
            if (result.firstUnknown.empty())
                result.firstUnknown = c->firstUnknown();
    }
    RedisOptions reader;
    reader.url = url;
    result.orphaned = static_cast<long long>(RedisEngine(reader, kProject).snapshot().leases.size());
    result.calls = counts.calls;
    result.granted = counts.granted;
    result.refused = counts.refused;
    result.rolledBack = counts.rolledBack;
    result.lostWithNode = counts.lostWithNode;
    result.unknown = counts.unknown;
    result.doubleGrants = counts.doubleGrants;
    return result;
}

TopologyResult onSentinel(const BenchOptions& options, std::ostream& progress)
{
    SentinelGroupConfig config;
    config.executable = options.redisServer;
    config.folderPrefix = "treelock-bench-outcomes";
    config.replicas = 2; // one is left to acknowledge grants while the killed node rejoins
    SentinelGroup group(config);
    return measure("Sentinel", group.url(), options.outcomeRounds, [&] {
        milliseconds promoted{0};
        group.killPrimary(kStepTimeout, &promoted);
        return promoted;
    }, progress);
}

TopologyResult onCluster(const BenchOptions& options, std::ostream& progress)
{
    ClusterGroupConfig config;
    config.executable = options.redisServer;
    config.folderPrefix = "treelock-bench-outcomes";
    config.replicasPerPrimary = 1;
    ClusterGroup group(config);
    const int slot = ClusterGroup::slotOf(kProject);
    return measure("Cluster", group.url(), options.outcomeRounds, [&] {
        const HostPort old = group.primaryFor(slot);
        milliseconds promoted{0};
        group.killPrimaryOf(slot, kStepTimeout, &promoted);
        group.node(group.indexOf(old)).start(); // it rejoins as the new primary's replica
        group.waitHealthy(kStepTimeout);
        return promoted;
    }, progress);
}

nlohmann::json toJson(const std::string& commandLine, const std::vector<TopologyResult>& results)
{
    nlohmann::json topologies = nlohmann::json::array();
    for (const auto& r : results)
        topologies.push_back({{"topology", r.topology}, {"failovers", r.failovers}, {"clients", kClients},
                              {"worst_promotion_ms", r.worstPromotionMs}, {"calls", r.calls}, {"granted", r.granted},
                              {"refused", r.refused}, {"rolled_back", r.rolledBack},
                              {"lost_with_node", r.lostWithNode}, {"unknown_outcomes", r.unknown},
                              {"orphaned_leases", r.orphaned}, {"double_grants", r.doubleGrants},
                              {"first_unknown", r.firstUnknown}});
    return {{"command_line", commandLine}, {"topologies", topologies}};
}

} // namespace

int runOutcomeBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                    std::ostream& progress)
{
    std::vector<TopologyResult> results;
    results.push_back(onSentinel(options, progress));
    results.push_back(onCluster(options, progress));
    out << "Outcomes through kill -9 failovers, " << kClients << " clients, --min-replicas 1\n"
        << std::left << std::setw(10) << "topology" << std::right << std::setw(10) << "failovers" << std::setw(10)
        << "calls" << std::setw(10) << "granted" << std::setw(10) << "refused" << std::setw(12) << "rolled back"
        << std::setw(12) << "lost w/node" << std::setw(10) << "unknown" << std::setw(10) << "orphaned"
        << std::setw(8) << "double" << "\n";
    for (const auto& r : results) {
        out << std::left << std::setw(10) << r.topology << std::right << std::setw(10) << r.failovers << std::setw(10)
            << r.calls << std::setw(10) << r.granted << std::setw(10) << r.refused << std::setw(12) << r.rolledBack
            << std::setw(12) << r.lostWithNode << std::setw(10) << r.unknown << std::setw(10) << r.orphaned
            << std::setw(8) << r.doubleGrants << "\n";
        if (!r.firstUnknown.empty())
            out << "  first unknown outcome on " << r.topology << ": " << r.firstUnknown << "\n";
    }
    writeJson(options, toJson(commandLine, results));
    for (const auto& r : results)
        if (!r.clean())
            return 1;
    return 0;
}

} // namespace treelock::bench
