// MainWindow's actions, menus and tool bar.
#include "mainwindow/mainwindow.h"
#include "mainwindow/updatehold.h"
#include "panels/waiting/waitertablemodel.h"
#include "panels/waiting/waitingpanel.h"

#include "bridge/bridge.h"
#include "connection/connectdialog.h"
#include "panels/leases/leasepanel.h"
#include "panels/tree/treepanel.h"
#include "simulation/simulationpanel.h"

#include <QAction>
#include <QSortFilterProxyModel>
#include <QApplication>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

namespace treelock::ui {

void MainWindow::createActions()
{
    QStyle* s = style();
    m_connect = new QAction(s->standardIcon(QStyle::SP_DriveNetIcon), tr("&Connect…"), this);
    m_connect->setObjectName(QStringLiteral("connectAction"));
    m_connect->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_connect->setToolTip(tr("Connect to another Redis server or project (Ctrl+K)"));
    connect(m_connect, &QAction::triggered, this, &MainWindow::connectDialog);

    m_openFolder = new QAction(s->standardIcon(QStyle::SP_DirOpenIcon), tr("Open &Folder…"), this);
    m_openFolder->setObjectName(QStringLiteral("openFolderAction"));
    m_openFolder->setShortcut(QKeySequence::Open);
    m_openFolder->setToolTip(tr("Show a local folder's files as the project tree (Ctrl+O)"));
    connect(m_openFolder, &QAction::triggered, this, &MainWindow::openFolderDialog);

    m_openTree = new QAction(s->standardIcon(QStyle::SP_FileDialogDetailedView), tr("Open &Tree File…"), this);
    m_openTree->setObjectName(QStringLiteral("openTreeAction"));
    m_openTree->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_openTree->setToolTip(tr("Load a project tree from a JSON tree file (Ctrl+Shift+O)"));
    connect(m_openTree, &QAction::triggered, this, &MainWindow::openTreeFileDialog);

    m_quit = new QAction(tr("&Quit"), this);
    m_quit->setObjectName(QStringLiteral("quitAction"));
    m_quit->setShortcut(QKeySequence::Quit);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    m_refresh = new QAction(s->standardIcon(QStyle::SP_BrowserReload), tr("&Refresh"), this);
    m_refresh->setObjectName(QStringLiteral("refreshAction"));
    // Not QKeySequence::Refresh: that is F5 on most desktops, Start/Resume of the Simulation menu.
    m_refresh->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_refresh->setToolTip(tr("Read a full snapshot now (Ctrl+R)"));
    connect(m_refresh, &QAction::triggered, this, [this] {
        statusBar()->showMessage(tr("Reading the server's locks…"), 3000);
        m_bridge->post(&BridgeWorker::refresh);
    });

    m_releaseExpired = new QAction(s->standardIcon(QStyle::SP_TrashIcon), tr("Release expired (%1)").arg(0), this);
    m_releaseExpired->setObjectName(QStringLiteral("releaseExpiredAction"));
    m_releaseExpired->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_releaseExpired->setToolTip(tr("Reap every expired lease now; recorded as a sweep by you (Ctrl+Shift+R)"));
    m_releaseExpired->setEnabled(false);
    connect(m_releaseExpired, &QAction::triggered, m_bridge, [this] { m_bridge->post(&BridgeWorker::releaseExpired); });

    m_forceRelease = new QAction(s->standardIcon(QStyle::SP_DialogCancelButton), tr("&Force release…"), this);
    m_forceRelease->setObjectName(QStringLiteral("forceReleaseAction"));
    m_forceRelease->setShortcut(QKeySequence::Delete);
    m_forceRelease->setToolTip(tr("Revoke the selected lease; asks for a reason, which is audited (Del)"));
    m_forceRelease->setEnabled(false);
    connect(m_forceRelease, &QAction::triggered, this, [this] {
        const QString id = m_leasePanel->currentLeaseId();
        if (!id.isEmpty())
            forceRelease(id);
    });

    m_releaseBlockers = new QAction(tr("Release What &Blocks a Waiter…"), this);
    m_releaseBlockers->setObjectName(QStringLiteral("releaseBlockersAction"));
    m_releaseBlockers->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    m_releaseBlockers->setToolTip(tr("Force-release everything in the way of the waiter selected in the Waiting panel "
                                     "(else the one that has waited longest), in one dialog (Ctrl+Shift+B)"));
    m_releaseBlockers->setEnabled(false);
    connect(m_releaseBlockers, &QAction::triggered, this, [this] {
        QString id = m_waitingPanel->currentWaiterId();
        if (id.isEmpty() && m_waitingPanel->proxy()->rowCount() > 0)
            id = m_waitingPanel->proxy()->index(0, 0).data(WaiterTableModel::WaiterIdRole).toString();
        if (!id.isEmpty())
            releaseBlockers(id);
    });
    connect(m_waitingPanel, &WaitingPanel::countChanged, m_releaseBlockers, [this](int n) { m_releaseBlockers->setEnabled(n > 0); });

    m_copyUrl = new QAction(s->standardIcon(QStyle::SP_FileLinkIcon), tr("Copy &URL"), this);
    m_copyUrl->setObjectName(QStringLiteral("copyUrlAction"));
    m_copyUrl->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copyUrl->setToolTip(tr("Copy the backend URL, to point the treelock CLI at the same server (Ctrl+Shift+C)"));
    connect(m_copyUrl, &QAction::triggered, this, &MainWindow::copyUrl);
    m_copyCommand = new QAction(tr("Copy &command line"), this);
    m_copyCommand->setObjectName(QStringLiteral("copyCommandAction"));
    m_copyCommand->setToolTip(tr("Copy the treelock command that lists this project's locks: the URL, the TLS options "
                                 "and --project"));
    connect(m_copyCommand, &QAction::triggered, this, &MainWindow::copyCommand);

    m_failOver = new QAction(tr("Fail &over now"), this);
    m_failOver->setObjectName(QStringLiteral("failOverAction"));
    m_failOver->setToolTip(tr("Ask the sentinels to promote the replica (SENTINEL FAILOVER); private Sentinel set-up only"));
    m_failOver->setEnabled(false);
    connect(m_failOver, &QAction::triggered, m_bridge, [this] { m_bridge->post(&BridgeWorker::failOver); });
    m_killPrimary = new QAction(tr("&Kill primary"), this);
    m_killPrimary->setObjectName(QStringLiteral("killPrimaryAction"));
    m_killPrimary->setToolTip(tr("SIGKILL the primary: what it did not replicate is lost; private Sentinel set-up only"));
    m_killPrimary->setEnabled(false);
    connect(m_killPrimary, &QAction::triggered, m_bridge, [this] { m_bridge->post(&BridgeWorker::killPrimary); });

    m_onlyLocked = new QAction(tr("Show only &locked nodes"), this);
    m_onlyLocked->setObjectName(QStringLiteral("onlyLockedAction"));
    m_onlyLocked->setCheckable(true);
    m_onlyLocked->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_onlyLocked, &QAction::toggled, m_treePanel, &TreePanel::setOnlyLocked);

