#pragma once

#include <QMetaObject>
#include <QObject>
#include <QString>
#include <QThread>

#include <utility>

namespace treelock::ui {

/// Studio's one way off the GUI thread: a QThread with a `Worker` (a QObject)
/// living in it. The front object that owns this (Bridge, SimulationController,
/// MatrixView, MainWindow's tree loading) calls the worker only through post(),
/// queued, never waiting, and receives its results as queued signals of
/// immutable values. Construct, post and destroy on one thread (the GUI thread).
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

private:
    QThread* m_thread = nullptr; // Owned.
    Worker* m_worker = nullptr;  // Owned; lives in m_thread, deleted there.
};

} // namespace treelock::ui
