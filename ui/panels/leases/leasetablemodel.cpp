#include "panels/leases/leasetablemodel.h"

#include "common/columntitles.h"
#include "lockview/presentation.h"

#include <treelock/leaseid.h>
#include <treelock/path.h>

#include <QColor>
#include <QFont>

#include <algorithm>
#include <map>
#include <string_view>

namespace treelock::ui {

namespace {

bool sameLease(const LeaseInfo& a, const LeaseInfo& b)
{
    return a.expiresAt == b.expiresAt && a.holds == b.holds && a.revoked == b.revoked && a.fence == b.fence
           && a.ttl == b.ttl && a.owner == b.owner && a.requests == b.requests;
}

bool isAscii(std::string_view text)
{
    return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

// `text` contains `needle` (lower case), ignoring case: bytewise for ASCII text
// and needle (the ids, owners and paths of nearly every lease), else through QString.
bool containsFolded(std::string_view text, const std::string& needle, const QString& needleText)
{
    if (!isAscii(text) || !isAscii(needle))
        return QString::fromUtf8(text.data(), qsizetype(text.size())).contains(needleText, Qt::CaseInsensitive);
    const auto it = std::search(text.begin(), text.end(), needle.begin(), needle.end(),
                                [](char a, char b) { return lower(a) == b; });
    return it != text.end();
}

// Compares two leases' requests as the Paths column shows them ("X /A/C, S /B").
int compareRequests(const std::vector<LockRequest>& a, const std::vector<LockRequest>& b)
{
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (const int c = toString(a[i].mode).compare(toString(b[i].mode)); c != 0)
            return c;
        if (const int c = a[i].path.compare(b[i].path); c != 0)
            return c;
    }
    return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

template <typename T>
int compareValues(const T& a, const T& b)
{
    return a < b ? -1 : b < a ? 1 : 0;
}

} // namespace

LeaseTableModel::LeaseTableModel(QObject* parent) : QAbstractTableModel(parent) {}

LeaseTableModel::~LeaseTableModel() = default;

void LeaseTableModel::applyState(LockStatePtr state)
{
    if (!state)
        return;
    const bool delta = m_state && !state->full && state->base != 0 && state->base == m_state->generation;
    if (!delta && !state->decorated)
        return; // no lease list to start from: the next decorated state brings it
    const bool timeSorted = m_sortColumn == StateColumn; // expiry moves rows: no merge into the old order
    m_state = state;
    if (!delta || timeSorted) {
        // Every lease of the state: the entries follow it, then filter and sort anew.
        std::unordered_map<LeaseId, const LeaseInfo*> listed;
        if (!delta) {
            listed.reserve(state->leases.size());
            for (const LeaseInfo& l : state->leases)
                listed.emplace(l.id, &l);
        } else {
            for (const LeaseInfo& l : state->leasesSet)
                listed.emplace(l.id, &l);
        }
        std::vector<LeaseId> gone;
        if (!delta) {
            for (auto& [id, e] : m_entries)
                if (!listed.contains(id))
                    gone.push_back(id);
        } else {
            for (const LeaseId& id : state->leasesGone)
                if (m_entries.contains(id))
                    gone.push_back(id);
        }
        for (const auto& [id, l] : listed) {
            Entry& e = m_entries[id];
            if (!sameLease(e.lease, *l) || e.lease.id.empty())
                e.lease = *l;
        }
        for (const LeaseId& id : gone)
            m_entries.at(id).stale = true;
        std::vector<Entry*> next;
        next.reserve(m_entries.size());
        for (auto& [id, e] : m_entries) {
            e.shown = !e.stale && accepts(e.lease);
            if (e.shown)
                next.push_back(&e);
        }
        sortRows(next);
        showRows(std::move(next), gone);
        return;
    }

    // A delta: the rows that stay keep their order. Those that leave (gone, or
    // changed) and those that come are found by binary search: a delta costs
    // O(changed × log rows) comparisons and a move of the row pointers, not a
    // visit of every lease (at a million rows those visits alone take 0.1 s).
    if (state->leasesSet.empty() && state->leasesGone.empty())
        return;
    std::vector<std::size_t> leaving; // rows, found in the order they were sorted by
    const auto leave = [&](Entry& e) {
        if (!e.shown)
            return;
        if (const int row = rowIn(m_rows, &e); row >= 0)
            leaving.push_back(std::size_t(row));
        e.shown = false;
    };
    std::vector<LeaseId> gone;
    for (const LeaseId& id : state->leasesGone) {
        const auto it = m_entries.find(id);
        if (it != m_entries.end()) {
            leave(it->second);
            gone.push_back(id);
        }
    }
    // Every row found before any lease changes: the search needs the old order.
    std::vector<Entry*> entries(state->leasesSet.size(), nullptr);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (const auto it = m_entries.find(state->leasesSet[i].id); it != m_entries.end()) {
            entries[i] = &it->second;
            leave(it->second);
        }
    }
    if (state->listing)
        m_entries.reserve(state->listTotal); // one table for the whole list, not a rehash every doubling
    std::vector<Entry*> placed;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const LeaseInfo& l = state->leasesSet[i];
        Entry& e = entries[i] ? *entries[i] : m_entries.try_emplace(l.id).first->second;
        e.lease = l;
        if (accepts(l))
            placed.push_back(&e);
    }
    std::sort(leaving.begin(), leaving.end());
    std::vector<Entry*> kept;
    kept.reserve(m_rows.size() - leaving.size());
    std::size_t from = 0;
    for (std::size_t row : leaving) {
        kept.insert(kept.end(), m_rows.begin() + std::ptrdiff_t(from), m_rows.begin() + std::ptrdiff_t(row));
        from = row + 1;
    }
    kept.insert(kept.end(), m_rows.begin() + std::ptrdiff_t(from), m_rows.end());
    const auto order = [this](const Entry* a, const Entry* b) { return less(a, b); };
    std::sort(placed.begin(), placed.end(), order);
    std::vector<Entry*> next;
    next.reserve(kept.size() + placed.size());
    auto rest = kept.begin();
    for (Entry* e : placed) {
        // Galloping from the last place: many leases (a list's) land close together.
        std::ptrdiff_t step = 1;
        while (step < kept.end() - rest && order(rest[step - 1], e))
            step *= 2;
        const auto at = std::lower_bound(rest + step / 2, rest + std::min(step, kept.end() - rest), e, order);
        next.insert(next.end(), rest, at);
        next.push_back(e);
        e->shown = true;
        rest = at;
    }
    next.insert(next.end(), rest, kept.end());
    showRows(std::move(next), gone);
}

