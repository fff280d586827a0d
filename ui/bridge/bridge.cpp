#include "bridge/bridge.h"

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
    qRegisterMetaType<ProjectList>();
}

Bridge::Bridge(QObject* parent)
    : BridgeSignals(parent), m_worker(QStringLiteral("treelock-bridge"))
{
    registerBridgeTypes(); // before the worker can report anything
    forwardSignals<BridgeSignals>(m_worker.worker(), this);
}

// m_worker's destructor deletes the worker in its thread (stopping a private
// redis-server and removing its folder) before the thread quits.
Bridge::~Bridge() = default;

std::future<std::shared_ptr<Engine>> Bridge::engine()
{
    auto promise = std::make_shared<std::promise<std::shared_ptr<Engine>>>();
    std::future<std::shared_ptr<Engine>> future = promise->get_future();
    m_worker.post([promise](BridgeWorker& w) { promise->set_value(w.engine()); });
    return future;
}

std::future<Bridge::Reads> Bridge::reads()
{
    auto promise = std::make_shared<std::promise<Reads>>();
    std::future<Reads> future = promise->get_future();
    m_worker.post([promise](BridgeWorker& w) {
        Reads reads;
        reads.snapshots = w.snapshotCount();
        reads.waiterReads = w.waiterReadCount();
        reads.decoratedAside = w.decoratedAsideCount();
        if (const LeaseWatch* watch = w.watch())
            reads.watch = watch->stats();
        promise->set_value(std::move(reads));
    });
    return future;
}

} // namespace treelock::ui
