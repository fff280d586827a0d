#include "benchmain.h"

#include "benchoptions.h"
#include "benchrunner.h"
#include "clusterbench.h"
#include "failoverbench.h"
#include "outcomebench.h"
#include "plot.h"
#include "report.h"
#include "scriptcompare.h"
#include "starvationbench.h"
#include "tlsbench.h"
#include "exporterbench.h"
#include "watchbench.h"
#include "studiobench.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <stdexcept>

namespace treelock::bench {

namespace {

int runFailover(const BenchOptions& options, const std::string& commandLine)
{
    const FailoverResults results = runFailoverBench(options, commandLine, std::cerr);
    printFailover(options.json ? std::cerr : std::cout, results);
    writeJson(options, failoverJson(results));
    if (!options.plotFile.empty()) {
        writeFailoverPlot(results, options.plotFile);
        std::cerr << "treelock-bench: plot written to " << options.plotFile << "\n";
    }
    return 0;
}

int runCluster(const BenchOptions& options, const std::string& commandLine)
{
    const ClusterResults results = runClusterBench(options, commandLine, std::cerr);
    printCluster(options.json ? std::cerr : std::cout, results);
    writeJson(options, clusterJson(results));
    if (!options.plotFile.empty()) {
        writeClusterPlot(results, options.plotFile);
        std::cerr << "treelock-bench: plot written to " << options.plotFile << "\n";
    }
    long long errors = 0;
    for (const auto& p : results.points)
        errors += p.errors;
    return errors == 0 ? 0 : 1;
}

} // namespace

int benchMain(int argc, char** argv)
{
    ParseOutcome parsed = parseOptions(argc, argv);
    if (!parsed.options) {
        (parsed.exitCode == 0 ? std::cout : std::cerr) << parsed.message;
        return parsed.exitCode;
    }
    const BenchOptions& options = *parsed.options;
    if (!options.plotFile.empty() && !plotAvailable()) {
        std::cerr << "treelock-bench: --plot is unavailable: this build has no Qt Charts "
                     "(configure with -DTREELOCK_BUILD_UI=ON)\n";
        return 2;
    }
    std::string commandLine = "treelock-bench";
    for (int i = 1; i < argc; ++i)
        commandLine += std::string(" ") + argv[i];

    try {
        if (!options.compareScripts.empty())
            return runScriptComparison(options, std::cout, std::cerr);
        if (options.failoverRounds > 0)
            return runFailover(options, commandLine);
        if (options.outcomeRounds > 0)
            return runOutcomeBench(options, commandLine, options.json ? std::cerr : std::cout, std::cerr);
        if (options.cluster)
            return runCluster(options, commandLine);
        if (options.tlsRounds > 0)
            return runTlsBench(options, commandLine, std::cout, std::cerr);
        if (options.exporter)
            return runExporterBench(options, commandLine, options.json ? std::cerr : std::cout, std::cerr);
        if (options.watch)
            return runWatchBench(options, commandLine, options.json ? std::cerr : std::cout, std::cerr);
        if (options.starvationRounds > 0)
            return runStarvationBench(options, commandLine, options.json ? std::cerr : std::cout, std::cerr);
        BenchResults results;
        if (options.uiOnly) {
            results.options = options;
            results.machine.commandLine = commandLine;
            results.machine.cpuModel = cpuModel();
        } else {
            results = runBench(options, commandLine, std::cerr);
        }
        if (options.ui)
            results.ui = runStudioBench(options);

        const Report report = analyse(results);
        printText(options.json ? std::cerr : std::cout, results, report);
        writeJson(options, toJson(results, report));
        if (!options.plotFile.empty()) {
            writeThroughputPlot(results, report, options.plotFile);
            std::cerr << "treelock-bench: plot written to " << options.plotFile << "\n";
        }
        return results.totalErrors() == 0 && results.baselineOk() ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "treelock-bench: " << e.what() << "\n";
        return 1;
    }
}

} // namespace treelock::bench
