#include "lockview/lockstate.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

namespace treelock::ui {

namespace {

// Below this many leases and nodes, freeing on the spot costs less than a hand-over.
constexpr std::size_t kFreeInline = 512;

void freeState(LockState* state)
{
    const QCoreApplication* app = QCoreApplication::instance();
    if (!app || QThread::currentThread() != app->thread() || state->leases.size() + state->nodes.size() < kFreeInline) {
        delete state;
        return;
    }
    QThreadPool::globalInstance()->start([state] { delete state; });
}

} // namespace

std::shared_ptr<LockState> newLockState()
{
    return std::shared_ptr<LockState>(new LockState, freeState);
}

} // namespace treelock::ui
