#pragma once

#include <QWidget>

#include <string>
#include <vector>

class QLabel;
class QLineEdit;
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
    void setOnlyLocked(bool on);

    /// Expands the ancestors of `paths` and scrolls to the first one.
    void revealPaths(const std::vector<std::string>& paths);
    /// Expands the ancestors of every held or expired node (at most a few hundred).
    void expandLocked();
    /// Called after the model applied a new lock state.
    void lockStateApplied();
    /// Path of the current node, or empty.
    QString currentPath() const;
    void updateTitle();

signals:
    void nodeSelected(const QString& path);
    void onlyLockedChanged(bool on);

private:
    LockTreeModel* m_model;     // Not owned.
    TreeFilterProxy* m_proxy;   // Owned (child).
    QTreeView* m_view;
    QLineEdit* m_search;
    QToolButton* m_onlyLocked;
    QLabel* m_title;
    LegendWidget* m_legend;
    QTimer* m_searchDelay;
    QTimer* m_refilter;
};

} // namespace treelock::ui
