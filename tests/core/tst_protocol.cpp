// The protocol conformance suite (tests/protocol/*.json, format in its README) on the
// C++ library: every case on MemoryEngine and on RedisEngine against a real
// redis-server. The Python and Node clients run the same files with runners of their own.

#include "redisoptions.h"
#include "redisserver.h"
#include "tlsfiles.h"
#include "treelock/error.h"
#include "treelock/lockclient.h"
#include "treelock/memoryengine.h"
#include "treelock/policy.h"
#include "treelock/redisengine.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace treelock;
using json = nlohmann::json;
using std::chrono::milliseconds;

namespace {

std::filesystem::path protocolDir()
{
    const char* dir = std::getenv("TREELOCK_SOURCE_DIR");
    if (dir == nullptr)
        throw std::runtime_error("TREELOCK_SOURCE_DIR is not set (ctest sets it)");
    return std::filesystem::path(dir) / "tests" / "protocol";
}

struct Case {
    std::string file;
    std::string name;
    json steps;
};

std::vector<Case> loadCases()
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(protocolDir())) {
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<Case> cases;
    for (const auto& file : files) {
        std::ifstream in(file);
        const json document = json::parse(in);
        for (const json& c : document.at("cases"))
            cases.push_back({file.filename().string(), c.at("name").get<std::string>(), c.at("steps")});
    }
    return cases;
}

// ---- values: the README's long-input forms -------------------------------------------

std::string text(const json& value)
{
    if (value.is_object() && value.contains("repeat")) {
        std::string out;
        for (int i = 0; i < value.at("times").get<int>(); ++i)
            out += value.at("repeat").get<std::string>();
        return out;
    }
    return value.get<std::string>();
}

std::vector<LockRequest> requests(const json& value)
{
    std::vector<LockRequest> out;
    if (value.is_object()) {
        const LockMode mode = lockModeArgument(value.at("numbered").get<std::string>());
        for (int i = 1; i <= value.at("count").get<int>(); ++i)
            out.push_back({value.at("prefix").get<std::string>() + std::to_string(i), mode});
        return out;
    }
    for (const json& r : value)
        out.push_back({text(r.at(1)), lockModeArgument(r.at(0).get<std::string>())});
    return out;
}

json requestsJson(const std::vector<LockRequest>& list)
{
    json out = json::array();
    for (const LockRequest& r : list)
        out.push_back({std::string(toString(r.mode)), r.path});
    return out;
}

// ---- matching -------------------------------------------------------------------------

using Vars = std::map<std::string, json>;

std::optional<double> number(const json& value, const Vars& vars)
{
    if (value.is_number())
        return value.get<double>();
    if (value.is_string() && value.get<std::string>().starts_with("$")) {
        const auto it = vars.find(value.get<std::string>());
        if (it != vars.end() && it->second.is_number())
            return it->second.get<double>();
    }
    return std::nullopt;
}

/// Empty if `actual` matches `expected`, else why not (at `where`).
std::string match(const json& expected, const json& actual, Vars& vars, const std::string& where)
{
    const auto mismatch = [&] { return where + ": expected " + expected.dump() + ", got " + actual.dump(); };
    if (expected.is_string()) {
        const std::string e = expected.get<std::string>();
        if (e == "*")
            return {};
        if (e.starts_with("$")) {
            const auto [it, inserted] = vars.try_emplace(e, actual);
            return inserted || it->second == actual ? std::string() : where + ": " + e + " is " + it->second.dump()
                                                                         + ", got " + actual.dump();
        }
        return actual == expected ? std::string() : mismatch();
    }
    if (expected.is_object() && (expected.contains("between") || expected.contains("gt") || expected.contains("lt"))) {
        if (!actual.is_number())
            return mismatch();
        const double n = actual.get<double>();
        if (expected.contains("between")) {
            const json& range = expected.at("between");
            if (n < range.at(0).get<double>() || n > range.at(1).get<double>())
                return mismatch();
        }
        if (expected.contains("gt")) {
            const auto bound = number(expected.at("gt"), vars);
            if (!bound || !(n > *bound))
                return mismatch();
        }
        if (expected.contains("lt")) {
            const auto bound = number(expected.at("lt"), vars);
            if (!bound || !(n < *bound))
                return mismatch();
        }
        return {};
    }
    if (expected.is_object() && expected.contains("prefix") && expected.contains("suffix") && expected.size() == 2) {
        if (!actual.is_string())
            return mismatch();
        const std::string a = actual.get<std::string>();
        return a.starts_with(expected.at("prefix").get<std::string>())
                       && a.ends_with(expected.at("suffix").get<std::string>())
                   ? std::string()
                   : mismatch();
    }
    if (expected.is_object()) {
        if (!actual.is_object())
            return mismatch();
        for (const auto& [key, value] : expected.items()) {
            if (!actual.contains(key))
                return where + ": no \"" + key + "\" in " + actual.dump();
            if (std::string why = match(value, actual.at(key), vars, where + "." + key); !why.empty())
                return why;
        }
        return {};
    }
    if (expected.is_array()) {
        if (!actual.is_array() || actual.size() != expected.size())
            return mismatch();
        for (std::size_t i = 0; i < expected.size(); ++i) {
            if (std::string why = match(expected[i], actual[i], vars, where + "[" + std::to_string(i) + "]");
                !why.empty())
                return why;
        }
        return {};
    }
    return actual == expected ? std::string() : mismatch();
}

