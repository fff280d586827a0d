#include "bridge/bridge.h"

#include "bridge/bridgeworker.h"

#include <QThread>

namespace treelock::ui {

void registerBridgeTypes()
{
    qRegisterMetaType<LockStatePtr>();
    qRegisterMetaType<LogBatch>();
    qRegisterMetaType<BackendInfo>();
    qRegisterMetaType<ConnectionState>();
    qRegisterMetaType<ActionResult>();
    qRegisterMetaType<BackendConfig>();
}

Bridge::Bridge(QObject* parent) : QObject(parent)
{
    registerBridgeTypes();
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("treelock-bridge"));
    m_worker = new BridgeWorker;
    m_worker->moveToThread(m_thread);
    connect(m_worker, &BridgeWorker::backendChanged, this, &Bridge::backendChanged);
    connect(m_worker, &BridgeWorker::connectionChanged, this, &Bridge::connectionChanged);
    connect(m_worker, &BridgeWorker::stateChanged, this, &Bridge::stateChanged);
    connect(m_worker, &BridgeWorker::logEntries, this, &Bridge::logEntries);
    connect(m_worker, &BridgeWorker::actionFinished, this, &Bridge::actionFinished);
    m_thread->start();
}

Bridge::~Bridge()
{
    BridgeWorker* worker = m_worker;
    // Delete the worker in its own thread (it owns a QProcess and timers there)
    // and wait for it, then stop the thread. Queued without waiting, the thread
    // could quit first while busy (starting the private redis-server): the worker
    // would never be deleted, leaving the server's folder behind.
    QMetaObject::invokeMethod(worker, [worker] { delete worker; }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

template <typename F>
void Bridge::post(F&& f)
{
    QMetaObject::invokeMethod(m_worker, std::forward<F>(f), Qt::QueuedConnection);
}

void Bridge::connectTo(const BackendConfig& config)
{
    BridgeWorker* w = m_worker;
    post([w, config] { w->connectTo(config); });
}

void Bridge::setTree(std::shared_ptr<const TreeIndex> tree)
{
    BridgeWorker* w = m_worker;
    post([w, tree] { w->setTree(tree); });
}

void Bridge::refresh()
{
    BridgeWorker* w = m_worker;
    post([w] { w->refresh(); });
}

void Bridge::releaseExpired()
{
    BridgeWorker* w = m_worker;
    post([w] { w->releaseExpired(); });
}

void Bridge::forceRelease(const QString& leaseId, const QString& reason)
{
    BridgeWorker* w = m_worker;
    post([w, leaseId, reason] { w->forceRelease(leaseId, reason); });
}

void Bridge::runScenario(const QString& name)
{
    BridgeWorker* w = m_worker;
    post([w, name] { w->runScenario(name); });
}

void Bridge::acquire(const QStringList& specs, const QString& owner, const QString& operation, qint64 ttlMs)
{
    BridgeWorker* w = m_worker;
    post([w, specs, owner, operation, ttlMs] { w->acquire(specs, owner, operation, ttlMs); });
}

} // namespace treelock::ui
