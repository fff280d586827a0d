// treelock-bench works: a --smoke run measures every contender with no failed
// operation and leaves the state as it found it. No timing is asserted: the
// figures are results, not pass/fail criteria.

#include "benchoptions.h"
#include "contenders.h"
#include "floor.h"
#include "process.h"
#include "redisserver.h"
#include "plot.h"
#include "report.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <map>
#include <string>
#include <tuple>

using nlohmann::json;
using namespace treelock::bench;

namespace {

struct RunResult {
    int exitCode = -1;
    std::string out;
};

RunResult runBench(const std::string& arguments)
{
    const auto r = treelock::test::runCommand(std::string(TREELOCK_BENCH_PATH) + " " + arguments);
    return {r.exitCode, r.output};
}


ParseOutcome parse(std::initializer_list<const char*> args)
{
    std::vector<std::string> store{"treelock-bench"};
    store.insert(store.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& s : store)
        argv.push_back(s.data());
    return parseOptions(static_cast<int>(argv.size()), argv.data());
}

CellResult cell(const char* contender, long long held, int rep, double ops, double server = 0)
{
    CellResult c;
    c.contender = contender;
    c.held = held;
    c.connections = 1;
    c.rep = rep;
    c.opsPerSec = ops;
    c.ops = static_cast<std::uint64_t>(ops);
    c.serverUsPerOp = server;
    return c;
}

} // namespace

