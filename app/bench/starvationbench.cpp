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
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace treelock::bench {

namespace {

using std::chrono::milliseconds;

/// The crash rounds' dead lease: the simulator's TTL.
constexpr milliseconds kCrashTtl{2000};

struct Round {
    bool fair = false;
    bool granted = false;
    double waitMs = 0;
    long long readerGrants = 0; ///< while the writer waited
};

/// Readers on their own threads, each taking S on /r/x<first + i> with a
/// LockClient, holding it, and taking it again, until stopped; staggered over
/// one hold. Records when each grant came.
class Readers {
public:
    Readers(const RedisOptions& redisOptions, const std::string& project, const BenchOptions& options, int first,
            std::atomic<long long>& errors)
    {
        const int count = options.starvationReaders;
        const milliseconds hold = options.starvationHold;
        for (int i = 0; i < count; ++i) {
            m_threads.emplace_back([this, &errors, redisOptions, project, hold, count, first, i] {
                try {
                    ClientOptions client;
                    client.owner = "reader" + std::to_string(i);
                    LockClient lockClient(std::make_shared<RedisEngine>(redisOptions, project), client);
                    std::this_thread::sleep_for(hold * i / count);
                    const std::vector<LockRequest> requests{{"/r/x" + std::to_string(first + i), LockMode::S}};
                    while (!m_stop) {
                        AcquireOutcome got = lockClient.acquire(requests, "copy-folder", milliseconds(10000));
                        if (got) { // held while the reader sleeps, released as `got` goes
                            {
                                std::lock_guard lock(m_mutex);
                                m_grants.push_back(std::chrono::steady_clock::now());
                            }
                            std::this_thread::sleep_for(hold);
                        }
                    }
                } catch (const std::exception&) {
                    ++errors;
                }
            });
        }
    }
    ~Readers() { stop(); }
    void stop()
    {
        m_stop = true;
        for (std::thread& t : m_threads)
            if (t.joinable())
                t.join();
    }
    long long count() const
    {
        std::lock_guard lock(m_mutex);
        return static_cast<long long>(m_grants.size());
    }
    /// The grants so far, in the order they came.
    std::vector<std::chrono::steady_clock::time_point> times() const
    {
        std::lock_guard lock(m_mutex);
        return m_grants;
    }

private:
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex; // Guards m_grants.
    std::vector<std::chrono::steady_clock::time_point> m_grants;
    std::vector<std::thread> m_threads;
};

/// One round: readers on their own threads, then the writer; stops the readers.
Round runRound(const std::string& url, const std::string& project, bool fair, const BenchOptions& options,
               std::atomic<long long>& readerErrors)
{
    RedisOptions redisOptions;
    redisOptions.url = url;
    auto admin = std::make_shared<RedisEngine>(redisOptions, project);
    admin->setFairnessGrace(fair ? std::optional(kDefaultGrace) : std::nullopt, "treelock-bench");

    Readers readers(redisOptions, project, options, 0, readerErrors);
    const long long count = options.starvationReaders;
    while (readers.count() < 2 * count && readerErrors == 0)
        std::this_thread::sleep_for(milliseconds(2));

    Round round;
    round.fair = fair;
    ClientOptions writerOptions;
    writerOptions.owner = "writer";
    LockClient writer(admin, writerOptions);
    const long long before = readers.count();
    const auto started = std::chrono::steady_clock::now();
    AcquireOutcome got = writer.acquire({{"/r", LockMode::X}}, "delete-folder", options.starvationWait);
    round.waitMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    round.granted = static_cast<bool>(got);
    round.readerGrants = readers.count() - before;
    if (got)
        got.lease.release();
    readers.stop();
    return round;
}

/// How a crash round's dead holder was granted.
enum class DeadHolder { Renews, NeverSaid, FairnessOff };

const char* deadHolderLabel(DeadHolder kind)
{
    switch (kind) {
    case DeadHolder::Renews:
        return "says it renews (fairness on)";
    case DeadHolder::NeverSaid:
        return "never said it renews (fairness on)";
    case DeadHolder::FairnessOff:
        return "says it renews (fairness off)";
    }
    return "";
}

struct CrashRound {
    DeadHolder kind = DeadHolder::Renews;
    bool granted = false;
    double waitMs = 0;
    double readerGrantsPerSecond = 0; ///< while the writer waited
    double longestReaderGapMs = 0;    ///< the longest time no reader was granted, while the writer waited
};

/// A crash round: a holder takes S on /r/x0 and dies (never renews, never
/// releases); readers keep overlapping on /r/x1.., and a writer asks X on /r.
/// The writer waits for the dead lease's TTL whatever fairness does; what
/// differs is whether the readers beside it are held back meanwhile.
CrashRound runCrashRound(const std::string& url, const std::string& project, DeadHolder kind,
                         const BenchOptions& options, std::atomic<long long>& readerErrors)
{
    RedisOptions redisOptions;
    redisOptions.url = url;
    auto admin = std::make_shared<RedisEngine>(redisOptions, project);
    admin->setFairnessGrace(kind == DeadHolder::FairnessOff ? std::nullopt : std::optional(kDefaultGrace),
                            "treelock-bench");
    AcquireOptions dead;
    dead.owner = "crashed";
    dead.operation = "copy-folder";
    dead.ttl = kCrashTtl;
    if (kind != DeadHolder::NeverSaid)
        dead.renewEvery = watchdogFirstRenewal(kCrashTtl); // as LockClient's watchdog says
    if (!admin->acquire({{"/r/x0", LockMode::S}}, dead).granted)
        throw std::runtime_error("the crashed holder's lease was refused on a fresh project " + project);

    Readers readers(redisOptions, project, options, 1, readerErrors);
    std::this_thread::sleep_for(options.starvationHold * 2);

    CrashRound round;
    round.kind = kind;
    ClientOptions writerOptions;
    writerOptions.owner = "writer";
    LockClient writer(admin, writerOptions);
    const auto started = std::chrono::steady_clock::now();
    AcquireOutcome got = writer.acquire({{"/r", LockMode::X}}, "delete-folder", options.starvationWait);
    const auto ended = std::chrono::steady_clock::now();
    round.waitMs = std::chrono::duration<double, std::milli>(ended - started).count();
    round.granted = static_cast<bool>(got);
    if (got)
        got.lease.release();
    readers.stop();
    auto last = started;
    long long during = 0;
    for (const auto& at : readers.times()) {
        if (at < started || at > ended)
            continue;
        ++during;
        round.longestReaderGapMs =
            std::max(round.longestReaderGapMs, std::chrono::duration<double, std::milli>(at - last).count());
        last = at;
    }
    round.longestReaderGapMs =
        std::max(round.longestReaderGapMs, std::chrono::duration<double, std::milli>(ended - last).count());
    round.readerGrantsPerSecond = round.waitMs > 0 ? during * 1000.0 / round.waitMs : 0;
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
    std::vector<CrashRound> crashRounds;
    for (int r = 0; r < options.starvationRounds; ++r) {
        std::vector<DeadHolder> order{DeadHolder::Renews, DeadHolder::NeverSaid, DeadHolder::FairnessOff};
        std::rotate(order.begin(), order.begin() + r % 3, order.end());
        for (const DeadHolder kind : order) {
            const std::string project = options.project + "-starve-" + std::to_string(r) + "-dead-"
                                        + std::to_string(static_cast<int>(kind));
            projects.push_back(project);
            crashRounds.push_back(runCrashRound(url, project, kind, options, readerErrors));
            const CrashRound& c = crashRounds.back();
            progress << "  round " << r + 1 << "  " << deadHolderLabel(kind) << ": writer "
                     << (c.granted ? "granted after " : "still out after ") << std::fixed << std::setprecision(0)
                     << c.waitMs << " ms, readers " << c.readerGrantsPerSecond << " grants/s meanwhile, longest gap "
                     << c.longestReaderGapMs << " ms\n";
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
    out << "\nA writer behind a crashed holder: S on /r/x0, TTL " << kCrashTtl.count()
        << " ms, never renewed nor released; the readers on /r/x1.. and the writer as above\n\n";
    out << "dead holder's grant                 writer got in   median wait   reader grants/s   longest reader gap\n";
    nlohmann::json dead = nlohmann::json::array();
    for (const DeadHolder kind : {DeadHolder::Renews, DeadHolder::NeverSaid, DeadHolder::FairnessOff}) {
        std::vector<double> waits, rates, gaps;
        int granted = 0;
        for (const CrashRound& c : crashRounds) {
            if (c.kind != kind)
                continue;
            waits.push_back(c.waitMs);
            rates.push_back(c.readerGrantsPerSecond);
            gaps.push_back(c.longestReaderGapMs);
            granted += c.granted ? 1 : 0;
        }
        const Spread w = Spread::of(waits), r = Spread::of(rates), g = Spread::of(gaps);
        out << std::left << std::setw(36) << deadHolderLabel(kind) << std::right << std::setw(6) << granted << " of "
            << std::setw(3) << waits.size() << std::setw(12) << std::fixed << std::setprecision(0) << w.median
            << " ms" << std::setw(18) << r.median << std::setw(18) << g.median << " ms\n";
        dead.push_back({{"dead_holder", deadHolderLabel(kind)}, {"granted", granted}, {"rounds", waits.size()},
                        {"writer_wait", spreadJson(waits)},
                        {"reader_grants_per_s", {{"median", r.median}, {"worst", r.min}, {"best", r.max}}},
                        {"longest_reader_gap", spreadJson(gaps)}});
    }
    out << "(medians over the rounds; a lease that says its watchdog renews first after "
        << watchdogFirstRenewal(kCrashTtl).count() << " ms is presumed dead "
        << static_cast<int>(kPresumedDeadPeriods * watchdogFirstRenewal(kCrashTtl).count())
        << " ms after its grant when no renewal came)\n";
    json["dead_holder"] = dead;
    if (readerErrors > 0)
        out << "\n" << readerErrors << " reader(s) failed: the figures are incomplete\n";
    writeJson(options, json);
    return readerErrors == 0 ? 0 : 1;
}

} // namespace treelock::bench
