#include "benchoptions.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string_view>

namespace treelock::bench {

std::string usage()
{
    return R"(treelock-bench: Treelock against the seed's folder lock, a plain Redis lock
and the server's ceiling, interleaved in one run (see docs/benchmarks.md).

Usage: treelock-bench [options]

  --redis URL          use this server (redis://host:port[/db], unix:///path or
                       redis+sentinel://host:port,.../MASTER) instead of
                       starting a private redis-server
  --redis-server EXE   redis-server executable for the private server
  --unix               private server: connect over its Unix socket (default:
                       loopback TCP, as docs/benchmarks.md measures)
  --no-pin             do not pin redis-server to CPU 0 and clients to CPU 1
  --duration MS        measuring time per cell (default 1000)
  --reps N             interleaved repetitions (default 3)
  --connections LIST   client connections, e.g. 1,8,32 (default)
  --n LIST             other leases held, e.g. 0,1000,10000,100000 (default)
  --contenders LIST    subset of: tl-d3,tl-d3-0,tl-d3-a,tl-d3-w,tl-d10,tl-d10-0,tl-move,
                       floor-d3,floor-d10,bare-d3,bare-d10,seed,plain,ping,eval1
                       (tl-d3-0, tl-d10-0: the same pair in an empty project;
                       tl-d3-a: in an empty project at events=audit; tl-d3-w: in a
                       project where one waiter holds back; floor-: the pair's
                       Redis commands with no logic; bare-: with only the logic
                       no pair can do without)
  --quick              a run under a minute: --n 0,10000,100000 --connections 1,8
                       --reps 2 --duration 250
  --smoke              a run of a few seconds, to check that it works:
                       --n 0,1000 --connections 1,2 --reps 1 --duration 150
  --json[=FILE]        JSON with all figures: on stdout (table to stderr), or to FILE
  --plot FILE.png      ops/s against N for each contender (Qt Charts, offscreen)
  --ui                 also measure Treelock Studio at scale (offscreen)
  --ui-only            only the Studio measurement
  --ui-size NODES,LEASES,EVENTS   Studio sizes (default 100000,10000,1000)
  -h, --help           this text

Comparing versions of the Lua scripts (instead of the run above):
  --compare-scripts DIR,DIR...   folders with common.lua, acquire.lua and
                       release.lua (e.g. lua and a modified copy): server time
                       per acquire + release pair of each, interleaved round by
                       round, and each one's ratio to the first
  --rounds N           rounds (default 15)
  --pairs N            pairs per version and round (default 1000)
  --depth N            segments of the measured paths, 3 to 64 (default 3)
  --n N                other leases held in each version's project (default 0)
  --pipelined          send each round's pairs without waiting for the answers
                       (the server never idles, as under load), and measure the
                       floor of such a pair in every round too (its commands
                       with no logic): each version's ratio to it

Failover (instead of the run above; see docs/high-availability.md):
  --failover N         N rounds of four cases on a private primary, replica and
                       three sentinels: the primary killed (SIGKILL) under a client
                       taking leases, with min-replicas 0 and 1, the replica in
                       step or held back for the last 300 ms; prints the time to
                       the new primary and the grants lost and refused (--json,
                       --plot FILE.png as above)

Outcomes (instead of the run above; see docs/high-availability.md):
  --outcomes N         N kill -9 failovers on a private Sentinel set-up, then N
                       on a private Redis Cluster, under 8 clients that take and
                       release leases with min-replicas 1; counts unknown
                       outcomes, orphaned leases and double grants, and exits 1
                       unless all are 0 (--json as above)

Scale-out (instead of the run above; see docs/scale-out.md):
  --cluster            a private Redis Cluster of 1 primary and one of 3: each
                       client thread takes and releases a depth-3 X lock in its
                       projects in turn; pairs/s for each cluster size and
                       connection count (--connections, --duration, --reps as
                       above), the CPU the primaries and the client used, and
                       what limited each cell (--json, --plot FILE.png as above)
  --projects N         projects spread over the cluster (default 64)

Fairness (instead of the run above; see docs/benchmarks.md):
  --starvation N       N rounds, fairness off and on in turn: readers that keep
                       overlapping (S on /r/x<i>) and one writer (X on /r); prints
                       the writer's median and worst wait and how often it got in;
                       then N rounds of the writer behind a crashed holder's lease
                       (S on /r/x0, 2 s TTL) granted three ways: how fast the
                       readers beside it go meanwhile (--json as above)
  --readers N          overlapping readers (default 6)
  --hold MS            how long each reader holds before it takes S again
                       (default 30)
  --writer-wait MS     how long the writer waits (default 8000)

TLS (instead of the run above; see docs/benchmarks.md):
  --tls N              N rounds on one private redis-server with a plain TCP port
                       and a TLS port (a throwaway certificate from openssl):
                       depth-3 pairs/s over each for --duration, the TLS/TCP
                       time per pair paired within each round, and the time to
                       connect (handshake included) (--json as above)

Following a project (instead of the run above; see docs/benchmarks.md):
  --watch              for each --n (default 100000,1000000): fills a project,
                       times list calls of 100 to 5000 leases, lists it once with
                       a LeaseWatch, then --duration windows (default 5000), --reps
                       times in rotating order, with nobody following, the whole
                       project re-read every second (as Studio did), and a
                       LeaseWatch, under 100 changes/s and a PING every 1 ms:
                       server CPU, the follower's calls, the PING p99 and its
                       ratio to nobody's; then Studio's window (when built with
                       the UI) lists and follows it (--json as above)

The exporter (instead of the run above; see docs/benchmarks.md):
  --exporter           fills --projects projects (default 100) of --n leases
                       (default 1000), then --duration windows (default 20000),
                       --reps times in rotating order, under 100 changes/s in
                       all: nobody following, `treelock exporter` following,
                       and scraped every second: server CPU, the exporter's
                       command time per second, and per scrape (--json as above)
)";
}

const std::vector<std::string>& knownOptions()
{
    static const std::vector<std::string> names{
        "--redis", "--redis-server", "--unix",   "--no-pin",  "--duration",        "--reps",
        "--connections", "--n",      "--contenders", "--quick", "--smoke",         "--json",
        "--plot",  "--ui",           "--ui-only", "--ui-size", "--compare-scripts", "--rounds",
        "--pairs", "--depth", "--pipelined",        "--failover", "--outcomes", "--cluster", "--projects", "--starvation", "--readers", "--tls", "--watch", "--exporter",
        "--hold",  "--writer-wait",  "-h",       "--help"};
    return names;
}

namespace {

template <typename T>
T number(std::string_view text, std::string_view option)
{
    T value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0)
        throw std::invalid_argument(std::string(option) + ": \"" + std::string(text)
                                    + "\" is not a non-negative number");
    return value;
}

template <typename T>
std::vector<T> numberList(std::string_view text, std::string_view option)
{
    std::vector<T> out;
    std::size_t from = 0;
    while (from <= text.size()) {
        std::size_t comma = text.find(',', from);
        if (comma == std::string_view::npos)
            comma = text.size();
        std::string_view item = text.substr(from, comma - from);
        // Allow 10k / 100k.
        long long scale = 1;
        std::string digits(item);
        if (!digits.empty() && (digits.back() == 'k' || digits.back() == 'K')) {
            scale = 1000;
            digits.pop_back();
        }
        out.push_back(static_cast<T>(number<long long>(digits, option) * scale));
        from = comma + 1;
    }
    if (out.empty())
        throw std::invalid_argument(std::string(option) + " needs a list");
    return out;
}

std::vector<std::string> stringList(std::string_view text)
{
    std::vector<std::string> out;
    std::size_t from = 0;
    while (from <= text.size()) {
        std::size_t comma = text.find(',', from);
        if (comma == std::string_view::npos)
            comma = text.size();
        if (comma > from)
            out.emplace_back(text.substr(from, comma - from));
        from = comma + 1;
    }
    return out;
}

} // namespace

