// Studio at scale: a snapshot of 10,000 leases over a 100,000-node tree, and
// 10,000 events, applied to the models offscreen; then the GUI thread's share
// of following 1,000 lease changes a second under shown views
// (app/bench/uibench.h, which treelock-bench --ui reports).
#include "uibench.h"

#include <QTest>

class TestUiBench : public QObject {
    Q_OBJECT
private slots:
    void snapshotOfTenThousandLeasesOverHundredThousandNodes()
    {
        const auto r = treelock::ui::runUiBench(100000, 10000, 10000);
        qInfo("nodes %d, leases %d, events %d", r.nodes, r.leases, r.events);
        qInfo("tree build %.1f ms", r.treeBuildMs);
        qInfo("full snapshot: decorate (worker) %.1f ms, apply (GUI) %.1f ms (tree %.1f)", r.decorateMs, r.snapshotApplyMs, r.snapshotTreeMs);
        qInfo("10%% churn snapshot: decorate (worker) %.1f ms, apply (GUI) %.1f ms (tree %.1f)", r.deltaDecorateMs, r.deltaApplyMs, r.deltaTreeMs);
        qInfo("events: %.1f ms; peak RSS %lld MB", r.eventApplyMs, static_cast<long long>(r.peakRssKb / 1024));
        qInfo("following %d changes/s: %d states, GUI thread %.1f ms/s (target under 16), longest state %.1f ms, "
              "worker %.1f ms/s",
              r.followChangesPerS, r.followStates, r.followGuiMsPerS, r.followLongestApplyMs, r.followWorkerMsPerS);
        QVERIFY(r.nodes >= 99000);
        // Every step ran and was measured (the targets are the benchmark's to report, not a test's).
        QVERIFY(r.treeBuildMs > 0 && r.decorateMs > 0 && r.snapshotApplyMs > 0);
        QVERIFY(r.deltaDecorateMs > 0 && r.deltaApplyMs > 0 && r.eventApplyMs > 0);
        QCOMPARE(r.leases, 10000);
        QCOMPARE(r.events, 10000);
        // Following ran: states reached the GUI and cost it something (the target is the benchmark's to report).
        QVERIFY(r.followStates > 0);
        QVERIFY(r.followGuiMsPerS > 0);
        // Then sorted and filtered: the filter left the leases of user1 and user10 to user19 (11 of 97 owners).
        qInfo("sort %.1f ms, filter %.1f ms (%d rows), only locked %.1f ms", r.sortMs, r.filterMs, r.filteredRows, r.onlyLockedMs);
        QVERIFY(r.filteredRows > 0 && r.filteredRows < r.leases / 2);
        QVERIFY(r.sortMs > 0 && r.filterMs > 0 && r.onlyLockedMs > 0);
        // The Timeline panel under the simulator's load: measured, and it kept bars.
        qInfo("timeline: %d simulated users, %.0f events/s, GUI thread %.1f ms/s; "
              "simulation shown %.1f ms/s (target under 16); %d spans kept",
              r.timelineUsers, r.timelineEventsPerS, r.timelineGuiMsPerS, r.timelineSimGuiMsPerS, r.timelineSpans);
        QCOMPARE(r.timelineUsers, 200);
        QVERIFY(r.timelineEventsPerS > 0 && r.timelineSpans > 0);
        QVERIFY(r.timelineGuiMsPerS > 0 && r.timelineSimGuiMsPerS > 0);
    }
};

QTEST_MAIN(TestUiBench)
#include "tst_uibench.moc"
