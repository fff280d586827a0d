#include "uibench.h"

#include "bridge/bridgeworker.h"
#include "bridge/logentries.h"
#include "lockview/lockstate.h"
#include "lockview/locktreemodel.h"
#include "lockview/projecttree.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/timeline/timelinemodel.h"
#include "panels/timeline/timelinepanel.h"
#include "panels/tree/locktreeview.h"
#include "panels/tree/treefilterproxy.h"

#include <treelock/leaseid.h>
#include <treelock/sim/simulation.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

#include <atomic>
#include <ctime>
#include <map>
#include <random>
#include <sys/resource.h>
#include <thread>
#include <utility>

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
    // Random-looking, as real lease ids are (the table sorts on their first characters).
    std::snprintf(id, sizeof id, "%08x%024x", unsigned(n) * 2654435761u, unsigned(n));
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
    auto state = newLockState();
    std::sort(leases.begin(), leases.end(), [](const LeaseInfo& a, const LeaseInfo& b) {
        return a.expiresAt != b.expiresAt ? a.expiresAt < b.expiresAt : a.id < b.id;
    });
    state->leases = std::move(leases);
    state->clock = ServerClock{now, std::chrono::steady_clock::now()};
    state->full = previous == nullptr;
    decorateState(*state, now, index, previous ? &previous->nodes : nullptr);
    *decorateMs = ms(t);
    return state;
}

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Runs this (the GUI) thread's event loop for `seconds`; returns its CPU time
// in ms meanwhile, and sets `elapsedS` to the wall time it took.
double guiThreadMsFor(int seconds, double* elapsedS)
{
    const double cpu0 = threadCpuMs();
    QElapsedTimer wall;
    wall.start();
    QEventLoop loop;
    QTimer::singleShot(seconds * 1000, &loop, &QEventLoop::quit);
    loop.exec();
    *elapsedS = double(wall.nsecsElapsed()) / 1e9;
    return threadCpuMs() - cpu0;
}

