// Studio over TLS, as an operator uses it, against a real redis-server that
// speaks only TLS and asks for a client certificate (mutual TLS), with the
// certificates of tests/support/make-test-certs.sh (TlsFiles). The test opens
// File › Connect… from the menu, fills the form with the keyboard and the
// file pickers, saves the connection, connects, and checks the status bar's
// lock and subject; then, "the next day" (a new window reading the settings
// again), picks the saved connection and connects without typing the
// password. It runs twice (tests/CMakeLists.txt): without a keychain, where
// the dialog must say so and ask for the password, and with gnome-keyring on
// a private D-Bus bus (privatekeychain.h), where the password comes from it.
#include "connection/connectdialog.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/studiooptions.h"
#include "panels/leases/leasetablemodel.h"

#include "modaldialogs.h"
#include "privatekeychain.h"
#include "redisserver.h"
#include "studiotest.h"
#include "tlsfiles.h"

#include <treelock/redisengine.h>

#include <qt6keychain/keychain.h>

#include <QAbstractItemView>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QEventLoop>
#include <QFile>
#include <QFrame>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <functional>
#include <memory>

using namespace treelock;
using namespace treelock::ui;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeout = 20000;
const QString kUser = QStringLiteral("studio");
const QString kPassword = QStringLiteral("Tls-studio-s3cret-7f2c");
const QString kProject = QStringLiteral("tlsdemo");

/// A redis-server whose TCP port speaks only TLS and wants a client
/// certificate; only the ACL user `kUser` with `kPassword` may log in.
std::unique_ptr<test::RedisServer> tlsServer()
{
    test::RedisServer::Options options;
    options.tcp = true;
    options.tls = test::TlsFiles::get().server(/*authClients=*/true);
    options.extraConfig = {"user default off", "user " + kUser.toStdString() + " on >" + kPassword.toStdString() + " ~* &* +@all"};
    return std::make_unique<test::RedisServer>(options);
}

/// What a program gives to reach `server`: its URL, the ACL user, the test CA and client certificate.
RedisOptions clientOptions(const test::RedisServer& server)
{
    RedisOptions options;
    options.url = server.tcpUrl();
    options.user = kUser.toStdString();
    options.password = kPassword.toStdString();
    options.tls = test::TlsFiles::get().client();
    return options;
}

/// A file made by make-test-certs.sh.
QString certFile(const char* name)
{
    return QString::fromStdString(test::TlsFiles::get().path(name));
}

template <typename T>
T* named(const QObject* parent, const char* name)
{
    return parent->findChild<T*>(QString::fromLatin1(name));
}

void click(QAbstractButton* button)
{
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(button->width() / 2, button->height() / 2));
}

/// Clicks a radio button or check box on its indicator.
void tick(QAbstractButton* button)
{
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(8, button->height() / 2));
}

/// Replaces the text of `edit` as a user does: select all, type.
void typeInto(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Delete);
    else
        QTest::keyClicks(edit, text);
}

/// Clicks `browse` and types `file` into the file dialog it opens.
void browseFor(QToolButton* browse, const QString& file)
{
    test::whenModal([file](QWidget* modal) { test::typeFileNameAndEnter(modal, file); });
    click(browse);
}

/// Clicks `button` and answers the name dialog it opens with `text` and Enter.
void answerName(QAbstractButton* button, const QString& text)
{
    test::whenModal([text](QWidget* modal) {
        auto* edit = modal->findChild<QLineEdit*>();
        if (!edit)
            return test::rejectDialog(modal);
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    });
    click(button);
}

/// Clicks `button` and presses Yes in the question it asks.
void answerYes(QAbstractButton* button)
{
    test::whenModal([](QWidget* modal) {
        auto* box = qobject_cast<QMessageBox*>(modal);
        if (!box || !box->button(QMessageBox::Yes))
            return test::rejectDialog(modal);
        click(box->button(QMessageBox::Yes));
    });
    click(button);
}

