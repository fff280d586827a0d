#pragma once

#include "lockview/lockstate.h"
#include "lockview/projecttree.h"
#include "panels/leases/forcereleasedialog.h"
#include "mainwindow/studiooptions.h"

#include <QElapsedTimer>
#include <QHash>
#include <QMainWindow>
#include <QPointer>

#include <atomic>
#include <map>
#include <memory>
#include <utility>
#include <vector>

class QAction;
class QLabel;
class QFrame;
class QSplitter;
class QToolButton;
class QTimer;
class QProgressDialog;

namespace treelock::ui {

class Bridge;
class EventLogModel;
class EventLogPanel;
class HotSpotModel;
class HotSpotPanel;
class LeasePanel;
class MatrixView;
class ProjectNotice;
class LeaseTableModel;
class LockTreeModel;
class SimulationPanel;
class TimelinePanel;
class TlsIndicator;
class TreePanel;
class UpdateHold;
class WaiterTableModel;
class WaitingPanel;
class WelcomePanel;
struct TreeLoad;

/// Treelock Studio's window: project tree (left), lease table (right), event
/// log, Waiting and Hot spots (bottom docks), connection banner, status bar
/// with the backend's URL.
/// Owns the bridge; every model update arrives from it as a batched value.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const StudioOptions& options, QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Connects to the backend of the options (and runs their scenario).
    void start();
    void connectTo(const BackendConfig& config);
    /// Loads a tree (JSON file or folder) on the tree-loading worker thread.
    void openTreePath(const QString& path);
    void setTree(const ProjectTreeData& tree);
    bool saveScreenshot(const QString& file);

    Bridge* bridge() const { return m_bridge; }
    LockTreeModel* treeModel() const { return m_treeModel; }
    LeaseTableModel* leaseModel() const { return m_leaseModel; }
    EventLogModel* logModel() const { return m_logModel; }
    WaiterTableModel* waiterModel() const { return m_waiterModel; }
    HotSpotModel* hotSpotModel() const { return m_hotSpotModel; }
    WaitingPanel* waitingPanel() const { return m_waitingPanel; }
    HotSpotPanel* hotSpotPanel() const { return m_hotSpotPanel; }
    QDockWidget* waitingDock() const { return m_waitingDock; }
    QDockWidget* hotSpotDock() const { return m_hotSpotDock; }
    TreePanel* treePanel() const { return m_treePanel; }
    LeasePanel* leasePanel() const { return m_leasePanel; }
    MatrixView* matrixView() const { return m_matrixView; }
    SimulationPanel* simulationPanel() const { return m_simPanel; }
    QDockWidget* simulationDock() const { return m_simDock; }
    TimelinePanel* timelinePanel() const { return m_timelinePanel; }
    QDockWidget* timelineDock() const { return m_timelineDock; }
    /// True while the tree and lease table show the Simulation panel's project.
    bool showsSimulation() const { return m_simulationShown; }
    QAction* releaseExpiredAction() const { return m_releaseExpired; }
    /// Locks › Fail over now / Kill primary (enabled with the private Sentinel set-up).
    QAction* failOverAction() const { return m_failOver; }
    QAction* killPrimaryAction() const { return m_killPrimary; }
    /// The banner that reports the last failover (hidden until one happens).
    QFrame* failoverBanner() const { return m_failoverBanner; }
    const BackendInfo& backendInfo() const { return m_backend; }
    /// The last action's result text (also shown in the status bar).
    const QString& lastActionMessage() const { return m_lastAction; }
    /// The status bar's Hot spots alarm (hidden while no path is in alarm).
    QLabel* hotSpotAlarmLabel() const { return m_alarmLabel; }
    int statesApplied() const { return m_statesApplied; }
    UpdateHold* updateHold() const { return m_hold; }
    /// The bar that offers the server's other projects that hold leases.
    ProjectNotice* projectNotice() const { return m_projectNotice; }
    /// The strip above the views that says what to do first (Help › Show Welcome Panel).
    WelcomePanel* welcomePanel() const { return m_welcome; }

