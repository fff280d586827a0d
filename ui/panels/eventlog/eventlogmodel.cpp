#include "panels/eventlog/eventlogmodel.h"

#include "common/columntitles.h"
#include "lockview/presentation.h"

#include <QColor>
#include <QFont>

namespace treelock::ui {

EventLogModel::EventLogModel(QObject* parent) : QAbstractTableModel(parent) {}

void EventLogModel::append(const std::vector<LogEntry>& batch)
{
    if (batch.empty())
        return;
    const int overflow = int(m_entries.size() + batch.size()) - m_limit;
    if (overflow > 0) {
        // Drop in chunks so a busy stream does not pay for a remove per batch.
        const int drop = std::min<int>(int(m_entries.size()), std::max(overflow, m_limit / 10));
        if (drop > 0) {
            beginRemoveRows({}, 0, drop - 1);
            m_entries.erase(m_entries.begin(), m_entries.begin() + drop);
            endRemoveRows();
        }
    }
    const std::size_t take = std::min<std::size_t>(batch.size(), std::size_t(m_limit));
    const int first = int(m_entries.size());
    beginInsertRows({}, first, first + int(take) - 1);
    m_entries.insert(m_entries.end(), batch.end() - std::ptrdiff_t(take), batch.end());
    endInsertRows();
}

void EventLogModel::clear()
{
    if (m_entries.empty())
        return;
    beginRemoveRows({}, 0, int(m_entries.size()) - 1);
    m_entries.clear();
    endRemoveRows();
}

QString EventLogModel::typeName(LogEntry::Type type)
{
    switch (type) {
    case LogEntry::Type::Grant: return tr("grant");
    case LogEntry::Type::Release: return tr("release");
    case LogEntry::Type::Expire: return tr("expire");
    case LogEntry::Type::Force: return tr("forced release");
    case LogEntry::Type::Sweep: return tr("sweep");
    case LogEntry::Type::Refused: return tr("blocked");
    case LogEntry::Type::Info: return tr("info");
    }
    return {};
}

QString EventLogModel::firstPath(const QString& paths)
{
    const QString first = paths.section(QStringLiteral(", "), 0, 0).trimmed();
    const qsizetype slash = first.indexOf(QLatin1Char('/'));
    return slash < 0 ? QString() : first.mid(slash);
}

int EventLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int EventLogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_entries.size()))
        return {};
    const LogEntry& e = m_entries[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn: return presentation::formatClock(e.time);
        case TypeColumn: return typeName(e.type);
        case OwnerColumn: return e.owner;
        case OperationColumn: return presentation::operationName(e.operation);
        case PathsColumn: return e.paths;
        case LeaseColumn: return e.lease.left(8);
        case DetailColumn: return e.detail;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == LeaseColumn)
            return e.lease;
        if (index.column() == DetailColumn || index.column() == PathsColumn)
            return index.data(Qt::DisplayRole);
        return {};
    case Qt::ForegroundRole:
        if (index.column() != TypeColumn)
            return {};
        switch (e.type) {
        case LogEntry::Type::Grant: return QColor(0x2e, 0x7d, 0x32);
        case LogEntry::Type::Release: return QColor(0x37, 0x47, 0x4f);
        case LogEntry::Type::Expire: return QColor(0x75, 0x75, 0x75);
        case LogEntry::Type::Force: return QColor(0xc6, 0x28, 0x28);
        case LogEntry::Type::Sweep: return QColor(0x6a, 0x1b, 0x9a);
        case LogEntry::Type::Refused: return QColor(0xe6, 0x51, 0x00);
        case LogEntry::Type::Info: return QColor(0x15, 0x65, 0xc0);
        }
        return {};
    case Qt::BackgroundRole:
        if (e.type == LogEntry::Type::Refused)
            return QColor(0xff, 0xf3, 0xe0);
        if (e.type == LogEntry::Type::Force)
            return QColor(0xfd, 0xec, 0xec);
        return {};
    case Qt::FontRole:
        if (index.column() == TypeColumn || index.column() == LeaseColumn) {
            QFont f;
            if (index.column() == TypeColumn)
                f.setBold(true);
            else {
                f.setFamily(QStringLiteral("monospace"));
                f.setStyleHint(QFont::Monospace);
            }
            return f;
        }
        return {};
    case TypeRole:
        return int(e.type);
    case LeaseIdRole:
        return e.lease;
    case FirstPathRole:
        return firstPath(e.paths);
    default:
        return {};
    }
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return columnTitle<ColumnCount>(section, orientation, role,
                                    tr("Time"), tr("Event"), tr("Owner"), tr("Operation"), tr("Paths"),
                                    tr("Lease"), tr("Details"));
}

} // namespace treelock::ui
