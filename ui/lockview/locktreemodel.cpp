#include "lockview/locktreemodel.h"

#include "common/columntitles.h"
#include "lockview/presentation.h"

#include <treelock/path.h>

#include <QApplication>
#include <QFont>
#include <QStyle>

#include <algorithm>

namespace treelock::ui {

namespace {

QIcon styleIcon(QStyle::StandardPixmap which)
{
    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        return {};
    return QApplication::style()->standardIcon(which);
}

} // namespace

LockTreeModel::LockTreeModel(QObject* parent) : QAbstractItemModel(parent)
{
    m_insertTimer.setSingleShot(true);
    m_insertTimer.setInterval(0);
    connect(&m_insertTimer, &QTimer::timeout, this, [this] { insertPending(false); });
    setTree(ProjectTreeData{});
}

LockTreeModel::~LockTreeModel() = default;

void LockTreeModel::setTree(const ProjectTreeData& tree)
{
    beginResetModel();
    m_nodes.clear();
    m_byPath.clear();
    m_pending.clear();
    m_pendingCount = 0;
    m_insertTimer.stop();
    m_removed = 0;
    m_highlighted.clear();
    m_treeName = tree.name;
    m_nodes.reserve(tree.entries.size() + 1);
    m_nodes.push_back(Node{"/", QStringLiteral("/"), -1, 0, {}, true, false, false});
    m_byPath.reserve(tree.entries.size() + 1);
    m_byPath.emplace("/", 0);
    std::vector<std::string> paths;
    paths.reserve(tree.entries.size());
    // Entries come with ancestors first (completeTree), so parents exist.
    for (const auto& e : tree.entries) {
        if (m_byPath.contains(e.path))
            continue;
        const auto parentIt = m_byPath.find(parentPath(e.path));
        if (parentIt == m_byPath.end())
            continue;
        const int id = int(m_nodes.size());
        m_nodes.push_back(Node{e.path, QString::fromStdString(baseName(e.path)), parentIt->second, 0, {}, e.folder, false, false});
        m_nodes[std::size_t(parentIt->second)].children.push_back(id);
        m_byPath.emplace(e.path, id);
        paths.push_back(e.path);
    }
    for (Node& n : m_nodes) {
        if (n.children.size() > 1) {
            std::sort(n.children.begin(), n.children.end(), [this](int a, int b) {
                const Node& x = m_nodes[std::size_t(a)];
                const Node& y = m_nodes[std::size_t(b)];
                if (x.folder != y.folder)
                    return x.folder;
                return x.name.compare(y.name, Qt::CaseInsensitive) < 0;
            });
        }
        for (std::size_t r = 0; r < n.children.size(); ++r)
            m_nodes[std::size_t(n.children[r])].row = int(r);
    }
    m_index = std::make_shared<const TreeIndex>(std::move(paths));
    endResetModel();

    // Keep showing the lock state: add the lease paths the new tree lacks.
    if (m_state) {
        LockStatePtr state = m_state;
        m_state.reset();
        auto copy = newLockState();
        *copy = *state;
        copy->full = true;
        applyState(copy);
    }
}

void LockTreeModel::applyState(LockStatePtr state)
{
    if (!state)
        return;
    if (!state->decorated) {
        // A list runs, or a large project's delta came between two decorated
        // states: the last decorated state stays in view.
        m_listing = state->listing;
        m_behind = m_state && !state->listing;
        return;
    }
    m_listing = false;
    m_behind = false;
    m_appliedAt = std::chrono::steady_clock::now();
    LockStatePtr old = m_state;
    // 1. Paths a lease names that the tree lacks: insert level by level, one
    //    insert per parent.
    // Following a state, each changed path is looked up once: `changedNodes`
    // holds its node, or -1 until it is inserted.
    const bool whole = state->full || !old;
    std::vector<std::string> missingPaths;
    std::vector<int> changedNodes;
    if (whole) {
        m_pending.clear(); // the state names them all again
        m_pendingCount = 0;
        for (const auto& [p, s] : state->nodes)
            if (!m_byPath.contains(p))
                missingPaths.push_back(p);
    } else {
        changedNodes.reserve(state->changedPaths.size());
        for (const std::string& p : state->changedPaths) {
            const auto it = m_byPath.find(p);
            changedNodes.push_back(it == m_byPath.end() ? -1 : it->second);
            if (it == m_byPath.end() && state->nodes.contains(p))
                missingPaths.push_back(p);
        }
    }
    m_state = state; // new rows must see the new state
    const std::size_t firstNew = m_nodes.size();
    if (!missingPaths.empty()) {
        // Parents before their children: by depth (counted once a path), then
        // by path, so that siblings come together.
        std::vector<std::pair<int, std::string>> byDepth;
        byDepth.reserve(missingPaths.size());
        for (std::string& p : missingPaths)
            byDepth.emplace_back(depthOf(p), std::move(p));
        std::sort(byDepth.begin(), byDepth.end());
        PendingPaths found;
        found.own.reserve(byDepth.size());
        for (auto& [depth, p] : byDepth)
            found.own.push_back(std::move(p));
        queuePaths(std::move(found));
    }
    // The paths new since the state before (sorted by the worker) follow the
    // state shown only: after another one the tree may differ.
    if (!whole && !state->addedPaths.empty())
        queuePaths(PendingPaths{state, {}, &state->addedPaths, 0});
    if (m_pendingCount > 0) {
        insertPending(m_pendingCount <= kInsertSlice);
        for (std::size_t c = 0; c < changedNodes.size(); ++c)
            if (changedNodes[c] < 0)
                if (const auto it = m_byPath.find(state->changedPaths[c]); it != m_byPath.end())
                    changedNodes[c] = it->second;
    }
    markLeaseFolders(whole ? nullptr : &changedNodes);
    removeUnnamedLeaseNodes(whole ? nullptr : &changedNodes);

    // 2. One dataChanged per parent over the rows whose state changed.
    std::vector<int> changed;
    if (whole) {
        std::vector<bool> seen(m_nodes.size(), false);
        const auto add = [&](const std::string& p) {
            const auto it = m_byPath.find(p);
            // Rows inserted just now read the new state anyway.
            if (it != m_byPath.end() && std::size_t(it->second) < firstNew && !seen[std::size_t(it->second)]) {
                seen[std::size_t(it->second)] = true;
                changed.push_back(it->second);
            }
        };
        for (const auto& [p, s] : state->nodes)
            add(p);
        if (old)
            for (const auto& [p, s] : old->nodes)
                add(p);
    } else {
        changed.reserve(changedNodes.size());
        for (int n : changedNodes)
            if (n >= 0 && m_nodes[std::size_t(n)].parent != -2) // not removed just now
                changed.push_back(n);
    }
    emitChanged(std::move(changed), 0, ColumnCount - 1);
}

int LockTreeModel::countNameMatches(const QString& text, bool lockedOnly) const
{
    int n = 0;
    for (std::size_t i = 1; i < m_nodes.size(); ++i) {
        const Node& node = m_nodes[i];
        if (node.parent == -2 || !node.name.contains(text, Qt::CaseInsensitive))
            continue;
        if (lockedOnly && !indexOfNode(int(i), 0).data(LockedRole).toBool())
            continue;
        ++n;
    }
    return n;
}

void LockTreeModel::setHighlightedPaths(const std::vector<std::string>& paths)
{
    std::vector<int> touched = m_highlighted;
    for (int n : m_highlighted)
        m_nodes[std::size_t(n)].highlighted = false;
    m_highlighted.clear();
    for (const std::string& p : paths) {
        const auto it = m_byPath.find(p);
        if (it == m_byPath.end())
            continue;
        m_nodes[std::size_t(it->second)].highlighted = true;
        m_highlighted.push_back(it->second);
        touched.push_back(it->second);
    }
    emitChanged(std::move(touched), 0, ColumnCount - 1);
}

void LockTreeModel::emitChanged(std::vector<int> nodes, int firstColumn, int lastColumn)
{
    if (nodes.empty())
        return;
    std::sort(nodes.begin(), nodes.end(), [this](int a, int b) {
        const Node& x = m_nodes[std::size_t(a)];
        const Node& y = m_nodes[std::size_t(b)];
        return x.parent != y.parent ? x.parent < y.parent : x.row < y.row;
    });
    std::size_t i = 0;
    while (i < nodes.size()) {
        const int parent = m_nodes[std::size_t(nodes[i])].parent;
        const int firstRow = m_nodes[std::size_t(nodes[i])].row;
        int lastRow = firstRow;
        for (; i < nodes.size() && m_nodes[std::size_t(nodes[i])].parent == parent; ++i)
            lastRow = m_nodes[std::size_t(nodes[i])].row;
        if (parent < 0) {
            emit dataChanged(createIndex(0, firstColumn, quintptr(0)), createIndex(0, lastColumn, quintptr(0)));
        } else {
            const Node& pn = m_nodes[std::size_t(parent)];
            emit dataChanged(createIndex(firstRow, firstColumn, quintptr(pn.children[std::size_t(firstRow)])),
                             createIndex(lastRow, lastColumn, quintptr(pn.children[std::size_t(lastRow)])));
        }
    }
}

int LockTreeModel::nodeOf(const QModelIndex& index) const
{
    return index.isValid() ? int(index.internalId()) : -1;
}

QModelIndex LockTreeModel::indexOfNode(int node, int column) const
{
    if (node < 0)
        return {};
    return createIndex(m_nodes[std::size_t(node)].row, column, quintptr(node));
}

QModelIndex LockTreeModel::indexForPath(const std::string& path, int column) const
{
    const auto it = m_byPath.find(path);
    return it == m_byPath.end() ? QModelIndex() : indexOfNode(it->second, column);
}

std::string LockTreeModel::pathOf(const QModelIndex& index) const
{
    const int n = nodeOf(index);
    return n < 0 ? std::string() : m_nodes[std::size_t(n)].path;
}

const NodeState* LockTreeModel::stateOfNode(int node) const
{
    if (!m_state || node < 0)
        return nullptr;
    const auto it = m_state->nodes.find(m_nodes[std::size_t(node)].path);
    return it == m_state->nodes.end() ? nullptr : &it->second;
}

const NodeState* LockTreeModel::stateOf(const QModelIndex& index) const
{
    return stateOfNode(nodeOf(index));
}

QModelIndex LockTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row == 0 ? createIndex(0, column, quintptr(0)) : QModelIndex();
    if (parent.column() != 0)
        return {};
    const Node& p = m_nodes[std::size_t(nodeOf(parent))];
    if (row >= int(p.children.size()))
        return {};
    return createIndex(row, column, quintptr(p.children[std::size_t(row)]));
}