    m_expandLocked = new QAction(tr("&Expand to locked nodes"), this);
    m_expandLocked->setObjectName(QStringLiteral("expandLockedAction"));
    m_expandLocked->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_expandLocked, &QAction::triggered, m_treePanel, &TreePanel::expandLocked);

    m_findNode = new QAction(tr("Find in &tree"), this);
    m_findNode->setObjectName(QStringLiteral("findNodeAction"));
    m_findNode->setShortcut(QKeySequence::Find);
    connect(m_findNode, &QAction::triggered, this, [this] {
        m_treePanel->searchField()->setFocus();
        m_treePanel->searchField()->selectAll();
    });
    m_filterLeases = new QAction(tr("Filter &leases"), this);
    m_filterLeases->setObjectName(QStringLiteral("filterLeasesAction"));
    m_filterLeases->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(m_filterLeases, &QAction::triggered, this, [this] {
        m_leasePanel->filterField()->setFocus();
        m_leasePanel->filterField()->selectAll();
    });

    m_about = new QAction(tr("&About Treelock Studio"), this);
    m_about->setObjectName(QStringLiteral("aboutAction"));
    connect(m_about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Treelock Studio"),
                           tr("<b>Treelock Studio</b> %1<br/>Live view of hierarchical locks on Redis: "
                              "intention modes (IS, IX, SIX) on ancestors, S and X on subtrees, fencing tokens, "
                              "audited forced releases.").arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    file->addAction(m_connect);
    QMenu* recent = file->addMenu(tr("Recent connections"));
    recent->setObjectName(QStringLiteral("recentMenu"));
    connect(recent, &QMenu::aboutToShow, this, [this, recent] {
        recent->clear();
        const QStringList entries = ConnectDialog::recentConnections();
        if (entries.isEmpty())
            recent->addAction(tr("(none)"))->setEnabled(false);
        for (const QString& e : entries) {
            const QString url = e.section(QLatin1Char('|'), 0, 0);
            const QString project = e.section(QLatin1Char('|'), 1, 1);
            QAction* entry = recent->addAction(tr("%1 · project %2").arg(url, project), this, [this, e] {
                BackendConfig c = m_config;
                c.kind = BackendConfig::Kind::Url;
                c.url = e.section(QLatin1Char('|'), 0, 0);
                c.project = e.section(QLatin1Char('|'), 1, 1);
                c.user = e.section(QLatin1Char('|'), 2, 2);
                c.password.clear();
                c.sentinelPassword.clear();
                // A recent entry keeps no TLS files nor sentinel user: those of
                // the current connection only go with its own URL.
                if (c.url != ConnectDialog::withoutPassword(m_config.url)) {
                    c.tls = {};
                    c.sentinelUser.clear();
                }
                connectTo(c);
            });
            entry->setObjectName(QStringLiteral("recentConnection"));
        }
    });
    file->addSeparator();
    file->addAction(m_openFolder);
    file->addAction(m_openTree);
    file->addAction(tr("Open &Demo Tree"), this, [this] { setTree(demoTree()); })->setObjectName(QStringLiteral("openDemoTreeAction"));
    file->addSeparator();
    file->addAction(m_quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    view->addAction(m_refresh);
    view->addAction(m_hold->pauseAction());
    view->addSeparator();
    view->addAction(m_findNode);
    view->addAction(m_filterLeases);
    view->addAction(m_onlyLocked);
    view->addAction(m_expandLocked);
    view->addSeparator();
    view->addAction(dockAction(m_logDock, tr("Event &log"), QStringLiteral("eventLogAction"), QKeySequence(Qt::CTRL | Qt::Key_J)));
    view->addAction(dockAction(m_waitingDock, tr("&Waiting"), QStringLiteral("waitingDockAction"),
                               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W)));
    view->addAction(dockAction(m_hotSpotDock, tr("&Hot spots"), QStringLiteral("hotSpotsDockAction"),
                               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H)));
    m_simDockAction = dockAction(m_simDock, tr("&Simulation"), QStringLiteral("simulationDockAction"), QKeySequence(Qt::CTRL | Qt::Key_5));
    view->addAction(m_simDockAction);
    QAction* matrix = dockAction(m_matrixDock, tr("Permission &matrix"), QStringLiteral("permissionMatrixAction"),
                                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    view->addAction(matrix);
    view->addAction(dockAction(m_timelineDock, tr("&Timeline"), QStringLiteral("timelineDockAction"),
                               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T)));

    QMenu* locks = menuBar()->addMenu(tr("&Locks"));
    locks->setObjectName(QStringLiteral("locksMenu"));
    locks->addAction(m_releaseExpired);
    locks->addAction(m_forceRelease);
    locks->addAction(m_releaseBlockers);
    locks->addSeparator();
    locks->addAction(m_failOver);
    locks->addAction(m_killPrimary);
    locks->addSeparator();
    locks->addAction(m_copyUrl);
    locks->addAction(m_copyCommand);

    createSimulationMenu();
    createHelpMenu();
}