namespace {

// The first eight bytes of `text`, big-endian: ordered as the texts are.
std::uint64_t prefixOf(const std::string& text) noexcept
{
    std::uint64_t key = 0;
    for (std::size_t i = 0; i < 8; ++i)
        key = (key << 8) | (i < text.size() ? static_cast<unsigned char>(text[i]) : 0u);
    return key;
}

std::uint64_t orderedBits(std::int64_t value) noexcept
{
    return static_cast<std::uint64_t>(value) ^ (std::uint64_t(1) << 63);
}

} // namespace

void LeaseTableModel::sortRows(std::vector<Entry*>& rows) const
{
    // Sorting a million rows through less() reads two entries, scattered in
    // memory, at every comparison: seconds. Sorted on keys that lie side by
    // side, the entries are read only where the keys cannot tell (a tie in the
    // first eight bytes of a longer text). The keys decide only where less()
    // would decide the same way, so the order is less()'s.
    struct Key {
        std::uint64_t column = 0;
        std::uint64_t id = 0;
        bool exact = true; // `column` holds the whole value
        Entry* entry = nullptr;
    };
    // Operations are few: each gets its rank in less()'s own order (equal names, equal ranks).
    std::map<std::string, std::uint64_t> operationRank;
    if (m_sortColumn == OperationColumn) {
        for (const Entry* e : rows)
            operationRank.try_emplace(e->lease.operation, 0);
        std::vector<std::string> names;
        for (const auto& [name, rank] : operationRank)
            names.push_back(name);
        const auto compare = [this](const std::string& a, const std::string& b) {
            return a == b ? 0 : operationShown(a).compare(operationShown(b), Qt::CaseInsensitive);
        };
        std::sort(names.begin(), names.end(), [&compare](const std::string& a, const std::string& b) { return compare(a, b) < 0; });
        std::uint64_t rank = 0;
        for (std::size_t i = 0; i < names.size(); ++i) {
            rank += i > 0 && compare(names[i - 1], names[i]) != 0 ? 1 : 0;
            operationRank[names[i]] = rank;
        }
    }
    std::vector<Key> keys;
    keys.reserve(rows.size());
    for (Entry* e : rows) {
        const LeaseInfo& l = e->lease;
        Key k{0, prefixOf(l.id), true, e};
        switch (m_sortColumn) {
        case OwnerColumn:
            k.column = prefixOf(l.owner);
            k.exact = l.owner.size() <= 8;
            break;
        case OperationColumn: k.column = operationRank[l.operation]; break;
        case AgeColumn: k.column = orderedBits(l.createdAt.time_since_epoch().count()); break;
        case TimeLeftColumn: k.column = orderedBits(l.expiresAt.time_since_epoch().count()); break;
        case FenceColumn: k.column = l.fence; break;
        case StateColumn: k.column = std::uint64_t(statusOf(l)); break;
        default: k.exact = false; break; // the paths: less() alone
        }
        keys.push_back(k);
    }
    const bool ascending = m_sortOrder == Qt::AscendingOrder;
    std::sort(keys.begin(), keys.end(), [this, ascending](const Key& a, const Key& b) {
        if (a.column != b.column) // the values differ, and in this order
            return ascending ? a.column < b.column : a.column > b.column;
        if (a.exact && b.exact && a.id != b.id)
            return ascending ? a.id < b.id : a.id > b.id;
        return less(a.entry, b.entry);
    });
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = keys[i].entry;
}

