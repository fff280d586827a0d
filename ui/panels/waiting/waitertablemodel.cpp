#include "panels/waiting/waitertablemodel.h"

#include "common/columntitles.h"
#include "lockview/presentation.h"

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

WaiterTableModel::WaiterTableModel(QObject* parent) : KeyedTableModel(parent) {}

std::string WaiterTableModel::mainPath(const WaiterInfo& waiter)
{
    for (const LockRequest& r : waiter.requests)
        if (r.mode != LockMode::IS && r.mode != LockMode::IX)
            return r.path;
    return waiter.requests.empty() ? waiter.blocker.clashPath : waiter.requests.front().path;
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
    // Whom a waiter holds back changes with the other waiters' rows.
    const auto heldBackChanged = [&](const std::string& id) {
        const auto a = m_heldBack.find(id);
        const auto b = heldBack.find(id);
        return (a == m_heldBack.end()) != (b == heldBack.end()) || (a != m_heldBack.end() && a->second != b->second);
    };
    sync(
        indexKeys(count, newKey), old != nullptr, count, [&](std::uint32_t i) { return old->waiters[i].id; }, newKey,
        [&](std::uint32_t before, std::uint32_t after) {
            return !sameWaiter(old->waiters[before], state->waiters[after]) || heldBackChanged(state->waiters[after].id);
        },
        [&] {
            m_state = state;
            m_heldBack = std::move(heldBack);
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
        case BehindColumn: return presentation::behindText(w->blocker);
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
    case Qt::ToolTipRole:
        // Asked for when the tooltip is shown: the times in it are those of now.
        return presentation::waiterDetails(
            *w, {now, presentation::blockerExpiry(*w, m_state->leases), held, m_graceKnown, m_grace});
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