/// Picks `name` from the saved connections' list with the mouse.
bool pickSaved(QComboBox* box, const QString& name)
{
    const int row = box->findText(name);
    if (row < 0)
        return false;
    QTest::mouseClick(box, Qt::LeftButton);
    QAbstractItemView* view = box->view();
    if (!QTest::qWaitFor([&] { return view->isVisible(); }, kTimeout))
        return false;
    // A release right after the press that opened the list counts as part of
    // that press (as for a person who drags onto an item), so wait as one would.
    QTest::qWait(QApplication::doubleClickInterval() + 100);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(row, 0)).center());
    return box->currentText() == name;
}

/// Opens File › Connect… from the menu and runs `act` in the dialog, which
/// must close it (Connect or Esc). False when no dialog opened.
bool inConnectDialog(MainWindow& w, const std::function<void(QDialog*)>& act)
{
    bool seen = false;
    test::whenModal(
        [act](QWidget* modal) {
            auto* dialog = qobject_cast<QDialog*>(modal);
            // Keys and focus go to the active window: on a loaded machine the
            // dialog may be shown a moment before it is.
            if (!dialog || !QTest::qWaitForWindowActive(dialog))
                return test::rejectDialog(modal);
            act(dialog);
        },
        &seen);
    QAction* connectAction = test::menuBarAction(w, QStringLiteral("connectAction"));
    if (!connectAction)
        return false;
    connectAction->trigger();
    return seen;
}

/// Waits until the label says something that starts with `start`.
bool waitForText(const QLabel* label, const QString& start)
{
    return QTest::qWaitFor([&] { return label->isVisible() && label->text().startsWith(start); }, kTimeout);
}

/// The entry `key` of Studio's keychain service, read through QtKeychain.
QString keychainEntry(const QString& key, QKeychain::Error* error)
{
    QKeychain::ReadPasswordJob job(QStringLiteral("Treelock Studio"));
    job.setAutoDelete(false);
    job.setKey(key);
    QEventLoop loop;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, &QEventLoop::quit);
    job.start();
    loop.exec();
    *error = job.error();
    return job.textData();
}

QByteArray settingsFile()
{
    QSettings settings;
    settings.sync();
    QFile file(settings.fileName());
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

MainWindow* openWindow()
{
    StudioOptions options = test::studioOptions(BackendConfig::Kind::Memory);
    options.backend.project = QStringLiteral("demo");
    auto* w = new MainWindow(options);
    w->start();
    w->show();
    return w;
}

} // namespace

class TestTls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void tlsSectionFollowsTheUrl();
    void savedConnectionComesBackTheNextDay();
    void insecureWarningStaysWhileConnected();
    void renameAndDeleteTakeThePasswordAlong();
    void urlsKeepNoPassword();
    void environmentGivesTheTlsSettingsOfRedis();
    void aRefusedCertificateIsNotRetriedAndNamesTheField();

private:
    /// Checks the status bar's lock and subject for a connection to the test server.
    void checkLock(MainWindow& w, bool verified);
};

void TestTls::initTestCase()
{
    test::prepareStudioTests();
    installTranslations(*qApp, QStringLiteral("en"));
    QVERIFY(QFile::exists(certFile("ca.crt")));
    qInfo("keychain: %s", test::PrivateKeychain::wanted() ? "gnome-keyring on a private bus" : "none");
}

void TestTls::init()
{
    QSettings().clear(); // the test's own settings (QStandardPaths test mode)
}

void TestTls::checkLock(MainWindow& w, bool verified)
{
    QTRY_VERIFY_WITH_TIMEOUT(w.backendInfo().tls.on && !w.backendInfo().tls.subject.isEmpty(), kTimeout);
    auto* banner = named<QFrame>(&w, "connectionBanner");
    QVERIFY(banner);
    QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), kTimeout);
    auto* status = named<QWidget>(w.statusBar(), "tlsStatus");
    auto* icon = named<QLabel>(w.statusBar(), "tlsIcon");
    auto* subject = named<QLabel>(w.statusBar(), "tlsSubject");
    QVERIFY(status && icon && subject);
    QVERIFY(status->isVisible());
    QVERIFY(!icon->pixmap().isNull());
    QVERIFY2(subject->text().contains(QStringLiteral("CN=localhost")), qPrintable(subject->text()));
    QCOMPARE(subject->text().contains(QStringLiteral("(not verified)")), !verified);
    const QString tip = status->toolTip();
    for (const QString& part : {QStringLiteral("Issuer: "), QStringLiteral("Treelock test CA"), QStringLiteral("Valid until: "),
                                QStringLiteral("Protocol: TLS")})
        QVERIFY2(tip.contains(part), qPrintable(part + QStringLiteral(" not in: ") + tip));
    QCOMPARE(tip.contains(QStringLiteral("The certificate was verified.")), verified);
}

