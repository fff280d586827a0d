// LockTreeModel's lease-only rows: the paths a lease (or a waiter) names that
// the loaded tree lacks, inserted when a state names them (in slices after a
// large one) and removed when none does any more.
#include "lockview/locktreemodel.h"

#include <treelock/path.h>

#include <algorithm>
#include <tuple>

namespace treelock::ui {

int LockTreeModel::depthOf(const std::string& path)
{
    return path == "/" ? 0 : int(std::count(path.begin(), path.end(), '/'));
}

void LockTreeModel::queuePaths(PendingPaths batch)
{
    if (batch.owner == nullptr)
        batch.paths = nullptr; // points at `own` once in the queue
    m_pendingCount += (batch.paths ? batch.paths->size() : batch.own.size()) - batch.next;
    if (m_pendingCount > kInsertSlice) {
        // Room for a large project's paths at once; a few more grow as they go
        // (a reserve of a few more would move every node, state after state).
        const std::size_t room = (m_nodes.size() + m_pendingCount) / 4; // and a quarter more for what comes after
        m_nodes.reserve(m_nodes.size() + m_pendingCount + room);
        m_byPath.reserve(m_byPath.size() + m_pendingCount + room);
    }
    m_pending.push_back(std::move(batch));
    if (m_pending.back().paths == nullptr)
        m_pending.back().paths = &m_pending.back().own;
}

void LockTreeModel::insertPending(bool all)
{
    std::size_t budget = all ? m_pendingCount : std::min(m_pendingCount, kInsertSlice);
    // A run: siblings in path order under one parent, inserted at once. Their
    // ids are in m_byPath already (-1): the nodes come in the insert.
    int runParent = -1;
    int runDepth = -1;
    std::string parentOfLast; // of the path before, and its node
    int parentOfLastNode = -1;
    std::vector<std::pair<const std::string*, std::pair<const std::string, int>*>> run;
    std::vector<int> named; // rows in already that a state names again
    const auto flush = [&] {
        if (run.empty())
            return;
        Node& parentNode = m_nodes[std::size_t(runParent)];
        const int first = int(parentNode.children.size());
        for (std::size_t k = 0; k < run.size(); ++k)
            run[k].second->second = int(m_nodes.size() + k);
        beginInsertRows(indexOfNode(runParent, 0), first, first + int(run.size()) - 1);
        for (const auto& [path, entry] : run) {
            const int id = entry->second;
            const int row = int(m_nodes[std::size_t(runParent)].children.size());
            const NodeState& state = m_state->nodes.find(*path)->second;
            m_nodes.push_back(Node{*path, QString::fromStdString(baseName(*path)), runParent, row, {}, namedAsFolder(*path, state), true, false});
            m_nodes[std::size_t(runParent)].children.push_back(id);
        }
        m_nodes[std::size_t(runParent)].folder = true; // a lease-only node that gains children is a folder
        endInsertRows();
        run.clear();
    };
    while (budget > 0 && !m_pending.empty()) {
        PendingPaths& batch = m_pending.front();
        const std::vector<std::string>& paths = *batch.paths;
        for (; batch.next < paths.size() && budget > 0; ++batch.next, --budget, --m_pendingCount) {
            const std::string& path = paths[batch.next];
            const int depth = depthOf(path);
            // The paths before must be rows before a deeper one: they may be its parents.
            if (depth != runDepth) {
                flush();
                parentOfLastNode = -1;
            }
            runDepth = depth;
            if (!m_state->nodes.contains(path))
                continue; // no longer named
            // Siblings come together: most paths have the parent of the one before.
            const std::size_t slash = path.rfind('/');
            const std::string_view parent = slash == 0 ? std::string_view("/") : std::string_view(path).substr(0, slash);
            if (parentOfLastNode < 0 || parent != parentOfLast) {
                parentOfLast.assign(parent);
                const auto parentIt = m_byPath.find(parentOfLast);
                parentOfLastNode = parentIt == m_byPath.end() ? -1 : parentIt->second;
            }
            if (parentOfLastNode < 0)
                continue; // its folder is no longer named either
            if (parentOfLastNode != runParent)
                flush();
            auto [it, added] = m_byPath.try_emplace(path, -1);
            if (!added) {
                if (it->second >= 0)
                    named.push_back(it->second); // a lease-only folder kept for its children, named again
                continue;
            }
            runParent = parentOfLastNode;
            run.emplace_back(&path, &*it);
        }
        flush(); // another batch is sorted on its own
        runDepth = -1;
        if (batch.next == paths.size())
            m_pending.pop_front();
    }
    emitChanged(std::move(named), 0, ColumnCount - 1);
    if (m_pending.empty())
        m_insertTimer.stop();
    else
        m_insertTimer.start();
    emit pendingRowsChanged();
}

bool LockTreeModel::namedAsFolder(const std::string& path, const NodeState& s) const
{
    if (!s.held && !s.heldExpired && s.waits.empty())
        return false; // no lease asks for the very path (only intentions below, or covers)
    const auto asks = [&path](const std::string& operation, const std::vector<LockRequest>& requests) {
        if (operation.ends_with("-folder"))
            return true;
        return std::any_of(requests.begin(), requests.end(), [&path](const LockRequest& r) {
            return r.path == path && (r.mode == LockMode::IS || r.mode == LockMode::IX || r.mode == LockMode::SIX);
        });
    };
    for (const Touch& t : s.touches)
        if (t.role == TouchRole::Explicit && asks(m_state->leases[t.lease].operation, m_state->leases[t.lease].requests))
            return true;
    for (const WaitMark& w : s.waits)
        if (w.requested && asks(m_state->waiters[w.waiter].operation, m_state->waiters[w.waiter].requests))
            return true;
    return false;
}

void LockTreeModel::markLeaseFolders(const std::vector<int>* candidates)
{
    // Only a node whose state changed can have a new lease or waiter on it.
    const auto mark = [this](int id) {
        Node& n = m_nodes[std::size_t(id)];
        if (!n.fromLease || n.folder || n.parent == -2)
            return;
        if (const auto it = m_state->nodes.find(n.path); it != m_state->nodes.end() && namedAsFolder(n.path, it->second))
            n.folder = true;
    };
    if (candidates) {
        for (int id : *candidates)
            if (id >= 0)
                mark(id);
    } else {
        for (std::size_t i = 1; i < m_nodes.size(); ++i)
            mark(int(i));
    }
}

void LockTreeModel::removeUnnamedLeaseNodes(const std::vector<int>* candidates)
{
    std::vector<int> gone;
    const auto consider = [&](int id) {
        const Node& n = m_nodes[std::size_t(id)];
        if (n.fromLease && n.parent >= 0 && !m_state->nodes.contains(n.path))
            gone.push_back(id);
    };
    if (candidates) {
        for (int id : *candidates)
            if (id >= 0 && m_nodes[std::size_t(id)].parent != -2)
                consider(id);
    } else {
        for (std::size_t i = 1; i < m_nodes.size(); ++i)
            consider(int(i));
    }
    if (gone.empty())
        return;
    // Deepest first, so a lease-only folder goes after its lease-only
    // children; within a depth, by parent and row, so that each run of
    // neighbouring rows goes in one remove (a followed project drops
    // hundreds of files a second, and each remove costs a view and its proxy
    // a pass over their persistent indexes).
    const auto key = [this](int id) {
        const Node& n = m_nodes[std::size_t(id)];
        return std::tuple(-depthOf(n.path), n.parent, n.row);
    };
    std::sort(gone.begin(), gone.end(), [&key](int a, int b) { return key(a) < key(b); });
    std::size_t i = 0;
    while (i < gone.size()) {
        // One parent at one depth; rows ascending. Nodes that still have
        // children (a named node below, or a loaded one) stay.
        const int parent = m_nodes[std::size_t(gone[i])].parent;
        const int depth = depthOf(m_nodes[std::size_t(gone[i])].path);
        std::vector<int> rows;
        for (; i < gone.size() && m_nodes[std::size_t(gone[i])].parent == parent
               && depthOf(m_nodes[std::size_t(gone[i])].path) == depth;
             ++i)
            if (m_nodes[std::size_t(gone[i])].children.empty())
                rows.push_back(m_nodes[std::size_t(gone[i])].row);
        auto& siblings = m_nodes[std::size_t(parent)].children;
        // From the last run of neighbouring rows to the first: rows before a run keep their numbers.
        std::size_t end = rows.size();
        while (end > 0) {
            std::size_t first = end - 1;
            while (first > 0 && rows[first - 1] == rows[first] - 1)
                --first;
            const int firstRow = rows[first];
            const int lastRow = rows[end - 1];
            beginRemoveRows(indexOfNode(parent, 0), firstRow, lastRow);
            for (int r = firstRow; r <= lastRow; ++r) {
                Node& n = m_nodes[std::size_t(siblings[std::size_t(r)])];
                m_byPath.erase(n.path);
                n.parent = -2; // a dead slot: indices of the other nodes stay valid
                n.highlighted = false;
                ++m_removed;
            }
            siblings.erase(siblings.begin() + firstRow, siblings.begin() + lastRow + 1);
            for (std::size_t r = std::size_t(firstRow); r < siblings.size(); ++r)
                m_nodes[std::size_t(siblings[r])].row = int(r);
            endRemoveRows();
            end = first;
        }
    }
    std::erase_if(m_highlighted, [this](int h) { return m_nodes[std::size_t(h)].parent == -2; });
}

} // namespace treelock::ui
