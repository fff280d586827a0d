#pragma once

#include "common/rowtablepanel.h"
#include "lockview/lockstate.h"

#include <chrono>
#include <optional>

class QMenu;
class QToolButton;

namespace treelock::ui {

class WaiterTableModel;

/// The Waiting panel: who waits for which lock, how long already, behind
/// whom, and whom it holds back (a column shown only while some waiter queues
/// behind another). Longest wait first (every column sorts). Selecting a
/// waiter asks for its node in the tree; "Show blocker" asks for the lease in
/// its way, or selects the older waiter it queues behind. The line above the
/// table names the project and its fairness grace; while nobody waits the
/// table gives way to a text that says so. GUI thread only.
class WaitingPanel : public RowTablePanel {
    Q_OBJECT
public:
    WaitingPanel(WaiterTableModel* model, QWidget* parent = nullptr);

    QToolButton* showBlockerButton() const { return m_showBlocker; }
    /// "Release blockers…": everything in the selected waiter's way, in one dialog (Del).
    QToolButton* releaseBlockersButton() const { return m_releaseBlockers; }
    /// The id of the selected waiter, or empty.
    QString currentWaiterId() const;
    /// Shows `state` in the model; the selection stays on the waiter the user
    /// chose, or on nothing once it is gone (never on its neighbour).
    void applyState(const LockStatePtr& state);
    /// Selects the waiter's row; false if no row has it.
    bool selectWaiter(const QString& waiterId);
    /// Shows what holds the selected waiter up (see the class comment).
    void showBlocker();
    /// The context menu of a row (of the view's proxy); the caller owns it.
    QMenu* contextMenuFor(const QModelIndex& index);
    /// The project the list shows, and its fairness grace (nothing: fairness
    /// off) when `graceKnown`.
    void setProject(const QString& project, bool graceKnown, std::optional<std::chrono::milliseconds> grace = {});

signals:
    /// A waiter was selected (or "Show in tree" picked): its node in the tree.
    void pathRequested(const QString& path);
    /// "Show blocker" of a waiter that a lease blocks.
    void leaseRequested(const QString& leaseId);
    /// "Release blockers…" of a waiter (button, menu, Del or double-click).
    void releaseBlockersRequested(const QString& waiterId);
    /// Something to say in the status bar.
    void message(const QString& text);
    /// The number of waiters changed (for the dock's title).
    void countChanged(int count);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rowsChanged() override;
    /// The title: the count, the project, the grace.
    void updateTitle();
    /// Owner, operation and waiting as wide as their texts; requests, behind
    /// and holds back share the rest by what their texts need, Behind taking
    /// what is left. Holds back is hidden while it would be empty. O(rows).
    void fitColumns();
    void updateButton();
    /// "Show blocker" of the waiter `waiterId` (a row of the model).
    void showBlockerOf(const QString& waiterId);

    /// After a change of the rows: the selection stays on the waiter the user
    /// chose; gone, nothing is selected (the row that took its place is
    /// someone else, and selecting it would move the tree).
    void keepChosen();

    WaiterTableModel* m_model;       // Not owned.
    QToolButton* m_showBlocker;
    QToolButton* m_releaseBlockers;
    QString m_chosen;                // the waiter the user selected last
    bool m_restoring = false;        // keepChosen() is moving the selection
    int m_count = -1;
    QString m_project;
    bool m_graceKnown = false;
    std::optional<std::chrono::milliseconds> m_grace;
};

} // namespace treelock::ui
