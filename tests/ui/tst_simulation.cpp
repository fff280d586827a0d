// The Simulation panel: its models, a memory-engine run with and without
// locking, a scenario played to the end, and the main window showing the
// simulated project. Offscreen; a throwaway redis-server for the Redis player.
#include "redisserver.h"
#include "studiotest.h"

#include "lockview/locktreemodel.h"
#include "lockview/presentation.h"
#include "mainwindow/mainwindow.h"
#include "panels/leases/leasetablemodel.h"
#include "simulation/conflictmatrixmodel.h"
#include "simulation/scenariostepmodel.h"
#include "simulation/simulationdata.h"
#include "simulation/simulationpanel.h"

#include <treelock/sim/scenario.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSet>
#include <QSpinBox>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QValueAxis>
#include <QWheelEvent>

#include <chrono>
#include <functional>
#include <thread>

using namespace treelock;
using namespace treelock::ui;
using State = sim::Simulation::State;
using test::child;
using test::click;
using test::clickTabNamed;
using test::memoryOptions;

namespace {

// failover.json starts a private primary, replica and three sentinels when it is
// loaded, and its kill-primary steps wait for a failover and for the old primary
// to rejoin: seconds each, more on a loaded machine.
constexpr int kSentinelScenarioLoad = 30000;
constexpr int kSentinelScenarioEnd = 240000;

/// The shipped scenarios that play on whatever engine the panel has (all but
/// those that bring their own Sentinel set-up).
QStringList anyEngineScenarios()
{
    QStringList names;
    for (const QString& name : builtinScenarios()) {
        QFile file(QStringLiteral(":/scenarios/%1.json").arg(name));
        file.open(QIODevice::ReadOnly);
        const QByteArray json = file.readAll();
        if (!sim::ScenarioPlayer::bringsItsOwnEngine(sim::Scenario::fromJson(std::string_view(json.constData(), std::size_t(json.size())))))
            names << name;
    }
    return names;
}

/// The action `objectName` of the menu bar's menu `menuName`, found as a user would.
QAction* menuAction(const QMainWindow& window, const char* menuName, const char* objectName)
{
    for (QAction* top : window.menuBar()->actions())
        if (top->menu() && top->menu()->objectName() == QLatin1String(menuName))
            for (QAction* a : top->menu()->actions())
                if (a->objectName() == QLatin1String(objectName))
                    return a;
    return nullptr;
}

QMenu* menuOf(const QMainWindow& window, const char* menuName)
{
    for (QAction* top : window.menuBar()->actions())
        if (top->menu() && top->menu()->objectName() == QLatin1String(menuName))
            return top->menu();
    return nullptr;
}

/// The field a form row labels `labelText` (the label's buddy), found as a user
/// finds it: by the text beside it.
template <typename T>
T* field(const QWidget* parent, const QString& labelText)
{
    for (QLabel* label : parent->findChildren<QLabel*>())
        if (label->text() == labelText && label->buddy())
            if (auto* found = qobject_cast<T*>(label->buddy()))
                return found;
    qFatal("no %s labelled %s", T::staticMetaObject.className(), qPrintable(labelText));
    return nullptr;
}

/// Replaces the value of `box` by typing `text`, as a user does, and presses Enter.
void typeValue(QAbstractSpinBox* box, const QString& text)
{
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

/// Types the number of users into the Users field.
void typeUsers(const QWidget* panel, int users)
{
    auto* box = panel->findChild<QSpinBox*>(QStringLiteral("simulationUsers"));
    QVERIFY(box);
    typeValue(box, QString::number(users));
    QCOMPARE(box->value(), users);
}

/// Clicks the tab `index` of the panel's tab bar.
void clickTab(const QWidget* panel, int index)
{
    auto* tabs = panel->findChild<QTabWidget*>(QStringLiteral("simulationTabs"));
    QVERIFY(tabs);
    QTabBar* bar = tabs->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(index).center());
    QCOMPARE(tabs->currentIndex(), index);
}

/// Fills the contended setup of the simulator's own tests in the settings
/// form: users, hot-spot targets, hold and think times, seed, as fast as
/// possible.
void fillContendedSetup(SimulationPanel* panel, int users, const QString& hotShare, const QString& thinkMean)
{
    typeUsers(panel, users);
    auto* targets = field<QComboBox>(panel, QStringLiteral("Targets"));
    QTest::keyClick(targets, Qt::Key_Home);
    QTest::keyClick(targets, Qt::Key_Down); // "Hot spot"
    QCOMPARE(targets->currentData().toInt(), int(sim::TargetChoice::Hotspot));
    typeValue(field<QDoubleSpinBox>(panel, QStringLiteral("Hot-spot share")), hotShare);
    QWidget* hold = field<QWidget>(panel, QStringLiteral("Hold"));
    const auto holdBoxes = hold->findChildren<QSpinBox*>();
    QCOMPARE(holdBoxes.size(), 2);
    typeValue(holdBoxes[0], QStringLiteral("5"));
    typeValue(holdBoxes[1], QStringLiteral("30"));
    typeValue(field<QSpinBox>(panel, QStringLiteral("Think (mean)")), thinkMean);
    auto* speed = panel->findChild<QSlider*>();
    QVERIFY(speed);
    QTest::keyClick(speed, Qt::Key_End); // "max"
}

/// Types `weight` into the operation mix's field for `cli` ("copy-folder"), found
/// by its tooltip, which names the operation.
void typeWeight(const QWidget* panel, const QString& cli, const QString& weight)
{
    for (QDoubleSpinBox* box : panel->findChildren<QDoubleSpinBox*>())
        if (box->toolTip().contains(QStringLiteral("(%1)").arg(cli))) {
            typeValue(box, weight);
            return;
        }
    QFAIL(qPrintable(QStringLiteral("no weight for %1").arg(cli)));
}

/// Many readers (copies), few writers (create, upload, and delete, move, rename
/// a folder) on the nested hot spot: the readers-and-writers setup of docs/simulator.md.
void fillReadersAndWriters(SimulationPanel* panel, int users)
{
    typeUsers(panel, users);
    for (std::size_t i = 0; i < sim::kOperationCount; ++i)
        typeWeight(panel, QString::fromUtf8(std::string(toString(kAllOperations[i]))), QStringLiteral("0"));
    typeWeight(panel, QStringLiteral("copy-folder"), QStringLiteral("10"));
    typeWeight(panel, QStringLiteral("copy-file"), QStringLiteral("10"));
    typeWeight(panel, QStringLiteral("create"), QStringLiteral("1"));
    typeWeight(panel, QStringLiteral("upload"), QStringLiteral("1"));
    typeWeight(panel, QStringLiteral("move-folder"), QStringLiteral("1"));
    typeWeight(panel, QStringLiteral("rename-folder"), QStringLiteral("1"));
    typeWeight(panel, QStringLiteral("delete-folder"), QStringLiteral("1"));
    auto* speed = panel->findChild<QSlider*>();
    QVERIFY(speed);
    QTest::keyClick(speed, Qt::Key_End); // "max"
}

/// Clicks a check box on its indicator, as a user does.
void toggle(QCheckBox* box)
{
    const bool was = box->isChecked();
    QTest::mouseClick(box, Qt::LeftButton, {},
                      QPoint(box->style()->pixelMetric(QStyle::PM_IndicatorWidth) / 2 + 1, box->height() / 2));
    QCOMPARE(box->isChecked(), !was);
}

void selectScenario(QListWidget* list, const QString& name)
{
    test::clickItem(list, name);
    QCOMPARE(list->currentItem()->text(), name);
}

/// The scenario shown in `panel` ran to its end with every step passing.
void verifyEveryStepPassed(const SimulationPanel& panel, const QString& name)
{
    const ScenarioStepModel* m = panel.stepModel();
    QVERIFY(m->rowCount() > 0);
    for (int row = 0; row < m->rowCount(); ++row)
        QVERIFY2(m->index(row, 0).data(ScenarioStepModel::OkRole).toBool(),
                 qPrintable(QStringLiteral("%1 step %2: %3").arg(name).arg(row + 1)
                                .arg(m->index(row, ScenarioStepModel::ActualColumn).data().toString())));
    QCOMPARE(m->stepsPassed(), m->rowCount());
}

/// The Simulation panel opened on its Scenarios tab as a user does, with the
/// player's controls. `before` runs first, on the Load test tab (an engine choice).
struct ScenarioTab {
    explicit ScenarioTab(const std::function<void(SimulationPanel&)>& before = {})
    {
        panel.resize(1400, 600);
        panel.show();
        if (before)
            before(panel);
        list = child<QListWidget>(&panel, "scenarioList");
        load = child<QPushButton>(&panel, "scenarioLoad");
        play = child<QPushButton>(&panel, "scenarioPlay");
        step = child<QPushButton>(&panel, "scenarioStep");
        clickTab(&panel, 1);
    }
    /// Picks `name` in the list and presses Load, Play, and waits for the end:
    /// every step must have passed.
    void playToTheEnd(const QString& name, int loadTimeout, int endTimeout)
    {
        selectScenario(list, name);
        click(load);
        QTRY_VERIFY_WITH_TIMEOUT(play->isEnabled(), loadTimeout);
        QCOMPARE(panel.stepModel()->stepsRun(), 0);
        click(play);
        QVERIFY(!play->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(panel.scenarioAtEnd(), endTimeout);
        verifyEveryStepPassed(panel, name);
    }
    SimulationPanel panel;
    QListWidget* list = nullptr;
    QPushButton* load = nullptr;
    QPushButton* play = nullptr;
    QPushButton* step = nullptr;
};

} // namespace

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

