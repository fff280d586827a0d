// The real `treelock` binary against a throwaway redis-server: output, exit
// codes (0..6), waiting and the waiters' queue, contention, credentials.
#include "process.h"
#include "redisoptions.h"
#include "redisserver.h"
#include "tlsfiles.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef TREELOCK_CLI_PATH
#error "TREELOCK_CLI_PATH must name the treelock binary"
#endif

using treelock::test::RedisServer;
using Json = nlohmann::json;
using namespace std::chrono_literals;
using treelock::AcquireOptions;
using treelock::LockMode;
using treelock::RedisEngine;

namespace {

using Result = treelock::test::ProcessResult;
using EnvOverrides = std::map<std::string, std::optional<std::string>>;

// One run of the binary with its own stdout/stderr pipes. The environment is
// the test's, without TREELOCK_* variables and with USER=tester, plus `env`
// (nullopt removes a variable).
class Process : public treelock::test::ChildProcess {
public:
    Process(const std::vector<std::string>& args, const EnvOverrides& env = {})
        : ChildProcess(commandLine(args), environment(env))
    {
    }

private:
    static std::vector<std::string> commandLine(const std::vector<std::string>& args)
    {
        std::vector<std::string> argv{TREELOCK_CLI_PATH};
        argv.insert(argv.end(), args.begin(), args.end());
        return argv;
    }

    static treelock::test::Environment environment(const EnvOverrides& env)
    {
        treelock::test::Environment variables = treelock::test::inheritedEnvironment();
        variables["USER"] = "tester";
        for (const auto& [name, value] : env) {
            if (value)
                variables[name] = *value;
            else
                variables.erase(name);
        }
        return variables;
    }
};

Result run(const std::vector<std::string>& args, const EnvOverrides& env = {})
{
    Process process(args, env);
    return process.finish();
}

bool isLeaseId(const std::string& text)
{
    return std::regex_match(text, std::regex("[0-9a-f]{32}"));
}

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

bool contains(const std::string& haystack, const std::string& needle)
{
    return haystack.find(needle) != std::string::npos;
}

class Cli : public ::testing::Test {
protected:
    // treelock --redis <server> --quiet ARGS...
    Result tl(std::vector<std::string> args, const EnvOverrides& env = {})
    {
        args.insert(args.begin(), {"--redis", server.url(), "--quiet"});
        return run(args, env);
    }

    // Acquires and returns the lease id (fails the test otherwise).
    std::string acquire(std::vector<std::string> args)
    {
        args.insert(args.begin(), "acquire");
        const Result r = tl(args);
        EXPECT_EQ(r.code, 0) << r;
        const std::string id = firstLine(r.out);
        EXPECT_TRUE(isLeaseId(id)) << r;
        return id;
    }

    Json json(std::vector<std::string> args)
    {
        args.insert(args.begin(), "--json");
        const Result r = tl(args);
        EXPECT_TRUE(r.code == 0 || r.code == 3 || r.code == 6) << r;
        try {
            return Json::parse(r.out);
        } catch (const std::exception& error) {
            ADD_FAILURE() << "not JSON: " << error.what() << "\n" << r;
            return Json();
        }
    }

    std::vector<Json> eventsJson()
    {
        const Result r = tl({"--json", "events"});
        EXPECT_EQ(r.code, 0) << r;
        std::vector<Json> events;
        for (const auto& line : lines(r.out))
            events.push_back(Json::parse(line));
        return events;
    }

    // What a poll of `treelock --json waiting` found.
    struct Waiters {
        bool met = false;                  ///< `done` held
        Json list = Json::array();         ///< the last "waiters" seen
        std::chrono::milliseconds after{0}; ///< since the poll began
    };

    // Polls `treelock --json waiting` until `done` holds for its waiters, or
    // `timeout` has passed.
    Waiters waitersUntil(const std::function<bool(const Json&)>& done, std::chrono::milliseconds timeout)
    {
        const auto start = std::chrono::steady_clock::now();
        Waiters seen;
        for (;;) {
            const Result r = tl({"--json", "waiting"});
            EXPECT_EQ(r.code, 0) << r;
            seen.after = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
            try {
                seen.list = Json::parse(r.out).at("waiters");
            } catch (const std::exception& error) {
                ADD_FAILURE() << "not the waiters: " << error.what() << "\n" << r;
                return seen;
            }
            if (done(seen.list)) {
                seen.met = true;
                return seen;
            }
            if (seen.after >= timeout)
                return seen;
            std::this_thread::sleep_for(50ms);
        }
    }

    static bool anyone(const Json& waiters) { return !waiters.empty(); }
    static bool noOne(const Json& waiters) { return waiters.empty(); }

    static std::string requestsOf(const Json& grant)
    {
        std::string text;
        for (const auto& r : grant.at("requests"))
            text += (text.empty() ? "" : " ") + r.at("mode").get<std::string>() + ":"
                    + r.at("path").get<std::string>();
        return text;
    }

