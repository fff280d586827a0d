#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

namespace treelock {

/// Backoff between attempts of a waiting acquire, shared by LockClient and the simulator.
namespace retry {
/// The first wait's backoff (5 ms).
inline constexpr std::chrono::microseconds kMinBackoff{5000};
/// The backoff stops doubling here (250 ms).
inline constexpr std::chrono::microseconds kMaxBackoff{250000};
} // namespace retry

/// How long a refused acquire waits before its next attempt (a wake-up may end it sooner).
/// `attempt` counts the waits before this one (0 for the first). The backoff starts at
/// `minBackoff` and doubles per wait up to `maxBackoff`; the delay is drawn from
/// [backoff/2, backoff] with `random` (any uniform 64-bit value), then cut to the
/// blocker's expiry plus 1 ms (when a lease blocks) and to the time `remaining`.
/// Pure: the same arguments give the same delay.
std::chrono::microseconds nextRetryDelay(int attempt, std::optional<std::chrono::milliseconds> blockerExpiresIn,
                                         std::chrono::microseconds remaining, std::uint64_t random,
                                         std::chrono::microseconds minBackoff = retry::kMinBackoff,
                                         std::chrono::microseconds maxBackoff = retry::kMaxBackoff);

} // namespace treelock
