#include "uibench.h"

#include "lockview/lockstate.h"
#include "lockview/locktreemodel.h"
#include "lockview/projecttree.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/leases/leasefilterproxy.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/tree/treefilterproxy.h"

#include <treelock/leaseid.h>

#include <QElapsedTimer>

#include <random>
#include <sys/resource.h>

namespace treelock::ui {

namespace {

double ms(const QElapsedTimer& t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

LeaseInfo randomLease(std::mt19937& rng, const ProjectTreeData& tree, ServerTime now, int n)
{
    const auto& e = tree.entries[std::uniform_int_distribution<std::size_t>(0, tree.entries.size() - 1)(rng)];
    LeaseInfo l;
    char id[33];
    std::snprintf(id, sizeof id, "%032x", n);
    l.id = id;
    l.owner = "user" + std::to_string(n % 97);
    const int kind = std::uniform_int_distribution<int>(0, 9)(rng);
    if (e.folder && kind < 3) {
        l.operation = "copy-folder";
        l.requests = {{e.path, LockMode::S}};
    } else {
        l.operation = e.folder ? "delete-folder" : "upload";
        l.requests = {{e.path, LockMode::X}};
    }
    l.ttl = std::chrono::milliseconds(30000);
    l.createdAt = now - std::chrono::milliseconds(n % 20000);
    l.expiresAt = now + std::chrono::milliseconds(1000 + (n * 37) % 29000) - std::chrono::milliseconds(n % 50 == 0 ? 40000 : 0);
    l.fence = std::uint64_t(1000000 + n);
    return l;
}

std::shared_ptr<LockState> makeState(std::vector<LeaseInfo> leases, ServerTime now, const TreeIndex* index,
                                     const LockState* previous, double* decorateMs)
{
    QElapsedTimer t;
    t.start();
    auto state = std::make_shared<LockState>();
    std::sort(leases.begin(), leases.end(), [](const LeaseInfo& a, const LeaseInfo& b) {
        return a.expiresAt != b.expiresAt ? a.expiresAt < b.expiresAt : a.id < b.id;
    });
    state->leases = std::move(leases);
    state->clock = ServerClock{now, std::chrono::steady_clock::now()};
    state->nodes = decorate(state->leases, now, index);
    if (previous)
        state->changedPaths = changedPaths(previous->nodes, state->nodes);
    else
        state->full = true;
    for (const LeaseInfo& l : state->leases)
        state->expiredCount += l.expired(now) ? 1 : 0;
    *decorateMs = ms(t);
    return state;
}

} // namespace

UiBenchResult runUiBench(int nodes, int leases, int events)
{
    UiBenchResult r;
    LockTreeModel tree;
    LeaseTableModel table;
    EventLogModel log;
    TreeFilterProxy treeProxy;
    treeProxy.setSourceModel(&tree);
    LeaseFilterProxy tableProxy;
    tableProxy.setSourceModel(&table);
    tableProxy.sort(LeaseTableModel::TimeLeftColumn);

    const ProjectTreeData data = generateTree(nodes);
    QElapsedTimer t;
    t.start();
    tree.setTree(data);
    r.treeBuildMs = ms(t);
    r.nodes = tree.nodeCount();

    std::mt19937 rng(42);
    const ServerTime now = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
    std::vector<LeaseInfo> list;
    list.reserve(std::size_t(leases));
    for (int i = 0; i < leases; ++i)
        list.push_back(randomLease(rng, data, now, i));
    r.leases = leases;

    auto first = makeState(list, now, tree.treeIndex().get(), nullptr, &r.decorateMs);
    t.restart();
    tree.applyState(first);
    r.snapshotTreeMs = ms(t);
    table.applyState(first);
    r.snapshotApplyMs = ms(t);

    // 10% churn: replace a tenth of the leases, renew another tenth.
    for (int i = 0; i < leases / 10; ++i)
        list[std::size_t(i)] = randomLease(rng, data, now, leases + i);
    for (int i = leases / 10; i < leases / 5; ++i)
        list[std::size_t(i)].expiresAt += std::chrono::milliseconds(30000);
    auto second = makeState(list, now, tree.treeIndex().get(), first.get(), &r.deltaDecorateMs);
    t.restart();
    tree.applyState(second);
    r.deltaTreeMs = ms(t);
    table.applyState(second);
    r.deltaApplyMs = ms(t);

    std::vector<LogEntry> batch;
    t.restart();
    for (int i = 0; i < events; ++i) {
        LogEntry e;
        e.type = LogEntry::Type::Grant;
        e.time = now;
        e.owner = QStringLiteral("user%1").arg(i % 97);
        e.operation = QStringLiteral("upload");
        e.paths = QStringLiteral("X /projects/p01/src/m1/file%1.cpp").arg(i);
        e.lease = QStringLiteral("%1").arg(i, 32, 16, QLatin1Char('0'));
        batch.push_back(std::move(e));
        if (batch.size() == 100 || i + 1 == events) {
            log.append(batch);
            batch.clear();
        }
    }
    r.eventApplyMs = ms(t);
    r.events = events;

    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    r.peakRssKb = usage.ru_maxrss;
    return r;
}

} // namespace treelock::ui