// The TLS section is for rediss URLs, the sentinels' credentials for Sentinel URLs.
void TestTls::tlsSectionFollowsTheUrl()
{
    std::unique_ptr<MainWindow> w(openWindow());
    QStringList problems;
    const bool seen = inConnectDialog(*w, [&](QDialog* d) {
        auto* urlRadio = named<QRadioButton>(d, "urlRadio");
        auto* urlBox = named<QComboBox>(d, "urlBox");
        auto* tls = named<QGroupBox>(d, "tlsGroup");
        auto* sentinelUser = named<QLineEdit>(d, "sentinelUserEdit");
        auto* caFile = named<QLineEdit>(d, "caFileEdit");
        auto* caBrowse = named<QToolButton>(d, "caFileBrowse");
        auto* verify = named<QCheckBox>(d, "verifyCheck");
        auto* warning = named<QLabel>(d, "insecureWarning");
        if (!urlRadio || !urlBox || !tls || !sentinelUser || !caFile || !caBrowse || !verify || !warning) {
            problems << QStringLiteral("a control is missing");
            return test::rejectDialog(d);
        }
        tick(urlRadio);
        const auto expect = [&](const QString& url, bool tlsOn, bool sentinel) {
            typeInto(urlBox->lineEdit(), url);
            if (tls->isEnabled() != tlsOn || sentinelUser->isEnabled() != sentinel)
                problems << QStringLiteral("%1: TLS %2, sentinel user %3").arg(url).arg(tls->isEnabled()).arg(sentinelUser->isEnabled());
        };
        expect(QStringLiteral("redis://127.0.0.1:6379"), false, false);
        expect(QStringLiteral("rediss://127.0.0.1:6380"), true, false);
        expect(QStringLiteral("redis+sentinel://127.0.0.1:26379/main"), false, true);
        expect(QStringLiteral("rediss+sentinel://127.0.0.1:26379/main"), true, true);
        expect(QStringLiteral("rediss+cluster://127.0.0.1:7000"), true, false);
        // The keyboard: Alt+A goes to the CA file, Tab to its picker.
        QTest::keyClick(d, Qt::Key_A, Qt::AltModifier);
        if (QApplication::focusWidget() != caFile)
            problems << QStringLiteral("Alt+A did not reach the CA file");
        QTest::keyClick(caFile, Qt::Key_Tab);
        if (QApplication::focusWidget() != caBrowse)
            problems << QStringLiteral("Tab after the CA file did not reach its picker");
        // Alt+V turns verification off; the dialog warns at once.
        if (!verify->isChecked() || warning->isVisible())
            problems << QStringLiteral("verification not on by default");
        QTest::keyClick(d, Qt::Key_V, Qt::AltModifier); // a mnemonic clicks after a short animation
        if (!QTest::qWaitFor([&] { return !verify->isChecked(); }, kTimeout) || !warning->isVisible()
            || !warning->text().startsWith(QStringLiteral("Not verifying the server's certificate: anyone on the path can "
                                                          "read and change this traffic")))
            problems << QStringLiteral("no warning after Alt+V: ") + warning->text();
        QTest::keyClick(d, Qt::Key_Escape);
    });
    QVERIFY(seen);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
}

