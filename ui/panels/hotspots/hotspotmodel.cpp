#include "panels/hotspots/hotspotmodel.h"

#include "common/columntitles.h"
#include "lockview/presentation.h"

#include <QColor>
#include <QFont>

#include <cmath>
#include <numbers>

namespace treelock::ui {

double refusalsPerMinute(const HotPath& path)
{
    return path.perMinute();
}

HotSpotAlarms updateAlarms(const std::set<std::string>& alarmed, const std::vector<HotPath>& paths, double threshold)
{
    HotSpotAlarms out;
    if (threshold <= 0)
        return out;
    for (const HotPath& p : paths) {
        const double rate = refusalsPerMinute(p);
        const bool was = alarmed.contains(p.path);
        if (rate > threshold || (was && rate > threshold * 0.75)) {
            out.alarmed.insert(p.path);
            if (!was)
                out.raised.push_back(p.path);
        }
    }
    return out;
}

HotSpotModel::HotSpotModel(QObject* parent) : KeyedTableModel(parent) {}

std::vector<std::string> HotSpotModel::applyContention(ContentionPtr contention)
{
    if (!contention)
        return {};
    const ContentionPtr old = m_contention;
    const std::uint32_t count = std::uint32_t(contention->paths.size());
    const auto newKey = [&](std::uint32_t i) { return contention->paths[i].path; };
    // Every row changes: each rate has decayed since the last reading.
    sync(
        indexKeys(count, newKey), old != nullptr, count, [&](std::uint32_t i) { return old->paths[i].path; }, newKey,
        [](std::uint32_t, std::uint32_t) { return true; },
        [&] {
            m_contention = contention;
            m_receivedAt = std::chrono::steady_clock::now();
        });
    return evaluate();
}

void HotSpotModel::applyWaiters(const LockState& state)
{
    std::unordered_map<std::string, std::size_t> waiters;
    for (const WaiterInfo& w : state.waiters)
        ++waiters[w.blocker.clashPath];
    if (m_waitersKnown && waiters == m_waiters)
        return;
    m_waiters = std::move(waiters);
    m_waitersKnown = true;
    if (!m_rows.empty())
        emit dataChanged(index(0, WaitersColumn), index(int(m_rows.size()) - 1, WaitersColumn));
}

void HotSpotModel::tick()
{
    if (!m_rows.empty())
        emit dataChanged(index(0, LastColumn), index(int(m_rows.size()) - 1, LastColumn));
}

ServerTime HotSpotModel::now() const
{
    if (!m_contention || m_contention->readAt == ServerTime{})
        return ServerTime{};
    return m_contention->readAt
           + std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - m_receivedAt);
}

std::vector<std::string> HotSpotModel::setThreshold(int perMinute)
{
    m_threshold = std::max(0, perMinute);
    std::vector<std::string> before(m_alarmed.begin(), m_alarmed.end());
    m_alarmed.clear();
    for (const std::string& path : before)
        if (const int row = rowOf(path); row >= 0)
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    return evaluate();
}

std::vector<std::string> HotSpotModel::evaluate()
{
    if (!m_contention)
        return {};
    HotSpotAlarms alarms = updateAlarms(m_alarmed, m_contention->paths, m_threshold);
    // Rows whose alarm state changes (rows still in alarm were refreshed with the reading).
    std::vector<std::string> flipped;
    for (const std::string& p : m_alarmed)
        if (!alarms.alarmed.contains(p))
            flipped.push_back(p);
    flipped.insert(flipped.end(), alarms.raised.begin(), alarms.raised.end());
    m_alarmed = std::move(alarms.alarmed);
    for (const std::string& path : flipped)
        if (const int row = rowOf(path); row >= 0)
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    return alarms.raised;
}

const HotPath* HotSpotModel::hotPathAt(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return nullptr;
    return &m_contention->paths[m_rows[std::size_t(row)]];
}

int HotSpotModel::rowOf(const std::string& path) const
{
    return rowOfKey(path);
}

