// The Studio against a real redis-server: locks taken through core show up in
// the table and the tree and disappear when released; "Release expired" reaps;
// force-release is audited; the connection banner comes and goes; and the
// executable's --screenshot writes a PNG.
#include "bridge/bridge.h"
#include "mainwindow/mainwindow.h"
#include "models/leasetablemodel.h"
#include "models/locktreemodel.h"
#include "models/projecttree.h"

#include "redisserver.h"

#include <treelock/redisengine.h>

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace treelock;
using namespace treelock::ui;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeout = 5000;

ProjectTreeData seedTree()
{
    ProjectTreeData t;
    QString error;
    parseTreeJson(R"({"format":"treelock-tree","version":1,"name":"seed",
        "paths":["/A/a.txt","/A/C/c.txt","/A/C/D/d.txt","/A/C/E/","/B/"]})", &t, &error);
    return t;
}

NodeKind kindAt(const MainWindow& w, const std::string& path)
{
    return NodeKind(w.treeModel()->indexForPath(path).data(LockTreeModel::KindRole).toInt());
}

struct Fixture {
    explicit Fixture(const std::string& project)
    {
        StudioOptions options;
        options.backend.kind = BackendConfig::Kind::Url;
        options.backend.url = QString::fromStdString(server.url());
        options.backend.project = QString::fromStdString(project);
        options.backend.operatorName = QStringLiteral("tester");
        options.useSettings = false;
        window = std::make_unique<MainWindow>(options);
        window->setTree(seedTree());
        window->start();
        RedisOptions ro;
        ro.url = server.url();
        engine = std::make_unique<RedisEngine>(ro, project);
    }
    test::RedisServer server;
    std::unique_ptr<MainWindow> window;
    std::unique_ptr<RedisEngine> engine;
};

AcquireOptions as(const char* owner, const char* op, std::chrono::milliseconds ttl = 30s)
{
    AcquireOptions o;
    o.owner = owner;
    o.operation = op;
    o.ttl = ttl;
    return o;
}

} // namespace

