// The treelock-studio executable as a process: --help, --version and bad options
// work without a display, no display is a clear error instead of an abort, and
// SIGTERM, SIGINT and SIGHUP end it cleanly: the private redis-server stops and its
// temporary folder is removed.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/types.h>

namespace {

constexpr int kTimeout = 20000;

/// The test's environment without any display; TMPDIR is `tmp` so that the
/// Studio's private folder is the test's to find.
QProcessEnvironment noDisplayEnvironment(const QString& tmp)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("TMPDIR"), tmp);
    return env;
}

struct Run {
    QProcess::ExitStatus status = QProcess::CrashExit;
    int code = -1;
    QString out;
    QString err;
};

Run runStudio(const QStringList& arguments, const QProcessEnvironment& env)
{
    QProcess studio;
    studio.setProcessEnvironment(env);
    studio.start(QStringLiteral(TREELOCK_STUDIO_PATH), arguments);
    Run run;
    if (!studio.waitForFinished(kTimeout)) {
        studio.kill();
        studio.waitForFinished();
        run.err = QStringLiteral("did not exit");
        return run;
    }
    run.status = studio.exitStatus();
    run.code = studio.exitCode();
    run.out = QString::fromUtf8(studio.readAllStandardOutput());
    run.err = QString::fromUtf8(studio.readAllStandardError());
    return run;
}

