#include "watchbench.h"

#include "studiobench.h"

#include "benchrunner.h"
#include "report.h"
#include "watchload.h"
#include "treelock/leaseid.h"
#include "treelock/leasewatch.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"
#include "treelock/redisserverprocess.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace treelock::bench {

namespace {

using std::chrono::milliseconds;

constexpr int kChangesPerSecond = 100;
constexpr std::chrono::microseconds kProbePace{1000};
constexpr std::array<int, 6> kPageSizes{100, 250, 500, 1000, 2000, 5000};
constexpr int kPagesPerSize = 40;          ///< list calls timed per page size
constexpr milliseconds kOldWayPeriod{1000}; ///< Studio reads the project again every second
constexpr double kCallLimitMs = 0.5;        ///< what one list call may hold up the server
constexpr milliseconds kSettle{1000};       ///< unmeasured, before each window
constexpr std::array<const char*, 3> kFollowers{"nobody", "old", "watch"};

/// The commands a LeaseWatch sends while it follows (INFO aside: the control
/// connection sends it too, and the watch only after a reconnect).
const std::set<std::string> kWatchCommands{"XREAD", "XRANGE", "XINFO", "XREVRANGE", "ZSCAN", "ZRANGE",
                                           "HMGET", "HGET", "ZCARD", "TIME", "FUNCTION"};

bool isSnapshotCall(const std::string& command)
{
    return command.size() > 9 && command.ends_with("_snapshot");
}

bool isFollowerCall(const std::string& follower, const std::string& command)
{
    if (follower == "watch")
        return kWatchCommands.count(command) > 0;
    return follower == "old" && isSnapshotCall(command);
}

struct PageRow {
    int page = 0;
    double zscanUs = 0, hmgetUs = 0, pairMaxUs = 0; ///< the watch's list calls
    double snapshotUs = 0, snapshotMaxUs = 0;       ///< the snapshot function's pages
};

struct Window {
    std::string follower;
    double cpuPercent = 0;     ///< server main-thread CPU over the window, % of one core
    double commandPercent = 0; ///< the follower's own commands, % of the window
    double longestMs = 0;      ///< its longest call
    double p50Us = 0, p99Us = 0;
    std::size_t samples = 0;
    long long reads = 0;       ///< snapshots (old) or polls (watch) done in the window
    double roundTripsPerSecond = 0; ///< the follower's round trips
    /// Nobody's window: the server's CPU per round trip beyond the commands'
    /// time (reading, parsing, replying), from every client's calls.
    double roundTripUs = 0;
    /// The follower's share of the server, its calls and its round trips at
    /// nobody's cost per round trip (filled in per repetition).
    double estimatePercent = 0;
};

struct SizeRun {
    long long leases = 0;
    double fillSeconds = 0;
    std::vector<PageRow> pages;
    double listSeconds = 0, listLongestMs = 0, listP99Ms = 0;
    std::size_t listCallsTimed = 0, listCallsOver = 0; ///< the list's calls, and those over kCallLimit
    std::uint64_t listCalls = 0;
    std::vector<std::vector<Window>> reps; ///< per repetition, in kFollowers order
    StudioAttach studio;                   ///< Studio's window attached after the repetitions
    double studioServerPercent = 0;        ///< server CPU while it followed, above nobody's (median)
    double studioP99Ratio = 0;             ///< the probe's p99 while it followed, over nobody's (median)
};

/// Server time per list call at each page size: the watch's ZSCAN + HMGET and
/// the snapshot function's page, kPagesPerSize calls each, from SLOWLOG.
std::vector<PageRow> measurePages(redis::RawConnection& control, ServerWindow& server, const redis::KeySchema& keys,
                                  long long leases)
{
    std::vector<PageRow> rows;
    for (const int page : kPageSizes) {
        server.start();
        std::string cursor = "0";
        for (int k = 0; k < kPagesPerSize; ++k) {
            const redis::Reply scan = control.command({"ZSCAN", keys.expiry(), cursor, "COUNT", std::to_string(page)});
            cursor = scan[0].text;
            std::vector<std::string> hmget{"HMGET", keys.state()};
            for (std::size_t i = 0; i < scan[1].size(); i += 2)
                hmget.push_back(scan[1][i].text);
            if (hmget.size() > 2)
                control.command(hmget);
            if (cursor == "0")
                break;
        }
        for (int k = 0; k < kPagesPerSize; ++k) {
            const long long offset = leases * k / kPagesPerSize;
            control.run(redis::snapshotCall(keys, offset, std::min(page, 5000)));
        }
        server.finish();
        PageRow row;
        row.page = page;
        std::map<std::string, std::pair<double, int>> sums;
        for (const LoggedCall& call : server.calls()) {
            const std::string name = isSnapshotCall(call.command) ? "SNAPSHOT" : call.command;
            sums[name].first += double(call.micros);
            ++sums[name].second;
            if (name == "ZSCAN" || name == "HMGET")
                row.pairMaxUs = std::max(row.pairMaxUs, double(call.micros));
            if (name == "SNAPSHOT")
                row.snapshotMaxUs = std::max(row.snapshotMaxUs, double(call.micros));
        }
        const auto mean = [&](const std::string& name) {
            const auto& [sum, count] = sums[name];
            return count > 0 ? sum / count : 0.0;
        };
        row.zscanUs = mean("ZSCAN");
        row.hmgetUs = mean("HMGET");
        row.snapshotUs = mean("SNAPSHOT");
        rows.push_back(row);
    }
    return rows;
}

/// Lets `watch` read what came while nobody polled it (not measured).
void catchUp(LeaseWatch& watch)
{
    for (int quiet = 0; quiet < 2;) {
        const WatchUpdate update = watch.poll(milliseconds(0));
        quiet = update.events == 0 && update.deltas.empty() && !update.listing ? quiet + 1 : 0;
    }
}

/// One window of `duration` with `follower` following the project.
Window measureWindow(const std::string& follower, const BenchOptions& options, const RedisOptions& redisOptions,
                     const std::string& project, LeaseWatch& watch, ServerWindow& server, const LatencyProbe& probe,
                     std::atomic<long long>& failures)
{
    if (follower == "watch")
        catchUp(watch);
    std::atomic<bool> stop{false};
    std::atomic<long long> reads{0};
    std::thread thread;
    if (follower == "old") {
        thread = std::thread([&] {
            if (options.pin)
                pinCurrentThread(kClientCpu);
            try {
                RedisEngine engine(redisOptions, project);
                while (!stop) {
                    const auto next = WatchClock::now() + kOldWayPeriod;
                    engine.snapshot();
                    ++reads;
                    while (!stop && WatchClock::now() < next)
                        std::this_thread::sleep_for(milliseconds(10));
                }
            } catch (const std::exception&) {
                ++failures;
            }
        });
    } else if (follower == "watch") {
        thread = std::thread([&] {
            if (options.pin)
                pinCurrentThread(kClientCpu);
            try {
                while (!stop) {
                    watch.poll(milliseconds(200));
                    ++reads;
                }
            } catch (const std::exception&) {
                ++failures;
            }
        });
    }
    // Let what the previous window left (a server freeing a big reply) settle first.
    std::this_thread::sleep_for(kSettle);
    const std::uint64_t callsBefore = watch.stats().calls;
    server.start();
    const auto from = WatchClock::now();
    std::this_thread::sleep_for(options.duration);
    const auto to = WatchClock::now();
    server.finish();
    stop = true;
    if (thread.joinable())
        thread.join();

    Window w;
    w.follower = follower;
    const double wall = server.wallSeconds();
    w.cpuPercent = 100.0 * server.cpuSeconds() / wall;
    double micros = 0, allMicros = 0;
    long long pages = 0;
    for (const LoggedCall& call : server.calls()) {
        allMicros += double(call.micros);
        if (!isFollowerCall(follower, call.command))
            continue;
        micros += double(call.micros);
        pages += isSnapshotCall(call.command);
        w.longestMs = std::max(w.longestMs, double(call.micros) / 1000.0);
    }
    w.commandPercent = 100.0 * micros / (wall * 1e6);
    if (follower == "nobody" && !server.calls().empty())
        w.roundTripUs = std::max(0.0, server.cpuSeconds() * 1e6 - allMicros) / double(server.calls().size());
    if (follower == "watch")
        w.roundTripsPerSecond = double(watch.stats().calls - callsBefore) / wall;
    if (follower == "old")
        w.roundTripsPerSecond = double(pages) / wall;
    w.p50Us = probe.percentile(from, to, 50);
    w.p99Us = probe.percentile(from, to, 99);
    w.samples = probe.samples(from, to);
    w.reads = reads;
    return w;
}

/// Median over the repetitions of `value(window of follower f)`.
template <typename Value>
double medianOf(const SizeRun& run, std::size_t f, Value value)
{
    std::vector<double> values;
    for (const auto& rep : run.reps)
        values.push_back(value(rep[f], rep[0]));
    return Spread::of(values).median;
}

SizeRun runSize(long long leases, const BenchOptions& options, const std::string& url, std::ostream& progress,
                std::atomic<long long>& failures)
{
    SizeRun run;
    run.leases = leases;
    const std::string project = options.project + "-watch-" + std::to_string(leases);
    const redis::KeySchema keys(project);
    redis::RawConnection control(url);
    ServerWindow server(control);

    progress << "treelock-bench --watch: " << leases << " leases: filling..." << std::flush;
    const auto filled = WatchClock::now();
    fillProject(control, keys, leases);
    run.fillSeconds = seconds(WatchClock::now() - filled);
    progress << " " << std::fixed << std::setprecision(1) << run.fillSeconds << " s; page sizes..." << std::flush;
    run.pages = measurePages(control, server, keys, leases);

    RedisOptions redisOptions;
    redisOptions.url = url;
    ChangeLoad load(url, project, kChangesPerSecond, options.pin);
    LatencyProbe probe(url, kProbePace, options.pin);

    progress << " first list..." << std::flush;
    server.start();
    const auto listed = WatchClock::now();
    LeaseWatch watch(redisOptions, project);
    while (!watch.synced())
        watch.poll(milliseconds(0));
    run.listSeconds = seconds(WatchClock::now() - listed);
    server.finish();
    run.listCalls = watch.stats().calls;
    std::vector<double> listCalls;
    for (const LoggedCall& call : server.calls())
        if (kWatchCommands.count(call.command))
            listCalls.push_back(double(call.micros) / 1000.0);
    std::sort(listCalls.begin(), listCalls.end());
    run.listCallsTimed = listCalls.size();
    run.listCallsOver = std::size_t(std::count_if(listCalls.begin(), listCalls.end(),
                                                  [](double ms) { return ms > kCallLimitMs; }));
    if (!listCalls.empty()) {
        run.listLongestMs = listCalls.back();
        run.listP99Ms = listCalls[std::size_t(0.99 * double(listCalls.size() - 1))];
    }
    progress << " " << std::setprecision(2) << run.listSeconds << " s\n";

    for (int r = 0; r < options.reps; ++r) {
        std::vector<Window> rep(kFollowers.size());
        for (std::size_t k = 0; k < kFollowers.size(); ++k) {
            const std::size_t f = (k + std::size_t(r)) % kFollowers.size(); // rotate who goes first
            rep[f] = measureWindow(kFollowers[f], options, redisOptions, project, watch, server, probe, failures);
            progress << "  rep " << r + 1 << "  " << std::left << std::setw(6) << kFollowers[f] << std::right
                     << " server CPU " << std::setprecision(1) << std::setw(5) << rep[f].cpuPercent << " %  probe p99 "
                     << std::setprecision(3) << rep[f].p99Us / 1000.0 << " ms\n";
        }
        for (Window& w : rep)
            w.estimatePercent = w.commandPercent + 100.0 * w.roundTripsPerSecond * rep[0].roundTripUs / 1e6;
        run.reps.push_back(rep);
    }
    progress << "  Studio: attaching..." << std::flush;
    // Four windows long: at a million leases a decorated state takes the worker seconds, and comes every ~15 s.
    WatchClock::time_point followFrom{};
    WatchClock::time_point followTo{};
    run.studio = attachStudio(
        url, project, leases, 4 * options.duration,
        [&] {
            server.start();
            followFrom = WatchClock::now();
        },
        [&] {
            followTo = WatchClock::now();
            server.finish();
        });
    if (run.studio.available) {
        const double nobody = medianOf(run, 0, [](const Window& w, const Window&) { return w.cpuPercent; });
        run.studioServerPercent = 100.0 * server.cpuSeconds() / server.wallSeconds() - nobody;
        const double nobodyP99 = medianOf(run, 0, [](const Window& w, const Window&) { return w.p99Us; });
        if (nobodyP99 > 0)
            run.studioP99Ratio = probe.percentile(followFrom, followTo, 99) / nobodyP99;
        progress << " shown in " << std::setprecision(1) << run.studio.loadedS << " s\n";
    } else {
        progress << " " << run.studio.note << "\n";
    }
    load.stop();
    probe.stop();
    failures += load.errors();
    control.command({"DEL", keys.state(), keys.expiry(), keys.events(), keys.waiters(), keys.hot()});
    return run;
}

void printSize(std::ostream& out, const SizeRun& run)
{
    out << std::fixed << "\n" << run.leases << " leases (filled in " << std::setprecision(1) << run.fillSeconds
        << " s)\n\n";
    out << "  server time per list call, mean (longest), µs\n";
    out << "  page   watch: ZSCAN   HMGET    longest   snapshot page   longest\n";
    for (const PageRow& p : run.pages)
        out << "  " << std::setw(4) << p.page << std::setw(15) << std::setprecision(0) << p.zscanUs << std::setw(8)
            << p.hmgetUs << std::setw(11) << p.pairMaxUs << std::setw(16) << p.snapshotUs << std::setw(10)
            << p.snapshotMaxUs << "\n";
    out << "\n  first list: " << std::setprecision(2) << run.listSeconds << " s, " << run.listCalls
        << " round trips; its calls' server time p99 " << std::setprecision(3) << run.listP99Ms << " ms, longest "
        << run.listLongestMs << " ms, " << run.listCallsOver << " of " << run.listCallsTimed << " over "
        << std::setprecision(1) << kCallLimitMs << " ms\n\n";
    out << "  follower              server CPU   its calls   round trips   est. share   longest call   probe p99"
           "   p99 ratio\n";
    for (std::size_t f = 0; f < kFollowers.size(); ++f) {
        const double cpu = medianOf(run, f, [](const Window& w, const Window&) { return w.cpuPercent; });
        const double above = medianOf(run, f, [](const Window& w, const Window& base) {
            return w.cpuPercent - base.cpuPercent;
        });
        const double own = medianOf(run, f, [](const Window& w, const Window&) { return w.commandPercent; });
        double longest = 0;
        for (const auto& rep : run.reps)
            longest = std::max(longest, rep[f].longestMs);
        const double trips = medianOf(run, f, [](const Window& w, const Window&) { return w.roundTripsPerSecond; });
        const double estimate = medianOf(run, f, [](const Window& w, const Window&) { return w.estimatePercent; });
        const double p99 = medianOf(run, f, [](const Window& w, const Window&) { return w.p99Us; });
        const double ratio = medianOf(run, f, [](const Window& w, const Window& base) {
            return base.p99Us > 0 ? w.p99Us / base.p99Us : 0.0;
        });
        const char* name = f == 0 ? "nobody" : f == 1 ? "old: re-read every 1 s" : "LeaseWatch";
        std::ostringstream server;
        server << std::fixed << std::setprecision(1) << (f == 0 ? cpu : above) << " %" << (f == 0 ? " all" : "");
        out << "  " << std::left << std::setw(22) << name << std::right << std::setw(12) << server.str()
            << std::setw(10) << std::setprecision(2) << own << " %" << std::setw(12) << std::setprecision(0) << trips
            << "/s" << std::setw(11) << std::setprecision(2) << estimate << " %" << std::setw(12)
            << std::setprecision(3) << longest << " ms" << std::setw(9) << p99 / 1000.0 << " ms" << std::setw(12)
            << std::setprecision(2) << ratio << "\n";
    }
    const StudioAttach& s = run.studio;
    if (!s.available) {
        out << "\n  Studio: " << s.note << "\n";
        return;
    }
    out << "\n  Studio attached (its window offscreen, 1400x900): first rows after " << std::setprecision(2)
        << s.firstRowsS << " s; all " << s.leasesShown << " leases shown after " << std::setprecision(1) << s.loadedS
        << " s (GUI thread " << s.loadGuiCpuS << " s CPU, longest stall " << std::setprecision(0) << s.loadStallMs
        << " ms; worker " << std::setprecision(1) << s.loadWorkerCpuS << " s CPU)\n";
    out << "  then following: GUI thread " << std::setprecision(1) << s.followGuiMsPerS << " ms/s, longest stall "
        << std::setprecision(0) << s.followStallMs << " ms, " << std::setprecision(2) << s.followStatesPerS
        << " states/s; worker " << std::setprecision(0) << s.followWorkerMsPerS << " ms/s; server CPU "
        << std::setprecision(1) << run.studioServerPercent << " % above nobody's; probe p99 "
        << std::setprecision(2) << run.studioP99Ratio << " x nobody's; window memory "
        << std::setprecision(0) << s.rssMiB << " MiB\n";
}

nlohmann::json sizeJson(const SizeRun& run)
{
    nlohmann::json pages = nlohmann::json::array();
    for (const PageRow& p : run.pages)
        pages.push_back({{"page", p.page}, {"zscan_us", p.zscanUs}, {"hmget_us", p.hmgetUs},
                         {"list_call_max_us", p.pairMaxUs}, {"snapshot_page_us", p.snapshotUs},
                         {"snapshot_page_max_us", p.snapshotMaxUs}});
    nlohmann::json reps = nlohmann::json::array();
    for (const auto& rep : run.reps) {
        nlohmann::json windows = nlohmann::json::array();
        for (const Window& w : rep)
            windows.push_back({{"follower", w.follower}, {"server_cpu_percent", w.cpuPercent},
                               {"follower_command_percent", w.commandPercent}, {"longest_call_ms", w.longestMs},
                               {"round_trips_per_second", w.roundTripsPerSecond}, {"round_trip_us", w.roundTripUs},
                               {"estimate_percent", w.estimatePercent},
                               {"probe_p50_us", w.p50Us}, {"probe_p99_us", w.p99Us}, {"probe_samples", w.samples},
                               {"reads", w.reads}});
        reps.push_back(windows);
    }
    return {{"leases", run.leases}, {"fill_s", run.fillSeconds}, {"pages", pages},
            {"first_list", {{"seconds", run.listSeconds}, {"calls", run.listCalls},
                            {"call_p99_ms", run.listP99Ms}, {"longest_call_ms", run.listLongestMs},
                            {"calls_timed", run.listCallsTimed}, {"calls_over_limit", run.listCallsOver}}},
            {"repetitions", reps},
            {"studio",
             {{"available", run.studio.available}, {"note", run.studio.note},
              {"first_rows_s", run.studio.firstRowsS}, {"loaded_s", run.studio.loadedS},
              {"leases_shown", run.studio.leasesShown}, {"load_gui_cpu_s", run.studio.loadGuiCpuS},
              {"load_worker_cpu_s", run.studio.loadWorkerCpuS}, {"load_longest_stall_ms", run.studio.loadStallMs},
              {"follow_gui_ms_per_s", run.studio.followGuiMsPerS},
              {"follow_worker_ms_per_s", run.studio.followWorkerMsPerS},
              {"follow_longest_stall_ms", run.studio.followStallMs},
              {"follow_states_per_s", run.studio.followStatesPerS},
              {"follow_server_percent_above_nobody", run.studioServerPercent},
              {"follow_probe_p99_ratio", run.studioP99Ratio}, {"window_rss_mib", run.studio.rssMiB}}}};
}

} // namespace

int runWatchBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                  std::ostream& progress)
{
    std::string url;
    const std::unique_ptr<RedisServerProcess> server = startPrivateServer(options, options.pin, url);
    if (options.pin)
        pinCurrentThread(kClientCpu);
    std::atomic<long long> failures{0};
    std::vector<SizeRun> runs;
    for (const long long leases : options.held)
        runs.push_back(runSize(leases, options, url, progress, failures));

    out << "treelock-bench --watch: following a project, the old way (RedisEngine::snapshot every second) and with "
           "a LeaseWatch (page " << kWatchPageSize << "), " << options.reps << " repetitions of "
        << options.duration.count() << " ms windows in rotating order; a load client making " << kChangesPerSecond
        << " changes/s and a probe sending a PING every " << kProbePace.count() / 1000 << " ms; private redis-server"
        << (options.pin ? " on CPU 0, clients on CPU 1" : "") << "\n";
    out << "server CPU: Redis's main thread over the window, % of one core (nobody: all of it; the others: above "
           "nobody's); its calls: the follower's own command time (SLOWLOG); est. share: its calls plus its round "
           "trips at the server's CPU per round trip in nobody's window\n";
    nlohmann::json json{{"command", commandLine}, {"cpu", cpuModel()}, {"page_size", kWatchPageSize},
                        {"changes_per_second", kChangesPerSecond}, {"window_ms", options.duration.count()}};
    for (const SizeRun& run : runs) {
        printSize(out, run);
        json["sizes"].push_back(sizeJson(run));
    }
    if (failures > 0)
        out << "\n" << failures << " client call(s) failed: the figures are incomplete\n";
    writeJson(options, json);
    return failures == 0 ? 0 : 1;
}

} // namespace treelock::bench
