// Every Studio model under QAbstractItemModelTester, fed with states the way
// the bridge feeds them (full, then deltas with inserts, changes and removals).
#include "bridge/bridge.h"
#include "common/tableviews.h"
#include "lockview/lockstate.h"
#include "lockview/locktreemodel.h"
#include "lockview/projecttree.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/hotspots/hotspotmodel.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/tree/treefilterproxy.h"
#include "panels/waiting/waitertablemodel.h"
#include "testleases.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
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
    LockStatePtr next(std::vector<LeaseInfo> leases, std::vector<WaiterInfo> waiters = {})
    {
        auto s = std::make_shared<LockState>();
        s->generation = ++m_generation;
        s->clock = ServerClock{kNow, std::chrono::steady_clock::now()};
        s->leases = std::move(leases);
        s->waiters = std::move(waiters);
        decorateState(*s, kNow, m_tree.get(), m_last ? &m_last->nodes : nullptr);
        s->full = !m_last;
        m_last = s;
        return s;
    }

private:
    std::shared_ptr<const TreeIndex> m_tree;
    LockStatePtr m_last;
    std::uint64_t m_generation = 0;
};

/// Puts a model under QAbstractItemModelTester, and a proxy over it under another.
class Testers {
public:
    Testers(QAbstractItemModel& model, QSortFilterProxyModel& proxy)
        : m_model(&model, QAbstractItemModelTester::FailureReportingMode::QtTest),
          m_proxy(over(proxy, model), QAbstractItemModelTester::FailureReportingMode::QtTest)
    {
    }

private:
    static QSortFilterProxyModel* over(QSortFilterProxyModel& proxy, QAbstractItemModel& model)
    {
        proxy.setSourceModel(&model);
        return &proxy;
    }

    QAbstractItemModelTester m_model;
    QAbstractItemModelTester m_proxy;
};

/// True when the table `model` has no rows left once every lease and waiter
/// is gone and its clock ticked.
template <typename Table>
bool emptiesWhenAllGo(Table& model, Feeder& feed)
{
    model.tick();
    model.applyState(feed.next({}));
    return model.rowCount() == 0;
}

