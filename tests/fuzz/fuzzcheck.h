// The property check every fuzz target uses: a failed property aborts, which
// libFuzzer reports as a crash and the replay test as a failure.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace treelock::fuzz {

/// Aborts with "property failed: <what>" on stderr when `ok` is false.
inline void check(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "property failed: %s\n", what);
        std::abort();
    }
}

} // namespace treelock::fuzz