int LeaseTableModel::rowIn(const std::vector<Entry*>& rows, const Entry* e) const
{
    // The order is total (ties go by id): the entry is where it sorts.
    const auto it = std::lower_bound(rows.begin(), rows.end(), e, [this](const Entry* a, const Entry* b) { return less(a, b); });
    if (it != rows.end() && *it == e)
        return int(it - rows.begin());
    // Sorted by state, the order moves with the clock: a lease that expired
    // since the rows were sorted may not be where it sorts now.
    const auto found = m_sortColumn == StateColumn ? std::find(rows.begin(), rows.end(), e) : rows.end();
    return found != rows.end() ? int(found - rows.begin()) : -1;
}

void LeaseTableModel::showRows(std::vector<Entry*> next, const std::vector<LeaseId>& gone)
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<Entry*> shownBefore;
    shownBefore.reserve(std::size_t(before.size()));
    for (const QModelIndex& i : before)
        shownBefore.push_back(i.row() < int(m_rows.size()) ? m_rows[std::size_t(i.row())] : nullptr);
    m_rows = std::move(next);
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i) {
        const Entry* e = shownBefore[std::size_t(i)];
        const int row = e && e->shown ? rowIn(m_rows, e) : -1;
        after.push_back(row >= 0 ? index(row, before[i].column()) : QModelIndex());
    }
    changePersistentIndexList(before, after);
    for (const LeaseId& id : gone)
        m_entries.erase(id);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void LeaseTableModel::rebuild()
{
    std::vector<Entry*> next;
    next.reserve(m_entries.size());
    for (auto& [id, e] : m_entries) {
        e.shown = accepts(e.lease);
        if (e.shown)
            next.push_back(&e);
    }
    sortRows(next);
    showRows(std::move(next), {});
}

void LeaseTableModel::tick(bool reorder)
{
    if (m_rows.empty())
        return;
    if (reorder && m_sortColumn == StateColumn)
        rebuild();
    emit dataChanged(index(0, AgeColumn), index(int(m_rows.size()) - 1, StateColumn));
}

void LeaseTableModel::setNodePath(const QString& path)
{
    if (path == m_nodePath)
        return;
    m_nodePath = path;
    m_node = path.toStdString();
    rebuild();
}

void LeaseTableModel::setSearchText(const QString& text)
{
    if (text == m_search)
        return;
    // Typing on: the leases the longer text finds are among those shown, in
    // their order already.
    const bool narrower = !m_search.isEmpty() && text.contains(m_search, Qt::CaseInsensitive);
    m_search = text;
    m_needle = text.toLower().toStdString();
    m_operationMatches.clear();
    if (!narrower) {
        rebuild();
        return;
    }
    std::vector<Entry*> next;
    for (Entry* e : m_rows) {
        e->shown = accepts(e->lease);
        if (e->shown)
            next.push_back(e);
    }
    showRows(std::move(next), {});
}

void LeaseTableModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    rebuild();
}

bool LeaseTableModel::accepts(const LeaseInfo& lease) const
{
    if (!m_node.empty()) {
        const bool touches = std::any_of(lease.requests.begin(), lease.requests.end(), [this](const LockRequest& r) {
            return isWithin(m_node, r.path) || isAncestor(m_node, r.path);
        });
        if (!touches)
            return false;
    }
    return m_search.isEmpty() || matchesSearch(lease);
}

