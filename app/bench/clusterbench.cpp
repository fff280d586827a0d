#include "clusterbench.h"

#include "report.h"

#include <treelock/error.h>
#include <treelock/redisclustergroup.h>
#include <treelock/redisengine.h>
#include <treelock/redisprotocol.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>
#include <thread>

#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

namespace treelock::bench {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr auto kWarmUp = milliseconds(300);
constexpr int kClusterSizes[] = {1, 3};

/// CPU seconds (user + system) process `pid` has used, from /proc; 0 if unknown.
double processCpuSeconds(pid_t pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');
    if (close == std::string::npos)
        return 0;
    std::istringstream fields(text.substr(close + 2));
    std::string skip;
    // After "(comm) ": state is field 3; utime and stime are fields 14 and 15.
    for (int i = 3; i < 14; ++i)
        fields >> skip;
    double utime = 0, stime = 0;
    fields >> utime >> stime;
    return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double selfCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

int usableCores()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        return CPU_COUNT(&set);
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::string projectName(int i) { return "bench-cluster-" + std::to_string(i); }

/// One cell: `connections` threads, each with an engine per project it uses,
/// taking and releasing X on a path of its own for `duration` after a warm-up.
ClusterPoint measure(ClusterGroup& cluster, int primaries, int connections, int projects,
                     std::chrono::milliseconds duration)
{
    ClusterPoint point;
    point.primaries = primaries;
    point.connections = connections;
    RedisOptions options;
    options.url = cluster.url();
    std::vector<std::vector<std::unique_ptr<RedisEngine>>> engines(static_cast<std::size_t>(connections));
    for (int t = 0; t < connections; ++t) {
        for (int p = t % projects; p < projects; p += connections)
            engines[std::size_t(t)].push_back(std::make_unique<RedisEngine>(options, projectName(p)));
    }
    std::atomic<bool> measuring{false}, stop{false};
    std::atomic<long long> pairs{0}, errors{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < connections; ++t) {
        threads.emplace_back([&, t] {
            const std::vector<LockRequest> requests{{"/c" + std::to_string(t) + "/f/g", LockMode::X}};
            AcquireOptions acquire;
            acquire.owner = "bench";
            acquire.ttl = milliseconds(30000);
            auto& mine = engines[std::size_t(t)];
            long long done = 0;
            for (std::size_t next = 0; !stop.load(std::memory_order_relaxed); next = (next + 1) % mine.size()) {
                try {
                    const AcquireResult r = mine[next]->acquire(requests, acquire);
                    if (r.granted)
                        mine[next]->release(r.grant.lease);
                    if (measuring.load(std::memory_order_relaxed))
                        ++done;
                } catch (const Error&) {
                    ++errors;
                }
            }
            pairs += done;
        });
    }
    std::this_thread::sleep_for(kWarmUp);
    std::vector<double> serverBefore;
    for (int i = 0; i < primaries; ++i)
        serverBefore.push_back(processCpuSeconds(cluster.node(std::size_t(i)).pid()));
    const double clientBefore = selfCpuSeconds();
    const auto started = Clock::now();
    measuring = true;
    std::this_thread::sleep_for(duration);
    measuring = false;
    const double wall = std::chrono::duration<double>(Clock::now() - started).count();
    const double clientAfter = selfCpuSeconds();
    for (int i = 0; i < primaries; ++i) {
        const double cores = (processCpuSeconds(cluster.node(std::size_t(i)).pid()) - serverBefore[std::size_t(i)]) / wall;
        point.primariesCores += cores;
        point.busiestPrimaryCores = std::max(point.busiestPrimaryCores, cores);
    }
    point.clientCores = (clientAfter - clientBefore) / wall;
    stop = true;
    for (auto& t : threads)
        t.join();
    point.pairsPerSec = static_cast<double>(pairs.load()) / wall;
    point.errors = errors.load();
    return point;
}

std::string redisVersionOf(ClusterGroup& cluster)
{
    redis::RawConnection connection("redis://" + cluster.address(0).text());
    const redis::Reply info = connection.command({"INFO", "server"});
    const auto at = info.text.find("redis_version:");
    if (at == std::string::npos)
        return "redis-server";
    const auto end = info.text.find_first_of("\r\n", at);
    return "redis-server " + info.text.substr(at + 14, end - at - 14);
}

} // namespace

std::vector<const ClusterPoint*> clusterCell(const ClusterResults& results, int primaries, int connections)
{
    std::vector<const ClusterPoint*> out;
    for (const auto& p : results.points)
        if (p.primaries == primaries && p.connections == connections)
            out.push_back(&p);
    return out;
}

std::vector<int> clusterConnections(const ClusterResults& results)
{
    std::vector<int> out;
    for (const auto& p : results.points)
        if (std::find(out.begin(), out.end(), p.connections) == out.end())
            out.push_back(p.connections);
    std::sort(out.begin(), out.end());
    return out;
}

const ClusterPoint* clusterMedian(std::vector<const ClusterPoint*> points)
{
    if (points.empty())
        return nullptr;
    std::sort(points.begin(), points.end(),
              [](const ClusterPoint* a, const ClusterPoint* b) { return a->pairsPerSec < b->pairsPerSec; });
    return points[points.size() / 2];
}

std::string clusterLimit(const ClusterPoint& point, int cores)
{
    if (point.primariesCores + point.clientCores >= 0.85 * cores)
        return "cpu";
    if (point.busiestPrimaryCores >= 0.85)
        return "primary";
    return "latency";
}

ClusterResults runClusterBench(const BenchOptions& options, const std::string& commandLine, std::ostream& progress)
{
    ClusterResults results;
    results.commandLine = commandLine;
    results.projects = options.clusterProjects;
    results.cores = usableCores();
    std::map<int, std::unique_ptr<ClusterGroup>> clusters;
    for (const int primaries : kClusterSizes) {
        progress << "treelock-bench: starting a private Redis Cluster of " << primaries << " primar"
                 << (primaries == 1 ? "y" : "ies") << "\n";
        ClusterGroupConfig config;
        config.primaries = primaries;
        config.executable = options.redisServer;
        config.folderPrefix = "treelock-bench-cluster";
        clusters[primaries] = std::make_unique<ClusterGroup>(config);
    }
    results.redisVersion = redisVersionOf(*clusters.at(1));
    for (int round = 1; round <= options.reps; ++round) {
        for (const int connections : options.connections) {
            for (const int primaries : kClusterSizes) {
                ClusterPoint point
                    = measure(*clusters.at(primaries), primaries, connections, options.clusterProjects, options.duration);
                point.round = round;
                progress << "treelock-bench: round " << round << "/" << options.reps << ", " << primaries
                         << " primar" << (primaries == 1 ? "y" : "ies") << ", " << connections << " connection"
                         << (connections == 1 ? "" : "s") << ": " << std::fixed << std::setprecision(0)
                         << point.pairsPerSec << " pairs/s\n";
                results.points.push_back(point);
            }
        }
    }
    return results;
}

void printCluster(std::ostream& out, const ClusterResults& results)
{
    out << "Redis Cluster: acquire + release pairs of a depth-3 X lock over " << results.projects
        << " projects; " << results.redisVersion << ", " << results.cores << " CPU"
        << (results.cores == 1 ? "" : "s") << "\n";
    out << std::left << std::setw(11) << "primaries" << std::right << std::setw(12) << "connections" << std::setw(12)
        << "pairs/s" << std::setw(24) << "[min–max]" << std::setw(10) << "busiest" << std::setw(11) << "primaries"
        << std::setw(9) << "client" << std::setw(9) << "errors" << "  limit\n";
    for (const int connections : clusterConnections(results)) {
        for (const int primaries : kClusterSizes) {
            const auto points = clusterCell(results, primaries, connections);
            if (points.empty())
                continue;
            std::vector<double> rates;
            long long errors = 0;
            for (const auto* p : points) {
                rates.push_back(p->pairsPerSec);
                errors += p->errors;
            }
            const Spread spread = Spread::of(rates);
            const ClusterPoint* median = clusterMedian(points);
            std::ostringstream range;
            range << std::fixed << std::setprecision(0) << "[" << spread.min << "–" << spread.max << "]";
            out << std::left << std::setw(11) << primaries << std::right << std::setw(12) << connections << std::fixed
                << std::setprecision(0) << std::setw(12) << spread.median << std::setw(24) << range.str()
                << std::setprecision(2) << std::setw(10) << median->busiestPrimaryCores << std::setw(11)
                << median->primariesCores << std::setw(9) << median->clientCores << std::setw(9) << errors << "  "
                << clusterLimit(*median, results.cores) << "\n";
        }
    }
    out << "busiest, primaries, client: CPU cores used (CPU time / wall time) by the busiest primary, all\n"
           "primaries, and the client threads, in the median round. limit: cpu = the machine's CPUs were\n"
           "all busy; primary = one primary's thread used a whole core; latency = neither (too few calls\n"
           "in flight to keep the primaries busy).\n";
    for (const int connections : clusterConnections(results)) {
        const auto one = clusterCell(results, 1, connections), three = clusterCell(results, 3, connections);
        if (one.empty() || three.empty())
            continue;
        std::vector<double> r1, r3;
        for (const auto* p : one)
            r1.push_back(p->pairsPerSec);
        for (const auto* p : three)
            r3.push_back(p->pairsPerSec);
        const double m1 = Spread::of(r1).median, m3 = Spread::of(r3).median;
        out << "3 primaries / 1 at " << connections << " connection" << (connections == 1 ? "" : "s") << ": "
            << std::setprecision(2) << (m1 > 0 ? m3 / m1 : 0) << "\n";
    }
}

nlohmann::json clusterJson(const ClusterResults& results)
{
    nlohmann::json points = nlohmann::json::array();
    for (const auto& p : results.points)
        points.push_back({{"primaries", p.primaries},
                          {"connections", p.connections},
                          {"round", p.round},
                          {"pairs_per_s", p.pairsPerSec},
                          {"busiest_primary_cores", p.busiestPrimaryCores},
                          {"primaries_cores", p.primariesCores},
                          {"client_cores", p.clientCores},
                          {"errors", p.errors},
                          {"limit", clusterLimit(p, results.cores)}});
    return {{"command_line", results.commandLine},
            {"redis", results.redisVersion},
            {"projects", results.projects},
            {"cores", results.cores},
            {"cluster", points}};
}

} // namespace treelock::bench
