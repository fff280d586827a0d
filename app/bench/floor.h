#pragma once

#include "treelock/redisprotocol.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace treelock::bench {

/// One Redis command as a call made it: its name and arguments.
using Command = std::vector<std::string>;

/// One MONITOR line: where the command came from ("lua" for a function's
/// redis.call, else the client's address) and the command. False for a line
/// that is not a command (e.g. "OK").
bool parseMonitorLine(std::string_view line, std::string& source, Command& command);

/// The floor of one Treelock pair: the Redis commands its acquire and its
/// release ran, recorded under MONITOR, replayed by functions that have no
/// logic at all: every argument a constant, every reply shaped as the real one.
/// What it costs is what Redis charges for the requests and the commands a pair
/// needs, before any of Treelock's own code runs.
struct FloorPair {
    std::string name;                  ///< "d3": its functions are floor_d3_acquire, floor_d3_release
    Command acquireCall, releaseCall;  ///< FCALL floor_<name>_... with the real calls' KEYS and ARGV
    std::vector<Command> acquireCommands, releaseCommands; ///< what the real functions ran
    /// State fields the pair found and left in place (shared ancestors, "#m"),
    /// with their values: copied to the floor's state hash so that its reads find them.
    std::vector<std::pair<std::string, std::string>> presentFields;
};

/// Keys of the floor: "tl:{<project>-floor}:...", a project of its own.
redis::KeySchema floorKeys(const std::string& project);

/// Runs one pair of X on each path in `paths` (one pair per path, in project
/// `project` through a RedisEngine on `url`), records what Redis ran for it
/// and names the floor of each after `names`. Throws when a pair is refused
/// or the recording is not what a pair looks like.
std::vector<FloorPair> recordFloor(const std::string& url, const std::string& project,
                                   const std::vector<std::string>& paths, const std::vector<std::string>& names);

/// The function library "treelock_floor" that replays `pairs` on floorKeys().
std::string floorLibrary(const std::vector<FloorPair>& pairs, const std::string& project);

/// FUNCTION LOAD REPLACE of floorLibrary(), and the floor's keys made as large as
/// the project's: its state hash holds the fields each pair found present, then
/// fillers up to `stateFields` fields, and its expiry index `expiryEntries`
/// fillers (due after any lease), so that the floor's commands work on hash
/// tables and a sorted set of the sizes Treelock's do (a lookup in 100,000
/// fields costs more than in three).
void loadFloor(redis::RawConnection& client, const std::vector<FloorPair>& pairs, const std::string& project,
               long long stateFields = 0, long long expiryEntries = 0);
/// The floor's keys back to what loadFloor leaves without fillers.
void shrinkFloor(redis::RawConnection& client, const std::vector<FloorPair>& pairs, const std::string& project);

/// The INFO commandstats calls of every command `run` makes Redis run (FCALL
/// included), measured from a CONFIG RESETSTAT on `client` (its own INFO and
/// CONFIG left out).
std::vector<std::pair<std::string, long long>> commandCalls(redis::RawConnection& client,
                                                            const std::function<void()>& run);

} // namespace treelock::bench