bool LeaseTableModel::matchesSearch(const LeaseInfo& lease) const
{
    // A million leases are searched at each key typed: nothing is allocated per lease.
    if (containsFolded(std::string_view(lease.id).substr(0, kShortLeaseIdChars), m_needle, m_search) // as shortLeaseId()
        || containsFolded(lease.owner, m_needle, m_search))
        return true;
    // The operation, as named and as shown: the same few again and again.
    auto [known, added] = m_operationMatches.try_emplace(lease.operation, false);
    if (added)
        known->second = containsFolded(lease.operation, m_needle, m_search)
                        || operationShown(lease.operation).contains(m_search, Qt::CaseInsensitive);
    if (known->second)
        return true;
    const bool spaced = m_needle.find(' ') != std::string::npos;
    for (const LockRequest& r : lease.requests) {
        // "X /A/C": a needle without a space is in the mode or in the path.
        if (!spaced) {
            if (containsFolded(r.path, m_needle, m_search) || containsFolded(toString(r.mode), m_needle, m_search))
                return true;
            continue;
        }
        const std::string text = std::string(toString(r.mode)) + " " + r.path;
        if (containsFolded(text, m_needle, m_search))
            return true;
    }
    return false;
}

bool LeaseTableModel::less(const Entry* a, const Entry* b) const
{
    const LeaseInfo& x = a->lease;
    const LeaseInfo& y = b->lease;
    int c = 0;
    switch (m_sortColumn) {
    case OwnerColumn: c = x.owner.compare(y.owner); break;
    case OperationColumn:
        c = x.operation == y.operation ? 0
                                       : operationShown(x.operation).compare(operationShown(y.operation), Qt::CaseInsensitive);
        break;
    case PathsColumn: c = compareRequests(x.requests, y.requests); break;
    case AgeColumn: c = compareValues(x.createdAt, y.createdAt); break;
    case TimeLeftColumn: c = compareValues(x.expiresAt, y.expiresAt); break;
    case FenceColumn: c = compareValues(x.fence, y.fence); break;
    case StateColumn: c = compareValues(int(statusOf(x)), int(statusOf(y))); break;
    default: break;
    }
    if (c == 0)
        c = x.id.compare(y.id);
    return m_sortOrder == Qt::AscendingOrder ? c < 0 : c > 0;
}

const QString& LeaseTableModel::operationShown(const std::string& operation) const
{
    auto it = m_operationNames.find(operation);
    if (it == m_operationNames.end())
        it = m_operationNames.emplace(operation, presentation::operationName(QString::fromStdString(operation))).first;
    return it->second;
}

const LeaseInfo* LeaseTableModel::findLease(const LeaseId& id) const
{
    const auto it = m_entries.find(id);
    return it == m_entries.end() ? nullptr : &it->second.lease;
}

LeaseTableModel::Status LeaseTableModel::statusOf(const LeaseInfo& lease) const
{
    if (m_state && lease.expired(m_state->clock.now()))
        return Status::Expired;
    return lease.revoked ? Status::Revoked : Status::Live;
}

int LeaseTableModel::expiredCount() const
{
    if (!m_state)
        return 0;
    if (m_entries.size() > kCountedExpiries)
        return m_state->expiredCount;
    const ServerTime now = m_state->clock.now();
    int n = 0;
    for (const auto& [id, e] : m_entries)
        n += e.lease.expired(now);
    return n;
}

const LeaseInfo* LeaseTableModel::leaseAt(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return nullptr;
    return &m_rows[std::size_t(row)]->lease;
}

int LeaseTableModel::rowOf(const LeaseId& id) const
{
    const auto it = m_entries.find(id);
    return it == m_entries.end() || !it->second.shown ? -1 : rowIn(m_rows, &it->second);
}

LeaseTableModel::Status LeaseTableModel::statusAt(int row) const
{
    const LeaseInfo* l = leaseAt(row);
    return l ? statusOf(*l) : Status::Live;
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
        case OperationColumn: return operationShown(l->operation);
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
    case Qt::ToolTipRole:
        if (index.column() == LeaseColumn)
            return QString::fromStdString(l->id);
        if (index.column() == PathsColumn)
            return requestsText(l->requests, QStringLiteral("\n"));
        if (index.column() == OperationColumn)
            return QString::fromStdString(l->operation);
        // What a narrow table's hidden columns say.
        return tr("Lease %1 · fence %2 · age %3")
            .arg(QString::fromStdString(l->id))
            .arg(l->fence)
            .arg(presentation::formatAge(duration_cast<milliseconds>(now - l->createdAt)));
    case Qt::ForegroundRole:
        if (status == Status::Expired)
            return QColor(0x75, 0x75, 0x75);
        if (index.column() == TimeLeftColumn
            && presentation::timeLeftIsShort(duration_cast<milliseconds>(l->expiresAt - now), l->ttl))
            return QColor(0xc6, 0x28, 0x28);
        return {};
    case Qt::FontRole:
        if (index.column() == LeaseColumn || index.column() == FenceColumn) {
            static const QFont mono = [] { // asked for at every paint of every row
                QFont f(QStringLiteral("monospace"));
                f.setStyleHint(QFont::Monospace);
                return f;
            }();
            return mono;
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