    RedisServer server;
};

// ---------------------------------------------------------------- help, version

TEST_F(Cli, versionAndHelpExitZero)
{
    const Result version = run({"--version"});
    EXPECT_EQ(version.code, 0) << version;
    EXPECT_TRUE(std::regex_match(version.out, std::regex("treelock \\d+\\.\\d+\\.\\d+\n"))) << version;

    const Result help = run({"--help"});
    EXPECT_EQ(help.code, 0) << help;
    EXPECT_TRUE(contains(help.out, "usage: treelock")) << help;
    EXPECT_TRUE(contains(help.out, "exit codes")) << help;

    const Result commandHelp = run({"help", "force-release"});
    EXPECT_EQ(commandHelp.code, 0) << commandHelp;
    EXPECT_TRUE(contains(commandHelp.out, "--admin")) << commandHelp;
}

TEST_F(Cli, noCommandIsExit2)
{
    const Result r = run({});
    EXPECT_EQ(r.code, 2) << r;
    EXPECT_TRUE(contains(r.err, "treelock: no command")) << r;
}

TEST_F(Cli, replicaTimeoutWithoutMinReplicasIsWarnedAbout)
{
    const Result alone = run({"--redis", server.url(), "--replica-timeout", "50", "locks"});
    EXPECT_EQ(alone.code, 0) << alone;
    EXPECT_TRUE(contains(alone.err, "warning: --replica-timeout has no effect without --min-replicas")) << alone;
    const Result zero = run({"--redis", server.url(), "--min-replicas", "0", "--replica-timeout", "50", "locks"});
    EXPECT_TRUE(contains(zero.err, "--replica-timeout has no effect")) << "0 replicas awaited: " << zero;
    const Result none = run({"--redis", server.url(), "locks"});
    EXPECT_FALSE(contains(none.err, "--replica-timeout")) << none;
    const Result quiet = tl({"--replica-timeout", "50", "locks"});
    EXPECT_EQ(quiet.err, "") << "--quiet: no warning lines";
}

// ---------------------------------------------------------------- acquire

TEST_F(Cli, acquireByLockPrintsTheFullLeaseId)
{
    const Result r = tl({"acquire", "--lock", "X:/A/C", "--lock", "S:/B"});
    ASSERT_EQ(r.code, 0) << r;
    EXPECT_TRUE(std::regex_match(r.out, std::regex("[0-9a-f]{32}\n"))) << r;
    EXPECT_EQ(r.err, "");

    const Json snapshot = json({"locks"});
    ASSERT_EQ(snapshot.at("leases").size(), 1u);
    EXPECT_EQ(snapshot["leases"][0]["lease"], firstLine(r.out));
    EXPECT_EQ(requestsOf(snapshot["leases"][0]), "X:/A/C S:/B");
    EXPECT_EQ(snapshot["leases"][0]["owner"], "tester"); // $USER
}

TEST_F(Cli, acquireJsonPrintsTheGrant)
{
    const Json grant = json({"acquire", "--owner", "bob", "--ttl", "5000", "--lock", "X:/A/C", "--lock", "IS:/"});
    ASSERT_TRUE(grant.is_object()) << grant;
    EXPECT_TRUE(isLeaseId(grant.at("lease").get<std::string>())) << grant;
    EXPECT_GT(grant.at("fence").get<std::uint64_t>(), 0u);
    const Json locks = json({"locks"});
    const long long now = locks.at("server_time_ms").get<long long>();
    const long long expires = grant.at("expires_ms").get<long long>();
    EXPECT_GT(expires, now);
    EXPECT_LE(expires, now + 5000);
    EXPECT_EQ(requestsOf(grant), "IS:/ X:/A/C"); // normalised: sorted by path
}

TEST_F(Cli, acquireByEveryOperation)
{
    struct Case {
        std::vector<std::string> op;
        std::string requests;
    };
    const std::vector<Case> cases{
        {{"create", "/A", "new.txt"}, "X:/A/new.txt"},
        {{"upload", "/A", "up.bin"}, "X:/A/up.bin"},
        {{"move-folder", "/A/C", "/B"}, "X:/A/C X:/B/C"},
        {{"move-file", "/A/a.txt", "/B"}, "X:/A/a.txt X:/B/a.txt"},
        {{"copy-folder", "/A/C", "/B"}, "S:/A/C X:/B/C"},
        {{"copy-file", "/A/a.txt", "/B"}, "S:/A/a.txt X:/B/a.txt"},
        {{"rename-folder", "/A/C", "C2"}, "X:/A/C X:/A/C2"},
        {{"rename-file", "/A/a.txt", "b.txt"}, "X:/A/a.txt X:/A/b.txt"},
        {{"delete-folder", "/A/C"}, "X:/A/C"},
        {{"delete-file", "/A/a.txt"}, "X:/A/a.txt"},
        {{"purge", "x", "/y"}, "X:/.recycle/x X:/.recycle/y"},
    };
    for (const auto& c : cases) {
        std::vector<std::string> args{"--json", "acquire", "--op"};
        args.insert(args.end(), c.op.begin(), c.op.end());
        const Result r = tl(args);
        ASSERT_EQ(r.code, 0) << c.op.front() << "\n" << r;
        const Json grant = Json::parse(r.out);
        EXPECT_EQ(requestsOf(grant), c.requests) << c.op.front();
        const Result released = tl({"release", grant.at("lease").get<std::string>()});
        EXPECT_EQ(released.code, 0) << released;
    }
    // The operation is recorded as the lease's op label.
    bool sawMove = false;
    for (const auto& event : eventsJson())
        sawMove = sawMove || (event["type"] == "grant" && event["op"] == "move-folder");
    EXPECT_TRUE(sawMove);
}

TEST_F(Cli, acquireWithSeedProfileAndPolicyFile)
{
    const Result seed = tl({"--json", "acquire", "--profile", "seed", "--op", "move-folder", "/A/C", "/B"});
    ASSERT_EQ(seed.code, 0) << seed;
    const Json seedGrant = Json::parse(seed.out);
    EXPECT_TRUE(contains(requestsOf(seedGrant), "/B")) << seedGrant;
    tl({"release", seedGrant["lease"].get<std::string>()});

    const std::string policy = server.directory() + "/policy.json";
    {
        std::ofstream file(policy);
        file << R"({"name":"strict","recycle_bin":"/.bin","operations":{)"
             << R"("create":[{"target":"folder","mode":"X"}],"upload":[{"target":"folder","mode":"X"}],)"
             << R"("move-folder":[{"target":"source","mode":"X"}],"move-file":[{"target":"source","mode":"X"}],)"
             << R"("copy-folder":[{"target":"source","mode":"S"}],"copy-file":[{"target":"source","mode":"S"}],)"
             << R"("rename-folder":[{"target":"source","mode":"X"}],"rename-file":[{"target":"source","mode":"X"}],)"
             << R"("delete-folder":[{"target":"source","mode":"X"}],"delete-file":[{"target":"source","mode":"X"}],)"
             << R"("purge":[{"target":"item","mode":"X"}]}})";
    }
    const Result custom = tl({"--json", "acquire", "--policy", policy, "--op", "create", "/A", "x"});
    ASSERT_EQ(custom.code, 0) << custom;
    EXPECT_EQ(requestsOf(Json::parse(custom.out)), "X:/A");

    const Result missing = tl({"acquire", "--policy", server.directory() + "/nope.json", "--op", "create", "/A", "x"});
    EXPECT_EQ(missing.code, 2) << missing;
    EXPECT_TRUE(contains(missing.err, "nope.json")) << missing;

    {
        std::ofstream file(policy);
        file << R"({"name":"broken"})";
    }
    const Result broken = tl({"acquire", "--policy", policy, "--op", "create", "/A", "x"});
    EXPECT_EQ(broken.code, 2) << broken;
    EXPECT_TRUE(contains(broken.err, "policy.json")) << broken;
}

TEST_F(Cli, conflictPrintsTheBlockerAndExits3)
{
    const std::string holder = acquire({"--owner", "bob", "--op", "move-folder", "/A/C", "/B"});
    const Result r = tl({"acquire", "--lock", "X:/A"});
    EXPECT_EQ(r.code, 3) << r;
    const std::regex line("blocked by lease " + holder.substr(0, 8)
                          + " \\(owner bob, op move-folder\\) holding X on /A/C, expires in "
                            "(29|30)\\.\\d s\n");
    EXPECT_TRUE(std::regex_match(r.out, line)) << r;
}

TEST_F(Cli, conflictJsonNamesTheBlocker)
{
    const std::string holder = acquire({"--owner", "bob", "--op", "delete-folder", "/A/C"});
    const Json answer = json({"acquire", "--lock", "S:/A/C/D"});
    ASSERT_TRUE(answer.contains("blocker")) << answer;
    const Json& b = answer["blocker"];
    EXPECT_EQ(b["lease"], holder);
    EXPECT_EQ(b["owner"], "bob");
    EXPECT_EQ(b["op"], "delete-folder");
    EXPECT_EQ(b["path"], "/A/C");
    EXPECT_EQ(b["mode"], "X");
    EXPECT_GT(b["expires_in_ms"].get<long long>(), 25000);
    EXPECT_LE(b["expires_in_ms"].get<long long>(), 30000);
    EXPECT_EQ(b["queued"], false) << "a holder, not a waiting request";
    EXPECT_FALSE(answer.contains("lease"));
}

TEST_F(Cli, caseInsensitivePathsNameOneNode)
{
    acquire({"--case-insensitive", "--lock", "X:/Docs/Report"});
    const Result folded = tl({"--case-insensitive", "acquire", "--lock", "X:/DOCS/report"});
    EXPECT_EQ(folded.code, 3) << folded;
    const Result exact = tl({"acquire", "--lock", "X:/DOCS/report"});
    EXPECT_EQ(exact.code, 0) << exact; // case-sensitive: another node
}

TEST_F(Cli, projectsAreIsolated)
{
    acquire({"--lock", "X:/A"});
    const Result other = tl({"--project", "other", "acquire", "--lock", "X:/A"});
    EXPECT_EQ(other.code, 0) << other;
    EXPECT_EQ(tl({"acquire", "--lock", "X:/A"}).code, 3);
}

// ---------------------------------------------------------------- --wait

TEST_F(Cli, waitSucceedsWhenTheHolderReleases)
{
    const std::string holder = acquire({"--lock", "X:/A/C"});
    Process waiter({"--redis", server.url(), "--quiet", "acquire", "--wait", "10000", "--lock", "X:/A"});
    std::this_thread::sleep_for(600ms);
    const Result released = tl({"release", holder});
    ASSERT_EQ(released.code, 0) << released;
    const Result r = waiter.finish();
    EXPECT_EQ(r.code, 0) << r;
    EXPECT_TRUE(isLeaseId(firstLine(r.out))) << r;
    EXPECT_GE(r.elapsed, 500ms);
    EXPECT_LT(r.elapsed, 8000ms);

    // The waiter's lease outlives its process (no release on exit).
    const Json locks = json({"locks"});
    ASSERT_EQ(locks["leases"].size(), 1u) << locks;
    EXPECT_EQ(locks["leases"][0]["lease"], firstLine(r.out));
}

TEST_F(Cli, waitTimesOutWithExit3AndTheLastBlocker)
{
    const std::string holder = acquire({"--owner", "bob", "--lock", "X:/A"});
    const Result r = tl({"acquire", "--wait", "400", "--lock", "X:/A/B"});
    EXPECT_EQ(r.code, 3) << r;
    EXPECT_GE(r.elapsed, 400ms);
    EXPECT_TRUE(contains(r.out, "blocked by lease " + holder.substr(0, 8) + " (owner bob")) << r;

    const Json answer = json({"acquire", "--wait", "200", "--lock", "X:/A/B"});
    EXPECT_EQ(answer["blocker"]["lease"], holder);
    EXPECT_EQ(answer["timed_out"], true);
}

// ---------------------------------------------------------------- release, renew

TEST_F(Cli, releasePrintsNothingAndFreesThePaths)
{
    const std::string id = acquire({"--lock", "X:/A"});
    const Result r = tl({"release", id});
    EXPECT_EQ(r.code, 0) << r;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(tl({"acquire", "--lock", "X:/A"}).code, 0);
}

TEST_F(Cli, releaseJson)
{
    const std::string id = acquire({"--lock", "X:/A"});
    const Json answer = json({"release", id});
    EXPECT_EQ(answer["lease"], id);
    EXPECT_EQ(answer["remaining_holds"], 0);
}

TEST_F(Cli, releaseUnknownIsExit4)
{
    const Result r = tl({"release", "0123456789abcdef0123456789abcdef"});
    EXPECT_EQ(r.code, 4) << r;
    EXPECT_TRUE(contains(r.err, "treelock: lease 0123456789abcdef0123456789abcdef is unknown")) << r;

    const std::string id = acquire({"--lock", "X:/A"});
    EXPECT_EQ(tl({"release", id}).code, 0);
    EXPECT_EQ(tl({"release", id}).code, 4);
}

// With --json an error is one JSON object on stderr, whatever raised it: the parser,
// core's checks, the connection or the command itself. Scripts read its kind.
TEST_F(Cli, jsonErrorsAreOneObjectWithExitCodeAndKind)
{
    const auto errorOf = [](const Result& r) {
        const auto lineList = lines(r.err);
        EXPECT_EQ(lineList.size(), 1u) << r;
        const Json error = Json::parse(r.err);
        EXPECT_EQ(error["exit_code"].get<int>(), r.code) << r;
        EXPECT_FALSE(error["message"].get<std::string>().empty()) << r;
        EXPECT_TRUE(r.out.empty()) << r;
        return error["kind"].get<std::string>();
    };
    EXPECT_EQ(errorOf(tl({"--json", "release", "0123456789abcdef0123456789abcdef"})), "lease_unknown");
    EXPECT_EQ(errorOf(run({"--json", "acquire", "--lock", "Q:/a"})), "usage");
    EXPECT_EQ(errorOf(run({"acquire", "--lock", "X:a", "--json"})), "invalid_path");
    EXPECT_EQ(errorOf(run({"--json", "--redis", "redis://127.0.0.1:1", "locks"})), "unreachable");
    const std::string id = acquire({"--lock", "X:/A"});
    EXPECT_EQ(errorOf(tl({"--json", "force-release", id, "--reason", "stuck"})), "lease_live");
    // Without --json the same error is the usual line.
    const Result plain = tl({"force-release", id, "--reason", "stuck"});
    EXPECT_EQ(firstLine(plain.err), "treelock: lease " + id + " is live; add --admin to revoke a live lease") << plain;
}

TEST_F(Cli, leaseShowsOneLeaseByItsIdOrItsStart)
{
    const std::string id = acquire({"--lock", "X:/A/C", "--owner", "bob"});
    const Result whole = tl({"lease", id});
    ASSERT_EQ(whole.code, 0) << whole;
    EXPECT_EQ(firstLine(whole.out), "lease     " + id) << whole;
    EXPECT_TRUE(contains(whole.out, "owner     bob\n")) << whole;
    EXPECT_TRUE(contains(whole.out, "requests  X:/A/C\n")) << whole;
    EXPECT_TRUE(contains(whole.out, "state     live\n")) << whole;
    const Result start = tl({"--json", "lease", id.substr(0, 8)});
    ASSERT_EQ(start.code, 0) << start;
    const Json lease = Json::parse(start.out);
    EXPECT_EQ(lease["lease"], id);
    EXPECT_EQ(lease["owner"], "bob");
    EXPECT_EQ(lease["state"], "live");
    const Result unknown = tl({"lease", "0123456789abcdef0123456789abcdef"});
    EXPECT_EQ(unknown.code, 4) << unknown;
    EXPECT_TRUE(contains(unknown.err, "is unknown")) << unknown;
    EXPECT_EQ(tl({"lease", "0123"}).code, 2) << "a start shorter than 8 digits is refused";
}

TEST_F(Cli, releaseExpiredIsExit4)
{
    const std::string id = acquire({"--ttl", "50", "--lock", "X:/A"});
    std::this_thread::sleep_for(150ms);
    const Result r = tl({"release", id});
    EXPECT_EQ(r.code, 4) << r;
    EXPECT_TRUE(contains(r.err, "expired")) << r;
}

TEST_F(Cli, renewPrintsTheNewExpiry)
{
    const Json grant = json({"acquire", "--ttl", "1000", "--lock", "X:/A"});
    const std::string id = grant["lease"];
    const Result r = tl({"renew", id, "--ttl", "60000"});
    ASSERT_EQ(r.code, 0) << r;
    ASSERT_TRUE(std::regex_match(r.out, std::regex("\\d+\n"))) << r;
    const long long expires = std::stoll(r.out);
    EXPECT_GE(expires, grant["expires_ms"].get<long long>() + 58000);

    const Json renewed = json({"renew", id});
    EXPECT_EQ(renewed["lease"], id);
    EXPECT_GE(renewed["expires_ms"].get<long long>(), expires - 1000);
}

TEST_F(Cli, renewUnknownOrExpiredIsExit4)
{
    EXPECT_EQ(tl({"renew", "0123456789abcdef0123456789abcdef"}).code, 4);
    const std::string id = acquire({"--ttl", "50", "--lock", "X:/A"});
    std::this_thread::sleep_for(150ms);
    const Result r = tl({"renew", id});
    EXPECT_EQ(r.code, 4) << r;
    EXPECT_TRUE(contains(r.err, "expired")) << r;
}

// ---------------------------------------------------------------- force-release

TEST_F(Cli, forceReleaseOfALiveLeaseNeedsAdmin)
{
    const std::string id = acquire({"--owner", "bob", "--lock", "X:/A"});
    const Result refused = tl({"force-release", id, "--reason", "stuck job"});
    EXPECT_EQ(refused.code, 3) << refused;
    EXPECT_TRUE(contains(refused.err, "--admin")) << refused;
    EXPECT_EQ(json({"locks"})["leases"].size(), 1u);

    const Result forced = tl({"force-release", id, "--admin", "--operator", "alice", "--reason", "stuck job"});
    EXPECT_EQ(forced.code, 0) << forced;
    EXPECT_EQ(json({"locks"})["leases"].size(), 0u);
    EXPECT_EQ(tl({"acquire", "--lock", "X:/A"}).code, 0);

    bool audited = false;
    for (const auto& event : eventsJson()) {
        if (event["type"] != "force")
            continue;
        audited = true;
        EXPECT_EQ(event["lease"], id);
        EXPECT_EQ(event["by"], "alice");
        EXPECT_EQ(event["reason"], "stuck job");
        EXPECT_FALSE(event["host"].get<std::string>().empty()) << event;
        EXPECT_EQ(event["was_live"], true);
    }
    EXPECT_TRUE(audited);
}

TEST_F(Cli, forceReleaseOperatorDefaultsToUser)
{
    const std::string id = acquire({"--lock", "X:/A"});
    EXPECT_EQ(tl({"force-release", id, "--admin", "--reason", "r"}).code, 0);
    bool seen = false;
    for (const auto& event : eventsJson())
        seen = seen || (event["type"] == "force" && event["by"] == "tester");
    EXPECT_TRUE(seen);
}

TEST_F(Cli, forceReleaseOfAnExpiredLeaseNeedsNoFlag)
{
    const std::string id = acquire({"--ttl", "50", "--lock", "X:/A"});
    std::this_thread::sleep_for(150ms);
    const Result r = tl({"force-release", id, "--reason", "cleanup"});
    EXPECT_EQ(r.code, 0) << r;
    bool audited = false;
    for (const auto& event : eventsJson()) {
        if (event["type"] == "force") {
            audited = true;
            EXPECT_EQ(event["lease"], id);
            EXPECT_EQ(event["was_live"], false);
            EXPECT_EQ(event["reason"], "cleanup");
        }
    }
    EXPECT_TRUE(audited);
}

TEST_F(Cli, forceReleaseUnknownIsExit4)
{
    const Result r = tl({"force-release", "0123456789abcdef0123456789abcdef", "--admin", "--reason", "x"});
    EXPECT_EQ(r.code, 4) << r;
}

// An operator reads who is in the way off `waiting` and revokes it by the start of
// its id, as `waiting` and `locks` print it; the waiter gets in.
TEST_F(Cli, forceReleaseTakesTheStartOfAnIdThatWaitingShows)
{
    const std::string holder = acquire({"--owner", "alice", "--op", "move-folder", "/A/C", "/B"});
    Process waiter({"--redis", server.url(), "--quiet", "acquire", "--owner", "bob", "--wait", "20000", "--op",
                    "delete-folder", "/A"});
    const auto listed = waitersUntil([](const Json& w) { return !w.empty(); }, 10s);
    ASSERT_TRUE(listed.met) << listed.list;
    std::smatch shown;
    const Result text = tl({"waiting"});
    ASSERT_TRUE(std::regex_search(text.out, shown, std::regex("alice's move-folder \\(X /A/C\\), lease ([0-9a-f]+)")))
        << text;
    const std::string start = shown[1];
    EXPECT_EQ(start, holder.substr(0, 8));

    const Result live = tl({"force-release", start, "--reason", "alice went home"});
    EXPECT_EQ(live.code, 3) << live;
    EXPECT_TRUE(contains(live.err, "lease " + holder + " is live")) << "the whole id is named: " << live;
    const Result forced = tl({"force-release", start, "--admin", "--reason", "alice went home"});
    ASSERT_EQ(forced.code, 0) << forced;
    EXPECT_EQ(forced.out, "force-released " + holder + "\n");
    const Result granted = waiter.finish();
    EXPECT_EQ(granted.code, 0) << granted;
    bool audited = false;
    for (const auto& event : eventsJson())
        audited = audited || (event["type"] == "force" && event["lease"] == holder);
    EXPECT_TRUE(audited);
}

TEST_F(Cli, forceReleaseRefusesAShortAmbiguousOrUnknownStart)
{
    // Two leases whose ids share their first 8 digits, as chance could make them.
    RedisEngine engine(treelock::test::redisOptionsFor(server), "default");
    AcquireOptions a;
    a.owner = "alice";
    a.leaseId = "0badcafe" + std::string(24, '1');
    ASSERT_TRUE(engine.acquire({{"/A", LockMode::X}}, a).granted);
    AcquireOptions b;
    b.owner = "bob";
    b.leaseId = "0badcafe" + std::string(24, '2');
    ASSERT_TRUE(engine.acquire({{"/B", LockMode::X}}, b).granted);

    const Result ambiguous = tl({"force-release", "0badcafe", "--admin", "--reason", "r"});
    EXPECT_EQ(ambiguous.code, 2) << ambiguous;
    EXPECT_TRUE(contains(ambiguous.err, "0badcafe is the start of 2 lease ids (" + *a.leaseId + ", " + *b.leaseId
                                            + "): give more digits")
                || contains(ambiguous.err, "0badcafe is the start of 2 lease ids (" + *b.leaseId + ", " + *a.leaseId
                                               + "): give more digits"))
        << ambiguous;
    EXPECT_EQ(json({"locks"})["leases"].size(), 2u) << "nothing was released";

    const Result shortStart = tl({"force-release", "0badcaf", "--admin", "--reason", "r"});
    EXPECT_EQ(shortStart.code, 2) << shortStart;
    EXPECT_TRUE(contains(shortStart.err, "invalid lease id \"0badcaf\"")) << shortStart;
    EXPECT_TRUE(contains(shortStart.err, "or its first 8 or more")) << shortStart;
    const Result notHex = tl({"force-release", "0BADCAFE", "--admin", "--reason", "r"});
    EXPECT_EQ(notHex.code, 2) << notHex;
    const Result unknown = tl({"force-release", "0badcaff", "--admin", "--reason", "r"});
    EXPECT_EQ(unknown.code, 4) << unknown;
    EXPECT_TRUE(contains(unknown.err, "no lease of project default has an id starting with 0badcaff")) << unknown;
    EXPECT_EQ(json({"locks"})["leases"].size(), 2u) << "nothing was released";

    const Result one = tl({"force-release", "0badcafe2", "--admin", "--reason", "r"});
    EXPECT_EQ(one.code, 0) << one;
    EXPECT_EQ(one.out, "force-released " + *b.leaseId + "\n");
    const Json left = json({"locks"})["leases"];
    ASSERT_EQ(left.size(), 1u);
    EXPECT_EQ(left[0]["lease"], *a.leaseId);
}

TEST_F(Cli, forceReleaseWithLockDelayKeepsThePathsBlocked)
{
    const std::string id = acquire({"--lock", "X:/A"});
    EXPECT_EQ(tl({"force-release", id, "--admin", "--lock-delay", "60000", "--reason", "r"}).code, 0);
    const Json locks = json({"locks"});
    ASSERT_EQ(locks["leases"].size(), 1u) << locks;
    EXPECT_EQ(locks["leases"][0]["state"], "revoked");
    EXPECT_EQ(tl({"acquire", "--lock", "X:/A"}).code, 3);
    EXPECT_EQ(tl({"release", id}).code, 4); // the holder lost it
}

// ---------------------------------------------------------------- sweep, locks

TEST_F(Cli, sweepPrintsHowManyWereReaped)
{
    // The long one first: an acquire may reap leases that expired before it, so
    // the two short ones must both be granted before either expires (300 ms
    // leaves room for a process start on a busy machine).
    acquire({"--lock", "X:/C"});
    acquire({"--ttl", "300", "--lock", "X:/A"});
    acquire({"--ttl", "300", "--lock", "X:/B"});
    std::this_thread::sleep_for(700ms);
    const Result r = tl({"sweep", "--operator", "cron"});
    EXPECT_EQ(r.code, 0) << r;
    EXPECT_EQ(r.out, "2\n");
    EXPECT_EQ(json({"sweep"})["reaped"], 0);
    bool seen = false;
    for (const auto& event : eventsJson())
        seen = seen || (event["type"] == "sweep" && event["by"] == "cron" && event["count"] == 2);
    EXPECT_TRUE(seen);
}

TEST_F(Cli, locksTable)
{
    const Result empty = tl({"locks"});
    EXPECT_EQ(empty.code, 0) << empty;
    EXPECT_EQ(empty.out, "no leases in project default\n");

    const Json grant = json({"acquire", "--owner", "bob", "--lock", "X:/A/C", "--lock", "S:/B"});
    const std::string id = grant["lease"];
    acquire({"--ttl", "50", "--lock", "X:/Z"});
    std::this_thread::sleep_for(150ms);
    const Result r = tl({"locks"});
    EXPECT_EQ(r.code, 0) << r;
    const auto rows = lines(r.out);
    ASSERT_EQ(rows.size(), 3u) << r;
    EXPECT_TRUE(std::regex_match(rows[0], std::regex("ID +OWNER +OP +REQUESTS +FENCE +STATE +LEFT"))) << r;
    EXPECT_TRUE(contains(rows[1], "expired")) << r; // ordered by expiry
    const std::regex live(id.substr(0, 8) + " +bob +lock +X:/A/C S:/B +"
                          + std::to_string(grant["fence"].get<std::uint64_t>()) + " +live +\\d+\\.\\d s");
    EXPECT_TRUE(std::regex_match(rows[2], live)) << r;
    EXPECT_FALSE(contains(r.out, id)) << "only the 8-character prefix is shown";
}

TEST_F(Cli, locksJsonHasEveryField)
{
    const std::string id = acquire({"--owner", "bob", "--ttl", "20000", "--op", "copy-file", "/A/a", "/B"});
    const Json locks = json({"locks"});
    ASSERT_TRUE(locks.contains("server_time_ms")) << locks;
    ASSERT_EQ(locks["leases"].size(), 1u);
    const Json& lease = locks["leases"][0];
    EXPECT_EQ(lease["lease"], id);
    EXPECT_EQ(lease["owner"], "bob");
    EXPECT_EQ(lease["op"], "copy-file");
    EXPECT_EQ(requestsOf(lease), "S:/A/a X:/B/a");
    EXPECT_EQ(lease["ttl_ms"], 20000);
    EXPECT_EQ(lease["holds"], 1);
    EXPECT_EQ(lease["revoked"], false);
    EXPECT_EQ(lease["state"], "live");
    EXPECT_GT(lease["fence"].get<std::uint64_t>(), 0u);
    EXPECT_EQ(lease["expires_ms"].get<long long>() - lease["created_ms"].get<long long>(), 20000);
    EXPECT_GT(lease["expires_in_ms"].get<long long>(), 15000);
}

// ---------------------------------------------------------------- fsck

TEST_F(Cli, fsckCleanCorruptRepaired)
{
    acquire({"--lock", "X:/A/C"});
    const Result clean = tl({"fsck"});
    EXPECT_EQ(clean.code, 0) << clean;
    EXPECT_EQ(clean.out, "clean: 1 lease, 3 node counts checked\n") << clean;

    {
        // /A holds IX for /A/C; make its X count 5.
        treelock::redis::RawConnection raw(server.url());
        const std::string state = treelock::redis::KeySchema("default").state();
        auto node = treelock::redis::decodeNode(raw.text({"HGET", state, "/A"}));
        ASSERT_TRUE(node);
        node->counts[static_cast<std::size_t>(treelock::LockMode::X)] = 5;
        raw.command({"HSET", state, "/A", treelock::redis::encodeNode(*node)});
    }
    const Result dirty = tl({"fsck"});
    EXPECT_EQ(dirty.code, 6) << dirty;
    EXPECT_TRUE(contains(dirty.out, "/A X: expected 0, stored 5")) << dirty;
    EXPECT_FALSE(contains(dirty.out, "repaired")) << dirty;

    const Json report = json({"fsck"});
    ASSERT_EQ(report["differences"].size(), 1u) << report;
    EXPECT_EQ(report["differences"][0]["path"], "/A");
    EXPECT_EQ(report["differences"][0]["actual"], 5);
    EXPECT_EQ(report["clean"], false);

    const Result repair = tl({"fsck", "--repair"});
    EXPECT_EQ(repair.code, 6) << repair;
    EXPECT_TRUE(contains(repair.out, "repaired")) << repair;

    const Result after = tl({"fsck"});
    EXPECT_EQ(after.code, 0) << after;
}

// ---------------------------------------------------------------- events

TEST_F(Cli, eventsTextLines)
{
    const std::string id = acquire({"--owner", "bob", "--op", "move-folder", "/A/C", "/B"});
    tl({"release", id});
    const Result r = tl({"events"});
    EXPECT_EQ(r.code, 0) << r;
    const auto rows = lines(r.out);
    ASSERT_EQ(rows.size(), 2u) << r;
    const std::string iso = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";
    EXPECT_TRUE(std::regex_match(rows[0], std::regex(iso + " grant " + id.substr(0, 8)
                                                     + " bob move-folder X:/A/C X:/B/C fence=\\d+")))
        << rows[0];
    EXPECT_TRUE(std::regex_match(rows[1], std::regex(iso + " release " + id.substr(0, 8) + " bob move-folder .*")))
        << rows[1];
}

TEST_F(Cli, configEventsAuditLeavesGrantsAndReleasesOut)
{
    const Result shown = tl({"config"});
    EXPECT_EQ(shown.code, 0) << shown;
    EXPECT_EQ(shown.out, "events=all\ngrace=5\n");
    const Result set = run({"--redis", server.url(), "config", "events=audit", "--operator", "alice"});
    EXPECT_EQ(set.code, 0) << set;
    EXPECT_EQ(set.out, "events=audit\ngrace=5\n");
    EXPECT_FALSE(contains(set.err, "already in force")) << "a change needs no note: " << set;
    const std::string id = acquire({"--lock", "X:/A"});
    tl({"release", id});
    const Result json = tl({"--json", "config"});
    EXPECT_EQ(Json::parse(json.out)["events"], "audit") << json;

    const std::vector<Json> events = eventsJson();
    ASSERT_EQ(events.size(), 1u) << "the change alone, no grant or release";
    EXPECT_EQ(events[0]["type"], "config");
    EXPECT_EQ(events[0]["setting"], "events=audit");
    EXPECT_EQ(events[0]["by"], "alice");
    const Result text = tl({"events"});
    EXPECT_TRUE(contains(text.out, " config - - - - events=audit by=alice")) << text;

    // A lease held when recording stops may be released unseen: check-history
    // says from which event on it could not check, and what it does not know.
    const std::string held = acquire({"--lock", "X:/C"});
    const Result checked = tl({"check-history"});
    EXPECT_EQ(checked.code, 0) << checked;
    EXPECT_TRUE(contains(checked.out, "note: grants and releases are not recorded from event "
                                      + events[0]["id"].get<std::string>() + " on (the project is at events=audit)"))
        << checked;

    EXPECT_EQ(tl({"config", "events=all"}).out, "events=all\ngrace=5\n");
    acquire({"--lock", "X:/B"});
    EXPECT_EQ(eventsJson().back()["type"], "grant");
    tl({"release", held}); // recorded now; its grant never was
    const Result after = tl({"--json", "check-history"});
    const Json verdict = Json::parse(after.out);
    EXPECT_EQ(verdict["ok"], true) << after;
    EXPECT_EQ(verdict["unrecorded_now"], false) << after;
    EXPECT_EQ(verdict["live_at_end"], 1) << "the grant of X:/B; " << after;
    EXPECT_EQ(verdict["unknown_at_end"], 0) << "X:/C was granted unseen, never known: " << after;
}

TEST_F(Cli, eventsFromAndCount)
{
    for (const char* path : {"X:/A", "X:/B", "X:/C"})
        acquire({"--lock", path});
    const std::vector<Json> all = eventsJson();
    ASSERT_EQ(all.size(), 3u);
    for (const auto& event : all) {
        EXPECT_EQ(event["type"], "grant");
        EXPECT_TRUE(event.contains("id") && event.contains("time") && event.contains("fence")) << event;
    }
    const Result afterFirst = tl({"--json", "events", "--from", all[0]["id"].get<std::string>()});
    ASSERT_EQ(lines(afterFirst.out).size(), 2u) << afterFirst;
    EXPECT_EQ(Json::parse(lines(afterFirst.out)[0])["id"], all[1]["id"]);

    const Result one = tl({"events", "--count", "1"});
    EXPECT_EQ(lines(one.out).size(), 1u) << one;
}

TEST_F(Cli, eventsFollowPrintsNewEventsUntilSigint)
{
    acquire({"--lock", "X:/A"});
    Process follower({"--redis", server.url(), "--quiet", "events", "--follow"});
    std::this_thread::sleep_for(500ms);
    const std::string later = acquire({"--owner", "late", "--lock", "X:/B"});
    std::this_thread::sleep_for(500ms);
    follower.signal(SIGINT);
    const Result r = follower.finish();
    EXPECT_EQ(r.code, 0) << r;
    const auto rows = lines(r.out);
    ASSERT_EQ(rows.size(), 2u) << r;
    EXPECT_TRUE(contains(rows[1], later.substr(0, 8) + " late")) << r;
}

TEST_F(Cli, eventsFollowStopsOnSigterm)
{
    Process follower({"--redis", server.url(), "--quiet", "--json", "events", "--follow"});
    std::this_thread::sleep_for(400ms);
    follower.signal(SIGTERM);
    const Result r = follower.finish();
    EXPECT_EQ(r.code, 0) << r;
    EXPECT_LT(r.elapsed, 3000ms);
}

TEST_F(Cli, eventsFollowWithCountEndsByItself)
{
    Process follower({"--redis", server.url(), "--quiet", "events", "--follow", "--count", "1"});
    std::this_thread::sleep_for(300ms);
    acquire({"--lock", "X:/A"});
    const Result r = follower.finish();
    EXPECT_EQ(r.code, 0) << r;
    EXPECT_EQ(lines(r.out).size(), 1u) << r;
}

TEST_F(Cli, locksWatchPrintsTheListThenEachChangeUntilSigint)
{
    const std::string first = acquire({"--owner", "early", "--lock", "X:/A"});
    Process watcher({"--redis", server.url(), "--quiet", "locks", "--watch"});
    std::this_thread::sleep_for(500ms);
    const std::string later = acquire({"--owner", "late", "--lock", "X:/B"});
    EXPECT_EQ(tl({"release", first}).code, 0);
    std::this_thread::sleep_for(500ms);
    watcher.signal(SIGINT);
    const Result r = watcher.finish();
    EXPECT_EQ(r.code, 0) << r;
    const auto rows = lines(r.out);
    ASSERT_EQ(rows.size(), 4u) << r; // the table's header and row, then two changes
    EXPECT_TRUE(contains(rows[1], first.substr(0, 8) + "  early")) << r;
    EXPECT_TRUE(contains(rows[2], " added " + later.substr(0, 8) + " late ")) << r;
    EXPECT_TRUE(contains(rows[3], " removed " + first.substr(0, 8) + " early ")) << r;
    EXPECT_TRUE(contains(rows[3], " released")) << r;
}

TEST_F(Cli, locksWatchWithJsonSaysWhyItListsAgain)
{
    Process watcher({"--redis", server.url(), "--quiet", "--json", "locks", "--watch"});
    std::this_thread::sleep_for(500ms);
    // Stopped, it reads the first grant late, from a stream trimmed past it meanwhile.
    watcher.signal(SIGSTOP);
    acquire({"--lock", "X:/A"});
    server.cli({"XTRIM", "tl:{default}:events", "MAXLEN", "0"});
    acquire({"--lock", "X:/B"});
    watcher.signal(SIGCONT);
    std::this_thread::sleep_for(800ms);
    watcher.signal(SIGTERM);
    const Result r = watcher.finish();
    EXPECT_EQ(r.code, 0) << r;
    const auto rows = lines(r.out);
    ASSERT_GE(rows.size(), 2u) << r;
    EXPECT_EQ(Json::parse(rows[0])["leases"].size(), 0u) << r;
    bool listed = false;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const Json line = Json::parse(rows[i]);
        if (line["change"] == "listed") {
            listed = true;
            EXPECT_EQ(line["reason"], "stream-trimmed") << line;
            EXPECT_EQ(line["leases"], 2) << line;
        }
    }
    EXPECT_TRUE(listed) << r;
}

