// Studio and the projects on its server, against real redis-servers: the Copy
// URL tool button's menu copies a command line that runs as it is (TLS options,
// password left to the environment); and File › Connect…'s Find projects lists
// each project with its leases for every kind of connection.
#include "mainwindow/mainwindow.h"
#include "mainwindow/studiooptions.h"
#include "panels/leases/leasetablemodel.h"

#include "modaldialogs.h"
#include "redisoptions.h"
#include "redisserver.h"
#include "studiotest.h"
#include "tlsfiles.h"

#include <treelock/redisengine.h>

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <QToolButton>

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

BackendConfig urlBackend(const std::string& url, const QString& project)
{
    BackendConfig backend;
    backend.kind = BackendConfig::Kind::Url;
    backend.url = QString::fromStdString(url);
    backend.project = project;
    return backend;
}

/// Whether the lease table has `id`'s row.
bool showsLease(const MainWindow& w, const QString& id)
{
    return w.leaseModel()->rowOf(id.toStdString()) >= 0;
}

/// Presses the arrow of the tool button `button` and clicks the entry `actionName` of the menu it opens.
bool pickFromButtonMenu(QToolButton* button, const QString& actionName)
{
    bool picked = false;
    auto* watcher = new QTimer;
    watcher->setInterval(20);
    QObject::connect(watcher, &QTimer::timeout, [watcher, actionName, &picked] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        if (!menu || !menu->isVisible())
            return;
        watcher->stop();
        watcher->deleteLater();
        for (QAction* a : menu->actions()) {
            if (a->objectName() == actionName) {
                QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(a).center());
                picked = true;
                return;
            }
        }
        menu->close();
    });
    watcher->start();
    // The arrow: the right end of a button whose menu pops up apart from its click.
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(button->width() - 3, button->height() / 2));
    if (!picked) {
        watcher->stop();
        watcher->deleteLater();
    }
    return picked;
}

} // namespace

class TestProjects : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::prepareStudioTests(); }

    // Over mutual TLS with an ACL user: the line copied from the tool bar's
    // Copy URL menu lists the project's locks when pasted into a shell with
    // the password in the environment.
    void theCopiedCommandLineRunsAsItIs()
    {
        const std::string user = "studio", password = "Copy-cmd-s3cret-19";
        test::RedisServer::Options serverOptions;
        serverOptions.tcp = true;
        serverOptions.tls = test::TlsFiles::get().server(/*authClients=*/true);
        serverOptions.extraConfig = {"user default off", "user " + user + " on >" + password + " ~* &* +@all"};
        test::RedisServer server(serverOptions);
        BackendConfig backend = urlBackend(server.tcpUrl(), QStringLiteral("tls-docs"));
        backend.user = QString::fromStdString(user);
        backend.password = QString::fromStdString(password);
        const auto file = [](const char* name) { return QString::fromStdString(test::TlsFiles::get().path(name)); };
        backend.tls.caFile = file("ca.crt");
        backend.tls.certFile = file("client.crt");
        backend.tls.keyFile = file("client.key");
        const auto w = openWindow(backend);

        RedisOptions client;
        client.url = server.tcpUrl();
        client.user = user;
        client.password = password;
        client.tls = test::TlsFiles::get().client();
        RedisEngine engine(client, "tls-docs");
        const AcquireResult r = engine.acquire({{"/A/C", LockMode::X}}, test::acquireOptions("carol", "lock", 120s));
        QVERIFY(r.granted);
        QTRY_VERIFY_WITH_TIMEOUT(showsLease(*w, QString::fromStdString(r.grant.lease)), kTimeout);

        auto* copy = w->findChild<QToolButton*>(QStringLiteral("copyUrlButton")); // in the tool bar
        QVERIFY(copy && copy->isVisible());
        QApplication::clipboard()->clear();
        QVERIFY(pickFromButtonMenu(copy, QStringLiteral("copyCommandAction")));
        const QString command = QApplication::clipboard()->text();
        QVERIFY2(command.startsWith(QStringLiteral("TREELOCK_REDIS_USER=studio treelock --redis rediss://127.0.0.1:"))
                     && command.contains(QStringLiteral(" --cacert %1 --cert %2 --key %3 ")
                                             .arg(backend.tls.caFile, backend.tls.certFile, backend.tls.keyFile))
                     && command.endsWith(QStringLiteral(" --project tls-docs locks")),
                 qPrintable(command));
        QVERIFY2(!command.contains(QString::fromStdString(password)) && !command.contains(QStringLiteral("***")),
                 qPrintable(command));
        QVERIFY2(w->statusBar()->currentMessage().contains(QStringLiteral("TREELOCK_REDIS_PASSWORD")),
                 qPrintable(w->statusBar()->currentMessage()));

        QProcess shell;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"), QFileInfo(QStringLiteral(TREELOCK_CLI_PATH)).absolutePath() + QLatin1Char(':')
                                               + env.value(QStringLiteral("PATH")));
        env.insert(QStringLiteral("TREELOCK_REDIS_PASSWORD"), QString::fromStdString(password));
        shell.setProcessEnvironment(env);
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
        QVERIFY(shell.waitForFinished(30000));
        const QString out = QString::fromUtf8(shell.readAllStandardOutput());
        QVERIFY2(shell.exitCode() == 0 && out.contains(QStringLiteral("carol")),
                 qPrintable(out + QString::fromUtf8(shell.readAllStandardError())));
    }

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