    // The simulated users that wait are part of the state the main window shows.
    void lockStateForCarriesTheWaiters()
    {
        Snapshot snap;
        snap.serverTime = ServerTime(std::chrono::milliseconds(1'700'000'000'000));
        LeaseInfo reader;
        reader.id = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
        reader.owner = "user-001";
        reader.operation = "copy-folder";
        reader.requests = {{"/A/C", LockMode::S}};
        reader.expiresAt = snap.serverTime + std::chrono::milliseconds(2000);
        WaiterInfo writer;
        writer.id = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
        writer.owner = "user-002";
        writer.operation = "delete-folder";
        writer.requests = {{"/A/C/E", LockMode::X}};
        writer.holdsBack = true;
        writer.blocker.lease = reader.id;
        writer.blocker.clashPath = "/A/C";
        snap.leases = {reader};
        snap.waiters = {writer};
        const LockStatePtr state = lockStateFor(snap, nullptr, nullptr, true, 1);
        QCOMPARE(state->waiters.size(), std::size_t(1));
        QCOMPARE(state->waiters.front().owner, std::string("user-002"));
        QVERIFY(state->nodes.count("/A/C/E") && state->nodes.at("/A/C/E").waited());
        QVERIFY(state->nodes.at("/A/C").waited()); // where it clashed
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
        panel.resize(1400, 600);
        panel.show();
        QAbstractItemModelTester tester(panel.matrixModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        typeUsers(&panel, 30);
        QCOMPARE(panel.request().config.users, std::size_t(30));
        click(child<QPushButton>(&panel, "simulationStart"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().grants > 200, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().conflicts > 0, 20000);
        QCOMPARE(panel.statistics().violations, 0u);
        QCOMPARE(panel.violationsLabel()->text(), QStringLiteral("0"));
        QVERIFY(panel.statistics().attempts >= panel.statistics().grants);
        click(child<QPushButton>(&panel, "simulationStop"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == sim::Simulation::State::Finished, 10000);
        QCOMPARE(panel.statistics().violations, 0u);
    }

    // The report of a run: the waits of every operation that waited, most
    // starved first, and the hottest paths, as the statistics have them,
    // during the run and after Stop.
    void starvationAndHotSpotReportAppearsAfterARun()
    {
        SimulationPanel panel;
        panel.resize(1400, 800);
        panel.show();
        fillReadersAndWriters(&panel, 60);
        const SimulationRequest r = panel.request();
        QCOMPARE(r.config.mix[sim::operationIndex(Operation::CopyFolder)], 10.0);
        QCOMPARE(r.config.mix[sim::operationIndex(Operation::Purge)], 0.0);
        QVERIFY(r.config.fairnessGrace.has_value());
        auto* waits = child<QTableView>(&panel, "operationWaits");
        auto* hot = child<QTableView>(&panel, "hotSpots");
        QAbstractItemModelTester waitsTester(waits->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester hotTester(hot->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(waits->model()->rowCount(), 0);
        // Each beside its chart, in the pane's second tab.
        QVERIFY(!waits->isVisible() && !hot->isVisible());
        clickTabNamed(child<QTabWidget>(&panel, "waitTabs"), QStringLiteral("Waits by operation"));
        clickTabNamed(child<QTabWidget>(&panel, "conflictTabs"), QStringLiteral("Hot spots"));
        QVERIFY(waits->isVisible() && hot->isVisible());

        click(child<QPushButton>(&panel, "simulationStart"));
        QTRY_VERIFY_WITH_TIMEOUT(hot->model()->rowCount() == int(sim::Statistics::kHotSpots), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().waitsByOperation[sim::operationIndex(Operation::DeleteFolder)].waited > 0, 30000);
        click(child<QPushButton>(&panel, "simulationStop"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == State::Finished, 10000);

        // What the tables show is the last frame's statistics.
        const sim::Statistics& s = panel.statistics();
        int waited = 0;
        for (const auto& w : s.waitsByOperation)
            waited += (w.waited || w.timeouts) ? 1 : 0;
        QCOMPARE(waits->model()->rowCount(), waited);
        QStringList operations;
        for (int row = 0; row < waits->model()->rowCount(); ++row)
            operations << waits->model()->index(row, 0).data().toString();
        QVERIFY2(operations.contains(operationDisplayName(sim::operationIndex(Operation::DeleteFolder))),
                 qPrintable(operations.join(u',')));
        QVERIFY2(operations.contains(operationDisplayName(sim::operationIndex(Operation::CopyFolder))),
                 qPrintable(operations.join(u',')));
        QVERIFY(!operations.contains(operationDisplayName(sim::operationIndex(Operation::Purge)))); // weight 0
        QCOMPARE(hot->model()->rowCount(), int(s.hotSpots.size()));
        for (int row = 0; row < hot->model()->rowCount(); ++row) {
            QCOMPARE(hot->model()->index(row, 0).data().toString(), QString::fromStdString(s.hotSpots[std::size_t(row)].path));
            QCOMPARE(hot->model()->index(row, 1).data().toString(), QLocale().toString(qulonglong(s.hotSpots[std::size_t(row)].refusals)));
        }
        QVERIFY(s.hotSpots.front().refusals >= s.hotSpots.back().refusals);
        QVERIFY2(!hot->model()->index(0, 4).data().toString().isEmpty(), "the hottest path names what clashed there");
        QVERIFY(child<QLabel>(&panel, "operationWaitsTitle")->text().contains(QStringLiteral("fairness on")));
        QVERIFY(s.queued > 0);
        QVERIFY(child<QLabel>(&panel, "hotSpotsTitle")->text().contains(QLocale().toString(qulonglong(s.queued))));
    }

    // Fairness is switched off and on again while the users run: the project's
    // grace follows, and the report says which is in force.
    void fairnessSwitchChangesTheRunningProjectsGrace()
    {
        SimulationPanel panel;
        panel.resize(1400, 800);
        panel.show();
        typeUsers(&panel, 20);
        auto* fairness = child<QCheckBox>(&panel, "simulationFairness");
        auto* grace = child<QSpinBox>(&panel, "simulationGrace");
        auto* title = child<QLabel>(&panel, "operationWaitsTitle");
        QVERIFY(fairness->isChecked() && grace->isEnabled());
        QCOMPARE(grace->value(), int(kDefaultGrace.count()));
        click(child<QPushButton>(&panel, "simulationStart"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().grants > 0, 20000);
        QVERIFY(panel.statistics().fairnessGrace == kDefaultGrace);

        toggle(fairness);
        QVERIFY(!grace->isEnabled());
        QVERIFY(!panel.request().config.fairnessGrace);
        QTRY_VERIFY_WITH_TIMEOUT(!panel.statistics().fairnessGrace.has_value(), 10000);
        QTRY_VERIFY(title->text().contains(QStringLiteral("fairness off")));

        toggle(fairness);
        typeValue(grace, QStringLiteral("40"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().fairnessGrace == std::chrono::milliseconds(40), 10000);
        QTRY_VERIFY(title->text().contains(QStringLiteral("fairness on")));
        click(child<QPushButton>(&panel, "simulationStop"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == State::Finished, 10000);

        // The next run starts with the form's setting; the ended run keeps its own
        // (and sends no frame that could arrive after the next Start).
        toggle(fairness);
        QTest::qWait(200);
        QVERIFY(panel.statistics().fairnessGrace == std::chrono::milliseconds(40));
        QVERIFY(title->text().contains(QStringLiteral("fairness on")));
        click(child<QPushButton>(&panel, "simulationStart"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().grants > 0, 20000); // Start cleared the last run's
        QVERIFY(panel.state() == State::Running);
        QVERIFY(!panel.statistics().fairnessGrace);
        QVERIFY(title->text().contains(QStringLiteral("fairness off")));
        click(child<QPushButton>(&panel, "simulationStop"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == State::Finished, 10000);
    }

    void lockingOffGivesViolations()
    {
        // The simulator's own contended setup (tests/sim/tst_simulation.cpp),
        // typed into the settings form.
        SimulationPanel panel;
        panel.resize(1400, 600);
        panel.show();
        fillContendedSetup(&panel, 30, QStringLiteral("60"), QStringLiteral("20"));
        typeValue(field<QSpinBox>(&panel, QStringLiteral("Seed")), QStringLiteral("7"));
        auto* locking = child<QCheckBox>(&panel, "simulationLocking");
        QTest::mouseClick(locking, Qt::LeftButton, {},
                          QPoint(locking->style()->pixelMetric(QStyle::PM_IndicatorWidth) / 2 + 1, locking->height() / 2));
        QVERIFY(!locking->isChecked());
        const SimulationRequest r = panel.request();
        QCOMPARE(r.config.users, std::size_t(30));
        QCOMPARE(r.config.seed, std::uint64_t(7));
        QVERIFY(r.config.targets == sim::TargetChoice::Hotspot);
        QCOMPARE(r.config.hotFraction, 0.6);
        QCOMPARE(r.config.hold.minMs, sim::Distribution::uniform(5, 30).minMs);
        QCOMPARE(r.config.hold.maxMs, sim::Distribution::uniform(5, 30).maxMs);
        QCOMPARE(r.config.think.meanMs, sim::Distribution::exponential(20, 200).meanMs);
        QCOMPARE(r.config.think.maxMs, sim::Distribution::exponential(20, 200).maxMs);
        QVERIFY(!r.config.locking);
        QCOMPARE(r.speed, 0.0); // as fast as possible
        click(child<QPushButton>(&panel, "simulationStart"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().violations > 0, 20000);
        QCOMPARE(panel.statistics().attempts, 0u);
        click(child<QPushButton>(&panel, "simulationStop"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == State::Finished, 10000);
    }

    void seedScenarioPlaysToTheEndWithEveryStepPassing()
    {
        SimulationPanel panel;
        panel.resize(1400, 600);
        panel.show();
        QAbstractItemModelTester tester(panel.stepModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        clickTab(&panel, 1);
        selectScenario(child<QListWidget>(&panel, "scenarioList"), QStringLiteral("seed-example"));
        click(child<QPushButton>(&panel, "scenarioLoad"));
        auto* play = child<QPushButton>(&panel, "scenarioPlay");
        QTRY_VERIFY_WITH_TIMEOUT(play->isEnabled(), 10000);
        click(play);
        QTRY_VERIFY_WITH_TIMEOUT(panel.scenarioAtEnd(), 30000);
        const ScenarioStepModel* m = panel.stepModel();
        QVERIFY(m->rowCount() > 5);
        for (int row = 0; row < m->rowCount(); ++row)
            QVERIFY2(m->index(row, 0).data(ScenarioStepModel::OkRole).toBool(),
                     qPrintable(QStringLiteral("step %1: %2").arg(row + 1).arg(m->index(row, ScenarioStepModel::ActualColumn).data().toString())));
    }

    // fine-vs-seed plays the same move under two profiles: each acquire says
    // which one, or steps 1 and 5 read the same and behave differently.
    void stepsNameTheirProfileWhenAScenarioMixesThem()
    {
        SimulationPanel panel;
        panel.resize(1000, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* tabs = panel.findChild<QTabWidget*>(QStringLiteral("simulationTabs"));
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(1).center());
        auto* list = panel.findChild<QListWidget*>(QStringLiteral("scenarioList"));
        const auto load = [&](const QString& name) {
            const QList<QListWidgetItem*> items = list->findItems(name, Qt::MatchExactly);
            QCOMPARE(items.size(), 1);
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(items.front()).center());
            QTest::mouseClick(panel.findChild<QPushButton*>(QStringLiteral("scenarioLoad")), Qt::LeftButton);
        };
        const ScenarioStepModel* m = panel.stepModel();
        const auto stepText = [m](int row) { return m->index(row, ScenarioStepModel::StepColumn).data().toString(); };
        load(QStringLiteral("fine-vs-seed"));
        QTRY_VERIFY(m->rowCount() > 5);
        QVERIFY2(stepText(0).endsWith(QStringLiteral("fine profile")), qPrintable(stepText(0)));
        QVERIFY2(stepText(4).endsWith(QStringLiteral("seed profile")), qPrintable(stepText(4)));
        QVERIFY(!stepText(2).contains(QStringLiteral("profile"))); // a release has none
        load(QStringLiteral("seed-example")); // one profile throughout: not repeated on every row
        QTRY_VERIFY(m->rowCount() > 0 && !m->plan()->name.contains(QStringLiteral("fine-vs-seed")));
        for (int row = 0; row < m->rowCount(); ++row)
            QVERIFY2(!stepText(row).contains(QStringLiteral("profile")), qPrintable(stepText(row)));
    }

    // The Run buttons start, pause, step, resume and stop a run, and their
    // enabled states follow it.
    void runButtonsDriveTheSimulation()
    {
        SimulationPanel panel;
        panel.resize(1400, 600);
        panel.show();
        typeUsers(&panel, 20);
        auto* start = child<QPushButton>(&panel, "simulationStart");
        auto* pause = child<QPushButton>(&panel, "simulationPause");
        auto* stop = child<QPushButton>(&panel, "simulationStop");
        auto* step = child<QPushButton>(&panel, "simulationStep");
        auto* status = child<QLabel>(&panel, "simulationStatus");
        QVERIFY(panel.state() == State::Idle);
        QVERIFY(start->isEnabled() && !pause->isEnabled() && !stop->isEnabled() && step->isEnabled());

        click(start);
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().grants > 20, 20000);
        QVERIFY(panel.state() == State::Running);
        QVERIFY(!start->isEnabled() && pause->isEnabled() && stop->isEnabled());

        click(pause);
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == State::Paused, 10000);
        QVERIFY(start->isEnabled() && !pause->isEnabled() && stop->isEnabled());
        QCOMPARE(start->text(), QStringLiteral("Resume"));
        const auto attempts = panel.statistics().attempts;
        QTest::qWait(300);
        QCOMPARE(panel.statistics().attempts, attempts); // the clock stands still

        const int frames = panel.framesApplied();
        click(step);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("Step:")), 10000);
        QTRY_VERIFY(panel.framesApplied() > frames);
        QVERIFY(panel.state() == State::Paused);

        click(start);
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == State::Running, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().attempts > attempts + 10, 20000);

        click(stop);
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == State::Finished, 10000);
        QVERIFY(start->isEnabled() && !pause->isEnabled() && !stop->isEnabled() && step->isEnabled());
        QCOMPARE(start->text(), QStringLiteral("Start"));
    }

    // Every shipped scenario passes in the player, played with Play: the pause
    // between steps must not count against the scenarios' 300 ms TTLs.
    void everyScenarioPassesWithPlay()
    {
        ScenarioTab tab;
        for (const QString& name : anyEngineScenarios()) {
            tab.playToTheEnd(name, 10000, 60000);
            if (QTest::currentTestFailed())
                return;
        }
    }

    // failover.json kills primaries: it plays on the private primary, replica and
    // sentinels its player starts, whatever engine the panel is set to.
    void failoverScenarioPlaysOnItsOwnSentinelSetUp()
    {
        QVERIFY(!anyEngineScenarios().contains(QStringLiteral("failover")));
        ScenarioTab tab;
        tab.playToTheEnd(QStringLiteral("failover"), kSentinelScenarioLoad, kSentinelScenarioEnd);
    }

    // ... and with Step pressed at a reader's pace, slower than those TTLs.
    void everyScenarioPassesWithStep()
    {
        ScenarioTab tab;
        SimulationPanel& panel = tab.panel;
        QPushButton* step = tab.step;
        for (const QString& name : anyEngineScenarios()) {
            selectScenario(tab.list, name);
            click(tab.load);
            QTRY_VERIFY_WITH_TIMEOUT(step->isEnabled() && panel.stepModel()->rowCount() > 0, 10000);
            for (int run = 1; !panel.scenarioAtEnd(); ++run) {
                click(step);
                QTRY_COMPARE_WITH_TIMEOUT(panel.stepModel()->stepsRun(), run, 10000);
                QTRY_VERIFY(step->isEnabled() || panel.scenarioAtEnd());
                QTest::qWait(400);
            }
            verifyEveryStepPassed(panel, name);
            if (QTest::currentTestFailed())
                return;
        }
    }

    // Start on a Redis server that has gone away: the panel says why and is ready
    // for the next Start (nothing runs, so Stop has nothing to end).
    void startOnAGoneServerSaysWhyAndCanStartAgain()
    {
        QString url;
        {
            test::RedisServer server;
            url = QString::fromStdString(server.url());
        } // stopped: nobody listens there now
        SimulationPanel panel;
        panel.resize(1400, 800);
        panel.show();
        BackendInfo info;
        info.kind = BackendConfig::Kind::Url;
        info.url = url;
        info.project = QStringLiteral("demo");
        panel.setBackend(info);
        auto* engine = child<QComboBox>(&panel, "simulationEngine");
        QTest::keyClick(engine, Qt::Key_Down);
        QCOMPARE(engine->currentData().toInt(), int(SimulationEngine::Redis));
        auto* start = child<QPushButton>(&panel, "simulationStart");
        auto* stop = child<QPushButton>(&panel, "simulationStop");
        auto* status = child<QLabel>(&panel, "simulationStatus");
        click(start);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("Cannot start the simulation")), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(start->isEnabled(), 5000);
        QVERIFY(!stop->isEnabled());
        QVERIFY(panel.state() != State::Running);
        QVERIFY(engine->isEnabled()); // the user can pick the in-process engine instead

        QTest::keyClick(engine, Qt::Key_Up);
        QCOMPARE(engine->currentData().toInt(), int(SimulationEngine::Memory));
        typeUsers(&panel, 5);
        click(start);
        QTRY_VERIFY_WITH_TIMEOUT(panel.statistics().grants > 0, 20000);
        QVERIFY(stop->isEnabled());
        click(stop);
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == State::Finished, 10000);
    }

    // On Redis, whose clock cannot stand still, Play runs the steps back to
    // back: every shipped scenario passes there too, one after another in
    // the same project.
    void everyScenarioPassesWithPlayOnRedis()
    {
        test::RedisServer server;
        ScenarioTab tab([&server](SimulationPanel& panel) {
            BackendInfo info;
            info.kind = BackendConfig::Kind::Url;
            info.url = QString::fromStdString(server.url());
            info.project = QStringLiteral("demo");
            panel.setBackend(info);
            auto* engine = child<QComboBox>(&panel, "simulationEngine");
            QTest::keyClick(engine, Qt::Key_Down);
            QCOMPARE(engine->currentData().toInt(), int(SimulationEngine::Redis));
        });
        for (int round = 0; round < 2; ++round)
            for (const QString& name : anyEngineScenarios()) {
                tab.playToTheEnd(name, 10000, 60000);
                if (QTest::currentTestFailed())
                    return;
            }
    }

    // The Simulation menu acts on the panel like its buttons (and F5 starts).
    void simulationMenuDrivesThePanel()
    {
        MainWindow window(memoryOptions());
        window.show();
        window.start();
        SimulationPanel* panel = window.simulationPanel();
        typeUsers(panel, 10);
        if (window.simulationDock()->isVisible())
            window.simulationDock()->toggleViewAction()->trigger(); // the user closes the dock
        QVERIFY(!window.simulationDock()->isVisible());
        QAction* start = menuAction(window, "simulationMenu", "simulationStartAction");
        QAction* pause = menuAction(window, "simulationMenu", "simulationPauseAction");
        QAction* stop = menuAction(window, "simulationMenu", "simulationStopAction");
        QAction* step = menuAction(window, "simulationMenu", "simulationStepAction");
        QVERIFY(start && pause && stop && step);
        QCOMPARE(start->shortcut(), QKeySequence(Qt::Key_F5));
        QCOMPARE(stop->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F5));
        QCOMPARE(step->shortcut(), QKeySequence(Qt::Key_F10));
        QVERIFY(start->isEnabled() && !pause->isEnabled() && !stop->isEnabled() && step->isEnabled());

        start->trigger();
        QVERIFY(window.simulationDock()->isVisible()); // starting shows the panel
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == State::Running, 10000);
        QVERIFY(!start->isEnabled() && pause->isEnabled() && stop->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(panel->statistics().grants > 0, 20000);

        pause->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == State::Paused, 10000);
        QVERIFY(start->isEnabled() && !pause->isEnabled() && stop->isEnabled());
        QCOMPARE(start->text(), QStringLiteral("&Resume"));

        auto* status = child<QLabel>(panel, "simulationStatus");
        step->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("Step:")), 10000);

        stop->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == State::Finished, 10000);
        QVERIFY(start->isEnabled() && !pause->isEnabled() && !stop->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!window.showsSimulation(), 10000);

        // F5 from anywhere in the window.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == State::Running, 10000);
        QTest::keyClick(&window, Qt::Key_F5, Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == State::Finished, 10000);
    }