class TestStudio : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        registerBridgeTypes();
    }

    void leaseTakenThroughCoreAppearsAndReleasedOneDisappears()
    {
        Fixture f("appear");
        QTRY_VERIFY_WITH_TIMEOUT(f.window->statesApplied() > 0, kTimeout);
        const AcquireResult r = f.engine->acquire({{"/A/C", LockMode::X}, {"/B/C", LockMode::X}}, as("bob", "move-folder"));
        QVERIFY(r.granted);
        const LeaseId id = r.grant.lease;
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(id) >= 0, kTimeout);
        const int row = f.window->leaseModel()->rowOf(id);
        QCOMPARE(f.window->leaseModel()->index(row, LeaseTableModel::OwnerColumn).data().toString(), QStringLiteral("bob"));
        QTRY_COMPARE_WITH_TIMEOUT(int(kindAt(*f.window, "/A/C")), int(NodeKind::HeldX), kTimeout);
        QCOMPARE(int(kindAt(*f.window, "/A")), int(NodeKind::IntentIX));
        QCOMPARE(int(kindAt(*f.window, "/A/C/D/d.txt")), int(NodeKind::CoveredX));
        // /B/C is not in the tree: added on the fly and flagged.
        const QModelIndex added = f.window->treeModel()->indexForPath("/B/C");
        QVERIFY(added.isValid());
        QVERIFY(added.data(LockTreeModel::FromLeaseRole).toBool());

        QVERIFY(f.engine->release(id).status == LeaseStatus::Ok);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(id) < 0, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(int(kindAt(*f.window, "/A/C")), int(NodeKind::None), kTimeout);
        QCOMPARE(int(kindAt(*f.window, "/A")), int(NodeKind::None));
    }

    void changesAppearWithin500ms()
    {
        Fixture f("latency");
        QTRY_VERIFY_WITH_TIMEOUT(f.window->statesApplied() > 0, kTimeout);
        QTest::qWait(1200); // let the first snapshot cycle pass
        QElapsedTimer t;
        t.start();
        const AcquireResult r = f.engine->acquire({{"/A/a.txt", LockMode::X}}, as("erin", "upload"));
        QVERIFY(r.granted);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) >= 0, kTimeout);
        QVERIFY2(t.elapsed() < 500, qPrintable(QStringLiteral("took %1 ms").arg(t.elapsed())));
    }

    void releaseExpiredReapsAnExpiredLease()
    {
        Fixture f("expired");
        const AcquireResult r = f.engine->acquire({{"/A/a.txt", LockMode::X}}, as("dave", "delete-file", 50ms));
        QVERIFY(r.granted);
        QAction* action = f.window->releaseExpiredAction();
        QTRY_VERIFY_WITH_TIMEOUT(action->isEnabled(), kTimeout);
        QVERIFY(action->text().contains(QLatin1Char('1')));
        QTRY_COMPARE_WITH_TIMEOUT(int(kindAt(*f.window, "/A/a.txt")), int(NodeKind::Expired), kTimeout);
        QCOMPARE(f.engine->snapshot().leases.size(), std::size_t(1)); // expired, not reaped
        QSignalSpy reported(f.window.get(), &MainWindow::actionReported);
        action->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(reported.count(), 1, kTimeout);
        QVERIFY(reported.at(0).at(0).value<ActionResult>().ok);
        QCOMPARE(reported.at(0).at(0).value<ActionResult>().count, qint64(1));
        QVERIFY(f.engine->snapshot().leases.empty());
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) < 0, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!action->isEnabled(), kTimeout);
        bool sawSweep = false;
        for (const Event& e : f.engine->events("0", 100))
            sawSweep = sawSweep || (e.type == "sweep" && e.by == "tester" && e.count == 1);
        QVERIFY(sawSweep);
    }

    void forceReleaseWritesTheAuditEvent()
    {
        Fixture f("force");
        const AcquireResult r = f.engine->acquire({{"/A/C", LockMode::X}}, as("alice", "move-folder", 60s));
        QVERIFY(r.granted);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) >= 0, kTimeout);
        QSignalSpy reported(f.window.get(), &MainWindow::actionReported);
        f.window->forceRelease(QString::fromStdString(r.grant.lease), QStringLiteral("stuck job"));
        QTRY_COMPARE_WITH_TIMEOUT(reported.count(), 1, kTimeout);
        QVERIFY2(reported.at(0).at(0).value<ActionResult>().ok, qPrintable(f.window->lastActionMessage()));
        QVERIFY(f.window->lastActionMessage().contains(QStringLiteral("tester")));
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) < 0, kTimeout);
        bool audited = false;
        for (const Event& e : f.engine->events("0", 100)) {
            if (e.type != "force")
                continue;
            QCOMPARE(e.lease, r.grant.lease);
            QCOMPARE(e.by, std::string("tester"));
            QCOMPARE(QString::fromStdString(e.host), QSysInfo::machineHostName());
            QCOMPARE(e.reason, std::string("stuck job"));
            QVERIFY(e.wasLive);
            audited = true;
        }
        QVERIFY(audited);
        QVERIFY(f.engine->snapshot().leases.empty());
    }

    void connectionLossShowsBannerAndReconnects()
    {
        Fixture f("reconnect");
        QTRY_VERIFY_WITH_TIMEOUT(f.window->statesApplied() > 0, kTimeout);
        QSignalSpy connection(f.window->bridge(), &Bridge::connectionChanged);
        f.server.stop(true);
        QTRY_VERIFY_WITH_TIMEOUT(!connection.isEmpty()
                                     && connection.last().at(0).value<ConnectionState>().status == ConnectionStatus::Lost,
                                 kTimeout);
        auto* banner = f.window->findChild<QWidget*>(QStringLiteral("connectionBanner"));
        QVERIFY(banner);
        QVERIFY(!banner->isHidden());
        f.server.start();
        QTRY_VERIFY_WITH_TIMEOUT(connection.last().at(0).value<ConnectionState>().status == ConnectionStatus::Connected,
                                 8000);
        QVERIFY(banner->isHidden());
        // And it works again.
        RedisOptions ro;
        ro.url = f.server.url();
        RedisEngine engine(ro, "reconnect");
        const AcquireResult r = engine.acquire({{"/B", LockMode::S}}, as("frank", "copy-folder"));
        QVERIFY(r.granted);
        QTRY_VERIFY_WITH_TIMEOUT(f.window->leaseModel()->rowOf(r.grant.lease) >= 0, kTimeout);
    }

    void screenshotOptionWritesAPng()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("studio.png"));
        QProcess studio;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        studio.setProcessEnvironment(env);
        studio.start(QStringLiteral(TREELOCK_STUDIO_PATH),
                     {QStringLiteral("--screenshot"), png, QStringLiteral("--after"), QStringLiteral("1200"),
                      QStringLiteral("--demo-scenario"), QStringLiteral("seed")});
        QVERIFY2(studio.waitForFinished(60000), "treelock-studio did not exit");
        QVERIFY2(studio.exitStatus() == QProcess::NormalExit && studio.exitCode() == 0,
                 studio.readAllStandardError().constData());
        QVERIFY(QFileInfo(png).size() > 0);
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800 && image.height() >= 500);
    }
};

QTEST_MAIN(TestStudio)
#include "tst_studio.moc"
