// Studio on its private Sentinel set-up (a primary, a replica, three sentinels):
// the user kills the primary or asks for a failover from the Locks menu, and the
// window finds the new primary by itself, names it in the status bar, and reports
// the failover in a banner and in the event log with the leases kept and lost.
#include "bridge/bridge.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/studiooptions.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/leases/leasetablemodel.h"

#include "studiotest.h"

#include <treelock/error.h>
#include <treelock/redisengine.h>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>

using namespace treelock;
using namespace treelock::ui;
using namespace std::chrono_literals;

namespace {

constexpr int kStart = 30000;    // the private set-up starts in a few seconds
constexpr int kFailover = 30000; // a failover takes a few seconds more

QAction* locksMenuAction(const MainWindow& w, const QString& objectName)
{
    for (QAction* top : w.menuBar()->actions())
        if (top->menu() && top->menu()->objectName() == QLatin1String("locksMenu"))
            for (QAction* a : top->menu()->actions())
                if (a->objectName() == objectName)
                    return a;
    return nullptr;
}

bool logHas(const MainWindow& w, const QString& text)
{
    for (int r = 0; r < w.logModel()->rowCount(); ++r)
        if (w.logModel()->entryAt(r).detail.contains(text))
            return true;
    return false;
}

QString backendLabel(const MainWindow& w)
{
    auto* label = w.statusBar()->findChild<QLabel*>(QStringLiteral("backendLabel"));
    return label ? label->text() : QString();
}

struct HaWindow {
    HaWindow()
    {
        StudioOptions options = test::studioOptions(BackendConfig::Kind::PrivateHa);
        options.backend.project = QStringLiteral("ha");
        window = std::make_unique<MainWindow>(options);
        window->start();
        window->show();
    }
    /// Waits until the window talks to its private set-up; false if it never does.
    [[nodiscard]] bool connected()
    {
        return QTest::qWaitFor([&] { return window->backendInfo().kind == BackendConfig::Kind::PrivateHa
                                            && !window->backendInfo().primary.isEmpty(); },
                               kStart);
    }
    /// A lease every replica has (its grant waited for one).
    LeaseId acknowledgedLease(const std::string& path)
    {
        RedisOptions options;
        options.url = window->backendInfo().url.toStdString();
        options.minReplicas = 1;
        options.replicaTimeout = 2000ms;
        RedisEngine engine(options, "ha");
        AcquireOptions as;
        as.owner = "alice";
        as.ttl = 120s;
        const AcquireResult r = engine.acquire({{path, LockMode::X}}, as);
        return r.granted ? r.grant.lease : LeaseId();
    }
    std::unique_ptr<MainWindow> window;
};

} // namespace

class TestHa : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        test::prepareStudioTests();
        installTranslations(*qApp, QStringLiteral("en")); // English plurals, as the program shows them
    }

    void killPrimaryFromTheMenuMovesToTheNewPrimaryAndReportsIt()
    {
        HaWindow h;
        QVERIFY(h.connected());
        MainWindow& w = *h.window;
        const QString first = w.backendInfo().primary;
        QVERIFY2(backendLabel(w).contains(QStringLiteral("primary <b>%1</b>").arg(first)), qPrintable(backendLabel(w)));
        const LeaseId kept = h.acknowledgedLease("/A/C");
        QVERIFY(!kept.empty());
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(kept) >= 0, 5000);

        QAction* kill = locksMenuAction(w, QStringLiteral("killPrimaryAction"));
        QVERIFY(kill);
        QVERIFY(kill->isEnabled());
        kill->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w.lastActionMessage().contains(QStringLiteral("killed")), 5000);

        QFrame* banner = w.failoverBanner();
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), kFailover);
        const QString second = w.backendInfo().primary;
        QVERIFY(second != first);
        const QString text = banner->findChild<QLabel*>(QStringLiteral("failoverText"))->text();
        QVERIFY2(text.startsWith(QStringLiteral("Primary moved from %1 to %2 at ").arg(first, second)), qPrintable(text));
        QVERIFY2(text.endsWith(QStringLiteral("0 leases lost, 1 survived")), qPrintable(text));
        QVERIFY2(backendLabel(w).contains(QStringLiteral("primary <b>%1</b>").arg(second)), qPrintable(backendLabel(w)));
        QVERIFY(logHas(w, QStringLiteral("Primary moved from %1 to %2: 0 leases lost, 1 survived").arg(first, second)));
        QVERIFY2(w.leaseModel()->rowOf(kept) >= 0, "the acknowledged lease left the table");

        // The killed primary comes back as the new one's replica (a grant that
        // waits for a replica goes through again), and the view keeps following
        // the new primary: the new lease shows up.
        LeaseId after;
        QVERIFY(QTest::qWaitFor([&] {
            try {
                after = h.acknowledgedLease("/B");
            } catch (const ReplicationError&) {
            }
            return !after.empty();
        }, kFailover));
        QTRY_VERIFY_WITH_TIMEOUT(w.leaseModel()->rowOf(after) >= 0, 10000);

        QTest::mouseClick(banner->findChild<QPushButton*>(QStringLiteral("dismissFailoverButton")), Qt::LeftButton);
        QVERIFY(banner->isHidden());
    }

    void failOverNowFromTheMenuPromotesTheReplica()
    {
        HaWindow h;
        QVERIFY(h.connected());
        MainWindow& w = *h.window;
        const QString first = w.backendInfo().primary;
        QAction* failOver = locksMenuAction(w, QStringLiteral("failOverAction"));
        QVERIFY(failOver && failOver->isEnabled());
        failOver->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w.lastActionMessage().startsWith(QStringLiteral("Failover asked of the sentinels")), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(w.failoverBanner()->isVisible(), kFailover);
        QVERIFY(w.backendInfo().primary != first);
    }

    void failoverActionsNeedThePrivateSentinelSetUp()
    {
        MainWindow w(test::memoryOptions());
        w.start();
        QTRY_COMPARE_WITH_TIMEOUT(w.backendInfo().kind, BackendConfig::Kind::Memory, 5000);
        QVERIFY(!locksMenuAction(w, QStringLiteral("failOverAction"))->isEnabled());
        QVERIFY(!locksMenuAction(w, QStringLiteral("killPrimaryAction"))->isEnabled());
    }
};

QTEST_MAIN(TestHa)
#include "tst_ha.moc"