// ---------------------------------------------------------------- waiting, contention, fairness

TEST_F(Cli, waitingListsABlockedAcquireUntilItIsGranted)
{
    EXPECT_EQ(tl({"waiting"}).out, "no one waits\n");
    const std::string holder = acquire({"--owner", "alice", "--op", "move-folder", "/A/C", "/B"});
    Process waiter({"--redis", server.url(), "--quiet", "acquire", "--owner", "bob", "--wait", "20000", "--op",
                    "delete-folder", "/A"});
    const auto holding = waitersUntil([](const Json& w) { return !w.empty() && w[0]["holds_back"] == true; }, 10s);
    ASSERT_TRUE(holding.met) << "no waiter past the grace after " << holding.after.count() << " ms: " << holding.list;
    ASSERT_EQ(holding.list.size(), 1u) << holding.list;
    const Json& w = holding.list[0];
    EXPECT_TRUE(isLeaseId(w["lease"].get<std::string>())) << w;
    EXPECT_EQ(w["owner"], "bob");
    EXPECT_EQ(w["op"], "delete-folder");
    EXPECT_EQ(requestsOf(w), "X:/A");
    EXPECT_LE(w["since_ms"].get<long long>(), w["last_attempt_ms"].get<long long>()) << w;
    EXPECT_EQ(w["expires_ms"].get<long long>() - w["last_attempt_ms"].get<long long>(), 2000) << w;
    EXPECT_GE(w["waited_ms"].get<long long>(), 0) << w;
    EXPECT_LE(w["expires_in_ms"].get<long long>(), 2000) << w;
    const Json& b = w["blocker"];
    EXPECT_EQ(b["lease"], holder);
    EXPECT_EQ(b["owner"], "alice");
    EXPECT_EQ(b["op"], "move-folder");
    EXPECT_EQ(b["path"], "/A/C");
    EXPECT_EQ(b["clash_path"], "/A");
    EXPECT_EQ(b["queued"], false);

    const Result text = tl({"waiting"});
    EXPECT_EQ(text.code, 0) << text;
    const auto rows = lines(text.out);
    ASSERT_EQ(rows.size(), 2u) << text;
    EXPECT_TRUE(std::regex_match(rows[0], std::regex("ID        OWNER  OP             REQUESTS  WAITED  BEHIND +AT  "
                                                     "HOLDS BACK")))
        << text;
    EXPECT_TRUE(std::regex_match(rows[1], std::regex(w["lease"].get<std::string>().substr(0, 8)
                                                     + "  bob    delete-folder  X /A      +\\d+\\.\\d s  "
                                                     "alice's move-folder \\(X /A/C\\), lease " + holder.substr(0, 8)
                                                     + ", \\d+\\.\\d s left  /A  yes")))
        << text;

    ASSERT_EQ(tl({"release", holder}).code, 0);
    const Result granted = waiter.finish();
    ASSERT_EQ(granted.code, 0) << granted;
    EXPECT_EQ(firstLine(granted.out), w["lease"]) << "the lease is granted under the id it waited with";
    const Json after = json({"waiting"});
    EXPECT_TRUE(after["waiters"].empty()) << "granted, so no longer waiting: " << after;
    EXPECT_EQ(tl({"waiting"}).out, "no one waits\n");
}

