#include "report.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <ostream>
#include <set>
#include <stdexcept>
#include <tuple>

namespace treelock::bench {

Spread Spread::of(std::vector<double> values)
{
    Spread s;
    s.values = values;
    if (values.empty())
        return s;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    s.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    s.min = values.front();
    s.max = values.back();
    return s;
}

std::optional<bool> TargetRow::met() const
{
    if (!value)
        return std::nullopt;
    return atLeast ? *value >= threshold : *value <= threshold;
}

std::string formatRatio(double value)
{
    char buffer[32];
    const double a = std::fabs(value);
    if (a >= 100)
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
    else if (a >= 10)
        std::snprintf(buffer, sizeof buffer, "%.1f", value);
    else
        std::snprintf(buffer, sizeof buffer, "%.2f", value);
    return buffer;
}

namespace {

using CellKey = std::tuple<std::string, long long, int, int>; // contender, held, connections, rep

std::string formatNumber(double value, int decimals = 0)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    // Thousands separators for the integer part.
    std::string s = buffer;
    const auto dot = s.find('.');
    std::string integer = s.substr(0, dot);
    const std::string rest = dot == std::string::npos ? "" : s.substr(dot);
    const bool negative = !integer.empty() && integer[0] == '-';
    if (negative)
        integer.erase(0, 1);
    std::string grouped;
    for (std::size_t i = 0; i < integer.size(); ++i) {
        if (i > 0 && (integer.size() - i) % 3 == 0)
            grouped += ',';
        grouped += integer[i];
    }
    return (negative ? "-" : "") + grouped + rest;
}

std::string formatHeld(long long n)
{
    if (n >= 1000 && n % 1000 == 0)
        return std::to_string(n / 1000) + "k";
    return std::to_string(n);
}

std::string pad(const std::string& s, std::size_t width, bool right = true)
{
    // Width in characters; count UTF-8 continuation bytes out.
    std::size_t shown = 0;
    for (unsigned char ch : s)
        shown += (ch & 0xC0) != 0x80;
    if (shown >= width)
        return s;
    const std::string fill(width - shown, ' ');
    return right ? fill + s : s + fill;
}

const char* label(const std::string& key)
{
    for (const auto& c : allContenders())
        if (key == c.key)
            return c.label;
    return key.c_str();
}

const char* unitOf(const std::string& key)
{
    for (const auto& c : allContenders())
        if (key == c.key)
            return c.unit;
    return "op";
}

struct RatioDef {
    std::string name;
    std::string description;
    std::function<std::optional<double>(const std::map<CellKey, const CellResult*>&, long long, int, int)> at;
};

std::optional<double> opsOf(const std::map<CellKey, const CellResult*>& cells, const std::string& c,
                            long long held, int connections, int rep)
{
    auto it = cells.find({c, held, connections, rep});
    if (it == cells.end() || it->second->opsPerSec <= 0)
        return std::nullopt;
    return it->second->opsPerSec;
}

std::optional<double> serverOf(const std::map<CellKey, const CellResult*>& cells, const std::string& c,
                               long long held, int connections, int rep)
{
    auto it = cells.find({c, held, connections, rep});
    if (it == cells.end() || it->second->serverUsPerOp <= 0)
        return std::nullopt;
    return it->second->serverUsPerOp;
}

std::vector<RatioDef> ratioDefs(long long baseHeld)
{
    auto rate = [](std::string a, std::string b) {
        return [a, b](const std::map<CellKey, const CellResult*>& cells, long long n, int c,
                      int rep) -> std::optional<double> {
            auto x = opsOf(cells, a, n, c, rep);
            auto y = opsOf(cells, b, n, c, rep);
            if (!x || !y)
                return std::nullopt;
            return *x / *y;
        };
    };
    auto growth = [baseHeld](std::string a) {
        return [a, baseHeld](const std::map<CellKey, const CellResult*>& cells, long long n, int c,
                             int rep) -> std::optional<double> {
            auto x = opsOf(cells, a, n, c, rep);
            auto y = opsOf(cells, a, baseHeld, c, rep);
            if (!x || !y)
                return std::nullopt;
            return *x / *y;
        };
    };
    auto server = [](std::string a, std::string b) {
        return [a, b](const std::map<CellKey, const CellResult*>& cells, long long n, int c,
                      int rep) -> std::optional<double> {
            auto x = serverOf(cells, a, n, c, rep);
            auto y = serverOf(cells, b, n, c, rep);
            if (!x || !y)
                return std::nullopt;
            return *x / *y;
        };
    };
    const std::string base = formatHeld(baseHeld);
    return {
        {"tl-d3 / plain", "Treelock depth 3 pairs/s over the plain lock's pairs/s", rate("tl-d3", "plain")},
        {"tl-d10 / plain", "Treelock depth 10 pairs/s over the plain lock's pairs/s", rate("tl-d10", "plain")},
        {"tl-d3 / ping", "Treelock depth 3 pairs/s over PINGs/s (a pair is two round trips)",
         rate("tl-d3", "ping")},
        {"tl-d3 / eval1", "Treelock depth 3 pairs/s over EVALSHA-return-1 calls/s", rate("tl-d3", "eval1")},
        {"tl-d3 / seed", "Treelock depth 3 pairs/s over the seed folder lock's pairs/s", rate("tl-d3", "seed")},
        {"tl-d10 / seed", "Treelock depth 10 pairs/s over the seed folder lock's pairs/s",
         rate("tl-d10", "seed")},
        {"tl-d3 / tl-d3-0", "Treelock depth 3 pairs/s with N held in the project over an empty project's, "
                            "interleaved in the same repetition",
         rate("tl-d3", "tl-d3-0")},
        {"tl-d10 / tl-d10-0", "as above, depth 10", rate("tl-d10", "tl-d10-0")},
        {"floor-d3 / plain", "the floor of depth 3, pairs/s over the plain lock's: the most any logic over "
                             "these commands could reach",
         rate("floor-d3", "plain")},
        {"bare-d3 / plain", "the bare Lua of depth 3, pairs/s over the plain lock's: the most any Lua logic "
                            "could reach",
         rate("bare-d3", "plain")},
        {"tl-d3-a / plain", "Treelock depth 3 at events=audit (empty project) pairs/s over the plain lock's",
         rate("tl-d3-a", "plain")},
        {"tl-d3 N / N=" + base, "Treelock depth 3 pairs/s at N over at N=" + base + ", across phases",
         growth("tl-d3")},
        {"tl-d10 N / N=" + base, "Treelock depth 10 pairs/s at N over at N=" + base + ", across phases",
         growth("tl-d10")},
        {"tl-move N / N=" + base, "Treelock moves/s at N over at N=" + base, growth("tl-move")},
        {"server: seed / tl-d3", "server time per pair, seed over Treelock depth 3 (times lower)",
         server("seed", "tl-d3")},
        {"server: tl-d3 / plain", "server time per pair, Treelock depth 3 over the plain lock",
         server("tl-d3", "plain")},
        {"server: tl-d10 / plain", "server time per pair, Treelock depth 10 over the plain lock",
         server("tl-d10", "plain")},
        {"server: tl-d3 / floor-d3", "server time per pair, Treelock depth 3 over its floor (the same Redis "
                                     "commands with constant arguments and no logic)",
         server("tl-d3", "floor-d3")},
        {"server: tl-d10 / floor-d10", "as above, depth 10", server("tl-d10", "floor-d10")},
        {"server: bare-d3 / floor-d3", "server time per pair, the bare Lua of depth 3 (only the work a pair "
                                       "cannot do without) over the floor",
         server("bare-d3", "floor-d3")},
        {"server: bare-d10 / floor-d10", "as above, depth 10", server("bare-d10", "floor-d10")},
        {"server: tl-d3 / bare-d3", "server time per pair, Treelock depth 3 over the bare Lua",
         server("tl-d3", "bare-d3")},
        {"server: tl-d10 / bare-d10", "as above, depth 10", server("tl-d10", "bare-d10")},
        {"server: floor-d3 / plain", "server time per pair, the floor of depth 3 over the plain lock",
         server("floor-d3", "plain")},
        {"server: floor-d10 / plain", "as above, depth 10", server("floor-d10", "plain")},
        {"server: tl-d3-a / plain", "server time per pair, Treelock depth 3 at events=audit (empty project) "
                                    "over the plain lock",
         server("tl-d3-a", "plain")},
        {"server: tl-d3-a / tl-d3-0", "server time per pair, events=audit over events=all (both empty projects)",
         server("tl-d3-a", "tl-d3-0")},
        {"server: tl-d3-w / tl-d3-0", "server time per pair while a waiter holds back elsewhere in the project, "
                                      "over an empty project's (fairness's check of reservations)",
         server("tl-d3-w", "tl-d3-0")},
    };
}

const RatioRow* findRatio(const Report& r, const std::string& name, long long held, int connections)
{
    for (const auto& row : r.ratios)
        if (row.name == name && row.held == held && row.connections == connections && !row.value.empty())
            return &row;
    return nullptr;
}

const SummaryRow* findSummary(const Report& r, const std::string& contender, long long held, int connections)
{
    for (const auto& row : r.summary)
        if (row.contender == contender && row.held == held && row.connections == connections)
            return &row;
    return nullptr;
}

} // namespace

