#pragma once

#include "cliparser.h"

#include "treelock/lockmode.h"
#include "treelock/policy.h"

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace treelock::cli {

/// One `--lock MODE:PATH`. The path is kept as typed; core validates it.
struct LockSpec {
    LockMode mode = LockMode::X;
    std::string path;
    friend bool operator==(const LockSpec&, const LockSpec&) = default;
};

/// `grace=MS` or `grace=off` of `config`.
struct GraceSetting {
    std::optional<std::chrono::milliseconds> grace; ///< 0..kMaxGrace; nothing: fairness off
    friend bool operator==(const GraceSetting&, const GraceSetting&) = default;
};

} // namespace treelock::cli

// The checks a command line's values go through, each throwing UsageError with
// a message that names the input and the rule. Pure: no I/O, no environment.
namespace treelock::cli::values {

/// A whole number lo..hi; `unit` names what it counts ("a whole number of paths").
long long wholeNumber(std::string_view option, const std::string& value, long long lo, long long hi,
                      std::string_view unit = "a whole number");

/// A decimal number lo..hi.
double fraction(std::string_view option, const std::string& value, double lo, double hi);

/// A whole number of milliseconds lo..hi.
std::chrono::milliseconds millis(std::string_view option, const std::string& value, std::chrono::milliseconds lo,
                                 std::chrono::milliseconds hi);

/// `value`, refused when empty.
std::string nonEmpty(std::string_view option, const std::string& value);

/// A label (--owner, --operator, --reason): non-empty, and the engine's rule,
/// checked before connecting so bad input is exit 2 whether Redis is up or not.
std::string label(std::string_view option, const std::string& value);

/// One of Policy::builtinNames().
std::string profile(const std::string& value);

/// `MODE:PATH` of --lock.
LockSpec lock(const std::string& value);

/// `grace=...` of config, --grace of simulate: "off", or milliseconds 0..kMaxGrace.
GraceSetting grace(const std::string& value);

/// A stream id of --from: digits, or digits-digits.
bool isStreamId(std::string_view id);

/// Which lease ids a LEASE argument takes.
enum class LeaseArgument { Whole, WholeOrStart };

/// Exactly one LEASE argument; force-release also takes the start of one, as
/// `locks` and `waiting` show it.
void leaseArgument(std::string_view command, const std::vector<std::string>& positionals,
                   LeaseArgument accepted = LeaseArgument::Whole);

/// The value of an option that names a waiter (--blockers-of): its lease id or
/// the start of one, as `waiting` shows it.
/// A whole lease id given with `option` (acquire --lease-id), or UsageError.
std::string leaseId(std::string_view option, const std::string& value);
std::string waiterId(std::string_view option, const std::string& value);

/// No positional argument at all.
void noArguments(std::string_view command, const std::vector<std::string>& positionals);

/// The arguments `--op OPERATION` takes, checked against what it needs.
OperationCall operation(const std::string& name, const std::vector<std::string>& positionals);

/// Where a server listens: "HOST:PORT", HOST an IPv4 address or `localhost`
/// (127.0.0.1), PORT 0 to 65535 (0: any free port). The HTTP server behind it
/// (prometheus-cpp's) listens on IPv4 only, so "[::1]:80" is refused by name.
struct ListenAddress {
    std::string host;   ///< as given; "127.0.0.1" for localhost
    int port = 0;
    /// "host:port", as the HTTP server takes it.
    std::string text() const { return host + ":" + std::to_string(port); }
};
ListenAddress listenAddress(std::string_view option, const std::string& value);

} // namespace treelock::cli::values