QString HotSpotModel::operationsText(const HotPath& path)
{
    QStringList parts;
    for (const HotPath::Pair& pair : path.operations)
        parts << tr("%1 vs %2 ×%3")
                     .arg(presentation::operationName(QString::fromStdString(pair.wanted)),
                          presentation::operationName(QString::fromStdString(pair.blocking)), QString::number(pair.count));
    return parts.join(QStringLiteral(", "));
}

int HotSpotModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HotSpotModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HotSpotModel::data(const QModelIndex& index, int role) const
{
    const HotPath* p = hotPathAt(index.row());
    if (!p || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const bool alarmed = m_alarmed.contains(p->path);
    using std::chrono::duration_cast;
    using std::chrono::milliseconds;
    const auto sinceLast = [&] { return duration_cast<milliseconds>(now() - p->last); };
    const std::size_t waiting = [&]() -> std::size_t {
        if (!m_waitersKnown)
            return p->waiters;
        const auto it = m_waiters.find(p->path);
        return it == m_waiters.end() ? 0 : it->second;
    }();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case PathColumn: return QString::fromStdString(p->path);
        case RateColumn: return QString::number(refusalsPerMinute(*p), 'f', 1);
        case TotalColumn: return QString::number(p->total);
        case WaitersColumn: return QString::number(waiting);
        case LastColumn: return presentation::formatAgo(sinceLast());
        case OperationsColumn: return operationsText(*p);
        }
        return {};
    case SortRole:
        switch (index.column()) {
        case RateColumn: return refusalsPerMinute(*p);
        case TotalColumn: return qlonglong(p->total);
        case WaitersColumn: return qulonglong(waiting);
        case LastColumn: return qlonglong(p->last.time_since_epoch().count());
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole: {
        QStringList lines;
        lines << QString::fromStdString(p->path);
        lines << tr("%1 refusals/min (decayed count %2), %3 in all; the last %4 (%5)")
                     .arg(QString::number(refusalsPerMinute(*p), 'f', 1), QString::number(p->refusals, 'f', 1))
                     .arg(p->total)
                     .arg(presentation::formatAgo(sinceLast()), presentation::formatClock(p->last).left(8));
        if (waiting > 0)
            lines << tr("%n waiter(s) were last refused here", nullptr, int(waiting));
        for (const HotPath::Pair& pair : p->operations)
            lines << tr("%1 refused by %2: %n time(s)", nullptr, int(pair.count))
                         .arg(presentation::operationName(QString::fromStdString(pair.wanted)),
                              presentation::operationName(QString::fromStdString(pair.blocking)));
        if (alarmed)
            lines << tr("In alarm: above %1 refusals/min").arg(m_threshold);
        return lines.join(QLatin1Char('\n'));
    }
    case Qt::BackgroundRole:
        if (alarmed)
            return QColor(0xfd, 0xe4, 0xe4);
        return {};
    case Qt::ForegroundRole:
        if (alarmed && index.column() == RateColumn)
            return QColor(0xb7, 0x1c, 0x1c);
        return {};
    case Qt::FontRole:
        if (alarmed && index.column() == RateColumn) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == RateColumn || index.column() == TotalColumn || index.column() == WaitersColumn
            || index.column() == LastColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case PathRole:
        return QString::fromStdString(p->path);
    case AlarmRole:
        return alarmed;
    default:
        return {};
    }
}

QVariant HotSpotModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case PathColumn: return tr("Where acquires were refused: the node where they clashed");
        case RateColumn: return tr("Refusals per minute, a decayed rate: each refusal weighs half as much every minute");
        case TotalColumn: return tr("Refusals since the path entered the contention table");
        case WaitersColumn: return tr("Waiters whose last attempt was refused here");
        case LastColumn: return tr("When the latest refused attempt here happened: a waiter's retries count here, "
                                   "though the totals count a waiter once per blocker");
        case OperationsColumn: return tr("The refused operation vs the one in its way, and how often");
        default: return {};
        }
    }
    return columnTitle<ColumnCount>(section, orientation, role, tr("Path"), tr("Refusals/min"), tr("Total"),
                                    tr("Waiters"), tr("Last refused try"), tr("Operations"));
}

} // namespace treelock::ui