Report analyse(const BenchResults& results)
{
    Report report;
    std::map<CellKey, const CellResult*> cells;
    std::set<long long> heldSet;
    std::set<int> connectionSet;
    int reps = 0;
    for (const auto& c : results.cells) {
        cells[{c.contender, c.held, c.connections, c.rep}] = &c;
        heldSet.insert(c.held);
        connectionSet.insert(c.connections);
        reps = std::max(reps, c.rep + 1);
    }
    const std::vector<long long> held(results.options.held.begin(), results.options.held.end());
    const std::vector<int> connections(results.options.connections.begin(), results.options.connections.end());

    for (int c : connections) {
        for (long long n : held) {
            for (const auto& key : results.contenders) {
                SummaryRow row;
                row.contender = key;
                row.held = n;
                row.connections = c;
                std::vector<double> ops, p50, p99, server;
                for (int rep = 0; rep < reps; ++rep) {
                    auto it = cells.find({key, n, c, rep});
                    if (it == cells.end())
                        continue;
                    ops.push_back(it->second->opsPerSec);
                    p50.push_back(it->second->p50Us);
                    p99.push_back(it->second->p99Us);
                    server.push_back(it->second->serverUsPerOp);
                    row.errors += it->second->errors;
                }
                if (ops.empty())
                    continue;
                row.opsPerSec = Spread::of(ops);
                row.p50Us = Spread::of(p50);
                row.p99Us = Spread::of(p99);
                row.serverUsPerOp = Spread::of(server);
                report.summary.push_back(std::move(row));
            }
        }
    }

    const long long baseHeld = held.empty() ? 0 : *std::min_element(held.begin(), held.end());
    for (const auto& def : ratioDefs(baseHeld)) {
        for (int c : connections) {
            for (long long n : held) {
                std::vector<double> values;
                for (int rep = 0; rep < reps; ++rep)
                    if (auto v = def.at(cells, n, c, rep))
                        values.push_back(*v);
                if (values.empty())
                    continue;
                report.ratios.push_back({def.name, def.description, n, c, Spread::of(values)});
            }
        }
    }

    // Targets.
    auto ratioTarget = [&](std::string name, std::string description, const std::string& ratio,
                           long long n, int c, double threshold) {
        TargetRow t;
        t.name = std::move(name);
        t.description = std::move(description);
        t.threshold = threshold;
        t.unit = "x";
        t.measuredAt = ratio + " at N=" + formatHeld(n) + ", " + std::to_string(c) + " connection"
                       + (c > 1 ? "s" : "") + " (median of repetitions)";
        if (baseHeld == 0 || ratio.find(" N / ") == std::string::npos) {
            if (const RatioRow* r = findRatio(report, ratio, n, c))
                t.value = r->value.median;
        }
        report.targets.push_back(std::move(t));
    };
    // The worst median over every N: the lowest for an "at least" target, the
    // highest for an "at most" one.
    auto worstRatioTarget = [&](std::string name, std::string description, const std::string& ratio, int c,
                                double threshold, bool atLeast = true) {
        TargetRow t;
        t.name = std::move(name);
        t.description = std::move(description);
        t.threshold = threshold;
        t.atLeast = atLeast;
        t.unit = "x";
        const std::string worst = atLeast ? "lowest" : "highest";
        t.measuredAt = ratio + ", " + std::to_string(c) + " connection" + (c > 1 ? "s" : "") + ", " + worst
                       + " median over every N";
        for (long long n : held) {
            if (const RatioRow* r = findRatio(report, ratio, n, c)) {
                if (!t.value || (atLeast ? r->value.median < *t.value : r->value.median > *t.value)) {
                    t.value = r->value.median;
                    t.measuredAt = ratio + ", " + std::to_string(c) + " connection" + (c > 1 ? "s" : "") + ", "
                                   + worst + " median over every N (at N=" + formatHeld(n) + ")";
                }
            }
        }
        report.targets.push_back(std::move(t));
    };
    // Bytes of Redis memory per held lock, Treelock over the plain lock, at the
    // largest N that held both (used_memory measured around each one's populating).
    auto memoryTarget = [&](std::string name, std::string description, double threshold) {
        TargetRow t;
        t.name = std::move(name);
        t.description = std::move(description);
        t.threshold = threshold;
        t.atLeast = false;
        t.unit = "x";
        t.measuredAt = "used_memory per held lock, tl-d3 / plain, at the largest N";
        for (const HeldRound& r : results.rounds) {
            if (r.held < 1000 || r.treelockBytes <= 0 || r.plainBytes <= 0)
                continue;
            t.value = static_cast<double>(r.treelockBytes) / static_cast<double>(r.plainBytes);
            t.measuredAt = "used_memory per held lock, tl-d3 / plain, at N=" + formatHeld(r.held) + " ("
                           + std::to_string(r.treelockBytes / r.held) + " / " + std::to_string(r.plainBytes / r.held)
                           + " bytes)";
        }
        report.targets.push_back(std::move(t));
    };

    // Flat in N is judged on the interleaved pair (Treelock in a project that
    // holds N leases against Treelock in an empty project, cell after cell in
    // the same repetition); the ratio across phases compares cells minutes apart.
    ratioTarget("flat in N (depth 3)", "Treelock's rate at N = 100,000 is at least 0.9 x its rate at N = 0",
                "tl-d3 / tl-d3-0", 100000, 1, 0.9);
    ratioTarget("flat in N (depth 10)", "as above, for depth-10 paths", "tl-d10 / tl-d10-0", 100000, 1, 0.9);
    ratioTarget("vs seed at 10k", "at least 10 x the seed folder lock's rate at N = 10,000 (1 connection)",
                "tl-d3 / seed", 10000, 1, 10);
    ratioTarget("vs seed at 100k", "at least 200 x the seed folder lock's rate at N = 100,000 (1 connection)",
                "tl-d3 / seed", 100000, 1, 200);
    ratioTarget("server vs seed at 10k",
                "Redis server time per acquire+release at least 50 x lower than the seed's at N = 10,000",
                "server: seed / tl-d3", 10000, 1, 50);
    worstRatioTarget("vs plain, 1 connection", "at least 0.85 x the plain single-key lock's rate (1 connection)",
                     "tl-d3 / plain", 1, 0.85);
    worstRatioTarget("vs plain, 8 connections",
                     "with 8 connections at least 0.5 x the plain lock's rate at 8 connections",
                     "tl-d3 / plain", 8, 0.5);
    worstRatioTarget("server time over the floor, depth 3",
                     "server time per acquire+release pair at most 1.3 x its floor's: the same Redis commands with "
                     "constant arguments and no logic (depth 3, 1 connection)",
                     "server: tl-d3 / floor-d3", 1, 1.3, false);
    worstRatioTarget("server time over the floor, depth 10", "as above, depth 10",
                     "server: tl-d10 / floor-d10", 1, 1.3, false);
    memoryTarget("memory per held lock",
                 "Redis memory per held depth-3 lease at most 2.5 x a plain lock key's (used_memory, same run)", 2.5);
    (void)heldSet;
    (void)connectionSet;
    return report;
}