void MainWindow::createSimulationMenu()
{
    QMenu* menu = menuBar()->addMenu(tr("S&imulation"));
    menu->setObjectName(QStringLiteral("simulationMenu"));
    const QList<QAction*> run = m_simPanel->runActions();
    menu->addActions(run);
    // Starting from the menu (or F5) brings the panel into view.
    connect(run.front(), &QAction::triggered, this, [this] { raiseDock(m_simDock); });
    menu->addSeparator();
    menu->addAction(m_simDockAction);

    // While the views show the simulation, so does the status bar.
    connect(m_simPanel, &SimulationPanel::shownProjectChanged, this, &MainWindow::showSimulationSource);
    connect(m_simPanel, &SimulationPanel::simulationShown, this, &MainWindow::showSimulationSource);
    connect(m_simPanel, &SimulationPanel::shownProjectChanged, this, &MainWindow::showPanelSources);
    // onBackend() rewrites the label; a backend change during a simulation names the simulation again after it.
    connect(m_bridge, &Bridge::backendChanged, this, [this] {
        QMetaObject::invokeMethod(this, &MainWindow::showSimulationSource, Qt::QueuedConnection);
    });
}

void MainWindow::createToolBar()
{
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(18, 18));
    bar->addAction(m_connect);
    bar->addAction(m_openFolder);
    bar->addAction(m_openTree);
    bar->addSeparator();
    bar->addAction(m_refresh);
    bar->addSeparator();
    bar->addAction(m_releaseExpired);
    bar->addAction(m_forceRelease);
    bar->addSeparator();
    bar->addAction(m_copyUrl);
    // A click copies the URL; the arrow offers the command line too.
    if (auto* copy = qobject_cast<QToolButton*>(bar->widgetForAction(m_copyUrl))) {
        copy->setObjectName(QStringLiteral("copyUrlButton"));
        copy->addAction(m_copyCommand);
        copy->setPopupMode(QToolButton::MenuButtonPopup);
    }
}

} // namespace treelock::ui
