// Every shipped scenario passes, on MemoryEngine and on Redis.
#include "redisoptions.h"
#include "redisserver.h"

#include "treelock/error.h"
#include "treelock/memoryengine.h"
#include "treelock/redisengine.h"
#include "treelock/sim/scenario.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <thread>

using namespace treelock;
using namespace treelock::sim;

namespace {

std::string scenarioDir()
{
    const char* root = std::getenv("TREELOCK_SOURCE_DIR");
    return std::string(root ? root : TREELOCK_SOURCE_DIR) + "/resources/scenarios";
}

const std::vector<std::string> kShipped{"seed-example", "pause-fencing", "crash-expiry", "fine-vs-seed",
                                        "readers-writer", "failover"};
/// Scenarios that start their own private Sentinel set-up (they kill primaries).
const std::vector<std::string> kSentinel{"failover"};

void play(const std::string& name, std::shared_ptr<Engine> engine)
{
    ScenarioPlayer player(Scenario::fromFile(scenarioDir() + "/" + name + ".json"), std::move(engine));
    const auto results = player.runAll();
    ASSERT_FALSE(results.empty());
    for (const auto& r : results)
        EXPECT_TRUE(r.ok) << name << ": " << r.line() << "\n  " << r.narration;
    EXPECT_TRUE(player.passed());
    EXPECT_TRUE(player.engine()->snapshot().leases.empty() || name == "pause-fencing")
        << name << " leaves leases behind";
}

} // namespace

TEST(Scenarios, EveryShippedFileIsListedHere)
{
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(scenarioDir()))
        if (entry.path().extension() == ".json") {
            ++files;
            EXPECT_NE(std::find(kShipped.begin(), kShipped.end(), entry.path().stem().string()), kShipped.end())
                << entry.path();
        }
    EXPECT_EQ(files, kShipped.size());
}

class ScenarioOnMemory : public ::testing::TestWithParam<std::string> {};

TEST_P(ScenarioOnMemory, Passes) { play(GetParam(), std::make_shared<MemoryEngine>("scenario")); }

const std::vector<std::string> kAnyEngine = [] {
    std::vector<std::string> names;
    for (const auto& n : kShipped)
        if (std::find(kSentinel.begin(), kSentinel.end(), n) == kSentinel.end())
            names.push_back(n);
    return names;
}();

