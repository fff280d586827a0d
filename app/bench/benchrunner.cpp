#include "benchrunner.h"

#include "serverinfo.h"

#include "treelock/error.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <latch>
#include <mutex>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace treelock::bench {

std::uint64_t BenchResults::totalErrors() const
{
    std::uint64_t n = 0;
    for (const auto& c : cells)
        n += c.errors;
    return n;
}

bool BenchResults::baselineOk() const
{
    return std::all_of(rounds.begin(), rounds.end(), [](const HeldRound& r) { return r.baselineOk; });
}

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos)
                return line.substr(line.find_first_not_of(" \t", colon + 1));
        }
    }
    return "unknown";
}

bool pinCurrentThread(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return ::sched_setaffinity(0, sizeof set, &set) == 0;
}

bool cpuAllowed(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    return ::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_ISSET(cpu, &set);
}

std::unique_ptr<RedisServerProcess> startPrivateServer(const BenchOptions& options, bool pinned, std::string& url)
{
    RedisServerConfig config;
    config.executable = options.redisServer;
    config.folderPrefix = "treelock-bench";
    config.tcp = true;
    config.cpu = pinned ? kServerCpu : -1;
    config.extraConfig = {"latency-monitor-threshold 50"};
    auto server = std::make_unique<RedisServerProcess>(std::move(config));
    url = options.unixSocket ? server->unixUrl() : server->tcpUrl();
    return server;
}

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kPipelineBatch = 1000;
constexpr std::chrono::milliseconds kHeldTtl{24LL * 3600 * 1000};

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

std::string utcNow()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

long long infoNumber(redis::RawConnection& client, std::string_view section, std::string_view key)
{
    for (const auto& [k, v] : infoSection(client, section))
        if (k == key)
            return std::atoll(v.c_str());
    return 0;
}

std::string infoText(redis::RawConnection& client, std::string_view section, std::string_view key)
{
    for (const auto& [k, v] : infoSection(client, section))
        if (k == key)
            return v;
    return {};
}

/// The counts that must be back to their baseline after each N.
struct Counts {
    long long keys = 0;       ///< DBSIZE
    long long state = 0;      ///< HLEN of the project's state (nodes, lease records, counters)
    long long expiry = 0;     ///< ZCARD of the project's expiry
    long long seedHash = 0;   ///< HLEN of the seed's hash of locked keys
    long long emptyProject = 0; ///< HLEN state + ZCARD expiry of the empty project
    friend bool operator==(const Counts&, const Counts&) = default;
    std::string describe() const
    {
        return "keys " + std::to_string(keys) + ", state fields " + std::to_string(state)
               + ", expiry entries " + std::to_string(expiry)
               + ", seed hash fields " + std::to_string(seedHash) + ", empty project's fields and entries "
               + std::to_string(emptyProject);
    }
};

class Runner {
public:
    Runner(const BenchOptions& options, const std::string& commandLine, std::ostream& progress)
        : m_options(options), m_progress(progress)
    {
        m_results.options = options;
        m_results.machine.commandLine = commandLine;
        m_layout.project = options.project;
    }

