// Every Studio model under QAbstractItemModelTester, fed with states the way
// the bridge feeds them (full, then deltas with inserts, changes and removals).
#include "locks/bridge.h"
#include "locks/eventlogmodel.h"
#include "locks/filterproxies.h"
#include "locks/leasetablemodel.h"
#include "locks/lockstate.h"
#include "locks/locktreemodel.h"
#include "locks/projecttree.h"
#include "testleases.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace treelock;
using namespace treelock::ui;
using namespace treelock::ui::test;
using namespace std::chrono_literals;

namespace {

// move-folder /A/C /B: locks its destination /B/C, which the tree lacks.
LeaseInfo moveToB()
{
    return testLease("m", {{"/A/C", LockMode::X}, {"/B/C", LockMode::X}});
}

// An upload of /B/up/f.txt: a file, and a folder above it, that the tree lacks.
LeaseInfo uploadToB()
{
    LeaseInfo l = testLease("u", {{"/B/up/f.txt", LockMode::X}});
    l.operation = "upload";
    return l;
}

ProjectTreeData seed()
{
    ProjectTreeData t;
    QString error;
    const bool ok = parseTreeJson(R"({"format":"treelock-tree","version":1,"name":"seed",
        "paths":["/A/a.txt","/A/C/c.txt","/A/C/D/d.txt","/A/C/E/","/B/"]})", &t, &error);
    Q_ASSERT(ok);
    return t;
}

/// What the worker would send next.
class Feeder {
public:
    explicit Feeder(std::shared_ptr<const TreeIndex> tree) : m_tree(std::move(tree)) {}
    LockStatePtr next(std::vector<LeaseInfo> leases)
    {
        auto s = std::make_shared<LockState>();
        s->generation = ++m_generation;
        s->clock = ServerClock{kNow, std::chrono::steady_clock::now()};
        s->leases = std::move(leases);
        s->nodes = decorate(s->leases, kNow, m_tree.get());
        if (m_last)
            s->changedPaths = changedPaths(m_last->nodes, s->nodes);
        else
            s->full = true;
        for (const auto& l : s->leases)
            s->expiredCount += l.expired(kNow);
        m_last = s;
        return s;
    }

private:
    std::shared_ptr<const TreeIndex> m_tree;
    LockStatePtr m_last;
    std::uint64_t m_generation = 0;
};

