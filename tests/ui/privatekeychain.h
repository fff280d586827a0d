// The keychain a Studio test sees: a private D-Bus session bus in a temporary
// folder, with or without a Secret Service (gnome-keyring-daemon, unlocked with
// a throwaway password, its keyrings in that folder). The developer's own
// session bus and keychain are never reached: DBUS_SESSION_BUS_ADDRESS points
// at the private bus before anything in the process uses D-Bus.
#pragma once

#include <QByteArray>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/prctl.h>

namespace treelock::test {

class PrivateKeychain {
public:
    /// Which keychain the test runs with, from TREELOCK_TEST_KEYCHAIN:
    /// "gnome-keyring" (a Secret Service on the private bus) or anything else
    /// (no keychain: a bus address where nothing listens).
    static bool wanted() { return qgetenv("TREELOCK_TEST_KEYCHAIN") == "gnome-keyring"; }

    /// Sets DBUS_SESSION_BUS_ADDRESS: call once the QApplication is there and
    /// before anything uses D-Bus (the keychain, accessibility). With a
    /// keychain, starts the bus and the daemon; `error` says what failed.
    bool start(QString* error)
    {
        if (!m_dir.isValid())
            return fail(error, QStringLiteral("no temporary folder"));
        const QString socket = m_dir.filePath(QStringLiteral("bus"));
        if (!wanted()) {
            qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + QFile::encodeName(socket));
            return true;
        }
        for (const char* program : {"dbus-daemon", "gnome-keyring-daemon"})
            if (QStandardPaths::findExecutable(QString::fromLatin1(program)).isEmpty())
                return fail(error, QStringLiteral("%1 is not installed (scripts/setup installs it)").arg(QLatin1String(program)));
        // A bus of our own, with no service folders: nothing is started on
        // demand (no second keyring, no password prompt that needs a display).
        const QString config = m_dir.filePath(QStringLiteral("bus.conf"));
        QFile conf(config);
        if (!conf.open(QIODevice::WriteOnly))
            return fail(error, QStringLiteral("cannot write %1").arg(config));
        conf.write(QStringLiteral("<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\" "
                                  "\"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
                                  "<busconfig><type>session</type><listen>unix:path=%1</listen>"
                                  "<policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
                                  "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>\n")
                       .arg(socket)
                       .toUtf8());
        conf.close();
        // Neither daemon outlives a test that crashes or is killed.
        for (QProcess* p : {&m_bus, &m_keyring})
            p->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
        m_bus.setProgram(QStringLiteral("dbus-daemon"));
        m_bus.setArguments({QStringLiteral("--nofork"), QStringLiteral("--nopidfile"),
                            QStringLiteral("--config-file=") + config, QStringLiteral("--print-address=1")});
        m_bus.start();
        if (!m_bus.waitForReadyRead(10000))
            return fail(error, QStringLiteral("dbus-daemon did not start: ") + QString::fromLocal8Bit(m_bus.readAllStandardError()));
        const QByteArray address = m_bus.readLine().trimmed();
        qputenv("DBUS_SESSION_BUS_ADDRESS", address);

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QString::fromLatin1(address));
        env.insert(QStringLiteral("HOME"), m_dir.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_dir.filePath(QStringLiteral("run")));
        QDir(m_dir.path()).mkpath(QStringLiteral("data"));
        QDir(m_dir.path()).mkpath(QStringLiteral("run"));
        QFile::setPermissions(m_dir.filePath(QStringLiteral("run")), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        m_keyring.setProcessEnvironment(env);
        m_keyring.setProcessChannelMode(QProcess::MergedChannels);
        // --unlock reads the login keyring's password from stdin and creates
        // that keyring, the default collection, with it.
        m_keyring.start(QStringLiteral("gnome-keyring-daemon"),
                        {QStringLiteral("--foreground"), QStringLiteral("--unlock"), QStringLiteral("--components=secrets")});
        if (!m_keyring.waitForStarted(10000))
            return fail(error, QStringLiteral("gnome-keyring-daemon did not start"));
        m_keyring.write("treelock-test-keyring");
        m_keyring.closeWriteChannel();
        QElapsedTimer clock;
        clock.start();
        QDBusConnection bus = QDBusConnection::sessionBus();
        while (!bus.interface() || !bus.interface()->isServiceRegistered(QStringLiteral("org.freedesktop.secrets"))) {
            if (clock.elapsed() > 10000 || m_keyring.state() != QProcess::Running)
                return fail(error, QStringLiteral("gnome-keyring-daemon did not serve org.freedesktop.secrets: ")
                                       + QString::fromLocal8Bit(m_keyring.readAll()));
            QTest::qWait(50);
        }
        return true;
    }

    ~PrivateKeychain()
    {
        for (QProcess* p : {&m_keyring, &m_bus}) {
            if (p->state() != QProcess::NotRunning) {
                p->kill();
                p->waitForFinished(5000);
            }
        }
    }

private:
    static bool fail(QString* error, const QString& text)
    {
        *error = text;
        return false;
    }

    QTemporaryDir m_dir;
    QProcess m_bus;
    QProcess m_keyring;
};

} // namespace treelock::test