    BenchResults run()
    {
        setUp();
        for (const long long held : m_options.held)
            runHeld(held);
        getloadavg(m_results.machine.loadAfter, 3);
        latencyEvents();
        return std::move(m_results);
    }

private:
    void setUp()
    {
        MachineInfo& m = m_results.machine;
        m.startedAt = utcNow();
        m.nproc = ::sysconf(_SC_NPROCESSORS_ONLN);
        m.cpuModel = cpuModel();
        m.clientLibraryVersion = redis::clientLibraryVersion();
        getloadavg(m.loadBefore, 3);

        m_pin = m_options.pin;
        if (m_pin && (!cpuAllowed(kServerCpu) || !cpuAllowed(kClientCpu))) {
            m_pin = false;
            m.pinning = "not pinned: CPUs 0 and 1 are not both available to this process";
            m_results.warnings.push_back(m.pinning);
        }
        if (m_pin && !pinCurrentThread(kClientCpu)) {
            m_pin = false;
            m.pinning = "not pinned: sched_setaffinity failed";
            m_results.warnings.push_back(m.pinning);
        }

        std::string url = m_options.redisUrl;
        if (url.empty()) {
            m_server = startPrivateServer(m_options, m_pin, url);
            m.server = "private redis-server (pid " + std::to_string(m_server->pid()) + "), save \"\", "
                       "appendonly no, maxmemory-policy noeviction";
            m.transport = m_options.unixSocket ? "Unix socket" : "loopback TCP (127.0.0.1)";
            if (m_pin)
                m.pinning = "redis-server pinned to CPU 0, client threads pinned to CPU 1 (sched_setaffinity)";
            else if (m.pinning.empty())
                m.pinning = "not pinned (--no-pin)";
        } else {
            const RedisAddress address = RedisAddress::parse(url);
            m.server = address.redacted() + " (external; CONFIG RESETSTAT resets its statistics)";
            m.transport = address.unixSocket ? "Unix socket" : "TCP";
            if (m_pin)
                m.pinning = "client threads pinned to CPU 1; the external server is not pinned by the bench";
            else if (m.pinning.empty())
                m.pinning = "not pinned (--no-pin)";
        }
        m_url = url;

        // Generous: the seed's script at 100,000 held locks, queued behind 31
        // others, takes seconds.
        m_control = std::make_unique<redis::RawConnection>(url, std::chrono::milliseconds(3000),
                                                           std::chrono::milliseconds(120000));
        m.redisVersion = infoText(*m_control, "server", "redis_version");
        m_shas = ScriptShas::load(*m_control);

        int slots = 1;
        for (int c : m_options.connections)
            slots = std::max(slots, c);
        for (int i = 0; i < slots; ++i)
            m_slots.push_back(std::make_unique<Slot>(i, url, m_layout, m_shas));
        for (const auto& w : m_slots.front()->engine().warnings())
            m_results.warnings.push_back("RedisEngine: " + w);

        for (const auto& c : allContenders()) {
            if (m_options.contenders.empty()
                || std::find(m_options.contenders.begin(), m_options.contenders.end(), c.key)
                       != m_options.contenders.end())
                m_contenders.push_back(&c);
        }
        for (const auto& key : m_options.contenders) {
            if (std::none_of(allContenders().begin(), allContenders().end(),
                             [&](const ContenderInfo& c) { return key == c.key; }))
                throw std::runtime_error("unknown contender \"" + key + "\"");
        }
        for (const auto* c : m_contenders)
            m_results.contenders.push_back(c->key);

        recordTheFloor();
        warmUp();
        m_progress << "treelock-bench: " << m.server << " over " << m.transport << "\n"
                   << "  " << m.pinning << "\n";
    }

    // The floor of tl-d3 and tl-d10 (floor.h), recorded from slot 0's pairs in the
    // project as it is now: after populating, the pairs find the ancestors they share.
    void recordTheFloor()
    {
        if (std::none_of(m_contenders.begin(), m_contenders.end(), [](const ContenderInfo* c) {
                return c->id == ContenderId::FloorDepth3 || c->id == ContenderId::FloorDepth10;
            }))
            return;
        m_layout.floor = recordFloor(m_url, m_layout.project, {Layout::depth3(0), Layout::depth10(0)}, {"d3", "d10"});
        loadFloor(*m_control, m_layout.floor, m_layout.project, m_control->integer({"HLEN", m_keys.state()}),
                  m_control->integer({"ZCARD", m_keys.expiry()}));
    }

    // Server stalls seen by Redis's latency monitor (the private server has
    // it at 50 ms): "command" = a slow script or command, others = the process.
    void latencyEvents()
    {
        const redis::Reply r = m_control->command({"LATENCY", "LATEST"});
        if (!r.isArray())
            return;
        for (const redis::Reply& e : r.elements) {
            if (!e.isArray() || e.size() < 4)
                continue;
            m_results.warnings.push_back("redis latency monitor: event \"" + e[0].text
                                         + "\", worst " + std::to_string(e[3].integer)
                                         + " ms (events of at least 50 ms are recorded)");
        }
    }

    // Every contender once on every slot, then a few hundred on slot 0: loads
    // scripts, creates the fence and stream, and fails early if anything is wrong.
    void warmUp()
    {
        // One Treelock pair whatever is measured: it creates the fence counter
        // and the event stream, which populating would otherwise create and
        // the baseline check would count as leaked.
        std::string first;
        if (!m_slots.front()->run(ContenderId::TreelockDepth3, first)
            || !m_slots.front()->run(ContenderId::TreelockDepth3Empty, first))
            throw std::runtime_error("warm-up: Treelock acquire + release failed: " + first);
        for (const auto* c : m_contenders) {
            std::string error;
            for (auto& slot : m_slots) {
                if (!slot->run(c->id, error))
                    throw std::runtime_error(std::string("warm-up: ") + c->key + " on connection "
                                             + std::to_string(slot->index()) + " failed: " + error);
            }
            for (int i = 0; i < 200; ++i) {
                if (!m_slots.front()->run(c->id, error))
                    throw std::runtime_error(std::string("warm-up: ") + c->key + " failed: " + error);
            }
        }
    }