INSTANTIATE_TEST_SUITE_P(Shipped, ScenarioOnMemory, ::testing::ValuesIn(kAnyEngine),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                             std::string n = param.param;
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

TEST(ScenarioClock, StandsStillBetweenStepsAndRunsDuringThem)
{
    ScenarioClock clock;
    const ServerTime held = clock.now();
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_EQ(clock.now(), held);
    clock.run();
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    clock.hold();
    const ServerTime after = clock.now();
    EXPECT_GE(after - held, std::chrono::milliseconds(30));
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_EQ(clock.now(), after);
}

// A viewer's pause between two steps is longer than the short TTLs of
// crash-expiry and pause-fencing; on the scenario clock it expires nothing.
TEST(ScenarioClock, ShortTtlScenariosPassWithPausesBetweenSteps)
{
    for (const std::string name : {"crash-expiry", "pause-fencing"}) {
        auto clock = std::make_shared<ScenarioClock>();
        auto engine = std::make_shared<MemoryEngine>("scenario", PathOptions{}, [clock] { return clock->now(); });
        ScenarioPlayer player(Scenario::fromFile(scenarioDir() + "/" + name + ".json"), engine, clock);
        while (!player.atEnd()) {
            const StepResult r = player.next();
            EXPECT_TRUE(r.ok) << name << ": " << r.line();
            EXPECT_FALSE(clock->running());
            std::this_thread::sleep_for(std::chrono::milliseconds(400));
        }
        EXPECT_TRUE(player.passed()) << name;
    }
}

TEST(ScenariosOnRedis, EveryShippedScenarioPasses)
{
    test::RedisServer server;
    int i = 0;
    for (const auto& name : kAnyEngine) {
        auto engine = std::make_shared<RedisEngine>(test::redisOptionsFor(server), "scenario" + std::to_string(++i));
        play(name, engine);
    }
}

// failover plays the seed's 004 story on its own primary, replica and sentinels:
// a lease lost with the primary is granted again, fencing refuses the old
// holder's write, and with min_replicas 1 the unacknowledged grant is refused.
TEST(ScenariosOnSentinel, FailoverPlaysTheSeedsStoryAndClosesIt)
{
    const Scenario scenario = Scenario::fromFile(scenarioDir() + "/failover.json");
    ASSERT_TRUE(ScenarioPlayer::bringsItsOwnEngine(scenario));
    play("failover", nullptr);
}

TEST(ScenariosOnSentinel, FailoverStepsNeedTheSentinelTopology)
{
    const auto error = [](const std::string& json) {
        try {
            Scenario::fromJson(json);
        } catch (const InvalidInput& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_EQ(error(R"({"steps":[{"action":"kill-primary"}]})"),
              "scenario: step 1: kill-primary needs \"topology\": \"sentinel\"");
    EXPECT_EQ(error(R"({"steps":[{"actor":"A","action":"acquire","op":"create","args":["/A","x"],"min_replicas":1}]})"),
              "scenario: step 1: min_replicas goes with an acquire in a \"topology\": \"sentinel\" scenario");
    EXPECT_EQ(error(R"({"topology":"cluster","steps":[{"action":"wait","wait_ms":1}]})"),
              "scenario: topology: must be \"sentinel\" or absent, not \"cluster\"");
    EXPECT_EQ(error(R"({"topology":"sentinel","steps":[{"actor":"A","action":"acquire","op":"create","args":["/A","x"],"min_replicas":2}]})"),
              "scenario: step 1: min_replicas must be 0 or 1 (the set-up has one replica)");
}

std::string parseError(const std::string& json)
{
    try {
        Scenario::fromJson(json);
    } catch (const InvalidInput& e) {
        return e.what();
    }
    return {};
}

TEST(Scenarios, BackgroundAcquiresAreCheckedWhenLoaded)
{
    const std::string acquireW = R"({"actor":"W","action":"acquire","op":"delete-folder","args":["/A/C"],"wait_ms":1000,"background":true})";
    EXPECT_EQ(parseError(R"({"steps":[{"actor":"W","action":"await"}]})"),
              "scenario: step 1: await: W has no acquire in the background (an acquire with \"background\": true before it)");
    EXPECT_EQ(parseError(R"({"steps":[{"actor":"W","action":"acquire","op":"delete-folder","args":["/A/C"],"background":true}]})"),
              "scenario: step 1: an acquire in the background needs \"wait_ms\" > 0: how long it may wait while the next steps play");
    EXPECT_EQ(parseError(R"({"steps":[)" + acquireW + "]}"),
              "scenario: step 1: the acquire of W in the background is never awaited (an \"await\" step of W after it)");
    EXPECT_EQ(parseError(R"({"steps":[)" + acquireW + R"(,{"actor":"W","action":"release"},{"actor":"W","action":"await"}]})"),
              "scenario: step 2: W still waits in the background (step 1): \"await\" it first");
    EXPECT_EQ(parseError(R"({"steps":[{"action":"wait","wait_ms":1,"background":true}]})"),
              "scenario: step 1: background goes with an acquire");
    EXPECT_EQ(parseError(R"({"steps":[{"actor":"R","action":"acquire","op":"create","args":["/A","x"],"queued":"yes"}]})"),
              "scenario: step 1: queued must be true (the blocker is an older waiter) or false (a holder)");
    EXPECT_EQ(parseError(R"({"steps":[{"action":"wait","wait_ms":1,"queued":true}]})"),
              "scenario: step 1: queued goes with an acquire or an await");
    // Others may act while W waits; W awaits once, then acts again.
    const Scenario ok = Scenario::fromJson(R"({"steps":[)" + acquireW
                                           + R"(,{"actor":"R","action":"release"},{"actor":"W","action":"await"},{"actor":"W","action":"release"}]})");
    ASSERT_EQ(ok.steps.size(), 4u);
    EXPECT_TRUE(ok.steps[0].background);
    EXPECT_EQ(ok.steps[0].expect, "waiting");
    EXPECT_EQ(ok.steps[2].expect, "granted");
}

// Without fairness the reader that comes while the writer waits gets in: the
// readers-writer story depends on it.
TEST(Scenarios, ReadersWriterNeedsFairness)
{
    auto engine = std::make_shared<MemoryEngine>("scenario");
    engine->setFairnessGrace(std::nullopt, "test");
    ScenarioPlayer player(Scenario::fromFile(scenarioDir() + "/readers-writer.json"), engine);
    for (int i = 0; i < 4; ++i)
        EXPECT_TRUE(player.next().ok);
    const StepResult r3 = player.next();
    EXPECT_EQ(r3.actor, "R3");
    EXPECT_EQ(r3.actual, "granted") << r3.line();
    EXPECT_FALSE(r3.ok);
    EXPECT_FALSE(player.passed());
    // Leaving now ends W's wait in the background and its registration.
}

// A wait in the background runs on the scenario's clock: a pause between
// steps longer than the whole wait does not end it.
TEST(ScenarioClock, BackgroundWaitSurvivesPausesLongerThanItsWait)
{
    const char* json = R"({"name":"w","tree":["/A/C/c.txt","/B/"],"steps":[
        {"actor":"R","action":"acquire","op":"copy-folder","args":["/A/C","/B"]},
        {"actor":"W","action":"acquire","op":"delete-folder","args":["/A/C"],"wait_ms":300,"background":true,
         "blocker":"R","queued":false,"held_mode":"S"},
        {"actor":"R","action":"release"},
        {"actor":"W","action":"await"},
        {"actor":"W","action":"release"}]})";
    auto clock = std::make_shared<ScenarioClock>();
    auto engine = std::make_shared<MemoryEngine>("scenario", PathOptions{}, [clock] { return clock->now(); });
    ScenarioPlayer player(Scenario::fromJson(json), engine, clock);
    while (!player.atEnd()) {
        const StepResult r = player.next();
        EXPECT_TRUE(r.ok) << r.line();
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    EXPECT_TRUE(player.passed());
    EXPECT_TRUE(engine->snapshot().leases.empty());
}

TEST(Scenarios, LeavingAPlayerEndsItsWaitsInTheBackground)
{
    const char* json = R"({"name":"w","tree":["/A/C/c.txt","/B/"],"steps":[
        {"actor":"R","action":"acquire","op":"copy-folder","args":["/A/C","/B"]},
        {"actor":"W","action":"acquire","op":"delete-folder","args":["/A/C"],"wait_ms":60000,"background":true},
        {"actor":"W","action":"await"}]})";
    auto engine = std::make_shared<MemoryEngine>("scenario");
    const auto started = std::chrono::steady_clock::now();
    {
        ScenarioPlayer player(Scenario::fromJson(json), engine);
        EXPECT_TRUE(player.next().ok);
        const StepResult waiting = player.next();
        EXPECT_EQ(waiting.actual, "waiting") << waiting.line();
        EXPECT_NE(waiting.detail.find("blocked by R"), std::string::npos) << waiting.detail;
        ASSERT_EQ(engine->snapshot().waiters.size(), 1u);
        EXPECT_EQ(engine->snapshot().waiters.front().owner, "W");
    }
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(30)) << "not the whole minute";
    const Snapshot after = engine->snapshot();
    EXPECT_TRUE(after.waiters.empty());
    EXPECT_TRUE(after.leases.empty());
}

