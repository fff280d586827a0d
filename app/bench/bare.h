#pragma once

#include "treelock/redisprotocol.h"

#include <string_view>

namespace treelock::bench {

/// The bare pair: an acquire and a release that do, in Lua, only the work a
/// grant and a release of one uncontended request cannot do without, and run
/// the same Redis commands as Treelock's (the same as the floor's). Read the
/// time; split the path into its nodes; read them with the counters; check
/// each node's mode and raise or lower its count; pack the counters and the
/// record; write them; format the expiry and the fencing token for the index
/// and the event. No argument is checked, no refusal is explained, nothing is
/// reaped, nobody waits or is woken, no call is recognised as a repeat. It is
/// correct only for what the benchmark does with it (X on a path no other
/// lease blocks, in a project with no waiters, released before it expires),
/// and it writes what Treelock writes, so the two run on the same project.
/// Between the floor (commands, no logic) and Treelock (commands, all of its
/// logic) it measures what any logic in Lua costs at least.
extern const std::string_view kBareAcquireLua;
extern const std::string_view kBareReleaseLua;

/// The prologue of lua/ with the two functions above as its acquire and release.
const redis::Library& bareLibrary();

} // namespace treelock::bench
