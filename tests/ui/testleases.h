// Leases as Studio's model and decoration tests make them, at a fixed server time.
#pragma once

#include "locks/lockstate.h"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace treelock::ui::test {

/// The server time the tests decorate and count down at.
inline const ServerTime kNow{std::chrono::milliseconds(1'700'000'000'000)};

/// A "move-folder" lease of `owner` on `requests`, granted a second before kNow
/// for 30 s, with `left` to run at kNow (negative: expired). `id` is padded with
/// '0' to the 32 characters of a real lease id.
inline LeaseInfo testLease(std::string id, std::vector<LockRequest> requests,
                           std::chrono::milliseconds left = std::chrono::seconds(30), std::string owner = "alice")
{
    using namespace std::chrono_literals;
    LeaseInfo l;
    l.id = std::move(id);
    l.id.resize(32, '0');
    l.owner = std::move(owner);
    l.operation = "move-folder";
    l.requests = std::move(requests);
    l.ttl = 30s;
    l.createdAt = kNow - 1s;
    l.expiresAt = kNow + left;
    l.fence = 1;
    return l;
}

} // namespace treelock::ui::test
