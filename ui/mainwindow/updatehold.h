#pragma once

#include "lockview/lockstate.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <vector>

class QAction;
class QTimer;
class QToolButton;
class QWidget;

namespace treelock::ui {

/// Keeps the views still while the user is about to act on a row. While the
/// user paused updates, or a menu is open, every view holds still; while the
/// pointer rests on the lease table, that table does (its rows re-sort as
/// leases come and go). The states that arrive meanwhile are kept, in order,
/// and handed back the moment the hold ends, so a row never moves between the
/// moment it is aimed at and the click (a click on bob must not open erin's
/// dialog). The pause button in the status bar says how many updates wait.
/// GUI thread only.
class UpdateHold : public QObject {
    Q_OBJECT
public:
    explicit UpdateHold(QWidget* window);

    /// The table whose rows hold still while the pointer is over `viewport`.
    void watch(QWidget* viewport);
    /// The checkable "Pause updates" action (F8).
    QAction* pauseAction() const { return m_pause; }
    /// The status bar's button that shows the action and what waits.
    QToolButton* statusButton() const { return m_button; }
    /// True while every view holds still (paused, or a menu open).
    bool holding() const;
    /// True while the watched table holds still (holding(), or the pointer on it).
    bool holdingTable() const;
    /// The user acted (a release, a sweep): for `ms` what the pointer or a
    /// menu would hold is shown, so the action's outcome appears at once.
    void passFor(int ms);
    /// Why it holds (the button's tooltip), "" when it does not.
    QString reason() const;
    /// Keeps `state` for every view when holding() (true); false: show it now.
    bool keep(const LockStatePtr& state);
    /// Keeps `state` for the watched table when holdingTable() (true); a
    /// state of another project or tree (LockState::full) is never kept.
    bool keepForTable(const LockStatePtr& state);
    /// States kept so far, for every view or for the table.
    int waiting() const { return int(m_all.kept + m_table.kept); }
    /// Drops what was kept (a new backend or a simulation: another project).
    void clear();

signals:
    /// The hold of every view ended: show these states, oldest first.
    void released(const std::vector<treelock::ui::LockStatePtr>& states);
    /// The table's hold ended: show these states in it, oldest first.
    void tableReleased(const std::vector<treelock::ui::LockStatePtr>& states);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Queue {
        std::vector<LockStatePtr> states; // bounded: see push()
        std::size_t kept = 0;             // every state kept, those dropped by the bound included
        void push(const LockStatePtr& state);
    };
    void update();
    bool passing() const;
    static bool menuOpen();

    QWidget* m_window;
    QAction* m_pause;
    QToolButton* m_button;
    std::vector<QPointer<QWidget>> m_viewports;
    Queue m_all;                        // for every view
    Queue m_table;                      // for the watched table
    bool m_paused = false;
    bool m_pointer = false;             // the pointer is over a watched viewport
    QElapsedTimer m_moved;              // since the pointer last entered or moved on a watched viewport
    QTimer* m_aimed;                    // ends the table's hold once the pointer has rested
    QElapsedTimer m_passing;            // started by passFor()
    int m_passMs = 0;
};

} // namespace treelock::ui