    /// Asks for a reason (unless `reason` is given) and force-releases the lease.
    void forceRelease(const QString& leaseId, const QString& reason = {});
    /// Asks for a reason, then force-releases every lease in the waiter's way
    /// and cancels the places of the older waiters ahead of it.
    void releaseBlockers(const QString& waiterId);

signals:
    void stateApplied();
    void actionReported(const treelock::ui::ActionResult& result);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    // mainwindowactions.cpp: actions, menus and tool bar.
    void createActions();
    void createMenus();
    void createSimulationMenu();
    void createToolBar();

    // mainwindowstatus.cpp: status bar, banner, window geometry and settings.
    void createStatusBar();
    /// The status bar's backend label names the simulation while the views show it, the backend otherwise.
    void showSimulationSource();
    /// The Waiting panel names the project it shows (the simulation's while the
    /// views show it) and its grace; the Hot spots panel names Studio's project,
    /// and says so while a simulation is shown.
    void showPanelSources();
    /// The status bar's alarm label: the paths in alarm now; hidden when none is.
    void updateHotSpotAlarm();
    void onBackend(const BackendInfo& info);
    void onConnection(const ConnectionState& state);
    void onFailover(const FailoverReport& report);
    void onAction(const ActionResult& result);
    /// Paths passed the Hot spots alarm threshold: the status bar and the event log say so.
    void onHotSpotAlarm(const QStringList& lines);
    void updateReleaseExpired(int count);
    void copyUrl();
    /// Copies terminalCommand() for the backend and project shown.
    void copyCommand();
    /// The `treelock` line that runs `subcommand` (by default, shows this
    /// project's locks) from a terminal, with the TLS options the connection uses.
    QString terminalCommand(const QString& url, const QString& project, const QString& subcommand = QStringLiteral("locks")) const;
    void tickClock();
    void fitToScreen();
    void clampToScreen();
    void restoreSettings();
    void saveSettings();

    // mainwindowprojects.cpp: the server's other projects.
    /// Makes the bar that offers them (above the views) and wires it.
    void createProjectNotice();
    /// Opens `project` on the backend open now, as File › Connect… with it would.
    void switchProject(const QString& project);
    /// A project whose tree Studio does not know (any but demo, other than the
    /// one shown) starts with an empty tree named after it.
    void treeForProject(const QString& project);

    // mainwindowtimeline.cpp: the Timeline dock, fed and wired.
    void createTimelineDock();

    // mainwindowhelp.cpp: the Help menu, its dialogs, the welcome panel's wiring.
    void createHelpMenu();

    // mainwindow.cpp: the views, tree loading, states and lease actions.
    /// Shows `state` now, or keeps it while the views hold still (UpdateHold).
    void applyState(const LockStatePtr& state);
    void showState(const LockStatePtr& state);
    void onLeaseSelected(const QString& id);
    /// Shows an action's outcome in the status bar's result label (and, with `log`, in the event log).
    void showResult(const QString& text, bool log);
    void onTreeProgress(quint64 request, qint64 entries);
    void onTreeLoaded(quint64 request, const TreeLoad& load);
    void openFolderDialog();
    void openTreeFileDialog();
    void connectDialog();
    /// After another backend or project was posted to the bridge: the views
    /// forget what they expanded and filtered, and the connection is remembered.
    void backendOpening();
    void showSimulation(bool shown);
    /// Shows and raises a dock tabbed with the event log: the Simulation and
    /// Permission matrix docks at about half the window's height, the others
    /// (tables) at about a quarter and six rows, so the tree keeps the most room.
    void raiseDock(QDockWidget* dock);
    /// Gives `dock`, in front of its tab bar, the height raiseDock() gives it (a table
    /// dock at least six rows of its table); a table dock that follows a large
    /// one takes back what the large one took.
    void fitDock(QDockWidget* dock);
    /// True when `dock` is open and not tabbed behind another dock.
    bool dockInFront(QDockWidget* dock) const;
    /// Gives the keyboard to the dock's table, its first row selected when none is.
    void focusDock(QDockWidget* dock);
    QAction* dockAction(QDockWidget* dock, const QString& text, const QString& name, const QKeySequence& key);
    QString operatorName() const;
    /// The force-release dialog over `items`; the reason given (remembered), or "" when cancelled.
    QString askReason(const std::vector<ReleaseItem>& items, const QString& context);
    ReleaseItem releaseItem(const LeaseInfo& lease) const;

