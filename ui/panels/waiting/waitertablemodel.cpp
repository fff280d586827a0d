#include "panels/waiting/waitertablemodel.h"

#include "common/columntitles.h"
#include "lockview/presentation.h"

#include <treelock/blockers.h>

#include <QColor>

#include <unordered_set>

namespace treelock::ui {

namespace {

bool sameWaiter(const WaiterInfo& a, const WaiterInfo& b)
{
    const Blocker& p = a.blocker;
    const Blocker& q = b.blocker;
    return a.since == b.since && a.holdsBack == b.holdsBack && a.owner == b.owner && a.operation == b.operation
        && a.requests == b.requests && p.lease == q.lease && p.queued == q.queued && p.owner == q.owner
        && p.operation == q.operation && p.path == q.path && p.mode == q.mode && p.clashPath == q.clashPath
        && p.heldMode == q.heldMode && p.expiresIn == q.expiresIn && a.lastAttempt == b.lastAttempt;
}

} // namespace

WaiterTableModel::WaiterTableModel(QObject* parent) : KeyedTableModel(parent) {}

std::string WaiterTableModel::mainPath(const WaiterInfo& waiter)
{
    for (const LockRequest& r : waiter.requests)
        if (r.mode != LockMode::IS && r.mode != LockMode::IX)
            return r.path;
    return waiter.requests.empty() ? waiter.blocker.clashPath : waiter.requests.front().path;
}

std::unordered_map<std::string, std::vector<Blocker>> WaiterTableModel::blockersIn(const LockState& state)
{
    std::unordered_map<std::string, std::vector<Blocker>> out;
    for (const WaiterInfo& w : state.waiters) {
        // A lease in the way leaves a mode on one of the waiter's paths or on
        // an ancestor of one: the nodes there list it (held or intention).
        std::unordered_set<std::uint32_t> seen;
        std::vector<LeaseInfo> candidates;
        for (const LockRequest& r : w.requests) {
            for (std::size_t end = 1; end <= r.path.size(); ++end) {
                if (end != r.path.size() && r.path[end] != '/')
                    continue;
                const auto node = state.nodes.find(r.path.substr(0, end));
                if (node == state.nodes.end())
                    continue;
                for (const Touch& t : node->second.touches)
                    if (t.role != TouchRole::Cover && t.lease < state.leases.size() && seen.insert(t.lease).second)
                        candidates.push_back(state.leases[t.lease]);
            }
        }
        out.emplace(w.id, blockersOf(w, candidates, state.waiters, state.clock.serverTime));
    }
    return out;
}

std::unordered_map<std::string, QStringList> WaiterTableModel::heldBackBy(const LockState& state)
{
    std::unordered_map<std::string, QStringList> out;
    for (const WaiterInfo& w : state.waiters)
        if (w.blocker.queued && !w.blocker.lease.empty())
            out[w.blocker.lease] << QString::fromStdString(w.owner);
    return out;
}

void WaiterTableModel::applyState(LockStatePtr state)
{
    if (!state)
        return;
    const LockStatePtr old = m_state;
    const std::uint32_t count = std::uint32_t(state->waiters.size());
    const auto newKey = [&](std::uint32_t i) { return state->waiters[i].id; };
    std::unordered_map<std::string, QStringList> heldBack = heldBackBy(*state);
    // A light state has no leases: the waiters known keep what the last
    // decorated state found in their way.
    std::unordered_map<std::string, std::vector<Blocker>> blockers;
    if (state->decorated) {
        blockers = blockersIn(*state);
    } else {
        for (const WaiterInfo& w : state->waiters)
            if (const auto it = m_blockers.find(w.id); it != m_blockers.end())
                blockers.emplace(w.id, it->second);
    }
    const auto blockersChanged = [&](const std::string& id) {
        const auto a = m_blockers.find(id);
        const auto b = blockers.find(id);
        const auto ids = [](const std::vector<Blocker>& list) {
            std::vector<std::string> out;
            for (const Blocker& x : list)
                out.push_back(x.lease);
            return out;
        };
        if ((a == m_blockers.end()) != (b == blockers.end()))
            return true;
        return a != m_blockers.end() && ids(a->second) != ids(b->second);
    };
    // Whom a waiter holds back changes with the other waiters' rows.
    const auto heldBackChanged = [&](const std::string& id) {
        const auto a = m_heldBack.find(id);
        const auto b = heldBack.find(id);
        return (a == m_heldBack.end()) != (b == heldBack.end()) || (a != m_heldBack.end() && a->second != b->second);
    };
    sync(
        indexKeys(count, newKey), old != nullptr, count, [&](std::uint32_t i) { return old->waiters[i].id; }, newKey,
        [&](std::uint32_t before, std::uint32_t after) {
            return !sameWaiter(old->waiters[before], state->waiters[after]) || heldBackChanged(state->waiters[after].id)
                || blockersChanged(state->waiters[after].id);
        },
        [&] {
            m_state = state;
            m_heldBack = std::move(heldBack);
            m_blockers = std::move(blockers);
        });
}

void WaiterTableModel::tick()
{
    if (!m_rows.empty())
        emit dataChanged(index(0, WaitingColumn), index(int(m_rows.size()) - 1, WaitingColumn));
}

void WaiterTableModel::setGrace(bool known, std::optional<std::chrono::milliseconds> grace)
{
    if (!known)
        grace.reset();
    if (known == m_graceKnown && grace == m_grace)
        return;
    m_graceKnown = known;
    m_grace = grace;
    emit headerDataChanged(Qt::Horizontal, HoldsBackColumn, HoldsBackColumn);
}

std::vector<Blocker> WaiterTableModel::blockers(const LeaseId& waiter) const
{
    if (const auto it = m_blockers.find(waiter); it != m_blockers.end() && !it->second.empty())
        return it->second;
    const WaiterInfo* w = waiterAt(rowOf(waiter));
    if (!w || w->blocker.lease.empty())
        return {};
    return {w->blocker};
}

const WaiterInfo* WaiterTableModel::waiterAt(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return nullptr;
    return &m_state->waiters[m_rows[std::size_t(row)]];
}

int WaiterTableModel::rowOf(const LeaseId& id) const
{
    return rowOfKey(id);
}

int WaiterTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int WaiterTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WaiterTableModel::data(const QModelIndex& index, int role) const
{
    const WaiterInfo* w = waiterAt(index.row());
    if (!w || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    using std::chrono::duration_cast;
    using std::chrono::milliseconds;
    const ServerTime now = m_state->clock.now();
    const milliseconds waited = duration_cast<milliseconds>(now - w->since);
    const auto heldBack = m_heldBack.find(w->id);
    const QStringList none;
    const QStringList& held = heldBack == m_heldBack.end() ? none : heldBack->second;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case OwnerColumn: return QString::fromStdString(w->owner);
        case OperationColumn: return presentation::operationName(QString::fromStdString(w->operation));
        case RequestsColumn: return requestsText(w->requests);
        case WaitingColumn: return presentation::formatAge(waited);
        case BehindColumn: {
            const std::vector<Blocker> all = blockers(w->id);
            if (all.size() > 1)
                return tr("%1 +%n more", nullptr, int(all.size()) - 1).arg(presentation::behindText(all.front()));
            return presentation::behindText(all.empty() ? w->blocker : all.front());
        }
        case HoldsBackColumn:
            if (held.size() > 2)
                return tr("%1, %2 +%3").arg(held[0], held[1]).arg(held.size() - 2);
            return held.join(QStringLiteral(", "));
        }
        return {};
    case SortRole:
        if (index.column() == WaitingColumn)
            return qlonglong(waited.count());
        if (index.column() == HoldsBackColumn)
            return int(held.size());
        return data(index, Qt::DisplayRole);
    case Qt::ToolTipRole: {
        // Asked for when the tooltip is shown: the times in it are those of now.
        QString tip = presentation::waiterDetails(
            *w, {now, presentation::blockerExpiry(*w, m_state->leases), held, m_graceKnown, m_grace});
        const std::vector<Blocker> all = blockers(w->id);
        if (all.size() > 1) {
            QStringList lines;
            for (const Blocker& b : all)
                lines << QStringLiteral("  ") + presentation::behindText(b);
            tip += QLatin1Char('\n') + tr("In its way (%1):").arg(all.size()) + QLatin1Char('\n') + lines.join(QLatin1Char('\n'));
        }
        return tip;
    }
    case Qt::ForegroundRole:
        if (index.column() == HoldsBackColumn)
            return QColor(0x8a, 0x4b, 0x00);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == WaitingColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case WaiterIdRole:
        return QString::fromStdString(w->id);
    case PathRole:
        return QString::fromStdString(mainPath(*w));
    case BlockerLeaseRole:
        return QString::fromStdString(w->blocker.lease);
    case QueuedRole:
        return w->blocker.queued;
    case BlockerCountRole:
        return int(blockers(w->id).size());
    default:
        return {};
    }
}

QVariant WaiterTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case WaitingColumn: return tr("How long it has waited: since its first refused attempt");
        case BehindColumn: return tr("What refused its last attempt: a lease, or an older waiting request it queues behind");
        case HoldsBackColumn:
            if (m_graceKnown && !m_grace)
                return tr("The waiters that queue behind it: none while the project's fairness is off");
            if (m_graceKnown)
                return tr("The waiters that queue behind it: once it has waited longer than the project's fairness "
                          "grace (%1 ms), newer requests that conflict with it wait until it is served")
                    .arg(m_grace->count());
            return tr("The waiters that queue behind it: once it has waited longer than the project's fairness grace, "
                      "newer requests that conflict with it wait until it is served");
        default: return {};
        }
    }
    return columnTitle<ColumnCount>(section, orientation, role, tr("Owner"), tr("Operation"), tr("Requests"),
                                    tr("Waiting"), tr("Behind"), tr("Holds back"));
}

} // namespace treelock::ui
