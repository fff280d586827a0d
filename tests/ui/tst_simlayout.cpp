// Studio's docks and Simulation panel at the sizes people use: 1280x800,
// 1920x1080 and the window's minimum, 640x420.
#include "engineleases.h"
#include "studiotest.h"

#include "bridge/bridge.h"
#include "lockview/locktreemodel.h"
#include "mainwindow/mainwindow.h"
#include "panels/hotspots/hotspotmodel.h"
#include "panels/hotspots/hotspotpanel.h"
#include "panels/tree/legendwidget.h"
#include "panels/tree/treepanel.h"
#include "panels/waiting/waitertablemodel.h"
#include "panels/waiting/waitingpanel.h"
#include "simulation/conflictmatrixmodel.h"
#include "simulation/scenariostepmodel.h"
#include "simulation/scenariotexts.h"
#include "simulation/simulationdata.h"
#include "simulation/simulationpanel.h"

#include <treelock/leaseid.h>
#include <treelock/memoryengine.h>

#include <QAbstractProxyModel>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QTranslator>
#include <QTreeView>

#include <chrono>

using namespace treelock;
using namespace treelock::ui;
using namespace std::chrono_literals;
using namespace treelock::test;
using test::memoryOptions;

namespace {

constexpr int kTimeout = 10000;

/// A window on the in-process engine at `size`, shown and active.
std::unique_ptr<MainWindow> windowAt(QSize size)
{
    StudioOptions options = memoryOptions();
    options.windowSize = size;
    auto w = std::make_unique<MainWindow>(options);
    w->start();
    if (!test::showActive(*w))
        qFatal("the window did not become active");
    return w;
}

/// Clicks the tab of `dock` in the window's tab bar of docks, as a user brings it forward.
void clickDockTab(MainWindow& w, QDockWidget* dock)
{
    for (QTabBar* tabs : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly))
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->isVisible() && tabs->tabText(i) == dock->windowTitle()) {
                QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(i).center());
                QVERIFY(QTest::qWaitFor([&] { return test::dockInFront(w, dock); }, kTimeout));
                return;
            }
    QFAIL(qPrintable(QStringLiteral("no tab for %1").arg(dock->windowTitle())));
}

enum PanelTab { LoadTestTab, ScenariosTab };

/// Clicks the panel's tab `tab` (in any language).
void clickPanelTab(SimulationPanel* panel, PanelTab tab)
{
    auto* tabs = child<QTabWidget>(panel, "simulationTabs");
    clickTabNamed(tabs, tabs->tabText(tab));
}

/// `widget`'s rectangle in `area`'s viewport: what of it is in sight.
QRect inViewport(const QWidget* widget, const QAbstractScrollArea* area)
{
    return {widget->mapTo(area->viewport(), QPoint(0, 0)), widget->size()};
}

/// Empty when `widget` lies whole in the visible part of the dock's scroll area
/// and of the window; else what is out of sight.
QString outOfSight(const QWidget* widget, const QAbstractScrollArea* area)
{
    const QRect r = inViewport(widget, area);
    const QRect inWindow(widget->mapTo(widget->window(), QPoint(0, 0)), widget->size());
    if (area->viewport()->rect().contains(r) && widget->window()->rect().contains(inWindow) && widget->isVisible())
        return {};
    return QStringLiteral("%1 '%2' at %3,%4 %5x%6 of a %7x%8 viewport")
        .arg(widget->objectName(), qobject_cast<const QAbstractButton*>(widget) ? static_cast<const QAbstractButton*>(widget)->text() : QString())
        .arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())
        .arg(area->viewport()->width()).arg(area->viewport()->height());
}

/// True when `label` shows its whole text: on one line in its width, wrapped in
/// its height, or cut with "…" and whole in its tooltip.
bool shownWhole(const QLabel* label, QString* why)
{
    const QFontMetrics fm = label->fontMetrics();
    if (label->text().endsWith(u'…') && label->toolTip().startsWith(label->text().chopped(1))
        && fm.horizontalAdvance(label->text()) <= label->contentsRect().width())
        return true;
    const bool whole = label->wordWrap() ? label->heightForWidth(label->contentsRect().width()) <= label->contentsRect().height()
                                         : fm.horizontalAdvance(label->text()) <= label->contentsRect().width();
    if (!whole)
        *why = QStringLiteral("'%1' in %2x%3").arg(label->text()).arg(label->width()).arg(label->height());
    return whole;
}

