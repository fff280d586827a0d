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

} // namespace

class TestSimLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        test::prepareStudioTests();
        registerSimulationTypes();
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
};

TREELOCK_STUDIO_TEST_MAIN(TestSimLayout)
#include "tst_simlayout.moc"
