// BridgeWorker sending what it read to the window: the lock states, and the
// event log's entries in batches. Worker thread only.
#include "bridge/bridgeworker.h"

#include <QMetaObject>

#include <algorithm>
#include <utility>

namespace treelock::ui {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// More events than this since the last batch sent to the event log: a busy
// project, whose batches go with its states (once a second: kBusyPublishInterval),
// or every kBusyLogInterval without one.
constexpr std::size_t kBusyLogEntries = 20;
constexpr auto kBusyLogInterval = milliseconds(1000);

} // namespace

void BridgeWorker::publish(bool full, bool light)
{
    const auto started = Clock::now();
    // The log's entries go along: the window repaints for both at once.
    flushLog(true);
    full = full || m_fullNext || !m_published || !m_decorated;
    auto state = newLockState();
    state->generation = ++m_generation;
    state->clock = m_clock;
    state->waiters = m_waiters;
    state->listing = m_listing;
    state->listed = m_listed;
    state->listTotal = m_listTotal;
    light = (light || m_listing) && !full && !m_leasesReplaced;
    if (light && !m_dirty && !m_listing)
        return; // nothing new to tell (an expiry the decorated state will show)
    if (light) {
        // While a list runs a state carries the leases read since the last one
        // and the progress, not every lease decorated: with hundreds of
        // thousands read that would cost the worker seconds a state and hold
        // the list up. So does one between two decorated states of a project
        // whose decoration takes long. The tree keeps the last decorated state.
        state->decorated = false;
        state->expiredCount = m_decorated->expiredCount;
    } else {
        state->leases.reserve(m_leases.size());
        for (const auto& [id, l] : m_leases)
            state->leases.push_back(l);
        std::sort(state->leases.begin(), state->leases.end(), [](const LeaseInfo& a, const LeaseInfo& b) {
            return a.expiresAt != b.expiresAt ? a.expiresAt < b.expiresAt : a.id < b.id;
        });
        const ServerTime now = m_clock.now();
        decorateState(*state, now, m_tree.get(), full ? nullptr : &m_decorated->nodes);
        m_nextExpiry = nextExpiry(state->leases, now);
        if (!full) {
            if (state->changedPaths.empty() && state->addedPaths.empty() && !m_dirty && state->expiredCount == m_decorated->expiredCount
                && m_published == m_decorated)
                return;
        }
    }
    state->full = full;
    if (!full && !m_leasesReplaced) {
        state->base = m_published->generation;
        for (const LeaseId& id : m_touched) {
            const auto it = m_leases.find(id);
            if (it != m_leases.end())
                state->leasesSet.push_back(it->second);
            else
                state->leasesGone.push_back(id);
        }
    }
    m_touched.clear();
    m_leasesReplaced = false;
    m_fullNext = false;
    m_dirty = false;
    m_lastPublish = Clock::now();
    m_published = state;
    m_treeBehind = !state->decorated && !state->listing;
    if (state->decorated) {
        m_decorated = state;
        m_decorateCost = m_lastPublish - started;
        m_lastDecorated = m_lastPublish;
        m_sinceDecorated.clear(); // every lease is in it
    }
    emit stateChanged(state);
}

bool BridgeWorker::decorateAside()
{
    if (m_decorating || !m_decorated || !m_published || m_listing || m_leasesReplaced || m_fullNext
        || m_decorateCost < kDecorateAside)
        return false;
    // What the pool thread needs, all of it its own or immutable: the last
    // decorated state, the leases changed since its leases were taken, the waiters.
    struct Job {
        LockStatePtr before;
        std::vector<LeaseInfo> set;
        std::set<LeaseId> changed;
        std::vector<WaiterInfo> waiters;
        ServerClock clock;
        std::shared_ptr<const TreeIndex> tree;
    };
    auto job = std::make_shared<Job>();
    job->before = m_decorated;
    for (const LeaseId& id : m_sinceDecorated)
        if (const auto it = m_leases.find(id); it != m_leases.end())
            job->set.push_back(it->second);
    job->changed = std::exchange(m_sinceDecorated, {});
    job->waiters = m_waiters;
    job->clock = m_clock;
    job->tree = m_tree;
    m_decorating = true;
    const auto started = Clock::now();
    m_decoratePool.start([this, job, started] {
        auto state = newLockState();
        state->leases.reserve(job->before->leases.size() + job->set.size());
        for (const LeaseInfo& l : job->before->leases)
            if (!job->changed.contains(l.id))
                state->leases.push_back(l);
        state->leases.insert(state->leases.end(), job->set.begin(), job->set.end());
        std::sort(state->leases.begin(), state->leases.end(), [](const LeaseInfo& a, const LeaseInfo& b) {
            return a.expiresAt != b.expiresAt ? a.expiresAt < b.expiresAt : a.id < b.id;
        });
        state->waiters = std::move(job->waiters);
        state->clock = job->clock;
        const ServerTime now = job->clock.now();
        decorateState(*state, now, job->tree.get(), &job->before->nodes);
        const ServerTime next = nextExpiry(state->leases, now);
        QMetaObject::invokeMethod(
            this, [this, state, before = job->before, started, next] { decoratedAside(state, before, started, next); },
            Qt::QueuedConnection);
    });
    return true;
}

void BridgeWorker::decoratedAside(const std::shared_ptr<LockState>& state, const LockStatePtr& before,
                                  std::chrono::steady_clock::time_point started, ServerTime nextExpiry)
{
    m_decorating = false;
    m_decorateCost = Clock::now() - started;
    if (m_decorated != before || !m_published || m_leasesReplaced)
        return; // another project, a new list, or a decorated state made meanwhile: this one is older
    flushLog(true);
    state->generation = ++m_generation;
    state->full = false;
    // The tree takes the picture (as of when its leases were taken); the
    // table, the delta since the state before (it has what came meanwhile).
    state->base = m_published->generation;
    for (const LeaseId& id : m_touched) {
        if (const auto it = m_leases.find(id); it != m_leases.end())
            state->leasesSet.push_back(it->second);
        else
            state->leasesGone.push_back(id);
    }
    m_touched.clear();
    m_dirty = !sameWaiters(state->waiters, m_waiters); // those of the picture: the next light state has today's
    m_nextExpiry = nextExpiry;
    m_lastPublish = m_lastDecorated = Clock::now();
    m_published = m_decorated = state;
    m_treeBehind = !m_sinceDecorated.empty(); // leases changed while it was made: the next one shows them
    ++m_decoratedAside;
    emit stateChanged(state);
}

void BridgeWorker::flushLog(bool now)
{
    if (m_logPending.empty())
        return;
    // A busy project's events go to the window once a second: each batch
    // costs it a repaint of the log whatever it holds. A few go at once.
    if (!now && m_logPending.size() > kBusyLogEntries && Clock::now() - m_lastLogFlush < kBusyLogInterval)
        return;
    m_lastLogFlush = Clock::now();
    emit logEntries(std::make_shared<const std::vector<LogEntry>>(std::exchange(m_logPending, {})));
}

} // namespace treelock::ui
