#pragma once

#include "benchoptions.h"

#include <iosfwd>
#include <string>

namespace treelock::bench {

/// --tls N: what TLS costs, measured against plain TCP in the same run. One
/// private redis-server listens on a plain TCP port and on a TLS port, with a
/// throwaway certificate for 127.0.0.1 that `openssl` makes (the client
/// verifies it; no client certificate). N rounds; each measures depth-3
/// X acquire + release pairs on one connection for `duration` over TCP and
/// over TLS, the order alternating, and the time to connect (TCP connect +
/// PING; TCP connect + TLS handshake + PING), the median of 20 connects each.
/// Prints pairs/s per transport, the TLS/TCP ratio of time per pair (paired
/// within each round) and of connect time; --json adds every round. Progress
/// to `progress`. Returns 0; throws when the set-up or a call fails.
int runTlsBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                std::ostream& progress);

} // namespace treelock::bench
