// tl_worker: one client process of the fault tests. Runs operations through
// LockClient against a Redis URL and writes what it saw to a file, one line each:
//   I <interval>      a held lease (treelock::formatInterval), CLOCK_MONOTONIC ns
//   P <lease> <fence> a pinned lease (--pin), held until the process ends
//   E <ns> <what>     an error (connection, script): outcome unknown, not granted
//   B <ns>            first answered call after errors
//   S key=value ...   summary at the end (with a Redis Cluster's moved=, ask=, tryagain=)
// Options: --url (any RedisOptions URL, Sentinel and Cluster too), --project NAME, --min-replicas N, --failover-ms MS.
// Modes:
//   contention  --ops N (or for --duration-ms) random operations on a depth-4 tree (S, X, IS, IX, SIX and
//               policy operations), each lease held for a random 0..--hold-us µs
//   pause       acquire X /pause, write with its fence to --store, print "held F",
//               wait for a line on stdin, then renew, release and write again with
//               the old fence; print what each answered
//   wrongid     --ops N release / renew / force attempts with ids that must never work
//               (fresh random ids, ids from --ids FILE, live ids of --ids with one digit changed)
#include "fencedstore.h"

#include <treelock/error.h>
#include <treelock/history.h>
#include <treelock/lockclient.h>
#include <treelock/redisengine.h>

#include <time.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <thread>

using namespace treelock;
using namespace std::chrono;

namespace {

std::int64_t monoNs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

struct Args {
    std::map<std::string, std::string> values;
    std::string get(const std::string& key, const std::string& fallback = {}) const
    {
        const auto it = values.find(key);
        return it == values.end() ? fallback : it->second;
    }
    long long num(const std::string& key, long long fallback) const
    {
        const auto it = values.find(key);
        return it == values.end() ? fallback : std::stoll(it->second);
    }
};

std::vector<std::string> treeNodes()
{
    std::vector<std::string> nodes;
    std::vector<std::string> level{""};
    for (int depth = 0; depth < 4; ++depth) {
        std::vector<std::string> next;
        for (const auto& p : level)
            for (const char* name : {"a", "b"})
                next.push_back(p + "/" + name);
        nodes.insert(nodes.end(), next.begin(), next.end());
        level = next;
    }
    return nodes; // 30 nodes, depth 1..4
}

class Worker {
public:
    explicit Worker(const Args& args)
        : m_args(args), m_id(args.get("--id", "w")), m_rng(static_cast<unsigned>(args.num("--seed", 1)))
    {
        m_out = std::fopen(args.get("--out", "/dev/null").c_str(), "a");
        if (!m_out)
            throw std::runtime_error("cannot open --out");
        std::setvbuf(m_out, nullptr, _IOLBF, 1 << 16);
        RedisOptions options;
        options.url = args.get("--url");
        options.commandTimeout = milliseconds(args.num("--timeout-ms", 5000));
        options.connectTimeout = milliseconds(std::min<long long>(args.num("--timeout-ms", 2000), 2000));
        options.user = args.get("--user");
        options.password = args.get("--password");
        options.minReplicas = static_cast<int>(args.num("--min-replicas", 0));
        options.failoverTimeout = milliseconds(args.num("--failover-ms", 15000));
        m_engine = std::make_shared<RedisEngine>(options, args.get("--project", "fault"));
        ClientOptions client;
        client.owner = m_id;
        client.ttl = milliseconds(args.num("--ttl", 5000));
        m_client = std::make_unique<LockClient>(m_engine, client);
    }
    ~Worker() { std::fclose(m_out); }

