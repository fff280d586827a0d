#include "scriptcompare.h"

#include "benchrunner.h"
#include "floor.h"
#include "report.h"
#include "serverinfo.h"

#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"

#include <cstdio>
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <memory>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace treelock::bench {

namespace {

std::string readScript(const std::string& dir, const char* name)
{
    const std::string path = dir + "/" + name + ".lua";
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error("--compare-scripts: cannot read " + path
                                 + " (each folder needs common.lua, acquire.lua and release.lua)");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// One version of the functions, loaded, with its own project.
struct Version {
    std::string dir;
    redis::Library library;
    redis::KeySchema keys{""};           ///< of project treelock-compare-<i>
    std::vector<double> usPerPair;       ///< one per round
};

class Comparison {
public:
    Comparison(const BenchOptions& options, redis::RawConnection& client)
        : m_options(options), m_client(client)
    {
        std::random_device rd;
        m_idPrefix = (static_cast<unsigned long long>(rd()) << 32) ^ rd();
    }

    Version load(const std::string& dir, int index)
    {
        // The prologue: common.lua, and the files it was split into where they exist
        // (versions before the split have common.lua alone).
        std::string common = readScript(dir, "common");
        for (const std::string_view part : redis::prologueFiles().subspan(1)) {
            const std::string path = dir + "/" + std::string(part) + ".lua";
            if (std::ifstream(path))
                common += readScript(dir, std::string(part).c_str());
        }
        // The calls below follow today's KEYS/ARGV layout; versions from before the
        // state hash take another and would measure nonsense.
        if (common.find("tl:{p}:state") == std::string::npos)
            throw std::runtime_error("--compare-scripts: " + dir
                                     + "/common.lua takes another KEYS/ARGV layout (no state hash): "
                                       "only versions of today's layout can be compared");
        Version v;
        v.dir = dir;
        v.library = redis::composeLibrary(common, {{redis::Script::Acquire, readScript(dir, "acquire")},
                                                  {redis::Script::Release, readScript(dir, "release")}});
        try {
            m_client.load(v.library);
        } catch (const std::exception& e) {
            throw std::runtime_error("--compare-scripts: Redis refused the functions of " + dir + ": " + e.what());
        }
        v.keys = redis::KeySchema("treelock-compare-" + std::to_string(index));
        return v;
    }

    /// `count` leases on distinct depth-3 paths /t0/h<a>/g<b>, pipelined in batches: they share
    /// the measured paths' ancestors / and /t0 (real counts there) and never block them.
    void populate(const Version& v, long long count)
    {
        constexpr long long kBatch = 1000;
        for (long long first = 0; first < count; first += kBatch) {
            const long long last = std::min(count, first + kBatch);
            for (long long i = first; i < last; ++i)
                append(v, true, nextId(), "/t0/h" + std::to_string(i % 100) + "/g" + std::to_string(i / 100),
                       std::chrono::hours(24));
            for (long long i = first; i < last; ++i)
                expectGranted(m_client.readReply(), v, "populating");
        }
    }

    /// `pairs` acquire + release pairs; returns server µs per pair.
    double measure(Version& v)
    {
        m_client.text({"CONFIG", "RESETSTAT"});
        for (int i = 0; i < m_options.comparePairs; ++i) {
            const std::string id = nextId();
            append(v, true, id, measuredPath(), std::chrono::seconds(30));
            expectGranted(m_client.readReply(), v, "acquire");
            append(v, false, id, "", {});
            expectReleased(m_client.readReply(), v);
        }
        return serverUsPerPair();
    }

    /// As measure(), with the pairs sent without waiting for their answers: every
    /// acquire followed by its release, the replies read after the last one.
    double measurePipelined(Version& v)
    {
        m_client.command({"CONFIG", "RESETSTAT"});
        for (int i = 0; i < m_options.comparePairs; ++i) {
            const std::string id = nextId();
            append(v, true, id, measuredPath(), std::chrono::seconds(30));
            append(v, false, id, "", {});
        }
        for (int i = 0; i < m_options.comparePairs; ++i) {
            expectGranted(m_client.readReply(), v, "acquire");
            expectReleased(m_client.readReply(), v);
        }
        return serverUsPerPair();
    }

    /// Records the floor of a pair in `v`'s project as it is now (floor.h) and loads it.
    void recordFloorOf(const Version& v, const std::string& url)
    {
        m_floor = recordFloor(url, v.keys.project(), {measuredPath()}, {"compare"});
        loadFloor(m_client, m_floor, v.keys.project(), m_client.integer({"HLEN", v.keys.state()}),
                  m_client.integer({"ZCARD", v.keys.expiry()}));
    }

    /// Pipelined pairs of the floor: server µs per pair.
    double measureFloor()
    {
        const FloorPair& floor = m_floor.at(0);
        m_client.command({"CONFIG", "RESETSTAT"});
        for (int i = 0; i < m_options.comparePairs; ++i) {
            m_client.append(floor.acquireCall);
            m_client.append(floor.releaseCall);
        }
        for (int i = 0; i < 2 * m_options.comparePairs; ++i)
            if (const redis::Reply r = m_client.readReply(); !r.isArray() || r.size() < 2 || r[0].integer != 1)
                throw std::runtime_error("the floor answered \"" + r.describe() + "\"");
        return serverUsPerPair();
    }

    /// Removes the floor's keys and functions.
    void cleanUpFloor(const Version& v)
    {
        const redis::KeySchema keys = floorKeys(v.keys.project());
        m_client.command({"DEL", keys.state(), keys.expiry(), keys.events()});
        m_client.command({"FUNCTION", "DELETE", "treelock_floor"});
    }

    /// Removes every key of the versions' projects (they are the comparison's own).
    void cleanUp(const std::vector<Version>& versions)
    {
        for (const auto& v : versions) {
            const std::string pattern = v.keys.pattern();
            std::string cursor = "0";
            do {
                const redis::Reply r = m_client.command({"SCAN", cursor, "MATCH", pattern, "COUNT", "1000"});
                if (!r.isArray() || r.size() != 2)
                    throw std::runtime_error("SCAN failed while cleaning up: " + r.describe());
                cursor = r[0].text;
                for (const redis::Reply& key : r[1].elements)
                    m_client.command({"DEL", key.text});
            } while (cursor != "0");
        }
    }

private:
    std::string nextId()
    {
        char id[33];
        std::snprintf(id, sizeof id, "%016llx%016llx", m_idPrefix, ++m_counter);
        return id;
    }

    /// /t0/w<n>[/l<k>...]/m: `depth` segments, a fresh folder every time.
    std::string measuredPath()
    {
        std::string path = "/t0/w" + std::to_string(++m_pathCounter);
        for (int d = 3; d < m_options.compareDepth; ++d)
            path += "/l" + std::to_string(d);
        return path + "/m";
    }

    // Acquire (X on `path` for `ttl`) or release of lease `id`, as RedisEngine calls them.
    void append(const Version& v, bool acquire, const std::string& id, const std::string& path,
                std::chrono::milliseconds ttl)
    {
        if (acquire)
            m_client.append(redis::acquireCall(v.keys, id, "compare", "pair", ttl, kReapBatch, {{path, LockMode::X}})
                                .fcall(v.library.function(redis::Script::Acquire)));
        else
            m_client.append(redis::releaseCall(v.keys, id).fcall(v.library.function(redis::Script::Release)));
    }

    double serverUsPerPair()
    {
        const CommandStat s = commandStat(infoSection(m_client, "commandstats"), "fcall");
        const auto expected = static_cast<std::uint64_t>(2 * m_options.comparePairs);
        if (s.calls != expected)
            throw std::runtime_error("INFO commandstats counted " + std::to_string(s.calls)
                                     + " FCALL calls, " + std::to_string(expected) + " were made");
        return static_cast<double>(s.usec) / m_options.comparePairs;
    }

    static void expectReleased(const redis::Reply& released, const Version& v)
    {
        if (!released.isArray() || released.size() < 2 || released[0].integer != 1 || released[1].integer != 0)
            throw std::runtime_error(v.dir + "/release.lua did not answer {1, 0} (released): \""
                                     + released.describe() + "\"");
    }

    static void expectGranted(const redis::Reply& r, const Version& v, const char* what)
    {
        if (!r.isArray() || r.size() < 1 || r[0].integer != 1)
            throw std::runtime_error(v.dir + "/acquire.lua did not grant (" + what + "): \"" + r.describe()
                                     + (r.isArray() && r.size() > 1 ? " " + r[1].describe() : std::string()) + "\"");
    }

    const BenchOptions& m_options;
    redis::RawConnection& m_client;
    unsigned long long m_idPrefix = 0;
    unsigned long long m_counter = 0;
    unsigned long long m_pathCounter = 0;
    std::vector<FloorPair> m_floor; ///< with --pipelined
};

std::string fixed(double value, int decimals)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

} // namespace

int runScriptComparison(const BenchOptions& options, std::ostream& out, std::ostream& progress)
{
    const bool pin = options.pin && cpuAllowed(kServerCpu) && cpuAllowed(kClientCpu)
                     && pinCurrentThread(kClientCpu);
    std::string url = options.redisUrl;
    std::unique_ptr<RedisServerProcess> server; // Owned; stopped last.
    if (url.empty())
        server = startPrivateServer(options, pin, url);
    redis::RawConnection client(url, std::chrono::milliseconds(3000), std::chrono::milliseconds(120000));
    Comparison comparison(options, client);
    std::vector<Version> versions;
    for (std::size_t i = 0; i < options.compareScripts.size(); ++i)
        versions.push_back(comparison.load(options.compareScripts[i], static_cast<int>(i)));
    const long long held = options.held.empty() ? 0 : options.held.front();
    for (auto& v : versions) {
        if (held > 0) {
            progress << "--compare-scripts: " << v.dir << ": populating " << held << " held leases\n";
            comparison.populate(v, held);
        }
    }
    const bool pipelined = options.comparePipelined;
    auto measure = [&](Version& v) { return pipelined ? comparison.measurePipelined(v) : comparison.measure(v); };
    // Warm-up: scripts compiled, hashes and stream created.
    for (auto& v : versions)
        (void)measure(v);
    std::vector<double> floorUs;
    if (pipelined) {
        comparison.recordFloorOf(versions.front(), url);
        (void)comparison.measureFloor();
    }
    for (int round = 0; round < options.compareRounds; ++round) {
        if (pipelined)
            floorUs.push_back(comparison.measureFloor());
        for (auto& v : versions) {
            v.usPerPair.push_back(measure(v));
            progress << "  round " << round + 1 << "  " << v.dir << ": "
                     << fixed(v.usPerPair.back(), 1) << " us/pair\n";
        }
    }
    comparison.cleanUp(versions);
    if (pipelined)
        comparison.cleanUpFloor(versions.front());

    out << "treelock-bench --compare-scripts: Redis server time per acquire + release pair (INFO "
           "commandstats), X on a fresh path of depth "
        << options.compareDepth << ", " << held << " other leases held in each version's project, "
        << options.compareRounds << " rounds x " << options.comparePairs
        << (pipelined ? " pairs sent without waiting (pipelined), with the floor of such a pair (its commands, no "
                        "logic) measured in every round too"
                      : " pairs")
        << ", versions interleaved in every round; "
        << (server ? (pin ? "private redis-server on CPU 0, client on CPU 1" : "private redis-server, not pinned")
                   : "server " + RedisAddress::parse(url).redacted())
        << "\n\n";
    std::size_t width = 7;
    for (const auto& v : versions)
        width = std::max(width, v.dir.size());
    out << std::left << std::setw(static_cast<int>(width)) << "version" << std::right << std::setw(10)
        << "us/pair" << std::setw(18) << "(min–max)" << "   / first version" << (pipelined ? "        / floor" : "")
        << "\n";
    // A ratio of two figures of the same round, as median [min–max] over the rounds.
    auto paired = [](const std::vector<double>& a, const std::vector<double>& b) {
        std::vector<double> ratios;
        for (std::size_t r = 0; r < a.size(); ++r)
            ratios.push_back(a[r] / b[r]);
        const Spread q = Spread::of(ratios);
        return fixed(q.median, 3) + " [" + fixed(q.min, 2) + "–" + fixed(q.max, 2) + "]";
    };
    auto row = [&](const std::string& name, const std::vector<double>& us, const std::string& ratios) {
        const Spread s = Spread::of(us);
        out << std::left << std::setw(static_cast<int>(width)) << name << std::right << std::setw(10)
            << fixed(s.median, 1) << std::setw(18) << ("(" + fixed(s.min, 1) + "–" + fixed(s.max, 1) + ")") << "   "
            << ratios << "\n";
    };
    if (pipelined)
        row("floor", floorUs, "");
    for (const auto& v : versions)
        row(v.dir, v.usPerPair,
            paired(v.usPerPair, versions.front().usPerPair) + (pipelined ? "   " + paired(v.usPerPair, floorUs) : ""));
    return 0;
}

} // namespace treelock::bench
