#include "locks/waitertablemodel.h"

#include "common/columntitles.h"
#include "locks/presentation.h"

#include <QColor>

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

WaiterTableModel::WaiterTableModel(QObject* parent) : QAbstractTableModel(parent) {}

std::string WaiterTableModel::mainPath(const WaiterInfo& waiter)
{
    for (const LockRequest& r : waiter.requests)
        if (r.mode != LockMode::IS && r.mode != LockMode::IX)
            return r.path;
    return waiter.requests.empty() ? waiter.blocker.clashPath : waiter.requests.front().path;
}

void WaiterTableModel::applyState(LockStatePtr state)
{
    if (!state)
        return;
    std::unordered_map<LeaseId, std::uint32_t> next;
    next.reserve(state->waiters.size());
    for (std::uint32_t i = 0; i < state->waiters.size(); ++i)
        next.emplace(state->waiters[i].id, i);

    // 1. Remove rows whose waiter is gone, bottom-up, one call per contiguous range.
    if (m_state) {
        const auto gone = [&](int row) { return !next.contains(m_state->waiters[m_rows[std::size_t(row)]].id); };
        int row = int(m_rows.size()) - 1;
        while (row >= 0) {
            if (!gone(row)) {
                --row;
                continue;
            }
            const int last = row;
            while (row >= 0 && gone(row))
                --row;
            beginRemoveRows({}, row + 1, last);
            m_rows.erase(m_rows.begin() + row + 1, m_rows.begin() + last + 1);
            endRemoveRows();
        }
    }

    // 2. Re-point the remaining rows at the new state; note the changed ones.
    const LockStatePtr old = m_state;
    std::vector<int> changed;
    m_rowOfId.clear();
    for (std::size_t row = 0; row < m_rows.size(); ++row) {
        const WaiterInfo& before = old->waiters[m_rows[row]];
        const std::uint32_t idx = next.at(before.id);
        if (!sameWaiter(before, state->waiters[idx]))
            changed.push_back(int(row));
        m_rows[row] = idx;
        m_rowOfId.emplace(before.id, int(row));
    }
    m_state = state;
    std::size_t i = 0;
    while (i < changed.size()) {
        std::size_t j = i;
        while (j + 1 < changed.size() && changed[j + 1] == changed[j] + 1)
            ++j;
        emit dataChanged(index(changed[i], 0), index(changed[j], ColumnCount - 1));
        i = j + 1;
    }

    // 3. Append the new waiters in one insert.
    std::vector<std::uint32_t> added;
    for (std::uint32_t k = 0; k < state->waiters.size(); ++k)
        if (!m_rowOfId.contains(state->waiters[k].id))
            added.push_back(k);
    if (!added.empty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        for (std::uint32_t k : added) {
            m_rowOfId.emplace(state->waiters[k].id, int(m_rows.size()));
            m_rows.push_back(k);
        }
        endInsertRows();
    }
}

void WaiterTableModel::tick()
{
    if (!m_rows.empty())
        emit dataChanged(index(0, WaitingColumn), index(int(m_rows.size()) - 1, WaitingColumn));
}

const WaiterInfo* WaiterTableModel::waiterAt(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return nullptr;
    return &m_state->waiters[m_rows[std::size_t(row)]];
}

int WaiterTableModel::rowOf(const LeaseId& id) const
{
    const auto it = m_rowOfId.find(id);
    return it == m_rowOfId.end() ? -1 : it->second;
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
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case OwnerColumn: return QString::fromStdString(w->owner);
        case OperationColumn: return presentation::operationName(QString::fromStdString(w->operation));
        case RequestsColumn: return requestsText(w->requests);
        case WaitingColumn: return presentation::formatAge(waited);
        case BehindColumn: return presentation::behindText(w->blocker);
        case HoldsBackColumn: return w->holdsBack ? tr("yes") : tr("no");
        }
        return {};
    case SortRole:
        if (index.column() == WaitingColumn)
            return qlonglong(waited.count());
        return data(index, Qt::DisplayRole);
    case Qt::ToolTipRole:
        return presentation::waiterDetails(*w, now);
    case Qt::ForegroundRole:
        if (index.column() == HoldsBackColumn && w->holdsBack)
            return QColor(0x8a, 0x4b, 0x00);
        if (index.column() == HoldsBackColumn)
            return QColor(0x75, 0x75, 0x75);
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
        case HoldsBackColumn: return tr("It has waited past the project's grace: newer requests that conflict with it wait behind it");
        default: return {};
        }
    }
    return columnTitle<ColumnCount>(section, orientation, role, tr("Owner"), tr("Operation"), tr("Requests"),
                                    tr("Waiting"), tr("Behind"), tr("Holds back"));
}

} // namespace treelock::ui