    Counts counts()
    {
        Counts c;
        c.keys = m_control->integer({"DBSIZE"});
        c.state = m_control->integer({"HLEN", m_keys.state()});
        c.expiry = m_control->integer({"ZCARD", m_keys.expiry()});
        c.seedHash = m_control->integer({"HLEN", m_layout.seedHash()});
        c.emptyProject = m_control->integer({"HLEN", m_emptyKeys.state()})
                         + m_control->integer({"ZCARD", m_emptyKeys.expiry()});
        return c;
    }

    void runHeld(long long held)
    {
        HeldRound round;
        round.held = held;
        const Counts before = counts();
        round.usedMemoryBefore = infoNumber(*m_control, "memory", "used_memory");

        m_progress << "N = " << held << ": populating..." << std::flush;
        const auto p0 = Clock::now();
        std::vector<LeaseId> leases = populateTreelock(held);
        const double treelockSeconds = seconds(Clock::now() - p0);
        const long long afterTreelock = infoNumber(*m_control, "memory", "used_memory");
        round.treelockBytes = afterTreelock - round.usedMemoryBefore;
        populateSeed(held);
        const long long afterSeed = infoNumber(*m_control, "memory", "used_memory");
        round.seedBytes = afterSeed - afterTreelock;
        populatePlain(held);
        round.plainBytes = infoNumber(*m_control, "memory", "used_memory") - afterSeed;
        round.populateSeconds = seconds(Clock::now() - p0);
        m_progress << " Treelock " << treelockSeconds << " s, seed + plain "
                   << round.populateSeconds - treelockSeconds << " s;";
        round.usedMemoryHeld = infoNumber(*m_control, "memory", "used_memory");
        m_progress << " " << round.populateSeconds << " s\n";
        checkPopulated(before, held);
        recordTheFloor();

        for (int rep = 0; rep < m_options.reps; ++rep)
            for (int connections : m_options.connections)
                for (const auto* c : m_contenders)
                    m_results.cells.push_back(runCell(*c, connections, held, rep));

        if (!m_layout.floor.empty())
            shrinkFloor(*m_control, m_layout.floor, m_layout.project);
        const auto t0 = Clock::now();
        teardownTreelock(leases);
        teardownKeys(held);
        round.teardownSeconds = seconds(Clock::now() - t0);

        const Counts after = counts();
        round.baselineOk = after == before;
        round.baselineDetail = "before: " + before.describe() + "; after: " + after.describe();
        for (RedisEngine* engine : {&m_slots.front()->engine(), &m_slots.front()->emptyEngine()}) {
            const FsckReport fsck = engine->fsck(false);
            if (!fsck.clean()) {
                round.baselineOk = false;
                round.baselineDetail += "; fsck of project " + engine->project() + " found "
                                        + std::to_string(fsck.differences.size()) + " count differences and "
                                        + std::to_string(fsck.orphanIndexEntries.size())
                                        + " orphan index entries";
            }
        }
        m_progress << "N = " << held << ": torn down in " << round.teardownSeconds << " s, state "
                   << (round.baselineOk ? "back to baseline" : "NOT back to baseline: " + round.baselineDetail)
                   << "\n";
        m_results.rounds.push_back(std::move(round));
    }

    void checkPopulated(const Counts& before, long long held)
    {
        const Counts now = counts();
        const long long rootIx = [&] {
            const redis::Reply r = m_control->command({"HGET", m_keys.state(), "/"});
            const auto root = r.isString() ? redis::decodeNode(r.text) : std::nullopt;
            return root ? root->count(LockMode::IX) : 0LL;
        }();
        if (now.expiry != before.expiry + held || now.seedHash != before.seedHash + held
            || rootIx != held)
            throw std::runtime_error("populating " + std::to_string(held)
                                     + " held leases left unexpected counts: " + now.describe()
                                     + ", /|IX = " + std::to_string(rootIx));
    }

