#pragma once

#include "lockview/lockstate.h"
#include "lockview/projecttree.h"

#include <QAbstractItemModel>
#include <QTimer>

#include <chrono>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace treelock::ui {

/// The project's folders and files with the lock state of every node.
/// Never does I/O: it shows ProjectTreeData (setTree) decorated by LockState
/// (applyState), both computed elsewhere. Paths that a lease names but the tree
/// lacks are added on the fly and flagged (FromLeaseRole). GUI thread only.
class LockTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, StateColumn, HolderColumn, ModeColumn, TimeLeftColumn, ColumnCount };
    enum Role {
        PathRole = Qt::UserRole + 1, ///< QString canonical path
        KindRole,                    ///< int(NodeKind)
        FromLeaseRole,               ///< bool: added because a lease names it
        HighlightRole,               ///< bool: belongs to the selected lease
        FolderRole,                  ///< bool
        LockedRole,                  ///< bool: held, intention, expired (not merely covered), or someone waits here
        WaitingRole,                 ///< int: registered waiters that wait here (WaitMark)
    };

    explicit LockTreeModel(QObject* parent = nullptr);
    ~LockTreeModel() override;

    /// Replaces the tree (model reset). Keeps the current lock state.
    void setTree(const ProjectTreeData& tree);
    /// Applies a new lock state: adds unknown lease paths (row inserts, one per
    /// parent), then one dataChanged per parent over the changed rows. O(changed).
    /// More than kInsertSlice new paths go in slices, one per pass of the event
    /// loop (pendingRows(), pendingRowsChanged()), so that the window keeps
    /// answering while a large project's lease paths arrive.
    void applyState(LockStatePtr state);
    /// Lease paths the state shown names that are not rows yet (inserted in
    /// slices after a large state); 0 when every one is in the tree.
    std::size_t pendingRows() const { return m_pendingCount; }
    /// A state the tree does not show (not decorated) came after the one it
    /// shows, which was applied `behindFor()` ago: the tree is behind the
    /// lease table. (A large project's states are decorated every few seconds.)
    bool behind() const { return m_behind; }
    /// A list runs: the tree shows the locks once it ends.
    bool listing() const { return m_listing; }
    std::chrono::steady_clock::duration behindFor() const { return std::chrono::steady_clock::now() - m_appliedAt; }
    static constexpr std::size_t kInsertSlice = 20000;
    /// Nodes to highlight (those of the selected lease); empty clears.
    void setHighlightedPaths(const std::vector<std::string>& paths);

    /// The loaded tree's paths (not lease-only ones), for the bridge worker.
    std::shared_ptr<const TreeIndex> treeIndex() const { return m_index; }
    QModelIndex indexForPath(const std::string& path, int column = 0) const;
    std::string pathOf(const QModelIndex& index) const;
    const NodeState* stateOf(const QModelIndex& index) const;
    LockStatePtr state() const { return m_state; }
    /// Nodes whose name contains `text` (case-insensitive), optionally only
    /// locked ones (LockedRole). O(nodes).
    int countNameMatches(const QString& text, bool lockedOnly) const;
    int nodeCount() const { return int(m_nodes.size()) - m_removed; }
    const QString& treeName() const { return m_treeName; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;

signals:
    /// pendingRows() changed: a slice went in, or a state brought more.
    void pendingRowsChanged();

private:
    struct Node {
        std::string path;
        QString name;
        int parent = -1;
        int row = 0;
        std::vector<int> children;
        bool folder = true;
        bool fromLease = false;
        bool highlighted = false;
    };
    int nodeOf(const QModelIndex& index) const;
    QModelIndex indexOfNode(int node, int column) const;
    static int depthOf(const std::string& path);
    /// Inserts the next kInsertSlice pending paths (all when `all`) that the
    /// state still names, under parents the tree has: one insert per parent.
    void insertPending(bool all);
    /// A new lease-only node is a folder when a lease or waiter of m_state asks
    /// a folder operation or an intention on it.
    bool namedAsFolder(const std::string& path, const NodeState& state) const;
    void emitChanged(std::vector<int> nodes, int firstColumn, int lastColumn);
    /// Lease-only nodes (of `candidates`, or every one when null) that a
    /// lease or waiter of m_state names as a folder (namedAsFolder) become folders.
    void markLeaseFolders(const std::vector<int>* candidates);
    /// Removes lease-only nodes that no lease of m_state names any more (of
    /// `candidates`, or of every node when null). One remove per node.
    void removeUnnamedLeaseNodes(const std::vector<int>* candidates);
    const NodeState* stateOfNode(int node) const;
    QString toolTip(int node) const;
    /// "bob waits here for …" lines of the node's waiters (HTML), at most a dozen.
    QString waitingLines(const NodeState& s) const;
    QString holderText(const NodeState& s) const;
    QString modeText(const NodeState& s) const;

    std::vector<Node> m_nodes;                     // [0] is the root "/"
    std::unordered_map<std::string, int> m_byPath;
    std::shared_ptr<const TreeIndex> m_index;
    LockStatePtr m_state;
    std::vector<int> m_highlighted;
    QString m_treeName;
    int m_removed = 0;                             // dead slots in m_nodes (removed lease-only nodes)
    // Lease paths to insert, batch after batch; within one, parents before
    // children (by depth, then by path). A batch is a state's addedPaths (the
    // state is kept while it is read) or paths found here.
    struct PendingPaths {
        LockStatePtr owner;
        std::vector<std::string> own;
        const std::vector<std::string>* paths = nullptr; // &own or &owner->addedPaths
        std::size_t next = 0;
    };
    void queuePaths(PendingPaths batch);
    std::deque<PendingPaths> m_pending;
    std::size_t m_pendingCount = 0;
    QTimer m_insertTimer;
    bool m_behind = false;
    bool m_listing = false;
    std::chrono::steady_clock::time_point m_appliedAt{};
};

} // namespace treelock::ui