// dave's X on /A is refused by two leases: alice's S on /A/x and bob's X on /A/y;
// carol's /B is not in his way.
class CliBlockers : public Cli {
protected:
    void SetUp() override
    {
        alice = acquire({"--owner", "alice", "--ttl", "60000", "--lock", "S:/A/x"});
        bob = acquire({"--owner", "bob", "--ttl", "120000", "--lock", "X:/A/y"});
        carol = acquire({"--owner", "carol", "--lock", "X:/B"});
        dave = std::make_unique<Process>(std::vector<std::string>{
            "--redis", server.url(), "--quiet", "acquire", "--owner", "dave", "--wait", "20000", "--lock", "X:/A"});
        // Past the grace, so that dave holds back newer requests that conflict with his.
        const auto listed = waitersUntil([](const Json& w) { return !w.empty() && w[0]["holds_back"] == true; }, 10s);
        ASSERT_TRUE(listed.met) << "dave's acquire never waited past the grace: " << listed.list;
        davesId = listed.list[0]["lease"].get<std::string>();
    }

    std::string alice, bob, carol, davesId;
    std::unique_ptr<Process> dave;
};

TEST_F(CliBlockers, waitingListsEveryLeaseInTheWay)
{
    const Json waiting = json({"waiting"});
    ASSERT_EQ(waiting["waiters"].size(), 1u) << waiting;
    const Json& w = waiting["waiters"][0];
    ASSERT_EQ(w["blockers"].size(), 2u) << "both leases, and not carol's: " << w;
    const Json& first = w["blockers"][0];
    const Json& second = w["blockers"][1];
    EXPECT_EQ(first["lease"], alice) << "the sooner to expire first: " << w;
    EXPECT_EQ(first["path"], "/A/x");
    EXPECT_EQ(first["clash_path"], "/A");
    EXPECT_EQ(first["held_mode"], "IS");
    EXPECT_EQ(second["lease"], bob) << w;
    EXPECT_EQ(second["path"], "/A/y");
    EXPECT_EQ(second["clash_path"], "/A");
    EXPECT_EQ(second["held_mode"], "IX");
    EXPECT_EQ(second["wanted"], Json({{"mode", "X"}, {"path", "/A"}}));
    EXPECT_EQ(second["queued"], false);
    EXPECT_TRUE(w["blocker"]["lease"] == alice || w["blocker"]["lease"] == bob) << "the last refusal's, kept: " << w;

    const Result text = tl({"waiting"});
    const auto rows = lines(text.out);
    ASSERT_EQ(rows.size(), 3u) << "a row for dave and one for his second blocker: " << text;
    EXPECT_TRUE(contains(rows[1], davesId.substr(0, 8) + "  dave")) << text;
    EXPECT_TRUE(contains(rows[1], "alice's lock (S /A/x), lease " + alice.substr(0, 8))) << text;
    EXPECT_TRUE(std::regex_search(rows[2], std::regex("^ +bob's lock \\(X /A/y\\), lease " + bob.substr(0, 8)
                                                      + ", \\d+\\.\\d s left +/A$")))
        << text;
}

