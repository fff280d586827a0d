#pragma once

#include "benchrunner.h"

#include <nlohmann/json_fwd.hpp>

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace treelock::bench {

/// Median and range of one figure over the repetitions.
struct Spread {
    std::vector<double> values;     ///< per repetition, in order
    double median = 0;
    double min = 0;
    double max = 0;
    bool empty() const noexcept { return values.empty(); }
    static Spread of(std::vector<double> values);
};

/// One contender at one (N, connections), over the repetitions.
struct SummaryRow {
    std::string contender;
    long long held = 0;
    int connections = 1;
    Spread opsPerSec;
    Spread p50Us;
    Spread p99Us;
    Spread serverUsPerOp;
    std::uint64_t errors = 0;
};

/// A ratio computed per repetition (both sides from the same repetition), then summarised.
struct RatioRow {
    std::string name;               ///< "tl-d3 / plain"
    std::string description;
    long long held = 0;
    int connections = 1;
    Spread value;
};

/// One target, judged on the ratios of this run.
struct TargetRow {
    std::string name;
    std::string description;        ///< the target as docs/benchmarks.md states it
    std::string measuredAt;         ///< which cells it was judged on
    std::optional<double> value;    ///< unset: not measured in this run (e.g. --smoke)
    double threshold = 0;
    bool atLeast = true;            ///< value >= threshold (else value <= threshold)
    std::string unit;               ///< "x" for ratios, "us" for server time
    std::optional<bool> met() const;
};

struct Report {
    std::vector<SummaryRow> summary;
    std::vector<RatioRow> ratios;
    std::vector<TargetRow> targets;
};

/// Summaries, ratios and targets from the raw cells. Pure.
Report analyse(const BenchResults& results);

/// The readable report: machine, table, ratios, targets, state checks.
void printText(std::ostream& out, const BenchResults& results, const Report& report);

/// Everything, machine-readable.
nlohmann::json toJson(const BenchResults& results, const Report& report);

/// The figures as --json (on stdout) and --json=FILE ask. Throws when FILE cannot be written.
void writeJson(const BenchOptions& options, const nlohmann::json& json);

/// "12.3" / "1.23" / "1234": ratio formatting with about three significant digits.
std::string formatRatio(double value);

} // namespace treelock::bench