TEST(BenchSmoke, everyContenderMeasuredWithoutErrorsAndStateRestored)
{
    const auto dir = std::filesystem::temp_directory_path() / ("tst_bench_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string plot = (dir / "plot.png").string();
    const bool withPlot = plotAvailable();

    const RunResult run = runBench("--smoke --json" + (withPlot ? " --plot " + plot : std::string()));
    ASSERT_EQ(run.exitCode, 0) << "treelock-bench --smoke failed; stdout:\n" << run.out;
    const json j = json::parse(run.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << "stdout is not JSON:\n" << run.out;

    std::set<std::string> expected;
    for (const auto& c : allContenders())
        expected.insert(c.key);
    std::set<std::string> seen;
    for (const auto& c : j.at("contenders"))
        seen.insert(c.at("key").get<std::string>());
    EXPECT_EQ(seen, expected);

    EXPECT_EQ(j.at("total_errors").get<long long>(), 0);
    EXPECT_TRUE(j.at("baseline_ok").get<bool>());
    for (const auto& r : j.at("rounds"))
        EXPECT_TRUE(r.at("baseline_ok").get<bool>()) << r.at("baseline_detail").get<std::string>();

    const auto held = j.at("options").at("held").get<std::vector<long long>>();
    const auto connections = j.at("options").at("connections").get<std::vector<int>>();
    for (const auto& key : expected) {
        for (long long n : held) {
            for (int c : connections) {
                const json* row = nullptr;
                for (const auto& s : j.at("summary"))
                    if (s.at("contender") == key && s.at("held") == n && s.at("connections") == c)
                        row = &s;
                ASSERT_NE(row, nullptr) << key << " N=" << n << " c=" << c << " missing";
                EXPECT_GT(row->at("ops_per_sec").at("median").get<double>(), 0)
                    << key << " N=" << n << " c=" << c;
                EXPECT_EQ(row->at("errors").get<long long>(), 0) << key << " N=" << n << " c=" << c;
                EXPECT_GT(row->at("server_us_per_op").at("median").get<double>(), 0)
                    << key << " N=" << n << " c=" << c << ": no server time from INFO commandstats";
            }
        }
    }
    for (const auto& c : j.at("cells"))
        EXPECT_EQ(c.at("server_calls"), c.at("expected_server_calls"))
            << c.at("contender") << " N=" << c.at("held") << " c=" << c.at("connections");
    EXPECT_FALSE(j.at("ratios").empty());
    EXPECT_EQ(j.at("targets").size(), 10u);
    for (const auto& r : j.at("rounds"))
        if (r.at("held").get<long long>() > 0) {
            EXPECT_GT(r.at("treelock_bytes").get<long long>(), 0) << "used_memory grows with held leases";
            EXPECT_GT(r.at("plain_bytes").get<long long>(), 0);
        }

    if (withPlot) {
        std::ifstream png(plot, std::ios::binary);
        char magic[8] = {};
        png.read(magic, 8);
        EXPECT_EQ(std::string(magic + 1, 3), "PNG") << plot << " is not a PNG";
    }
    std::filesystem::remove_all(dir);
}

// With Qt Charts the plot is drawn and a file it cannot write is named (exit 1);
// without, --plot is refused before anything runs (exit 2).
TEST(BenchSmoke, plotToAFileItCannotWriteSaysWhy)
{
    const RunResult run = runBench("--smoke --plot /nonexistent/x.png 2>&1");
    if (plotAvailable()) {
        EXPECT_EQ(run.exitCode, 1);
        EXPECT_NE(run.out.find("treelock-bench: --plot: cannot write /nonexistent/x.png"), std::string::npos)
            << run.out;
    } else {
        EXPECT_EQ(run.exitCode, 2);
        EXPECT_NE(run.out.find("unavailable"), std::string::npos) << run.out;
    }
}

TEST(BenchOptions, presetsAndListsParse)
{
    const auto quick = parse({"--quick"});
    ASSERT_TRUE(quick.options);
    EXPECT_EQ(quick.options->mode, "quick");
    EXPECT_LT(quick.options->duration.count(), 1000);

    const auto lists = parse({"--quick", "--n", "0,10k,100000", "--connections", "1,8,32", "--reps", "5"});
    ASSERT_TRUE(lists.options);
    EXPECT_EQ(lists.options->held, (std::vector<long long>{0, 10000, 100000}));
    EXPECT_EQ(lists.options->connections, (std::vector<int>{1, 8, 32}));
    EXPECT_EQ(lists.options->reps, 5);

    const auto bad = parse({"--n", "ten"});
    EXPECT_FALSE(bad.options);
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.message.find("--n"), std::string::npos) << bad.message;
}

// --compare-scripts loads each folder's scripts, measures every version in
// every round and reports each against the first; a version whose acquire does
// not grant is an error, never a figure.
// The floor replays what Redis ran for a real pair; the bare pair runs its own
// Lua. Both must make Redis run exactly the commands the real pair makes it run,
// as INFO commandstats counts them, with nothing held and beside held leases
// that share the measured paths' ancestors (then a release rewrites them instead
// of deleting them).
TEST(BenchFloor, floorAndBarePairsRunTheCommandsOfTheRealPair)
{
    const treelock::test::RedisServer server;
    const std::string url = server.url();
    treelock::redis::RawConnection client(url);
    Layout layout;
    const ScriptShas shas = ScriptShas::load(client);
    Slot slot(0, url, layout, shas);
    const std::string state = layout.keys().state();
    for (const bool shared : {false, true}) {
        if (shared) {
            treelock::AcquireOptions holder;
            holder.owner = "someone";
            holder.ttl = std::chrono::hours(1);
            ASSERT_TRUE(slot.engine().acquire({{"/t0/h", treelock::LockMode::X}}, holder).granted);
        }
        layout.floor = recordFloor(url, layout.project, {Layout::depth3(0), Layout::depth10(0)}, {"d3", "d10"});
        loadFloor(client, layout.floor, layout.project, client.integer({"HLEN", state}) + 40,
                  client.integer({"ZCARD", layout.keys().expiry()}) + 50);
        ASSERT_EQ(layout.floor.size(), 2u);
        EXPECT_EQ(layout.floor[0].presentFields.size(), shared ? 3u : 1u) << "#m, and / and /t0 when shared";
        for (const auto& [real, floor, bare] :
             {std::tuple{ContenderId::TreelockDepth3, ContenderId::FloorDepth3, ContenderId::BareDepth3},
              std::tuple{ContenderId::TreelockDepth10, ContenderId::FloorDepth10, ContenderId::BareDepth10}}) {
            const std::string what = std::string(contenderInfo(real).key) + (shared ? " beside a held lease" : "");
            auto run = [&](ContenderId id) {
                return commandCalls(client, [&] {
                    std::string error;
                    EXPECT_TRUE(slot.run(id, error)) << contenderInfo(id).key << ": " << error;
                });
            };
            const auto fieldsBefore = client.integer({"HLEN", state});
            const auto realCalls = run(real);
            ASSERT_FALSE(realCalls.empty());
            EXPECT_GE(realCalls.size(), 6u) << what << ": fcall, time, hmget, hset, zadd, xadd at least";
            EXPECT_EQ(run(floor), realCalls) << what;
            EXPECT_EQ(run(bare), realCalls) << what;
            EXPECT_EQ(client.integer({"HLEN", state}), fieldsBefore) << what << ": every pair leaves the state as it was";
        }
    }
    // The floor never touched the project: its keys are its own, as large as asked.
    EXPECT_EQ(client.integer({"HLEN", floorKeys(layout.project).state()}), client.integer({"HLEN", state}) + 40);
    EXPECT_EQ(client.integer({"ZCARD", floorKeys(layout.project).expiry()}), 1 + 50);
    shrinkFloor(client, layout.floor, layout.project);
    EXPECT_EQ(client.integer({"HLEN", floorKeys(layout.project).state()}), 3) << "#m, / and /t0";
    EXPECT_EQ(client.integer({"EXISTS", floorKeys(layout.project).expiry()}), 0);
    EXPECT_TRUE(slot.engine().fsck(false).clean());
}

TEST(BenchFloor, monitorLinesAreParsedWithTheirEscapes)
{
    std::string source;
    Command command;
    ASSERT_TRUE(parseMonitorLine(R"(1795861051.355748 [0 lua] "HSET" "foo" "a\x00b\"" "x\n\\")", source, command));
    EXPECT_EQ(source, "lua");
    EXPECT_EQ(command, (Command{"HSET", "foo", std::string("a\0b\"", 4), "x\n\\"}));
    ASSERT_TRUE(parseMonitorLine(R"(1795861051.355699 [0 127.0.0.1:52654] "FCALL" "p" "1" "foo")", source, command));
    EXPECT_EQ(source, "127.0.0.1:52654");
    EXPECT_EQ(command.size(), 4u);
    EXPECT_FALSE(parseMonitorLine("OK", source, command));
    EXPECT_FALSE(parseMonitorLine(R"(1.0 [0 lua] "unterminated)", source, command));
}

TEST(BenchCompareScripts, measuresEveryVersionAndRefusesBrokenOnes)
{
    const char* root = std::getenv("TREELOCK_SOURCE_DIR");
    ASSERT_NE(root, nullptr) << "ctest sets TREELOCK_SOURCE_DIR";
    const std::string lua = std::string(root) + "/lua";
    const RunResult same = runBench("--compare-scripts " + lua + "," + lua + " --rounds 2 --pairs 50");
    ASSERT_EQ(same.exitCode, 0) << same.out;
    int rows = 0;
    std::istringstream lines(same.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(lua, 0) != 0)
            continue;
        ++rows;
        std::istringstream fields(line.substr(lua.size()));
        double us = 0;
        fields >> us;
        EXPECT_GT(us, 0) << line;
    }
    EXPECT_EQ(rows, 2) << same.out;

    // Pipelined, with the floor measured beside the versions: a floor row, and each
    // version's ratio to it (above 1: the versions run the floor's commands and more).
    const RunResult piped = runBench("--compare-scripts " + lua + "," + lua + " --pipelined --rounds 2 --pairs 50");
    ASSERT_EQ(piped.exitCode, 0) << piped.out;
    std::istringstream pipedLines(piped.out);
    int floorRows = 0, versionRows = 0;
    for (std::string line; std::getline(pipedLines, line);) {
        std::istringstream fields(line);
        std::string name, range, toFirst, firstRange, toFloor;
        double us = 0;
        fields >> name >> us >> range >> toFirst >> firstRange >> toFloor;
        if (name == "floor") {
            ++floorRows;
            EXPECT_GT(us, 0) << line;
        } else if (name == lua) {
            ++versionRows;
            EXPECT_GT(std::stod(toFloor), 1.0) << line;
        }
    }
    EXPECT_EQ(floorRows, 1) << piped.out;
    EXPECT_EQ(versionRows, 2) << piped.out;

    // A copy whose acquire refuses everything.
    const auto dir = std::filesystem::temp_directory_path() / ("tst_bench_lua_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    for (const char* name : {"common.lua", "release.lua"})
        std::filesystem::copy_file(lua + "/" + name, dir / name, std::filesystem::copy_options::overwrite_existing);
    std::ofstream(dir / "acquire.lua") << "return { -1, 'refused on purpose' }\n";
    const RunResult broken
        = runBench("--compare-scripts " + lua + "," + dir.string() + " --rounds 1 --pairs 5 2>&1");
    EXPECT_NE(broken.exitCode, 0) << broken.out;
    EXPECT_NE(broken.out.find("did not grant"), std::string::npos) << broken.out;
    EXPECT_NE(broken.out.find(dir.string()), std::string::npos) << "the error names the version: " << broken.out;

    // A version of another KEYS/ARGV layout (per-lease record keys) is refused, not measured.
    std::ofstream(dir / "common.lua") << "local NODES, WHO, EXPIRY, FENCE, EVENTS = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]\n";
    std::filesystem::copy_file(lua + "/acquire.lua", dir / "acquire.lua", std::filesystem::copy_options::overwrite_existing);
    const RunResult old = runBench("--compare-scripts " + lua + "," + dir.string() + " --rounds 1 --pairs 5 2>&1");
    EXPECT_NE(old.exitCode, 0) << old.out;
    EXPECT_NE(old.out.find("takes another KEYS/ARGV layout"), std::string::npos) << old.out;
    std::filesystem::remove_all(dir);
}

TEST(BenchOptions, compareScriptsRunsAloneWithOneHeldCount)
{
    const auto plain = parse({"--compare-scripts", "lua,/tmp/v2", "--rounds", "4", "--depth", "10"});
    ASSERT_TRUE(plain.options) << plain.message;
    EXPECT_EQ(plain.options->compareScripts, (std::vector<std::string>{"lua", "/tmp/v2"}));
    EXPECT_EQ(plain.options->held, (std::vector<long long>{0})) << "no --n: nothing held";
    EXPECT_EQ(plain.options->compareRounds, 4);
    EXPECT_EQ(plain.options->compareDepth, 10);
    EXPECT_EQ(plain.options->comparePairs, 1000);
    EXPECT_FALSE(plain.options->comparePipelined);
    const auto piped = parse({"--compare-scripts", "lua", "--pipelined"});
    ASSERT_TRUE(piped.options) << piped.message;
    EXPECT_TRUE(piped.options->comparePipelined);

    const auto held = parse({"--compare-scripts", "lua", "--n", "10k"});
    ASSERT_TRUE(held.options) << held.message;
    EXPECT_EQ(held.options->held, (std::vector<long long>{10000}));

    for (const auto& bad : {parse({"--compare-scripts", "lua", "--n", "0,1000"}),
                            parse({"--compare-scripts", "lua", "--plot", "x.png"}),
                            parse({"--compare-scripts", "lua", "--depth", "2"}),
                            parse({"--compare-scripts", ","}),
                            parse({"--pipelined"})}) {
        EXPECT_FALSE(bad.options);
        EXPECT_EQ(bad.exitCode, 2);
        EXPECT_FALSE(bad.message.empty());
    }
}

TEST(BenchCluster, measuresOneAndThreePrimariesWithoutErrors)
{
    const RunResult run = runBench("--cluster --connections 1,4 --reps 1 --duration 150 --projects 12 --json");
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const json out = json::parse(run.out);
    EXPECT_EQ(out["projects"], 12);
    EXPECT_GE(out["cores"].get<int>(), 1);
    std::set<std::pair<int, int>> cells;
    for (const auto& p : out["cluster"]) {
        cells.insert({p["primaries"].get<int>(), p["connections"].get<int>()});
        EXPECT_GT(p["pairs_per_s"].get<double>(), 0) << p.dump();
        EXPECT_EQ(p["errors"], 0) << p.dump();
        EXPECT_GT(p["primaries_cores"].get<double>(), 0) << "the primaries' CPU is read from /proc: " << p.dump();
        const std::string limit = p["limit"];
        EXPECT_TRUE(limit == "cpu" || limit == "primary" || limit == "latency") << limit;
    }
    EXPECT_EQ(cells, (std::set<std::pair<int, int>>{{1, 1}, {1, 4}, {3, 1}, {3, 4}}));
}

TEST(BenchOptions, clusterRunsAloneAndAClusterUrlIsRefusedElsewhere)
{
    const auto ok = parse({"--cluster", "--projects", "8", "--connections", "2"});
    ASSERT_TRUE(ok.options) << ok.message;
    EXPECT_TRUE(ok.options->cluster);
    EXPECT_EQ(ok.options->clusterProjects, 8);
    for (const auto& bad : {parse({"--cluster", "--failover", "2"}), parse({"--cluster", "--ui"}),
                            parse({"--cluster", "--redis", "redis://h"}), parse({"--projects", "0"}),
                            parse({"--redis", "redis+cluster://h:7000"})}) {
        EXPECT_FALSE(bad.options);
        EXPECT_EQ(bad.exitCode, 2);
        EXPECT_FALSE(bad.message.empty());
    }
    const auto url = parse({"--redis", "redis+cluster://h:7000"});
    EXPECT_NE(url.message.find("is measured with --cluster"), std::string::npos) << url.message;
}

TEST(BenchTls, measuresTlsAgainstTcpOnOneServer)
{
    const RunResult run = runBench("--tls 2 --duration 150 --json");
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const json out = json::parse(run.out);
    EXPECT_EQ(out["rounds"], 2);
    for (const char* figure : {"tcp_pairs_per_sec", "tls_pairs_per_sec", "tcp_connect_us", "tls_connect_us"}) {
        EXPECT_EQ(out[figure]["values"].size(), 2u) << figure;
        EXPECT_GT(out[figure]["median"].get<double>(), 0) << figure;
    }
    // Each ratio is paired within its round: the median of the per-round ratios.
    const json& tcp = out["tcp_pairs_per_sec"]["values"];
    const json& tls = out["tls_pairs_per_sec"]["values"];
    const json& ratio = out["tls_over_tcp_time_per_pair"]["values"];
    for (std::size_t i = 0; i < 2; ++i)
        EXPECT_DOUBLE_EQ(ratio[i].get<double>(), tcp[i].get<double>() / tls[i].get<double>());
    const std::string protocol = out["tls_protocol"];
    EXPECT_TRUE(protocol == "TLSv1.3" || protocol == "TLSv1.2") << protocol;
}

// Eight clients through one kill -9 failover behind Sentinel and one on a
// Cluster, with --min-replicas 1: every call learns its outcome, no lease is
// left that nobody holds, and no two clients are told they hold clashing locks.
TEST(BenchOutcomes, everyCallThroughKilledPrimariesLearnsItsOutcome)
{
    const RunResult run = runBench("--outcomes 1 --json");
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const json out = json::parse(run.out);
    ASSERT_EQ(out["topologies"].size(), 2u);
    for (const json& t : out["topologies"]) {
        SCOPED_TRACE(t["topology"].get<std::string>());
        EXPECT_EQ(t["failovers"], 1);
        EXPECT_EQ(t["clients"], 8);
        EXPECT_GT(t["granted"].get<long long>(), 0) << "no load ran";
        EXPECT_EQ(t["unknown_outcomes"], 0) << t["first_unknown"];
        EXPECT_EQ(t["orphaned_leases"], 0);
        EXPECT_EQ(t["double_grants"], 0);
    }
}

// Behind a crashed holder's lease the writer waits out its TTL however it was
// granted; the readers beside it go on only when the grant said it renews, so
// that it is presumed dead and the writer's wait holds nobody back.
TEST(BenchStarvation, readersBesideADeadHolderGoOnOnlyWhenItIsPresumedDead)
{
    const RunResult run = runBench("--starvation 1 --readers 3 --writer-wait 4000 --json");
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const json out = json::parse(run.out);
    ASSERT_EQ(out["dead_holder"].size(), 3u) << run.out;
    std::map<std::string, json> rows;
    for (const json& row : out["dead_holder"])
        rows[row["dead_holder"].get<std::string>()] = row;
    const json& renews = rows.at("says it renews (fairness on)");
    const json& silent = rows.at("never said it renews (fairness on)");
    for (const json* row : {&renews, &silent}) {
        EXPECT_EQ((*row)["granted"], 1) << *row;
        EXPECT_GE((*row)["writer_wait"]["median_ms"].get<double>(), 1500) << "the dead lease excludes for 2 s: " << *row;
    }
    EXPECT_GT(renews["reader_grants_per_s"]["median"].get<double>(),
              10 * silent["reader_grants_per_s"]["median"].get<double>() + 1)
        << renews << "\n" << silent;
    EXPECT_GE(silent["longest_reader_gap"]["median_ms"].get<double>(), 1000) << silent;
}

TEST(BenchOptions, outcomesRunAlone)
{
    const auto ok = parse({"--outcomes", "20", "--json"});
    ASSERT_TRUE(ok.options) << ok.message;
    EXPECT_EQ(ok.options->outcomeRounds, 20);
    for (const auto& bad : {parse({"--outcomes", "0"}), parse({"--outcomes", "101"}),
                            parse({"--outcomes", "2", "--redis", "redis://h"}), parse({"--outcomes", "2", "--cluster"}),
                            parse({"--outcomes", "2", "--failover", "1"})}) {
        EXPECT_FALSE(bad.options);
        EXPECT_EQ(bad.exitCode, 2);
        EXPECT_FALSE(bad.message.empty());
    }
}

TEST(BenchOptions, tlsRunsAlone)
{
    const auto ok = parse({"--tls", "3", "--duration", "500"});
    ASSERT_TRUE(ok.options) << ok.message;
    EXPECT_EQ(ok.options->tlsRounds, 3);
    for (const auto& bad : {parse({"--tls", "0"}), parse({"--tls", "2", "--redis", "redis://h"}),
                            parse({"--tls", "2", "--cluster"}), parse({"--tls", "2", "--starvation", "1"})}) {
        EXPECT_FALSE(bad.options);
        EXPECT_EQ(bad.exitCode, 2);
        EXPECT_FALSE(bad.message.empty());
    }
}

TEST(BenchWatch, followsASmallProjectTheOldWayAndWithALeaseWatch)
{
    const RunResult run = runBench("--watch --smoke --json");
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const json out = json::parse(run.out);
    ASSERT_EQ(out["sizes"].size(), 1u);
    const json& size = out["sizes"][0];
    EXPECT_EQ(size["leases"], 2000);
    EXPECT_EQ(size["pages"].size(), 6u) << "page sizes 100 to 5000";
    EXPECT_GT(size["first_list"]["calls"].get<int>(), 0);
    ASSERT_EQ(size["repetitions"].size(), 1u);
    std::set<std::string> followers;
    for (const json& window : size["repetitions"][0]) {
        followers.insert(window["follower"].get<std::string>());
        EXPECT_GT(window["probe_samples"].get<int>(), 0) << window;
        if (window["follower"] != "nobody") {
            EXPECT_GT(window["reads"].get<int>(), 0) << window;
        }
    }
    EXPECT_EQ(followers, (std::set<std::string>{"nobody", "old", "watch"}));
}

TEST(BenchOptions, watchRunsAloneWithItsOwnSizes)
{
    const auto full = parse({"--watch"});
    ASSERT_TRUE(full.options) << full.message;
    EXPECT_TRUE(full.options->watch);
    EXPECT_EQ(full.options->held, (std::vector<long long>{100000, 1000000}));
    EXPECT_EQ(full.options->duration.count(), 5000);
    const auto smoke = parse({"--watch", "--smoke"});
    ASSERT_TRUE(smoke.options) << smoke.message;
    EXPECT_EQ(smoke.options->held, (std::vector<long long>{2000}));
    const auto sized = parse({"--watch", "--n", "50k", "--duration", "800"});
    ASSERT_TRUE(sized.options) << sized.message;
    EXPECT_EQ(sized.options->held, (std::vector<long long>{50000}));
    EXPECT_EQ(sized.options->duration.count(), 800);
    for (const auto& bad : {parse({"--watch", "--redis", "redis://h"}), parse({"--watch", "--tls", "2"}),
                            parse({"--watch", "--cluster"})}) {
        EXPECT_FALSE(bad.options);
        EXPECT_EQ(bad.exitCode, 2);
    }
}

TEST(BenchReport, ratiosArePairedWithinEachRepetition)
{
    BenchResults results;
    results.options.held = {0, 10000};
    results.options.connections = {1};
    results.options.reps = 2;
    results.contenders = {"tl-d3", "tl-d3-0", "seed", "plain"};
    // Rep 0 runs twice as fast as rep 1 for everyone: the ratios must not see it.
    for (int rep = 0; rep < 2; ++rep) {
        const double speed = rep == 0 ? 2.0 : 1.0;
        results.cells.push_back(cell("tl-d3", 0, rep, 7000 * speed, 17));
        results.cells.push_back(cell("tl-d3-0", 0, rep, 7000 * speed, 17));
        results.cells.push_back(cell("tl-d3-0", 10000, rep, 7400 * speed, 17));
        results.cells.push_back(cell("seed", 0, rep, 7000 * speed, 6));
        results.cells.push_back(cell("plain", 0, rep, 10000 * speed, 2));
        results.cells.push_back(cell("tl-d3", 10000, rep, 6300 * speed, 18));
        results.cells.push_back(cell("seed", 10000, rep, 500 * speed, 1800));
        results.cells.push_back(cell("plain", 10000, rep, 10000 * speed, 2));
    }
    const Report report = analyse(results);

    auto ratio = [&](const std::string& name, long long n) {
        for (const auto& r : report.ratios)
            if (r.name == name && r.held == n && r.connections == 1)
                return r.value;
        ADD_FAILURE() << name << " at " << n << " missing";
        return Spread{};
    };
    EXPECT_DOUBLE_EQ(ratio("tl-d3 / plain", 0).min, 0.7);
    EXPECT_DOUBLE_EQ(ratio("tl-d3 / plain", 0).max, 0.7);
    EXPECT_DOUBLE_EQ(ratio("tl-d3 / seed", 10000).median, 12.6);
    EXPECT_DOUBLE_EQ(ratio("tl-d3 N / N=0", 10000).median, 0.9);
    EXPECT_NEAR(ratio("tl-d3 / tl-d3-0", 10000).median, 6300.0 / 7400.0, 1e-12)
        << "the interleaved reference, not the N = 0 phase";
    EXPECT_DOUBLE_EQ(ratio("server: seed / tl-d3", 10000).median, 100);

    for (const auto& t : report.targets) {
        if (t.name == "vs seed at 10k") {
            EXPECT_EQ(t.met(), std::optional<bool>(true));
        } else if (t.name == "vs seed at 100k" || t.name == "vs plain, 8 connections") {
            EXPECT_EQ(t.met(), std::nullopt) << t.name << " was not measured";
        } else if (t.name == "vs plain, 1 connection") {
            EXPECT_EQ(t.met(), std::optional<bool>(false)) << "the lowest over N, 0.63, is below 0.8";
            EXPECT_NEAR(t.value.value_or(0), 0.63, 1e-12);
        } else if (t.name == "server time, depth 3") {
            EXPECT_EQ(t.met(), std::optional<bool>(false)) << "the highest over N, 18 / 2 = 9, is above 6";
            EXPECT_DOUBLE_EQ(t.value.value_or(0), 9);
        } else if (t.name == "memory per held lock") {
            EXPECT_EQ(t.met(), std::nullopt) << "no round held leases";
        }
    }
}

TEST(BenchReport, memoryPerHeldLockIsTreelockOverPlainAtTheLargestN)
{
    BenchResults results;
    HeldRound small;
    small.held = 1000;
    small.treelockBytes = 900'000;
    small.plainBytes = 150'000;
    HeldRound large;
    large.held = 100000;
    large.treelockBytes = 36'000'000;
    large.plainBytes = 15'000'000;
    results.rounds = {small, large};
    const Report report = analyse(results);
    bool found = false;
    for (const auto& t : report.targets) {
        if (t.name != "memory per held lock")
            continue;
        found = true;
        EXPECT_DOUBLE_EQ(t.value.value_or(0), 2.4) << "360 / 150 bytes at N = 100k, not 900 / 150 at 1k";
        EXPECT_EQ(t.met(), std::optional<bool>(true));
        EXPECT_NE(t.measuredAt.find("360 / 150 bytes"), std::string::npos) << t.measuredAt;
    }
    EXPECT_TRUE(found);
}

// Flat in N is judged on Treelock in the held project against Treelock in an
// empty project measured in the same repetition, not against the N = 0 phase.
TEST(BenchReport, flatInNUsesTheInterleavedEmptyProject)
{
    BenchResults results;
    results.options.held = {0, 100000};
    results.options.connections = {1};
    results.options.reps = 1;
    results.contenders = {"tl-d3", "tl-d3-0"};
    // The machine was twice as fast during the N = 0 phase.
    results.cells.push_back(cell("tl-d3", 0, 0, 14000, 17));
    results.cells.push_back(cell("tl-d3-0", 0, 0, 14000, 17));
    results.cells.push_back(cell("tl-d3", 100000, 0, 6650, 18));
    results.cells.push_back(cell("tl-d3-0", 100000, 0, 7000, 17));
    const Report report = analyse(results);
    bool judged = false;
    for (const auto& t : report.targets) {
        if (t.name != "flat in N (depth 3)")
            continue;
        judged = true;
        ASSERT_TRUE(t.value.has_value());
        EXPECT_DOUBLE_EQ(*t.value, 0.95);
        EXPECT_EQ(t.met(), std::optional<bool>(true)) << "0.95 >= 0.9; across phases it would be 0.475";
    }
    EXPECT_TRUE(judged);
}

TEST(BenchReport, spreadIsMedianAndRange)
{
    const Spread s = Spread::of({3, 1, 2, 10});
    EXPECT_DOUBLE_EQ(s.median, 2.5);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.max, 10);
    EXPECT_EQ(s.values, (std::vector<double>{3, 1, 2, 10}));
}