TEST(Scenarios, ExpectationMismatchIsReported)
{
    const char* json = R"({"name":"t","steps":[
        {"actor":"A","action":"acquire","op":"delete-folder","args":["/A"],"narration":"A deletes /A"},
        {"actor":"B","action":"acquire","op":"create","args":["/A","x"],"expect":"granted"}]})";
    ScenarioPlayer player(Scenario::fromJson(json), std::make_shared<MemoryEngine>());
    EXPECT_TRUE(player.next().ok);
    const StepResult r = player.next();
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.actual, "refused");
    EXPECT_NE(r.line().find("UNEXPECTED"), std::string::npos) << r.line();
    EXPECT_FALSE(player.passed());
    EXPECT_TRUE(player.atEnd());
}

TEST(Scenarios, MalformedFilesAreRefusedWithTheStep)
{
    EXPECT_THROW(Scenario::fromJson("{"), InvalidInput);
    EXPECT_THROW(Scenario::fromJson(R"({"steps":[]})"), InvalidInput);
    try {
        Scenario::fromJson(R"({"steps":[{"action":"wait","wait_ms":1},{"action":"fly"}]})");
        FAIL();
    } catch (const InvalidInput& error) {
        EXPECT_NE(std::string(error.what()).find("step 2"), std::string::npos) << error.what();
    }
    EXPECT_THROW(Scenario::fromJson(R"({"steps":[{"action":"acquire","op":"jump"}]})"), InvalidInput);
}
