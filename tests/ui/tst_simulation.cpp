// The Simulation panel: its models, a memory-engine run with and without
// locking, a scenario played to the end, and the main window showing the
// simulated project. Offscreen; no Redis needed.
#include "mainwindow/mainwindow.h"
#include "models/locktreemodel.h"
#include "simulation/conflictmatrixmodel.h"
#include "simulation/scenariostepmodel.h"
#include "simulation/simulationdata.h"
#include "simulation/simulationpanel.h"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QLabel>
#include <QTest>

using namespace treelock;
using namespace treelock::ui;

class TestSimulation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { registerSimulationTypes(); }

    void treeFromSnapshotDropsRootAndKeepsKinds()
    {
        sim::FileSystem::Snapshot snap;
        snap.entries = {{"/", sim::EntryKind::Folder}, {"/A", sim::EntryKind::Folder}, {"/A/a.txt", sim::EntryKind::File}};
        const ProjectTreeData tree = treeFromSnapshot(snap, QStringLiteral("sim"));
        QCOMPARE(tree.entries.size(), std::size_t(2));
        QCOMPARE(tree.entries[0].path, std::string("/A"));
        QVERIFY(tree.entries[0].folder);
        QVERIFY(!tree.entries[1].folder);
    }

    void heatColorIsWhiteAtZeroAndDarkAtMax()
    {
        QCOMPARE(heatColor(0, 10), QColor(Qt::white));
        QVERIFY(heatColor(10, 10).lightness() < heatColor(1, 10).lightness());
    }

    void scenariosAreCompiledIn()
    {
        QVERIFY2(builtinScenarios().contains(QStringLiteral("seed-example")), qPrintable(builtinScenarios().join(u',')));
    }

    void conflictMatrixModelPassesTester()
    {
        ConflictMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ConflictMatrixModel::Matrix m{};
        m[2][0] = 5;
        model.setMatrix(m);
        m[3][4] = 50;
        model.setMatrix(m);
        QCOMPARE(model.maximum(), 50u);
        QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("5"));
        QVERIFY(!model.index(0, 0).data().isValid());
        model.setMatrix({});
        QCOMPARE(model.maximum(), 0u);
    }

    void scenarioStepModelPassesTester()
    {
        ScenarioStepModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto plan = std::make_shared<ScenarioPlan>();
        plan->steps = {{"A", "acquire move-folder /A/C /B", "granted", "A moves"}, {"B", "write", "", "B writes"}};
        model.setPlan(plan);
        QCOMPARE(model.rowCount(), 2);
        sim::StepResult r;
        r.index = 0;
        r.actual = "granted";
        r.ok = true;
        model.setResult(r);
        QCOMPARE(model.index(0, ScenarioStepModel::ResultColumn).data().toString(), QStringLiteral("✓"));
        QCOMPARE(model.nextRow(), 1);
        QCOMPARE(model.stepsPassed(), 1);
        model.setPlan(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void memorySimulationCountsRiseWithoutViolations()
    {
        SimulationPanel panel;
        QAbstractItemModelTester tester(panel.matrixModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setUsers(30);
        panel.startSimulation();
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().grants > 200, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().conflicts > 0, 20000);
        QCOMPARE(panel.statistics().violations, 0u);
        QCOMPARE(panel.violationsLabel()->text(), QStringLiteral("0"));
        QVERIFY(panel.statistics().attempts >= panel.statistics().grants);
        panel.stopSimulation();
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == sim::Simulation::State::Finished, 10000);
        QCOMPARE(panel.statistics().violations, 0u);
    }

    void lockingOffGivesViolations()
    {
        // The simulator's own contended setup (tests/sim/tst_simulation.cpp).
        SimulationPanel panel;
        SimulationRequest r = panel.request();
        r.config.users = 30;
        r.config.seed = 7;
        r.config.targets = sim::TargetChoice::Hotspot;
        r.config.hotFraction = 0.6;
        r.config.hold = sim::Distribution::uniform(5, 30);
        r.config.think = sim::Distribution::exponential(20, 200);
        r.config.locking = false;
        r.speed = 0; // as fast as possible
        panel.setRequest(r);
        panel.startSimulation();
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().violations > 0, 20000);
        QCOMPARE(panel.statistics().attempts, 0u);
        panel.stopSimulation();
    }

    void seedScenarioPlaysToTheEndWithEveryStepPassing()
    {
        SimulationPanel panel;
        QAbstractItemModelTester tester(panel.stepModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.loadScenario(QStringLiteral("seed-example"), true);
        QTRY_VERIFY_WITH_TIMEOUT(panel.scenarioAtEnd(), 30000);
        const ScenarioStepModel* m = panel.stepModel();
        QVERIFY(m->rowCount() > 5);
        for (int row = 0; row < m->rowCount(); ++row)
            QVERIFY2(m->index(row, 0).data(ScenarioStepModel::OkRole).toBool(),
                     qPrintable(QStringLiteral("step %1: %2").arg(row + 1).arg(m->index(row, ScenarioStepModel::ActualColumn).data().toString())));
    }

    void mainWindowShowsTheSimulatedProjectAndSwitchesBack()
    {
        StudioOptions options;
        options.backend.kind = BackendConfig::Kind::Memory;
        options.useSettings = false;
        MainWindow window(options);
        window.show();
        window.start();
        QTRY_VERIFY_WITH_TIMEOUT(window.treeModel()->indexForPath("/projects").isValid()
                                     || window.treeModel()->nodeCount() > 100, 10000);
        window.simulationPanel()->setUsers(10);
        window.simulationPanel()->startSimulation();
        QTRY_VERIFY_WITH_TIMEOUT(window.showsSimulation(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.treeModel()->treeName() == QStringLiteral("sim"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.treeModel()->indexForPath("/A/C").isValid() || window.treeModel()->indexForPath("/B").isValid(), 10000);
        QVERIFY(window.simulationDock()->isVisible());
        window.simulationPanel()->stopSimulation();
        QTRY_VERIFY_WITH_TIMEOUT(!window.showsSimulation(), 10000);
        QVERIFY(window.treeModel()->treeName() != QStringLiteral("sim"));
    }
};

QTEST_MAIN(TestSimulation)
#include "tst_simulation.moc"
