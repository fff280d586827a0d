// Leases and waiters as Studio's model and decoration tests make them, at a fixed server time.
#pragma once

#include "lockview/lockstate.h"

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

/// What refused a waiter: `owner`'s `operation` holding X on `path` (or, with
/// `queued`, an older waiter asking it), the clash found at `clashPath`.
inline Blocker testBlocker(std::string lease, std::string owner, std::string operation, std::string path,
                           std::string clashPath, bool queued = false)
{
    using namespace std::chrono_literals;
    Blocker b;
    b.lease = std::move(lease);
    b.lease.resize(32, '0');
    b.owner = std::move(owner);
    b.operation = std::move(operation);
    b.path = std::move(path);
    b.mode = LockMode::X;
    b.expiresIn = queued ? 0s : 20s;
    b.clashPath = std::move(clashPath);
    b.heldMode = LockMode::X;
    b.queued = queued;
    return b;
}

/// An "upload" waiter of `owner` on `requests`, refused first 12 s before kNow
/// and last a second before it, by `blocker`. `id` is padded like testLease's.
inline WaiterInfo testWaiter(std::string id, std::string owner, std::vector<LockRequest> requests, Blocker blocker)
{
    using namespace std::chrono_literals;
    WaiterInfo w;
    w.id = std::move(id);
    w.id.resize(32, '0');
    w.owner = std::move(owner);
    w.operation = "upload";
    w.requests = std::move(requests);
    w.since = kNow - 12s;
    w.lastAttempt = kNow - 1s;
    w.expiresAt = kNow + 1s;
    w.holdsBack = true;
    w.blocker = std::move(blocker);
    return w;
}

} // namespace treelock::ui::test