NodeKind kindAt(const LockTreeModel& m, const std::string& path)
{
    return NodeKind(m.indexForPath(path).data(LockTreeModel::KindRole).toInt());
}

} // namespace

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { registerBridgeTypes(); }

    void treeModelPassesTesterThroughStateChanges()
    {
        LockTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        TreeFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(seed());
        QCOMPARE(model.nodeCount(), 9); // root + A, a.txt, C, c.txt, D, d.txt, E, B
        Feeder feed(model.treeIndex());
        model.applyState(feed.next({testLease("a", {{"/A/C", LockMode::X}})}));
        QCOMPARE(int(kindAt(model, "/A/C")), int(NodeKind::HeldX));
        QCOMPARE(int(kindAt(model, "/A")), int(NodeKind::IntentIX));
        QCOMPARE(int(kindAt(model, "/A/C/D/d.txt")), int(NodeKind::CoveredX));

        // A path the tree lacks is inserted, with its missing ancestors, and flagged.
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.applyState(feed.next({testLease("a", {{"/A/C", LockMode::X}}), testLease("b", {{"/B/new/x.txt", LockMode::X}})}));
        QCOMPARE(inserted.count(), 2); // /B/new, then /B/new/x.txt
        const QModelIndex added = model.indexForPath("/B/new/x.txt");
        QVERIFY(added.isValid());
        QVERIFY(added.data(LockTreeModel::FromLeaseRole).toBool());
        QCOMPARE(int(kindAt(model, "/B/new")), int(NodeKind::IntentIX));

        proxy.setOnlyLocked(true);
        proxy.setSearchText(QStringLiteral("x.txt"));
        QVERIFY(proxy.mapFromSource(added).isValid());
        QVERIFY(!proxy.mapFromSource(model.indexForPath("/A/a.txt")).isValid());
        proxy.setSearchText({});
        proxy.setOnlyLocked(false);

        model.setHighlightedPaths({"/A/C", "/B"});
        QVERIFY(model.indexForPath("/A/C").data(LockTreeModel::HighlightRole).toBool());
        model.setHighlightedPaths({});
        QVERIFY(!model.indexForPath("/A/C").data(LockTreeModel::HighlightRole).toBool());

        // Released: states go, and so do the nodes only the lease named.
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        model.applyState(feed.next({}));
        QCOMPARE(int(kindAt(model, "/A/C")), int(NodeKind::None));
        QVERIFY(!model.indexForPath("/B/new/x.txt").isValid());
        QVERIFY(!model.indexForPath("/B/new").isValid());
        QCOMPARE(removed.count(), 2); // /B/new/x.txt, then /B/new
        QCOMPARE(model.nodeCount(), 9);

        // A new tree keeps showing the lock state.
        model.applyState(feed.next({testLease("c", {{"/A/a.txt", LockMode::S}})}));
        model.setTree(seed());
        QCOMPARE(int(kindAt(model, "/A/a.txt")), int(NodeKind::HeldS));
        QVERIFY(!model.indexForPath("/B/new").isValid());
    }

    void leaseOnlyNodeStaysWhileALeaseNamesIt()
    {
        LockTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(seed());
        Feeder feed(model.treeIndex());
        const LeaseInfo move = moveToB();
        model.applyState(feed.next({move, uploadToB()}));
        QVERIFY(model.indexForPath("/B/C").data(LockTreeModel::FromLeaseRole).toBool());
        QVERIFY(model.indexForPath("/B/up/f.txt").isValid());

        // The upload ends: its file and folder go, the move's destination stays.
        model.applyState(feed.next({move}));
        QVERIFY(!model.indexForPath("/B/up/f.txt").isValid());
        QVERIFY(!model.indexForPath("/B/up").isValid());
        QVERIFY(model.indexForPath("/B/C").isValid());
        QCOMPARE(int(kindAt(model, "/B/C")), int(NodeKind::HeldX));

        // A full state (a new snapshot after a reconnect) removes them too.
        auto full = std::make_shared<LockState>(*feed.next({}));
        full->full = true;
        model.applyState(full);
        QVERIFY(!model.indexForPath("/B/C").isValid());
        QCOMPARE(model.nodeCount(), 9);
    }

    void folderKnownOnlyFromALeaseIsAFolder()
    {
        LockTreeModel model;
        model.setTree(seed());
        Feeder feed(model.treeIndex());
        // The destination /B/C is a folder without children.
        model.applyState(feed.next({moveToB(), uploadToB()}));
        QVERIFY(model.indexForPath("/B/C").data(LockTreeModel::FolderRole).toBool());
        QVERIFY(model.indexForPath("/B/up").data(LockTreeModel::FolderRole).toBool()); // an ancestor of a lease path
        QVERIFY(!model.indexForPath("/B/up/f.txt").data(LockTreeModel::FolderRole).toBool());
    }

    void treeModelBatchesDataChangedPerParent()
    {
        LockTreeModel model;
        model.setTree(generateTree(2000));
        Feeder feed(model.treeIndex());
        model.applyState(feed.next({}));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.applyState(feed.next({testLease("a", {{"/projects/p01/src", LockMode::X}})}));
        // 60 covered descendants under 7 parents, plus the node and its 3 ancestors.
        QVERIFY2(changed.count() <= 12, qPrintable(QString::number(changed.count())));
        QCOMPARE(int(kindAt(model, "/projects/p01/src/m3/file2.md")), int(NodeKind::CoveredX));
    }

    void leaseTableKeepsRowsAndPassesTester()
    {
        LeaseTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        LeaseFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.sort(LeaseTableModel::TimeLeftColumn);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Feeder feed(nullptr);
        model.applyState(feed.next({testLease("a", {{"/A", LockMode::X}}), testLease("b", {{"/B", LockMode::S}}, 5s),
                                    testLease("c", {{"/A/C/D", LockMode::S}}, -1s)}));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.statusAt(model.rowOf(testLease("c", {}).id)), LeaseTableModel::Status::Expired);
        QCOMPARE(proxy.index(0, LeaseTableModel::LeaseColumn).data(LeaseTableModel::LeaseIdRole).toString(),
                 QString::fromStdString(testLease("c", {}).id));

        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        auto renewed = testLease("b", {{"/B", LockMode::S}}, 25s);
        model.applyState(feed.next({testLease("a", {{"/A", LockMode::X}}), renewed, testLease("d", {{"/A/a.txt", LockMode::X}})}));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowOf(testLease("a", {}).id), 0); // untouched rows keep their place

        proxy.setNodePath(QStringLiteral("/A/C"));   // X on /A covers /A/C; /A/a.txt does not touch it
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setNodePath(QStringLiteral("/"));
        QCOMPARE(proxy.rowCount(), 3);
        proxy.setNodePath({});
        proxy.setText(QStringLiteral("a.txt"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setText({});
        model.tick();
        model.applyState(feed.next({}));
        QCOMPARE(model.rowCount(), 0);
    }

    void eventLogAppendsInBatchesAndKeepsTheNewest()
    {
        EventLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setLimit(100);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        std::vector<LogEntry> batch(60);
        for (int i = 0; i < 60; ++i) {
            batch[std::size_t(i)].type = LogEntry::Type::Grant;
            batch[std::size_t(i)].owner = QString::number(i);
        }
        model.append(batch);
        model.append(batch);
        QCOMPARE(inserted.count(), 2);
        QVERIFY(model.rowCount() <= 100);
        QCOMPARE(model.entryAt(model.rowCount() - 1).owner, QStringLiteral("59"));
        LogEntry refused;
        refused.type = LogEntry::Type::Refused;
        model.append(refused);
        QCOMPARE(model.index(model.rowCount() - 1, EventLogModel::TypeColumn).data().toString(), EventLogModel::typeName(LogEntry::Type::Refused));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void treeFileRoundTrips()
    {
        ProjectTreeData t = seed();
        ProjectTreeData back;
        QString error;
        QVERIFY(parseTreeJson(treeToJson(t), &back, &error));
        QCOMPARE(back.entries.size(), t.entries.size());
        QVERIFY(!parseTreeJson("{\"paths\": 3}", &back, &error));
        QVERIFY(!error.isEmpty());
        ProjectTreeData bad;
        QVERIFY(parseTreeJson(R"({"format":"treelock-tree","paths":["/ok","/bad/../x","rel"]})", &bad, &error));
        QCOMPARE(bad.skipped, 2);
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