QStringList privateFolders(const QString& tmp)
{
    return QDir(tmp).entryList({QStringLiteral("treelock-studio-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
}

struct ProcStat {
    QByteArray command; ///< the executable's name, as in /proc/PID/stat
    char state = 0;     ///< 'R', 'S', 'Z'...; 0 when the process is gone
    qint64 parent = 0;
};

ProcStat procStat(qint64 pid)
{
    ProcStat st;
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return st;
    const QByteArray s = file.readAll();
    const qsizetype open = s.indexOf('(');
    const qsizetype close = s.lastIndexOf(')');
    if (open < 0 || close < open)
        return st;
    st.command = s.mid(open + 1, close - open - 1);
    const QList<QByteArray> rest = s.mid(close + 2).split(' ');
    if (rest.size() < 2)
        return st;
    st.state = rest[0].isEmpty() ? 0 : rest[0][0];
    st.parent = rest[1].toLongLong();
    return st;
}

/// Pids of the running children of `parent`.
QList<qint64> childrenOf(qint64 parent)
{
    QList<qint64> children;
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (isPid && procStat(pid).parent == parent)
            children << pid;
    }
    return children;
}

bool alive(qint64 pid)
{
    const char state = procStat(pid).state;
    return state != 0 && state != 'Z' && state != 'X';
}

} // namespace

class TestStudioProcess : public QObject {
    Q_OBJECT
private slots:
    void helpWorksWithoutDisplay()
    {
        QTemporaryDir tmp;
        const Run run = runStudio({QStringLiteral("--help")}, noDisplayEnvironment(tmp.path()));
        QVERIFY2(run.status == QProcess::NormalExit && run.code == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QLatin1String("--screenshot")), qPrintable(run.out));
    }

    void versionWorksWithoutDisplay()
    {
        QTemporaryDir tmp;
        const Run run = runStudio({QStringLiteral("--version")}, noDisplayEnvironment(tmp.path()));
        QVERIFY2(run.status == QProcess::NormalExit && run.code == 0, qPrintable(run.err));
        QCOMPARE(run.out.trimmed(), QStringLiteral("Treelock Studio " TREELOCK_VERSION));
    }

    void badOptionIsReportedWithoutDisplay()
    {
        QTemporaryDir tmp;
        const Run run = runStudio({QStringLiteral("--no-such-option")}, noDisplayEnvironment(tmp.path()));
        QVERIFY2(run.status == QProcess::NormalExit, qPrintable(run.err));
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.contains(QLatin1String("no-such-option")), qPrintable(run.err));
    }

    void helpAllWorksWithoutDisplay()
    {
        QTemporaryDir tmp;
        const Run run = runStudio({QStringLiteral("--help-all")}, noDisplayEnvironment(tmp.path()));
        QVERIFY2(run.status == QProcess::NormalExit && run.code == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QLatin1String("--screenshot")), qPrintable(run.out));
    }

    void optionErrorsNameTheProgram()
    {
        QTemporaryDir tmp;
        const Run run = runStudio({QStringLiteral("--no-such-option")}, noDisplayEnvironment(tmp.path()));
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.startsWith(QLatin1String("treelock-studio: ")), qPrintable(run.err));
    }

    // Checked when the options are read: with --screenshot an unknown name
    // used to start the window, do nothing and exit 0.
    void unknownScenarioNamesAreRejectedWithTheValidOnes()
    {
        QTemporaryDir tmp;
        QProcessEnvironment env = noDisplayEnvironment(tmp.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        const QString png = tmp.filePath(QStringLiteral("shot.png"));
        const Run sim = runStudio({QStringLiteral("--memory"), QStringLiteral("--sim-scenario"), QStringLiteral("nope"),
                                   QStringLiteral("--screenshot"), png, QStringLiteral("--after"), QStringLiteral("100")}, env);
        QVERIFY2(sim.status == QProcess::NormalExit, qPrintable(sim.err));
        QCOMPARE(sim.code, 2);
        QVERIFY2(sim.err.contains(QLatin1String("treelock-studio: --sim-scenario 'nope'"))
                     && sim.err.contains(QLatin1String("fine-vs-seed")) && sim.err.contains(QLatin1String("seed-example")),
                 qPrintable(sim.err));
        QVERIFY(!QFile::exists(png));
        const Run demo = runStudio({QStringLiteral("--memory"), QStringLiteral("--demo-scenario"), QStringLiteral("nope")},
                                   noDisplayEnvironment(tmp.path()));
        QCOMPARE(demo.code, 2);
        QVERIFY2(demo.err.startsWith(QLatin1String("treelock-studio: --demo-scenario 'nope'")) && demo.err.contains(QLatin1String("seed")),
                 qPrintable(demo.err));
    }

    // A URL that can never work is an option error, found with no display, not a
    // connection retried every second.
    void badRedisUrlIsAnOptionError()
    {
        QTemporaryDir tmp;
        for (const QString& url : {QStringLiteral("redis+sentinel://127.0.0.1:26379"), QStringLiteral("redis://127.0.0.1:99999")}) {
            const Run run = runStudio({QStringLiteral("--redis"), url}, noDisplayEnvironment(tmp.path()));
            QCOMPARE(run.code, 2);
            QVERIFY2(run.err.startsWith(QStringLiteral("treelock-studio: invalid Redis URL \"%1\"").arg(url)), qPrintable(run.err));
        }
    }

    void noDisplayIsAClearErrorNotAnAbort()
    {
        QTemporaryDir tmp;
        const Run run = runStudio({QStringLiteral("--memory")}, noDisplayEnvironment(tmp.path()));
        QVERIFY2(run.status == QProcess::NormalExit, qPrintable(run.err));
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains(QLatin1String("no display")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QLatin1String("QT_QPA_PLATFORM=offscreen")), qPrintable(run.err));
        QVERIFY(privateFolders(tmp.path()).isEmpty());
    }

    void signalStopsPrivateRedisAndRemovesItsFolder_data()
    {
        QTest::addColumn<int>("signo");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGINT") << int(SIGINT);
        QTest::newRow("SIGHUP") << int(SIGHUP);
    }

    void signalStopsPrivateRedisAndRemovesItsFolder()
    {
        QFETCH(int, signo);
        QTemporaryDir tmp;
        QProcessEnvironment env = noDisplayEnvironment(tmp.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        QProcess studio;
        studio.setProcessEnvironment(env);
        studio.setProcessChannelMode(QProcess::ForwardedChannels);
        studio.start(QStringLiteral(TREELOCK_STUDIO_PATH), {});
        QVERIFY(studio.waitForStarted(kTimeout));

        // Up: the private folder holds the socket of a redis-server child.
        const auto socketExists = [&] {
            const QStringList folders = privateFolders(tmp.path());
            return folders.size() == 1
                && QFile::exists(tmp.filePath(folders.first() + QStringLiteral("/redis.sock")));
        };
        QTRY_VERIFY_WITH_TIMEOUT(socketExists(), kTimeout);
        const QList<qint64> children = childrenOf(studio.processId());
        QCOMPARE(children.size(), 1);
        const qint64 server = children.first();
        QCOMPARE(procStat(server).command, QByteArray("redis-server"));

        QCOMPARE(::kill(pid_t(studio.processId()), signo), 0);
        QVERIFY2(studio.waitForFinished(kTimeout), "treelock-studio did not exit after the signal");
        QCOMPARE(studio.exitStatus(), QProcess::NormalExit);
        QCOMPARE(studio.exitCode(), 128 + signo);
        QCOMPARE(privateFolders(tmp.path()), QStringList());
        QVERIFY2(!alive(server), "the private redis-server still runs");
    }
};

QTEST_GUILESS_MAIN(TestStudioProcess)
#include "tst_studio_process.moc"
