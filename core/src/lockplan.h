#pragma once

// Pure helpers shared by the engines: what a request set leaves on the nodes,
// which counts an acquire must check and in which order (docs/semantics.md),
// the "MODE PATH\n..." requests text of lease records and events, stream ids,
// and the validation of acquire/renew/force arguments. No I/O, no state.

#include "treelock/engine.h"
#include "treelock/lockmode.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace treelock::detail {

/// "<path>|<mode>", the field of a node count.
std::string nodeField(std::string_view path, LockMode mode);

/// Splits a node field at its last '|'; nullopt if there is none or the mode is unknown.
std::optional<std::pair<std::string, LockMode>> parseNodeField(std::string_view field);

/// One count a lease adds (and removes again when it goes).
struct Contribution {
    std::string field;
    std::int64_t delta = 0;
};

/// For each request (N, M): +1 on N|M and +1 on A|intention(M) for every proper
/// ancestor A, root first. Equal fields are merged; fields keep the order in
/// which they first appear. O(requests x depth).
std::vector<Contribution> contributionsOf(const std::vector<LockRequest>& requests);

/// One count an acquire must find at zero: a mode `held` on `path` that is
/// incompatible with what request number `request` needs there.
struct CheckStep {
    std::size_t request = 0;
    std::string path;
    LockMode held = LockMode::X;
    std::string field;
};

/// The counts to check, in the documented clash order: requests in their
/// (normalised) order; for each, its proper ancestors root first and then its
/// own node; at each node the modes IS, IX, S, SIX, X. Only pairs that cannot
/// coexist are listed, so the first listed field with a count > 0 is the clash.
std::vector<CheckStep> checkPlan(const std::vector<LockRequest>& requests);

/// True if `request` leaves `held` on `path`: it is (path, held) itself, or it
/// lies below `path` and its intention mode is `held`.
bool leavesOn(const LockRequest& request, std::string_view path, LockMode held);

/// The first request (in the given order) that leaves `held` on `path`, or null.
const LockRequest* firstLeavingOn(const std::vector<LockRequest>& requests,
                                  std::string_view path, LockMode held);

/// "MODE PATH" lines joined by '\n' (the `requests` field of records and events).
std::string formatRequests(const std::vector<LockRequest>& requests);

/// Inverse of formatRequests. An empty text gives no requests. Throws Error on a
/// line without a space or with an unknown mode (a corrupt record).
std::vector<LockRequest> parseRequests(std::string_view text);

/// Throws InvalidInput naming `what` unless ttl is in [kMinTtl, kMaxTtl].
void validateTtl(std::chrono::milliseconds ttl, std::string_view what = "ttl");

/// Throws InvalidInput naming `what` if the label is longer than kMaxLabelBytes,
/// contains NUL or a newline, or (when `required`) is empty.
void validateLabel(std::string_view what, std::string_view value, bool required = false);

/// Throws InvalidInput unless wait is in [0, kMaxTtl] and refresh in [kMinTtl, kMaxTtl].
void validateWait(std::chrono::milliseconds wait, std::chrono::milliseconds refresh);

/// Throws InvalidInput unless `holding` has at most kMaxHolding valid lease ids.
void validateHolding(const std::vector<LeaseId>& holding);

/// Throws InvalidInput unless `callId` has at most kMaxCallId bytes and no NUL.
void validateCallId(std::string_view callId);

/// Throws InvalidInput unless `renewEvery` is 0 or from 10 ms to `ttl`.
void validateRenewEvery(std::chrono::milliseconds renewEvery, std::chrono::milliseconds ttl);

/// The checks of a force-release, in the order every client makes them: the lease id,
/// the operator (required), the host, the reason (required), the lock-delay in [0, kMaxTtl].
void validateForce(std::string_view lease, const ForceOptions& options);

/// Throws InvalidInput unless `grace` is off or in [0, kMaxGrace].
void validateGrace(std::optional<std::chrono::milliseconds> grace);

/// "grace=<ms>" or "grace=off": how a config event names the setting.
std::string graceSetting(std::optional<std::chrono::milliseconds> grace);

/// A contention score read at `nowMs` as refusals weighted by half per
/// kContentionHalfLife: score x 2^-((now - epoch) / half-life).
double decayedRefusals(double score, std::int64_t nowMs, std::int64_t epochMs);

/// The weight of a refusal at `nowMs`: 2^((now - epoch) / half-life), computed as
/// lua/common.lua's countRefusal does.
double refusalWeight(std::int64_t nowMs, std::int64_t epochMs);

/// Throws InvalidInput unless `top` is in [1, kContentionPaths].
void validateTop(std::size_t top);

/// Throws InvalidInput naming `what` unless `id` is 32 lower-case hex digits.
void validateLeaseIdArgument(std::string_view id, std::string_view what = "lease id");

/// A stream entry id "<ms>-<seq>".
struct StreamId {
    std::int64_t ms = 0;
    std::int64_t seq = 0;
    friend auto operator<=>(const StreamId&, const StreamId&) = default;
};

std::string formatStreamId(StreamId id);

/// Parses "<ms>-<seq>" or "<ms>" (seq 0); "" is 0-0. nullopt if malformed.
std::optional<StreamId> parseStreamId(std::string_view text);

} // namespace treelock::detail
