#include "panels/leases/leasetablemodel.h"

#include "common/columntitles.h"
#include "lockview/presentation.h"

#include <treelock/leaseid.h>

#include <QColor>
#include <QFont>

namespace treelock::ui {

namespace {

constexpr int kMaxRemoveRanges = 200;

bool sameLease(const LeaseInfo& a, const LeaseInfo& b)
{
    return a.expiresAt == b.expiresAt && a.holds == b.holds && a.revoked == b.revoked
        && a.fence == b.fence && a.ttl == b.ttl && a.owner == b.owner;
}

} // namespace

LeaseTableModel::LeaseTableModel(QObject* parent) : KeyedTableModel(parent) {}

void LeaseTableModel::applyState(LockStatePtr state)
{
    if (!state)
        return;
    // Heavy churn (a mass expiry, a sweep): one reset is cheaper than hundreds
    // of scattered removals, each of which a sorting proxy pays O(rows) for.
    const auto newKey = [&](std::uint32_t i) { return state->leases[i].id; };
    const KeyIndex next = indexKeys(std::uint32_t(state->leases.size()), newKey);
    if (m_state) {
        int ranges = 0;
        bool inRange = false;
        for (std::uint32_t idx : m_rows) {
            const bool gone = !next.contains(m_state->leases[idx].id);
            ranges += gone && !inRange;
            inRange = gone;
        }
        if (ranges > kMaxRemoveRanges) {
            beginResetModel();
            m_state = state;
            m_rows.clear();
            m_rowOf.clear();
            for (std::uint32_t k = 0; k < state->leases.size(); ++k) {
                m_rowOf.emplace(state->leases[k].id, int(k));
                m_rows.push_back(k);
            }
            endResetModel();
            return;
        }
    }
    const LockStatePtr old = m_state;
    sync(
        next, old != nullptr, std::uint32_t(state->leases.size()), [&](std::uint32_t i) { return old->leases[i].id; },
        newKey,
        [&](std::uint32_t before, std::uint32_t after) { return !sameLease(old->leases[before], state->leases[after]); },
        [&] { m_state = state; });
}

void LeaseTableModel::tick()
{
    if (!m_rows.empty())
        emit dataChanged(index(0, AgeColumn), index(int(m_rows.size()) - 1, StateColumn));
}

const LeaseInfo* LeaseTableModel::leaseAt(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return nullptr;
    return &m_state->leases[m_rows[std::size_t(row)]];
}

int LeaseTableModel::rowOf(const LeaseId& id) const
{
    return rowOfKey(id);
}

LeaseTableModel::Status LeaseTableModel::statusAt(int row) const
{
    const LeaseInfo* l = leaseAt(row);
    if (!l)
        return Status::Live;
    if (l->expired(m_state->clock.now()))
        return Status::Expired;
    return l->revoked ? Status::Revoked : Status::Live;
}

int LeaseTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LeaseTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LeaseTableModel::data(const QModelIndex& index, int role) const
{
    const LeaseInfo* l = leaseAt(index.row());
    if (!l || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    using std::chrono::duration_cast;
    using std::chrono::milliseconds;
    const ServerTime now = m_state->clock.now();
    const Status status = statusAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case LeaseColumn: return QString::fromStdString(shortLeaseId(l->id));
        case OwnerColumn: return QString::fromStdString(l->owner);
        case OperationColumn: return presentation::operationName(QString::fromStdString(l->operation));
        case PathsColumn: return requestsText(l->requests);
        case AgeColumn: return presentation::formatAge(duration_cast<milliseconds>(now - l->createdAt));
        case TimeLeftColumn: return presentation::formatTimeLeft(duration_cast<milliseconds>(l->expiresAt - now));
        case FenceColumn: return QString::number(l->fence);
        case StateColumn:
            switch (status) {
            case Status::Live:
                return l->holds > 1 ? tr("live ×%1").arg(l->holds) : tr("live");
            case Status::Expired: return tr("expired");
            case Status::Revoked: return tr("revoked");
            }
        }
        return {};
    case SortRole:
        switch (index.column()) {
        case AgeColumn: return qlonglong(l->createdAt.time_since_epoch().count());
        case TimeLeftColumn: return qlonglong(l->expiresAt.time_since_epoch().count());
        case FenceColumn: return qulonglong(l->fence);
        case StateColumn: return int(status);
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        if (index.column() == LeaseColumn)
            return QString::fromStdString(l->id);
        if (index.column() == PathsColumn)
            return requestsText(l->requests, QStringLiteral("\n"));
        if (index.column() == OperationColumn)
            return QString::fromStdString(l->operation);
        return {};
    case Qt::ForegroundRole:
        if (status == Status::Expired)
            return QColor(0x75, 0x75, 0x75);
        if (index.column() == TimeLeftColumn
            && presentation::timeLeftIsShort(duration_cast<milliseconds>(l->expiresAt - now), l->ttl))
            return QColor(0xc6, 0x28, 0x28);
        return {};
    case Qt::FontRole:
        if (index.column() == LeaseColumn || index.column() == FenceColumn) {
            QFont f(QStringLiteral("monospace"));
            f.setStyleHint(QFont::Monospace);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == AgeColumn || index.column() == TimeLeftColumn || index.column() == FenceColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case LeaseIdRole:
        return QString::fromStdString(l->id);
    case StatusRole:
        return int(status);
    case PathsRole: {
        QStringList paths;
        for (const LockRequest& r : l->requests)
            paths << QString::fromStdString(r.path);
        return paths;
    }
    default:
        return {};
    }
}

QVariant LeaseTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return columnTitle<ColumnCount>(section, orientation, role,
                                    tr("Lease"), tr("Owner"), tr("Operation"), tr("Paths and modes"),
                                    tr("Age"), tr("Time left"), tr("Fence"), tr("State"));
}

QString requestsText(const std::vector<LockRequest>& requests, const QString& separator)
{
    QStringList parts;
    for (const LockRequest& r : requests)
        parts << QStringLiteral("%1 %2").arg(QString::fromLatin1(toString(r.mode).data()), QString::fromStdString(r.path));
    return parts.join(separator);
}

} // namespace treelock::ui
