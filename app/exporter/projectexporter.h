#pragma once

// The Prometheus exporter: follows Treelock's projects on a Redis server and
// renders them as metrics when scraped (`treelock exporter`).

#include "treelock/redisurl.h"

#include <prometheus/collectable.h>
#include <prometheus/metric_family.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace treelock::exporter {

/// Settings of a ProjectExporter; the defaults suit a scrape every 15 s.
struct ExporterOptions {
    RedisOptions redis;
    /// The projects to report; empty: every project on the server (every
    /// primary of a cluster), found again every `discoverEvery`.
    std::vector<std::string> projects;
    /// Paths per project in treelock_hot_path_*, 0 to kMaxHotPaths.
    std::size_t hotPaths = 10;
    /// How often the server is searched for projects (SCAN) when none are named.
    std::chrono::milliseconds discoverEvery{30000};
    /// How often each project's events are read: one XREAD a project a pass.
    /// The stream keeps about 10,000 events, so a pass a second keeps up with
    /// any project that makes fewer than 10,000 changes a second.
    std::chrono::milliseconds followEvery{1000};
    /// Told one line when a scrape first fails to read Redis (and why), when it
    /// reads it again, and when a project named in `projects` is not on the
    /// server (and when it appears). Called on the scraping thread; may be empty.
    std::function<void(const std::string&)> log;
};

/// Follows projects in a thread of its own, one LeaseWatch each (list once,
/// then the events stream), and renders them when Collect() is called. A
/// scrape reads per project, besides what the follower has: its waiters
/// (O(waiters)), its contention table once, and its lease counts (ZCARD and
/// ZCOUNT, pipelined with the other projects'); behind Sentinel or on a
/// cluster, the topology. It never reads every lease again.
///
/// Nothing here throws once made: a server that cannot be reached shows as
/// treelock_up 0 and a scrape error, and the followers connect again.
/// Collect() may be called from any thread (the HTTP server's).
class ProjectExporter final : public prometheus::Collectable {
public:
    /// Throws InvalidInput (a bad URL, project or option).
    explicit ProjectExporter(ExporterOptions options);
    ~ProjectExporter() override;
    ProjectExporter(const ProjectExporter&) = delete;
    ProjectExporter& operator=(const ProjectExporter&) = delete;

    /// Starts the follower thread: it finds the projects and follows them.
    void start();
    /// Stops the follower thread (the destructor does too).
    void stop();

    /// One scrape: the metric families (exportermetrics.h). Blocks for the
    /// Redis reads it makes, bounded by RedisOptions' timeouts.
    std::vector<prometheus::MetricFamily> Collect() const override;

    /// The projects followed now, by name (for tests and the start-up line).
    std::vector<std::string> followed() const;
    /// Waits until every project followed has finished its first list, or
    /// `timeout` passes; whether they did.
    bool waitSynced(std::chrono::milliseconds timeout) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl; // Owned.
};

} // namespace treelock::exporter
