// Leases, waiters and hot paths as Studio's model and decoration tests make them, at a fixed server time.
#pragma once

#include "lockview/lockstate.h"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace treelock::ui::test {

/// The server time the tests decorate and count down at.
inline const ServerTime kNow{std::chrono::milliseconds(1'700'000'000'000)};

/// `id` padded with '0' to the 32 characters of a real lease id.
inline std::string testLeaseId(std::string id)
{
    id.resize(32, '0');
    return id;
}

/// What a lease and a waiter have alike: `owner`'s `operation` asking for
/// `requests`, with the id testLeaseId(`id`).
template <typename Requester>
Requester testRequester(std::string id, std::string owner, std::string operation, std::vector<LockRequest> requests)
{
    Requester r;
    r.id = testLeaseId(std::move(id));
    r.owner = std::move(owner);
    r.operation = std::move(operation);
    r.requests = std::move(requests);
    return r;
}

/// A "move-folder" lease of `owner` on `requests`, granted a second before kNow
/// for 30 s, with `left` to run at kNow (negative: expired). `id` is padded with
/// '0' to the 32 characters of a real lease id.
inline LeaseInfo testLease(std::string id, std::vector<LockRequest> requests,
                           std::chrono::milliseconds left = std::chrono::seconds(30), std::string owner = "alice")
{
    using namespace std::chrono_literals;
    auto l = testRequester<LeaseInfo>(std::move(id), std::move(owner), "move-folder", std::move(requests));
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
    b.lease = testLeaseId(std::move(lease));
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
    auto w = testRequester<WaiterInfo>(std::move(id), std::move(owner), "upload", std::move(requests));
    w.since = kNow - 12s;
    w.lastAttempt = kNow - 1s;
    w.expiresAt = kNow + 1s;
    w.holdsBack = true;
    w.blocker = std::move(blocker);
    return w;
}

/// A path refused once just now.
inline HotPath oneRefusal()
{
    HotPath p;
    p.refusals = 1;
    return p;
}

} // namespace treelock::ui::test
