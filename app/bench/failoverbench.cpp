#include "failoverbench.h"

#include "report.h"
#include "serverinfo.h"

#include <treelock/error.h>
#include <treelock/redisengine.h>
#include <treelock/redissentinelgroup.h>

#include <algorithm>
#include <atomic>
#include <iomanip>
#include <mutex>
#include <set>
#include <thread>

namespace treelock::bench {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr auto kLoadBeforeLag = milliseconds(300);
constexpr auto kLag = milliseconds(300);
constexpr auto kAfterAnswer = milliseconds(100);
constexpr auto kStepTimeout = milliseconds(30000);

double msSince(Clock::time_point from, Clock::time_point to)
{
    return std::chrono::duration<double, std::milli>(to - from).count();
}

/// Takes X on fresh paths as fast as it can until stopped; remembers every grant
/// and the first call answered after `killed` is set.
class Loader {
public:
    Loader(const std::string& url, const std::string& project, int minReplicas)
    {
        RedisOptions options;
        options.url = url;
        options.minReplicas = minReplicas;
        options.replicaTimeout = milliseconds(100);
        options.commandTimeout = milliseconds(1000);
        options.connectTimeout = milliseconds(500);
        options.failoverTimeout = kStepTimeout;
        m_engine = std::make_unique<RedisEngine>(options, project);
        m_thread = std::thread([this] { run(); });
    }
    ~Loader() { stop(); }

    /// From now on grants count as after the kill (at `at`).
    void markKilled(Clock::time_point at)
    {
        std::lock_guard lock(m_mutex);
        m_killed = at;
    }
    /// The first answer after the kill, if there was one.
    std::optional<Clock::time_point> answeredAfterKill() const
    {
        std::lock_guard lock(m_mutex);
        return m_answered;
    }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    std::vector<LeaseId> grantsBeforeKill() const
    {
        std::lock_guard lock(m_mutex);
        return m_before;
    }
    long long refused() const { return m_refused; }
    long long errors() const { return m_errors; }

private:
    void run()
    {
        AcquireOptions as;
        as.owner = "bench";
        as.operation = "failover";
        as.ttl = milliseconds(120000);
        for (long long i = 0; !m_stop; ++i) {
            bool answered = true;
            std::optional<LeaseId> granted;
            try {
                const AcquireResult r = m_engine->acquire({{"/k/" + std::to_string(i), LockMode::X}}, as);
                if (r.granted)
                    granted = r.grant.lease;
            } catch (const ReplicationError&) {
                ++m_refused;
            } catch (const Error&) {
                ++m_errors;
                answered = false;
            }
            std::lock_guard lock(m_mutex);
            if (m_killed) {
                if (answered && !m_answered)
                    m_answered = Clock::now();
            } else if (granted) {
                m_before.push_back(*granted);
            }
        }
    }

    std::unique_ptr<RedisEngine> m_engine;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<long long> m_refused{0};
    std::atomic<long long> m_errors{0};
    mutable std::mutex m_mutex; // Guards the three below.
    std::optional<Clock::time_point> m_killed;
    std::optional<Clock::time_point> m_answered;
    std::vector<LeaseId> m_before;
};

std::string caseName(int minReplicas, bool lagging)
{
    return std::string(lagging ? "lagging replica" : "replica in step") + ", min-replicas "
           + std::to_string(minReplicas);
}

struct Case {
    int minReplicas;
    bool lagging;
};
constexpr Case kCases[] = {{0, false}, {1, false}, {0, true}, {1, true}};

} // namespace