    // Held leases go in with pipelined FCALL of Treelock's own acquire
    // function, called as RedisEngine calls it (redis::acquireCall), because
    // 100,000 round trips through RedisEngine take tens of seconds on a busy
    // 2-vCPU machine. Every reply is checked, and the counts after it
    // (checkPopulated) and fsck at the end check that the state is what
    // RedisEngine would have built.
    std::vector<LeaseId> populateTreelock(long long held)
    {
        std::vector<LeaseId> leases(static_cast<std::size_t>(held));
        if (held == 0)
            return leases;
        const redis::Library& library = redis::embeddedLibrary();
        m_control->load(library);
        for (auto& id : leases)
            id = newLeaseId();
        pipelined(
            held,
            [&](long long i) {
                const auto call = redis::acquireCall(m_keys, leases[static_cast<std::size_t>(i)], "held", "hold",
                                                     kHeldTtl, kReapBatch, {{Layout::held(i), LockMode::X}});
                m_control->append(call.fcall(library.function(redis::Script::Acquire)));
                return 1;
            },
            [](const redis::Reply& r) { return r.isArray() && r.size() >= 2 && r[0].is(1); },
            "populating Treelock's held leases (acquire function)");
        return leases;
    }

    void teardownTreelock(const std::vector<LeaseId>& leases)
    {
        if (leases.empty())
            return;
        const redis::Library& library = redis::embeddedLibrary();
        m_control->load(library);
        pipelined(
            static_cast<long long>(leases.size()),
            [&](long long i) {
                m_control->append(redis::releaseCall(m_keys, leases[static_cast<std::size_t>(i)])
                                      .fcall(library.function(redis::Script::Release)));
                return 1;
            },
            // {1, 0}: released, no holds left.
            [](const redis::Reply& r) { return r.isArray() && r.size() == 2 && r[0].is(1) && r[1].is(0); },
            "releasing Treelock's held leases (release function)");
    }

    /// Pipelines `commands(i, append)` for i in [0, n) in batches; each reply
    /// must satisfy `check`.
    template <typename Commands, typename Check>
    void pipelined(long long n, Commands commands, Check check, const char* what)
    {
        for (long long first = 0; first < n; first += kPipelineBatch) {
            const long long last = std::min(n, first + kPipelineBatch);
            int sent = 0;
            for (long long i = first; i < last; ++i)
                sent += commands(i);
            for (int k = 0; k < sent; ++k) {
                const redis::Reply reply = m_control->readReply();
                if (!check(reply))
                    throw std::runtime_error(std::string(what) + ": unexpected reply \"" + reply.describe() + "\"");
            }
        }
    }

