#pragma once

// What the LeaseWatch tests share: polling a watch until it has nothing more to
// say, and comparing its view with a fresh snapshot as leasewatch.h promises.

#include "treelock/engine.h"
#include "treelock/error.h"
#include "treelock/leasewatch.h"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace treelock::test {

/// Everything a watch reported over several polls.
struct Polled {
    std::vector<LeaseDelta> deltas;
    std::vector<ListProgress> lists;   ///< every listing progress, in order
    std::size_t events = 0;

    std::size_t count(LeaseDelta::Kind kind, LeaseDelta::Cause cause = LeaseDelta::Cause::None) const
    {
        std::size_t n = 0;
        for (const LeaseDelta& d : deltas)
            n += d.kind == kind && (cause == LeaseDelta::Cause::None || d.cause == cause);
        return n;
    }
    /// The lists that ended, by reason.
    std::vector<RelistReason> finishedLists() const
    {
        std::vector<RelistReason> reasons;
        for (const ListProgress& p : lists)
            if (p.done)
                reasons.push_back(p.reason);
        return reasons;
    }
};

/// Polls (without blocking) until two polls in a row read nothing, list nothing
/// and change nothing. ConnectionError (a server restarting) is retried for up to
/// 20 s.
inline Polled pollUntilQuiet(LeaseWatch& watch, int limit = 100000)
{
    Polled all;
    int quiet = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    for (int i = 0; i < limit && quiet < 2; ++i) {
        WatchUpdate update;
        try {
            update = watch.poll(std::chrono::milliseconds(0));
        } catch (const ConnectionError&) {
            if (std::chrono::steady_clock::now() > deadline)
                throw;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            quiet = 0;
            continue;
        }
        const bool idle = update.deltas.empty() && update.events == 0 && !update.listing && watch.synced();
        quiet = idle ? quiet + 1 : 0;
        all.events += update.events;
        for (auto& d : update.deltas)
            all.deltas.push_back(std::move(d));
        if (update.listing)
            all.lists.push_back(*update.listing);
    }
    return all;
}

inline std::string describe(const LeaseInfo& l)
{
    std::ostringstream text;
    text << l.id.substr(0, 8) << " " << l.owner << "/" << l.operation << " fence " << l.fence << " expires "
         << l.expiresAt.time_since_epoch().count() << " holds " << l.holds << (l.revoked ? " revoked" : "");
    return text.str();
}

/// The view against `fresh`, the snapshot taken after the watch went quiet.
/// Leases whose expiry is within `margin` of the snapshot's time are not
/// compared (the two read the clock apart). Every other lease live in the
/// snapshot is in the view with the same fields, except the expiry and TTL of a
/// lease in `renewed` and the holds of one in `reentered` (renewals and
/// re-entries leave no event: the view learns of them when an expiry comes);
/// every lease in the view is live in the snapshot.
inline void expectViewMatches(const LeaseWatch& watch, const Snapshot& fresh, std::chrono::milliseconds margin,
                              const std::set<LeaseId>& renewed = {}, const std::set<LeaseId>& reentered = {})
{
    const ServerTime settled = fresh.serverTime + margin;
    std::map<LeaseId, LeaseInfo> truth;
    for (const LeaseInfo& l : fresh.leases)
        truth.emplace(l.id, l);
    const auto& view = watch.leases();
    for (const LeaseInfo& t : fresh.leases) {
        if (t.expiresAt <= settled)
            continue;
        const auto it = view.find(t.id);
        if (it == view.end()) {
            ADD_FAILURE() << "the view lacks lease " << describe(t);
            continue;
        }
        const LeaseInfo& v = it->second;
        EXPECT_EQ(v.owner, t.owner) << describe(t);
        EXPECT_EQ(v.operation, t.operation) << describe(t);
        EXPECT_EQ(v.requests, t.requests) << describe(t);
        EXPECT_EQ(v.fence, t.fence) << describe(t);
        EXPECT_EQ(v.createdAt, t.createdAt) << describe(t);
        EXPECT_EQ(v.revoked, t.revoked) << describe(t);
        if (!renewed.count(t.id)) {
            EXPECT_EQ(v.expiresAt, t.expiresAt) << describe(v) << " vs " << describe(t);
            EXPECT_EQ(v.ttl, t.ttl) << describe(t);
        }
        if (!reentered.count(t.id)) {
            EXPECT_EQ(v.holds, t.holds) << describe(t);
        }
    }
    for (const auto& [id, v] : view) {
        if (v.expiresAt <= settled)
            continue;
        const auto it = truth.find(id);
        if (it == truth.end())
            ADD_FAILURE() << "the view holds lease " << describe(v) << ", which the server does not";
        else if (it->second.expiresAt <= fresh.serverTime)
            ADD_FAILURE() << "the view holds lease " << describe(v) << ", which expired at "
                          << it->second.expiresAt.time_since_epoch().count();
    }
}

} // namespace treelock::test