// The GUI thread's share of following a project of `leaseCount` leases over
// `data` at `changesPerS` (half grants, half releases), for `seconds`.
void follow(const ProjectTreeData& data, int leaseCount, int changesPerS, int seconds, UiBenchResult& r)
{
    // As the bridge worker sends a busy project's states.
    constexpr auto kPublishEvery = BridgeWorker::kBusyPublishInterval;
    LockTreeModel tree;
    tree.setTree(data);
    TreeFilterProxy treeProxy;
    treeProxy.setSourceModel(&tree);
    LeaseTableModel table;
    QWidget window;
    auto* treeView = new LockTreeView(&window); // Studio's tree view (TreePanel)
    treeView->setModel(&treeProxy);
    treeView->setUniformRowHeights(true);
    auto* tableView = new QTableView(&window);
    tableView->setModel(&table);
    tableView->setSortingEnabled(true);
    tableView->sortByColumn(LeaseTableModel::TimeLeftColumn, Qt::AscendingOrder);
    EventLogModel logModel;
    auto* logView = new QTableView(&window); // the event log, following its newest rows
    logView->setModel(&logModel);
    auto* layout = new QVBoxLayout(&window);
    auto* views = new QHBoxLayout;
    views->addWidget(treeView);
    views->addWidget(tableView);
    layout->addLayout(views, 3);
    layout->addWidget(logView, 1);
    window.resize(1400, 900);
    window.show();

    const ServerTime now = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
    std::mt19937 rng(7);
    std::map<LeaseId, LeaseInfo> leases;
    for (int i = 0; i < leaseCount; ++i) {
        LeaseInfo l = randomLease(rng, data, now, i);
        l.expiresAt = now + std::chrono::minutes(10); // none expires while measured
        leases.emplace(l.id, std::move(l));
    }
    const std::shared_ptr<const TreeIndex> index = tree.treeIndex();
    const auto full = [&](const LockState* previous) {
        std::vector<LeaseInfo> list;
        for (const auto& [id, l] : leases)
            list.push_back(l);
        double ignored = 0;
        return makeState(std::move(list), now, index.get(), previous, &ignored);
    };
    std::shared_ptr<LockState> first = full(nullptr);
    first->generation = 1;
    tree.applyState(first);
    table.applyState(first);
    QApplication::processEvents();
    treeView->expandToDepth(2);
    tableView->selectRow(5);
    QApplication::processEvents();

    // The worker: changes every half interval; every interval, their event-log
    // entries and a state with their delta, one right after the other (as the
    // bridge worker sends a busy project's).
    std::atomic<bool> stop{false};
    double workerMs = 0;
    int sent = 0;
    QObject receiver;
    double longest = 0;
    int applied = 0;
    // Studio's clock: the table's time columns every second.
    QTimer clock;
    const auto tick = [&] {
        table.tick();
        treeView->repaintColumn(LockTreeModel::TimeLeftColumn); // as TreePanel::clockTicked()
    };
    QObject::connect(&clock, &QTimer::timeout, &table, tick);
    std::thread worker([&] {
        const double cpu0 = threadCpuMs();
        LockStatePtr previous = first;
        int next = leaseCount;
        auto due = std::chrono::steady_clock::now();
        const int perHalf = int(changesPerS * kPublishEvery.count() / 2000);
        std::vector<LeaseInfo> set;
        std::vector<LeaseId> gone;
        std::vector<LogEntry> log;
        int halves = 0;
        while (!stop) {
            due += kPublishEvery / 2;
            std::this_thread::sleep_until(due);
            for (int c = 0; c < perHalf; ++c) {
                LogEntry e;
                e.time = now;
                e.operation = QStringLiteral("upload");
                if (c % 2 == 0) {
                    LeaseInfo l = randomLease(rng, data, now, next++);
                    l.expiresAt = now + std::chrono::minutes(10) + std::chrono::milliseconds(next % 60000);
                    e.type = LogEntry::Type::Grant;
                    e.lease = QString::fromStdString(l.id);
                    e.owner = QString::fromStdString(l.owner);
                    e.paths = requestsText(l.requests);
                    set.push_back(l);
                    leases.insert_or_assign(l.id, std::move(l));
                } else {
                    e.type = LogEntry::Type::Release;
                    e.lease = QString::fromStdString(leases.begin()->first);
                    e.paths = requestsText(leases.begin()->second.requests);
                    gone.push_back(leases.begin()->first);
                    leases.erase(leases.begin());
                }
                log.push_back(std::move(e));
            }
            if (++halves % 2 != 0)
                continue;
            // As the bridge worker sends a busy project's: the log's entries with the state.
            QMetaObject::invokeMethod(
                &receiver,
                [&, batch = std::exchange(log, {})] {
                    logModel.append(batch);
                    logView->scrollToBottom();
                },
                Qt::QueuedConnection);
            std::shared_ptr<LockState> state = full(previous.get());
            state->generation = previous->generation + 1;
            state->base = previous->generation;
            state->leasesSet = std::exchange(set, {});
            state->leasesGone = std::exchange(gone, {});
            previous = state;
            ++sent;
            QMetaObject::invokeMethod(
                &receiver,
                [&, state] {
                    QElapsedTimer t;
                    t.start();
                    tree.applyState(state);
                    table.applyState(state);
                    tick(); // as MainWindow::applyState(): the clock ticks with the state,
                    clock.start(); // and next a second after it
                    QApplication::processEvents(); // the views repaint: part of what a state costs
                    longest = std::max(longest, ms(t));
                    ++applied;
                },
                Qt::QueuedConnection);
        }
        workerMs = threadCpuMs() - cpu0;
    });
    clock.start(1000);
    double elapsedS = 0;
    const double guiMs = guiThreadMsFor(seconds, &elapsedS);
    stop = true;
    worker.join();
    QApplication::processEvents(); // the states still queued
    r.followChangesPerS = changesPerS;
    r.followStates = applied;
    r.followGuiMsPerS = guiMs / elapsedS;
    r.followWorkerMsPerS = workerMs / elapsedS;
    r.followLongestApplyMs = longest;

    // Sorting and filtering under the views: the GUI thread's time for a click
    // on a header, a filter typed, "Only locked" pressed, repaint included.
    const auto timed = [](auto&& action) {
        QElapsedTimer t;
        t.start();
        action();
        QApplication::processEvents();
        return ms(t);
    };
    r.sortMs = timed([&] { tableView->sortByColumn(LeaseTableModel::OwnerColumn, Qt::AscendingOrder); });
    r.filterMs = timed([&] { table.setSearchText(QStringLiteral("user1")); });
    r.filteredRows = table.rowCount();
    table.setSearchText({});
    r.onlyLockedMs = timed([&] { treeProxy.setOnlyLocked(true); });
}

