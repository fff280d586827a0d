// Studio's one way off the GUI thread (ui/common/workerthread.h), its one-shot
// form, and the tree loading that runs through it (ui/panels/tree/treeloader.h).
#include "common/workerthread.h"
#include "lockview/locktreemodel.h"
#include "mainwindow/mainwindow.h"
#include "panels/tree/treeloader.h"

#include <QDir>
#include <QFile>
#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

using namespace treelock::ui;

namespace {

// Records, from whatever thread it runs in, what happened to it.
struct Journal {
    std::mutex mutex;
    std::vector<int> calls;
    QThread* callThread = nullptr;
    QThread* deleteThread = nullptr;
    bool deleted = false;
};

class Recorder : public QObject {
public:
    static std::shared_ptr<Journal> next; // handed to the worker WorkerThread constructs

    Recorder() : m_journal(next) {}
    ~Recorder() override
    {
        std::lock_guard lock(m_journal->mutex);
        m_journal->deleteThread = QThread::currentThread();
        m_journal->deleted = true;
    }

    void call(int n)
    {
        QThread::msleep(5); // slower than posting: calls are still queued at teardown
        std::lock_guard lock(m_journal->mutex);
        m_journal->calls.push_back(n);
        m_journal->callThread = QThread::currentThread();
    }

private:
    std::shared_ptr<Journal> m_journal;
};
std::shared_ptr<Journal> Recorder::next;

bool hasEntry(const ProjectTreeData& tree, const std::string& path, bool folder)
{
    return std::any_of(tree.entries.begin(), tree.entries.end(),
                       [&](const ProjectTreeData::Entry& e) { return e.path == path && e.folder == folder; });
}

} // namespace

class TestWorkerThread : public QObject {
    Q_OBJECT
private slots:
    void postedCallsRunInTheWorkersThreadInOrder()
    {
        auto journal = std::make_shared<Journal>();
        Recorder::next = journal;
        WorkerThread<Recorder> thread(QStringLiteral("test-worker"));
        QCOMPARE(thread.worker()->thread()->objectName(), QStringLiteral("test-worker"));
        for (int i = 0; i < 3; ++i)
            thread.post([i](Recorder& r) { r.call(i); });
        const auto calls = [&] {
            std::lock_guard lock(journal->mutex);
            return journal->calls.size();
        };
        QTRY_COMPARE(calls(), std::size_t(3));
        std::lock_guard lock(journal->mutex);
        QCOMPARE(journal->calls, (std::vector<int>{0, 1, 2}));
        QVERIFY(journal->callThread != QThread::currentThread());
        QCOMPARE(journal->callThread, thread.worker()->thread());
    }

    void destructionRunsPostedCallsThenDeletesTheWorkerInItsThread()
    {
        auto journal = std::make_shared<Journal>();
        Recorder::next = journal;
        QThread* workerThread = nullptr;
        {
            WorkerThread<Recorder> thread(QStringLiteral("test-worker"));
            workerThread = thread.worker()->thread();
            for (int i = 0; i < 10; ++i)
                thread.post([i](Recorder& r) { r.call(i); });
        }
        // No waiting here: the destructor has already done it.
        std::lock_guard lock(journal->mutex);
        QCOMPARE(journal->calls.size(), std::size_t(10));
        QVERIFY(journal->deleted);
        QCOMPARE(journal->deleteThread, workerThread);
    }

    void oneShotRunsOnAThreadThatEndsWithIt()
    {
        QObject context;
        QPointer<QThread> ranOn;
        QThread* doneOn = nullptr;
        bool finishedFirst = false;
        runOnce(QStringLiteral("test-one-shot"), &context, [] { return QThread::currentThread(); },
                [&](QThread* thread) {
                    ranOn = thread;
                    doneOn = QThread::currentThread();
                    finishedFirst = thread->isFinished();
                });
        QTRY_VERIFY(doneOn != nullptr);
        QVERIFY(ranOn != QThread::currentThread());
        QCOMPARE(doneOn, QThread::currentThread());
        QVERIFY(finishedFirst);
        QTRY_VERIFY(ranOn.isNull()); // deleted once finished
    }

    void oneShotReportsReachTheGuiThreadBeforeTheResult()
    {
        QObject context;
        std::vector<int> reported;
        std::vector<int> reportedAtDone;
        bool done = false;
        runOnce(QStringLiteral("test-one-shot"), &context,
                [list = &reported](const OneShotReport& report) {
                    for (int i = 0; i < 3; ++i)
                        report([list, i] { list->push_back(i); });
                    return 3;
                },
                [&](int n) {
                    done = n == 3;
                    reportedAtDone = reported;
                });
        QTRY_VERIFY(done);
        QCOMPARE(reportedAtDone, (std::vector<int>{0, 1, 2}));
    }

    void oneShotDropsTheResultWhenItsContextIsGone()
    {
        bool delivered = false;
        auto release = std::make_shared<std::atomic<bool>>(false);
        auto* context = new QObject;
        runOnce(QStringLiteral("test-one-shot"), context,
                [release] {
                    while (!*release)
                        QThread::msleep(1);
                    return 1;
                },
                [&](int) { delivered = true; });
        delete context;
        *release = true;
        QTest::qWait(200);
        QVERIFY(!delivered);
    }

    void loadTreeScansAFolder()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("A/C")));
        QFile file(dir.filePath(QStringLiteral("A/C/d.txt")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const TreeLoad load = loadTree(dir.path());
        QVERIFY2(load.ok, qPrintable(load.error));
        QCOMPARE(load.path, dir.path());
        QVERIFY(hasEntry(load.tree, "/A", true));
        QVERIFY(hasEntry(load.tree, "/A/C", true));
        QVERIFY(hasEntry(load.tree, "/A/C/d.txt", false));
    }

    void loadTreeNamesTheFileItCannotRead()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"paths\": 3}");
        file.close();
        const TreeLoad load = loadTree(path);
        QVERIFY(!load.ok);
        QCOMPARE(load.path, path);
        QVERIFY(!load.error.isEmpty());
    }

    void windowLoadsTheTreeOptionOnTheWorker()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("small.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format":"treelock-tree","version":1,"name":"small","paths":["/X/y.txt","/Z/"]})");
        file.close();
        StudioOptions options;
        options.backend.kind = BackendConfig::Kind::Memory;
        options.useSettings = false;
        options.treeFile = path;
        MainWindow window(options);
        window.start();
        QTRY_COMPARE(window.treeModel()->treeName(), QStringLiteral("small"));
    }
};

QTEST_MAIN(TestWorkerThread)
#include "tst_workerthread.moc"
