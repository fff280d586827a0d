#include "scriptcompare.h"

#include "benchrunner.h"
#include "redisclient.h"
#include "redisprocess.h"
#include "report.h"

#include "treelock/redisengine.h"

#include <hiredis/hiredis.h>

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

/// One version of the scripts, loaded, with its own project.
struct Version {
    std::string dir;
    std::string acquireSha;
    std::string releaseSha;
    std::string prefix;                  ///< tl:{treelock-compare-<i>}:
    std::vector<double> usPerPair;       ///< one per round
};

class Comparison {
public:
    Comparison(const BenchOptions& options, RedisClient& client)
        : m_options(options), m_client(client)
    {
        std::random_device rd;
        m_idPrefix = (static_cast<unsigned long long>(rd()) << 32) ^ rd();
    }

    Version load(const std::string& dir, int index)
    {
        const std::string common = readScript(dir, "common");
        Version v;
        v.dir = dir;
        v.acquireSha = loadScript(common + "\n" + readScript(dir, "acquire"), dir + "/acquire.lua");
        v.releaseSha = loadScript(common + "\n" + readScript(dir, "release"), dir + "/release.lua");
        v.prefix = "tl:{treelock-compare-" + std::to_string(index) + "}:";
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
                append(v, true, nextId(),
                       "/t0/h" + std::to_string(i % 100) + "/g" + std::to_string(i / 100), "86400000");
            for (long long i = first; i < last; ++i)
                expectGranted(m_client.readReply(), v, "populating");
        }
    }

    /// `pairs` acquire + release pairs; returns server µs per pair.
    double measure(Version& v)
    {
        m_client.status({"CONFIG", "RESETSTAT"});
        for (int i = 0; i < m_options.comparePairs; ++i) {
            const std::string id = nextId();
            append(v, true, id, measuredPath(), "30000");
            expectGranted(m_client.readReply(), v, "acquire");
            append(v, false, id, "", "");
            Reply released = m_client.readReply();
            if (!released || released->type != REDIS_REPLY_ARRAY || released->elements < 2
                || released->element[0]->integer != 1 || released->element[1]->integer != 0)
                throw std::runtime_error(v.dir + "/release.lua did not answer {1, 0} (released): \""
                                         + replyText(released.get()) + "\"");
        }
        const CommandStat s = commandStat(infoSection(m_client, "commandstats"), "evalsha");
        const auto expected = static_cast<std::uint64_t>(2 * m_options.comparePairs);
        if (s.calls != expected)
            throw std::runtime_error("INFO commandstats counted " + std::to_string(s.calls)
                                     + " EVALSHA calls, " + std::to_string(expected) + " were made");
        return static_cast<double>(s.usec) / m_options.comparePairs;
    }

    /// Removes every key of the versions' projects (they are the comparison's own).
    void cleanUp(const std::vector<Version>& versions)
    {
        for (const auto& v : versions) {
            std::string cursor = "0";
            do {
                Reply r = m_client.command({"SCAN", cursor, "MATCH", v.prefix + "*", "COUNT", "1000"});
                if (!r || r->type != REDIS_REPLY_ARRAY || r->elements != 2)
                    throw std::runtime_error("SCAN failed while cleaning up: " + replyText(r.get()));
                cursor = replyText(r->element[0]);
                for (std::size_t i = 0; i < r->element[1]->elements; ++i)
                    m_client.command({"DEL", replyText(r->element[1]->element[i])});
            } while (cursor != "0");
        }
    }

private:
    std::string loadScript(const std::string& body, const std::string& what)
    {
        Reply r = m_client.command({"SCRIPT", "LOAD", body});
        if (!r || r->type != REDIS_REPLY_STRING)
            throw std::runtime_error("--compare-scripts: Redis refused " + what + ": " + replyText(r.get()));
        return replyText(r.get());
    }

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

    // Acquire (X on `path` for `ttl` ms) or release of lease `id`.
    void append(const Version& v, bool acquire, const std::string& id, const std::string& path,
                const std::string& ttl)
    {
        auto call = treelockScriptCall(acquire ? v.acquireSha : v.releaseSha, v.prefix, id);
        if (acquire)
            call.insert(call.end(), {"compare", "pair", ttl, "16", "1", "X", path});
        m_client.append({call.begin(), call.end()});
    }

    static void expectGranted(const Reply& r, const Version& v, const char* what)
    {
        if (!r || r->type != REDIS_REPLY_ARRAY || r->elements < 1 || r->element[0]->integer != 1)
            throw std::runtime_error(v.dir + "/acquire.lua did not grant (" + what + "): \""
                                     + replyText(r.get()) + (r && r->type == REDIS_REPLY_ARRAY && r->elements > 1
                                                                ? replyText(r->element[1])
                                                                : std::string())
                                     + "\"");
    }

    const BenchOptions& m_options;
    RedisClient& m_client;
    unsigned long long m_idPrefix = 0;
    unsigned long long m_counter = 0;
    unsigned long long m_pathCounter = 0;
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
    std::unique_ptr<RedisProcess> server; // Owned; stopped last.
    if (url.empty())
        server = startPrivateServer(options, pin, url);
    RedisClient client(url);
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
    // Warm-up: scripts compiled, hashes and stream created.
    for (auto& v : versions)
        (void)comparison.measure(v);
    for (int round = 0; round < options.compareRounds; ++round) {
        for (auto& v : versions) {
            v.usPerPair.push_back(comparison.measure(v));
            progress << "  round " << round + 1 << "  " << v.dir << ": "
                     << fixed(v.usPerPair.back(), 1) << " us/pair\n";
        }
    }
    comparison.cleanUp(versions);

    out << "treelock-bench --compare-scripts: Redis server time per acquire + release pair (INFO "
           "commandstats), X on a fresh path of depth "
        << options.compareDepth << ", " << held << " other leases held in each version's project, "
        << options.compareRounds << " rounds x " << options.comparePairs
        << " pairs, versions interleaved in every round; "
        << (server ? (pin ? "private redis-server on CPU 0, client on CPU 1" : "private redis-server, not pinned")
                   : "server " + RedisAddress::parse(url).redacted())
        << "\n\n";
    std::size_t width = 7;
    for (const auto& v : versions)
        width = std::max(width, v.dir.size());
    out << std::left << std::setw(static_cast<int>(width)) << "version" << std::right << std::setw(10)
        << "us/pair" << std::setw(18) << "(min–max)" << "   / first version\n";
    for (const auto& v : versions) {
        const Spread s = Spread::of(v.usPerPair);
        std::vector<double> ratios;
        for (std::size_t r = 0; r < v.usPerPair.size(); ++r)
            ratios.push_back(v.usPerPair[r] / versions.front().usPerPair[r]);
        const Spread q = Spread::of(ratios);
        out << std::left << std::setw(static_cast<int>(width)) << v.dir << std::right << std::setw(10)
            << fixed(s.median, 1) << std::setw(18) << ("(" + fixed(s.min, 1) + "–" + fixed(s.max, 1) + ")")
            << "   " << fixed(q.median, 2) << " [" << fixed(q.min, 2) << "–" << fixed(q.max, 2) << "]\n";
    }
    return 0;
}

} // namespace treelock::bench