QModelIndex LockTreeModel::parent(const QModelIndex& child) const
{
    const int n = nodeOf(child);
    if (n <= 0)
        return {};
    return indexOfNode(m_nodes[std::size_t(n)].parent, 0);
}

int LockTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return 1;
    if (parent.column() != 0)
        return 0;
    return int(m_nodes[std::size_t(nodeOf(parent))].children.size());
}

bool LockTreeModel::hasChildren(const QModelIndex& parent) const
{
    return rowCount(parent) > 0;
}

int LockTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QString LockTreeModel::holderText(const NodeState& s) const
{
    const auto& leases = m_state->leases;
    const NodeKind kind = s.kind();
    if (kind == NodeKind::IntentIX || kind == NodeKind::IntentIS)
        return tr("%Ln lease(s) below", nullptr, int(s.below));
    QStringList owners;
    for (const Touch& t : s.touches) {
        const bool wanted = (kind == NodeKind::HeldX || kind == NodeKind::HeldSIX || kind == NodeKind::HeldS)
                                ? t.role == TouchRole::Explicit && !t.expired
                            : (kind == NodeKind::CoveredX || kind == NodeKind::CoveredS)
                                ? t.role == TouchRole::Cover && !t.expired
                            : kind == NodeKind::Expired ? t.expired && t.role == TouchRole::Explicit
                                                        : false;
        if (!wanted)
            continue;
        const QString o = QString::fromStdString(leases[t.lease].owner);
        if (!owners.contains(o))
            owners << o;
    }
    if (owners.size() > 2)
        return tr("%1, %2 +%3").arg(owners[0], owners[1]).arg(owners.size() - 2);
    return owners.join(QStringLiteral(", "));
}

