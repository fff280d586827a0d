#include "projectexporter.h"

#include "exportermetrics.h"

#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/leasewatch.h"
#include "treelock/redisengine.h"
#include "treelock/redistopology.h"

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>
#include <utility>

namespace treelock::exporter {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Polls of one project per pass: pages of a list, or batches of events that
// keep coming, before the follower turns to the next project.
constexpr int kPollsPerPass = 20;
// After a pass that could not reach the server, the follower waits this many
// times followEvery (at most kMaxBackoff) before the next.
constexpr int kBackoffFactor = 8;
constexpr milliseconds kMaxBackoff{5000};

// One followed project: the follower thread's own.
struct Follower {
    std::unique_ptr<LeaseWatch> watch;
    ProjectTally tally; // tally.synced: a first list has ended (it stays so through later lists)
};

// What a scrape keeps of a project between scrapes.
struct ScrapeState {
    std::unique_ptr<RedisEngine> engine;                 // for waiters and contention
    std::unordered_map<std::string, std::int64_t> seen;  // refusal totals by path, at the last read
    std::uint64_t refusals = 0;
    bool tableRead = false;  // the first read sets `seen`: refusals count from then on
};

} // namespace

struct ProjectExporter::Impl {
    ExporterOptions options;
    std::string redisShown;      // the URL, password hidden (treelock_exporter_info)
    bool replicated = false;     // Sentinel or Cluster: a scrape reads the topology
    std::chrono::system_clock::time_point started = std::chrono::system_clock::now();

    // Shared by the follower thread and scrapes; guarded by `mutex`.
    mutable std::mutex mutex;
    std::condition_variable wake;
    bool stopping = false;
    bool published = false;                      // the follower has published a pass
    std::set<std::string> wanted;                // the projects to follow
    std::map<std::string, ProjectTally> tallies; // as the follower last published them
    std::thread thread;

    // Scrapes only; guarded by `scrapeMutex` (the HTTP server may scrape from two threads).
    mutable std::mutex scrapeMutex;
    mutable std::map<std::string, ScrapeState> states;
    mutable std::map<std::string, std::string> primaries; // by shard ("" behind Sentinel): the last seen
    mutable std::uint64_t errors = 0;
    mutable std::uint64_t failovers = 0;
    mutable bool failing = false;                 // the last scrape could not read Redis
    mutable std::set<std::string> missing;        // named projects the server does not have

    void log(const std::string& line) const
    {
        if (options.log)
            options.log(line);
    }
    // Logs the named projects that are missing now, or were and are not any more.
    void noteMissing(const std::set<std::string>& present) const;

    bool named() const { return !options.projects.empty(); }

    void run();
    void discover();
    // Follows one project for a pass; false when the server could not be reached.
    bool follow(Follower& follower) const;
    std::vector<ShardScrape> topology(const std::string& project) const;
};

void ProjectExporter::Impl::discover()
{
    if (named())
        return;
    std::set<std::string> found;
    try {
        for (const ProjectInfo& p : listProjects(options.redis))
            found.insert(p.name);
    } catch (const std::exception&) {
        return; // the scrape says so (treelock_up 0); the projects followed stay
    }
    std::lock_guard lock(mutex);
    wanted = std::move(found);
}

bool ProjectExporter::Impl::follow(Follower& f) const
{
    bool changed = !f.tally.synced;
    try {
        for (int i = 0; i < kPollsPerPass; ++i) {
            const WatchUpdate update = f.watch->poll(milliseconds(0));
            applyDeltas(f.tally, update.deltas);
            changed = changed || !update.deltas.empty();
            if (f.watch->synced())
                f.tally.synced = true;
            const bool listing = update.listing && !update.listing->done;
            if (!listing && update.events < kWatchEventBatch)
                break;
        }
    } catch (const std::exception&) {
        ++f.tally.errors;
        return false;
    }
    applyStats(f.tally, f.watch->stats());
    if (changed)
        applyView(f.tally, f.watch->leases());
    return true;
}

void ProjectExporter::Impl::run()
{
    std::map<std::string, Follower> followers;
    Clock::time_point nextDiscovery = Clock::now();
    for (;;) {
        if (Clock::now() >= nextDiscovery) {
            discover();
            nextDiscovery = Clock::now() + options.discoverEvery;
        }
        std::set<std::string> names;
        {
            std::lock_guard lock(mutex);
            if (stopping)
                return;
            names = wanted;
        }
        std::erase_if(followers, [&](const auto& entry) { return !names.contains(entry.first); });
        bool reached = true;
        for (const std::string& name : names) {
            auto it = followers.find(name);
            if (it == followers.end())
                it = followers.emplace(name, Follower{std::make_unique<LeaseWatch>(options.redis, name), {}}).first;
            if (reached)
                reached = follow(it->second);
        }
        std::unique_lock lock(mutex);
        tallies.clear();
        for (const auto& [name, f] : followers)
            tallies.emplace(name, f.tally);
        published = true;
        const milliseconds pause = reached ? options.followEvery : std::min(kMaxBackoff, options.followEvery * kBackoffFactor);
        wake.wait_for(lock, pause, [this] { return stopping; });
    }
}

void ProjectExporter::Impl::noteMissing(const std::set<std::string>& present) const
{
    for (const std::string& name : options.projects) {
        const bool gone = !present.contains(name);
        if (gone && missing.insert(name).second)
            log("project " + name + " is not on the server (no lock granted there yet, or a misspelt name): "
                "it is reported once it is");
        else if (!gone && missing.erase(name) > 0)
            log("project " + name + " is on the server now");
    }
}

