#include "lockview/lockstate.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

#include <algorithm>

namespace treelock::ui {

namespace {

// Below this many leases, nodes and paths, freeing on the spot costs less than
// a hand-over. Above, a free can also make malloc consolidate a whole arena:
// hundreds of ms with a million leases' worth of small blocks freed.
constexpr std::size_t kFreeInline = 512;

void freeState(LockState* state)
{
    const QCoreApplication* app = QCoreApplication::instance();
    const std::size_t size = state->leases.size() + state->nodes.size() + state->leasesSet.size()
                             + state->leasesGone.size() + state->changedPaths.size() + state->addedPaths.size();
    if (!app || QThread::currentThread() != app->thread() || size < kFreeInline) {
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

void decorateState(LockState& state, ServerTime now, const TreeIndex* tree, const NodeStateMap* before)
{
    state.nodes = decorate(state.leases, now, tree, state.waiters);
    state.expiredCount = int(std::count_if(state.leases.begin(), state.leases.end(),
                                           [now](const LeaseInfo& l) { return l.expired(now); }));
    if (!before)
        return;
    // The paths new to the tree (the root is always in it) are sorted here,
    // off the GUI thread: after a large project's list they number a million.
    std::vector<std::pair<std::size_t, std::string>> added;
    for (std::string& p : changedPaths(*before, state.nodes)) {
        if (p != "/" && !before->contains(p) && state.nodes.contains(p) && !(tree && tree->contains(p)))
            added.emplace_back(std::size_t(std::count(p.begin(), p.end(), '/')), std::move(p));
        else
            state.changedPaths.push_back(std::move(p));
    }
    std::sort(added.begin(), added.end());
    state.addedPaths.reserve(added.size());
    for (auto& [depth, p] : added)
        state.addedPaths.push_back(std::move(p));
}

} // namespace treelock::ui