QString LockTreeModel::modeText(const NodeState& s) const
{
    QStringList parts;
    for (LockMode m : {LockMode::X, LockMode::SIX, LockMode::S, LockMode::IX, LockMode::IS})
        if (hasMode(s.held, m))
            parts << QString::fromLatin1(toString(m).data());
    for (LockMode m : {LockMode::IX, LockMode::IS})
        if (hasMode(s.intent, m) && !hasMode(s.held, m))
            parts << QString::fromLatin1(toString(m).data());
    if (parts.isEmpty()) {
        if (s.cover)
            parts << tr("%1 above").arg(hasMode(s.cover, LockMode::X) ? QStringLiteral("X") : QStringLiteral("S"));
        else if (s.heldExpired)
            parts << QString::fromLatin1(toString(strongestMode(s.heldExpired)).data());
        else if (s.intentExpired)
            parts << QString::fromLatin1(toString(strongestMode(s.intentExpired)).data());
    }
    return parts.join(QLatin1Char('+'));
}

QString LockTreeModel::waitingLines(const NodeState& s) const
{
    const ServerTime now = m_state->clock.now();
    const int limit = 12;
    QString html;
    int shown = 0;
    for (const WaitMark& mark : s.waits) {
        if (shown == limit)
            break;
        ++shown;
        html += QStringLiteral("<br/><span style='color:#8a4b00'>%1</span>")
                    .arg(presentation::waitsHereLine(m_state->waiters[mark.waiter], now).toHtmlEscaped());
    }
    if (int(s.waits.size()) > limit)
        html += QStringLiteral("<br/>") + tr("… and %n more waiting", nullptr, int(s.waits.size()) - limit);
    return html;
}