void TestTls::savedConnectionComesBackTheNextDay()
{
    const auto server = tlsServer();
    const QString url = QString::fromStdString(server->tcpUrl());
    QVERIFY2(url.startsWith(QStringLiteral("rediss://")), qPrintable(url));
    const QString name = QStringLiteral("Secure demo");
    const QString ca = certFile("ca.crt");
    const QString cert = certFile("client.crt");
    const QString key = certFile("client.key");
    const bool keychain = test::PrivateKeychain::wanted();
    try {
        RedisEngine engine(clientOptions(*server), kProject.toStdString());
        AcquireOptions as;
        as.owner = "alice";
        as.ttl = 120s;
        QVERIFY(engine.acquire({{"/A/b", LockMode::X}}, as).granted);
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }

    std::unique_ptr<MainWindow> w(openWindow());
    QStringList problems;
    QString note;
    bool seen = inConnectDialog(*w, [&](QDialog* d) {
        auto* urlRadio = named<QRadioButton>(d, "urlRadio");
        auto* urlBox = named<QComboBox>(d, "urlBox");
        auto* user = named<QLineEdit>(d, "userEdit");
        auto* password = named<QLineEdit>(d, "passwordEdit");
        auto* project = named<QComboBox>(d, "projectBox");
        auto* caFile = named<QLineEdit>(d, "caFileEdit");
        auto* certFile = named<QLineEdit>(d, "certFileEdit");
        auto* keyFile = named<QLineEdit>(d, "keyFileEdit");
        auto* verify = named<QCheckBox>(d, "verifyCheck");
        auto* save = named<QPushButton>(d, "saveConnectionButton");
        auto* keychainNote = named<QLabel>(d, "keychainNote");
        auto* connectButton = named<QPushButton>(d, "connectButton");
        if (!urlRadio || !urlBox || !user || !password || !project || !caFile || !certFile || !keyFile || !verify || !save
            || !keychainNote || !connectButton) {
            problems << QStringLiteral("a control is missing");
            return test::rejectDialog(d);
        }
        tick(urlRadio);
        typeInto(urlBox->lineEdit(), url);
        typeInto(user, kUser);
        typeInto(password, kPassword);
        browseFor(named<QToolButton>(d, "caFileBrowse"), ca);
        browseFor(named<QToolButton>(d, "certFileBrowse"), cert);
        browseFor(named<QToolButton>(d, "keyFileBrowse"), key);
        if (caFile->text() != ca || certFile->text() != cert || keyFile->text() != key)
            problems << QStringLiteral("picked files: %1, %2, %3").arg(caFile->text(), certFile->text(), keyFile->text());
        if (!verify->isChecked())
            problems << QStringLiteral("verification is off by default");
        typeInto(project->lineEdit(), kProject);
        answerName(save, name);
        const QString saved = keychain ? QStringLiteral("Saved %1; its password is in the keychain.").arg(name)
                                       : QStringLiteral("Saved %1 without its password. The keychain could not be used (").arg(name);
        if (!waitForText(keychainNote, saved))
            problems << QStringLiteral("after Save: ") + keychainNote->text();
        note = keychainNote->text();
        click(connectButton);
    });
    QVERIFY(seen);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    if (!keychain)
        QVERIFY2(note.endsWith(QStringLiteral("): the password is asked for each time.")), qPrintable(note));
    checkLock(*w, true);
    QTRY_COMPARE_WITH_TIMEOUT(w->leaseModel()->rowCount(), 1, kTimeout);

    // The settings keep the connection and its files, never the password.
    const QByteArray settings = settingsFile();
    QVERIFY2(settings.contains(name.toUtf8()) && settings.contains(ca.toUtf8()) && settings.contains(key.toUtf8()),
             settings.constData());
    QVERIFY2(!settings.contains(kPassword.toUtf8()), settings.constData());
    QKeychain::Error error = QKeychain::NoError;
    const QString stored = keychainEntry(QStringLiteral("password:") + name, &error);
    if (keychain) {
        QCOMPARE(error, QKeychain::NoError);
        QCOMPARE(stored, kPassword);
    } else {
        QVERIFY(error != QKeychain::NoError && error != QKeychain::EntryNotFound);
    }
    w.reset();

    // The next day: a new window, the settings read again, the saved
    // connection picked from the list.
    w.reset(openWindow());
    seen = inConnectDialog(*w, [&](QDialog* d) {
        auto* savedBox = named<QComboBox>(d, "savedBox");
        auto* password = named<QLineEdit>(d, "passwordEdit");
        auto* keychainNote = named<QLabel>(d, "keychainNote");
        auto* connectButton = named<QPushButton>(d, "connectButton");
        auto* caFile = named<QLineEdit>(d, "caFileEdit");
        if (!savedBox || !password || !keychainNote || !connectButton || !caFile) {
            problems << QStringLiteral("a control is missing");
            return test::rejectDialog(d);
        }
        if (!pickSaved(savedBox, name)) {
            problems << QStringLiteral("%1 is not in the saved list (%2 entries, current \"%3\")")
                            .arg(name).arg(savedBox->count()).arg(savedBox->currentText());
            return test::rejectDialog(d);
        }
        if (caFile->text() != ca)
            problems << QStringLiteral("CA file not filled in: ") + caFile->text();
        if (keychain) {
            if (!waitForText(keychainNote, QStringLiteral("%1: the password is from the keychain.").arg(name)))
                problems << QStringLiteral("after picking: ") + keychainNote->text();
            if (password->text() != kPassword)
                problems << QStringLiteral("the password field does not hold the keychain's password");
            note = keychainNote->text();
            click(connectButton); // nothing typed
            return;
        }
        if (!waitForText(keychainNote, QStringLiteral("The keychain could not be used (")))
            problems << QStringLiteral("after picking: ") + keychainNote->text();
        note = keychainNote->text();
        if (!password->text().isEmpty())
            problems << QStringLiteral("a password came from nowhere");
        // The password is asked for: the cursor waits in its field.
        if (QApplication::focusWidget() != password)
            problems << QStringLiteral("the password field does not have the focus");
        QTest::keyClicks(password, kPassword);
        QTest::keyClick(password, Qt::Key_Return);
    });
    QVERIFY(seen);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    if (!keychain)
        QVERIFY2(note.endsWith(QStringLiteral("): the password is asked for each time.")), qPrintable(note));
    checkLock(*w, true);
    QCOMPARE(w->backendInfo().project, kProject);
    QTRY_COMPARE_WITH_TIMEOUT(w->leaseModel()->rowCount(), 1, kTimeout);
    QVERIFY(!settingsFile().contains(kPassword.toUtf8()));
    if (!keychain)
        return;

    // A TLS setting changed since (verification off here): reopened, the dialog
    // still knows whose password it is, and connecting again needs no typing.
    for (int round = 0; round < 2; ++round) {
        seen = inConnectDialog(*w, [&](QDialog* d) {
            auto* savedBox = named<QComboBox>(d, "savedBox");
            auto* password = named<QLineEdit>(d, "passwordEdit");
            auto* keychainNote = named<QLabel>(d, "keychainNote");
            if (savedBox->currentText() != name)
                problems << QStringLiteral("round %1: the dialog opened on \"%2\"").arg(round).arg(savedBox->currentText());
            if (!waitForText(keychainNote, QStringLiteral("%1: the password is from the keychain.").arg(name))
                || password->text() != kPassword)
                problems << QStringLiteral("round %1: no password from the keychain: ").arg(round) + keychainNote->text();
            if (round == 0)
                tick(named<QCheckBox>(d, "verifyCheck"));
            click(named<QPushButton>(d, "connectButton"));
        });
        QVERIFY(seen);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
        // The lock of the connection before may still show until the new one is read.
        QTRY_VERIFY_WITH_TIMEOUT(
            named<QLabel>(w->statusBar(), "tlsSubject")->text().contains(QStringLiteral("(not verified)")), kTimeout);
        checkLock(*w, false);
    }
}