    StudioOptions m_options;
    BackendConfig m_config;
    BackendInfo m_backend;
    Bridge* m_bridge;                 // Owned (child); its thread is joined in our destructor.
    LockTreeModel* m_treeModel;       // Owned (child).
    LeaseTableModel* m_leaseModel;    // Owned (child).
    EventLogModel* m_logModel;        // Owned (child).
    WaiterTableModel* m_waiterModel;  // Owned (child).
    HotSpotModel* m_hotSpotModel;     // Owned (child).
    TreePanel* m_treePanel;
    LeasePanel* m_leasePanel;
    EventLogPanel* m_logPanel;
    QDockWidget* m_logDock;
    WaitingPanel* m_waitingPanel;
    QDockWidget* m_waitingDock;
    HotSpotPanel* m_hotSpotPanel;
    QDockWidget* m_hotSpotDock;
    MatrixView* m_matrixView;         // The permission-matrix view (in m_matrixDock).
    QDockWidget* m_matrixDock;
    SimulationPanel* m_simPanel;
    QDockWidget* m_simDock;
    QAction* m_simDockAction = nullptr; // View › Simulation, also in the Simulation menu
    TimelinePanel* m_timelinePanel = nullptr;
    QDockWidget* m_timelineDock = nullptr;
    std::vector<std::pair<QDockWidget*, QAction*>> m_dockActions; // the View menu's dock entries
    QHash<QDockWidget*, QDockWidget*> m_frontBefore; // the tabbed dock in front before the key's dock was brought forward
    ProjectTreeData m_tree;           // the tree Studio's project shows (restored after a simulation)
    LockStatePtr m_bridgeState;       // the bridge's latest state, applied again after a simulation
    bool m_simulationShown = false;
    UpdateHold* m_hold;               // Owned (child): keeps states back while the user aims at a row.
    QStringList m_liveExpanded;       // the tree's expanded paths of Studio's project, while a simulation is shown
    bool m_grewForLargeDock = false;  // fitDock() made the docks tall for the Simulation or matrix dock
    QSplitter* m_splitter;
    QFrame* m_banner;
    QLabel* m_bannerText;
    bool m_connectedOnce = false;     // the backend m_backend names answered at least once
    WelcomePanel* m_welcome;          // the first-run strip above the views
    QFrame* m_failoverBanner;
    QLabel* m_failoverText;
    QLabel* m_backendLabel;
    TlsIndicator* m_tls;              // the lock in the status bar, the banner for an unverified certificate
    QLabel* m_resultLabel;            // the last action's outcome, elided, whole in its tooltip
    QTimer* m_resultTimer;            // clears m_resultLabel a while after it was set
    QLabel* m_alarmLabel;             // the hot spots in alarm, short; the whole lines in its tooltip
    QLabel* m_countsLabel;
    QLabel* m_clockLabel;
    QString m_backendLabelSaved;      // the backend label's own text, while it names the simulation
    QString m_simulationLabel;        // what it says then
    QTimer* m_clock;
    ProjectNotice* m_projectNotice = nullptr;
    QAction* m_connect;
    QAction* m_openFolder;
    QAction* m_openTree;
    QAction* m_quit;
    QAction* m_refresh;
    QAction* m_releaseExpired;
    QAction* m_forceRelease;
    QAction* m_releaseBlockers;       // Locks › Release What Blocks a Waiter…
    QAction* m_copyUrl;
    QAction* m_copyCommand;
    QAction* m_failOver;
    QAction* m_killPrimary;
    QAction* m_onlyLocked;
    QAction* m_expandLocked;
    QAction* m_findNode;
    QAction* m_filterLeases;
    QAction* m_about;
    QString m_lastAction;
    QStringList m_recentReasons;      // force-release reasons, latest first
    bool m_autoExpanded = false;
    QElapsedTimer m_autoExpandTimer;
    bool m_scenarioPending = false;
    int m_statesApplied = 0;
    int m_expiredCount = 0;

    struct TreeLoadRequest {
        QPointer<QProgressDialog> progress;              // Owned (child); deleted when the load ends.
        std::shared_ptr<std::atomic<bool>> cancel;       // Shared with the worker.
    };
    std::map<quint64, TreeLoadRequest> m_treeLoads;    // Loads posted and not yet reported, by request.
    quint64 m_lastTreeLoad = 0;
    quint64 m_appliedTreeLoad = 0; // the newest load whose tree is shown: an older one finishing later is dropped
};

} // namespace treelock::ui
