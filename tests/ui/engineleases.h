// Leases, waiters and refusals taken on a real engine (the window's own, or a
// redis-server's), as Studio's window tests make them.
#pragma once

#include "bridge/bridge.h"
#include "mainwindow/mainwindow.h"

#include <treelock/engine.h>
#include <treelock/leaseid.h>

#include <QTest>

#include <chrono>
#include <memory>
#include <thread>
#include <vector>

namespace treelock::test {

/// The engine the window's bridge uses (the in-process one in memory mode).
inline std::shared_ptr<Engine> engineOf(ui::MainWindow& w)
{
    return w.bridge()->engine().get();
}

/// The options of `owner`'s operation `op`, with a ten-minute TTL.
inline AcquireOptions as(const char* owner, const char* op)
{
    AcquireOptions o;
    o.owner = owner;
    o.operation = op;
    o.ttl = std::chrono::minutes(10);
    return o;
}

/// `owner`'s `op` on `requests`: the lease granted, or empty if refused.
inline LeaseId take(Engine& engine, std::vector<LockRequest> requests, const char* owner, const char* op)
{
    const AcquireResult r = engine.acquire(requests, as(owner, op));
    return r.granted ? r.grant.lease : LeaseId();
}

/// A waiting acquire that is refused twice, the second time past the project's
/// grace (so it holds back newer conflicting requests), and stays registered
/// for ten minutes. Returns the id it waits under, or empty if it was granted.
inline LeaseId waitFor(Engine& engine, std::vector<LockRequest> requests, const char* owner, const char* op)
{
    AcquireOptions o = as(owner, op);
    o.wait = std::chrono::seconds(1);
    o.leaseId = newLeaseId();
    o.waitRefresh = std::chrono::minutes(10);
    if (engine.acquire(requests, o).granted)
        return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return engine.acquire(requests, o).granted ? LeaseId() : *o.leaseId;
}

/// Another attempt of the waiter `id` (refused again: it stays registered).
inline void retryWait(Engine& engine, std::vector<LockRequest> requests, const char* owner, const char* op, const LeaseId& id)
{
    AcquireOptions o = as(owner, op);
    o.wait = std::chrono::seconds(1);
    o.leaseId = id;
    o.waitRefresh = std::chrono::minutes(10);
    QVERIFY(!engine.acquire(requests, o).granted);
}

/// `n` refused attempts (no wait) of `owner`.
inline void refuse(Engine& engine, std::vector<LockRequest> requests, const char* owner, const char* op, int n)
{
    for (int i = 0; i < n; ++i)
        QVERIFY(!engine.acquire(requests, as(owner, op)).granted);
}

} // namespace treelock::test
