#include "treelock/retry.h"

#include <algorithm>

namespace treelock {

using std::chrono::microseconds;

microseconds nextRetryDelay(int attempt, std::optional<std::chrono::milliseconds> blockerExpiresIn,
                            microseconds remaining, std::uint64_t random, microseconds minBackoff,
                            microseconds maxBackoff)
{
    const microseconds cap = std::max(maxBackoff, minBackoff);
    microseconds backoff = minBackoff;
    for (int i = 0; i < attempt && backoff < cap; ++i)
        backoff = std::min(backoff * 2, cap);
    const auto b = backoff.count();
    microseconds delay(b / 2 + static_cast<std::int64_t>(random % static_cast<std::uint64_t>(b / 2 + 1)));
    if (blockerExpiresIn)
        delay = std::min(delay, std::chrono::duration_cast<microseconds>(*blockerExpiresIn) + microseconds(1000));
    return std::max(microseconds(0), std::min(delay, remaining));
}

} // namespace treelock