QString LockTreeModel::toolTip(int node) const
{
    const Node& n = m_nodes[std::size_t(node)];
    QString html = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(n.path).toHtmlEscaped());
    const NodeState* s = stateOfNode(node);
    if (n.fromLease) {
        // A lease names the path when it asks for it or for a path below it; a
        // lock above it (a cover) names other paths.
        const bool leaseNames = s && std::any_of(s->touches.begin(), s->touches.end(),
                                                 [](const Touch& t) { return t.role != TouchRole::Cover; });
        // Without a lease naming it, a waiter does: the path, or one inside it.
        QString why = tr("Not in the loaded tree: added because a lease names it");
        if (!leaseNames && s && s->waited())
            why = tr("Not in the loaded tree: added because a waiting request names it");
        else if (!leaseNames)
            why = tr("Not in the loaded tree: added because a waiting request names a path inside it");
        html += QStringLiteral("<br/><i>%1</i>").arg(why);
    }
    if (s && s->waited())
        html += waitingLines(*s);
    if (!s || !s->any())
        return html + QStringLiteral("<br/>") + tr("No lease touches this node");
    const NodeKind kind = s->kind();
    html += QStringLiteral("<br/>%1 — %2").arg(presentation::kindName(kind), presentation::kindExplanation(kind));
    // Each cell on one line: a tooltip is only so wide, and a table in it would
    // otherwise break "10 min" or "Move folder" in two.
    const auto cell = [](QString text) { return text.replace(QLatin1Char(' '), QChar::Nbsp); };
    html += QStringLiteral("<table cellspacing='0' cellpadding='3' style='margin-top:6px'><tr><th align='left'>%1</th><th align='left'>%2</th>"
                           "<th align='left'>%3</th><th align='left'>%4</th><th align='right'>%5</th><th align='right'>%6</th><th align='left'>%7</th></tr>")
                .arg(cell(tr("How")), cell(tr("Owner")), cell(tr("Operation")), cell(tr("Mode")), cell(tr("Fence")),
                     cell(tr("TTL")), cell(tr("Time left")));
    const ServerTime now = m_state->clock.now();
    const int limit = 12;
    int shown = 0;
    for (const Touch& t : s->touches) {
        if (shown == limit)
            break;
        ++shown;
        const LeaseInfo& l = m_state->leases[t.lease];
        QString how;
        switch (t.role) {
        case TouchRole::Explicit: how = tr("held here"); break;
        case TouchRole::Intention: how = tr("below"); break;
        case TouchRole::Cover: how = tr("above"); break;
        }
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td><b>%4</b></td><td align='right'>%5</td><td align='right'>%6</td><td>%7</td></tr>")
                    .arg(cell(how), cell(QString::fromStdString(l.owner).toHtmlEscaped()),
                         cell(presentation::operationName(QString::fromStdString(l.operation)).toHtmlEscaped()),
                         QString::fromLatin1(toString(t.mode).data()))
                    .arg(l.fence)
                    .arg(cell(presentation::formatDuration(l.ttl)),
                         cell(presentation::formatTimeLeft(std::chrono::duration_cast<std::chrono::milliseconds>(l.expiresAt - now))));
    }
    html += QStringLiteral("</table>");
    if (int(s->touches.size()) > limit)
        html += tr("… and %n more lease(s)", nullptr, int(s->touches.size()) - limit);
    return html;
}