/// Rows of `view` whose whole height is in its viewport.
int rowsInSight(const QTableView* view)
{
    int rows = 0;
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QRect r = view->visualRect(view->model()->index(row, 0));
        rows += r.isValid() && r.top() >= 0 && r.bottom() < view->viewport()->height();
    }
    return rows;
}

/// How many rows of `view`'s height fit in its viewport.
int rowRoom(const QTableView* view)
{
    return view->viewport()->height() / view->verticalHeader()->defaultSectionSize();
}

/// Shows every text of the scenario player's contexts as «text», and, with
/// `longCaption`, a long caption for the Fencing rejections tile.
class MarkingTranslator final : public QTranslator {
public:
    explicit MarkingTranslator(bool longCaption = false) : m_longCaption(longCaption) {}
    bool isEmpty() const override { return false; }
    QString translate(const char* context, const char* source, const char* disambiguation, int n) const override
    {
        Q_UNUSED(disambiguation);
        Q_UNUSED(n);
        if (m_longCaption && qstrcmp(source, "Fencing rejections") == 0)
            return QStringLiteral("Writes refused by the file system's fencing check, all of them");
        if (!m_longCaption && QByteArray(context).startsWith("Scenario"))
            return QStringLiteral("«%1»").arg(QString::fromUtf8(source));
        return {};
    }

private:
    bool m_longCaption;
};

/// Every tile of the live statistics in sight, its caption and value whole.
void verifyTilesReadWhole(MainWindow& w)
{
    auto* area = child<QScrollArea>(&w, "simulationPanelScroll");
    QList<QFrame*> tiles = w.findChildren<QFrame*>(QStringLiteral("counterTile"));
    tiles << child<QFrame>(&w, "violationsTile");
    QCOMPARE(tiles.size(), 11);
    for (const QFrame* tile : tiles) {
        const QString out = outOfSight(tile, area);
        QVERIFY2(out.isEmpty(), qPrintable(out));
        for (const QLabel* label : tile->findChildren<QLabel*>()) {
            QString why;
            QVERIFY2(shownWhole(label, &why), qPrintable(why));
        }
    }
}

} // namespace

class TestSimLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        test::prepareStudioTests();
        registerSimulationTypes();
    }

    // At 1280x800 with the Simulation dock brought forward by its tab, the
    // scenario player's buttons are in sight, a click loads a scenario and Step
    // runs it; at the window's minimum they are a scroll away.
    void scenarioPlayerButtonsAreInSightAndAClickLoads()
    {
        for (const QSize size : {QSize(1280, 800), QSize(640, 420)}) {
            auto w = windowAt(size);
            SimulationPanel* panel = w->simulationPanel();
            clickDockTab(*w, w->simulationDock());
            clickPanelTab(panel, ScenariosTab);
            auto* area = child<QScrollArea>(w.get(), "simulationPanelScroll");
            const char* const buttons[] = {"scenarioLoad", "scenarioPlay", "scenarioStep", "scenarioRestart", "scenarioClose"};
            if (size.width() == 1280) {
                for (const char* name : buttons) {
                    QString out;
                    QVERIFY2(QTest::qWaitFor([&] { return (out = outOfSight(child<QPushButton>(panel, name), area)).isEmpty(); }),
                             qPrintable(out));
                }
            }
            auto* list = child<QListWidget>(panel, "scenarioList");
            area->ensureWidgetVisible(list);
            test::clickItem(list, QStringLiteral("seed-example"));
            QTRY_COMPARE_WITH_TIMEOUT(panel->stepModel()->rowCount(), 11, kTimeout);
            auto* step = child<QPushButton>(panel, "scenarioStep");
            area->ensureWidgetVisible(step);
            QVERIFY2(outOfSight(step, area).isEmpty(), qPrintable(outOfSight(step, area)));
            QTRY_VERIFY_WITH_TIMEOUT(step->isEnabled(), kTimeout);
            click(step);
            QTRY_COMPARE_WITH_TIMEOUT(panel->stepModel()->stepsRun(), 1, kTimeout);
            QVERIFY(w->showsSimulation());
        }
    }

    // A double-click loads the scenario and plays it to the end.
    void doubleClickLoadsAndPlays()
    {
        auto w = windowAt(QSize(1280, 800));
        SimulationPanel* panel = w->simulationPanel();
        clickDockTab(*w, w->simulationDock());
        clickPanelTab(panel, ScenariosTab);
        auto* list = child<QListWidget>(panel, "scenarioList");
        const QListWidgetItem* item = list->findItems(QStringLiteral("fine-vs-seed"), Qt::MatchExactly).value(0);
        QVERIFY(item);
        const QPoint at = list->visualItemRect(item).center();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, at); // the first click of the two
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, at);
        QTRY_VERIFY2_WITH_TIMEOUT(panel->scenarioAtEnd(), qPrintable(QStringLiteral("%1 of %2 steps run").arg(panel->stepModel()->stepsRun()).arg(panel->stepModel()->rowCount())), 60000);
        QCOMPARE(panel->stepModel()->stepsPassed(), panel->stepModel()->rowCount());
    }

    // The Simulation dock brought forward by its tab gets half the window; a
    // table dock brought back after it gives the tree its room again; the
    // legend steps aside while the tree's rows would have less room than it.
    void simulationDockFromItsTabTakesHalfAndTheLegendGivesWay_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QString();
        QTest::newRow("zh_CN") << QStringLiteral(":/i18n/treelock_zh_CN.qm");
    }
    void simulationDockFromItsTabTakesHalfAndTheLegendGivesWay()
    {
        QFETCH(QString, language);
        QTranslator translator;
        if (!language.isEmpty()) {
            QVERIFY(translator.load(language));
            QCoreApplication::installTranslator(&translator);
        }
        const auto untranslated = qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });
        auto w = windowAt(QSize(1280, 800));
        QAbstractButton* legendToggle = w->treePanel()->legendToggle();
        if (!legendToggle->isChecked())
            QTest::mouseClick(legendToggle, Qt::LeftButton);
        QVERIFY(legendToggle->isChecked());
        auto* legend = w->treePanel()->findChild<LegendWidget*>(QStringLiteral("legend"));
        QVERIFY(legend);
        clickDockTab(*w, w->simulationDock());
        QTRY_VERIFY2_WITH_TIMEOUT(w->simulationDock()->height() >= w->height() * 2 / 5,
                                  qPrintable(QStringLiteral("%1 px of %2").arg(w->simulationDock()->height()).arg(w->height())), kTimeout);
        QTest::keyClick(w.get(), Qt::Key_F5); // Simulation › Start
        QTRY_VERIFY_WITH_TIMEOUT(w->showsSimulation(), kTimeout);
        const QWidget* rows = w->treePanel()->view()->viewport();
        QTRY_VERIFY2_WITH_TIMEOUT(!legend->isVisible() || legend->height() <= rows->height(),
                                  qPrintable(QStringLiteral("legend %1 px, tree rows %2 px").arg(legend->height()).arg(rows->height())),
                                  kTimeout);
        QVERIFY(legendToggle->isChecked());
        QTest::keyClick(w.get(), Qt::Key_F5, Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!w->showsSimulation(), kTimeout);
        // The event log's tab: a table dock again, the tree the larger part.
        clickDockTab(*w, child<QDockWidget>(w.get(), "eventLogDock"));
        QTRY_VERIFY2_WITH_TIMEOUT(w->treePanel()->height() > child<QDockWidget>(w.get(), "eventLogDock")->height(),
                                  qPrintable(QStringLiteral("tree %1 px, log %2 px").arg(w->treePanel()->height())
                                                 .arg(child<QDockWidget>(w.get(), "eventLogDock")->height())),
                                  kTimeout);
    }

    // The event log, Waiting and Hot spots show at least six rows at 1280x800,
    // Waiting all of six waiters at 1920x1080, and the tree stays the larger part.
    void tableDocksShowTheirRows_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }
    void tableDocksShowTheirRows()
    {
        QFETCH(QSize, size);
        auto w = windowAt(size);
        Engine& engine = *engineOf(*w);
        for (int i = 0; i < 10; ++i) { // twenty events for the log
            const AcquireResult r = engine.acquire({{"/A/a.txt", LockMode::X}}, as("alice", "upload"));
            QVERIFY(r.granted);
            engine.release(r.grant.lease);
        }
        for (int i = 1; i <= 7; ++i) { // seven hot spots
            const std::string path = "/hot" + std::to_string(i);
            QVERIFY(engine.acquire({{path, LockMode::X}}, as("holder", "upload")).granted);
            QVERIFY(!engine.acquire({{path, LockMode::X}}, as("erin", "upload")).granted);
        }
        QVERIFY(engine.acquire({{"/B", LockMode::X}}, as("holder", "move-folder")).granted);
        for (const char* who : {"w1", "w2", "w3", "w4", "w5", "w6"})
            QVERIFY(!waitFor(engine, {{"/B", LockMode::X}}, who, "upload").empty());
        test::menuBarAction(*w, QStringLiteral("refreshAction"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->waiterModel()->rowCount(), 6, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(w->hotSpotModel()->rowCount() >= 7, kTimeout);

        auto* log = child<QDockWidget>(w.get(), "eventLogDock");
        auto* logView = child<QTableView>(log, "eventLogView");
        QTRY_VERIFY_WITH_TIMEOUT(logView->model()->rowCount() >= 10, kTimeout);
        QTRY_VERIFY2_WITH_TIMEOUT(rowRoom(logView) >= 6 && rowsInSight(logView) >= 6,
                                  qPrintable(QStringLiteral("%1 rows in sight").arg(rowsInSight(logView))), kTimeout);
        QVERIFY(w->treePanel()->height() > log->height());

        clickDockTab(*w, w->waitingDock());
        QTableView* waiting = w->waitingPanel()->view();
        QTRY_VERIFY2_WITH_TIMEOUT(rowsInSight(waiting) == 6, qPrintable(QStringLiteral("%1 of 6 waiters in sight").arg(rowsInSight(waiting))),
                                  kTimeout);
        QVERIFY(w->treePanel()->height() > w->waitingDock()->height());

        clickDockTab(*w, w->hotSpotDock());
        QTableView* hot = w->hotSpotPanel()->view();
        QTRY_VERIFY2_WITH_TIMEOUT(rowsInSight(hot) >= 6, qPrintable(QStringLiteral("%1 hot spots in sight").arg(rowsInSight(hot))),
                                  kTimeout);
        QVERIFY(w->treePanel()->height() > w->hotSpotDock()->height());
    }

    // While a simulation is shown, the status bar's hot spot alarm says it is
    // about the live project; after Stop the folders expanded before are again.
    void liveProjectKeepsItsAlarmAndItsExpandedFolders()
    {
        auto w = windowAt(QSize(1280, 800));
        Engine& engine = *engineOf(*w);
        QVERIFY(engine.acquire({{"/A/C", LockMode::X}}, as("alice", "move-folder")).granted);
        for (int i = 0; i < 5; ++i)
            QVERIFY(!engine.acquire({{"/A/C/c.txt", LockMode::X}}, as("erin", "upload")).granted);
        test::menuBarAction(*w, QStringLiteral("refreshAction"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w->hotSpotModel()->rowCount() > 0, kTimeout);
        clickDockTab(*w, w->hotSpotDock());
        typeInto(w->hotSpotPanel()->thresholdField(), QStringLiteral("2"));
        QLabel* alarm = w->hotSpotAlarmLabel();
        QTRY_VERIFY_WITH_TIMEOUT(alarm->isVisible(), kTimeout);
        QCOMPARE(alarm->text(), QStringLiteral("Hot spot alarm: /A/C"));

        // The user expands /projects and its first folder.
        QTreeView* tree = w->treePanel()->view();
        const auto row = [&](const char* path) {
            QModelIndex source = w->treeModel()->indexForPath(path);
            return static_cast<const QAbstractProxyModel*>(tree->model())->mapFromSource(source);
        };
        QTRY_VERIFY_WITH_TIMEOUT(row("/projects").isValid(), kTimeout);
        test::clickRow(tree, row("/projects"));
        QTest::keyClick(tree, Qt::Key_Right);
        QVERIFY(tree->isExpanded(row("/projects")));
        const QModelIndex first = tree->model()->index(0, 0, row("/projects"));
        const QString firstPath = first.data(LockTreeModel::PathRole).toString();
        test::clickRow(tree, first);
        QTest::keyClick(tree, Qt::Key_Right);
        QVERIFY(tree->isExpanded(row(firstPath.toUtf8().constData())));

        QTest::keyClick(w.get(), Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(w->showsSimulation() && w->treeModel()->treeName() == QStringLiteral("sim"), kTimeout);
        QTRY_VERIFY2_WITH_TIMEOUT(alarm->isVisible() && alarm->text().startsWith(QStringLiteral("Live project demo")),
                                  qPrintable(alarm->text()), kTimeout);
        QVERIFY2(alarm->toolTip().contains(QStringLiteral("not the simulation")), qPrintable(alarm->toolTip()));

        QTest::keyClick(w.get(), Qt::Key_F5, Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!w->showsSimulation(), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(row("/projects").isValid(), kTimeout);
        QVERIFY(tree->isExpanded(row("/projects")));
        QVERIFY(tree->isExpanded(row(firstPath.toUtf8().constData())));
        QCOMPARE(alarm->text(), QStringLiteral("Hot spot alarm: /A/C"));
    }

    // The load test's Step (F10) and the scenario's Step say what they did, in
    // the panel and in the status bar, which clears a few seconds later.
    void stepsSayWhatTheyDid()
    {
        auto w = windowAt(QSize(1280, 800));
        SimulationPanel* panel = w->simulationPanel();
        QTest::keyClick(w.get(), Qt::Key_F10); // Simulation › Step
        QTRY_VERIFY2_WITH_TIMEOUT(w->statusBar()->currentMessage().startsWith(QStringLiteral("Step: ")),
                                  qPrintable(w->statusBar()->currentMessage()), kTimeout);
        const QString said = w->statusBar()->currentMessage();
        QVERIFY2(said.size() > 10, qPrintable(said));
        // The frame that followed the step (shown before the status bar said it) kept its line.
        QCOMPARE(child<QLabel>(panel, "simulationStatus")->text(), said.toHtmlEscaped());
        QTRY_VERIFY_WITH_TIMEOUT(w->statusBar()->currentMessage().isEmpty(), 3 * kTimeout);

        clickDockTab(*w, w->simulationDock());
        clickPanelTab(panel, ScenariosTab);
        test::clickItem(child<QListWidget>(panel, "scenarioList"), QStringLiteral("seed-example"));
        auto* step = child<QPushButton>(panel, "scenarioStep");
        QTRY_VERIFY_WITH_TIMEOUT(step->isEnabled(), kTimeout);
        click(step);
        const QString report = QStringLiteral("Step 1 of 11 · A: acquire move-folder /A/C /B → granted ✓");
        QTRY_COMPARE_WITH_TIMEOUT(w->statusBar()->currentMessage(), report, kTimeout);
        QVERIFY2(child<QLabel>(panel, "scenarioStatus")->text().contains(report), qPrintable(child<QLabel>(panel, "scenarioStatus")->text()));
    }

    // Every text a scenario shows goes through the translator: the list's
    // titles, the title, description, steps, outcomes, details and narration.
    void scenarioTextsAreTranslated()
    {
        MarkingTranslator marking;
        QCoreApplication::installTranslator(&marking);
        const auto untranslated = qScopeGuard([&marking] { QCoreApplication::removeTranslator(&marking); });
        auto w = windowAt(QSize(1280, 800));
        SimulationPanel* panel = w->simulationPanel();
        clickDockTab(*w, w->simulationDock());
        clickPanelTab(panel, ScenariosTab);
        auto* list = child<QListWidget>(panel, "scenarioList");
        for (int i = 0; i < list->count(); ++i)
            QVERIFY2(list->item(i)->toolTip().startsWith(u'«'), qPrintable(list->item(i)->toolTip()));
        test::clickItem(list, QStringLiteral("crash-expiry"));
        const ScenarioStepModel* steps = panel->stepModel();
        QTRY_VERIFY_WITH_TIMEOUT(steps->rowCount() > 0, kTimeout);
        auto* play = child<QPushButton>(panel, "scenarioPlay");
        QTRY_VERIFY_WITH_TIMEOUT(play->isEnabled(), kTimeout);
        click(play);
        QTRY_VERIFY_WITH_TIMEOUT(panel->scenarioAtEnd(), 60000);
        for (int row = 0; row < steps->rowCount(); ++row) {
            for (int column : {ScenarioStepModel::StepColumn, ScenarioStepModel::ExpectedColumn, ScenarioStepModel::ActualColumn}) {
                const QString text = steps->index(row, column).data().toString();
                QVERIFY2(text.startsWith(u'«') && text.count(u'«') == text.count(u'»'),
                         qPrintable(QStringLiteral("step %1: %2").arg(row + 1).arg(text)));
            }
            const QString narration = steps->index(row, 0).data(ScenarioStepModel::NarrationRole).toString();
            QVERIFY2(narration.startsWith(u'«'), qPrintable(narration));
        }
        // Each detail is marked whole ("«fence 12»"), not only its outcome word.
        const QString actual = steps->index(0, ScenarioStepModel::ActualColumn).data().toString();
        QVERIFY2(actual.contains(QStringLiteral(" — «fence ")), qPrintable(actual));
        for (const char* name : {"scenarioNarration", "scenarioStatus"}) {
            const QString text = child<QLabel>(panel, name)->text();
            QVERIFY2(text.contains(u'«'), qPrintable(text));
        }
        for (const QLabel* label : panel->findChildren<QLabel*>())
            if (label->font().bold() && label->wordWrap() && !label->text().isEmpty() && label->objectName().isEmpty())
                QVERIFY2(label->text().startsWith(u'«'), qPrintable(label->text())); // the title
    }

    // Every title, description paragraph and narration of the built-in
    // scenarios is in the table for translators, and every detail the
    // in-process scenarios produce has a known form.
    void everyBuiltinScenarioTextIsListed()
    {
        for (const QString& name : builtinScenarios()) {
            QFile file(QStringLiteral(":/scenarios/%1.json").arg(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray json = file.readAll();
            const sim::Scenario scenario = sim::Scenario::fromJson(std::string_view(json.constData(), std::size_t(json.size())));
            std::vector<std::string> texts = {scenario.title};
            for (const QString& line : QString::fromStdString(scenario.description).split(u'\n'))
                texts.push_back(line.toStdString());
            for (const sim::ScenarioStep& step : scenario.steps)
                if (!step.narration.empty())
                    texts.push_back(step.narration);
            for (const std::string& text : texts)
                QVERIFY2(isListedScenarioText(text), qPrintable(QStringLiteral("%1: %2").arg(name, QString::fromStdString(text))));
            if (sim::ScenarioPlayer::bringsItsOwnEngine(scenario))
                continue;
            auto clock = std::make_shared<sim::ScenarioClock>();
            auto engine = std::make_shared<MemoryEngine>("layout", PathOptions{}, [clock] { return clock->now(); });
            sim::ScenarioPlayer player(scenario, engine, clock);
            for (const sim::StepResult& r : player.runAll())
                for (const std::string& detail : {r.detail, r.mismatch})
                    QVERIFY2(detail.empty() || isKnownScenarioDetail(detail),
                             qPrintable(QStringLiteral("%1 step %2: %3").arg(name).arg(r.index + 1).arg(QString::fromStdString(detail))));
        }
        QVERIFY(isKnownScenarioDetail("blocked by A: move-folder X /A/C, X held on /A/C, expires in 29.9 s; waited 2.0 s"));
        QVERIFY(!isKnownScenarioDetail("something the simulator never says"));
    }

    // At 1280x800 the statistic tiles are in sight and show their captions and
    // values whole, in English and with a caption longer than its tile.
    void statisticTilesReadWhole_data()
    {
        QTest::addColumn<bool>("longCaption");
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << false << QString();
        QTest::newRow("Chinese") << false << QStringLiteral(":/i18n/treelock_zh_CN.qm");
        QTest::newRow("long caption") << true << QString();
    }
    void statisticTilesReadWhole()
    {
        QFETCH(bool, longCaption);
        QFETCH(QString, language);
        MarkingTranslator marking(longCaption);
        QTranslator translator;
        if (longCaption)
            QCoreApplication::installTranslator(&marking);
        if (!language.isEmpty()) {
            QVERIFY(translator.load(language));
            QCoreApplication::installTranslator(&translator);
        }
        const auto untranslated = qScopeGuard([&] {
            QCoreApplication::removeTranslator(&marking);
            QCoreApplication::removeTranslator(&translator);
        });
        auto w = windowAt(QSize(1280, 800));
        SimulationPanel* panel = w->simulationPanel();
        clickDockTab(*w, w->simulationDock());
        clickPanelTab(panel, LoadTestTab);
        // Fifty users as fast as the machine goes: five-digit counters, and
        // heat-map counts of "1.2k" that widen its columns.
        typeInto(child<QSpinBox>(panel, "simulationUsers"), QStringLiteral("50"));
        QTest::keyClick(panel->findChild<QSlider*>(), Qt::Key_End);
        QTest::keyClick(w.get(), Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(panel->matrixModel()->maximum() >= 1000 && panel->statistics().attempts >= 10000, 60000);
        QTest::keyClick(w.get(), Qt::Key_F5, Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(panel->state() == sim::Simulation::State::Finished, kTimeout);
        verifyTilesReadWhole(*w);
        if (longCaption) {
            bool found = false;
            for (const QLabel* label : w->findChildren<QLabel*>(QStringLiteral("counterCaption")))
                found = found || label->toolTip() == QStringLiteral("Writes refused by the file system's fencing check, all of them");
            QVERIFY(found);
        }
    }
};

TREELOCK_STUDIO_TEST_MAIN(TestSimLayout)
#include "tst_simlayout.moc"
