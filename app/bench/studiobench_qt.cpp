#include "studiobench.h"

#include "offscreenapplication.h"
#include "uibench.h"

#include <nlohmann/json.hpp>

#include "bridge/bridge.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/studiooptions.h"
#include "lockview/locktreemodel.h"
#include "panels/leases/leasetablemodel.h"

#include <QApplication>
#include <QEventLoop>
#include <QStandardPaths>
#include <QTimer>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

namespace treelock::bench {

namespace {

UiFigures inProcess(const BenchOptions& options)
{
    const std::unique_ptr<QApplication> app = offscreenApplicationIfNone();
    const ui::UiBenchResult r = ui::runUiBench(options.uiNodes, options.uiLeases, options.uiEvents);
    UiFigures f;
    f.available = true;
    f.note = "treelock::ui::runUiBench, offscreen (QT_QPA_PLATFORM=offscreen), models without a window, then following a project under shown views: "
             + std::to_string(r.nodes) + " nodes, " + std::to_string(r.leases) + " leases, "
             + std::to_string(r.events) + " events";
    f.figures = {
        {"nodes", r.nodes},
        {"leases", r.leases},
        {"events", r.events},
        {"tree build (ms)", r.treeBuildMs},
        {"snapshot: decorate + diff, worker (ms)", r.decorateMs},
        {"snapshot: apply to models, GUI (ms)", r.snapshotApplyMs},
        {"10% changed: decorate, worker (ms)", r.deltaDecorateMs},
        {"10% changed: apply, GUI (ms)", r.deltaApplyMs},
        {"events appended, GUI (ms)", r.eventApplyMs},
        {"peak RSS (MiB)", static_cast<double>(r.peakRssKb) / 1024.0},
        {"following: lease changes/s", r.followChangesPerS},
        {"following: states applied", r.followStates},
        {"following: GUI thread (ms/s)", r.followGuiMsPerS},
        {"following: longest state, GUI (ms)", r.followLongestApplyMs},
        {"following: worker (ms/s)", r.followWorkerMsPerS},
        {"then: sort the table by owner, GUI (ms)", r.sortMs},
        {"then: filter the table (\"user1\"), GUI (ms)", r.filterMs},
        {"then: rows the filter leaves", r.filteredRows},
        {"then: tree \"Only locked\", GUI (ms)", r.onlyLockedMs},
        {"timeline: simulated users", r.timelineUsers},
        {"timeline: events/s", r.timelineEventsPerS},
        {"timeline: GUI thread (ms/s)", r.timelineGuiMsPerS},
        {"timeline, simulation shown: GUI thread (ms/s)", r.timelineSimGuiMsPerS},
        {"timeline: spans kept", r.timelineSpans},
    };
    return f;
}

// After the lock measurements the process has grown (lease ids, latency
// samples): measure the Studio in a fresh process so its peak memory is its own.
UiFigures inChild(const BenchOptions& options)
{
    UiFigures f;
    // popen runs a shell, in which /proc/self/exe would be the shell: resolve it here.
    std::error_code ec;
    const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    if (ec || self.empty()) {
        f.note = "Studio at scale: cannot find this executable (" + ec.message() + ")";
        return f;
    }
    const std::string command = "'" + self + "' --ui-only --json --ui-size " + std::to_string(options.uiNodes)
                                + "," + std::to_string(options.uiLeases) + "," + std::to_string(options.uiEvents)
                                + " 2>/dev/null";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
        f.note = "Studio at scale: cannot start a child process";
        return f;
    }
    std::string out;
    char buffer[4096];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
        out.append(buffer, n);
    const int status = ::pclose(pipe);
    const auto j = nlohmann::json::parse(out, nullptr, false);
    if (j.is_discarded() || !j.contains("ui") || !WIFEXITED(status)) {
        f.note = "Studio at scale: the child run failed (run treelock-bench --ui-only to see why)";
        return f;
    }
    const auto& ui = j.at("ui");
    f.available = ui.value("available", false);
    f.note = ui.value("note", std::string()) + " (separate process, so peak RSS is the Studio's own)";
    // Keep runUiBench's order.
    static const char* order[] = {"nodes", "leases", "events", "tree build (ms)",
                                  "snapshot: decorate + diff, worker (ms)", "snapshot: apply to models, GUI (ms)",
                                  "10% changed: decorate, worker (ms)", "10% changed: apply, GUI (ms)",
                                  "events appended, GUI (ms)", "peak RSS (MiB)", "following: lease changes/s",
                                  "following: states applied", "following: GUI thread (ms/s)",
                                  "following: longest state, GUI (ms)", "following: worker (ms/s)",
                                  "timeline: simulated users", "timeline: events/s", "timeline: GUI thread (ms/s)",
                                  "timeline, simulation shown: GUI thread (ms/s)", "timeline: spans kept"};
    for (const char* name : order)
        if (ui.at("figures").contains(name))
            f.figures.emplace_back(name, ui.at("figures").at(name).get<double>());
    return f;
}

using StudioClock = std::chrono::steady_clock;

double secondsSince(StudioClock::time_point t)
{
    return std::chrono::duration<double>(StudioClock::now() - t).count();
}

double guiThreadCpuS()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// CPU seconds of this process's thread named `name` (the bridge worker is
// "treelock-bridge"), from /proc; 0 when there is none.
double namedThreadCpuS(const std::string& name)
{
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task", ec)) {
        std::ifstream comm(task.path() / "comm");
        std::string c;
        std::getline(comm, c);
        if (c != name)
            continue;
        std::ifstream statFile(task.path() / "stat");
        std::string stat((std::istreambuf_iterator<char>(statFile)), std::istreambuf_iterator<char>());
        const auto close = stat.rfind(')');
        if (close == std::string::npos)
            return 0;
        std::istringstream fields(stat.substr(close + 2));
        std::string field;
        long long utime = 0;
        long long stime = 0;
        for (int i = 3; i <= 15 && fields >> field; ++i) { // fields 14 and 15: utime, stime
            if (i == 14)
                utime = std::stoll(field);
            if (i == 15)
                stime = std::stoll(field);
        }
        return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
    }
    return 0;
}

