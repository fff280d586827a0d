// Studio on a Redis Cluster: the user opens File › Connect…, types the cluster's
// URL, presses Find projects, picks a project from the list and connects; the
// status bar then names the node serving the project and its slot.
#include "mainwindow/mainwindow.h"
#include "mainwindow/studiooptions.h"
#include "panels/leases/leasetablemodel.h"

#include "modaldialogs.h"
#include "studiotest.h"

#include <treelock/redisclustergroup.h>
#include <treelock/redisengine.h>

#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRadioButton>
#include <QStatusBar>
#include <QTest>

using namespace treelock;
using namespace treelock::ui;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeout = 20000;

QString backendLabel(const MainWindow& w)
{
    auto* label = w.statusBar()->findChild<QLabel*>(QStringLiteral("backendLabel"));
    return label ? label->text() : QString();
}

} // namespace

class TestCluster : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        test::prepareStudioTests();
        installTranslations(*qApp, QStringLiteral("en"));
    }

    void connectDialogFindsTheProjectsAndTheStatusBarNamesTheNode()
    {
        ClusterGroup cluster;
        const QString url = QString::fromStdString(cluster.url());
        // Three projects with leases, spread over the shards.
        const std::vector<std::string> projects{"alpha", "orders", "photos"};
        for (const auto& p : projects) {
            RedisOptions o;
            o.url = cluster.url();
            RedisEngine engine(o, p);
            AcquireOptions as;
            as.owner = "alice";
            as.ttl = 120s;
            QVERIFY(engine.acquire({{"/A/b", LockMode::X}}, as).granted);
        }

        StudioOptions options = test::studioOptions(BackendConfig::Kind::Memory);
        options.backend.project = QStringLiteral("demo");
        MainWindow w(options);
        w.start();
        w.show();

        QString listed, status;
        bool seen = false;
        test::whenModal(
            [&](QWidget* dialog) {
                auto* urlRadio = dialog->findChild<QRadioButton*>(QStringLiteral("urlRadio"));
                auto* urlBox = dialog->findChild<QComboBox*>(QStringLiteral("urlBox"));
                auto* find = dialog->findChild<QPushButton*>(QStringLiteral("findProjectsButton"));
                auto* projectBox = dialog->findChild<QComboBox*>(QStringLiteral("projectBox"));
                auto* statusLabel = dialog->findChild<QLabel*>(QStringLiteral("projectsStatus"));
                if (!urlRadio || !urlBox || !find || !projectBox || !statusLabel) {
                    test::rejectDialog(dialog);
                    return;
                }
                QTest::mouseClick(urlRadio, Qt::LeftButton, {}, QPoint(8, urlRadio->height() / 2));
                urlBox->lineEdit()->clear();
                QTest::keyClicks(urlBox->lineEdit(), url);
                QTest::mouseClick(find, Qt::LeftButton);
                if (!QTest::qWaitFor([&] { return projectBox->count() == 3; }, kTimeout)) {
                    status = statusLabel->text();
                    test::rejectDialog(dialog);
                    return;
                }
                for (int i = 0; i < projectBox->count(); ++i)
                    listed += projectBox->itemText(i) + QLatin1Char(' ');
                status = statusLabel->text();
                // The list pops up by itself; a click on "orders" picks it.
                QAbstractItemView* view = projectBox->view();
                if (!QTest::qWaitFor([&] { return view->isVisible(); }, kTimeout)) {
                    test::rejectDialog(dialog);
                    return;
                }
                const int row = projectBox->findText(QStringLiteral("orders"));
                QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(row, 0)).center());
                auto* buttons = dialog->findChild<QDialogButtonBox*>();
                for (QAbstractButton* b : buttons->buttons())
                    if (buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
                        QTest::mouseClick(b, Qt::LeftButton);
            },
            &seen);
        QAction* connectAction = test::menuBarAction(w, QStringLiteral("connectAction"));
        QVERIFY(connectAction);
        connectAction->trigger();
        QVERIFY(seen);
        QVERIFY2(listed == QStringLiteral("alpha orders photos "), qPrintable(listed + QStringLiteral(" / ") + status));
        QVERIFY2(status.startsWith(QStringLiteral("3 projects on ")), qPrintable(status));

        const int slot = ClusterGroup::slotOf("orders");
        const QString node = QString::fromStdString(cluster.primaryFor(slot).text());
        QTRY_VERIFY_WITH_TIMEOUT(w.backendInfo().project == QStringLiteral("orders")
                                     && w.backendInfo().kind == BackendConfig::Kind::Url,
                                 kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(backendLabel(w).contains(QStringLiteral("node <b>%1</b> (slot %2)").arg(node).arg(slot)),
                                 kTimeout);
        QVERIFY2(backendLabel(w).contains(QStringLiteral("project <b>orders</b>")), qPrintable(backendLabel(w)));
        QTRY_COMPARE_WITH_TIMEOUT(w.leaseModel()->rowCount(), 1, kTimeout);
    }

    // A plain redis:// URL at a cluster node is a wrong setting, not an outage:
    // the banner says so and Studio does not retry it every second.
    void aPlainUrlAtAClusterNodeIsRefusedNotRetried()
    {
        ClusterGroup cluster;
        StudioOptions options = test::studioOptions(BackendConfig::Kind::Url);
        options.backend.url = QStringLiteral("redis://") + QString::fromStdString(cluster.address(0).text());
        options.backend.project = QStringLiteral("orders");
        MainWindow w(options);
        w.start();
        w.show();
        auto* banner = w.findChild<QFrame*>(QStringLiteral("connectionBanner"));
        QVERIFY(banner);
        auto* text = banner->findChild<QLabel*>();
        QVERIFY(text);
        QTRY_VERIFY_WITH_TIMEOUT(text->isVisible() && text->text().startsWith(QStringLiteral("Cannot use this connection: ")),
                                 kTimeout);
        QVERIFY2(text->text().contains(QStringLiteral("is a Redis Cluster node: connect with a redis+cluster:// URL")),
                 qPrintable(text->text()));
        const QString shown = text->text();
        QTest::qWait(2500); // two retry intervals of a lost connection
        QCOMPARE(text->text(), shown);
    }
};

QTEST_MAIN(TestCluster)
#include "tst_cluster.moc"