/// A first state with `leases` (no delta, not decorated: for the lease table).
LockStatePtr wholeState(std::vector<LeaseInfo> leases)
{
    auto state = std::make_shared<LockState>();
    state->generation = 1;
    state->clock = ServerClock{kNow, std::chrono::steady_clock::now()};
    state->leases = std::move(leases);
    state->full = true;
    return state;
}

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
        TreeFilterProxy proxy;
        const Testers testers(model, proxy);
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

        // A row shown as a file becomes a folder when a later lease works on it as one.
        LeaseInfo upload = testLease("z", {{"/B/z", LockMode::X}});
        upload.operation = "upload";
        model.applyState(feed.next({moveToB(), uploadToB(), upload}));
        QVERIFY(!model.indexForPath("/B/z").data(LockTreeModel::FolderRole).toBool());
        LeaseInfo move = testLease("y", {{"/B/z", LockMode::S}});
        move.operation = "copy-folder";
        model.applyState(feed.next({moveToB(), uploadToB(), upload, move}));
        QVERIFY(model.indexForPath("/B/z").data(LockTreeModel::FolderRole).toBool());
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

    // While a list runs the worker sends the leases read as a delta, without
    // decorating them all: the table takes them, the tree keeps the last
    // decorated state until the list ends.
    void lightStatesFillTheTableAndLeaveTheTreeAsItWas()
    {
        LockTreeModel tree;
        tree.setTree(seed());
        LeaseTableModel table;
        const QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Feeder feed(tree.treeIndex());
        const LeaseInfo a = testLease("a", {{"/A/C", LockMode::X}});
        const LeaseInfo b = testLease("b", {{"/B", LockMode::S}});
        const LockStatePtr first = feed.next({a});
        tree.applyState(first);
        table.applyState(first);

        auto listing = std::make_shared<LockState>();
        listing->generation = first->generation + 1;
        listing->base = first->generation;
        listing->clock = first->clock;
        listing->decorated = false;
        listing->listing = true;
        listing->leasesSet = {b};
        tree.applyState(listing);
        table.applyState(listing);
        QCOMPARE(table.rowCount(), 2);
        QCOMPARE(tree.state(), first);
        QCOMPARE(int(kindAt(tree, "/B")), int(NodeKind::None));
        QVERIFY(!tree.behind()); // a list runs: the tree says so, not that it lags
        QVERIFY(tree.listing());

        // The list's end: every lease, decorated (after a listing state, the tree's diff is its own).
        auto done = std::make_shared<LockState>(*feed.next({a, b}));
        done->generation = listing->generation + 1;
        done->base = listing->generation;
        tree.applyState(done);
        table.applyState(done);
        QCOMPARE(table.rowCount(), 2);
        QCOMPARE(int(kindAt(tree, "/B")), int(NodeKind::HeldS));
        QCOMPARE(int(kindAt(tree, "/A/C")), int(NodeKind::HeldX));

        QVERIFY(!tree.behind());
        QVERIFY(!tree.listing());

        // Between two decorated states of a large project: a light state
        // moves the table on, and the tree says it is behind until the next.
        const LeaseInfo c = testLease("c", {{"/A/a.txt", LockMode::X}});
        auto light = std::make_shared<LockState>();
        light->generation = done->generation + 1;
        light->base = done->generation;
        light->clock = done->clock;
        light->decorated = false;
        light->leasesSet = {c};
        light->leasesGone = {a.id};
        tree.applyState(light);
        table.applyState(light);
        QCOMPARE(table.rowCount(), 2);
        QCOMPARE(table.rowOf(a.id), -1);
        QVERIFY(table.rowOf(c.id) >= 0);
        QVERIFY(tree.behind());
        QCOMPARE(int(kindAt(tree, "/A/C")), int(NodeKind::HeldX)); // as the tree last knew it
        auto caughtUp = std::make_shared<LockState>(*feed.next({b, c}));
        caughtUp->generation = light->generation + 1;
        caughtUp->base = light->generation;
        tree.applyState(caughtUp);
        table.applyState(caughtUp);
        QVERIFY(!tree.behind());
        QCOMPARE(int(kindAt(tree, "/A/C")), int(NodeKind::None));
        QCOMPARE(int(kindAt(tree, "/A/a.txt")), int(NodeKind::HeldX));
        QCOMPARE(table.rowCount(), 2);

        // A table that missed the delta waits for a state with every lease.
        LeaseTableModel late;
        late.applyState(listing);
        QCOMPARE(late.rowCount(), 0);
        late.applyState(caughtUp);
        QCOMPARE(late.rowCount(), 2);
    }

    void leaseTableKeepsRowsAndPassesTester()
    {
        LeaseTableModel model;
        const QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTableView view; // its selection and current row must follow their lease through every change
        view.setModel(&model);
        model.sort(LeaseTableModel::TimeLeftColumn);
        Feeder feed(nullptr);
        model.applyState(feed.next({testLease("a", {{"/A", LockMode::X}}), testLease("b", {{"/B", LockMode::S}}, 5s),
                                    testLease("c", {{"/A/C/D", LockMode::S}}, -1s)}));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.statusAt(model.rowOf(testLease("c", {}).id)), LeaseTableModel::Status::Expired);
        QCOMPARE(model.index(0, LeaseTableModel::LeaseColumn).data(LeaseTableModel::LeaseIdRole).toString(),
                 QString::fromStdString(testLease("c", {}).id)); // the soonest expiry first
        view.setCurrentIndex(model.index(model.rowOf(testLease("a", {}).id), LeaseTableModel::OwnerColumn));

        // b renewed past a, c gone, d new: one layout change, no row signals.
        QSignalSpy layouts(&model, &QAbstractItemModel::layoutChanged);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        auto renewed = testLease("b", {{"/B", LockMode::S}}, 25s);
        model.applyState(feed.next({testLease("a", {{"/A", LockMode::X}}), renewed, testLease("d", {{"/A/a.txt", LockMode::X}}, 1s)}));
        QCOMPARE(layouts.count(), 1);
        QCOMPARE(removed.count(), 0);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowOf(testLease("c", {}).id), -1);
        QCOMPARE(model.rowOf(testLease("d", {}).id), 0);
        QCOMPARE(model.rowOf(testLease("b", {}).id), 1);
        QCOMPARE(view.currentIndex().data(LeaseTableModel::LeaseIdRole).toString(), QString::fromStdString(testLease("a", {}).id));

        model.sort(LeaseTableModel::PathsColumn, Qt::DescendingOrder); // "X /A/a.txt", "X /A", "S /B"
        QCOMPARE(model.rowOf(testLease("d", {}).id), 0);
        QCOMPARE(model.rowOf(testLease("b", {}).id), 2);
        QCOMPARE(view.currentIndex().data(LeaseTableModel::LeaseIdRole).toString(), QString::fromStdString(testLease("a", {}).id));
        model.sort(LeaseTableModel::TimeLeftColumn);

        model.setNodePath(QStringLiteral("/A/C"));   // X on /A covers /A/C; /A/a.txt does not touch it
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.leaseCount(), 3);
        QVERIFY(model.findLease(testLease("d", {}).id));
        model.setNodePath(QStringLiteral("/"));
        QCOMPARE(model.rowCount(), 3);
        model.setNodePath({});
        model.setSearchText(QStringLiteral("A.TXT"));
        QCOMPARE(model.rowCount(), 1);
        model.setSearchText({});
        QVERIFY(emptiesWhenAllGo(model, feed));
    }

    // A state that follows the one shown is applied from its delta alone, and
    // gives the same rows, in the same order, as the whole list would.
    void leaseTableAppliesDeltasAsTheWholeListWould()
    {
        LeaseTableModel byDelta;
        LeaseTableModel whole;
        const QAbstractItemModelTester tester(&byDelta, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (LeaseTableModel* m : {&byDelta, &whole})
            m->sort(LeaseTableModel::OwnerColumn, Qt::DescendingOrder);
        byDelta.setSearchText(QStringLiteral("o")); // "owner-…" matches, the filter holds through deltas
        whole.setSearchText(QStringLiteral("o"));
        std::map<LeaseId, LeaseInfo> leases;
        std::uint64_t generation = 0;
        std::uint32_t seed = 7;
        const auto random = [&seed](std::uint32_t n) {
            seed = seed * 1103515245u + 12345u;
            return (seed >> 8) % n;
        };
        for (int round = 0; round < 60; ++round) {
            auto state = std::make_shared<LockState>();
            state->generation = ++generation;
            state->base = generation - 1;
            state->clock = ServerClock{kNow, std::chrono::steady_clock::now()};
            for (int c = 0; c < 12; ++c) {
                LeaseInfo l = testLease(std::to_string(random(40)), {{"/A/" + std::to_string(random(5)), LockMode::X}},
                                        std::chrono::seconds(1 + random(50)));
                l.owner = "owner-" + std::to_string(random(6));
                // As the worker sends them: each lease touched since the last state, set or gone.
                std::erase_if(state->leasesSet, [&l](const LeaseInfo& s) { return s.id == l.id; });
                std::erase(state->leasesGone, l.id);
                if (random(3) == 0 && leases.erase(l.id) > 0) {
                    state->leasesGone.push_back(l.id);
                    continue;
                }
                state->leasesSet.push_back(l);
                leases.insert_or_assign(l.id, l);
            }
            for (const auto& [id, l] : leases)
                state->leases.push_back(l);
            state->full = round == 0;
            byDelta.applyState(state);
            auto copy = std::make_shared<LockState>(*state);
            copy->base = 0;
            whole.applyState(copy);
            QCOMPARE(byDelta.rowCount(), whole.rowCount());
            QCOMPARE(byDelta.leaseCount(), int(leases.size()));
            for (int r = 0; r < whole.rowCount(); ++r)
                QCOMPARE(byDelta.leaseAt(r)->id, whole.leaseAt(r)->id);
        }
    }

    // A state that names more new paths than a slice holds puts them in over
    // passes of the event loop (the window keeps answering). A state that
    // comes meanwhile drops the paths it no longer names, and the tree ends
    // as one that took the last state whole.
    void treeModelInsertsALargeStatesPathsInSlices()
    {
        LockTreeModel model;
        TreeFilterProxy proxy;
        const Testers testers(model, proxy);
        model.setTree(seed());
        Feeder feed(model.treeIndex());
        model.applyState(feed.next({}));
        const int n = int(LockTreeModel::kInsertSlice) * 2 + 500; // in /B/f0 to /B/f40, a thousand each
        std::vector<LeaseInfo> leases;
        for (int i = 0; i < n; ++i) {
            const std::string path = "/B/f" + std::to_string(i / 1000) + "/x" + std::to_string(i) + ".txt";
            leases.push_back(testLease("l" + std::to_string(i), {{path, LockMode::X}}));
        }
        const int seedNodes = model.nodeCount();
        QSignalSpy progress(&model, &LockTreeModel::pendingRowsChanged);
        model.applyState(feed.next(leases));
        QCOMPARE(model.nodeCount(), seedNodes + int(LockTreeModel::kInsertSlice));
        QCOMPARE(model.pendingRows(), std::size_t(41 + n) - LockTreeModel::kInsertSlice);
        QVERIFY(model.indexForPath("/B/f0/x0.txt").isValid());
        QVERIFY(!model.indexForPath("/B/f40/x" + std::to_string(n - 1) + ".txt").isValid());

        // Half the leases go before the rest of their paths are in.
        const std::vector<LeaseInfo> half(leases.begin(), leases.begin() + n / 2);
        const LockStatePtr last = feed.next(half);
        model.applyState(last);
        QTRY_COMPARE(model.pendingRows(), std::size_t(0));
        QVERIFY(progress.count() >= 3);
        QCOMPARE(model.nodeCount(), seedNodes + 21 + n / 2); // /B/f0 to /B/f20, and their files
        QVERIFY(!model.indexForPath("/B/f21").isValid());
        QVERIFY(!model.indexForPath("/B/f20/x" + std::to_string(n / 2) + ".txt").isValid());

        LockTreeModel whole;
        whole.setTree(seed());
        auto copy = std::make_shared<LockState>(*last);
        copy->full = true;
        whole.applyState(copy);
        QTRY_COMPARE(whole.pendingRows(), std::size_t(0));
        QCOMPARE(whole.nodeCount(), model.nodeCount());
        for (const LeaseInfo& l : half) {
            const std::string& path = l.requests.front().path;
            const QModelIndex a = model.indexForPath(path);
            const QModelIndex b = whole.indexForPath(path);
            QVERIFY2(a.isValid() && b.isValid(), path.c_str());
            QCOMPARE(a.row(), b.row()); // siblings in path order either way
            QCOMPARE(a.data(LockTreeModel::KindRole), b.data(LockTreeModel::KindRole));
            QCOMPARE(a.data(LockTreeModel::FromLeaseRole).toBool(), true);
        }
    }

    // Sorting a whole list goes by keys; placing a delta's leases and finding
    // a row go by binary search with the table's own order. For every column
    // and both orders the two agree: every lease is found where it shows,
    // owners long and short, operations shown alike, expired leases included.
    void leaseTableSortsAsItSearches()
    {
        LeaseTableModel table;
        std::vector<LeaseInfo> leases;
        const std::vector<std::string> owners = {"bo", "bob", "service-account-7", "service-account-12", "service-b", "Zed",
                                                 "service-", "anna-maria"};
        const std::vector<std::string> operations = {"move-folder", "upload", "delete-file", "rename-folder", "copy-file"};
        for (int i = 0; i < 400; ++i) {
            // Half the ids alike in their first eight characters.
            const std::string id = (i % 2 ? "abcdefgh" : "") + std::to_string(1000 + i * 7919 % 1000);
            LeaseInfo l = testLease(id, {{"/A/" + std::to_string(i % 13), LockMode(i % 5)}},
                                    std::chrono::seconds(i % 9) - std::chrono::seconds(2), owners[std::size_t(i) % owners.size()]);
            l.operation = operations[std::size_t(i) % operations.size()];
            l.fence = std::uint64_t(i % 17);
            l.createdAt = kNow - std::chrono::seconds(i % 11);
            l.revoked = i % 23 == 0;
            leases.push_back(std::move(l));
        }
        table.applyState(wholeState(leases));
        QCOMPARE(table.rowCount(), 400);
        for (int column = 0; column < LeaseTableModel::ColumnCount; ++column) {
            for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                table.sort(column, order);
                for (int r = 0; r < table.rowCount(); ++r)
                    QCOMPARE(table.rowOf(table.leaseAt(r)->id), r);
                if (column == LeaseTableModel::OwnerColumn)
                    for (int r = 1; r < table.rowCount(); ++r) {
                        const int c = table.leaseAt(r - 1)->owner.compare(table.leaseAt(r)->owner);
                        QVERIFY(order == Qt::AscendingOrder ? c <= 0 : c >= 0);
                    }
            }
        }
    }

    // Typing a filter narrows the rows shown; any text gives the rows a table
    // filtered by it at once would show, in the same order.
    void leaseTableFilterTypedGivesWhatTheWholeTextGives()
    {
        std::vector<LeaseInfo> leases;
        for (int i = 0; i < 300; ++i) {
            LeaseInfo l = testLease("id" + std::to_string(1000 + i), {{"/A/d" + std::to_string(i % 17) + "/f.txt", LockMode(i % 5)}},
                                    std::chrono::seconds(1 + i % 40), "user" + std::to_string(i % 23));
            l.operation = i % 3 ? "upload" : "move-folder";
            leases.push_back(std::move(l));
        }
        const LockStatePtr state = wholeState(leases);
        LeaseTableModel typed;
        typed.applyState(state);
        for (const char* text : {"u", "us", "user1", "user12", "user1", "", "x", "x ", "x /a/d1", "X /A/D1/", "move", "Move folder", "id10"}) {
            typed.setSearchText(QString::fromLatin1(text));
            LeaseTableModel whole;
            whole.setSearchText(QString::fromLatin1(text));
            whole.applyState(state);
            QVERIFY2(typed.rowCount() == whole.rowCount(), text);
            for (int r = 0; r < whole.rowCount(); ++r)
                QCOMPARE(typed.leaseAt(r)->id, whole.leaseAt(r)->id);
        }
        typed.setSearchText(QStringLiteral("user12"));
        QCOMPARE(typed.rowCount(), 13); // users 12 of 23: i = 12, 35, ..., 288
    }

    void treeModelMarksWhereWaitersWaitAndSaysForWhom()
    {
        LockTreeModel model;
        TreeFilterProxy proxy;
        const Testers testers(model, proxy);
        model.setTree(seed());
        proxy.setOnlyLocked(true);
        Feeder feed(model.treeIndex());
        const LeaseInfo alice = testLease("alice", {{"/A/C", LockMode::X}});
        const WaiterInfo bob = testWaiter("bob", "bob", {{"/A/C/D/new.txt", LockMode::X}},
                                          testBlocker("alice", "alice", "move-folder", "/A/C", "/A/C"));
        model.applyState(feed.next({alice}));
        QVERIFY(!model.indexForPath("/A/C/D/new.txt").isValid());
        model.applyState(feed.next({alice}, {bob}));
        // The file bob waits for is not in the tree: added, like a lease's, while he waits.
        const QModelIndex file = model.indexForPath("/A/C/D/new.txt");
        QVERIFY(file.isValid());
        QVERIFY(file.data(LockTreeModel::FromLeaseRole).toBool());
        QVERIFY(!file.data(LockTreeModel::FolderRole).toBool());
        QCOMPARE(file.data(LockTreeModel::WaitingRole).toInt(), 1);
        QCOMPARE(model.indexForPath("/A/C").data(LockTreeModel::WaitingRole).toInt(), 1);
        QCOMPARE(model.indexForPath("/A/C/D").data(LockTreeModel::WaitingRole).toInt(), 0);
        // "Only locked" keeps the nodes where someone waits.
        proxy.lockStateChanged();
        QVERIFY(file.data(LockTreeModel::LockedRole).toBool());
        QVERIFY(proxy.mapFromSource(file).isValid());
        QVERIFY(!proxy.mapFromSource(model.indexForPath("/A/a.txt")).isValid());
        const QString tip = file.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("bob waits here for alice's move folder of /A/C, 12 s")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("covered by X")), qPrintable(tip)); // and the lease above it, as before
        QVERIFY(model.indexForPath("/A/C").data(Qt::ToolTipRole).toString().contains(QStringLiteral("bob waits here for")));

        // Queued behind an older waiter.
        WaiterInfo queued = bob;
        queued.blocker = testBlocker("carol", "carol", "delete-folder", "/A", "/A", true);
        model.applyState(feed.next({alice}, {queued}));
        QVERIFY(file.data(Qt::ToolTipRole).toString().contains(QStringLiteral("bob waits here behind carol's delete folder of /A, 12 s")));
        QCOMPARE(model.indexForPath("/A").data(LockTreeModel::WaitingRole).toInt(), 1);
        QCOMPARE(model.indexForPath("/A/C").data(LockTreeModel::WaitingRole).toInt(), 0);

        // bob stops waiting: the node he alone named goes.
        model.applyState(feed.next({alice}));
        QVERIFY(!model.indexForPath("/A/C/D/new.txt").isValid());
        QCOMPARE(model.indexForPath("/A").data(LockTreeModel::WaitingRole).toInt(), 0);
    }

    void waiterTableKeepsRowsAndPassesTester()
    {
        WaiterTableModel model;
        const std::unique_ptr<QSortFilterProxyModel> proxy(newSortProxy(&model, WaiterTableModel::SortRole, nullptr));
        const Testers testers(model, *proxy);
        proxy->sort(WaiterTableModel::WaitingColumn, Qt::DescendingOrder);
        Feeder feed(nullptr);
        const Blocker byAlice = testBlocker("alice", "alice", "move-folder", "/A/C", "/A/C");
        WaiterInfo bob = testWaiter("bob", "bob", {{"/A/C/D/d.txt", LockMode::X}}, byAlice);
        WaiterInfo carol = testWaiter("carol", "carol", {{"/A", LockMode::IX}, {"/A/C/c.txt", LockMode::X}}, byAlice);
        carol.since = kNow - 40s;
        carol.holdsBack = false;
        model.applyState(feed.next({}, {bob, carol}));
        QCOMPARE(model.rowCount(), 2);
        const auto text = [&](const WaiterInfo& w, int column) { return model.index(model.rowOf(w.id), column).data().toString(); };
        QCOMPARE(text(bob, WaiterTableModel::OwnerColumn), QStringLiteral("bob"));
        QCOMPARE(text(bob, WaiterTableModel::OperationColumn), QStringLiteral("Upload"));
        QCOMPARE(text(bob, WaiterTableModel::RequestsColumn), QStringLiteral("X /A/C/D/d.txt"));
        QCOMPARE(text(bob, WaiterTableModel::WaitingColumn), QStringLiteral("12 s"));
        QCOMPARE(text(bob, WaiterTableModel::BehindColumn), QStringLiteral("alice's move folder of /A/C"));
        // Nobody queues behind anybody yet: the column has nothing to say.
        QCOMPARE(text(bob, WaiterTableModel::HoldsBackColumn), QString());
        QCOMPARE(text(carol, WaiterTableModel::HoldsBackColumn), QString());
        QVERIFY(!model.anyHeldBack());
        // The path a waiter is about is its first request that is not an intention.
        QCOMPARE(model.index(model.rowOf(carol.id), 0).data(WaiterTableModel::PathRole).toString(), QStringLiteral("/A/C/c.txt"));
        // Longest wait first.
        QCOMPARE(proxy->index(0, WaiterTableModel::OwnerColumn).data().toString(), QStringLiteral("carol"));
        const QString tip = model.index(model.rowOf(bob.id), 0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("Refused by alice's lease")) && tip.contains(QStringLiteral("clash at /A/C")),
                 qPrintable(tip));

        // bob goes, dave comes, carol now queues behind dave's elder: one remove, one insert, carol changed.
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        WaiterInfo dave = testWaiter("dave", "dave", {{"/B", LockMode::X}}, testBlocker("erin", "erin", "upload", "/B/e", "/B"));
        carol.blocker = testBlocker("dave", "dave", "delete-folder", "/A", "/A", true);
        model.applyState(feed.next({}, {carol, dave}));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.rowOf(carol.id), 0); // rows that stay keep their place
        QCOMPARE(text(carol, WaiterTableModel::BehindColumn), QStringLiteral("queued behind dave"));
        QCOMPARE(text(dave, WaiterTableModel::HoldsBackColumn), QStringLiteral("carol"));
        QVERIFY(model.anyHeldBack());
        QCOMPARE(model.index(model.rowOf(carol.id), 0).data(WaiterTableModel::QueuedRole).toBool(), true);
        QVERIFY(emptiesWhenAllGo(model, feed));
    }

    void hotSpotTableKeepsRowsAndPassesTester()
    {
        HotSpotModel model;
        const std::unique_ptr<QSortFilterProxyModel> proxy(newSortProxy(&model, HotSpotModel::SortRole, nullptr));
        const Testers testers(model, *proxy);
        proxy->sort(HotSpotModel::RateColumn, Qt::DescendingOrder);
        const auto reading = [](std::vector<std::pair<std::string, double>> rates) {
            auto c = std::make_shared<Contention>();
            c->readAt = kNow;
            for (const auto& [path, perMinute] : rates) {
                HotPath p;
                p.path = path;
                p.refusals = perMinute / refusalsPerMinute(oneRefusal());
                p.total = 7;
                p.waiters = 1;
                p.last = kNow - 3s;
                p.operations = {{"upload", "move-folder", 5}, {"create", "delete-folder", 2}, {"lock", "reindex", 1}};
                c->paths.push_back(p);
            }
            return ContentionPtr(c);
        };
        QVERIFY(model.applyContention(reading({{"/A/C", 6}, {"/B", 2}})).empty()); // no threshold: no alarm
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex c = model.index(model.rowOf("/A/C"), 0);
        QCOMPARE(c.siblingAtColumn(HotSpotModel::RateColumn).data().toString(), QStringLiteral("6.0"));
        QCOMPARE(c.siblingAtColumn(HotSpotModel::TotalColumn).data().toString(), QStringLiteral("7"));
        QCOMPARE(c.siblingAtColumn(HotSpotModel::WaitersColumn).data().toString(), QStringLiteral("1"));
        QCOMPARE(c.siblingAtColumn(HotSpotModel::OperationsColumn).data().toString(),
                 QStringLiteral("Upload vs Move folder ×5, Create vs Delete folder ×2, Lock vs reindex ×1"));
        // (The default operation by its name, an application's own as it spells it.)
        QVERIFY(c.data(Qt::ToolTipRole).toString().contains(QStringLiteral("the last 3 s ago")));

        QCOMPARE(model.setThreshold(4), (std::vector<std::string>{"/A/C"}));
        QVERIFY(c.data(HotSpotModel::AlarmRole).toBool());
        QCOMPARE(c.data(Qt::BackgroundRole).value<QColor>(), QColor(0xfd, 0xe4, 0xe4));
        QVERIFY(!model.index(model.rowOf("/B"), 0).data(HotSpotModel::AlarmRole).toBool());
        QCOMPARE(model.alarmCount(), 1);

        // /B leaves the table, /X enters above the threshold; /A/C stays in alarm, silently.
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QCOMPARE(model.applyContention(reading({{"/A/C", 5}, {"/X", 9}})), (std::vector<std::string>{"/X"}));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(model.rowOf("/A/C"), 0);
        QCOMPARE(model.alarmCount(), 2);
        QCOMPARE(proxy->index(0, HotSpotModel::PathColumn).data().toString(), QStringLiteral("/X"));
        QVERIFY(model.setThreshold(0).empty());
        QCOMPARE(model.alarmCount(), 0);
        model.applyContention(reading({}));
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
