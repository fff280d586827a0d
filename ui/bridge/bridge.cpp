#include "bridge/bridge.h"

#include "bridge/bridgeworker.h"

namespace treelock::ui {

void registerBridgeTypes()
{
    qRegisterMetaType<LockStatePtr>();
    qRegisterMetaType<ContentionPtr>();
    qRegisterMetaType<LogBatch>();
    qRegisterMetaType<BackendInfo>();
    qRegisterMetaType<FailoverReport>();
    qRegisterMetaType<ConnectionState>();
    qRegisterMetaType<ActionResult>();
    qRegisterMetaType<BackendConfig>();
}

Bridge::Bridge(QObject* parent)
    : QObject(parent), m_worker(QStringLiteral("treelock-bridge"))
{
    registerBridgeTypes(); // before the worker can report anything
    BridgeWorker* worker = m_worker.worker();
    connect(worker, &BridgeWorker::backendChanged, this, &Bridge::backendChanged);
    connect(worker, &BridgeWorker::connectionChanged, this, &Bridge::connectionChanged);
    connect(worker, &BridgeWorker::stateChanged, this, &Bridge::stateChanged);
    connect(worker, &BridgeWorker::contentionChanged, this, &Bridge::contentionChanged);
    connect(worker, &BridgeWorker::logEntries, this, &Bridge::logEntries);
    connect(worker, &BridgeWorker::actionFinished, this, &Bridge::actionFinished);
    connect(worker, &BridgeWorker::failedOver, this, &Bridge::failedOver);
}

// m_worker's destructor deletes the worker in its thread (stopping a private
// redis-server and removing its folder) before the thread quits.
Bridge::~Bridge() = default;

void Bridge::connectTo(const BackendConfig& config)
{
    m_worker.post([config](BridgeWorker& w) { w.connectTo(config); });
}

void Bridge::setTree(std::shared_ptr<const TreeIndex> tree)
{
    m_worker.post([tree](BridgeWorker& w) { w.setTree(tree); });
}

void Bridge::refresh()
{
    m_worker.post([](BridgeWorker& w) { w.refresh(); });
}

void Bridge::releaseExpired()
{
    m_worker.post([](BridgeWorker& w) { w.releaseExpired(); });
}

void Bridge::forceRelease(const QString& leaseId, const QString& reason)
{
    m_worker.post([leaseId, reason](BridgeWorker& w) { w.forceRelease(leaseId, reason); });
}

void Bridge::runScenario(const QString& name)
{
    m_worker.post([name](BridgeWorker& w) { w.runScenario(name); });
}

void Bridge::acquire(const QStringList& specs, const QString& owner, const QString& operation, qint64 ttlMs)
{
    m_worker.post([specs, owner, operation, ttlMs](BridgeWorker& w) { w.acquire(specs, owner, operation, ttlMs); });
}

void Bridge::failOver()
{
    m_worker.post([](BridgeWorker& w) { w.failOver(); });
}

void Bridge::killPrimary()
{
    m_worker.post([](BridgeWorker& w) { w.killPrimary(); });
}

std::future<std::shared_ptr<Engine>> Bridge::engine()
{
    auto promise = std::make_shared<std::promise<std::shared_ptr<Engine>>>();
    std::future<std::shared_ptr<Engine>> future = promise->get_future();
    m_worker.post([promise](BridgeWorker& w) { promise->set_value(w.engine()); });
    return future;
}

} // namespace treelock::ui
