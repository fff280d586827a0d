// Tree decoration as pure functions: given leases and the server time, which
// state every node shows.
#include "lockview/decoration.h"
#include "lockview/lockstate.h"
#include "panels/hotspots/hotspotmodel.h"
#include "testleases.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace treelock;
using namespace treelock::ui;
using namespace treelock::ui::test;
using namespace std::chrono_literals;

namespace {

TreeIndex seedTree()
{
    return TreeIndex({"/A", "/A/a.txt", "/A/C", "/A/C/c.txt", "/A/C/D", "/A/C/D/d.txt", "/A/C/E", "/B", "/A/CD"});
}

NodeKind kindAt(const NodeStateMap& m, const std::string& path)
{
    const auto it = m.find(path);
    return it == m.end() ? NodeKind::None : it->second.kind();
}

const char* name(NodeKind k)
{
    switch (k) {
    case NodeKind::None: return "None";
    case NodeKind::Expired: return "Expired";
    case NodeKind::CoveredS: return "CoveredS";
    case NodeKind::CoveredX: return "CoveredX";
    case NodeKind::IntentIS: return "IntentIS";
    case NodeKind::IntentIX: return "IntentIX";
    case NodeKind::HeldS: return "HeldS";
    case NodeKind::HeldSIX: return "HeldSIX";
    case NodeKind::HeldX: return "HeldX";
    }
    return "?";
}

#define COMPARE_KIND(map, path, expected) QCOMPARE(QString(name(kindAt(map, path))), QString(name(expected)))

} // namespace

class TestDecoration : public QObject {
    Q_OBJECT
private slots:
    void exclusiveLockMarksNodeAncestorsAndDescendants()
    {
        const TreeIndex tree = seedTree();
        const auto m = decorate({testLease("l1", {{"/A/C", LockMode::X}})}, kNow, &tree);
        COMPARE_KIND(m, "/A/C", NodeKind::HeldX);
        COMPARE_KIND(m, "/A", NodeKind::IntentIX);
        COMPARE_KIND(m, "/", NodeKind::IntentIX);
        COMPARE_KIND(m, "/A/C/D", NodeKind::CoveredX);
        COMPARE_KIND(m, "/A/C/D/d.txt", NodeKind::CoveredX);
        COMPARE_KIND(m, "/A/C/E", NodeKind::CoveredX);
        COMPARE_KIND(m, "/A/a.txt", NodeKind::None);
        COMPARE_KIND(m, "/B", NodeKind::None);
    }

    void siblingWithCommonPrefixIsNotCovered()
    {
        const TreeIndex tree = seedTree();
        const auto m = decorate({testLease("l1", {{"/A/C", LockMode::X}})}, kNow, &tree);
        COMPARE_KIND(m, "/A/CD", NodeKind::None);
    }

    void sharedLockLeavesIsOnAncestorsAndCoversAsShared()
    {
        const TreeIndex tree = seedTree();
        const auto m = decorate({testLease("l1", {{"/A/C", LockMode::S}})}, kNow, &tree);
        COMPARE_KIND(m, "/A/C", NodeKind::HeldS);
        COMPARE_KIND(m, "/A", NodeKind::IntentIS);
        COMPARE_KIND(m, "/A/C/D/d.txt", NodeKind::CoveredS);
    }

    void sixHeldAndCoversAsShared()
    {
        const TreeIndex tree = seedTree();
        const auto m = decorate({testLease("l1", {{"/B", LockMode::SIX}, {"/A/C", LockMode::X}})}, kNow, &tree);
        COMPARE_KIND(m, "/B", NodeKind::HeldSIX);
        COMPARE_KIND(m, "/", NodeKind::IntentIX);
        QVERIFY(hasMode(m.at("/").intent, LockMode::IX));
    }

    void intentionFromBelowWinsOverCoverFromAbove()
    {
        const TreeIndex tree = seedTree();
        const auto m = decorate({testLease("l1", {{"/A", LockMode::S}}), testLease("l2", {{"/A/C/c.txt", LockMode::S}}, 30s, "bob")},
                                kNow, &tree);
        COMPARE_KIND(m, "/A/C", NodeKind::IntentIS);
        QVERIFY(hasMode(m.at("/A/C").cover, LockMode::S));
        COMPARE_KIND(m, "/A/C/c.txt", NodeKind::HeldS);
    }

    void expiredLeaseShowsExpiredNotHeld()
    {
        const TreeIndex tree = seedTree();
        const auto m = decorate({testLease("l1", {{"/A/C", LockMode::X}}, -2s)}, kNow, &tree);
        COMPARE_KIND(m, "/A/C", NodeKind::Expired);
        COMPARE_KIND(m, "/A", NodeKind::Expired);
        COMPARE_KIND(m, "/A/C/D", NodeKind::Expired);
        QVERIFY(hasMode(m.at("/A/C").heldExpired, LockMode::X));
        QCOMPARE(m.at("/A/C").held, std::uint8_t(0));
    }

