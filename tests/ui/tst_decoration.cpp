// Tree decoration as pure functions: given leases and the server time, which
// state every node shows.
#include "locks/decoration.h"
#include "testleases.h"

#include <QTest>

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
        QCOMPARE(leasesBelow(m.at("/A")), 2);
        QCOMPARE(leasesBelow(m.at("/")), 2);
        QCOMPARE(leasesBelow(m.at("/A/C")), 1); // the expired lease is not counted
        QCOMPARE(leasesBelow(m.at("/A/C/D/d.txt")), 0); // covered from above only
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
