#pragma once

#include "treelock/engine.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

// Pieces of output that more than one command prints.
namespace treelock::cli {

using Json = nlohmann::ordered_json;

/// One line of JSON. Labels are arbitrary bytes: invalid UTF-8 is replaced, never thrown on.
std::string dump(const Json& json);

/// Milliseconds since the epoch, as every JSON field `..._ms` gives a time.
long long msSinceEpoch(ServerTime time);

/// [{"mode", "path"}, ...].
Json requestsJson(const std::vector<LockRequest>& requests);

/// "1 lease", "3 leases" (or `many` when the plural is irregular).
std::string counted(std::size_t n, const std::string& one, const std::string& many = {});

/// `text`, or "-" for an empty one.
std::string orDash(const std::string& text);

/// "bob's delete-folder (X /A)": who is in the way and what it holds or asks for.
std::string whoText(const Blocker& b);

/// Every field of a blocker, as `acquire --json` and `waiting --json` print it.
Json blockerJson(const Blocker& b);

/// "live", "expired" or "revoked" at server time `now`.
std::string leaseState(const LeaseInfo& lease, ServerTime now);

/// Every field of a lease at server time `now`, as `locks --json` and `lease --json` print it.
Json leaseJson(const LeaseInfo& lease, ServerTime now);

/// `to - from` in milliseconds, never negative.
long long msBetween(ServerTime from, ServerTime to);

} // namespace treelock::cli