    void leaseExpiringExactlyNowIsExpired()
    {
        const auto m = decorate({testLease("l1", {{"/A", LockMode::X}}, 0ms)}, kNow, nullptr);
        COMPARE_KIND(m, "/A", NodeKind::Expired);
    }

    void liveStateWinsOverExpired()
    {
        const auto m = decorate({testLease("old", {{"/A", LockMode::X}}, -1s), testLease("new", {{"/A", LockMode::S}})}, kNow, nullptr);
        COMPARE_KIND(m, "/A", NodeKind::HeldS);
        QVERIFY(hasMode(m.at("/A").heldExpired, LockMode::X));
        QCOMPARE(m.at("/A").touches.size(), std::size_t(2));
    }

    void pathsOutsideTheTreeAreDecoratedToo()
    {
        // No tree at all: lease paths and their ancestors still get a state,
        // and a lease path below another lease's X is covered.
        const auto m = decorate({testLease("l1", {{"/Z", LockMode::X}}), testLease("l2", {{"/Z/q/r", LockMode::S}}, -1s)}, kNow, nullptr);
        COMPARE_KIND(m, "/Z", NodeKind::HeldX);
        COMPARE_KIND(m, "/Z/q", NodeKind::CoveredX);
        COMPARE_KIND(m, "/Z/q/r", NodeKind::CoveredX);
        QVERIFY(hasMode(m.at("/Z/q/r").heldExpired, LockMode::S));
    }

    void touchesListEveryLeaseWithItsRole()
    {
        const TreeIndex tree = seedTree();
        const auto m = decorate({testLease("a", {{"/A/C", LockMode::X}}), testLease("b", {{"/B", LockMode::X}}, 30s, "bob")}, kNow, &tree);
        const auto& root = m.at("/").touches;
        QCOMPARE(root.size(), std::size_t(2));
        QVERIFY(root[0].role == TouchRole::Intention && root[0].mode == LockMode::IX);
        const auto& d = m.at("/A/C/D").touches;
        QCOMPARE(d.size(), std::size_t(1));
        QVERIFY(d[0].role == TouchRole::Cover && d[0].mode == LockMode::X);
    }

    void soonestExpiryOfExplicitLeases()
    {
        const auto m = decorate({testLease("a", {{"/A", LockMode::S}}, 20s), testLease("b", {{"/A", LockMode::S}}, 5s)}, kNow, nullptr);
        QCOMPARE(m.at("/A").soonestExpiry.time_since_epoch().count(), (kNow + 5s).time_since_epoch().count());
    }

    void sameInputGivesEqualMaps()
    {
        const TreeIndex tree = seedTree();
        const std::vector<LeaseInfo> leases{testLease("a", {{"/A", LockMode::S}}), testLease("b", {{"/A/C", LockMode::S}}),
                                            testLease("c", {{"/A/C/D", LockMode::S}})};
        QVERIFY(decorate(leases, kNow, &tree) == decorate(leases, kNow, &tree));
    }

    void changedPathsReportsAddedRemovedAndChanged()
    {
        const TreeIndex tree = seedTree();
        const auto before = decorate({testLease("a", {{"/A/a.txt", LockMode::X}})}, kNow, &tree);
        const auto after = decorate({testLease("b", {{"/B", LockMode::X}})}, kNow, &tree);
        auto changed = changedPaths(before, after);
        std::sort(changed.begin(), changed.end());
        QCOMPARE(changed, (std::vector<std::string>{"/", "/A", "/A/a.txt", "/B"}));
        QVERIFY(changedPaths(after, after).empty());
    }

    void nextExpiryIsTheEarliestFutureOne()
    {
        const std::vector<LeaseInfo> leases{testLease("a", {{"/A", LockMode::S}}, -1s), testLease("b", {{"/B", LockMode::S}}, 9s),
                                            testLease("c", {{"/C", LockMode::S}}, 4s)};
        QCOMPARE(nextExpiry(leases, kNow).time_since_epoch().count(), (kNow + 4s).time_since_epoch().count());
        QVERIFY(nextExpiry({}, kNow) == ServerTime::max());
    }

