#include "starvationbench.h"

#include "benchrunner.h"
#include "report.h"
#include "treelock/lockclient.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"
#include "treelock/redisserverprocess.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace treelock::bench {

namespace {

using std::chrono::milliseconds;

struct Round {
    bool fair = false;
    bool granted = false;
    double waitMs = 0;
    long long readerGrants = 0; ///< while the writer waited
};

/// One round: readers on their own threads, then the writer; stops the readers.
Round runRound(const std::string& url, const std::string& project, bool fair, const BenchOptions& options,
               std::atomic<long long>& readerErrors)
{
    RedisOptions redisOptions;
    redisOptions.url = url;
    auto admin = std::make_shared<RedisEngine>(redisOptions, project);
    admin->setFairnessGrace(fair ? std::optional(kDefaultGrace) : std::nullopt, "treelock-bench");

    std::atomic<bool> stop{false};
    std::atomic<long long> grants{0};
    std::vector<std::thread> readers;
    const int count = options.starvationReaders;
    const milliseconds hold = options.starvationHold;
    for (int i = 0; i < count; ++i) {
        readers.emplace_back([&, i] {
            try {
                ClientOptions client;
                client.owner = "reader" + std::to_string(i);
                LockClient lockClient(std::make_shared<RedisEngine>(redisOptions, project), client);
                std::this_thread::sleep_for(hold * i / count);
                const std::vector<LockRequest> requests{{"/r/x" + std::to_string(i), LockMode::S}};
                while (!stop) {
                    AcquireOutcome got = lockClient.acquire(requests, "copy-folder", milliseconds(10000));
                    if (got) {
                        ++grants;
                        std::this_thread::sleep_for(hold);
                    }
                }
            } catch (const std::exception&) {
                ++readerErrors;
            }
        });
    }
    while (grants < 2LL * count && readerErrors == 0)
        std::this_thread::sleep_for(milliseconds(2));

    Round round;
    round.fair = fair;
    ClientOptions writerOptions;
    writerOptions.owner = "writer";
    LockClient writer(admin, writerOptions);
    const long long before = grants;
    const auto started = std::chrono::steady_clock::now();
    AcquireOutcome got = writer.acquire({{"/r", LockMode::X}}, "delete-folder", options.starvationWait);
    round.waitMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    round.granted = static_cast<bool>(got);
    round.readerGrants = grants - before;
    if (got)
        got.lease.release();
    stop = true;
    for (std::thread& t : readers)
        t.join();
    return round;
}

nlohmann::json spreadJson(const std::vector<double>& values)
{
    const Spread s = Spread::of(values);
    return {{"median_ms", s.median}, {"worst_ms", s.max}, {"best_ms", s.min}};
}

} // namespace

int runStarvationBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                       std::ostream& progress)
{
    std::string url = options.redisUrl;
    std::unique_ptr<RedisServerProcess> server; // Owned; stopped last.
    if (url.empty())
        server = startPrivateServer(options, false, url);
    std::atomic<long long> readerErrors{0};
    std::vector<Round> rounds;
    std::vector<std::string> projects;
    for (int r = 0; r < options.starvationRounds; ++r) {
        // Alternate which setting goes first, so neither always runs on a warmer server.
        for (const bool fair : r % 2 == 0 ? std::vector<bool>{false, true} : std::vector<bool>{true, false}) {
            const std::string project = options.project + "-starve-" + std::to_string(r) + (fair ? "-on" : "-off");
            projects.push_back(project);
            rounds.push_back(runRound(url, project, fair, options, readerErrors));
            progress << "  round " << r + 1 << "  fairness " << (fair ? "on " : "off") << ": writer "
                     << (rounds.back().granted ? "granted after " : "still out after ") << std::fixed
                     << std::setprecision(0) << rounds.back().waitMs << " ms, " << rounds.back().readerGrants
                     << " reader grants meanwhile\n";
        }
    }
    redis::RawConnection cleaner(url);
    for (const std::string& project : projects) {
        const redis::KeySchema keys(project);
        cleaner.command({"DEL", keys.state(), keys.expiry(), keys.events(), keys.waiters(), keys.hot()});
    }

    nlohmann::json json{{"command", commandLine},
                        {"readers", options.starvationReaders},
                        {"hold_ms", options.starvationHold.count()},
                        {"writer_wait_ms", options.starvationWait.count()},
                        {"rounds", options.starvationRounds}};
    out << "treelock-bench --starvation: a writer (X on /r, wait " << options.starvationWait.count() << " ms) among "
        << options.starvationReaders << " readers that keep overlapping (S on /r/x<i>, each held "
        << options.starvationHold.count() << " ms and taken again), " << options.starvationRounds
        << " rounds, fairness off and on interleaved; "
        << (server ? "private redis-server" : "server " + RedisAddress::parse(url).redacted()) << "\n\n";
    out << "fairness   writer got in   median wait   worst wait\n";
    for (const bool fair : {false, true}) {
        std::vector<double> waits;
        int granted = 0;
        nlohmann::json each = nlohmann::json::array();
        for (const Round& r : rounds) {
            if (r.fair != fair)
                continue;
            waits.push_back(r.waitMs);
            granted += r.granted ? 1 : 0;
            each.push_back({{"granted", r.granted}, {"wait_ms", r.waitMs}, {"reader_grants", r.readerGrants}});
        }
        const Spread s = Spread::of(waits);
        out << std::left << std::setw(11) << (fair ? "on (5 ms)" : "off") << std::right << std::setw(6) << granted
            << " of " << std::setw(3) << waits.size() << std::setw(12) << std::fixed << std::setprecision(0)
            << s.median << " ms" << std::setw(10) << s.max << " ms\n";
        nlohmann::json setting = spreadJson(waits);
        setting["granted"] = granted;
        setting["rounds"] = each;
        json[fair ? "fairness_on" : "fairness_off"] = setting;
    }
    if (readerErrors > 0)
        out << "\n" << readerErrors << " reader(s) failed: the figures are incomplete\n";
    writeJson(options, json);
    return readerErrors == 0 ? 0 : 1;
}

} // namespace treelock::bench
