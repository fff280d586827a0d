#pragma once

#include <QFrame>

class QAction;
class QGridLayout;
class QLabel;
class QPushButton;

namespace treelock::ui {

/// The strip above the tree and the lease table that tells a new operator
/// what to do first: take a lock with the `treelock` CLI (the command line
/// for this connection goes to the clipboard), start the demo simulation, or
/// play a scenario.
///
/// It shows once the first state says the project holds no leases, and
/// retires for the window's life when leases appear (the operator has found
/// the way). "Don't show again" hides it, remembered in the settings when
/// `useSettings`; summon() brings it back. GUI thread only.
class WelcomePanel : public QFrame {
    Q_OBJECT
public:
    /// The settings key of "Don't show again".
    static QString dismissedKey();

    WelcomePanel(bool useSettings, QWidget* parent = nullptr);

    /// The project the views show, named in the panel's text.
    void setProject(const QString& project);
    /// The command that takes a lock from a terminal; "" (no copy button)
    /// when this backend cannot be reached from one.
    void setCommand(const QString& command);
    const QString& command() const { return m_command; }
    /// The Simulation menu's Start action: the panel's button presses it and
    /// is enabled with it.
    void setStartAction(QAction* start);
    /// The scenario the panel's Play button asks for, and its title.
    void setScenario(const QString& name, const QString& title);
    /// The number of leases the views show after a state: the first state
    /// lets the panel show, a lease retires it.
    void setLeaseCount(int leases);
    /// Shows the panel again, and forgets "Don't show again".
    void summon();
    bool dismissed() const { return m_dismissed; }

signals:
    /// The command went to the clipboard.
    void commandCopied(const QString& command);
    void scenarioRequested(const QString& name);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void dismiss();
    void updateShown();
    /// Lays the panel out in one row where it fits, else in two; `again`
    /// even where the width keeps the layout it has.
    void arrange(bool again = false);

    bool m_useSettings;
    bool m_dismissed = false;
    bool m_stateSeen = false;  // a state has told how many leases there are
    bool m_retired = false;    // leases appeared: the operator knows the way
    bool m_summoned = false;   // brought back from the Help menu: stays until dismissed
    QString m_command;
    QString m_scenario;
    int m_textWidth = 0;       // the text's width on one line
    bool m_wide = false;       // laid out in one row
    QGridLayout* m_grid;
    QLabel* m_text;
    QWidget* m_buttons;        // the three ways in, in a row
    QPushButton* m_dismiss;
    QPushButton* m_copy;
    QPushButton* m_start;
    QPushButton* m_play;
};

} // namespace treelock::ui
