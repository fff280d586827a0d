#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace treelock {

/// Multiple-granularity lock modes. S and X cover the node's whole subtree.
enum class LockMode : unsigned char { IS = 0, IX = 1, S = 2, SIX = 3, X = 4 };

inline constexpr std::array<LockMode, 5> kAllModes{LockMode::IS, LockMode::IX, LockMode::S,
                                                   LockMode::SIX, LockMode::X};

/// The compatibility table of docs/semantics.md, "Paths and modes" (symmetric).
bool compatible(LockMode held, LockMode requested) noexcept;

/// The mode a request leaves on every proper ancestor: S and IS -> IS; IX, SIX, X -> IX.
LockMode intentionOf(LockMode mode) noexcept;

/// Least upper bound of two modes (IS < IX < SIX < X, IS < S < SIX; IX v S = SIX).
/// Used to merge two requests of one lease on the same path.
LockMode combine(LockMode a, LockMode b) noexcept;

/// "IS", "IX", "S", "SIX", "X".
std::string_view toString(LockMode mode) noexcept;

/// Parses an upper-case mode name; nullopt if it is not one.
std::optional<LockMode> parseLockMode(std::string_view text) noexcept;
/// The mode `text` names, for callers that take modes as text (the protocol's
/// clients do). Throws InvalidInput `invalid lock mode "Q": it must be one of IS IX
/// S SIX X` for any other text.
LockMode lockModeArgument(std::string_view text);

/// One (path, mode) element of a lease.
struct LockRequest {
    std::string path; ///< canonical once normalised
    LockMode mode = LockMode::X;

    friend bool operator==(const LockRequest&, const LockRequest&) = default;
};

struct PathOptions;

/// Canonicalises every path, merges requests on the same path with combine(),
/// and sorts by path. Throws InvalidPath / InvalidInput (empty set, more than
/// kMaxRequests requests).
std::vector<LockRequest> normalizeRequests(const std::vector<LockRequest>& requests,
                                           const PathOptions& options);

/// Upper bound on requests in one lease (keeps a script's work bounded).
inline constexpr std::size_t kMaxRequests = 64;

/// Parses "MODE:PATH" (the first ':' separates). Throws InvalidInput naming the text.
LockRequest parseLockSpec(std::string_view spec);

/// "X:/A/C" form.
std::string toString(const LockRequest& request);
/// The requests in "X:/A/C" form joined by `separator`: "IX:/A, X:/A/C".
std::string toString(const std::vector<LockRequest>& requests, std::string_view separator = ", ");

} // namespace treelock