TEST_F(CliBlockers, forceReleaseBlockersOfFreesThemAllAndTheWaiterGetsIn)
{
    const Result r = tl({"force-release", "--blockers-of", davesId.substr(0, 8), "--reason", "let dave in",
                         "--operator", "ops"});
    ASSERT_EQ(r.code, 0) << r;
    EXPECT_EQ(r.out, "force-released " + alice + " (alice's lock (S /A/x))\n"
                     "force-released " + bob + " (bob's lock (X /A/y))\n"
                     "in the way of " + davesId + ": 2 leases force-released\n")
        << r;
    const Result granted = dave->finish();
    EXPECT_EQ(granted.code, 0) << "a blocker was left in dave's way: " << granted;
    EXPECT_EQ(firstLine(granted.out), davesId);

    std::set<std::string> forced;
    for (const auto& event : eventsJson()) {
        if (event["type"] == "force") {
            forced.insert(event["lease"].get<std::string>());
            EXPECT_EQ(event["reason"], "let dave in") << event;
            EXPECT_EQ(event["by"], "ops") << event;
            EXPECT_EQ(event["was_live"], true) << event;
        }
    }
    EXPECT_EQ(forced, (std::set<std::string>{alice, bob}));
    const Json locks = json({"locks"});
    ASSERT_EQ(locks["leases"].size(), 2u) << locks;
    EXPECT_EQ(tl({"renew", carol}).code, 0) << "carol's lease, not in the way, was kept";
}

TEST_F(CliBlockers, forceReleaseBlockersOfCancelsAnOlderWaiterInTheWay)
{
    // erin's S on /A/q clashes with no lease, only with dave's X on /A: he came first.
    Process erin({"--redis", server.url(), "--quiet", "acquire", "--owner", "erin", "--wait", "20000", "--lock",
                  "S:/A/q"});
    const auto both = waitersUntil([](const Json& w) { return w.size() == 2; }, 10s);
    ASSERT_TRUE(both.met) << both.list;
    const std::string erinsId = both.list[1]["lease"].get<std::string>();
    ASSERT_EQ(both.list[1]["owner"], "erin") << both.list;
    const Json& inTheWay = both.list[1]["blockers"];
    ASSERT_EQ(inTheWay.size(), 1u) << inTheWay;
    EXPECT_EQ(inTheWay[0]["lease"], davesId);
    EXPECT_EQ(inTheWay[0]["queued"], true);

    const Json r = json({"force-release", "--blockers-of", erinsId, "--reason", "erin first"});
    EXPECT_EQ(r["waiter"], erinsId) << r;
    EXPECT_EQ(r["cancelled"], 1) << r;
    EXPECT_EQ(r["force_released"], 0) << r;
    ASSERT_EQ(r["blockers"].size(), 1u) << r;
    EXPECT_EQ(r["blockers"][0]["result"], "cancelled") << r;
    const Result granted = erin.finish();
    EXPECT_EQ(granted.code, 0) << granted;
    EXPECT_EQ(json({"locks"})["leases"].size(), 4u) << "no lease was released";
}

TEST_F(CliBlockers, forceReleaseBlockersOfRefusesBadInputAndReleasesNothing)
{
    const std::string unknown = "0123456789abcdef0123456789abcdef";
    const Result none = tl({"force-release", "--blockers-of", unknown, "--reason", "r"});
    EXPECT_EQ(none.code, 4) << none;
    EXPECT_TRUE(contains(none.err, "no waiter of project default waits under lease id " + unknown)) << none;
    const Result noneJson = tl({"--json", "force-release", "--blockers-of", "01234567", "--reason", "r"});
    EXPECT_EQ(noneJson.code, 4) << noneJson;
    EXPECT_EQ(Json::parse(noneJson.err)["kind"], "waiter_unknown") << noneJson;
    EXPECT_TRUE(contains(noneJson.err, "01234567")) << noneJson;

    const Result noReason = tl({"force-release", "--blockers-of", davesId});
    EXPECT_EQ(noReason.code, 2) << noReason;
    EXPECT_TRUE(contains(noReason.err, "needs --reason")) << noReason;
    const Result both = tl({"force-release", alice, "--blockers-of", davesId, "--reason", "r"});
    EXPECT_EQ(both.code, 2) << both;
    EXPECT_TRUE(contains(both.err, "not both")) << both;
    const Result malformed = tl({"force-release", "--blockers-of", "dave", "--reason", "r"});
    EXPECT_EQ(malformed.code, 2) << malformed;
    EXPECT_TRUE(contains(malformed.err, "invalid --blockers-of \"dave\"")) << malformed;
    const Result badDelay = tl({"force-release", "--blockers-of", davesId, "--reason", "r", "--lock-delay", "-1"});
    EXPECT_EQ(badDelay.code, 2) << badDelay;

    EXPECT_EQ(json({"locks"})["leases"].size(), 3u) << "nothing was released";
    for (const auto& event : eventsJson())
        EXPECT_NE(event["type"], "force") << event;
    const Json waiting = json({"waiting"});
    ASSERT_EQ(waiting["waiters"].size(), 1u) << "dave still waits: " << waiting;
    EXPECT_EQ(waiting["waiters"][0]["lease"], davesId);
}

TEST_F(Cli, waitingForgetsAnAcquireThatGivesUp)
{
    acquire({"--owner", "alice", "--lock", "X:/A"});
    Process waiter({"--redis", server.url(), "--quiet", "acquire", "--owner", "bob", "--wait", "1500", "--lock",
                    "X:/A/B"});
    const auto listed = waitersUntil(&Cli::anyone, 10s);
    ASSERT_TRUE(listed.met) << "the waiting acquire never appeared";
    const Result gaveUp = waiter.finish();
    EXPECT_EQ(gaveUp.code, 3) << gaveUp;
    // Its registration would last 2 s after its last attempt; the CLI cancels it.
    const Json after = json({"waiting"});
    EXPECT_TRUE(after["waiters"].empty()) << "the acquire that timed out is still listed: " << after;
}

TEST_F(Cli, waitingForgetsAKilledAcquireWithinTheRefreshPeriod)
{
    acquire({"--owner", "alice", "--lock", "X:/A"});
    Process waiter({"--redis", server.url(), "--quiet", "acquire", "--owner", "bob", "--wait", "60000", "--lock",
                    "X:/A"});
    const auto listed = waitersUntil(&Cli::anyone, 10s);
    ASSERT_TRUE(listed.met) << "the waiting acquire never appeared";
    waiter.signal(SIGKILL);
    const Result killed = waiter.finish();
    EXPECT_EQ(killed.code, 128 + SIGKILL) << killed;
    // Nothing cancels it: it goes when its last attempt is 2 s old.
    const auto gone = waitersUntil(&Cli::noOne, 3500ms);
    EXPECT_TRUE(gone.met) << "still listed " << gone.after.count() << " ms after the kill: " << gone.list;
    std::cout << "[          ] the killed waiter was dropped " << gone.after.count() << " ms after the kill\n";
}

TEST_F(Cli, acquireBehindAWaiterSaysSo)
{
    const std::string holder = acquire({"--owner", "alice", "--op", "move-folder", "/A/C", "/B"});
    Process bob({"--redis", server.url(), "--quiet", "acquire", "--owner", "bob", "--wait", "20000", "--op",
                 "delete-folder", "/A"});
    const auto holding = waitersUntil([](const Json& w) { return !w.empty() && w[0]["holds_back"] == true; }, 10s);
    ASSERT_TRUE(holding.met) << holding.list;
    const std::string bobsId = holding.list[0]["lease"].get<std::string>();

    // carol's create does not clash with alice's move, but with bob's delete, who came first.
    const Result refused = tl({"acquire", "--owner", "carol", "--op", "create", "/A/D", "x.txt"});
    EXPECT_EQ(refused.code, 3) << refused;
    EXPECT_EQ(refused.out, "waits behind bob's delete-folder (X /A), who has waited longer\n") << refused;
    const Json answer = json({"acquire", "--owner", "carol", "--op", "create", "/A/D", "x.txt"});
    EXPECT_EQ(answer["blocker"]["queued"], true) << answer;
    EXPECT_EQ(answer["blocker"]["lease"], bobsId) << answer;
    EXPECT_EQ(answer["blocker"]["owner"], "bob") << answer;
    EXPECT_EQ(answer["blocker"]["op"], "delete-folder") << answer;
    EXPECT_EQ(answer["blocker"]["expires_in_ms"], 0) << answer;

    const Result timedOut = tl({"acquire", "--owner", "carol", "--wait", "300", "--op", "create", "/A/D", "x.txt"});
    EXPECT_EQ(timedOut.code, 3) << timedOut;
    EXPECT_EQ(timedOut.out, "waits behind bob's delete-folder (X /A), who has waited longer\n") << timedOut;
    EXPECT_TRUE(contains(timedOut.err, "still blocked after waiting 0.3 s")) << timedOut;
    const Json timedOutJson = json({"acquire", "--owner", "carol", "--wait", "300", "--op", "create", "/A/D", "y"});
    EXPECT_EQ(timedOutJson["timed_out"], true) << timedOutJson;
    EXPECT_EQ(timedOutJson["blocker"]["queued"], true) << timedOutJson;

    // Without fairness nothing queues: carol's create goes past bob.
    ASSERT_EQ(tl({"config", "grace=off"}).code, 0);
    const Result past = tl({"acquire", "--owner", "carol", "--op", "create", "/A/D", "x.txt"});
    EXPECT_EQ(past.code, 0) << past;

    ASSERT_EQ(tl({"release", holder}).code, 0);
    ASSERT_EQ(tl({"release", firstLine(past.out)}).code, 0);
    const Result bobGranted = bob.finish();
    EXPECT_EQ(bobGranted.code, 0) << bobGranted;
}