// ---- engines ----------------------------------------------------------------------------

/// RedisTls: a server that speaks only TLS and wants a client certificate.
enum class Kind { Memory, Redis, RedisTls };

/// One case's clients: each named client gets an engine of its own on the case's
/// project (with MemoryEngine, all share the one in-process engine).
class Clients {
public:
    Clients(Kind kind, std::string project) : m_kind(kind), m_project(std::move(project)) {}

    std::shared_ptr<Engine> operator[](const std::string& name)
    {
        std::lock_guard lock(m_mutex);
        auto& engine = m_engines[name];
        if (!engine) {
            if (m_kind == Kind::Memory) {
                if (!m_memory)
                    m_memory = std::make_shared<MemoryEngine>(m_project);
                engine = m_memory;
            } else if (m_kind == Kind::Redis) {
                engine = std::make_shared<RedisEngine>(test::redisOptionsFor(server()), m_project);
            } else {
                engine = std::make_shared<RedisEngine>(tlsOptions(), m_project);
            }
        }
        return engine;
    }

    static test::RedisServer& server()
    {
        static test::RedisServer instance;
        return instance;
    }

    /// Mutual TLS to a server of its own, over TCP.
    static RedisOptions tlsOptions()
    {
        static test::RedisServer instance({.tcp = true, .tls = test::TlsFiles::get().server(/*authClients=*/true)});
        RedisOptions options;
        options.url = instance.tcpUrl();
        options.tls = test::TlsFiles::get().client();
        return options;
    }

private:
    Kind m_kind;
    std::string m_project;
    std::mutex m_mutex;
    std::shared_ptr<MemoryEngine> m_memory;
    std::map<std::string, std::shared_ptr<Engine>> m_engines;
};

json blockerJson(const Blocker& b)
{
    return {{"lease", b.lease},
            {"owner", b.owner},
            {"op", b.operation},
            {"path", b.path},
            {"mode", b.lease.empty() && b.path.empty() ? std::string() : std::string(toString(b.mode))},
            {"expires_in_ms", b.expiresIn.count()},
            {"clash_path", b.clashPath},
            {"held_mode", std::string(toString(b.heldMode))},
            {"wanted", {std::string(toString(b.wanted.mode)), b.wanted.path}},
            {"queued", b.queued}};
}

/// Runs one step's verb and gives its answer as the README names it. `ids` maps the
/// case's lease names to ids (read here, written by the caller on a grant).
class Runner {
public:
    Runner(Clients& clients, const std::map<std::string, LeaseId>& ids) : m_clients(clients), m_ids(ids) {}

    json run(const std::string& client, const std::string& verb, const json& args)
    {
        try {
            if (verb == "acquire" || verb == "operation")
                return acquire(client, verb, args);
            Engine& engine = *m_clients[client];
            if (verb == "release") {
                const ReleaseResult r = engine.release(leaseArg(args));
                return {{"status", std::string(toString(r.status))}, {"remaining_holds", r.remainingHolds}};
            }
            if (verb == "renew") {
                std::optional<milliseconds> ttl;
                if (args.contains("ttl_ms"))
                    ttl = milliseconds(args.at("ttl_ms").get<long long>());
                const RenewResult r = engine.renew(leaseArg(args), ttl);
                json answer{{"status", std::string(toString(r.status))}};
                if (r.status == LeaseStatus::Ok)
                    answer["expires_in_ms"] = (r.expiresAt - engine.now()).count();
                return answer;
            }
            if (verb == "force_release") {
                ForceOptions options;
                options.operatorName = text(args.at("operator"));
                options.reason = text(args.at("reason"));
                options.host = args.contains("host") ? text(args.at("host")) : std::string();
                options.admin = args.value("admin", false);
                options.lockDelay = milliseconds(args.value("lock_delay_ms", 0LL));
                return {{"status", std::string(toString(engine.forceRelease(leaseArg(args), options).status))}};
            }
            if (verb == "leases")
                return leases(engine);
        } catch (const InvalidInput& error) {
            return {{"error", error.what()}};
        }
        throw std::runtime_error("unknown verb " + verb);
    }

private:
    LeaseId leaseArg(const json& args) const
    {
        const std::string name = text(args.at("lease"));
        const auto it = m_ids.find(name);
        return it != m_ids.end() ? it->second : name;
    }

