#pragma once

#include <QMetaMethod>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace treelock::ui {

/// Studio's one way off the GUI thread: a QThread with a `Worker` (a QObject)
/// living in it. The front object that owns this (Bridge, SimulationController)
/// calls the worker only through post(), queued, never waiting, and receives
/// its results as queued signals of immutable values. Construct, post and
/// destroy on one thread (the GUI thread). Work that is one call and done
/// (listing projects, loading a tree, deriving a matrix) takes the one-shot
/// form below, runOnce(), instead of keeping a thread for good.
template <typename Worker>
class WorkerThread {
public:
    /// Creates the worker, moves it into a new thread named `name` and starts it.
    /// Connect to worker()'s signals right after: it does nothing before a post().
    explicit WorkerThread(const QString& name)
    {
        m_thread = new QThread;
        m_thread->setObjectName(name);
        m_worker = new Worker;
        m_worker->moveToThread(m_thread);
        m_thread->start();
    }

    /// Deletes the worker in its own thread and waits for that (every call
    /// posted before runs first), then stops and joins the thread. Blocking on
    /// purpose: a worker may own a QProcess, timers or threads of its own
    /// (the private redis-server, the simulation's users). Merely queued, the
    /// thread could quit first while busy, and the worker would never be deleted.
    ~WorkerThread()
    {
        Worker* worker = m_worker;
        QMetaObject::invokeMethod(worker, [worker] { delete worker; }, Qt::BlockingQueuedConnection);
        m_thread->quit();
        m_thread->wait();
        delete m_thread;
    }

    WorkerThread(const WorkerThread&) = delete;
    WorkerThread& operator=(const WorkerThread&) = delete;

    /// The worker, to connect to its signals. Call it only through post().
    Worker* worker() const { return m_worker; }

    /// Queues `call(worker)` to run in the worker's thread; returns at once.
    /// `call` is copied into the queue: capture values, never references.
    template <typename F>
    void post(F&& call) const
    {
        Worker* worker = m_worker;
        QMetaObject::invokeMethod(
            worker, [worker, call = std::forward<F>(call)]() mutable { call(*worker); },
            Qt::QueuedConnection);
    }

    /// Queues the worker's member `request` (`&Worker::refresh`) to run in its
    /// thread, as the other post() does, on copies of `args` made here, each
    /// of its parameter's type; returns at once.
    template <typename... Params, typename... Args>
    void post(void (Worker::*request)(Params...), Args&&... args) const
    {
        post([request, ... values = std::decay_t<Params>(std::forward<Args>(args))](Worker& worker) mutable {
            (worker.*request)(values...);
        });
    }

private:
    QThread* m_thread = nullptr; // Owned.
    Worker* m_worker = nullptr;  // Owned; lives in m_thread, deleted there.
};

/// Has `front` emit again every signal that `Signals` itself declares each time
/// `worker` emits it, delivered in `front`'s thread: how a front object
/// (Bridge, SimulationController) and its worker, both a `Signals`, say the
/// same things from one declaration. Call it on the front's thread.
template <typename Signals>
void forwardSignals(const Signals* worker, Signals* front)
{
    const QMetaObject& meta = Signals::staticMetaObject;
    for (int i = meta.methodOffset(); i < meta.methodCount(); ++i)
        if (const QMetaMethod signal = meta.method(i); signal.methodType() == QMetaMethod::Signal)
            QObject::connect(worker, signal, front, signal);
}

/// Queues calls from a one-shot work to the GUI thread, where each runs only if
/// the work's context still exists (progress reports). Call it from the work's
/// own thread; `call` is copied into the queue: capture values, never references.
class OneShotReport {
public:
    explicit OneShotReport(QObject* context) : m_context(context) {}

    template <typename F>
    void operator()(F&& call) const
    {
        // The work's QThread object lives in the GUI thread and is deleted
        // there only after the work is done, behind every call queued here.
        QMetaObject::invokeMethod(
            QThread::currentThread(),
            [context = m_context, call = std::forward<F>(call)]() mutable {
                if (context)
                    call();
            },
            Qt::QueuedConnection);
    }

private:
    QPointer<QObject> m_context; // Not owned; read on the GUI thread only.
};

namespace detail {
/// Starts `thread`, deletes it once finished, and has the application wait for
/// it when it quits while the thread still runs. GUI thread only.
void startOneShot(QThread* thread);
} // namespace detail

/// WorkerThread's one-shot form: runs `work()` (or `work(report)`, given a
/// OneShotReport) on a new thread named `name`, and the thread ends with the
/// work. Then `done(result)` runs on the GUI thread, queued, if `context` still
/// exists; otherwise the result is dropped. Nobody waits for the work: a context
/// may go while its work runs (a dialog closed while it lists projects, a window
/// closed while it reads a folder: cancel it through a flag the work shares),
/// and the application waits, when it quits, for the threads still running.
/// Call on the GUI thread; `work` and `done` are copied: capture values, never
/// references (`this` only in `done` and reported calls, which run only while
/// `context` exists).
template <typename Work, typename Done>
void runOnce(const QString& name, QObject* context, Work work, Done done)
{
    constexpr bool reports = std::is_invocable_v<Work&, const OneShotReport&>;
    using Result = std::decay_t<
        typename std::conditional_t<reports, std::invoke_result<Work&, const OneShotReport&>, std::invoke_result<Work&>>::type>;
    auto result = std::make_shared<std::optional<Result>>(); // written by the work, then read by `done`
    QThread* thread = QThread::create([work = std::move(work), report = OneShotReport(context), result]() mutable {
        if constexpr (reports)
            result->emplace(work(report));
        else
            result->emplace(work());
    });
    thread->setObjectName(name);
    QObject::connect(thread, &QThread::finished, context, [done = std::move(done), result]() mutable {
        if (*result)
            done(**result);
    });
    detail::startOneShot(thread);
}

} // namespace treelock::ui