// The Timeline panel, shown and following, while a real simulation of `users`
// users runs at real-time speed: every 250 ms a worker sends what the bridge
// would (the events since the last read as a log batch, a state with its
// delta and the waiters), or with `simulationShown` what the Simulation panel
// sends (full states, no events). Returns the GUI thread's CPU ms per second.
double followTimeline(int users, int seconds, bool simulationShown, UiBenchResult& r)
{
    constexpr auto kPoll = std::chrono::milliseconds(250);
    sim::SimulationConfig config;
    config.users = std::size_t(users);
    config.duration = std::chrono::milliseconds(0);
    config.seed = 11;
    sim::Simulation simulation(config);
    simulation.setSpeed(1);
    simulation.start();
    const std::shared_ptr<Engine> engine = simulation.engine();

    TimelinePanel panel;
    panel.resize(1400, 400);
    panel.show();
    panel.setSimulationShown(simulationShown);
    QApplication::processEvents();

    std::atomic<bool> stop{false};
    std::atomic<long long> events{0};
    QObject receiver;
    std::thread worker([&] {
        std::string after = "0-0";
        std::map<LeaseId, LeaseInfo> before;
        std::uint64_t generation = 0;
        auto due = std::chrono::steady_clock::now();
        while (!stop) {
            due += kPoll;
            std::this_thread::sleep_until(due);
            auto batch = std::make_shared<std::vector<LogEntry>>();
            if (!simulationShown) {
                for (;;) {
                    const std::vector<Event> read = engine->events(after, 5000);
                    for (const Event& e : read)
                        batch->push_back(toLogEntry(e));
                    if (!read.empty())
                        after = read.back().id;
                    if (read.size() < 5000)
                        break;
                }
                events += std::ssize(*batch);
            }
            const Snapshot snap = engine->snapshot();
            auto state = newLockState();
            state->generation = ++generation;
            state->clock = ServerClock{snap.serverTime, std::chrono::steady_clock::now()};
            state->leases = snap.leases;
            state->waiters = snap.waiters;
            std::map<LeaseId, LeaseInfo> now;
            for (const LeaseInfo& l : snap.leases)
                now.emplace(l.id, l);
            if (!simulationShown && generation > 1) {
                state->base = generation - 1;
                for (const auto& [id, l] : now)
                    if (const auto it = before.find(id); it == before.end() || !(it->second == l))
                        state->leasesSet.push_back(l);
                for (const auto& [id, l] : before)
                    if (!now.contains(id))
                        state->leasesGone.push_back(id);
            }
            before = std::move(now);
            QMetaObject::invokeMethod(
                &receiver,
                [&panel, simulationShown, state, batch = LogBatch(batch)] {
                    if (simulationShown) {
                        panel.applySimulationState(state);
                    } else {
                        panel.appendLog(batch);
                        panel.applyState(state);
                    }
                },
                Qt::QueuedConnection);
        }
    });
    // The first second fills the history; the rest is measured.
    QEventLoop warm;
    QTimer::singleShot(1000, &warm, &QEventLoop::quit);
    warm.exec();
    const long long events0 = events;
    double elapsedS = 0;
    const double guiMs = guiThreadMsFor(seconds, &elapsedS);
    stop = true;
    worker.join();
    simulation.stop();
    QApplication::processEvents();
    r.timelineUsers = users;
    if (!simulationShown) {
        r.timelineEventsPerS = double(events - events0) / elapsedS;
        r.timelineSpans = int(panel.liveModel()->spanCount());
    }
    return guiMs / elapsedS;
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
    table.sort(LeaseTableModel::TimeLeftColumn);

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

    follow(data, leases, 1000, 4, r);
    r.timelineGuiMsPerS = followTimeline(200, 4, false, r);
    r.timelineSimGuiMsPerS = followTimeline(200, 4, true, r);
    return r;
}

} // namespace treelock::ui
