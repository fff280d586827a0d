#include "waitingengine.h"

#include "treelock/error.h"

namespace treelock::sim::detail {

WaitingEngine::WaitingEngine(std::shared_ptr<Engine> engine) : m_engine(std::move(engine))
{
    if (!m_engine)
        throw InvalidInput("WaitingEngine needs an engine");
}

AcquireResult WaitingEngine::acquire(const std::vector<LockRequest>& requests, const AcquireOptions& options)
{
    const std::chrono::milliseconds wait{m_wait.load()};
    if (wait.count() <= 0)
        return m_engine->acquire(requests, options);
    AcquireOptions waiting = options;
    waiting.wait = wait;
    return m_engine->acquire(requests, waiting);
}

} // namespace treelock::sim::detail