    int contention()
    {
        std::optional<Lease> pinned;
        if (m_args.num("--pin", 0)) {
            auto got = m_client->acquire({{"/own/" + m_id, LockMode::X}}, "pin", seconds(5));
            if (!got)
                throw std::runtime_error("cannot pin /own/" + m_id);
            std::fprintf(m_out, "P %s %llu\n", got.lease.id().c_str(),
                         static_cast<unsigned long long>(got.lease.fence()));
            pinned.emplace(std::move(got.lease));
        }
        const auto nodes = treeNodes();
        const Policy policy = Policy::builtin("fine");
        const long long ops = m_args.num("--ops", 100);
        const long long holdUs = m_args.num("--hold-us", 500);
        const milliseconds wait(m_args.num("--wait-ms", 5000));
        const long long durationMs = m_args.num("--duration-ms", 0);
        const auto until = steady_clock::now() + milliseconds(durationMs);
        std::map<std::string, long long> count;
        for (long long i = 0; i < ops && (durationMs == 0 || steady_clock::now() < until); ++i) {
            try {
                AcquireOutcome got;
                const int kind = static_cast<int>(m_rng() % 100);
                if (kind < 15) {
                    got = policyOperation(nodes, policy, wait);
                } else {
                    std::vector<LockRequest> requests{randomRequest(nodes)};
                    if (m_rng() % 5 == 0)
                        requests.push_back(randomRequest(nodes));
                    got = m_client->acquire(requests, "random", wait);
                }
                answered();
                if (!got) {
                    ++count[got.timedOut ? "timeout" : "refused"];
                    continue;
                }
                ++count["granted"];
                HeldInterval h;
                h.client = m_id;
                h.acquiredNs = monoNs();
                h.lease = got.lease.id();
                h.fence = got.lease.fence();
                h.requests = got.lease.requests();
                if (holdUs > 0)
                    std::this_thread::sleep_for(microseconds(m_rng() % (holdUs + 1)));
                h.releasedNs = monoNs();
                const bool lostBefore = got.lease.lost();
                try {
                    const auto r = got.lease.release();
                    // Gone: the release was sent again after its answer was lost, and had freed it.
                    h.lost = lostBefore || (r.status != LeaseStatus::Ok && r.status != LeaseStatus::Gone);
                } catch (const Error& e) {
                    h.lost = true; // the release's outcome is unknown: so is whether we still held it
                    error(e.what());
                }
                count["lost"] += h.lost;
                std::fprintf(m_out, "I %s\n", formatInterval(h).c_str());
            } catch (const InvalidInput&) {
                ++count["invalid"]; // a policy operation that makes no sense on this tree
            } catch (const Error& e) {
                ++count["errors"];
                error(e.what());
                std::this_thread::sleep_for(milliseconds(10));
            }
        }
        const ClusterRedirects redirects = m_engine->redirects();
        count["moved"] = static_cast<long long>(redirects.moved);
        count["ask"] = static_cast<long long>(redirects.ask);
        count["tryagain"] = static_cast<long long>(redirects.tryAgain);
        std::fprintf(m_out, "S");
        for (const auto& [k, v] : count)
            std::fprintf(m_out, " %s=%lld", k.c_str(), v);
        std::fprintf(m_out, "\n");
        return 0;
    }

    int pause()
    {
        test::FencedStore store(m_args.get("--store"));
        auto got = m_client->acquire({{"/pause", LockMode::X}}, "pause", seconds(5));
        if (!got)
            throw std::runtime_error("cannot acquire /pause");
        const LeaseId id = got.lease.id();
        const auto fence = got.lease.fence();
        const bool firstWrite = store.write(fence);
        std::cout << "held " << fence << " " << (firstWrite ? "accepted" : "rejected") << std::endl;
        std::string line;
        std::getline(std::cin, line);
        const RenewResult renewed = m_engine->renew(id, std::nullopt);
        const ReleaseResult released = m_engine->release(id);
        const bool written = store.write(fence);
        const ReleaseResult guard = got.lease.release();
        std::cout << "renew=" << toString(renewed.status) << " release=" << toString(released.status)
                  << " guard=" << toString(guard.status) << " write=" << (written ? "accepted" : "rejected")
                  << std::endl;
        return 0;
    }

