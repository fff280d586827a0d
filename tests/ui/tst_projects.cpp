// Studio and the projects on its server, against real redis-servers: File ›
// Connect…'s Find projects lists each project with its leases for every kind
// of connection.
#include "mainwindow/mainwindow.h"
#include "mainwindow/studiooptions.h"

#include "modaldialogs.h"
#include "redisoptions.h"
#include "redisserver.h"
#include "studiotest.h"

#include <treelock/redisengine.h>

#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTest>

#include <memory>

using namespace treelock;
using namespace treelock::ui;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeout = 10000;

/// A window on `backend`, started and shown.
std::unique_ptr<MainWindow> openWindow(BackendConfig backend)
{
    StudioOptions options = test::studioOptions(backend.kind);
    backend.operatorName = QStringLiteral("tester");
    options.backend = backend;
    auto w = std::make_unique<MainWindow>(options);
    w->setTree(test::seedProjectTree());
    w->start();
    w->show();
    return w;
}

} // namespace

class TestProjects : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::prepareStudioTests(); }

    // Find projects in File › Connect… for each kind of connection: Studio's
    // private server, a server at a URL, and the in-process engine.
    void findProjectsListsEachProjectWithItsLeasesForEveryKind()
    {
        BackendConfig privateBackend;
        privateBackend.kind = BackendConfig::Kind::Private;
        const auto w = openWindow(privateBackend);
        QTRY_VERIFY_WITH_TIMEOUT(w->backendInfo().kind == BackendConfig::Kind::Private && w->statesApplied() > 0, kTimeout);
        RedisOptions onPrivate;
        onPrivate.url = w->backendInfo().url.toStdString();
        RedisEngine cli(onPrivate, "default");
        const AcquireOptions as = test::acquireOptions("bob", "lock", 120s);
        QVERIFY(cli.acquire({{"/A", LockMode::X}}, as).granted);
        test::RedisServer other;
        RedisEngine build(test::redisOptionsFor(other), "build");
        QVERIFY(build.acquire({{"/A", LockMode::S}}, as).granted);
        QVERIFY(build.acquire({{"/B", LockMode::S}}, as).granted);

        struct Seen {
            QString listed;   // "project leases; " for each row
            QString picked;   // the project field after a click on the first row
        };
        Seen privateServer, atUrl;
        QString memoryStatus;
        bool seen = false;
        test::whenModal(
            [&](QWidget* modal) {
                auto* d = qobject_cast<QDialog*>(modal);
                auto* find = modal->findChild<QPushButton*>(QStringLiteral("findProjectsButton"));
                auto* box = modal->findChild<QComboBox*>(QStringLiteral("projectBox"));
                auto* status = modal->findChild<QLabel*>(QStringLiteral("projectsStatus"));
                auto* urlRadio = modal->findChild<QRadioButton*>(QStringLiteral("urlRadio"));
                auto* memoryRadio = modal->findChild<QRadioButton*>(QStringLiteral("memoryRadio"));
                auto* urlBox = modal->findChild<QComboBox*>(QStringLiteral("urlBox"));
                if (!d || !find || !box || !status || !urlRadio || !memoryRadio || !urlBox)
                    return test::rejectDialog(modal);
                // Lists, waits for the list to pop up, notes it and clicks its first row.
                const auto findAndPick = [&](Seen* into) {
                    QTest::mouseClick(find, Qt::LeftButton);
                    QAbstractItemView* view = box->view();
                    if (!QTest::qWaitFor([&] { return view->isVisible() && box->count() > 0; }, kTimeout))
                        return;
                    for (int row = 0; row < box->count(); ++row)
                        into->listed += box->model()->index(row, 0).data().toString() + QLatin1Char(' ')
                                        + box->model()->index(row, 1).data().toString() + QStringLiteral("; ");
                    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                                      view->visualRect(view->model()->index(0, 0)).center());
                    into->picked = box->currentText();
                };
                findAndPick(&privateServer);
                QTest::mouseClick(urlRadio, Qt::LeftButton, {}, QPoint(8, urlRadio->height() / 2));
                urlBox->lineEdit()->clear();
                QTest::keyClicks(urlBox->lineEdit(), QString::fromStdString(other.url()));
                findAndPick(&atUrl);
                QTest::mouseClick(memoryRadio, Qt::LeftButton, {}, QPoint(8, memoryRadio->height() / 2));
                QTest::mouseClick(find, Qt::LeftButton);
                memoryStatus = status->text();
                test::rejectDialog(modal);
            },
            &seen);
        QAction* connectAction = test::menuBarAction(*w, QStringLiteral("connectAction"));
        QVERIFY(connectAction);
        connectAction->trigger();
        QVERIFY(seen);
        QCOMPARE(privateServer.listed, QStringLiteral("default 1 lease(s); "));
        QCOMPARE(privateServer.picked, QStringLiteral("default"));
        QCOMPARE(atUrl.listed, QStringLiteral("build 2 lease(s); "));
        QCOMPARE(atUrl.picked, QStringLiteral("build"));
        QVERIFY2(memoryStatus.startsWith(QStringLiteral("No projects yet: the in-process engine starts empty")),
                 qPrintable(memoryStatus));
    }
};

TREELOCK_STUDIO_TEST_MAIN(TestProjects)
#include "tst_projects.moc"
