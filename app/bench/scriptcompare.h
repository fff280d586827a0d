#pragma once

#include "benchoptions.h"

#include <iosfwd>

namespace treelock::bench {

/// --compare-scripts: Redis server time per acquire + release pair for several
/// versions of Treelock's Lua, each a folder holding common.lua, acquire.lua and
/// release.lua (loaded as RedisEngine loads them: common, a newline, the verb).
/// Round by round, every version runs `pairs` pairs of X on fresh paths of
/// `depth` segments in a project of its own, with `held` other leases held
/// there; server time is INFO commandstats (fcall) per pair. Prints each
/// version's median [min–max] over the rounds and its ratio to the first
/// version, paired round by round, and removes the versions' keys. Every reply
/// is checked: throws std::runtime_error naming the file when a script answers
/// anything but success, and when a folder or the server cannot be used.
/// Returns the exit code (0).
int runScriptComparison(const BenchOptions& options, std::ostream& out, std::ostream& progress);

} // namespace treelock::bench