void printText(std::ostream& out, const BenchResults& results, const Report& report)
{
    const BenchOptions& o = results.options;
    const MachineInfo& m = results.machine;
    char load[128];
    std::snprintf(load, sizeof load, "%.2f %.2f %.2f before, %.2f %.2f %.2f after", m.loadBefore[0],
                  m.loadBefore[1], m.loadBefore[2], m.loadAfter[0], m.loadAfter[1], m.loadAfter[2]);

    if (results.cells.empty()) {
        out << "treelock-bench: " << m.commandLine << "\n  machine: " << m.cpuModel << "\n\n";
        if (o.ui) {
            out << "== Studio at scale (--ui) ==\n  " << results.ui.note << "\n";
            for (const auto& [name, value] : results.ui.figures)
                out << "  " << pad(name, 40, false) << formatNumber(value, 1) << "\n";
        }
        return;
    }
    out << "treelock-bench (" << o.mode << " run): " << o.reps << " repetition" << (o.reps > 1 ? "s" : "")
        << " x " << o.duration.count() << " ms per cell, contenders interleaved in each repetition\n"
        << "  command:   " << m.commandLine << "\n"
        << "  started:   " << m.startedAt << "\n"
        << "  machine:   " << m.nproc << " CPUs, " << m.cpuModel << "\n"
        << "  server:    redis-server " << m.redisVersion << ", " << m.server << ", over " << m.transport << "\n"
        << "  client:    hiredis " << m.clientLibraryVersion << "; Treelock through treelock::RedisEngine, one per"
        << " connection; others through raw hiredis\n"
        << "  pinning:   " << m.pinning << "\n"
        << "  load avg:  " << load << "\n"
        << "  pairs are acquire + release (two round trips); ceiling rows count single commands\n\n";

    // The contender column fits the longest label (and never narrows below 41).
    const auto rowLabel = [&](const auto& key) { return std::string(label(key)) + " (" + unitOf(key) + ")"; };
    std::size_t labelWidth = 41;
    for (const auto& key : results.contenders)
        labelWidth = std::max(labelWidth, rowLabel(key).size() + 1);
    for (int c : o.connections) {
        out << "== " << c << " connection" << (c > 1 ? "s" : "") << " ==\n";
        out << pad("contender", labelWidth, false) << pad("N", 6) << pad("ops/s", 10) << pad("(min–max)", 19)
            << pad("p50 µs", 11) << pad("p99 µs", 11) << pad("server µs", 11) << pad("errors", 8) << "\n";
        for (long long n : o.held) {
            for (const auto& key : results.contenders) {
                const SummaryRow* s = findSummary(report, key, n, c);
                if (!s)
                    continue;
                out << pad(rowLabel(key), labelWidth, false)
                    << pad(formatHeld(n), 6) << pad(formatNumber(s->opsPerSec.median), 10)
                    << pad("(" + formatNumber(s->opsPerSec.min) + "–" + formatNumber(s->opsPerSec.max) + ")", 19)
                    << pad(formatNumber(s->p50Us.median), 11) << pad(formatNumber(s->p99Us.median), 11)
                    << pad(formatNumber(s->serverUsPerOp.median, 1), 11) << pad(std::to_string(s->errors), 8)
                    << "\n";
            }
            out << "\n";
        }
    }

    out << "== ratios: median [min–max] over repetitions, each from one repetition's cells ==\n";
    std::vector<std::string> names;
    for (const auto& r : report.ratios)
        if (std::find(names.begin(), names.end(), r.name) == names.end())
            names.push_back(r.name);
    out << pad("ratio", 24, false) << pad("conn", 5);
    for (long long n : o.held)
        out << pad("N=" + formatHeld(n), 22);
    out << "\n";
    for (const auto& name : names) {
        for (int c : o.connections) {
            bool any = false;
            std::string line = pad(name, 24, false) + pad(std::to_string(c), 5);
            for (long long n : o.held) {
                const RatioRow* r = findRatio(report, name, n, c);
                std::string cell = "–";
                if (r) {
                    any = true;
                    cell = formatRatio(r->value.median) + " [" + formatRatio(r->value.min) + "–"
                           + formatRatio(r->value.max) + "]";
                }
                line += pad(cell, 22);
            }
            if (any)
                out << line << "\n";
        }
    }

    out << "\n== targets, judged on this run ==\n";
    for (const auto& t : report.targets) {
        const auto met = t.met();
        std::string verdict = !met ? "not measured" : (*met ? "MET" : "MISSED");
        std::string value = t.value ? (t.unit == "x" ? formatRatio(*t.value) + " x"
                                                     : formatNumber(*t.value, 1) + " µs")
                                    : "–";
        std::string need = std::string(t.atLeast ? ">= " : "<= ")
                           + (t.unit == "x" ? formatRatio(t.threshold) + " x" : formatNumber(t.threshold, 0) + " µs");
        out << "  " << pad(verdict, 13, false) << pad(t.name, 26, false) << pad(value, 11) << "  (need "
            << need << ")  " << t.measuredAt << "\n";
    }

    out << "\n== state ==\n";
    for (const auto& r : results.rounds) {
        char mem[64];
        std::snprintf(mem, sizeof mem, "%.1f MiB", static_cast<double>(r.usedMemoryHeld) / (1 << 20));
        out << "  N=" << pad(formatHeld(r.held), 5, false) << " populated in " << formatNumber(r.populateSeconds, 1)
            << " s, torn down in " << formatNumber(r.teardownSeconds, 1) << " s, redis used_memory " << mem
            << " while held; " << (r.baselineOk ? "back to baseline" : "NOT back to baseline") << " ("
            << r.baselineDetail << ")\n";
        if (r.held > 0)
            out << "         memory per held lock (used_memory grown by populating it): Treelock depth 3 "
                << r.treelockBytes / r.held << " B, seed " << r.seedBytes / r.held << " B, plain "
                << r.plainBytes / r.held << " B\n";
    }
    out << "  errors: " << results.totalErrors() << " failed operations in total\n";
    for (const auto& c : results.cells)
        if (c.errors)
            out << "    " << c.contender << " N=" << c.held << " c=" << c.connections << " rep " << c.rep + 1
                << ": " << c.errors << " (" << c.firstError << ")\n";
    for (const auto& w : results.warnings)
        out << "  note: " << w << "\n";

    if (o.ui) {
        out << "\n== Studio at scale (--ui) ==\n";
        out << "  " << results.ui.note << "\n";
        for (const auto& [name, value] : results.ui.figures)
            out << "  " << pad(name, 40, false) << formatNumber(value, 1) << "\n";
    }
}