// Verification off: the dialog warns, and while connected a banner says so
// and stays, through a reconnect, until another backend is opened.
void TestTls::insecureWarningStaysWhileConnected()
{
    const auto server = tlsServer();
    const QString url = QString::fromStdString(server->tcpUrl());
    std::unique_ptr<MainWindow> w(openWindow());
    QStringList problems;
    bool seen = inConnectDialog(*w, [&](QDialog* d) {
        auto* urlBox = named<QComboBox>(d, "urlBox");
        auto* verify = named<QCheckBox>(d, "verifyCheck");
        auto* warning = named<QLabel>(d, "insecureWarning");
        auto* connectButton = named<QPushButton>(d, "connectButton");
        if (!urlBox || !verify || !warning || !connectButton) {
            problems << QStringLiteral("a control is missing");
            return test::rejectDialog(d);
        }
        tick(named<QRadioButton>(d, "urlRadio"));
        typeInto(urlBox->lineEdit(), url);
        typeInto(named<QLineEdit>(d, "userEdit"), kUser);
        typeInto(named<QLineEdit>(d, "passwordEdit"), kPassword);
        typeInto(named<QLineEdit>(d, "certFileEdit"), certFile("client.crt"));
        typeInto(named<QLineEdit>(d, "keyFileEdit"), certFile("client.key"));
        tick(verify);
        if (verify->isChecked() || !warning->isVisible())
            problems << QStringLiteral("no warning in the dialog");
        click(connectButton);
    });
    QVERIFY(seen);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    checkLock(*w, false);
    // The line the status bar offers for a terminal carries what the connection used.
    const QString tip = named<QLabel>(w.get(), "backendLabel")->toolTip();
    QVERIFY2(tip.contains(QStringLiteral(":%1 --cert %2 --key %3 --insecure --project demo locks")
                              .arg(server->port())
                              .arg(certFile("client.crt"), certFile("client.key"))),
             qPrintable(tip));
    QVERIFY2(!tip.contains(kPassword), qPrintable(tip));
    auto* banner = named<QFrame>(w.get(), "insecureBanner");
    auto* text = named<QLabel>(w.get(), "insecureText");
    QVERIFY(banner && text);
    QVERIFY(banner->isVisible());
    QVERIFY2(text->text().startsWith(QStringLiteral("Not verifying the server's certificate: anyone on the path can read "
                                                    "and change this traffic")),
             qPrintable(text->text()));
    QTest::qWait(2500); // snapshots and polls go on
    QVERIFY(banner->isVisible());
    // Through a lost connection and a reconnect.
    auto* connection = named<QFrame>(w.get(), "connectionBanner");
    server->stop();
    QTRY_VERIFY_WITH_TIMEOUT(connection->isVisible(), kTimeout);
    QVERIFY(banner->isVisible());
    server->start();
    QTRY_VERIFY_WITH_TIMEOUT(!connection->isVisible(), kTimeout);
    QVERIFY(banner->isVisible());

    // Another backend: the banner and the lock go.
    seen = inConnectDialog(*w, [&](QDialog* d) {
        tick(named<QRadioButton>(d, "memoryRadio"));
        click(named<QPushButton>(d, "connectButton"));
    });
    QVERIFY(seen);
    QTRY_VERIFY_WITH_TIMEOUT(w->backendInfo().kind == BackendConfig::Kind::Memory, kTimeout);
    QVERIFY(!banner->isVisible());
    QVERIFY(!named<QWidget>(w->statusBar(), "tlsStatus")->isVisible());
}