    void noTwoActionsShareAShortcut()
    {
        MainWindow window(memoryOptions());
        QHash<QString, QString> seen;
        QSet<QAction*> actions;
        for (QAction* a : window.findChildren<QAction*>())
            actions.insert(a);
        for (QAction* a : actions)
            for (const QKeySequence& key : a->shortcuts()) {
                const QString k = key.toString(QKeySequence::PortableText);
                QVERIFY2(!seen.contains(k), qPrintable(QStringLiteral("%1 is both %2 and %3").arg(k, seen.value(k), a->text())));
                seen.insert(k, a->text());
            }
        QVERIFY(seen.contains(QStringLiteral("F5")));
        QVERIFY(seen.contains(QStringLiteral("Ctrl+R"))); // Refresh
    }

    // Every button of the dock, pressed as a user would, shows an effect: a
    // control without one fails here.
    void everySimulationControlHasAVisibleEffect()
    {
        MainWindow window(memoryOptions());
        window.resize(1500, 1000);
        window.show();
        window.start();
        QDockWidget* dock = window.simulationDock();
        if (!dock->isVisible())
            dock->toggleViewAction()->trigger(); // Simulation > Simulation panel
        QVERIFY(dock->isVisible());
        dock->raise();
        SimulationPanel* panel = window.simulationPanel();
        typeUsers(panel, 10);
        auto* tabs = child<QTabWidget>(panel, "simulationTabs");
        QSet<QString> pressed;
        auto press = [&](const char* name) {
            auto* b = child<QAbstractButton>(panel, name);
            click(b);
            pressed.insert(QLatin1String(name));
        };
        auto verifyAllPressed = [&] {
            for (QAbstractButton* b : panel->findChildren<QAbstractButton*>())
                if (b->isVisible() && b->isEnabled() && !b->objectName().isEmpty())
                    QVERIFY2(pressed.contains(b->objectName()), qPrintable(b->objectName() + QStringLiteral(" is never pressed")));
        };

        // Load test tab: the Run buttons and the locking switch.
        auto* status = child<QLabel>(panel, "simulationStatus");
        auto* locking = child<QCheckBox>(panel, "simulationLocking");
        const QPoint box(locking->style()->pixelMetric(QStyle::PM_IndicatorWidth) / 2 + 1, locking->height() / 2);
        QTest::mouseClick(locking, Qt::LeftButton, {}, box);
        QVERIFY(!locking->isChecked());
        QTest::mouseClick(locking, Qt::LeftButton, {}, box);
        QVERIFY(locking->isChecked());
        pressed.insert(locking->objectName());
        press("simulationStart");
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == State::Running, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(panel->statistics().attempts > 0, 20000);
        // The fairness switch, while running: the report names the setting in force.
        auto* fairness = child<QCheckBox>(panel, "simulationFairness");
        auto* waitsTitle = child<QLabel>(panel, "operationWaitsTitle");
        toggle(fairness);
        QTRY_VERIFY_WITH_TIMEOUT(waitsTitle->text().contains(QStringLiteral("fairness off")), 10000);
        toggle(fairness);
        QTRY_VERIFY_WITH_TIMEOUT(waitsTitle->text().contains(QStringLiteral("fairness on")), 10000);
        pressed.insert(fairness->objectName());
        press("simulationPause");
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == State::Paused, 10000);
        press("simulationStep");
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("Step:")), 10000);
        press("simulationStart"); // Resume
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == State::Running, 10000);
        press("simulationStop");
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == State::Finished, 10000);
        verifyAllPressed();

        // Scenarios tab, chosen with the mouse.
        QTabBar* bar = tabs->tabBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(1).center());
        QCOMPARE(tabs->currentIndex(), 1);
        selectScenario(child<QListWidget>(panel, "scenarioList"), QStringLiteral("seed-example"));
        press("scenarioLoad");
        QTRY_VERIFY_WITH_TIMEOUT(panel->stepModel()->rowCount() > 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.showsSimulation(), 10000);
        press("scenarioStep");
        QTRY_COMPARE_WITH_TIMEOUT(panel->stepModel()->stepsRun(), 1, 10000);
        press("scenarioPlay");
        QTRY_VERIFY_WITH_TIMEOUT(panel->stepModel()->stepsRun() >= 3, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(child<QPushButton>(panel, "scenarioRestart")->isEnabled(), 10000);
        press("scenarioRestart");
        QTRY_COMPARE_WITH_TIMEOUT(panel->stepModel()->stepsRun(), 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(child<QPushButton>(panel, "scenarioClose")->isEnabled(), 10000);
        press("scenarioClose");
        QTRY_VERIFY_WITH_TIMEOUT(!window.showsSimulation(), 10000);
        QVERIFY(!child<QPushButton>(panel, "scenarioPlay")->isEnabled());
        verifyAllPressed();

        // Every action of the Simulation menu.
        QMenu* menu = menuOf(window, "simulationMenu");
        QVERIFY(menu);
        QAction* dockToggle = nullptr;
        for (QAction* a : menu->actions()) {
            QVERIFY2(a->isSeparator() || !a->objectName().isEmpty(), qPrintable(a->text()));
            if (a->objectName() == QLatin1String("simulationDockAction"))
                dockToggle = a;
        }
        QVERIFY(dockToggle);
        dockToggle->trigger();
        QVERIFY(!dock->isVisible());
        dockToggle->trigger();
        QVERIFY(dock->isVisible());
    }

    void wheelOverUnfocusedSettingsScrollsInsteadOfChangingThem()
    {
        SimulationPanel panel;
        panel.resize(1200, 320);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* users = child<QSpinBox>(&panel, "simulationUsers");
        QScrollBar* scroll = child<QScrollArea>(&panel, "simulationSettings")->verticalScrollBar();
        QVERIFY(scroll->maximum() > 0);
        QVERIFY(!users->hasFocus());
        QCOMPARE(users->focusPolicy(), Qt::StrongFocus);
        const int before = users->value();
        const QPoint at = users->rect().center();
        QWheelEvent wheel(at, users->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(users, &wheel);
        QCOMPARE(users->value(), before);
        QVERIFY(scroll->value() > 0);
    }

    void conflictCountsFitTheirCells()
    {
        SimulationPanel panel;
        panel.resize(1300, 500);
        panel.show();
        fillContendedSetup(&panel, 40, QStringLiteral("90"), QStringLiteral("5"));
        const SimulationRequest r = panel.request();
        QCOMPARE(r.config.users, std::size_t(40));
        QCOMPARE(r.config.hotFraction, 0.9);
        QCOMPARE(r.config.hold.minMs, sim::Distribution::uniform(5, 30).minMs);
        QCOMPARE(r.config.hold.maxMs, sim::Distribution::uniform(5, 30).maxMs);
        QCOMPARE(r.config.think.meanMs, sim::Distribution::exponential(5, 50).meanMs);
        QCOMPARE(r.config.think.maxMs, sim::Distribution::exponential(5, 50).maxMs);
        QCOMPARE(r.speed, 0.0);
        click(child<QPushButton>(&panel, "simulationStart"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.matrixModel()->maximum() >= 1000, 60000);
        click(child<QPushButton>(&panel, "simulationStop"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.state() == State::Finished, 10000);
        auto* view = child<QTableView>(&panel, "conflictHeatMap");
        const QFontMetrics metrics(view->font());
        for (int row = 0; row < panel.matrixModel()->rowCount(); ++row)
            for (int column = 0; column < panel.matrixModel()->columnCount(); ++column) {
                const QString text = panel.matrixModel()->index(row, column).data().toString();
                QVERIFY2(view->columnWidth(column) >= metrics.horizontalAdvance(text) + 4,
                         qPrintable(QStringLiteral("\"%1\" in a %2 px column").arg(text).arg(view->columnWidth(column))));
            }
    }

    void waitHistogramHasAxisTitlesAndBucketLabels()
    {
        SimulationPanel panel;
        panel.resize(1300, 500);
        panel.show();
        typeUsers(&panel, 20);
        click(child<QPushButton>(&panel, "simulationStart"));
        QTRY_VERIFY_WITH_TIMEOUT(!panel.statistics().waitHistogram.empty(), 20000);
        click(child<QPushButton>(&panel, "simulationStop"));
        QChart* chart = child<QChartView>(&panel, "waitHistogram")->chart();
        const auto horizontal = chart->axes(Qt::Horizontal);
        const auto vertical = chart->axes(Qt::Vertical);
        QCOMPARE(horizontal.size(), 1);
        QCOMPARE(vertical.size(), 1);
        auto* buckets = qobject_cast<QCategoryAxis*>(horizontal.first());
        QVERIFY(buckets);
        QVERIFY(buckets->labelsVisible());
        QVERIFY(buckets->isTitleVisible() && !buckets->titleText().isEmpty());
        QVERIFY(vertical.first()->isTitleVisible() && !vertical.first()->titleText().isEmpty());
        // The decades are labelled, at their bars: 0, 1, 10, 100, 1k and ∞.
        QTRY_COMPARE(buckets->categoriesLabels(),
                     QStringList({QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("10"), QStringLiteral("100"),
                                  QStringLiteral("1k"), QStringLiteral("∞")}));
        QCOMPARE(buckets->endValue(QStringLiteral("∞")), double(panel.statistics().waitHistogram.size() - 1));
    }

    // A 2 s lease renewed on time is not a warning; one past three quarters of
    // its TTL (or a long one in its last seconds) is.
    void timeLeftWarningIsRelativeToTheLeasesTtl()
    {
        using std::chrono::milliseconds;
        QVERIFY(!presentation::timeLeftIsShort(milliseconds(1500), milliseconds(2000)));
        QVERIFY(presentation::timeLeftIsShort(milliseconds(400), milliseconds(2000)));
        QVERIFY(!presentation::timeLeftIsShort(milliseconds(200), milliseconds(300)));
        QVERIFY(presentation::timeLeftIsShort(milliseconds(4000), milliseconds(60000)));
        QVERIFY(!presentation::timeLeftIsShort(milliseconds(20000), milliseconds(60000)));
        QVERIFY(presentation::timeLeftIsShort(milliseconds(-1), milliseconds(300)));

        LeaseTableModel model;
        auto state = std::make_shared<LockState>();
        state->generation = 1;
        state->full = true;
        state->clock.serverTime = ServerTime(std::chrono::milliseconds(1'700'000'000'000));
        state->clock.localTime = std::chrono::steady_clock::now();
        state->clock.rate = 0; // stands still: the test does not race the clock
        LeaseInfo fresh;
        fresh.id = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
        fresh.owner = "user-1";
        fresh.operation = "upload";
        fresh.ttl = milliseconds(2000);
        fresh.createdAt = state->clock.serverTime - milliseconds(500);
        fresh.expiresAt = state->clock.serverTime + milliseconds(1500);
        LeaseInfo late = fresh;
        late.id = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
        late.expiresAt = state->clock.serverTime + milliseconds(300);
        state->leases = {fresh, late};
        model.applyState(state);
        QCOMPARE(model.rowCount(), 2);
        for (int row = 0; row < 2; ++row) {
            const QModelIndex idx = model.index(row, LeaseTableModel::TimeLeftColumn);
            const bool red = idx.data(Qt::ForegroundRole).value<QColor>() == QColor(0xc6, 0x28, 0x28);
            QCOMPARE(red, model.index(row, LeaseTableModel::LeaseColumn).data(LeaseTableModel::LeaseIdRole).toString().startsWith(u'b'));
        }
    }

    // A scenario loaded over a running simulation shows its own small tree,
    // without the paths of the simulation's leases.
    void scenarioReplacesARunningSimulationInTheViews()
    {
        MainWindow window(memoryOptions());
        window.resize(1500, 1000);
        window.show();
        window.start();
        SimulationPanel* panel = window.simulationPanel();
        typeUsers(panel, 20);
        click(child<QPushButton>(panel, "simulationStart"));
        QTRY_VERIFY_WITH_TIMEOUT(window.treeModel()->treeName() == QStringLiteral("sim"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.leaseModel()->rowCount() > 0, 10000);
        child<QTabWidget>(panel, "simulationTabs")->setCurrentIndex(1);
        selectScenario(child<QListWidget>(panel, "scenarioList"), QStringLiteral("seed-example"));
        click(child<QPushButton>(panel, "scenarioLoad"));
        QTRY_VERIFY_WITH_TIMEOUT(window.treeModel()->treeName() == QStringLiteral("sim-scenario"), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(window.leaseModel()->rowCount(), 0, 10000);
        QTest::qWait(500);
        QVERIFY2(window.treeModel()->nodeCount() < 20, qPrintable(QString::number(window.treeModel()->nodeCount())));
        QVERIFY(!window.treeModel()->indexForPath("/u1-1").isValid());
        QVERIFY(child<QLabel>(&window, "backendLabel")->text().contains(QStringLiteral("project <b>sim-scenario</b>")));
    }

    // Close pressed while a step runs: the step's report and its frame arrive
    // after the scenario is gone, and must not bring it back into the views.
    void aScenarioClosedMidStepStaysClosed()
    {
        MainWindow window(memoryOptions());
        window.resize(1500, 1000);
        window.show();
        window.start();
        SimulationPanel* panel = window.simulationPanel();
        clickTab(panel, 1);
        selectScenario(child<QListWidget>(panel, "scenarioList"), QStringLiteral("seed-example"));
        auto* play = child<QPushButton>(panel, "scenarioPlay");
        QTRY_VERIFY_WITH_TIMEOUT(play->isEnabled(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.showsSimulation(), 10000);
        click(play); // its first step is asked for at once
        // The GUI thread is busy while the worker runs the step and queues what it made.
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        click(child<QPushButton>(panel, "scenarioClose"));
        QVERIFY(!window.showsSimulation());
        const int frames = panel->framesApplied();
        QTest::qWait(1000);
        QVERIFY2(panel->framesApplied() > frames, "the step's frame never came: the test shows nothing");
        QVERIFY(!window.showsSimulation());
        QCOMPARE(panel->stepModel()->stepsRun(), 0);
        QVERIFY(window.treeModel()->treeName() != QStringLiteral("sim-scenario"));
        QVERIFY(!child<QLabel>(&window, "backendLabel")->text().contains(QStringLiteral("sim-scenario")));
    }

    void mainWindowShowsTheSimulatedProjectAndSwitchesBack()
    {
        MainWindow window(memoryOptions());
        window.resize(1500, 1000);
        window.show();
        window.start();
        QTRY_VERIFY_WITH_TIMEOUT(window.treeModel()->indexForPath("/projects").isValid()
                                     || window.treeModel()->nodeCount() > 100, 10000);
        QTest::qWait(500);
        const int studioNodes = window.treeModel()->nodeCount();
        auto* backend = child<QLabel>(&window, "backendLabel");
        QTRY_VERIFY_WITH_TIMEOUT(backend->text().contains(QStringLiteral("project <b>demo</b>")), 10000);
        typeUsers(window.simulationPanel(), 10);
        click(child<QPushButton>(window.simulationPanel(), "simulationStart"));
        QTRY_VERIFY_WITH_TIMEOUT(window.showsSimulation(), 10000);
        // The status bar names what the views show.
        QTRY_VERIFY_WITH_TIMEOUT(backend->text().contains(QStringLiteral("project <b>sim</b>")), 10000);
        QVERIFY(!backend->text().contains(QStringLiteral("demo")));
        QTRY_VERIFY_WITH_TIMEOUT(window.treeModel()->treeName() == QStringLiteral("sim"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.treeModel()->indexForPath("/A/C").isValid() || window.treeModel()->indexForPath("/B").isValid(), 10000);
        QVERIFY(window.simulationDock()->isVisible());
        // Stopped while users hold leases: none of their paths may stay in Studio's tree.
        click(child<QPushButton>(window.simulationPanel(), "simulationPause"));
        QTRY_VERIFY_WITH_TIMEOUT(window.simulationPanel()->state() == State::Paused, 10000);
        // Paused between two users' leases (a slow machine pauses early): Step runs
        // one event at a time until someone holds one.
        for (int i = 0; i < 500 && window.leaseModel()->rowCount() == 0; ++i) {
            const int frames = window.simulationPanel()->framesApplied();
            click(child<QPushButton>(window.simulationPanel(), "simulationStep"));
            QTRY_VERIFY_WITH_TIMEOUT(window.simulationPanel()->framesApplied() > frames, 10000);
        }
        QTRY_VERIFY_WITH_TIMEOUT(window.leaseModel()->rowCount() > 0, 10000);
        click(child<QPushButton>(window.simulationPanel(), "simulationStop"));
        QTRY_VERIFY_WITH_TIMEOUT(!window.showsSimulation(), 10000);
        QCOMPARE(window.treeModel()->nodeCount(), studioNodes);
        QCOMPARE(window.leaseModel()->rowCount(), 0);
        QVERIFY(window.treeModel()->treeName() != QStringLiteral("sim"));
        QVERIFY(backend->text().contains(QStringLiteral("project <b>demo</b>")));
    }
};

QTEST_MAIN(TestSimulation)
#include "tst_simulation.moc"
