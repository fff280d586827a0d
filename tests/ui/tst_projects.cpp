// Studio and the other projects on its server, against real redis-servers: a
// lock the command-line tool takes in its default project ("default") while
// Studio shows "demo" raises a bar that switches to it; Dismiss keeps the bar
// away until another project holds leases; the Copy URL tool button's menu
// copies a command line that runs as it is (TLS options, password left to the
// environment); and File › Connect…'s Find projects lists each project with
// its leases for every kind of connection.
#include "mainwindow/mainwindow.h"
#include "mainwindow/projectnotice.h"
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
#include <QSignalSpy>
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

/// Runs the command-line tool with `arguments`: its standard output, or ""
/// when it failed (its standard error in `error`).
QString runCli(const QStringList& arguments, QString* error)
{
    QProcess cli;
    cli.start(QStringLiteral(TREELOCK_CLI_PATH), arguments);
    if (!cli.waitForFinished(30000) || cli.exitStatus() != QProcess::NormalExit || cli.exitCode() != 0) {
        *error = QString::fromUtf8(cli.readAllStandardError());
        return {};
    }
    return QString::fromUtf8(cli.readAllStandardOutput()).trimmed();
}

QLabel* noticeText(const MainWindow& w)
{
    return w.projectNotice()->findChild<QLabel*>(QStringLiteral("projectNoticeText"));
}

QPushButton* noticeButton(const MainWindow& w, const char* name)
{
    return w.projectNotice()->findChild<QPushButton*>(QString::fromLatin1(name));
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

    // The operator's case: an X lock taken with the command-line tool without
    // --project (so in "default") while Studio shows "demo".
    void aLeaseInAnotherProjectIsOfferedAndSwitchShowsIt()
    {
        test::RedisServer server;
        const auto w = openWindow(urlBackend(server.url(), QStringLiteral("demo")));
        QTRY_VERIFY_WITH_TIMEOUT(w->statesApplied() > 0, kTimeout);
        QVERIFY(w->projectNotice()->isHidden());
        QString error;
        const QString lease = runCli({QStringLiteral("--redis"), QString::fromStdString(server.url()), QStringLiteral("acquire"),
                                      QStringLiteral("--owner"), QStringLiteral("bob"), QStringLiteral("--ttl"),
                                      QStringLiteral("120000"), QStringLiteral("--lock"), QStringLiteral("X:/A/C")},
                                     &error);
        QVERIFY2(!lease.isEmpty(), qPrintable(error));

        QTRY_VERIFY_WITH_TIMEOUT(w->projectNotice()->isVisible(), kTimeout);
        // (Tests load no translator: the plural reads "1 lease(s)".)
        QVERIFY2(noticeText(*w)->text().contains(QStringLiteral("Project <b>default</b> on this server has 1 lease")),
                 qPrintable(noticeText(*w)->text()));
        // In the smallest window too, both buttons can be pressed.
        w->resize(640, 420);
        for (const char* name : {"switchProjectButton", "dismissProjectNoticeButton"}) {
            QPushButton* b = noticeButton(*w, name);
            QTRY_VERIFY2_WITH_TIMEOUT(QRect(QPoint(0, 0), w->size()).contains(QRect(b->mapTo(w.get(), QPoint(0, 0)), b->size())),
                                      name, kTimeout);
        }
        QTest::mouseClick(noticeButton(*w, "switchProjectButton"), Qt::LeftButton);

        QTRY_COMPARE_WITH_TIMEOUT(w->backendInfo().project, QStringLiteral("default"), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(showsLease(*w, lease), kTimeout);
        QVERIFY2(w->windowTitle().startsWith(QStringLiteral("default @ ")), qPrintable(w->windowTitle()));
        // "demo" holds nothing: no bar offers it.
        QVERIFY(w->projectNotice()->isHidden());
    }

    void aDismissedNoticeStaysAwayUntilAnotherProjectHoldsLeases()
    {
        test::RedisServer server;
        const auto w = openWindow(urlBackend(server.url(), QStringLiteral("demo")));
        QTRY_VERIFY_WITH_TIMEOUT(w->statesApplied() > 0, kTimeout);
        RedisEngine cli(test::redisOptionsFor(server), "default");
        const AcquireOptions as = test::acquireOptions("bob", "lock", 120s);
        QVERIFY(cli.acquire({{"/A", LockMode::X}}, as).granted);
        QTRY_VERIFY_WITH_TIMEOUT(w->projectNotice()->isVisible(), kTimeout);
        QTest::mouseClick(noticeButton(*w, "dismissProjectNoticeButton"), Qt::LeftButton);
        QVERIFY(w->projectNotice()->isHidden());

        // The same project with one more lease: still dismissed, once the window has heard of it.
        QSignalSpy heard(w->bridge(), &Bridge::otherProjectsChanged);
        QVERIFY(cli.acquire({{"/B", LockMode::X}}, as).granted);
        QTRY_VERIFY_WITH_TIMEOUT(!heard.isEmpty() && heard.last().at(0).value<ProjectList>().value(0).leases == 2, kTimeout);
        QVERIFY(w->projectNotice()->isHidden());

        // Another project: the bar is back, naming the busiest and counting the rest.
        RedisEngine build(test::redisOptionsFor(server), "build");
        QVERIFY(build.acquire({{"/A", LockMode::S}}, as).granted);
        QTRY_VERIFY_WITH_TIMEOUT(w->projectNotice()->isVisible(), kTimeout);
        const QString text = noticeText(*w)->text();
        QVERIFY2(text.contains(QStringLiteral("<b>default</b> on this server has 2 lease"))
                     && text.contains(QStringLiteral("(1 more project(s) hold leases too)")),
                 qPrintable(text));
        QVERIFY2(noticeText(*w)->toolTip().contains(QStringLiteral("build: 1 lease")), qPrintable(noticeText(*w)->toolTip()));
    }

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
