#include "studiobench.h"

#include "offscreenapplication.h"
#include "uibench.h"

#include <nlohmann/json.hpp>

#include <QApplication>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <memory>
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
                                  "following: longest state, GUI (ms)", "following: worker (ms/s)"};
    for (const char* name : order)
        if (ui.at("figures").contains(name))
            f.figures.emplace_back(name, ui.at("figures").at(name).get<double>());
    return f;
}

} // namespace

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
