#include "treelock/sim/scenario.h"

#include "treelock/error.h"

#include <nlohmann/json.hpp>

#include <array>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>

namespace treelock::sim {

namespace {

using Json = nlohmann::json;
using std::chrono::milliseconds;

constexpr std::array<std::pair<ScenarioAction, std::string_view>, 13> kActionWords{{
    {ScenarioAction::Acquire, "acquire"},
    {ScenarioAction::Await, "await"},
    {ScenarioAction::Write, "write"},
    {ScenarioAction::Release, "release"},
    {ScenarioAction::Pause, "pause"},
    {ScenarioAction::Crash, "crash"},
    {ScenarioAction::Wait, "wait"},
    {ScenarioAction::Snapshot, "snapshot"},
    {ScenarioAction::Sweep, "sweep"},
    {ScenarioAction::ForceRelease, "force-release"},
    {ScenarioAction::Expect, "expect"},
    {ScenarioAction::StallReplica, "stall-replica"},
    {ScenarioAction::KillPrimary, "kill-primary"},
}};

/// Actions that take, use or drop the actor's lease: not while its acquire waits in the background.
bool usesLease(ScenarioAction action)
{
    switch (action) {
    case ScenarioAction::Acquire:
    case ScenarioAction::Write:
    case ScenarioAction::Release:
    case ScenarioAction::Pause:
    case ScenarioAction::Crash:
        return true;
    default:
        return false;
    }
}

/// Actions on the private Sentinel set-up.
bool needsSentinel(ScenarioAction action)
{
    return action == ScenarioAction::StallReplica || action == ScenarioAction::KillPrimary;
}

std::string defaultExpectation(ScenarioAction action, bool background)
{
    switch (action) {
    case ScenarioAction::Acquire:
        return background ? "waiting" : "granted";
    case ScenarioAction::Await:
        return "granted";
    case ScenarioAction::Write:
        return "applied";
    case ScenarioAction::Release:
    case ScenarioAction::ForceRelease:
        return "released";
    default:
        return "done";
    }
}

} // namespace

std::string_view toString(ScenarioAction action) noexcept
{
    for (const auto& [a, word] : kActionWords)
        if (a == action)
            return word;
    return {};
}

std::optional<ScenarioAction> parseScenarioAction(std::string_view word) noexcept
{
    for (const auto& [a, w] : kActionWords)
        if (w == word)
            return a;
    return std::nullopt;
}

Scenario Scenario::fromJson(std::string_view text)
{
    Json doc;
    try {
        doc = Json::parse(text);
    } catch (const Json::exception& error) {
        throw InvalidInput(std::string("scenario: malformed JSON: ") + error.what());
    }
    auto fail = [](const std::string& where, const std::string& why) -> void {
        throw InvalidInput("scenario: " + where + ": " + why);
    };
    if (!doc.is_object())
        fail("document", "must be an object");
    Scenario s;
    try {
        s.name = doc.value("name", std::string());
        s.title = doc.value("title", s.name);
        if (doc.contains("description")) {
            const Json& d = doc["description"];
            if (d.is_array())
                for (const auto& line : d)
                    s.description += (s.description.empty() ? "" : "\n") + line.get<std::string>();
            else
                s.description = d.get<std::string>();
        }
        s.profile = doc.value("profile", s.profile);
        s.ttl = milliseconds(doc.value("ttl_ms", s.ttl.count()));
        if (doc.contains("tree"))
            s.tree = doc["tree"].get<std::vector<std::string>>();
        s.topology = doc.value("topology", std::string());
    } catch (const Json::exception& error) {
        fail("header", error.what());
    }
    Policy::builtin(s.profile);
    if (!s.topology.empty() && s.topology != "sentinel")
        fail("topology", "must be \"sentinel\" or absent, not \"" + s.topology + "\"");
    const bool sentinel = s.topology == "sentinel";
    if (!doc.contains("steps") || !doc["steps"].is_array() || doc["steps"].empty())
        fail("steps", "must be a non-empty array");
    std::size_t index = 0;
    std::map<std::string, std::size_t> inBackground; // actor -> step (1-based) of its acquire
    for (const Json& j : doc["steps"]) {
        const std::string where = "step " + std::to_string(++index);
        if (!j.is_object())
            fail(where, "must be an object");
        ScenarioStep step;
        try {
            step.actor = j.value("actor", std::string("operator"));
            const std::string word = j.at("action").get<std::string>();
            const std::optional<ScenarioAction> action = parseScenarioAction(word);
            if (!action)
                fail(where, "unknown action \"" + word + "\"");
            step.action = *action;
            if (j.contains("op")) {
                const auto op = parseOperation(j["op"].get<std::string>());
                if (!op)
                    fail(where, "unknown operation " + j["op"].dump());
                step.call = OperationCall{*op, j.value("args", std::vector<std::string>{})};
            }
            if (step.action == ScenarioAction::Acquire && !step.call)
                fail(where, "acquire needs \"op\" and \"args\"");
            if (j.contains("profile")) {
                step.profile = j["profile"].get<std::string>();
                Policy::builtin(*step.profile);
            }
            step.waitFor = milliseconds(j.value("wait_ms", 0LL));
            if (step.action == ScenarioAction::Wait && !j.contains("wait_ms"))
                fail(where, "wait needs \"wait_ms\"");
            if (step.waitFor.count() < 0 || step.waitFor.count() > 60000)
                fail(where, "wait_ms must be within [0, 60000]");
            if (j.contains("ttl_ms"))
                step.ttl = milliseconds(j["ttl_ms"].get<long long>());
            if (needsSentinel(step.action) && !sentinel)
                fail(where, std::string(toString(step.action)) + " needs \"topology\": \"sentinel\"");
            step.minReplicas = j.value("min_replicas", 0);
            if (step.minReplicas != 0 && (!sentinel || step.action != ScenarioAction::Acquire))
                fail(where, "min_replicas goes with an acquire in a \"topology\": \"sentinel\" scenario");
            if (step.minReplicas < 0 || step.minReplicas > 1)
                fail(where, "min_replicas must be 0 or 1 (the set-up has one replica)");
            step.target = j.value("target", std::string());
            if (step.action == ScenarioAction::ForceRelease && step.target.empty())
                fail(where, "force-release needs \"target\" (the actor whose lease is released)");
            if (j.contains("background")) {
                if (!j["background"].is_boolean())
                    fail(where, "background must be true or false");
                step.background = j["background"].get<bool>();
                if (step.action != ScenarioAction::Acquire)
                    fail(where, "background goes with an acquire");
                if (step.background && step.minReplicas != 0)
                    fail(where, "an acquire in the background takes no min_replicas");
                if (step.background && step.waitFor.count() <= 0)
                    fail(where, "an acquire in the background needs \"wait_ms\" > 0: how long it may wait "
                                "while the next steps play");
            }
            if (const auto pending = inBackground.find(step.actor); pending != inBackground.end()) {
                if (step.action == ScenarioAction::Await)
                    inBackground.erase(pending);
                else if (usesLease(step.action))
                    fail(where, step.actor + " still waits in the background (step " + std::to_string(pending->second)
                                    + "): \"await\" it first");
            } else if (step.action == ScenarioAction::Await) {
                fail(where, "await: " + step.actor
                                + " has no acquire in the background (an acquire with \"background\": true before it)");
            }
            if (step.background)
                inBackground[step.actor] = index;
            step.expect = j.value("expect", defaultExpectation(step.action, step.background));
            if (j.contains("blocker"))
                step.blocker = j["blocker"].get<std::string>();
            if (j.contains("held_mode"))
                step.heldMode = j["held_mode"].get<std::string>();
            if (j.contains("queued")) {
                if (!j["queued"].is_boolean())
                    fail(where, "queued must be true (the blocker is an older waiter) or false (a holder)");
                if (step.action != ScenarioAction::Acquire && step.action != ScenarioAction::Await)
                    fail(where, "queued goes with an acquire or an await");
                step.queued = j["queued"].get<bool>();
            }
            if (j.contains("live"))
                step.live = j["live"].get<std::size_t>();
            if (j.contains("expired"))
                step.expired = j["expired"].get<std::size_t>();
            if (j.contains("waiters"))
                step.waiters = j["waiters"].get<std::size_t>();
            if (j.contains("count"))
                step.count = j["count"].get<std::size_t>();
            step.exists = j.value("exists", std::vector<std::string>{});
            step.missing = j.value("missing", std::vector<std::string>{});
            step.narration = j.value("narration", std::string());
        } catch (const Json::exception& error) {
            fail(where, error.what());
        }
        s.steps.push_back(std::move(step));
    }
    if (!inBackground.empty())
        fail("step " + std::to_string(inBackground.begin()->second),
             "the acquire of " + inBackground.begin()->first + " in the background is never awaited "
                 + "(an \"await\" step of " + inBackground.begin()->first + " after it)");
    return s;
}

Scenario Scenario::fromFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw InvalidInput("scenario: cannot read " + path);
    std::stringstream text;
    text << in.rdbuf();
    Scenario s = fromJson(text.str());
    if (s.name.empty())
        s.name = path;
    return s;
}

} // namespace treelock::sim