TEST_F(Cli, contentionCountsEveryRefusal)
{
    EXPECT_EQ(tl({"contention"}).out, "no refusals counted\n");
    EXPECT_TRUE(json({"contention"})["paths"].empty());

    acquire({"--owner", "alice", "--op", "move-folder", "/A/C", "/B"});
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(tl({"acquire", "--owner", "carol", "--op", "delete-folder", "/A"}).code, 3);
    for (int i = 0; i < 2; ++i)
        EXPECT_EQ(tl({"acquire", "--owner", "dave", "--lock", "S:/B/C/x"}).code, 3);
    EXPECT_EQ(tl({"acquire", "--owner", "dave", "--lock", "X:/B/C"}).code, 3);

    const Json table = json({"contention"});
    const Json& paths = table["paths"];
    ASSERT_EQ(paths.size(), 2u) << table;
    EXPECT_EQ(paths[0]["path"], "/A") << table;
    EXPECT_EQ(paths[0]["total"], 4) << table;
    EXPECT_EQ(paths[0]["waiters"], 0) << table;
    EXPECT_EQ(paths[0]["operations"], Json::parse(R"([{"wanted":"delete-folder","blocking":"move-folder","count":4}])"))
        << table;
    EXPECT_EQ(paths[1]["path"], "/B/C") << table;
    EXPECT_EQ(paths[1]["total"], 3) << table;
    EXPECT_EQ(paths[1]["operations"], Json::parse(R"([{"wanted":"lock","blocking":"move-folder","count":3}])"))
        << table;
    // Each refusal weighs 1 and halves every minute: a few seconds on, a little under 1.
    for (const auto& hot : paths) {
        const double total = hot["total"].get<double>();
        EXPECT_LE(hot["refusals"].get<double>(), total + 1e-9) << hot;
        EXPECT_GT(hot["refusals"].get<double>(), 0.8 * total) << hot;
        EXPECT_LE(hot["last_ms"].get<long long>(), table["server_time_ms"].get<long long>()) << hot;
        EXPECT_GE(hot["last_age_ms"].get<long long>(), 0) << hot;
    }

    const Result text = tl({"contention"});
    EXPECT_EQ(text.code, 0) << text;
    const auto rows = lines(text.out);
    ASSERT_EQ(rows.size(), 3u) << text;
    EXPECT_EQ(rows[0], "PATH  PER MIN  TOTAL  WAITERS       LAST  OPERATIONS") << text;
    // PER MIN: the decayed count times ln 2 (4 refusals: 2.8, a little less a moment later).
    EXPECT_TRUE(std::regex_match(rows[1], std::regex("/A    +(2\\.8|2\\.7)      4        0  +\\d+\\.\\d s ago  "
                                                     "delete-folder vs move-folder ×4")))
        << text;
    EXPECT_TRUE(std::regex_match(rows[2], std::regex("/B/C  +(2\\.1|2\\.0)      3        0  +\\d+\\.\\d s ago  "
                                                     "lock vs move-folder ×3")))
        << text;

    // A waiter stuck on a path is counted there.
    Process waiter({"--redis", server.url(), "--quiet", "acquire", "--wait", "1000", "--lock", "X:/B/C/y"});
    ASSERT_TRUE(waitersUntil(&Cli::anyone, 10s).met);
    const Json withWaiter = json({"contention"});
    std::map<std::string, Json> byPath;
    for (const auto& hot : withWaiter["paths"])
        byPath[hot["path"].get<std::string>()] = hot;
    ASSERT_EQ(byPath.size(), 2u) << withWaiter;
    EXPECT_EQ(byPath["/B/C"]["waiters"], 1) << withWaiter;
    EXPECT_EQ(byPath["/B/C"]["total"].get<int>(), 4) << "its first attempt counts, not its retries: " << withWaiter;
    EXPECT_EQ(byPath["/A"]["waiters"], 0) << withWaiter;
    EXPECT_EQ(waiter.finish().code, 3);

    EXPECT_EQ(json({"contention", "--top", "1"})["paths"].size(), 1u);
    EXPECT_EQ(json({"contention", "--top", "256"})["paths"].size(), 2u);
    EXPECT_EQ(lines(tl({"contention", "--top", "1"}).out).size(), 2u) << "a header and one path";
    for (const std::string bad : {"0", "257", "-1", "ten", "1e3"}) {
        const Result r = tl({"contention", "--top", bad});
        EXPECT_EQ(r.code, 2) << r;
        EXPECT_TRUE(contains(r.err, "invalid --top \"" + bad + "\": expected a whole number of paths from 1 to 256"))
            << r;
        EXPECT_EQ(r.out, "") << r;
    }
}

TEST_F(Cli, configGraceIsSetReadBackAndTurnedOff)
{
    EXPECT_EQ(tl({"config"}).out, "events=all\ngrace=5\n");
    EXPECT_EQ(json({"config"}), Json::parse(R"({"events":"all","grace_ms":5})"));

    const Result set = tl({"config", "grace=250", "--operator", "alice"});
    EXPECT_EQ(set.code, 0) << set;
    EXPECT_EQ(set.out, "events=all\ngrace=250\n");
    EXPECT_EQ(tl({"config"}).out, "events=all\ngrace=250\n");
    const Result again = run({"--redis", server.url(), "config", "grace=250"});
    EXPECT_EQ(again.out, "events=all\ngrace=250\n");
    EXPECT_TRUE(contains(again.err, "treelock: grace=250 was already in force: nothing changed or recorded\n"))
        << again;
    EXPECT_EQ(tl({"config", "grace=250"}).err, "") << "--quiet silences the note";

    const Result off = tl({"--json", "config", "grace=off"});
    EXPECT_EQ(off.code, 0) << off;
    EXPECT_EQ(Json::parse(off.out), Json::parse(R"({"events":"all","grace_ms":null})"));
    EXPECT_EQ(tl({"config"}).out, "events=all\ngrace=off\n");

    const Result both = tl({"config", "events=audit", "grace=0"});
    EXPECT_EQ(both.code, 0) << both;
    EXPECT_EQ(both.out, "events=audit\ngrace=0\n");

    for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{
             {"config", "grace=60001"}, {"config", "grace=-5"}, {"config", "grace=5", "grace=off"},
             {"config", "grace=", "events=all"}}) {
        const Result r = tl(bad);
        EXPECT_EQ(r.code, 2) << r;
        EXPECT_TRUE(contains(r.err, "grace")) << r;
        EXPECT_EQ(r.out, "") << r;
    }
    EXPECT_EQ(tl({"config"}).out, "events=audit\ngrace=0\n") << "refused changes change nothing";

    // Each change is a config event (an unchanged setting records none).
    std::vector<std::string> settings;
    for (const Json& event : eventsJson()) {
        EXPECT_EQ(event["type"], "config") << event;
        settings.push_back(event["setting"].get<std::string>() + " by " + event["by"].get<std::string>());
    }
    EXPECT_EQ(settings, (std::vector<std::string>{"grace=250 by alice", "grace=off by tester", "events=audit by tester",
                                                  "grace=0 by tester"}));
    const Result text = tl({"events"});
    EXPECT_TRUE(contains(text.out, " config - - - - grace=250 by=alice host=")) << text;
    EXPECT_TRUE(contains(text.out, " config - - - - grace=off by=tester host=")) << text;
}

// Readers that always overlap on /r would keep a writer of /r out for ever if
// whoever tries when the paths are free got them: past the grace, the waiting
// writer holds back new readers, the old ones' leases end, and it gets in.
TEST_F(Cli, aWriterGetsInBetweenReadersThatAlwaysOverlap)
{
    const std::filesystem::path stopFile = ::testing::TempDir() + "/treelock-readers-stop-" + std::to_string(::getpid());
    // Six shell loops (processes, not threads: the children's pipes stay apart).
    // Each lease lasts 400 ms (the CLI holds a lock for its TTL) and a new one
    // follows every 100 ms or so, so each reader always holds one or more.
    const auto startReaders = [&] {
        std::filesystem::remove(stopFile);
        std::vector<std::unique_ptr<treelock::test::ChildProcess>> loops;
        treelock::test::Environment env = treelock::test::inheritedEnvironment();
        env["USER"] = "tester";
        for (int i = 0; i < 6; ++i) {
            const std::string script = "while [ ! -e '" + stopFile.string() + "' ]; do if '" TREELOCK_CLI_PATH
                                       "' --redis '" + server.url() + "' --quiet acquire --owner reader"
                                       + std::to_string(i) + " --ttl 400 --lock S:/r/x" + std::to_string(i)
                                       + " >/dev/null 2>&1; then echo granted; sleep 0.1; else sleep 0.02; fi; done";
            loops.push_back(std::make_unique<treelock::test::ChildProcess>(
                std::vector<std::string>{"/bin/sh", "-c", script}, env));
        }
        // Every reader holds a lease before the writer comes.
        std::set<std::string> holding;
        const auto deadline = std::chrono::steady_clock::now() + 20s;
        while (holding.size() < 6 && std::chrono::steady_clock::now() < deadline) {
            const Json locks = json({"locks"});
            for (const auto& lease : locks["leases"]) {
                if (lease["state"] == "live" && lease["owner"].get<std::string>().rfind("reader", 0) == 0)
                    holding.insert(lease["owner"].get<std::string>());
            }
            std::this_thread::sleep_for(50ms);
        }
        EXPECT_EQ(holding.size(), 6u) << "not every reader got in";
        return loops;
    };
    const auto stopReaders = [&](std::vector<std::unique_ptr<treelock::test::ChildProcess>>& loops) {
        std::ofstream{stopFile};
        std::size_t grants = 0;
        for (auto& loop : loops)
            grants += lines(loop->finish().out).size();
        std::filesystem::remove(stopFile);
        return grants;
    };

    // Fairness off: expected to starve, but timing dependent, so only reported.
    ASSERT_EQ(tl({"config", "grace=off"}).code, 0);
    {
        auto loops = startReaders();
        const Result unfair = tl({"acquire", "--owner", "unfair-writer", "--wait", "3000", "--lock", "X:/r"});
        const std::size_t grants = stopReaders(loops);
        std::cout << "[          ] grace=off: the writer exited " << unfair.code << " after " << unfair.elapsed.count()
                  << " ms (3: starved for its whole 3 s wait); the readers were granted " << grants << " times\n";
        if (unfair.code == 0) {
            ASSERT_EQ(tl({"release", firstLine(unfair.out)}).code, 0);
        }
    }

    ASSERT_EQ(tl({"config", "grace=5"}).code, 0);
    auto loops = startReaders();
    const Result fair = tl({"acquire", "--owner", "writer", "--wait", "8000", "--lock", "X:/r"});
    const Json locks = json({"locks"});
    const std::size_t grants = stopReaders(loops);
    std::cout << "[          ] grace=5: the writer waited " << fair.elapsed.count() << " ms; the readers were granted "
              << grants << " times\n";
    EXPECT_EQ(fair.code, 0) << "the writer starved: " << fair;
    EXPECT_TRUE(isLeaseId(firstLine(fair.out))) << fair;
    bool writerHolds = false;
    for (const auto& lease : locks["leases"]) {
        if (lease["owner"] == "writer" && lease["state"] == "live")
            writerHolds = true;
    }
    EXPECT_TRUE(writerHolds) << locks;
}

// ---------------------------------------------------------------- exit 5, exit 1