FailoverResults runFailoverBench(const BenchOptions& options, const std::string& commandLine, std::ostream& progress)
{
    FailoverResults results;
    results.commandLine = commandLine;
    SentinelGroupConfig config;
    config.executable = options.redisServer;
    config.folderPrefix = "treelock-bench-ha";
    SentinelGroup group(config);
    {
        redis::RawConnection probe(group.url());
        for (const auto& [key, value] : infoSection(probe, "server"))
            if (key == "redis_version")
                results.redisVersion = "redis-server " + value;
    }
    progress << "treelock-bench: failover: a primary, 1 replica and 3 sentinels on loopback, down-after "
             << config.downAfter.count() << " ms; " << options.failoverRounds << " rounds of 4 cases\n";
    auto lastKill = Clock::now() - std::chrono::hours(1);
    for (int round = 1; round <= options.failoverRounds; ++round) {
        for (const Case& c : kCases) {
            // The sentinels refuse a second failover of one name within twice
            // its failover-timeout.
            const auto quiet = lastKill + 2 * config.failoverTimeout + milliseconds(500);
            if (Clock::now() < quiet)
                std::this_thread::sleep_for(quiet - Clock::now());
            group.waitHealthy(kStepTimeout);
            const int primary = group.primaryIndex();
            const std::size_t replica = primary == 0 ? 1 : 0;
            const HostPort old = group.address(std::size_t(primary));
            const std::string project = "failover-" + std::to_string(round) + "-" + std::to_string(c.minReplicas)
                                        + (c.lagging ? "-lag" : "");
            FailoverRound r;
            r.round = round;
            r.minReplicas = c.minReplicas;
            r.lagging = c.lagging;
            Loader loader(group.url(), project, c.minReplicas);
            std::this_thread::sleep_for(kLoadBeforeLag);
            if (c.lagging) {
                group.holdBackReplica(replica);
                std::this_thread::sleep_for(kLag);
            }
            const auto killed = Clock::now();
            group.node(std::size_t(primary)).stop(/*crash=*/true);
            // Marked once the process is reaped: an answer before this came from
            // the old primary while it lived.
            loader.markKilled(killed);
            lastKill = killed;
            if (c.lagging)
                group.resumeReplica(replica);
            group.waitForNewPrimary(old, kStepTimeout);
            r.promotedMs = msSince(killed, Clock::now());
            const auto deadline = Clock::now() + kStepTimeout;
            while (!loader.answeredAfterKill() && Clock::now() < deadline)
                std::this_thread::sleep_for(milliseconds(5));
            const auto answered = loader.answeredAfterKill();
            if (!answered)
                throw std::runtime_error("the client found no primary within 30 s of the kill");
            r.answeredMs = msSince(killed, *answered);
            std::this_thread::sleep_for(kAfterAnswer);
            loader.stop();
            r.refused = loader.refused();
            r.errors = loader.errors();
            const std::vector<LeaseId> before = loader.grantsBeforeKill();
            r.granted = static_cast<long long>(before.size());
            RedisOptions check;
            check.url = group.url();
            check.failoverTimeout = kStepTimeout;
            RedisEngine engine(check, project);
            std::set<LeaseId> present;
            for (const LeaseInfo& l : engine.snapshot().leases)
                present.insert(l.id);
            r.lost = std::count_if(before.begin(), before.end(), [&](const LeaseId& id) { return !present.count(id); });
            progress << "  round " << round << ", " << caseName(c.minReplicas, c.lagging) << ": new primary after "
                     << std::fixed << std::setprecision(0) << r.answeredMs << " ms, " << r.lost << " of "
                     << r.granted << " grants lost, " << r.refused << " refused\n";
            results.rounds.push_back(r);
            // The killed node comes back empty and rejoins as the new primary's replica.
            group.node(std::size_t(primary)).start();
        }
    }
    return results;
}

void printFailover(std::ostream& out, const FailoverResults& results)
{
    out << "failover: the primary killed (SIGKILL) under a client taking leases; " << results.redisVersion << "\n";
    out << std::left << std::setw(42) << "case" << std::right << std::setw(8) << "rounds" << std::setw(14)
        << "primary ms" << std::setw(12) << "worst ms" << std::setw(10) << "granted" << std::setw(8) << "lost"
        << std::setw(9) << "refused" << "\n";
    for (const Case& c : kCases) {
        std::vector<double> times;
        long long granted = 0, lost = 0, refused = 0;
        for (const auto& r : results.rounds) {
            if (r.minReplicas != c.minReplicas || r.lagging != c.lagging)
                continue;
            times.push_back(r.answeredMs);
            granted += r.granted;
            lost += r.lost;
            refused += r.refused;
        }
        if (times.empty())
            continue;
        const Spread spread = Spread::of(times);
        out << std::left << std::setw(42) << caseName(c.minReplicas, c.lagging) << std::right << std::setw(8)
            << times.size() << std::fixed << std::setprecision(0) << std::setw(14) << spread.median
            << std::setw(12) << spread.max << std::setw(10) << granted << std::setw(8) << lost
            << std::setw(9) << refused << "\n";
    }
    out << "primary ms: median time from the kill to the client's first answered call (its engine asked the\n"
           "sentinels and found the promoted replica); lost: grants the client was told of before the kill\n"
           "that the new primary does not have; refused: grants rolled back because no replica acknowledged\n"
           "them within 100 ms (the CLI's exit 7).\n";
}

nlohmann::json failoverJson(const FailoverResults& results)
{
    nlohmann::json rounds = nlohmann::json::array();
    for (const auto& r : results.rounds)
        rounds.push_back({{"round", r.round},
                          {"min_replicas", r.minReplicas},
                          {"lagging", r.lagging},
                          {"promoted_ms", r.promotedMs},
                          {"answered_ms", r.answeredMs},
                          {"granted", r.granted},
                          {"lost", r.lost},
                          {"refused", r.refused},
                          {"errors", r.errors}});
    return {{"command_line", results.commandLine}, {"redis", results.redisVersion}, {"failover", rounds}};
}

} // namespace treelock::bench