std::vector<ShardScrape> ProjectExporter::Impl::topology(const std::string& project) const
{
    if (!replicated)
        return {};
    const Topology t = readTopology(options.redis, project);
    std::vector<ShardScrape> shards;
    if (t.kind == Topology::Kind::Cluster) {
        for (const ShardStatus& s : t.shards)
            shards.push_back({s.primary.text(), s.slotRanges, s.replicas});
    } else if (!t.primary.empty()) {
        shards.push_back({t.primary, {}, t.replicas});
    }
    for (const ShardScrape& s : shards) {
        // A shard is known by its slots; behind Sentinel there is one, "".
        auto [it, added] = primaries.try_emplace(s.slots, s.primary);
        if (!added && it->second != s.primary) {
            ++failovers;
            it->second = s.primary;
        }
    }
    return shards;
}

ProjectExporter::ProjectExporter(ExporterOptions options) : m_impl(std::make_unique<Impl>())
{
    const RedisAddress address = RedisAddress::of(options.redis); // throws InvalidInput for a bad URL
    for (const auto& project : options.projects)
        validateProject(project);
    if (options.hotPaths > kMaxHotPaths)
        throw InvalidInput("hot paths " + std::to_string(options.hotPaths) + " is out of range: the contention table keeps between 0 and "
                           + std::to_string(kMaxHotPaths));
    m_impl->options = std::move(options);
    m_impl->redisShown = address.redacted();
    m_impl->replicated = address.isSentinel() || address.isCluster();
    m_impl->wanted.insert(m_impl->options.projects.begin(), m_impl->options.projects.end());
}

ProjectExporter::~ProjectExporter()
{
    stop();
}

void ProjectExporter::start()
{
    if (!m_impl->thread.joinable())
        m_impl->thread = std::thread([impl = m_impl.get()] { impl->run(); });
}

void ProjectExporter::stop()
{
    {
        std::lock_guard lock(m_impl->mutex);
        m_impl->stopping = true;
    }
    m_impl->wake.notify_all();
    if (m_impl->thread.joinable())
        m_impl->thread.join();
}

std::vector<prometheus::MetricFamily> ProjectExporter::Collect() const
{
    Impl& d = *m_impl;
    std::lock_guard scrapeLock(d.scrapeMutex);
    const Clock::time_point begun = Clock::now();
    Scrape scrape;
    scrape.started = d.started;
    scrape.redis = d.redisShown;
    std::vector<std::string> names;
    std::map<std::string, ProjectTally> tallies;
    {
        std::lock_guard lock(d.mutex);
        names.assign(d.wanted.begin(), d.wanted.end());
        tallies = d.tallies;
    }
    try {
        // With no names it still reaches the server: treelock_up says whether it answers.
        const std::vector<ProjectInfo> counts = countProjects(d.options.redis, names);
        std::set<std::string> present;
        for (const ProjectInfo& p : counts)
            present.insert(p.name);
        d.noteMissing(present);
        if (!d.named()) {
            // A project gone from the server is followed no more; found again, it starts afresh.
            std::lock_guard lock(d.mutex);
            std::erase_if(d.wanted, [&](const std::string& name) { return !present.contains(name); });
        }
        std::erase_if(d.states, [&](const auto& entry) { return !present.contains(entry.first); });
        for (const ProjectInfo& info : counts) {
            ScrapeState& state = d.states[info.name];
            if (!state.engine)
                state.engine = std::make_unique<RedisEngine>(d.options.redis, info.name);
            Snapshot waiting = state.engine->waiters();
            std::vector<HotPath> table = state.engine->contention(kMaxHotPaths);
            const std::uint64_t refused = refusalsSince(state.seen, table);
            if (std::exchange(state.tableRead, true))
                state.refusals += refused;
            table.resize(std::min(table.size(), d.options.hotPaths));
            ProjectScrape p;
            p.name = info.name;
            if (const auto t = tallies.find(info.name); t != tallies.end())
                p.tally = t->second;
            p.counts = info;
            p.now = waiting.serverTime;
            p.waiters = std::move(waiting.waiters);
            p.hotPaths = std::move(table);
            p.refusals = state.refusals;
            scrape.projects.push_back(std::move(p));
        }
        scrape.shards = d.topology(counts.empty() ? std::string("default") : counts.front().name);
        scrape.up = true;
        if (std::exchange(d.failing, false))
            d.log("Redis answers again");
    } catch (const std::exception& e) {
        ++d.errors;
        if (!std::exchange(d.failing, true))
            d.log(std::string("cannot read Redis: ") + e.what());
        scrape.projects.clear();
        scrape.shards.clear();
        // Engines reconnect on their next call; a stale slot map is read again.
    }
    scrape.errors = d.errors;
    scrape.failovers = d.failovers;
    scrape.duration = Clock::now() - begun;
    return metricFamilies(scrape);
}

std::vector<std::string> ProjectExporter::followed() const
{
    std::lock_guard lock(m_impl->mutex);
    std::vector<std::string> names;
    for (const auto& [name, tally] : m_impl->tallies)
        names.push_back(name);
    return names;
}

bool ProjectExporter::waitSynced(std::chrono::milliseconds timeout) const
{
    const Clock::time_point deadline = Clock::now() + timeout;
    for (;;) {
        {
            std::lock_guard lock(m_impl->mutex);
            const bool all = m_impl->published && m_impl->tallies.size() >= m_impl->wanted.size()
                             && std::all_of(m_impl->tallies.begin(), m_impl->tallies.end(),
                                            [](const auto& entry) { return entry.second.synced; });
            if (all)
                return true;
        }
        if (Clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(milliseconds(20));
    }
}

} // namespace treelock::exporter
