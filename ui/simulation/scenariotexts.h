#pragma once

#include <treelock/sim/scenario.h>

#include <QString>

#include <string>

namespace treelock::ui {

// The words of a scenario as the player shows them, in the user's language.
// The built-in scenarios are JSON (":/scenarios/<name>.json"); scenariotexts.cpp
// lists their titles, descriptions and narrations for lupdate, with the action
// and outcome words and the forms of a step's details. A text it does not list
// is shown as written. Any thread (QCoreApplication::translate).

/// A title or narration of a built-in scenario (context "Scenario"). O(1).
QString scenarioText(const std::string& english);
/// A description: each paragraph (one a line) on its own. O(length).
QString scenarioDescription(const std::string& english);
/// An action's JSON word ("force-release"), translated. O(1).
QString scenarioActionWord(sim::ScenarioAction action);
/// An outcome word ("granted", "refused", "not-acknowledged"), translated. O(1).
QString scenarioOutcome(const std::string& word);
/// A step's detail or mismatch ("blocked by A: move-folder X /A/C, X held on
/// /A/C, expires in 29.9 s; waited 2.0 s"), clause by clause; a clause of no
/// known form is shown as written. O(length x forms).
QString scenarioDetail(const std::string& english);
/// True when the table of scenario texts lists `english` (every title,
/// description paragraph and narration of a built-in scenario must be). O(texts).
bool isListedScenarioText(const std::string& english);
/// True when scenarioDetail() knows the form of every clause of `english`. O(length x forms).
bool isKnownScenarioDetail(const std::string& english);

} // namespace treelock::ui