// Rename moves the password to the new name in the keychain; Delete removes both.
void TestTls::renameAndDeleteTakeThePasswordAlong()
{
    const bool keychain = test::PrivateKeychain::wanted();
    std::unique_ptr<MainWindow> w(openWindow());
    QStringList problems;
    QKeychain::Error renamedError = QKeychain::NoError;
    QString renamed;
    const bool seen = inConnectDialog(*w, [&](QDialog* d) {
        auto* savedBox = named<QComboBox>(d, "savedBox");
        auto* save = named<QPushButton>(d, "saveConnectionButton");
        auto* rename = named<QPushButton>(d, "renameConnectionButton");
        auto* remove = named<QPushButton>(d, "deleteConnectionButton");
        auto* keychainNote = named<QLabel>(d, "keychainNote");
        if (!savedBox || !save || !rename || !remove || !keychainNote) {
            problems << QStringLiteral("a control is missing");
            return test::rejectDialog(d);
        }
        if (rename->isEnabled() || remove->isEnabled())
            problems << QStringLiteral("Rename or Delete enabled with nothing saved");
        tick(named<QRadioButton>(d, "urlRadio"));
        // A password in the URL goes to the keychain too, not to the settings.
        typeInto(named<QComboBox>(d, "urlBox")->lineEdit(), QStringLiteral("rediss://ops:pw-in-url@127.0.0.1:1"));
        answerName(save, QStringLiteral("Old name"));
        if (!waitForText(keychainNote, QStringLiteral("Saved Old name")))
            problems << QStringLiteral("after Save: ") + keychainNote->text();
        answerName(rename, QStringLiteral("New name"));
        const QString done = keychain ? QStringLiteral("Renamed Old name to New name; its password moved with it in the keychain.")
                                      : QStringLiteral("Renamed Old name to New name. The keychain could not be used (");
        if (!waitForText(keychainNote, done))
            problems << QStringLiteral("after Rename: ") + keychainNote->text();
        if (savedBox->count() != 1 || savedBox->currentText() != QStringLiteral("New name"))
            problems << QStringLiteral("saved list after Rename: ") + savedBox->currentText();
        renamed = keychainEntry(QStringLiteral("password:New name"), &renamedError);
        answerYes(remove);
        if (!waitForText(keychainNote, QStringLiteral("Deleted New name")))
            problems << QStringLiteral("after Delete: ") + keychainNote->text();
        if (savedBox->count() != 0 || rename->isEnabled() || remove->isEnabled())
            problems << QStringLiteral("the list or the buttons after Delete");
        QTest::keyClick(d, Qt::Key_Escape);
    });
    QVERIFY(seen);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    QVERIFY(!settingsFile().contains("pw-in-url"));
    QVERIFY(!settingsFile().contains("Old name"));
    if (!keychain)
        return;
    QCOMPARE(renamedError, QKeychain::NoError);
    QCOMPARE(renamed, QStringLiteral("pw-in-url"));
    QKeychain::Error error = QKeychain::NoError;
    keychainEntry(QStringLiteral("password:Old name"), &error);
    QCOMPARE(error, QKeychain::EntryNotFound);
    keychainEntry(QStringLiteral("password:New name"), &error);
    QCOMPARE(error, QKeychain::EntryNotFound);
}