ParseOutcome parseOptions(int argc, char** argv)
{
    ParseOutcome outcome;
    BenchOptions o;
    bool heldGiven = false;
    bool durationGiven = false;
    bool projectsGiven = false;
    // Presets first, so explicit options given with them win wherever they stand.
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--quick") {
            o.mode = "quick";
            o.held = {0, 10000, 100000};
            o.connections = {1, 8};
            o.reps = 2;
            o.duration = std::chrono::milliseconds(250);
        } else if (arg == "--smoke") {
            o.mode = "smoke";
            o.held = {0, 1000};
            o.connections = {1, 2};
            o.reps = 1;
            o.duration = std::chrono::milliseconds(150);
            o.uiNodes = 2000;
            o.uiLeases = 200;
            o.uiEvents = 100;
        }
    }
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string_view arg = argv[i];
            auto value = [&]() -> std::string_view {
                if (i + 1 >= argc)
                    throw std::invalid_argument(std::string(arg) + " needs a value");
                return argv[++i];
            };
            const std::string_view name = arg.substr(0, arg.rfind("--", 0) == 0 ? arg.find('=') : arg.npos);
            if (!arg.empty() && arg.front() == '-'
                && std::find(knownOptions().begin(), knownOptions().end(), name) == knownOptions().end())
                throw std::invalid_argument("unknown option \"" + std::string(arg) + "\"");
            if (arg == "-h" || arg == "--help") {
                outcome.message = usage();
                outcome.exitCode = 0;
                return outcome;
            } else if (arg == "--quick" || arg == "--smoke") {
                continue;
            } else if (arg == "--redis") {
                o.redisUrl = value();
            } else if (arg == "--redis-server") {
                o.redisServer = value();
            } else if (arg == "--unix") {
                o.unixSocket = true;
            } else if (arg == "--no-pin") {
                o.pin = false;
            } else if (arg == "--duration") {
                o.duration = std::chrono::milliseconds(number<long long>(value(), arg));
                durationGiven = true;
                if (o.duration.count() < 10)
                    throw std::invalid_argument("--duration must be at least 10 ms");
            } else if (arg == "--reps") {
                o.reps = number<int>(value(), arg);
                if (o.reps < 1)
                    throw std::invalid_argument("--reps must be at least 1");
            } else if (arg == "--connections") {
                o.connections = numberList<int>(value(), arg);
                for (int c : o.connections)
                    if (c < 1 || c > 256)
                        throw std::invalid_argument("--connections: each must be 1 to 256");
            } else if (arg == "--n") {
                o.held = numberList<long long>(value(), arg);
                heldGiven = true;
                for (long long n : o.held)
                    if (n > 1000000)
                        throw std::invalid_argument("--n: at most 1000000 held leases");
            } else if (arg == "--contenders") {
                o.contenders = stringList(value());
            } else if (arg == "--json") {
                o.json = true;
            } else if (arg.rfind("--json=", 0) == 0) {
                o.jsonFile = std::string(arg.substr(7));
                if (o.jsonFile.empty())
                    throw std::invalid_argument("--json=FILE needs a file name");
            } else if (arg == "--plot") {
                o.plotFile = value();
            } else if (arg == "--ui") {
                o.ui = true;
            } else if (arg == "--ui-only") {
                o.ui = true;
                o.uiOnly = true;
            } else if (arg == "--ui-size") {
                auto sizes = numberList<int>(value(), arg);
                if (sizes.size() != 3)
                    throw std::invalid_argument("--ui-size needs NODES,LEASES,EVENTS");
                o.uiNodes = sizes[0];
                o.uiLeases = sizes[1];
                o.uiEvents = sizes[2];
            } else if (arg == "--compare-scripts") {
                o.compareScripts = stringList(value());
                if (o.compareScripts.empty())
                    throw std::invalid_argument("--compare-scripts needs at least one folder");
            } else if (arg == "--rounds") {
                o.compareRounds = number<int>(value(), arg);
                if (o.compareRounds < 1 || o.compareRounds > 1000)
                    throw std::invalid_argument("--rounds must be 1 to 1000");
            } else if (arg == "--failover") {
                o.failoverRounds = number<int>(value(), arg);
                if (o.failoverRounds < 1 || o.failoverRounds > 100)
                    throw std::invalid_argument("--failover must be 1 to 100");
            } else if (arg == "--outcomes") {
                o.outcomeRounds = number<int>(value(), arg);
                if (o.outcomeRounds < 1 || o.outcomeRounds > 100)
                    throw std::invalid_argument("--outcomes must be 1 to 100");
            } else if (arg == "--starvation") {
                o.starvationRounds = number<int>(value(), arg);
                if (o.starvationRounds < 1 || o.starvationRounds > 1000)
                    throw std::invalid_argument("--starvation must be 1 to 1000");
            } else if (arg == "--readers") {
                o.starvationReaders = number<int>(value(), arg);
                if (o.starvationReaders < 1 || o.starvationReaders > 64)
                    throw std::invalid_argument("--readers must be 1 to 64");
            } else if (arg == "--hold") {
                o.starvationHold = std::chrono::milliseconds(number<int>(value(), arg));
                if (o.starvationHold.count() < 1 || o.starvationHold.count() > 10000)
                    throw std::invalid_argument("--hold must be 1 to 10000 ms");
            } else if (arg == "--writer-wait") {
                o.starvationWait = std::chrono::milliseconds(number<int>(value(), arg));
                if (o.starvationWait.count() < 1 || o.starvationWait.count() > 600000)
                    throw std::invalid_argument("--writer-wait must be 1 to 600000 ms");
            } else if (arg == "--tls") {
                o.tlsRounds = number<int>(value(), arg);
                if (o.tlsRounds < 1 || o.tlsRounds > 100)
                    throw std::invalid_argument("--tls must be 1 to 100");
            } else if (arg == "--watch") {
                o.watch = true;
            } else if (arg == "--exporter") {
                o.exporter = true;
            } else if (arg == "--cluster") {
                o.cluster = true;
            } else if (arg == "--projects") {
                projectsGiven = true;
                o.clusterProjects = number<int>(value(), arg);
                if (o.clusterProjects < 1 || o.clusterProjects > 10000)
                    throw std::invalid_argument("--projects must be 1 to 10000");
            } else if (arg == "--pairs") {
                o.comparePairs = number<int>(value(), arg);
                if (o.comparePairs < 1 || o.comparePairs > 1000000)
                    throw std::invalid_argument("--pairs must be 1 to 1000000");
            } else if (arg == "--pipelined") {
                o.comparePipelined = true;
            } else if (arg == "--depth") {
                o.compareDepth = number<int>(value(), arg);
                if (o.compareDepth < 3 || o.compareDepth > 64)
                    throw std::invalid_argument("--depth must be 3 to 64");
            } else {
                throw std::invalid_argument("unknown option \"" + std::string(arg) + "\"");
            }
        }
        if (!o.cluster && o.redisUrl.rfind("redis+cluster://", 0) == 0)
            throw std::invalid_argument("--redis: a Redis Cluster is measured with --cluster, which starts its own "
                                        "clusters of 1 and 3 primaries (the contenders' plain locks are not routed "
                                        "by slot)");
        if (o.cluster && (o.failoverRounds > 0 || !o.compareScripts.empty() || o.ui || !o.redisUrl.empty()))
            throw std::invalid_argument("--cluster starts its own clusters and runs alone: no --failover, "
                                        "--compare-scripts, --ui or --redis with it");
        if (o.tlsRounds > 0 && (o.cluster || o.failoverRounds > 0 || o.starvationRounds > 0
                                || !o.compareScripts.empty() || o.ui || !o.plotFile.empty()
                                || !o.contenders.empty() || !o.redisUrl.empty()))
            throw std::invalid_argument("--tls starts its own server and runs alone: no --redis, --cluster, "
                                        "--failover, --starvation, --compare-scripts, --ui, --plot or --contenders "
                                        "with it");
        if (o.starvationRounds > 0 && (o.cluster || o.failoverRounds > 0 || !o.compareScripts.empty() || o.ui
                                       || !o.plotFile.empty() || !o.contenders.empty()))
            throw std::invalid_argument("--starvation runs alone: no --cluster, --failover, --compare-scripts, "
                                        "--ui, --plot or --contenders with it");
        if (o.outcomeRounds > 0
            && (o.exporter || o.watch || o.cluster || o.failoverRounds > 0 || o.starvationRounds > 0
                || o.tlsRounds > 0 || !o.compareScripts.empty() || o.ui || !o.plotFile.empty()
                || !o.contenders.empty() || !o.redisUrl.empty()))
            throw std::invalid_argument("--outcomes starts its own Sentinel set-up and cluster and runs alone: no "
                                        "--redis, --cluster, --failover, --starvation, --tls, --watch, --exporter, "
                                        "--compare-scripts, --ui, --plot or --contenders with it");
        if (o.exporter) {
            if (o.watch || o.cluster || o.failoverRounds > 0 || o.starvationRounds > 0 || o.tlsRounds > 0
                || !o.compareScripts.empty() || o.ui || !o.plotFile.empty() || !o.contenders.empty()
                || !o.redisUrl.empty())
                throw std::invalid_argument("--exporter starts its own server and runs alone: no --redis, --cluster, "
                                            "--failover, --starvation, --tls, --watch, --compare-scripts, --ui, "
                                            "--plot or --contenders with it");
            if (!heldGiven)
                o.held = {o.mode == "smoke" ? 100 : 1000};
            if (o.held.size() != 1 || o.held.front() < 1)
                throw std::invalid_argument("--exporter takes one --n: the leases of each project, at least 1");
            if (!projectsGiven)
                o.clusterProjects = o.mode == "smoke" ? 5 : 100;
            if (!durationGiven)
                o.duration = std::chrono::milliseconds(o.mode == "full" ? 20000 : 3000);
        }
        if (o.watch) {
            if (o.cluster || o.failoverRounds > 0 || o.starvationRounds > 0 || o.tlsRounds > 0
                || !o.compareScripts.empty() || o.ui || !o.plotFile.empty() || !o.contenders.empty()
                || !o.redisUrl.empty())
                throw std::invalid_argument("--watch starts its own server and runs alone: no --redis, --cluster, "
                                            "--failover, --starvation, --tls, --compare-scripts, --ui, --plot or "
                                            "--contenders with it");
            if (!heldGiven && o.mode == "smoke")
                o.held = {2000};
            else if (!heldGiven)
                o.held = o.mode == "quick" ? std::vector<long long>{10000, 100000}
                                           : std::vector<long long>{100000, 1000000};
            if (!durationGiven && o.mode == "full")
                o.duration = std::chrono::milliseconds(5000);
        }
        if (o.comparePipelined && o.compareScripts.empty())
            throw std::invalid_argument("--pipelined goes with --compare-scripts");
        if (!o.compareScripts.empty()) {
            if (!heldGiven)
                o.held = {0};
            else if (o.held.size() != 1)
                throw std::invalid_argument("with --compare-scripts, --n takes one number");
            if (o.ui || !o.plotFile.empty() || o.json || !o.jsonFile.empty() || !o.contenders.empty())
                throw std::invalid_argument("--compare-scripts runs alone: no --ui, --plot, --json or "
                                            "--contenders with it");
        }
    } catch (const std::invalid_argument& e) {
        outcome.message = std::string("treelock-bench: ") + e.what() + "\n(see --help)\n";
        outcome.exitCode = 2;
        return outcome;
    }
    outcome.options = std::move(o);
    return outcome;
}

} // namespace treelock::bench