    void leasesBelowCountsLeasesNotRequests()
    {
        // One rename names two paths under /A: one lease below /A, not two.
        const std::vector<LeaseInfo> leases{
            testLease("r", {{"/A/a.txt", LockMode::X}, {"/A/b.txt", LockMode::X}}),
            testLease("u", {{"/A/C/c.txt", LockMode::X}}, 30s, "bob"),
            testLease("old", {{"/A/C/D", LockMode::X}}, -1s, "carol"),
        };
        const TreeIndex tree = seedTree();
        const NodeStateMap m = decorate(leases, kNow, &tree);
        for (const auto& [path, s] : m)
            QCOMPARE(int(s.below), leasesBelow(s)); // decorate() counts as leasesBelow() does
        QCOMPARE(leasesBelow(m.at("/A")), 2);
        QCOMPARE(leasesBelow(m.at("/")), 2);
        QCOMPARE(leasesBelow(m.at("/A/C")), 1); // the expired lease is not counted
        QCOMPARE(leasesBelow(m.at("/A/C/D/d.txt")), 0); // covered from above only
    }

    // decorateState() splits the diff: the paths new to the tree (neither the
    // tree nor the state before names them) come apart, parents first.
    void decorateStateSetsApartThePathsNewToTheTree()
    {
        const TreeIndex tree = seedTree();
        LockState before;
        before.leases = {testLease("a", {{"/A/C", LockMode::X}}), testLease("n", {{"/N/old.txt", LockMode::S}})};
        decorateState(before, kNow, &tree, nullptr);
        QVERIFY(before.changedPaths.empty() && before.addedPaths.empty()); // nothing to compare with

        LockState after;
        after.leases = {testLease("n", {{"/N/old.txt", LockMode::S}}), testLease("b", {{"/B/new/x.txt", LockMode::X}}),
                        testLease("c", {{"/N/z/y.txt", LockMode::X}, {"/A/a.txt", LockMode::S}})};
        decorateState(after, kNow, &tree, &before.nodes);
        QCOMPARE(after.addedPaths, (std::vector<std::string>{"/B/new", "/N/z", "/B/new/x.txt", "/N/z/y.txt"}));
        std::set<std::string> both(after.changedPaths.begin(), after.changedPaths.end());
        QVERIFY(!both.contains("/B/new") && both.contains("/A/C") && both.contains("/B") && both.contains("/N"));
        both.insert(after.addedPaths.begin(), after.addedPaths.end());
        const std::vector<std::string> diff = changedPaths(before.nodes, after.nodes);
        QCOMPARE(both, std::set<std::string>(diff.begin(), diff.end()));
        QCOMPARE(both.size(), diff.size()); // no path in both lists
        QCOMPARE(after.expiredCount, 0);
    }

    void waitersMarkTheirRequestsAndTheirClash()
    {
        const TreeIndex tree = seedTree();
        const std::vector<LeaseInfo> leases{testLease("alice", {{"/A/C", LockMode::X}})};
        const Blocker byAlice = testBlocker("alice", "alice", "move-folder", "/A/C", "/A/C");
        // bob asks for a file the tree lacks, carol for a node that is also her clash path.
        const std::vector<WaiterInfo> waiters{testWaiter("bob", "bob", {{"/A/C/D/new.txt", LockMode::X}}, byAlice),
                                              testWaiter("carol", "carol", {{"/A/C", LockMode::S}}, byAlice)};
        const auto m = decorate(leases, kNow, &tree, waiters);
        const auto marks = [&](const std::string& path) {
            const auto it = m.find(path);
            return it == m.end() ? std::vector<WaitMark>{} : it->second.waits;
        };
        QCOMPARE(marks("/A/C/D/new.txt").size(), std::size_t(1));
        QCOMPARE(marks("/A/C/D/new.txt")[0].waiter, 0u);
        QVERIFY(marks("/A/C/D/new.txt")[0].requested && !marks("/A/C/D/new.txt")[0].clash);
        // Both clash at /A/C; carol asks for it too: one mark each.
        QCOMPARE(marks("/A/C").size(), std::size_t(2));
        QVERIFY(!marks("/A/C")[0].requested && marks("/A/C")[0].clash);
        QVERIFY(marks("/A/C")[1].requested && marks("/A/C")[1].clash);
        QVERIFY(marks("/A").empty());      // the ancestors of a request are not marked
        QVERIFY(marks("/A/C/D").empty());
        // A path only a waiter names is decorated like any other: covered by the X above.
        COMPARE_KIND(m, "/A/C/D/new.txt", NodeKind::CoveredX);
        QVERIFY(m.at("/A/C/D/new.txt").waited());
        // The same leases without waiters: no marks, and the waiter-only path is gone.
        const auto without = decorate(leases, kNow, &tree);
        QVERIFY(!without.contains("/A/C/D/new.txt"));
        QVERIFY(!without.at("/A/C").waited());
    }

