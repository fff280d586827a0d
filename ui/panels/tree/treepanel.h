#pragma once

#include "panels/tree/locktreeview.h"

#include <QWidget>

#include <string>
#include <utility>
#include <vector>

class QLabel;
class QLineEdit;
class QMenu;
class QToolButton;
class QTreeView;
class QTimer;

namespace treelock::ui {

class LockTreeModel;
class TreeFilterProxy;
class LegendWidget;

/// The project tree with its search box, "only locked" toggle and legend.
class TreePanel : public QWidget {
    Q_OBJECT
public:
    TreePanel(LockTreeModel* model, QWidget* parent = nullptr);

    QTreeView* view() const { return m_view; }
    TreeFilterProxy* proxy() const { return m_proxy; }
    QLineEdit* searchField() const { return m_search; }
    /// "N matches", "No match for …" or the node a pasted path found.
    QLabel* searchStatus() const { return m_searchStatus; }
    void setOnlyLocked(bool on);
    /// Shows or collapses the legend under the tree (the "Legend" toggle).
    void setLegendShown(bool shown);
    bool legendShown() const;
    QToolButton* legendToggle() const { return m_legendToggle; }
    /// Selects the node at `path` (expanding its ancestors); false if the tree lacks it.
    bool selectPath(const QString& path);

    /// Expands the ancestors of `paths` and scrolls to the first one.
    void revealPaths(const std::vector<std::string>& paths);
    /// Expands the ancestors of every held or expired node (at most a few hundred).
    void expandLocked();
    /// Called after the model applied a new lock state.
    void lockStateApplied();
    /// The clock moved: repaints the time-left column of the rows in sight.
    void clockTicked();
    /// Path of the current node, or empty.
    QString currentPath() const;
    /// The width at which the columns beside the name have what their texts
    /// need and names a few levels deep keep their room (panel margins included).
    int preferredWidth() const;
    void updateTitle();
    /// The context menu of a node (an index of the view's proxy); the caller owns it.
    QMenu* contextMenuFor(const QModelIndex& index);

signals:
    void nodeSelected(const QString& path);
    void onlyLockedChanged(bool on);
    void legendShownChanged(bool shown);
    /// "Show leases on this node": filter the lease table to `path` (empty:
    /// every lease, when that node left the view).
    void showLeasesRequested(const QString& path);
    /// Force release of the leases that hold `path` itself.
    void forceReleaseRequested(const QStringList& leaseIds);
    /// "Release what blocks NAME…" of a waiter that waits on the node.
    void releaseBlockersRequested(const QString& waiterId);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void runSearch();
    /// Shows the legend when it is toggled on and the tree keeps at least its height.
    void fitLegend();
    /// Gives the columns beside the name the widths their usual texts need,
    /// and narrows them only where the names in view need the room.
    void fitColumns();
    /// The width the names in view need, with their indentation and badges. O(rows in view).
    int namesWidth() const;
    /// Fits the columns again shortly (once for a burst of changes).
    void scheduleFit();
    /// Selects no node (and says so with nodeSelected).
    void clearCurrent();
    /// After rows left the view: the current node, or the node the lease
    /// table is filtered to, may be among them.
    void rowsLeft();
    /// True when the node at `path` is a row of the view (not filtered out). O(depth).
    bool inView(const QString& path) const;

    LockTreeModel* m_model;     // Not owned.
    TreeFilterProxy* m_proxy;   // Owned (child).
    LockTreeView* m_view;
    QLineEdit* m_search;
    QLabel* m_searchStatus;
    QToolButton* m_onlyLocked;
    QLabel* m_title;
    LegendWidget* m_legend;
    QToolButton* m_legendToggle;
    QTimer* m_searchDelay;
    QTimer* m_refilter;
    QTimer* m_refit;                  // fits the columns again once the rows in view changed
    /// The columns beside the name and the widths their usual texts need.
    std::vector<std::pair<int, int>> m_columnWidths;
    QString m_leaseFilter;            // the node this panel filtered the lease table to, or empty
    QString m_found;                  // the node the search status says it found, or empty
    bool m_currentLeaving = false;    // the current node is among the rows being removed
};

} // namespace treelock::ui