TEST_F(Cli, unreachableRedisIsExit5)
{
    const int port = treelock::test::freeTcpPort();
    const Result tcp = run({"--redis", "redis://127.0.0.1:" + std::to_string(port), "locks"});
    EXPECT_EQ(tcp.code, 5) << tcp;
    EXPECT_TRUE(contains(tcp.err, "treelock: ")) << tcp;
    EXPECT_TRUE(contains(tcp.err, std::to_string(port))) << tcp;

    const Result unixSocket = run({"--redis", "unix:///nonexistent/treelock.sock", "acquire", "--lock", "X:/A"});
    EXPECT_EQ(unixSocket.code, 5) << unixSocket;
}

// Something that is not Redis on the port (a web server): the message says so
// instead of passing on the client library's protocol error alone.
TEST_F(Cli, aListenerThatIsNotRedisIsNamedAsSuch)
{
    const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(listener, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    ASSERT_EQ(::listen(listener, 8), 0);
    socklen_t length = sizeof addr;
    ASSERT_EQ(::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &length), 0);
    std::atomic<bool> stop{false};
    std::thread web([&] {
        while (!stop) {
            pollfd ready{listener, POLLIN, 0};
            if (::poll(&ready, 1, 50) <= 0)
                continue;
            const int client = ::accept(listener, nullptr, nullptr);
            if (client < 0)
                continue;
            char request[512];
            (void)::recv(client, request, sizeof request, 0);
            const char answer[] = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n";
            (void)::send(client, answer, sizeof answer - 1, MSG_NOSIGNAL);
            ::close(client);
        }
    });
    const Result r = run({"--redis", "redis://127.0.0.1:" + std::to_string(ntohs(addr.sin_port)), "locks"});
    stop = true;
    web.join();
    ::close(listener);
    EXPECT_EQ(r.code, 5) << r;
    EXPECT_TRUE(contains(r.err, "the answer is not in the Redis protocol: is this a Redis server?")) << r;
}

TEST_F(Cli, redisRefusingTheScriptIsExit1)
{
    // A user who may do everything but call functions: FCALL is refused (NOPERM).
    server.cli({"ACL", "SETUSER", "limited", "on", ">limited-pw", "~*", "&*", "+@all", "-fcall"});
    const Result r = run({"--redis", server.url(), "--quiet", "acquire", "--lock", "X:/A"},
                         {{"TREELOCK_REDIS_USER", "limited"}, {"TREELOCK_REDIS_PASSWORD", "limited-pw"}});
    EXPECT_EQ(r.code, 1) << r;
    EXPECT_TRUE(contains(r.err, "treelock: ")) << r;
    EXPECT_TRUE(contains(r.err, "NOPERM") || contains(r.err, "permission")) << r;
    EXPECT_FALSE(contains(r.out + r.err, "limited-pw")) << r;
}

// ---------------------------------------------------------------- exit 2

TEST_F(Cli, invalidInputIsExit2AndNamesTheInput)
{
    struct Case {
        std::vector<std::string> args;
        std::string named;
    };
    const std::vector<Case> cases{
        {{"acquire", "--lock", "Q:/A"}, "\"Q\""},
        {{"acquire", "--lock", "X:relative/path"}, "relative/path"},
        {{"acquire", "--lock", "X:/A/../B"}, "/A/../B"},
        {{"acquire", "--op", "create", "/A", "x/y"}, "x/y"},
        {{"acquire", "--op", "move-folder", "/A", "/A/B"}, "/A"},
        {{"acquire", "--ttl", "5", "--lock", "X:/A"}, "--ttl \"5\""},
        {{"acquire", "--ttl", "abc", "--lock", "X:/A"}, "\"abc\""},
        {{"--project", "no spaces", "locks"}, "no spaces"},
        {{"--redis", "http://example.com", "locks"}, "http://example.com"},
        {{"--redis", "redis://host:99999", "locks"}, "redis://host:99999"},
        {{"release", "not-a-lease"}, "not-a-lease"},
        {{"locks", "--bogus"}, "--bogus"},
        {{"acquire", "--lock"}, "--lock"},
        {{"force-release", "0123456789abcdef0123456789abcdef"}, "--reason"},
        {{"config", "events=loud"}, "\"loud\""},
        {{"config", "speed=fast"}, "\"speed\""},
        {{"config", "audit"}, "\"audit\""},
        {{"config", "grace=soon"}, "invalid grace \"soon\""},
        {{"config", "grace=60001"}, "\"60001\""},
        {{"config", "grace=5", "grace=off"}, "grace given twice"},
        {{"contention", "--top", "0"}, "invalid --top \"0\""},
        {{"waiting", "/A"}, "\"/A\""},
        {{"nope"}, "nope"},
    };
    for (const auto& c : cases) {
        // Input is checked before connecting: an unreachable server does not matter.
        std::vector<std::string> args = c.args;
        if (args.front() != "--redis")
            args.insert(args.begin(), {"--redis", "unix:///nonexistent/treelock.sock"});
        const Result r = run(args);
        EXPECT_EQ(r.code, 2) << ::testing::PrintToString(c.args) << "\n" << r;
        EXPECT_TRUE(contains(r.err, "treelock: ")) << r;
        EXPECT_TRUE(contains(r.err, c.named)) << "should name " << c.named << "\n" << r;
        EXPECT_EQ(r.out, "") << r;
    }
}

// Labels break the engine's rule the same way whether Redis is up or down: exit 2,
// checked before connecting.
TEST_F(Cli, badLabelsAreExit2WithRedisUpOrDown)
{
    const std::string lease = "0123456789abcdef0123456789abcdef";
    const std::string newline = "bob\nsmith";
    const std::string tooLong(257, 'x');
    struct Case {
        std::vector<std::string> args;
        std::string named;
    };
    const std::vector<Case> cases{
        {{"acquire", "--lock", "X:/A", "--owner", newline}, "--owner"},
        {{"acquire", "--lock", "X:/A", "--owner", tooLong}, "--owner"},
        {{"force-release", lease, "--reason", newline}, "--reason"},
        {{"force-release", lease, "--reason", tooLong}, "--reason"},
        {{"force-release", lease, "--reason", "r", "--operator", newline}, "--operator"},
        {{"sweep", "--operator", tooLong}, "--operator"},
    };
    for (const std::string& url : {server.url(), std::string("unix:///nonexistent/treelock.sock")}) {
        for (const auto& c : cases) {
            std::vector<std::string> args = c.args;
            args.insert(args.begin(), {"--redis", url, "--quiet"});
            const Result r = run(args);
            EXPECT_EQ(r.code, 2) << url << " " << ::testing::PrintToString(c.args) << "\n" << r;
            EXPECT_TRUE(contains(r.err, c.named)) << "should name " << c.named << "\n" << r;
        }
        // $USER stands in for --owner and --operator: the same rule, the same exit code.
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"acquire", "--lock", "X:/A"}, std::vector<std::string>{"sweep"},
              std::vector<std::string>{"force-release", lease, "--reason", "r"}}) {
            std::vector<std::string> full = args;
            full.insert(full.begin(), {"--redis", url, "--quiet"});
            const Result r = run(full, {{"USER", newline}});
            EXPECT_EQ(r.code, 2) << url << " " << ::testing::PrintToString(args) << "\n" << r;
            EXPECT_TRUE(contains(r.err, "$USER")) << r;
        }
    }
    EXPECT_EQ(tl({"locks"}).out, "no leases in project default\n") << "nothing was acquired";
}

// A purge item given as a path in the recycle bin is that path, not one below it.
TEST_F(Cli, purgeTakesAPathInTheRecycleBinAsItIs)
{
    const Json grant = json({"acquire", "--op", "purge", "/.recycle/a", "b"});
    EXPECT_EQ(requestsOf(grant), "X:/.recycle/a X:/.recycle/b") << grant.dump();
    const Result again = tl({"acquire", "--op", "purge", "a"});
    EXPECT_EQ(again.code, 3) << again;
    const Result bin = tl({"acquire", "--op", "purge", "/.recycle"});
    EXPECT_EQ(bin.code, 2) << bin;
    EXPECT_TRUE(contains(bin.err, "names the recycle bin itself")) << bin;
}

TEST_F(Cli, tooManyRequestsIsExit2)
{
    std::vector<std::string> args{"acquire"};
    for (int i = 0; i < 65; ++i)
        args.insert(args.end(), {"--lock", "X:/p" + std::to_string(i)});
    const Result r = tl(args);
    EXPECT_EQ(r.code, 2) << r;
}

// ---------------------------------------------------------------- connection settings

TEST_F(Cli, redisUrlFromTheEnvironment)
{
    const Result r = run({"--quiet", "acquire", "--lock", "X:/A"}, {{"TREELOCK_REDIS", server.url()}});
    EXPECT_EQ(r.code, 0) << r;
    const Result flag = run({"--redis", server.url(), "--quiet", "acquire", "--lock", "X:/A"},
                            {{"TREELOCK_REDIS", "unix:///nonexistent/treelock.sock"}});
    EXPECT_EQ(flag.code, 3) << flag; // --redis wins over the environment
}

TEST_F(Cli, serverWarningsGoToStderrUnlessQuiet)
{
    const Result loud = run({"--redis", server.url(), "locks"});
    EXPECT_EQ(loud.code, 0) << loud;
    EXPECT_TRUE(contains(loud.err, "treelock: warning: ")) << loud; // the test server has no persistence
    for (const auto& line : lines(loud.err))
        EXPECT_EQ(line.rfind("treelock: warning: ", 0), 0u) << line;
    const Result quiet = run({"--redis", server.url(), "--quiet", "locks"});
    EXPECT_EQ(quiet.err, "") << quiet;
}

TEST(CliCredentials, passwordNeverAppearsInAnyOutput)
{
    RedisServer::Options options;
    options.tcp = true;
    RedisServer server(options);
    const std::string password = "Sup3r-S3cret-Pw";
    server.cli({"ACL", "SETUSER", "alice", "on", ">" + password, "~*", "&*", "+@all"});
    const std::string port = std::to_string(server.port());
    const std::string withCreds = "redis://alice:" + password + "@127.0.0.1:" + port;

    std::vector<Result> results;
    const auto check = [&](const std::vector<std::string>& args, const EnvOverrides& env, int code) {
        Result r = run(args, env);
        EXPECT_EQ(r.code, code) << ::testing::PrintToString(args) << "\n" << r;
        EXPECT_FALSE(contains(r.out, password)) << r;
        EXPECT_FALSE(contains(r.err, password)) << r;
        results.push_back(std::move(r));
    };
    // Credentials in the URL.
    check({"--redis", withCreds, "acquire", "--lock", "X:/A"}, {}, 0);
    check({"--redis", withCreds, "locks"}, {}, 0);
    check({"--redis", withCreds, "--json", "events"}, {}, 0);
    // Credentials from the environment.
    check({"--redis", "redis://127.0.0.1:" + port, "acquire", "--lock", "X:/B"},
          {{"TREELOCK_REDIS_USER", "alice"}, {"TREELOCK_REDIS_PASSWORD", password}}, 0);
    check({"locks"},
          {{"TREELOCK_REDIS", withCreds}}, 0);
    // The user's other data is not needed: without credentials the default user still works here,
    // so check a wrong password is refused (exit 5) and the given one is not echoed.
    check({"--redis", "redis://alice:wrong-" + password + "@127.0.0.1:" + port, "locks"}, {}, 5);
    check({"--redis", "redis://127.0.0.1:" + port, "locks"},
          {{"TREELOCK_REDIS_USER", "alice"}, {"TREELOCK_REDIS_PASSWORD", password + "-x"}}, 5);
    // Unreachable, with credentials.
    check({"--redis", "redis://alice:" + password + "@127.0.0.1:" + std::to_string(treelock::test::freeTcpPort()),
           "locks"},
          {}, 5);
    // Malformed URLs that carry the password.
    check({"--redis", "redis://alice:" + password + "@127.0.0.1:notaport", "locks"}, {}, 2);
    check({"--redis", "redis://" + password + "@127.0.0.1:notaport", "locks"}, {}, 2);
    check({"--redis", "redis://alice:" + password + "@:6379", "locks"}, {}, 2);
    check({"redis://alice:" + password + "@127.0.0.1", "locks"}, {}, 2);
    // The user name may be shown; the password never.
    EXPECT_TRUE(contains(results[5].err, "alice")) << results[5];

    // Whatever stdout carries is scrubbed too: a label holding the password,
    // shown by locks and events, and the engine line of simulate on Redis.
    check({"--redis", withCreds, "--quiet", "acquire", "--lock", "X:/C", "--owner", "x" + password + "y"}, {}, 0);
    check({"--redis", withCreds, "locks"}, {}, 0);
    EXPECT_TRUE(contains(results.back().out, "x***y")) << results.back();
    check({"--redis", withCreds, "--json", "locks"}, {}, 0);
    check({"--redis", withCreds, "events"}, {}, 0);
    check({"--redis", withCreds, "--project", "sim", "simulate", "--users", "2", "--seconds", "0.2"}, {}, 0);
    EXPECT_TRUE(contains(results.back().out, "redis://alice:***@127.0.0.1:" + port)) << results.back();
}

} // namespace

