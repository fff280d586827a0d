#include "exportermetrics.h"

#include <algorithm>

namespace treelock::exporter {

namespace {

using prometheus::ClientMetric;
using prometheus::MetricFamily;
using prometheus::MetricType;

double seconds(std::chrono::duration<double> d)
{
    return d.count();
}

// A family under construction: one sample per labelled value.
class Family {
public:
    Family(std::string name, std::string help, MetricType type)
    {
        m_family.name = std::move(name);
        m_family.help = std::move(help);
        m_family.type = type;
    }

    Family& add(double value, std::vector<ClientMetric::Label> labels = {})
    {
        ClientMetric metric;
        metric.label = std::move(labels);
        if (m_family.type == MetricType::Counter)
            metric.counter.value = value;
        else
            metric.gauge.value = value;
        m_family.metric.push_back(std::move(metric));
        return *this;
    }

    MetricFamily take() { return std::move(m_family); }

private:
    MetricFamily m_family;
};

ClientMetric::Label label(std::string name, std::string value)
{
    return ClientMetric::Label{std::move(name), std::move(value)};
}

// Where a per-project figure comes from. The follower's view and events exist
// for a project only once its first list has ended: before it the project
// would show no lease and an age of 0, and an alert on its age would start its
// `for` again, so those figures leave such a project out.
enum class Source { Scrape, Follower };

bool serves(Source source, const ProjectScrape& p)
{
    return source == Source::Scrape || p.tally.synced;
}

// The families that have one sample per project, filled by `value`.
template <typename Value>
MetricFamily perProject(const Scrape& scrape, Source source, std::string name, std::string help, MetricType type,
                        Value value)
{
    Family family(std::move(name), std::move(help), type);
    for (const ProjectScrape& p : scrape.projects)
        if (serves(source, p))
            family.add(value(p), {label("project", p.name)});
    return family.take();
}

} // namespace

LockMode strongestMode(const LeaseInfo& lease)
{
    // The order of kAllModes is by strength for this purpose: IS, IX, S, SIX, X.
    LockMode strongest = LockMode::IS;
    for (const LockRequest& r : lease.requests)
        strongest = std::max(strongest, r.mode);
    return strongest;
}

void applyDeltas(ProjectTally& tally, const std::vector<LeaseDelta>& deltas)
{
    for (const LeaseDelta& d : deltas)
        if (d.kind == LeaseDelta::Kind::Removed && d.cause == LeaseDelta::Cause::Vanished)
            ++tally.vanished;
}

void applyStats(ProjectTally& tally, const WatchStats& stats)
{
    tally.grants = stats.eventsOf(EventType::Grant);
    tally.releases = stats.eventsOf(EventType::Release);
    tally.forced = stats.eventsOf(EventType::Force);
    tally.expiries = stats.eventsOf(EventType::Expire);
    tally.relists = stats.relists;
}

void applyView(ProjectTally& tally, const std::unordered_map<LeaseId, LeaseInfo>& leases)
{
    tally.leases = leases.size();
    tally.leasesByMode = {};
    tally.oldestCreated.reset();
    for (const auto& [id, lease] : leases) {
        ++tally.leasesByMode[static_cast<std::size_t>(strongestMode(lease))];
        if (!tally.oldestCreated || lease.createdAt < *tally.oldestCreated)
            tally.oldestCreated = lease.createdAt;
    }
}

std::uint64_t refusalsSince(std::unordered_map<std::string, std::int64_t>& seen, const std::vector<HotPath>& table)
{
    std::uint64_t added = 0;
    std::unordered_map<std::string, std::int64_t> now;
    now.reserve(table.size());
    for (const HotPath& hot : table) {
        const auto before = seen.find(hot.path);
        const std::int64_t base = before == seen.end() || before->second > hot.total ? 0 : before->second;
        added += static_cast<std::uint64_t>(std::max<std::int64_t>(0, hot.total - base));
        now.emplace(hot.path, hot.total);
    }
    seen = std::move(now);
    return added;
}

std::vector<MetricFamily> metricFamilies(const Scrape& scrape)
{
    std::vector<MetricFamily> out;
    out.push_back(Family("treelock_up", "1 when the last scrape read every project from Redis, 0 when Redis could not be read",
                         MetricType::Gauge).add(scrape.up ? 1 : 0).take());
    out.push_back(Family("treelock_exporter_scrape_duration_seconds", "How long the last scrape took", MetricType::Gauge)
                      .add(seconds(scrape.duration)).take());
    out.push_back(Family("treelock_exporter_scrape_errors_total", "Scrapes that could not read Redis, since the exporter started",
                         MetricType::Counter).add(double(scrape.errors)).take());
    out.push_back(Family("treelock_exporter_start_time_seconds",
                         "When the exporter started (Unix time): its counters count from then", MetricType::Gauge)
                      .add(seconds(scrape.started.time_since_epoch())).take());
    out.push_back(Family("treelock_exporter_info", "The Redis the exporter reads (its URL, password hidden): 1",
                         MetricType::Gauge).add(1, {label("redis", scrape.redis)}).take());
    out.push_back(Family("treelock_exporter_projects", "Projects the exporter reports", MetricType::Gauge)
                      .add(double(scrape.projects.size())).take());

    {
        Family leases("treelock_leases", "Leases held (live, or revoked and waiting out a lock-delay), by their strongest mode",
                      MetricType::Gauge);
        for (const ProjectScrape& p : scrape.projects) {
            if (!serves(Source::Follower, p))
                continue;
            for (LockMode mode : kAllModes)
                leases.add(double(p.tally.leasesByMode[static_cast<std::size_t>(mode)]),
                           {label("project", p.name), label("mode", std::string(toString(mode)))});
        }
        out.push_back(leases.take());
    }
    out.push_back(perProject(scrape, Source::Follower, "treelock_oldest_lease_age_seconds", "Age of the oldest lease held (0 when none)",
        MetricType::Gauge, [](const ProjectScrape& p) {
            return p.tally.oldestCreated ? std::max(0.0, seconds(p.now - *p.tally.oldestCreated)) : 0.0;
        }));
    out.push_back(perProject(scrape, Source::Scrape, "treelock_expired_leases",
        "Leases past their expiry that no call has reaped yet (a sweeper missing leaves them)",
        MetricType::Gauge, [](const ProjectScrape& p) { return double(p.counts.expired); }));
    out.push_back(perProject(scrape, Source::Scrape, "treelock_waiters", "Registered waiters: refused acquires that wait", MetricType::Gauge,
        [](const ProjectScrape& p) { return double(p.waiters.size()); }));
    out.push_back(perProject(scrape, Source::Scrape, "treelock_longest_wait_seconds", "How long the oldest waiter has waited (0 when none)",
        MetricType::Gauge, [](const ProjectScrape& p) {
            double longest = 0;
            for (const WaiterInfo& w : p.waiters)
                longest = std::max(longest, seconds(p.now - w.since));
            return longest;
        }));
    out.push_back(perProject(scrape, Source::Follower, "treelock_grants_total", "Leases granted, as the events stream told", MetricType::Counter,
        [](const ProjectScrape& p) { return double(p.tally.grants); }));
    out.push_back(perProject(scrape, Source::Follower, "treelock_releases_total", "Leases released by their holder", MetricType::Counter,
        [](const ProjectScrape& p) { return double(p.tally.releases); }));
    out.push_back(perProject(scrape, Source::Follower, "treelock_expiries_total",
        "Expired leases reaped (their holder stopped renewing); those not reaped yet are treelock_expired_leases",
        MetricType::Counter, [](const ProjectScrape& p) { return double(p.tally.expiries); }));
    out.push_back(perProject(scrape, Source::Follower, "treelock_force_releases_total", "Leases force-released by an operator",
        MetricType::Counter, [](const ProjectScrape& p) { return double(p.tally.forced); }));
    out.push_back(perProject(scrape, Source::Follower, "treelock_leases_vanished_total",
        "Leases gone without an event saying why (found missing by a list)", MetricType::Counter,
        [](const ProjectScrape& p) { return double(p.tally.vanished); }));
    out.push_back(perProject(scrape, Source::Scrape, "treelock_refusals_total", "Acquires refused, as the contention table counted them",
        MetricType::Counter, [](const ProjectScrape& p) { return double(p.refusals); }));
    {
        Family rate("treelock_hot_path_refusals_per_minute",
                    "Refusals per minute on the project's hottest paths (the --hot-paths most refused)", MetricType::Gauge);
        Family waiting("treelock_hot_path_waiters", "Waiters whose last attempt was refused on the path", MetricType::Gauge);
        for (const ProjectScrape& p : scrape.projects)
            for (const HotPath& hot : p.hotPaths) {
                rate.add(hot.perMinute(), {label("project", p.name), label("path", hot.path)});
                waiting.add(double(hot.waiters), {label("project", p.name), label("path", hot.path)});
            }
        out.push_back(rate.take());
        out.push_back(waiting.take());
    }
    {
        Family relists("treelock_watch_relists_total",
                       "Times the exporter listed a project's leases again instead of following its events, by reason",
                       MetricType::Counter);
        for (const ProjectScrape& p : scrape.projects) {
            if (!serves(Source::Follower, p))
                continue;
            for (std::size_t r = 0; r < kRelistReasons; ++r)
                relists.add(double(p.tally.relists[r]),
                            {label("project", p.name), label("reason", std::string(toString(static_cast<RelistReason>(r))))});
        }
        out.push_back(relists.take());
    }
    out.push_back(perProject(scrape, Source::Follower, "treelock_watch_errors_total", "Polls of a project's events that failed",
        MetricType::Counter, [](const ProjectScrape& p) { return double(p.tally.errors); }));

    if (!scrape.shards.empty()) {
        Family primary("treelock_redis_primary", "The primary serving Treelock's projects (1 per primary; slots on a cluster)",
                       MetricType::Gauge);
        Family lag("treelock_redis_replica_lag_bytes", "How far a replica is behind its primary, in bytes of replication stream",
                   MetricType::Gauge);
        for (const ShardScrape& s : scrape.shards) {
            primary.add(1, {label("primary", s.primary), label("slots", s.slots)});
            for (const ReplicaStatus& r : s.replicas)
                lag.add(double(r.bytesBehind), {label("primary", s.primary), label("replica", r.address.text())});
        }
        out.push_back(primary.take());
        out.push_back(lag.take());
        out.push_back(Family("treelock_redis_failovers_total", "Changes of a primary seen between two scrapes, since the exporter started",
                             MetricType::Counter).add(double(scrape.failovers)).take());
    }
    return out;
}

} // namespace treelock::exporter