QVariant LockTreeModel::data(const QModelIndex& index, int role) const
{
    const int id = nodeOf(index);
    if (id < 0)
        return {};
    const Node& n = m_nodes[std::size_t(id)];
    const NodeState* s = stateOfNode(id);
    const NodeKind kind = s ? s->kind() : NodeKind::None;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return n.name;
        case StateColumn:
            return presentation::kindName(kind);
        case HolderColumn:
            return s && kind != NodeKind::None ? holderText(*s) : QString();
        case ModeColumn:
            return s && kind != NodeKind::None ? modeText(*s) : QString();
        case TimeLeftColumn: {
            if (!s || kind == NodeKind::None || kind == NodeKind::IntentIS || kind == NodeKind::IntentIX)
                return QString();
            const ServerTime now = m_state->clock.now();
            if (kind == NodeKind::Expired) {
                ServerTime latest{};
                for (const Touch& t : s->touches)
                    latest = std::max(latest, m_state->leases[t.lease].expiresAt);
                return presentation::formatTimeLeft(std::chrono::duration_cast<std::chrono::milliseconds>(latest - now));
            }
            return presentation::formatTimeLeft(std::chrono::duration_cast<std::chrono::milliseconds>(s->soonestExpiry - now));
        }
        }
        return {};
    case Qt::ToolTipRole:
        return toolTip(id);
    case Qt::DecorationRole:
        if (index.column() == NameColumn) {
            static const QIcon folder = styleIcon(QStyle::SP_DirIcon);
            static const QIcon file = styleIcon(QStyle::SP_FileIcon);
            return n.folder || !n.children.empty() ? folder : file;
        }
        return {};
    case Qt::FontRole:
        if (n.fromLease || n.highlighted) {
            QFont f;
            f.setItalic(n.fromLease);
            f.setBold(n.highlighted);
            return f;
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == NameColumn && n.fromLease)
            return QColor(0x55, 0x55, 0x80);
        if (kind == NodeKind::Expired)
            return QColor(0x61, 0x61, 0x61);
        return {};
    case Qt::BackgroundRole:
        if (n.highlighted)
            return QColor(0xff, 0xf1, 0x76);
        if (kind != NodeKind::None)
            return presentation::style(kind).rowTint;
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == TimeLeftColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case PathRole:
        return QString::fromStdString(n.path);
    case KindRole:
        return int(kind);
    case FromLeaseRole:
        return n.fromLease;
    case HighlightRole:
        return n.highlighted;
    case FolderRole:
        return n.folder || !n.children.empty();
    case LockedRole:
        return (kind != NodeKind::None && kind != NodeKind::CoveredS && kind != NodeKind::CoveredX) || (s && s->waited());
    case WaitingRole:
        return s ? int(s->waits.size()) : 0;
    default:
        return {};
    }
}

QVariant LockTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return columnTitle<ColumnCount>(section, orientation, role,
                                    tr("Name"), tr("State"), tr("Holder"), tr("Mode"), tr("Time left"));
}

} // namespace treelock::ui