    void waiterChangesShowInTheDiff()
    {
        const TreeIndex tree = seedTree();
        const std::vector<LeaseInfo> leases{testLease("alice", {{"/A/C", LockMode::X}})};
        WaiterInfo bob = testWaiter("bob", "bob", {{"/A/C/c.txt", LockMode::X}}, testBlocker("alice", "alice", "move-folder", "/A/C", "/A/C"));
        const auto before = decorate(leases, kNow, &tree, {bob});
        // Another attempt, refused the same way: nothing to show again.
        WaiterInfo retried = bob;
        retried.lastAttempt = kNow;
        retried.expiresAt = kNow + 2s;
        QVERIFY(changedPaths(before, decorate(leases, kNow, &tree, {retried})).empty());
        // An index that shifts (another waiter ahead of bob elsewhere) is no change to bob's nodes.
        WaiterInfo dave = testWaiter("dave", "dave", {{"/B", LockMode::X}}, testBlocker("erin", "erin", "upload", "/B/x", "/B"));
        std::vector<std::string> shifted = changedPaths(before, decorate(leases, kNow, &tree, {dave, bob}));
        std::sort(shifted.begin(), shifted.end());
        QCOMPARE(shifted, (std::vector<std::string>{"/B"}));
        // Held up by someone else now: both of bob's nodes change.
        WaiterInfo queued = bob;
        queued.blocker = testBlocker("dave", "dave", "delete-folder", "/A", "/A", true);
        std::vector<std::string> changed = changedPaths(before, decorate(leases, kNow, &tree, {queued}));
        std::sort(changed.begin(), changed.end());
        QCOMPARE(changed, (std::vector<std::string>{"/A", "/A/C", "/A/C/c.txt"}));
    }

    void refusalRateIsTheDecayedCountPerMinute()
    {
        HotPath p;
        p.refusals = 10;
        // With a one-minute half-life a steady r a minute adds up to r / ln 2.
        QCOMPARE(kContentionHalfLife, std::chrono::milliseconds(60000));
        QVERIFY(std::abs(refusalsPerMinute(p) - 10 * 0.6931471805599453) < 1e-9);
        p.refusals = 0;
        QCOMPARE(refusalsPerMinute(p), 0.0);
    }

    void alarmRaisesOncePerCrossing()
    {
        const auto at = [](const std::string& path, double perMinute) {
            HotPath p;
            p.path = path;
            p.refusals = perMinute / refusalsPerMinute(oneRefusal());
            return p;
        };
        using Set = std::set<std::string>;
        using List = std::vector<std::string>;
        // Above 10: /a enters (raised), /b stays out.
        HotSpotAlarms a = updateAlarms({}, {at("/a", 12), at("/b", 9)}, 10);
        QCOMPARE(a.alarmed, (Set{"/a"}));
        QCOMPARE(a.raised, (List{"/a"}));
        // Next reading, still above: in alarm, not raised again. /b passes now.
        a = updateAlarms(a.alarmed, {at("/a", 11), at("/b", 10.5)}, 10);
        QCOMPARE(a.alarmed, (Set{"/a", "/b"}));
        QCOMPARE(a.raised, (List{"/b"}));
        // /a hovers under the threshold but above three quarters of it: stays, silent.
        a = updateAlarms(a.alarmed, {at("/a", 8), at("/b", 10.5)}, 10);
        QCOMPARE(a.alarmed, (Set{"/a", "/b"}));
        QVERIFY(a.raised.empty());
        // Down to three quarters: out. /b leaves the table: out.
        a = updateAlarms(a.alarmed, {at("/a", 7.5)}, 10);
        QVERIFY(a.alarmed.empty());
        // Back up: a new crossing, raised again.
        a = updateAlarms(a.alarmed, {at("/a", 10.1)}, 10);
        QCOMPARE(a.raised, (List{"/a"}));
        // No threshold: no alarm, whatever the rates.
        a = updateAlarms(a.alarmed, {at("/a", 1000)}, 0);
        QVERIFY(a.alarmed.empty() && a.raised.empty());
    }

    void treeIndexSubtreesAreContiguousAndWholeSegment()
    {
        const TreeIndex tree = seedTree();
        std::vector<std::string> below;
        tree.forEachDescendant("/A/C", [&](const std::string& p) { below.push_back(p); });
        std::sort(below.begin(), below.end());
        QCOMPARE(below, (std::vector<std::string>{"/A/C/D", "/A/C/D/d.txt", "/A/C/E", "/A/C/c.txt"}));
        std::size_t all = 0;
        tree.forEachDescendant("/", [&](const std::string&) { ++all; });
        QCOMPARE(all, tree.size());
        QVERIFY(tree.contains("/A/CD"));
        QVERIFY(!tree.contains("/A/X"));
    }
};

QTEST_APPLESS_MAIN(TestDecoration)
#include "tst_decoration.moc"
