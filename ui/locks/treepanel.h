#pragma once

#include <QWidget>

#include <string>
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
    /// Path of the current node, or empty.
    QString currentPath() const;
    void updateTitle();
    /// The context menu of a node (an index of the view's proxy); the caller owns it.
    QMenu* contextMenuFor(const QModelIndex& index);

signals:
    void nodeSelected(const QString& path);
    void onlyLockedChanged(bool on);
    void legendShownChanged(bool shown);
    /// "Show leases on this node": filter the lease table to `path`.
    void showLeasesRequested(const QString& path);
    /// Force release of the leases that hold `path` itself.
    void forceReleaseRequested(const QStringList& leaseIds);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void runSearch();
    /// Shows the legend when it is toggled on and the tree keeps at least its height.
    void fitLegend();
    /// Narrows the columns beside the name where the view is narrow.
    void fitColumns();
    /// Selects no node (and says so with nodeSelected).
    void clearCurrent();

    LockTreeModel* m_model;     // Not owned.
    TreeFilterProxy* m_proxy;   // Owned (child).
    QTreeView* m_view;
    QLineEdit* m_search;
    QLabel* m_searchStatus;
    QToolButton* m_onlyLocked;
    QLabel* m_title;
    LegendWidget* m_legend;
    QToolButton* m_legendToggle;
    QTimer* m_searchDelay;
    QTimer* m_refilter;
};

} // namespace treelock::ui