    json acquire(const std::string& client, const std::string& verb, const json& args)
    {
        const std::shared_ptr<Engine> engine = m_clients[client];
        std::vector<LockRequest> wanted;
        std::string operation = args.contains("op") ? text(args.at("op")) : std::string("lock");
        std::optional<OperationCall> call;
        if (verb == "operation") {
            const std::string name = args.at("operation").get<std::string>();
            const std::optional<Operation> op = parseOperation(name);
            if (!op)
                throw std::runtime_error("unknown operation " + name + " in a case");
            call = OperationCall{*op, args.at("paths").get<std::vector<std::string>>()};
            operation = name;
        } else {
            wanted = requests(args.at("requests"));
        }
        const std::string owner = args.contains("owner") ? text(args.at("owner")) : std::string("anonymous");
        const milliseconds ttl(args.value("ttl_ms", 30000LL));
        const milliseconds wait(args.value("wait_ms", 0LL));
        if (call)
            wanted = Policy::builtin(args.value("profile", std::string("seed"))).plan(*call, engine->pathOptions());

        std::vector<LeaseId> holding;
        for (const json& held : args.value("holding", json::array()))
            holding.push_back(leaseArg(json{{"lease", held}}));
        if (wait.count() == 0) {
            AcquireOptions options;
            options.owner = owner;
            options.operation = operation;
            options.ttl = ttl;
            options.holding = holding;
            if (args.contains("as"))
                options.leaseId = leaseArg(json{{"lease", args.at("as")}});
            if (args.contains("call"))
                options.callId = text(args.at("call"));
            options.renewEvery = milliseconds(args.value("renew_every_ms", 0LL));
            const AcquireResult r = engine->acquire(wanted, options);
            if (!r.granted)
                return {{"refused", blockerJson(*r.blocker)}};
            return granted(r.grant.lease, r.grant.fence, r.grant.holds, r.grant.expiresAt, *engine);
        }
        // A waiting acquire is the library's own: LockClient registers, sleeps on the
        // wake-up channel and cancels its registration when the wait runs out.
        ClientOptions options;
        options.owner = owner;
        options.ttl = ttl;
        options.watchdog = false;
        LockClient lockClient(engine, options);
        AcquireOutcome outcome = lockClient.acquire(wanted, operation, wait, holding);
        if (!outcome.lease.valid())
            return {{"refused", blockerJson(*outcome.blocker)}};
        const LeaseId id = outcome.lease.id();
        json answer = granted(id, outcome.lease.fence(), 1, outcome.lease.expiresAt(), *engine);
        outcome.lease.abandon(); // kept: the case releases it, or lets it expire
        return answer;
    }

    static json granted(const LeaseId& id, std::uint64_t fence, int holds, ServerTime expiresAt, Engine& engine)
    {
        return {{"granted",
                 {{"lease", id}, {"fence", fence}, {"holds", holds},
                  {"expires_in_ms", (expiresAt - engine.now()).count()}}}};
    }

    static json leases(Engine& engine)
    {
        const Snapshot snap = engine.snapshot();
        json leases = json::array();
        for (const LeaseInfo& l : snap.leases) {
            leases.push_back({{"lease", l.id}, {"owner", l.owner}, {"op", l.operation},
                              {"requests", requestsJson(l.requests)}, {"fence", l.fence}});
        }
        json waiters = json::array();
        for (const WaiterInfo& w : snap.waiters) {
            waiters.push_back(
                {{"lease", w.id}, {"owner", w.owner}, {"op", w.operation}, {"requests", requestsJson(w.requests)}});
        }
        // The waiters alone (what a follower reads while someone waits) are the snapshot's, in its order.
        const Snapshot alone = engine.waiters();
        EXPECT_TRUE(alone.leases.empty());
        std::vector<LeaseId> listed;
        std::vector<LeaseId> read;
        for (const WaiterInfo& w : snap.waiters)
            listed.push_back(w.id);
        for (const WaiterInfo& w : alone.waiters)
            read.push_back(w.id);
        EXPECT_EQ(read, listed);
        return {{"leases", leases}, {"waiters", waiters}};
    }

