// The treelock-studio executable as a process: --help, --version and bad options
// work without a display, and no display is a clear error instead of an abort.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

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
};

QTEST_GUILESS_MAIN(TestStudioProcess)
#include "tst_studio_process.moc"
