#include "exporterbench.h"

#include "benchrunner.h"
#include "projectexporter.h"
#include "report.h"
#include "watchload.h"
#include "treelock/redisprotocol.h"
#include "treelock/redisserverprocess.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <thread>
#include <vector>

namespace treelock::bench {

namespace {

using std::chrono::milliseconds;

constexpr int kChangesPerSecond = 100;        ///< spread evenly over the projects
constexpr milliseconds kScrapeEvery{1000};    ///< in the scraping window
constexpr double kPrometheusInterval = 15;    ///< Prometheus's default scrape interval, s
constexpr milliseconds kSettle{1000};         ///< unmeasured, before each window
constexpr std::array<const char*, 3> kWindows{"nobody", "following", "scraped"};

// The control connection's commands and the load's functions; everything else
// in a window is the exporter's.
bool isExporterCall(const std::string& command)
{
    for (const char* ours : {"SLOWLOG", "INFO", "CONFIG"})
        if (command == ours)
            return false;
    for (const char* load : {"_acquire", "_renew", "_release"})
        if (command.ends_with(load))
            return false;
    return true;
}

// One command's share of a window: calls, their time, the longest.
struct CommandTime {
    long long calls = 0;
    double micros = 0;
    double longestMicros = 0;
};

struct Window {
    double cpuPercent = 0;       ///< the server's main thread, % of one core
    double exporterMsPerS = 0;   ///< the exporter's own command time, ms per s
    long long exporterCalls = 0;
    double longestCallMs = 0;
    int scrapes = 0;
    std::vector<double> scrapeMs; ///< each Collect(), wall
    double wallSeconds = 0;
    std::map<std::string, CommandTime> byCommand; ///< the exporter's calls
};

Window measure(const char* kind, const BenchOptions& options, exporter::ProjectExporter* exporter, ServerWindow& server)
{
    std::this_thread::sleep_for(kSettle);
    Window w;
    server.start();
    const auto end = WatchClock::now() + options.duration;
    if (std::string(kind) == "scraped") {
        for (auto next = WatchClock::now(); next < end; next += kScrapeEvery) {
            std::this_thread::sleep_until(next);
            const auto begun = WatchClock::now();
            exporter->Collect();
            w.scrapeMs.push_back(seconds(WatchClock::now() - begun) * 1000);
        }
    }
    std::this_thread::sleep_until(end);
    server.finish();
    const double wall = server.wallSeconds();
    w.cpuPercent = 100 * server.cpuSeconds() / wall;
    double micros = 0;
    for (const LoggedCall& call : server.calls()) {
        if (!isExporterCall(call.command))
            continue;
        micros += double(call.micros);
        ++w.exporterCalls;
        CommandTime& c = w.byCommand[call.command];
        ++c.calls;
        c.micros += double(call.micros);
        c.longestMicros = std::max(c.longestMicros, double(call.micros));
        w.longestCallMs = std::max(w.longestCallMs, double(call.micros) / 1000);
    }
    w.exporterMsPerS = micros / 1000 / wall;
    w.wallSeconds = wall;
    w.scrapes = int(w.scrapeMs.size());
    return w;
}

} // namespace

int runExporterBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                     std::ostream& progress)
{
    std::string url;
    const std::unique_ptr<RedisServerProcess> redisServer = startPrivateServer(options, options.pin, url);
    if (options.pin)
        pinCurrentThread(kClientCpu);
    const int projects = options.clusterProjects;
    const long long leases = options.held.front();
    redis::RawConnection control(url);
    ServerWindow server(control);

    progress << "treelock-bench --exporter: " << projects << " projects x " << leases << " leases: filling..." << std::flush;
    const auto filled = WatchClock::now();
    std::vector<std::string> names;
    for (int p = 0; p < projects; ++p) {
        names.push_back("exp" + std::to_string(p));
        fillProject(control, redis::KeySchema(names.back()), leases);
    }
    progress << " " << std::fixed << std::setprecision(1) << seconds(WatchClock::now() - filled) << " s\n";

    // 100 changes a second in all: one load client per project, or one a second each.
    std::vector<std::unique_ptr<ChangeLoad>> load;
    const int perProject = std::max(1, kChangesPerSecond / projects);
    for (int p = 0; p < std::min(projects, kChangesPerSecond); ++p)
        load.push_back(std::make_unique<ChangeLoad>(url, names[std::size_t(p)], perProject, options.pin));

    exporter::ExporterOptions exporterOptions;
    exporterOptions.redis.url = url;
    auto exporter = std::make_shared<exporter::ProjectExporter>(exporterOptions);
    progress << "  first lists..." << std::flush;
    server.start();
    const auto listed = WatchClock::now();
    exporter->start();
    if (!exporter->waitSynced(std::chrono::minutes(10)))
        throw std::runtime_error("--exporter: the exporter did not list the projects within 10 minutes");
    const double listSeconds = seconds(WatchClock::now() - listed);
    server.finish();
    double listMs = 0;
    for (const LoggedCall& call : server.calls())
        if (isExporterCall(call.command))
            listMs += double(call.micros) / 1000;
    progress << " " << std::setprecision(2) << listSeconds << " s (" << exporter->followed().size() << " projects)\n";
    exporter->Collect(); // the first scrape connects one engine per project

    std::vector<std::array<Window, kWindows.size()>> reps;
    for (int r = 0; r < options.reps; ++r) {
        std::array<Window, kWindows.size()> rep;
        for (std::size_t k = 0; k < kWindows.size(); ++k) {
            const std::size_t kind = (k + std::size_t(r)) % kWindows.size();
            // Nobody following: the exporter stops, and starts again (listing afresh) after.
            if (kind == 0)
                exporter.reset();
            rep[kind] = measure(kWindows[kind], options, exporter.get(), server);
            if (kind == 0) {
                exporter = std::make_shared<exporter::ProjectExporter>(exporterOptions);
                exporter->start();
                exporter->waitSynced(std::chrono::minutes(10));
                exporter->Collect();
            }
            progress << "  rep " << r + 1 << "  " << std::left << std::setw(9) << kWindows[kind] << std::right
                     << " server CPU " << std::setprecision(1) << std::setw(5) << rep[kind].cpuPercent
                     << " %  exporter " << std::setprecision(2) << rep[kind].exporterMsPerS << " ms/s\n";
        }
        reps.push_back(rep);
    }
    long long failures = 0;
    for (auto& l : load)
        l->requestStop(); // they stop together, not one pace after another
    for (auto& l : load) {
        l->stop();
        failures += l->errors();
    }

    const auto medianOf = [&](std::size_t kind, auto value) {
        std::vector<double> v;
        for (const auto& rep : reps)
            v.push_back(value(rep[kind]));
        return Spread::of(std::move(v)).median;
    };
    const double nobodyCpu = medianOf(0, [](const Window& w) { return w.cpuPercent; });
    const double followCpu = medianOf(1, [](const Window& w) { return w.cpuPercent; });
    const double scrapedCpu = medianOf(2, [](const Window& w) { return w.cpuPercent; });
    const double followMs = medianOf(1, [](const Window& w) { return w.exporterMsPerS; });
    // A scrape's own command time: the scraping window's, less what following costs in as long.
    const double scrapeServerMs = medianOf(2, [&](const Window& w) {
        return w.scrapes == 0 ? 0.0 : std::max(0.0, (w.exporterMsPerS - followMs) * seconds(options.duration) / w.scrapes);
    });
    std::vector<double> walls;
    double longestCall = 0;
    for (const auto& rep : reps) {
        walls.insert(walls.end(), rep[2].scrapeMs.begin(), rep[2].scrapeMs.end());
        longestCall = std::max({longestCall, rep[1].longestCallMs, rep[2].longestCallMs});
    }
    const Spread scrapeWall = Spread::of(std::move(walls));
    const double perSecondAt15 = followMs + scrapeServerMs / kPrometheusInterval;

    out << std::fixed << "treelock-bench --exporter: " << projects << " projects x " << leases << " leases, "
        << kChangesPerSecond << " changes/s in all, " << options.reps << " repetitions of " << options.duration.count()
        << " ms windows in rotating order; private redis-server" << (options.pin ? " on CPU 0, clients on CPU 1" : "")
        << "\n";
    out << "first lists: " << std::setprecision(2) << listSeconds << " s, " << std::setprecision(1) << listMs
        << " ms of server time\n";
    out << "server CPU (main thread, % of one core): nobody " << std::setprecision(2) << nobodyCpu << " %, following "
        << followCpu << " %, scraped every " << kScrapeEvery.count() / 1000 << " s " << scrapedCpu << " %\n";
    out << "exporter command time while following: " << std::setprecision(3) << followMs << " ms/s ("
        << std::setprecision(3) << followMs / 10 << " % of a core)\n";
    out << "one scrape: " << std::setprecision(2) << scrapeServerMs << " ms of server time, " << scrapeWall.median
        << " ms wall (median; longest " << scrapeWall.max << " ms)\n";
    out << "at a scrape every 15 s: " << std::setprecision(3) << perSecondAt15 << " ms of server time per second ("
        << perSecondAt15 / 10 << " % of a core); longest exporter call " << std::setprecision(2) << longestCall << " ms\n";
    // Where the exporter's time goes, over every repetition of each window.
    for (std::size_t kind : {std::size_t(1), std::size_t(2)}) {
        std::map<std::string, CommandTime> all;
        double wall = 0;
        for (const auto& rep : reps) {
            wall += rep[kind].wallSeconds;
            for (const auto& [command, t] : rep[kind].byCommand) {
                CommandTime& a = all[command];
                a.calls += t.calls;
                a.micros += t.micros;
                a.longestMicros = std::max(a.longestMicros, t.longestMicros);
            }
        }
        std::vector<std::pair<std::string, CommandTime>> sorted(all.begin(), all.end());
        std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second.micros > b.second.micros; });
        out << "  " << kWindows[kind] << ": command        calls/s    ms/s   longest ms\n";
        for (const auto& [command, t] : sorted)
            out << "    " << std::left << std::setw(26) << command << std::right << std::setw(9) << std::setprecision(1)
                << double(t.calls) / wall << std::setw(8) << std::setprecision(3) << t.micros / 1000 / wall
                << std::setw(12) << std::setprecision(2) << t.longestMicros / 1000 << "\n";
    }
    if (failures > 0)
        out << failures << " load call(s) failed: the figures are incomplete\n";

    writeJson(options, nlohmann::json{{"command", commandLine},
                                      {"cpu", cpuModel()},
                                      {"projects", projects},
                                      {"leases_per_project", leases},
                                      {"changes_per_second", kChangesPerSecond},
                                      {"window_ms", options.duration.count()},
                                      {"first_list_s", listSeconds},
                                      {"first_list_server_ms", listMs},
                                      {"server_cpu_percent", {{"nobody", nobodyCpu}, {"following", followCpu}, {"scraped", scrapedCpu}}},
                                      {"following_server_ms_per_s", followMs},
                                      {"scrape_server_ms", scrapeServerMs},
                                      {"scrape_wall_ms_median", scrapeWall.median},
                                      {"server_ms_per_s_at_15s_scrapes", perSecondAt15},
                                      {"longest_call_ms", longestCall}});
    return failures == 0 ? 0 : 1;
}

} // namespace treelock::bench