    /// The seed's N held locks, as its own acquire would leave them.
    void populateSeed(long long held)
    {
        const std::string nowMs = std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                     std::chrono::system_clock::now().time_since_epoch())
                                                     .count());
        const std::string hash = m_layout.seedHash();
        const std::string exHeld = std::to_string(kHeldTtl.count() / 1000);
        auto ok = [](const redis::Reply& r) { return r.isString() || r.isInteger(); };
        pipelined(
            held,
            [&](long long i) {
                const std::string path = Layout::held(i);
                const std::string seedKey = m_layout.seedKey(path);
                const std::string token = "held-" + std::to_string(i);
                m_control->append({"SET", seedKey, token, "EX", exHeld});
                m_control->append({"HSET", hash, seedKey, nowMs});
                return 2;
            },
            ok, "populating the seed's keys");
    }

    /// The plain lock's N held locks, as its SET NX PX would leave them.
    void populatePlain(long long held)
    {
        const std::string pxHeld = std::to_string(kHeldTtl.count());
        auto ok = [](const redis::Reply& r) { return r.isString(); };
        pipelined(
            held,
            [&](long long i) {
                m_control->append({"SET", m_layout.plainKey(Layout::held(i)), "held-" + std::to_string(i), "PX", pxHeld});
                return 1;
            },
            ok, "populating the plain lock's keys");
    }

    void teardownKeys(long long held)
    {
        const std::string hash = m_layout.seedHash();
        auto one = [](const redis::Reply& r) { return r.is(1); };
        pipelined(
            held,
            [&](long long i) {
                const std::string path = Layout::held(i);
                const std::string seedKey = m_layout.seedKey(path);
                m_control->append({"DEL", seedKey});
                m_control->append({"HDEL", hash, seedKey});
                m_control->append({"DEL", m_layout.plainKey(path)});
                return 3;
            },
            one, "removing the seed's and the plain lock's keys");
    }

    CellResult runCell(const ContenderInfo& contender, int connections, long long held, int rep)
    {
        struct PerThread {
            std::vector<float> latencies;
            std::uint64_t ok = 0;
            std::uint64_t errors = 0;
            std::string firstError;
        };
        std::vector<PerThread> per(static_cast<std::size_t>(connections));
        std::atomic<bool> stop{false};
        std::latch ready(connections + 1);
        m_control->text({"CONFIG", "RESETSTAT"});

        std::vector<std::thread> threads;
        threads.reserve(static_cast<std::size_t>(connections));
        for (int t = 0; t < connections; ++t) {
            threads.emplace_back([&, t] {
                if (m_pin)
                    pinCurrentThread(kClientCpu);
                PerThread& me = per[static_cast<std::size_t>(t)];
                Slot& slot = *m_slots[static_cast<std::size_t>(t)];
                me.latencies.reserve(1 << 16);
                std::string error;
                ready.arrive_and_wait();
                while (!stop.load(std::memory_order_relaxed)) {
                    const auto a = Clock::now();
                    const bool ok = slot.run(contender.id, error);
                    const auto b = Clock::now();
                    if (ok) {
                        ++me.ok;
                        me.latencies.push_back(std::chrono::duration<float, std::micro>(b - a).count());
                    } else {
                        ++me.errors;
                        if (me.firstError.empty())
                            me.firstError = error;
                        if (me.errors >= 1000)
                            break;
                    }
                }
            });
        }
        ready.arrive_and_wait();
        const auto t0 = Clock::now();
        std::this_thread::sleep_for(m_options.duration);
        stop = true;
        for (auto& t : threads)
            t.join();
        const auto t1 = Clock::now();

        CellResult r;
        r.contender = contender.key;
        r.held = held;
        r.connections = connections;
        r.rep = rep;
        r.seconds = seconds(t1 - t0);
        std::vector<float> all;
        for (auto& p : per) {
            r.ops += p.ok;
            r.errors += p.errors;
            if (r.firstError.empty())
                r.firstError = p.firstError;
            all.insert(all.end(), p.latencies.begin(), p.latencies.end());
        }
        r.opsPerSec = r.seconds > 0 ? static_cast<double>(r.ops) / r.seconds : 0;
        if (!all.empty()) {
            auto at = [&all](double q) {
                const auto k = static_cast<std::size_t>(q * static_cast<double>(all.size() - 1));
                std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k), all.end());
                return static_cast<double>(all[k]);
            };
            r.p50Us = at(0.50);
            r.p99Us = at(0.99);
        }
        const auto info = infoSection(*m_control, "commandstats");
        std::uint64_t usec = 0;
        for (const char* command : contender.serverCommands) {
            const CommandStat s = commandStat(info, command);
            r.serverCalls += s.calls;
            usec += s.usec;
        }
        r.expectedCalls = (r.ops + r.errors) * static_cast<std::uint64_t>(contender.callsPerOp);
        if (r.serverCalls > 0)
            r.serverUsPerOp = static_cast<double>(usec) * contender.callsPerOp
                              / static_cast<double>(r.serverCalls);

        m_progress << "  N=" << held << " c=" << connections << " rep " << rep + 1 << "  " << contender.key
                   << ": " << static_cast<long long>(r.opsPerSec) << " " << contender.unit << "s/s, p50 "
                   << static_cast<long long>(r.p50Us) << " us, p99 " << static_cast<long long>(r.p99Us)
                   << " us, server " << r.serverUsPerOp << " us/" << contender.unit;
        if (r.errors)
            m_progress << ", " << r.errors << " ERRORS (" << r.firstError << ")";
        m_progress << "\n";
        return r;
    }

    const BenchOptions& m_options;
    std::ostream& m_progress;
    BenchResults m_results;
    Layout m_layout;
    bool m_pin = false;
    std::string m_url;
    redis::KeySchema m_keys = m_layout.keys();
    redis::KeySchema m_emptyKeys = m_layout.emptyKeys();
    std::unique_ptr<RedisServerProcess> m_server; // Owned; stopped last.
    std::unique_ptr<redis::RawConnection> m_control; // Owned.
    ScriptShas m_shas;
    std::vector<std::unique_ptr<Slot>> m_slots;  // Owned.
    std::vector<const ContenderInfo*> m_contenders;
};

} // namespace

BenchResults runBench(const BenchOptions& options, const std::string& commandLine, std::ostream& progress)
{
    Runner runner(options, commandLine, progress);
    return runner.run();
}

} // namespace treelock::bench