double residentMiB()
{
    std::ifstream statm("/proc/self/statm");
    long long size = 0;
    long long resident = 0;
    statm >> size >> resident;
    return double(resident) * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// Runs the event loop for `d` (timers, queued states, paints).
void spin(std::chrono::milliseconds d)
{
    QEventLoop loop;
    QTimer::singleShot(d, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace

StudioAttach attachStudio(const std::string& url, const std::string& project, long long leases,
                          std::chrono::milliseconds follow, const std::function<void()>& followStarts,
                          const std::function<void()>& followEnds)
{
    constexpr auto kLoadTimeout = std::chrono::minutes(10);
    constexpr auto kBeat = std::chrono::milliseconds(10);
    StudioAttach a;
    try {
        const std::unique_ptr<QApplication> app = offscreenApplicationIfNone();
        QApplication::setQuitOnLastWindowClosed(false);
        QStandardPaths::setTestModeEnabled(true); // the user's settings and saved connections stay untouched
        ui::registerBridgeTypes();
        const double rss0 = residentMiB();
        ui::StudioOptions options;
        options.backend.kind = ui::BackendConfig::Kind::Url;
        options.backend.url = QString::fromStdString(url);
        options.backend.project = QString::fromStdString(project);
        options.useSettings = false;
        options.windowSize = QSize(1400, 900);

        // The GUI thread's heartbeat: the longest gap between two beats is how
        // long the window could not answer a click.
        double longestGapMs = 0;
        auto lastBeat = StudioClock::now();
        QTimer beat;
        beat.setInterval(kBeat);
        QObject::connect(&beat, &QTimer::timeout, [&] {
            const auto now = StudioClock::now();
            longestGapMs = std::max(longestGapMs, std::chrono::duration<double, std::milli>(now - lastBeat).count());
            lastBeat = now;
        });

        ui::MainWindow window(options);
        int states = 0;
        QObject::connect(&window, &ui::MainWindow::stateApplied, [&states] { ++states; });
        const auto started = StudioClock::now();
        const double gui0 = guiThreadCpuS();
        beat.start();
        window.resize(options.windowSize);
        window.show();
        window.start();
        const double worker0 = namedThreadCpuS("treelock-bridge");
        for (;;) {
            spin(std::chrono::milliseconds(50));
            const ui::LeaseTableModel* table = window.leaseModel();
            const ui::LockStatePtr state = table->state();
            if (a.firstRowsS == 0 && table->leaseCount() > 0)
                a.firstRowsS = secondsSince(started);
            // Shown: every lease in the table, and in the tree (decorated, each path a row).
            const ui::LockTreeModel* tree = window.treeModel();
            const ui::LockStatePtr treeState = tree->state();
            if (state && !state->listing && table->leaseCount() >= leases && treeState
                && std::ssize(treeState->leases) >= leases && tree->pendingRows() == 0) {
                a.loadedS = secondsSince(started);
                a.leasesShown = table->leaseCount();
                break;
            }
            if (StudioClock::now() - started > kLoadTimeout) {
                a.note = "Studio did not show the project's " + std::to_string(leases) + " leases within "
                         + std::to_string(kLoadTimeout.count()) + " min (" + std::to_string(table->leaseCount())
                         + " shown)";
                return a;
            }
        }
        a.loadGuiCpuS = guiThreadCpuS() - gui0;
        a.loadWorkerCpuS = namedThreadCpuS("treelock-bridge") - worker0;
        a.loadStallMs = longestGapMs;

        longestGapMs = 0;
        lastBeat = StudioClock::now();
        followStarts();
        const int states0 = states;
        const double gui1 = guiThreadCpuS();
        const double worker1 = namedThreadCpuS("treelock-bridge");
        const auto followed = StudioClock::now();
        spin(follow);
        const double seconds = secondsSince(followed);
        followEnds();
        a.followGuiMsPerS = 1000.0 * (guiThreadCpuS() - gui1) / seconds;
        a.followWorkerMsPerS = 1000.0 * (namedThreadCpuS("treelock-bridge") - worker1) / seconds;
        a.followStatesPerS = double(states - states0) / seconds;
        a.followStallMs = longestGapMs;
        a.rssMiB = residentMiB() - rss0;
        a.available = true;
        window.close();
    } catch (const std::exception& e) {
        a.note = std::string("Studio not attached: ") + e.what();
    }
    return a;
}

UiFigures runStudioBench(const BenchOptions& options)
{
    try {
        return options.uiOnly ? inProcess(options) : inChild(options);
    } catch (const std::exception& e) {
        UiFigures f;
        f.note = std::string("Studio at scale failed: ") + e.what();
        return f;
    }
}

} // namespace treelock::bench