void TestTls::urlsKeepNoPassword()
{
    QCOMPARE(ConnectDialog::withoutPassword(QStringLiteral("rediss://ops:secret@host:6380/2")),
             QStringLiteral("rediss://ops@host:6380/2"));
    QCOMPARE(ConnectDialog::withoutPassword(
                 QStringLiteral("rediss+sentinel://ops:secret@h1:26379,h2/main?sentinel_user=s&sentinel_password=spw")),
             QStringLiteral("rediss+sentinel://ops@h1:26379,h2/main?sentinel_user=s"));
    QCOMPARE(ConnectDialog::withoutPassword(QStringLiteral("redis+sentinel://h1/main?sentinel_password=spw&sentinel_user=s")),
             QStringLiteral("redis+sentinel://h1/main?sentinel_user=s"));
    QCOMPARE(ConnectDialog::withoutPassword(QStringLiteral("redis+sentinel://h1/main?sentinel_password=spw")),
             QStringLiteral("redis+sentinel://h1/main"));
}

int main(int argc, char** argv)
{
    QTemporaryDir config;
    treelock::test::useLaptopScreenOffscreen(config);
    QApplication app(argc, argv);
    // The two runs may go in parallel: each has a settings file of its own
    // (QStandardPaths' test mode names it after the application).
    if (treelock::test::PrivateKeychain::wanted())
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_tls_keychain"));
    // Before anything in the process talks to D-Bus.
    treelock::test::PrivateKeychain keychain;
    QString error;
    if (!keychain.start(&error)) {
        qCritical("cannot set up the keychain: %s", qPrintable(error));
        return 1;
    }
    TestTls test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

// A server that wants a client certificate and gets none: the banner names
// the dialog's fields, not the CLI's options, and Studio does not knock again
// every second (the certificate will not appear by itself).
void TestTls::aRefusedCertificateIsNotRetriedAndNamesTheField()
{
    const auto server = tlsServer();
    const QString url = QString::fromStdString(server->tcpUrl());
    std::unique_ptr<MainWindow> w(openWindow());
    const bool seen = inConnectDialog(*w, [&](QDialog* d) {
        tick(named<QRadioButton>(d, "urlRadio"));
        typeInto(named<QComboBox>(d, "urlBox")->lineEdit(), url);
        typeInto(named<QLineEdit>(d, "userEdit"), kUser);
        typeInto(named<QLineEdit>(d, "passwordEdit"), kPassword);
        typeInto(named<QLineEdit>(d, "caFileEdit"), certFile("ca.crt"));
        click(named<QPushButton>(d, "connectButton"));
    });
    QVERIFY(seen);
    auto* banner = named<QFrame>(w.get(), "connectionBanner");
    QVERIFY(banner);
    QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), kTimeout);
    QString text;
    for (QLabel* label : banner->findChildren<QLabel*>())
        text += label->text();
    QVERIFY2(text.contains(QStringLiteral("Cannot use this connection")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("the server requires a client certificate: give one in File › Connect… "
                                          "(Client certificate, Client key)")),
             qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("--cert")), qPrintable(text));
    const QString before = text;
    QTest::qWait(2500);
    QString after;
    for (QLabel* label : banner->findChildren<QLabel*>())
        after += label->text();
    QCOMPARE(after, before); // no "attempt 2, 3..."
}