    int wrongIds()
    {
        std::vector<LeaseId> known, live;
        std::ifstream in(m_args.get("--ids"));
        for (std::string kind, id; in >> kind >> id;)
            (kind == "live" ? live : known).push_back(id);
        const long long ops = m_args.num("--ops", 1000);
        long long success = 0, answered = 0;
        for (long long i = 0; i < ops; ++i) {
            LeaseId id;
            const auto source = m_rng() % 3;
            if (source == 0 || (known.empty() && live.empty())) {
                id = newLeaseId();
            } else if (source == 1 && !known.empty()) {
                id = known[m_rng() % known.size()];
            } else {
                id = live.empty() ? newLeaseId() : live[m_rng() % live.size()];
                auto& digit = id[m_rng() % id.size()];
                digit = digit == 'f' ? '0' : (digit == '9' ? 'a' : static_cast<char>(digit + 1));
            }
            LeaseStatus status = LeaseStatus::Unknown;
            switch (i % 3) {
            case 0: status = m_engine->release(id).status; break;
            case 1: status = m_engine->renew(id, std::nullopt).status; break;
            default:
                status = m_engine->forceRelease(id, {"tester", "host", "wrong id", m_rng() % 2 == 0, milliseconds(0)})
                             .status;
            }
            ++answered;
            success += status == LeaseStatus::Ok;
        }
        std::fprintf(m_out, "S attempts=%lld success=%lld\n", answered, success);
        return 0;
    }

private:
    LockRequest randomRequest(const std::vector<std::string>& nodes)
    {
        static constexpr LockMode kModes[] = {LockMode::S, LockMode::S, LockMode::S, LockMode::S,
                                              LockMode::X, LockMode::X, LockMode::X, LockMode::IS,
                                              LockMode::IX, LockMode::IX, LockMode::SIX};
        return {nodes[m_rng() % nodes.size()], kModes[m_rng() % std::size(kModes)]};
    }

    AcquireOutcome policyOperation(const std::vector<std::string>& nodes, const Policy& policy,
                                   milliseconds wait)
    {
        const auto& a = nodes[m_rng() % nodes.size()];
        const auto& b = nodes[m_rng() % nodes.size()];
        switch (m_rng() % 5) {
        case 0: return m_client->acquire(OperationCall{Operation::MoveFolder, {a, b}}, policy, wait);
        case 1: return m_client->acquire(OperationCall{Operation::CopyFolder, {a, b}}, policy, wait);
        case 2: return m_client->acquire(OperationCall{Operation::RenameFile, {a, "n"}}, policy, wait);
        case 3: return m_client->acquire(OperationCall{Operation::Create, {a, "n"}}, policy, wait);
        default: return m_client->acquire(OperationCall{Operation::DeleteFolder, {a}}, policy, wait);
        }
    }

    void error(const std::string& what)
    {
        m_inError = true;
        std::string line = what;
        for (char& c : line)
            if (c == '\n')
                c = ' ';
        std::fprintf(m_out, "E %lld %s\n", static_cast<long long>(monoNs()), line.c_str());
    }

    void answered()
    {
        if (m_inError)
            std::fprintf(m_out, "B %lld\n", static_cast<long long>(monoNs()));
        m_inError = false;
    }

    const Args& m_args;
    std::string m_id;
    std::mt19937 m_rng;
    std::FILE* m_out = nullptr; // Owned.
    std::shared_ptr<RedisEngine> m_engine;
    std::unique_ptr<LockClient> m_client;
    bool m_inError = false;
};

} // namespace

int main(int argc, char** argv)
{
    Args args;
    std::string mode = argc > 1 ? argv[1] : "";
    for (int i = 2; i + 1 < argc; i += 2)
        args.values[argv[i]] = argv[i + 1];
    try {
        Worker worker(args);
        if (mode == "contention")
            return worker.contention();
        if (mode == "pause")
            return worker.pause();
        if (mode == "wrongid")
            return worker.wrongIds();
        std::cerr << "tl_worker: unknown mode \"" << mode << "\"\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "tl_worker " << args.get("--id") << ": " << e.what() << "\n";
        return 1;
    }
}