nlohmann::json toJson(const BenchResults& results, const Report& report)
{
    using nlohmann::json;
    const BenchOptions& o = results.options;
    const MachineInfo& m = results.machine;
    auto spread = [](const Spread& s) {
        return json{{"median", s.median}, {"min", s.min}, {"max", s.max}, {"per_rep", s.values}};
    };
    json j;
    j["tool"] = "treelock-bench";
    j["mode"] = o.mode;
    j["command"] = m.commandLine;
    j["started_at"] = m.startedAt;
    j["machine"] = {{"nproc", m.nproc},
                    {"cpu_model", m.cpuModel},
                    {"redis_version", m.redisVersion},
                    {"hiredis_version", m.clientLibraryVersion},
                    {"server", m.server},
                    {"transport", m.transport},
                    {"pinning", m.pinning},
                    {"load_before", {m.loadBefore[0], m.loadBefore[1], m.loadBefore[2]}},
                    {"load_after", {m.loadAfter[0], m.loadAfter[1], m.loadAfter[2]}}};
    j["options"] = {{"duration_ms", o.duration.count()},
                    {"reps", o.reps},
                    {"connections", o.connections},
                    {"held", o.held},
                    {"pinned", o.pin}};
    json contenders = json::array();
    for (const auto& key : results.contenders) {
        for (const auto& c : allContenders()) {
            if (key != c.key)
                continue;
            contenders.push_back({{"key", c.key},
                                  {"label", c.label},
                                  {"unit", c.unit},
                                  {"server_commands", c.serverCommands}});
        }
    }
    j["contenders"] = contenders;
    json cells = json::array();
    for (const auto& c : results.cells) {
        cells.push_back({{"contender", c.contender},
                         {"held", c.held},
                         {"connections", c.connections},
                         {"rep", c.rep},
                         {"seconds", c.seconds},
                         {"ops", c.ops},
                         {"errors", c.errors},
                         {"ops_per_sec", c.opsPerSec},
                         {"p50_us", c.p50Us},
                         {"p99_us", c.p99Us},
                         {"server_us_per_op", c.serverUsPerOp},
                         {"server_calls", c.serverCalls},
                         {"expected_server_calls", c.expectedCalls},
                         {"first_error", c.firstError}});
    }
    j["cells"] = cells;
    json summary = json::array();
    for (const auto& s : report.summary) {
        summary.push_back({{"contender", s.contender},
                           {"held", s.held},
                           {"connections", s.connections},
                           {"ops_per_sec", spread(s.opsPerSec)},
                           {"p50_us", spread(s.p50Us)},
                           {"p99_us", spread(s.p99Us)},
                           {"server_us_per_op", spread(s.serverUsPerOp)},
                           {"errors", s.errors}});
    }
    j["summary"] = summary;
    json ratios = json::array();
    for (const auto& r : report.ratios) {
        json row = spread(r.value);
        row["name"] = r.name;
        row["description"] = r.description;
        row["held"] = r.held;
        row["connections"] = r.connections;
        ratios.push_back(row);
    }
    j["ratios"] = ratios;
    json targets = json::array();
    for (const auto& t : report.targets) {
        const auto met = t.met();
        targets.push_back({{"name", t.name},
                           {"description", t.description},
                           {"measured_at", t.measuredAt},
                           {"value", t.value ? json(*t.value) : json(nullptr)},
                           {"threshold", t.threshold},
                           {"comparison", t.atLeast ? ">=" : "<="},
                           {"unit", t.unit},
                           {"met", met ? json(*met) : json(nullptr)}});
    }
    j["targets"] = targets;
    json rounds = json::array();
    for (const auto& r : results.rounds) {
        rounds.push_back({{"held", r.held},
                          {"populate_seconds", r.populateSeconds},
                          {"teardown_seconds", r.teardownSeconds},
                          {"used_memory_before", r.usedMemoryBefore},
                          {"used_memory_held", r.usedMemoryHeld},
                          {"treelock_bytes", r.treelockBytes},
                          {"seed_bytes", r.seedBytes},
                          {"plain_bytes", r.plainBytes},
                          {"baseline_ok", r.baselineOk},
                          {"baseline_detail", r.baselineDetail}});
    }
    j["rounds"] = rounds;
    j["total_errors"] = results.totalErrors();
    j["baseline_ok"] = results.baselineOk();
    j["warnings"] = results.warnings;
    if (o.ui) {
        json figures = json::object();
        for (const auto& [name, value] : results.ui.figures)
            figures[name] = value;
        j["ui"] = {{"available", results.ui.available}, {"note", results.ui.note}, {"figures", figures}};
    }
    return j;
}

void writeJson(const BenchOptions& options, const nlohmann::json& json)
{
    if (options.json)
        std::cout << json.dump(2) << "\n";
    if (!options.jsonFile.empty()) {
        std::ofstream out(options.jsonFile);
        out << json.dump(2) << "\n";
        if (!out)
            throw std::runtime_error("cannot write " + options.jsonFile);
    }
}

} // namespace treelock::bench