// ---------------------------------------------------------------- simulate, scenario

namespace {
std::string scenarioFile(const std::string& name)
{
    const char* root = std::getenv("TREELOCK_SOURCE_DIR");
    return std::string(root ? root : ".") + "/resources/scenarios/" + name + ".json";
}
} // namespace

TEST_F(Cli, simulateJsonOnTheMemoryEngine)
{
    const Result on = run({"--json", "simulate", "--memory", "--users", "20", "--seconds", "3", "--seed", "4"});
    ASSERT_EQ(on.code, 0) << on;
    const Json stats = Json::parse(on.out);
    for (const char* key : {"attempts", "grants", "conflicts", "timeouts", "fencing_rejections", "violations",
                            "ops_per_second"})
        EXPECT_TRUE(stats.contains(key)) << key;
    EXPECT_EQ(stats["violations"], 0);
    EXPECT_GT(stats["grants"].get<int>(), 0);
    const Result again = run({"--json", "simulate", "--users", "20", "--seconds", "3", "--seed", "4"});
    EXPECT_EQ(again.out, on.out) << "same seed, same statistics";

    const Result off = run({"--json", "simulate", "--users", "20", "--seconds", "3", "--no-locking"});
    ASSERT_EQ(off.code, 0) << off;
    EXPECT_GT(Json::parse(off.out)["violations"].get<int>(), 0);
}

TEST_F(Cli, simulateOnRedisPrintsText)
{
    const Result r = tl({"--project", "sim", "simulate", "--users", "10", "--seconds", "1", "--crash-rate", "0.05"});
    ASSERT_EQ(r.code, 0) << r;
    EXPECT_NE(r.out.find("real time"), std::string::npos) << r;
    EXPECT_NE(r.out.find("0 violations"), std::string::npos) << r;
}

TEST_F(Cli, scenarioPassesOnMemoryAndRedis)
{
    const Result memory = run({"scenario", scenarioFile("seed-example")});
    ASSERT_EQ(memory.code, 0) << memory;
    EXPECT_NE(memory.out.find("blocked by A"), std::string::npos) << memory;
    EXPECT_NE(memory.out.find("passed"), std::string::npos) << memory;
    const Result redis = tl({"--project", "scn", "scenario", scenarioFile("fine-vs-seed")});
    EXPECT_EQ(redis.code, 0) << redis;
}

// $TREELOCK_REDIS names the server for the lock commands; simulate and scenario
// take real leases by the hundred, so they go to Redis only on --redis.
TEST_F(Cli, simulateAndScenarioUseRedisOnlyWhenNamedOnTheCommandLine)
{
    acquire({"--lock", "X:/A"}); // the default project is not empty
    const EnvOverrides env{{"TREELOCK_REDIS", server.url()}};
    const Result sim = run({"simulate", "--users", "5", "--seconds", "1", "--seed", "3"}, env);
    ASSERT_EQ(sim.code, 0) << sim;
    EXPECT_EQ(firstLine(sim.out), "engine memory, virtual time (deterministic), seed 3, profile fine") << sim;
    const Result scenario = run({"scenario", scenarioFile("seed-example")}, env);
    EXPECT_EQ(scenario.code, 0) << scenario;
    EXPECT_TRUE(contains(scenario.out, "engine memory")) << scenario;
    EXPECT_EQ(tl({"--json", "locks"}).out.find("user-0"), std::string::npos) << "no simulated user took a lease";

    const Result onRedis = tl({"scenario", scenarioFile("seed-example")});
    EXPECT_EQ(onRedis.code, 2) << onRedis;
    EXPECT_TRUE(contains(onRedis.err, "project default has 1 lease;")) << onRedis;
    const Result both = tl({"simulate", "--memory"});
    EXPECT_EQ(both.code, 2) << both;
}

TEST_F(Cli, scenarioWithAnUnexpectedOutcomeIsExit1)
{
    const std::string file = ::testing::TempDir() + "/bad-scenario.json";
    std::ofstream(file) << R"({"name":"bad","steps":[
        {"actor":"A","action":"acquire","op":"delete-folder","args":["/A"]},
        {"actor":"B","action":"acquire","op":"create","args":["/A","x"],"expect":"granted"}]})";
    const Result r = run({"scenario", file});
    EXPECT_EQ(r.code, 1) << r;
    EXPECT_NE(r.out.find("UNEXPECTED"), std::string::npos) << r;
    EXPECT_EQ(run({"scenario", "/nonexistent.json"}).code, 2);
}

// TLS: the redis-cli-style options and their environment variables, exit codes
// 5 (the server or its certificate) and 2 (a file that cannot be used), and
// the --insecure warning on every run.
class CliTls : public ::testing::Test {
protected:
    const treelock::test::TlsFiles& files = treelock::test::TlsFiles::get();
    RedisServer server{{.tcp = true, .tls = files.server(/*authClients=*/true)}};

    std::vector<std::string> withClientCertificate(std::vector<std::string> args) const
    {
        args.insert(args.begin(), {"--redis", server.tcpUrl(), "--cacert", files.path("ca.crt"), "--cert",
                                   files.path("client.crt"), "--key", files.path("client.key")});
        return args;
    }
};

TEST_F(CliTls, optionsOrTheEnvironmentReachAServerThatWantsAClientCertificate)
{
    const Result byOptions = run(withClientCertificate({"--quiet", "acquire", "--lock", "X:/A"}));
    EXPECT_EQ(byOptions.code, 0) << byOptions;
    const Result byEnvironment = run({"--quiet", "locks"}, {{"TREELOCK_REDIS", server.tcpUrl()},
                                                           {"TREELOCK_TLS_CACERT", files.path("ca.crt")},
                                                           {"TREELOCK_TLS_CERT", files.path("client.crt")},
                                                           {"TREELOCK_TLS_KEY", files.path("client.key")}});
    EXPECT_EQ(byEnvironment.code, 0) << byEnvironment;
    EXPECT_TRUE(contains(byEnvironment.out, "X:/A")) << byEnvironment;
    // An option wins over its variable.
    const Result optionWins = run(withClientCertificate({"--quiet", "locks"}),
                                  {{"TREELOCK_TLS_CACERT", "/nonexistent/ca.pem"}});
    EXPECT_EQ(optionWins.code, 0) << optionWins;
}

TEST_F(CliTls, aServerOrCertificateProblemExitsFiveAndNamesIt)
{
    const Result noCertificate = run({"--redis", server.tcpUrl(), "--cacert", files.path("ca.crt"), "locks"});
    EXPECT_EQ(noCertificate.code, 5) << noCertificate;
    EXPECT_TRUE(contains(noCertificate.err, "the server requires a client certificate: give one with --cert and --key"))
        << noCertificate;
    const Result unknownCa = run({"--redis", server.tcpUrl(), "--json", "locks"});
    EXPECT_EQ(unknownCa.code, 5) << unknownCa;
    const Json error = Json::parse(unknownCa.err);
    EXPECT_EQ(error["kind"], "tls") << unknownCa;
    EXPECT_TRUE(contains(error["message"].get<std::string>(), "is signed by a CA this client does not trust"))
        << unknownCa;
    EXPECT_LT(unknownCa.elapsed, 3s);
}

TEST_F(CliTls, aFileThatCannotBeUsedExitsTwoAndNamesIt)
{
    const Result missing = run({"--redis", server.tcpUrl(), "--cacert", files.path("ca.crt"), "--cert",
                                files.path("client.crt"), "--key", "/nonexistent/client.key", "locks"});
    EXPECT_EQ(missing.code, 2) << missing;
    EXPECT_EQ(missing.err, "treelock: the TLS client key \"/nonexistent/client.key\" (--key) cannot be read: No such "
                           "file or directory\n")
        << missing;
    const Result plainUrl = run({"--redis", "redis://127.0.0.1:1", "--cacert", files.path("ca.crt"), "locks"});
    EXPECT_EQ(plainUrl.code, 2) << plainUrl;
    EXPECT_TRUE(contains(plainUrl.err, "does not use TLS: use a rediss:// URL")) << plainUrl;
    const Result badSwitch = run(withClientCertificate({"locks"}), {{"TREELOCK_TLS_INSECURE", "maybe"}});
    EXPECT_EQ(badSwitch.code, 2) << badSwitch;
    EXPECT_TRUE(contains(badSwitch.err, "invalid TREELOCK_TLS_INSECURE \"maybe\": expected 1 (yes, true) or 0 (no, "
                                        "false)"))
        << badSwitch;
}

TEST_F(CliTls, insecureWarnsOnEveryRunEvenWhenQuiet)
{
    const std::string warning = "treelock: warning: --insecure: the server's certificate is not verified";
    for (int i = 0; i < 2; ++i) {
        const Result r = run({"--redis", server.tcpUrl(), "--quiet", "--insecure", "--cert", files.path("client.crt"),
                              "--key", files.path("client.key"), "locks"});
        EXPECT_EQ(r.code, 0) << r;
        EXPECT_TRUE(contains(r.err, warning)) << r;
    }
    const Result fromEnvironment = run({"--redis", server.tcpUrl(), "--quiet", "--cert", files.path("client.crt"),
                                        "--key", files.path("client.key"), "locks"},
                                       {{"TREELOCK_TLS_INSECURE", "1"}});
    EXPECT_EQ(fromEnvironment.code, 0) << fromEnvironment;
    EXPECT_TRUE(contains(fromEnvironment.err, warning)) << fromEnvironment;
}

TEST(CliSentinelCredentials, theSentinelPasswordNeverAppearsInAnyOutput)
{
    const std::string password = "Sentinel-Only-Pw";
    for (const auto& [args, env] : std::vector<std::pair<std::vector<std::string>, EnvOverrides>>{
             {{"--redis", "redis+sentinel://127.0.0.1:1/m?sentinel_password=" + password, "locks"}, {}},
             {{"--redis", "redis+sentinel://127.0.0.1:1/m", "--sentinel-user", "watcher", "locks"},
              {{"TREELOCK_SENTINEL_PASSWORD", password}}},
             {{"--redis", "redis+sentinel://127.0.0.1:1/m?sentinel_password=" + password, "--json", "locks"}, {}}}) {
        const Result r = run(args, env);
        EXPECT_EQ(r.code, 5) << r;
        EXPECT_FALSE(contains(r.out + r.err, password)) << r;
    }
}