    Clients& m_clients;
    const std::map<std::string, LeaseId>& m_ids;
};

// ---- the suite --------------------------------------------------------------------------

struct Param {
    Kind kind;
    std::size_t index;
};

const std::vector<Case>& allCases()
{
    static const std::vector<Case> cases = loadCases();
    return cases;
}

class Protocol : public ::testing::TestWithParam<Param> {};

TEST_P(Protocol, givesTheAnswersTheCaseExpects)
{
    const Case& c = allCases().at(GetParam().index);
    SCOPED_TRACE(c.file + ": " + c.name);
    static int serial = 0;
    Clients clients(GetParam().kind, "case" + std::to_string(++serial));
    std::map<std::string, LeaseId> ids;
    std::mutex idsMutex;
    Vars vars;
    std::map<std::string, std::future<json>> tasks;
    std::map<std::string, json> taskArgs;

    const auto bindLease = [&](const json& args, const json& answer) {
        if (args.contains("lease") && answer.contains("granted")) {
            std::lock_guard lock(idsMutex);
            const std::string name = args.at("lease").get<std::string>();
            const LeaseId id = answer.at("granted").at("lease").get<std::string>();
            ids[name] = id;
            vars["$" + name] = id;
        }
    };

    int number = 0;
    for (const json& step : c.steps) {
        ++number;
        const std::string verb = step.at("do").get<std::string>();
        const json args = step.value("args", json::object());
        const std::string where = "step " + std::to_string(number) + " (" + verb + ")";
        if (verb == "sleep") {
            std::this_thread::sleep_for(milliseconds(args.at("ms").get<long long>()));
            continue;
        }
        json answer;
        if (verb == "await") {
            const std::string task = args.at("task").get<std::string>();
            std::future<json>& future = tasks.at(task);
            const milliseconds within(args.value("within_ms", 60000LL));
            ASSERT_EQ(future.wait_for(within), std::future_status::ready)
                << where << ": task " << task << " did not finish within " << within.count() << " ms";
            answer = future.get();
            bindLease(taskArgs.at(task), answer);
        } else {
            const std::string client = step.at("client").get<std::string>();
            if (step.contains("async")) {
                const std::string task = step.at("async").get<std::string>();
                taskArgs[task] = args;
                tasks[task] = std::async(std::launch::async, [&clients, &ids, &idsMutex, client, verb, args] {
                    std::map<std::string, LeaseId> snapshot;
                    {
                        std::lock_guard lock(idsMutex);
                        snapshot = ids;
                    }
                    Runner runner(clients, snapshot);
                    return runner.run(client, verb, args);
                });
                continue;
            }
            std::map<std::string, LeaseId> snapshot;
            {
                std::lock_guard lock(idsMutex);
                snapshot = ids;
            }
            Runner runner(clients, snapshot);
            answer = runner.run(client, verb, args);
            bindLease(args, answer);
        }
        if (step.contains("expect")) {
            const std::string why = match(step.at("expect"), answer, vars, where);
            ASSERT_TRUE(why.empty()) << why << "\n  answer: " << answer.dump();
        }
    }
    for (auto& [name, future] : tasks) {
        if (future.valid())
            future.wait();
    }
}

std::vector<Param> params(Kind kind)
{
    std::vector<Param> out;
    for (std::size_t i = 0; i < allCases().size(); ++i)
        out.push_back({kind, i});
    return out;
}

std::string paramName(const ::testing::TestParamInfo<Param>& info)
{
    const Case& c = allCases().at(info.param.index);
    std::string name = c.file.substr(0, c.file.size() - 5) + "_" + std::to_string(info.param.index);
    for (char& ch : name) {
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Memory, Protocol, ::testing::ValuesIn(params(Kind::Memory)), paramName);
INSTANTIATE_TEST_SUITE_P(Redis, Protocol, ::testing::ValuesIn(params(Kind::Redis)), paramName);
INSTANTIATE_TEST_SUITE_P(RedisTls, Protocol, ::testing::ValuesIn(params(Kind::RedisTls)), paramName);

TEST(ProtocolSuite, hasCasesForEveryVerb)
{
    std::map<std::string, int> verbs;
    for (const Case& c : allCases()) {
        for (const json& step : c.steps)
            ++verbs[step.at("do").get<std::string>()];
    }
    for (const char* verb : {"acquire", "operation", "release", "renew", "force_release", "leases", "sleep", "await"})
        EXPECT_GT(verbs[verb], 0) << verb;
    EXPECT_GE(allCases().size(), 20u);
}

} // namespace