// `--redis URL` reads the CLI's variables for what the dialog would ask.
void TestTls::environmentGivesTheTlsSettingsOfRedis()
{
    const std::vector<std::pair<const char*, QByteArray>> variables{
        {"TREELOCK_TLS_CACERT", "/etc/treelock/ca.crt"}, {"TREELOCK_TLS_CERT", "/etc/treelock/studio.crt"},
        {"TREELOCK_TLS_KEY", "/etc/treelock/studio.key"}, {"TREELOCK_TLS_SNI", "redis.example.net"},
        {"TREELOCK_TLS_INSECURE", "yes"},           {"TREELOCK_SENTINEL_USER", "watcher"},
        {"TREELOCK_SENTINEL_PASSWORD", "sentinel-pw"}};
    for (const auto& [name, value] : variables)
        qputenv(name, value);
    StudioOptions options;
    QString message;
    int exitCode = -1;
    const QStringList arguments{QStringLiteral("treelock-studio"), QStringLiteral("--redis"),
                                QStringLiteral("rediss+sentinel://127.0.0.1:26380/mymaster")};
    QVERIFY2(parseStudioOptions(arguments, &options, &message, &exitCode), qPrintable(message));
    QCOMPARE(options.backend.tls.caFile, QStringLiteral("/etc/treelock/ca.crt"));
    QCOMPARE(options.backend.tls.certFile, QStringLiteral("/etc/treelock/studio.crt"));
    QCOMPARE(options.backend.tls.keyFile, QStringLiteral("/etc/treelock/studio.key"));
    QCOMPARE(options.backend.tls.serverName, QStringLiteral("redis.example.net"));
    QVERIFY(!options.backend.tls.verify);
    QCOMPARE(options.backend.sentinelUser, QStringLiteral("watcher"));
    QCOMPARE(options.backend.sentinelPassword, QStringLiteral("sentinel-pw"));

    qputenv("TREELOCK_TLS_INSECURE", "maybe");
    QVERIFY(!parseStudioOptions(arguments, &options, &message, &exitCode));
    QCOMPARE(exitCode, 2);
    QCOMPARE(message, QStringLiteral("treelock-studio: invalid TREELOCK_TLS_INSECURE \"maybe\": expected 1 (yes, true) "
                                     "or 0 (no, false)"));
    for (const auto& [name, value] : variables)
        qunsetenv(name);
}

#include "tst_tls.moc"
