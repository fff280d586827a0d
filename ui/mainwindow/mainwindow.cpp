#include "mainwindow/mainwindow.h"
#include "mainwindow/updatehold.h"
#include "mainwindow/welcomepanel.h"

#include "bridge/bridge.h"
#include "common/focusring.h"
#include "common/tableviews.h"
#include "common/workerthread.h"
#include "connection/connectdialog.h"
#include "connection/tlsindicator.h"
#include "lockview/locktreemodel.h"
#include "lockview/presentation.h"
#include "matrix/matrixview.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/eventlog/eventlogpanel.h"
#include "panels/hotspots/hotspotmodel.h"
#include "panels/hotspots/hotspotpanel.h"
#include "panels/leases/forcereleasedialog.h"
#include "panels/leases/leasepanel.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/tree/treeloader.h"
#include "panels/tree/treepanel.h"
#include "panels/waiting/waitertablemodel.h"
#include "panels/waiting/waitingpanel.h"
#include "simulation/simulationpanel.h"
#include "simulation/treeexpansion.h"

#include <treelock/leaseid.h>

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QItemSelectionModel>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QSysInfo>
#include <QTabBar>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <QScreen>

#include <algorithm>
#include <atomic>

namespace treelock::ui {

namespace {

/// A hidden bar across the top of the window: bold wrapped text in `foreground`
/// on `background`, and one button at its right end. Sets `text` and `button`.
QFrame* makeBanner(QWidget* parent, const QString& name, const QString& background, const QString& foreground,
                   QLabel** text, QPushButton** button)
{
    auto* banner = new QFrame(parent);
    banner->setObjectName(name);
    banner->setStyleSheet(QStringLiteral("#%1 { background: %2; } #%1 QLabel { color: %3; font-weight: bold; }")
                              .arg(name, background, foreground));
    *text = new QLabel(banner);
    (*text)->setWordWrap(true);
    *button = new QPushButton(banner);
    auto* layout = new QHBoxLayout(banner);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(*text, 1);
    layout->addWidget(*button);
    banner->hide();
    return banner;
}

} // namespace

MainWindow::MainWindow(const StudioOptions& options, QWidget* parent)
    : QMainWindow(parent), m_options(options), m_config(options.backend)
{
    setObjectName(QStringLiteral("TreelockStudio"));
    setWindowTitle(tr("Treelock Studio"));
    // Below this the toolbar's and the panels' buttons are cut off.
    setMinimumSize(640, 420);
    // The border above the docks is dragged to give them room; the style's
    // 3-4 pixels are easy to miss, and a press just below starts undocking.
    setStyleSheet(QStringLiteral("QMainWindow::separator { width: 8px; height: 8px; }"));

    m_bridge = new Bridge(this);
    m_treeModel = new LockTreeModel(this);
    m_leaseModel = new LeaseTableModel(this);
    m_logModel = new EventLogModel(this);
    m_waiterModel = new WaiterTableModel(this);
    m_hotSpotModel = new HotSpotModel(this);

    m_treePanel = new TreePanel(m_treeModel, this);
    m_leasePanel = new LeasePanel(m_leaseModel, this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_splitter->addWidget(m_treePanel);
    // What to do first goes where the empty lease table is: the tree keeps its height.
    m_welcome = new WelcomePanel(m_options.useSettings, this);
    auto* leaseColumn = new QWidget(this);
    leaseColumn->setObjectName(QStringLiteral("leaseColumn"));
    auto* leaseColumnLayout = new QVBoxLayout(leaseColumn);
    leaseColumnLayout->setContentsMargins(0, 0, 0, 0);
    leaseColumnLayout->setSpacing(0);
    leaseColumnLayout->addWidget(m_welcome);
    leaseColumnLayout->addWidget(m_leasePanel, 1);
    m_splitter->addWidget(leaseColumn);
    m_splitter->setStretchFactor(0, 5);
    m_splitter->setStretchFactor(1, 6);
    m_splitter->setChildrenCollapsible(false);

    QPushButton* retry = nullptr;
    m_banner = makeBanner(this, QStringLiteral("connectionBanner"), QStringLiteral("#c62828"), QStringLiteral("white"),
                          &m_bannerText, &retry);
    retry->setText(tr("Retry now"));
    retry->setObjectName(QStringLiteral("retryButton"));
    connect(retry, &QPushButton::clicked, m_bridge, [this] { m_bridge->post(&BridgeWorker::refresh); });

    QPushButton* dismiss = nullptr;
    m_failoverBanner = makeBanner(this, QStringLiteral("failoverBanner"), QStringLiteral("#f9a825"), QStringLiteral("black"),
                                  &m_failoverText, &dismiss);
    m_failoverText->setObjectName(QStringLiteral("failoverText"));
    m_failoverText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    dismiss->setText(tr("Dismiss"));
    dismiss->setObjectName(QStringLiteral("dismissFailoverButton"));
    connect(dismiss, &QPushButton::clicked, m_failoverBanner, &QWidget::hide);
    connect(m_bridge, &Bridge::failedOver, this, &MainWindow::onFailover);
    m_tls = new TlsIndicator(this);

    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(m_failoverBanner);
    centralLayout->addWidget(m_tls->banner());
    centralLayout->addWidget(m_splitter, 1);
    setCentralWidget(central);

    m_logPanel = new EventLogPanel(m_logModel, this);
    m_logDock = new QDockWidget(tr("Event log"), this);
    m_logDock->setObjectName(QStringLiteral("eventLogDock"));
    m_logDock->setWidget(m_logPanel);
    m_logDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_logDock);

    m_waitingPanel = new WaitingPanel(m_waiterModel, this);
    m_waitingDock = new QDockWidget(tr("Waiting"), this);
    m_waitingDock->setObjectName(QStringLiteral("waitingDock"));
    m_waitingDock->setWidget(scrollable(m_waitingPanel));
    m_waitingDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_waitingDock);
    tabifyDockWidget(m_logDock, m_waitingDock);

    m_hotSpotPanel = new HotSpotPanel(m_hotSpotModel, this);
    m_hotSpotDock = new QDockWidget(tr("Hot spots"), this);
    m_hotSpotDock->setObjectName(QStringLiteral("hotSpotsDock"));
    m_hotSpotDock->setWidget(scrollable(m_hotSpotPanel));
    m_hotSpotDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_hotSpotDock);
    tabifyDockWidget(m_waitingDock, m_hotSpotDock);

    m_simPanel = new SimulationPanel(this);
    m_simDock = new QDockWidget(tr("Simulation"), this);
    m_simDock->setObjectName(QStringLiteral("simulationDock"));
    m_simDock->setWidget(scrollable(m_simPanel));
    m_simDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_simDock);
    tabifyDockWidget(m_logDock, m_simDock);
    m_logDock->raise();

    m_matrixView = new MatrixView(this);
    m_matrixDock = new QDockWidget(tr("Permission matrix"), this);
    m_matrixDock->setObjectName(QStringLiteral("permissionMatrixDock"));
    m_matrixDock->setWidget(scrollable(m_matrixView));
    m_matrixDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_matrixDock);
    tabifyDockWidget(m_logDock, m_matrixDock);
    m_logDock->raise();
    createTimelineDock();

    new FocusRing(this);
    m_hold = new UpdateHold(this);
    m_hold->watch(m_leasePanel->view()->viewport());
    connect(m_hold, &UpdateHold::released, this, [this](const std::vector<LockStatePtr>& states) {
        for (const LockStatePtr& s : states)
            showState(s);
    });
    connect(m_hold, &UpdateHold::tableReleased, this, [this](const std::vector<LockStatePtr>& states) {
        for (const LockStatePtr& s : states)
            m_leaseModel->applyState(s);
        m_leasePanel->updateTitle();
    });
    createActions();
    createMenus();
    createToolBar();
    createStatusBar();
    createProjectNotice();

    connect(m_bridge, &Bridge::stateChanged, this, [this](const LockStatePtr& state) {
        if (state->decorated)
            m_bridgeState = state; // what the views show again after the simulation
        if (!m_simulationShown)
            applyState(state);
    });
    connect(m_bridge, &Bridge::backendChanged, m_simPanel, &SimulationPanel::setBackend);
    connect(m_simPanel, &SimulationPanel::simulationShown, this, &MainWindow::showSimulation);
    connect(m_simPanel, &SimulationPanel::simulatedTreeChanged, this, [this](const ProjectTreeData& tree) {
        if (!m_simulationShown)
            return;
        m_treeModel->setTree(tree);
        m_treePanel->updateTitle();
        m_treePanel->expandLocked();
    });
    connect(m_simPanel, &SimulationPanel::simulatedStateChanged, this, [this](const LockStatePtr& state) {
        if (!m_simulationShown)
            return;
        applyState(state);
        m_treePanel->expandLocked();
    });
    connect(m_simPanel, &SimulationPanel::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(m_simPanel, &SimulationPanel::stepReported, this, [this](const QString& text) { statusBar()->showMessage(text, 5000); });
    // A dock brought forward by its tab gets the room raiseDock() would give it.
    for (QDockWidget* dock : {m_logDock, m_waitingDock, m_hotSpotDock, m_simDock, m_matrixDock, m_timelineDock})
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            if (visible)
                QTimer::singleShot(0, this, [this, dock] { fitDock(dock); });
        });
    connect(m_bridge, &Bridge::logEntries, this, [this](const LogBatch& batch) { m_logModel->append(*batch); });
    connect(m_bridge, &Bridge::contentionChanged, m_hotSpotPanel, &HotSpotPanel::applyContention);
    const auto showPath = [this](const QString& path) {
        if (!m_treePanel->selectPath(path))
            statusBar()->showMessage(tr("%1 is not in the tree").arg(path), 6000);
    };
    connect(m_waitingPanel, &WaitingPanel::pathRequested, this, showPath);
    connect(m_hotSpotPanel, &HotSpotPanel::pathRequested, this, showPath);
    connect(m_waitingPanel, &WaitingPanel::leaseRequested, this, [this](const QString& id) {
        if (!m_leasePanel->selectLease(id))
            statusBar()->showMessage(tr("Lease %1 is no longer held").arg(QString::fromStdString(shortLeaseId(id.toStdString()))), 6000);
    });
    connect(m_waitingPanel, &WaitingPanel::releaseBlockersRequested, this, &MainWindow::releaseBlockers);
    connect(m_treePanel, &TreePanel::releaseBlockersRequested, this, &MainWindow::releaseBlockers);
    connect(m_waitingPanel, &WaitingPanel::message, this, [this](const QString& text) { statusBar()->showMessage(text, 6000); });
    connect(m_waitingPanel, &WaitingPanel::countChanged, this, [this](int n) {
        m_waitingDock->setWindowTitle(n > 0 ? tr("Waiting (%1)").arg(n) : tr("Waiting"));
    });
    connect(m_hotSpotPanel, &HotSpotPanel::alarmRaised, this, &MainWindow::onHotSpotAlarm);
    connect(m_hotSpotPanel, &HotSpotPanel::alarmsUpdated, this, &MainWindow::updateHotSpotAlarm);
    connect(m_hotSpotPanel, &HotSpotPanel::alarmCountChanged, this, [this](int n) {
        m_hotSpotDock->setWindowTitle(n > 0 ? tr("Hot spots (%n alarm(s))", nullptr, n) : tr("Hot spots"));
    });
    connect(m_hotSpotPanel, &HotSpotPanel::thresholdChanged, this, [this](int perMinute) {
        if (m_options.useSettings)
            QSettings().setValue(QStringLiteral("hotSpots/alarmAbove"), perMinute);
    });
    connect(m_bridge, &Bridge::backendChanged, this, &MainWindow::onBackend);
    connect(m_bridge, &Bridge::connectionChanged, this, &MainWindow::onConnection);
    connect(m_bridge, &Bridge::actionFinished, this, &MainWindow::onAction);
    connect(m_treePanel, &TreePanel::nodeSelected, m_leasePanel, &LeasePanel::setNodeFilter);
    connect(m_treePanel, &TreePanel::onlyLockedChanged, m_onlyLocked, &QAction::setChecked);
    connect(m_leasePanel, &LeasePanel::leaseSelected, this, &MainWindow::onLeaseSelected);
    connect(m_leasePanel, &LeasePanel::forceReleaseRequested, this, [this](const QString& id) { forceRelease(id); });
    connect(m_leasePanel, &LeasePanel::showInTreeRequested, this, [this](const QString& id) {
        onLeaseSelected(id);
        m_treePanel->view()->setFocus();
    });
    connect(m_leasePanel, &LeasePanel::showEventsRequested, this, [this](const QString& id) {
        m_logPanel->setLeaseFilter(id);
        m_logDock->show();
        m_logDock->raise();
    });
    connect(m_treePanel, &TreePanel::showLeasesRequested, m_leasePanel, &LeasePanel::setNodeFilter);
    connect(m_treePanel, &TreePanel::forceReleaseRequested, this, [this](const QStringList& ids) {
        for (const QString& id : ids)
            forceRelease(id);
    });
    connect(m_logPanel, &EventLogPanel::leaseRequested, this, [this](const QString& id) {
        if (!m_leasePanel->selectLease(id))
            statusBar()->showMessage(tr("Lease %1 is no longer held").arg(QString::fromStdString(shortLeaseId(id.toStdString()))), 6000);
    });
    connect(m_logPanel, &EventLogPanel::pathRequested, this, [this](const QString& path) {
        if (!m_treePanel->selectPath(path))
            statusBar()->showMessage(tr("%1 is not in the tree").arg(path), 6000);
    });
    connect(m_logPanel, &EventLogPanel::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(m_leasePanel->view()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_forceRelease->setEnabled(!m_leasePanel->currentLeaseId().isEmpty()); });

    m_clock = new QTimer(this);
    m_clock->setInterval(1000);
    connect(m_clock, &QTimer::timeout, this, &MainWindow::tickClock);
    m_clock->start();

    // A window for a user fits the screen it opens on; screenshots (for the
    // docs) are made at one fixed size, or at the size asked for.
    if (m_options.windowSize.isValid())
        resize(m_options.windowSize);
    else if (m_options.screenshot.isEmpty())
        fitToScreen();
    else
        resize(1440, 900);
    // The lease table gets what all its columns need where the tree keeps
    // what its own need beside it (a 1280-pixel window); in a narrower one
    // the tree, the main view, is the larger side. The event log starts at a
    // quarter of the window, with at least six rows once shown (fitDock).
    const int across = width() - m_splitter->handleWidth();
    const int leases = m_leasePanel->preferredWidth();
    if (m_treePanel->preferredWidth() + leases <= across)
        m_splitter->setSizes({across - leases, leases});
    else
        m_splitter->setSizes({width() * 11 / 20, width() * 9 / 20});
    resizeDocks({m_logDock}, {height() / 4}, Qt::Vertical);
    // The legend costs a hundred pixels of tree: shown by default only where
    // the screen is tall (and in screenshots); the user's choice is remembered.
    m_treePanel->setLegendShown(!m_options.screenshot.isEmpty() || screen()->availableGeometry().height() >= 1000);
    if (m_options.useSettings)
        restoreSettings();
    connect(m_treePanel, &TreePanel::legendShownChanged, this, [this](bool shown) {
        if (m_options.useSettings)
            QSettings().setValue(QStringLiteral("view/legend"), shown);
    });
}

MainWindow::~MainWindow()
{
    // Stop the scans still running; their results will find no window.
    for (const auto& [request, load] : m_treeLoads)
        *load.cancel = true;
}

QString MainWindow::operatorName() const
{
    if (!m_config.operatorName.isEmpty())
        return m_config.operatorName;
    const QString user = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    return user.isEmpty() ? QStringLiteral("operator") : user;
}

void MainWindow::start()
{
    if (!m_options.treeFile.isEmpty())
        openTreePath(m_options.treeFile);
    else if (m_config.project == QLatin1String("demo"))
        setTree(demoTree());
    connectTo(m_config);
    if (!m_options.scenario.isEmpty())
        m_bridge->post(&BridgeWorker::runScenario, m_options.scenario);
    if (m_options.simulate || !m_options.simulationScenario.isEmpty())
        raiseDock(m_simDock);
    else if (m_options.showTimeline)
        raiseDock(m_timelineDock);
    if (m_options.simulate) {
        if (m_options.simulationUsers > 0)
            m_simPanel->setUsers(m_options.simulationUsers);
        m_simPanel->setLocking(m_options.simulationLocking);
        m_simPanel->startSimulation();
    } else if (!m_options.simulationScenario.isEmpty()) {
        m_simPanel->loadScenario(m_options.simulationScenario, true);
    }
}

void MainWindow::connectTo(const BackendConfig& config)
{
    m_config = config;
    if (m_config.operatorName.isEmpty())
        m_config.operatorName = operatorName();
    m_bridge->post(&BridgeWorker::connectTo, m_config);
    // The worker has its copy; keep none here.
    m_config.password.clear();
    m_config.sentinelPassword.clear();
    backendOpening();
}

void MainWindow::backendOpening()
{
    m_autoExpanded = false;
    m_autoExpandTimer.invalidate();
    m_leasePanel->setNodeFilter({});
    if (m_options.useSettings)
        ConnectDialog::rememberConnection(m_config);
}

void MainWindow::setTree(const ProjectTreeData& tree)
{
    m_tree = tree;
    if (m_simulationShown)
        return; // shown again when the simulation ends
    m_treeModel->setTree(tree);
    m_bridge->post(&BridgeWorker::setTree, m_treeModel->treeIndex());
    m_treePanel->updateTitle();
    m_autoExpanded = false;
    m_autoExpandTimer.invalidate();
    m_treePanel->expandLocked();
    if (tree.skipped > 0)
        statusBar()->showMessage(tr("%n name(s) skipped: not valid Treelock paths", nullptr, tree.skipped), 8000);
}

void MainWindow::openTreePath(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        QMessageBox::warning(this, tr("Open"), tr("%1 does not exist.").arg(path));
        return;
    }
    TreeLoadRequest load;
    load.cancel = std::make_shared<std::atomic<bool>>(false);
    load.progress = new QProgressDialog(tr("Reading %1…").arg(info.fileName()), tr("Cancel"), 0, 0, this);
    load.progress->setWindowModality(Qt::WindowModal);
    load.progress->setMinimumDuration(400);
    load.progress->setAutoClose(false);
    connect(load.progress, &QProgressDialog::canceled, this, [cancel = load.cancel] { *cancel = true; });
    const quint64 request = ++m_lastTreeLoad;
    m_treeLoads[request] = load;
    const auto read = [this, request, path, cancel = std::shared_ptr<const std::atomic<bool>>(load.cancel)](
                          const OneShotReport& report) {
        return loadTree(path, [this, request, cancel, &report](qint64 entries) {
            report([this, request, entries] { onTreeProgress(request, entries); });
            return !cancel->load();
        });
    };
    runOnce(QStringLiteral("treelock-tree-loading"), this, read,
            [this, request](const TreeLoad& result) { onTreeLoaded(request, result); });
}

void MainWindow::onTreeProgress(quint64 request, qint64 entries)
{
    const auto it = m_treeLoads.find(request);
    if (it != m_treeLoads.end() && it->second.progress)
        it->second.progress->setLabelText(tr("Reading folder… %n entries", nullptr, int(entries)));
}

void MainWindow::onTreeLoaded(quint64 request, const TreeLoad& load)
{
    const auto it = m_treeLoads.find(request);
    if (it == m_treeLoads.end())
        return;
    if (it->second.progress)
        it->second.progress->deleteLater();
    m_treeLoads.erase(it);
    if (!load.ok) {
        QMessageBox::warning(this, tr("Open tree file"), tr("Cannot read %1:\n%2").arg(load.path, load.error));
        return;
    }
    // Each load runs on a thread of its own: one opened later may finish first.
    if (request < m_appliedTreeLoad)
        return;
    m_appliedTreeLoad = request;
    setTree(load.tree);
    statusBar()->showMessage(tr("Loaded %1: %n node(s)", nullptr, int(load.tree.entries.size())).arg(load.path), 6000);
}

void MainWindow::openFolderDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Folder"));
    if (!dir.isEmpty())
        openTreePath(dir);
}

void MainWindow::openTreeFileDialog()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Open Tree File"), QString(),
                                                      tr("Treelock tree files (*.json);;All files (*)"));
    if (!file.isEmpty())
        openTreePath(file);
}

void MainWindow::connectDialog()
{
    ConnectDialog dialog(m_config, m_backend, this);
    if (dialog.exec() == QDialog::Accepted) {
        const BackendConfig c = dialog.config();
        treeForProject(c.project);
        connectTo(c);
    }
}

void MainWindow::applyState(const LockStatePtr& state)
{
    if (!m_hold->keep(state))
        showState(state);
}

void MainWindow::showState(const LockStatePtr& state)
{
    m_treeModel->applyState(state);
    // The table's first state is shown whatever the pointer does.
    if (!m_leaseModel->state() || !m_hold->keepForTable(state))
        m_leaseModel->applyState(state);
    m_waitingPanel->applyState(state);
    if (!m_simulationShown) // the Hot spots panel shows the project, not the simulation
        m_hotSpotModel->applyWaiters(*state);
    m_treePanel->lockStateApplied();
    m_leasePanel->updateTitle();
    updateReleaseExpired(state->expiredCount);
    // A light state has the delta, not the leases: the table has them all.
    const int held = state->decorated ? int(state->leases.size()) : m_leaseModel->leaseCount();
    const int live = held - state->expiredCount;
    if (state->listing)
        m_countsLabel->setText(tr("Loading leases… %1 of ~%2")
                                   .arg(QLocale().toString(qulonglong(state->listed)),
                                        QLocale().toString(qulonglong(state->listTotal))));
    else
        m_countsLabel->setText(tr("%Ln live lease(s)", nullptr, live)
                               + (state->expiredCount ? tr(" · %Ln expired", nullptr, state->expiredCount) : QString()));
    // Reveal the locks for the first seconds after connecting (the scenario's,
    // or those already held); after that the user decides what is expanded.
    if (!m_autoExpanded && !state->leases.empty()) {
        if (!m_autoExpandTimer.isValid())
            m_autoExpandTimer.start();
        m_treePanel->expandLocked();
        if (m_autoExpandTimer.elapsed() > 3000)
            m_autoExpanded = true;
    }
    const QString selected = m_leasePanel->currentLeaseId();
    if (!selected.isEmpty())
        onLeaseSelected(selected);
    // The clock ticks with the state, and next a second after it: a project
    // that changes every second repaints its time columns once a second, not twice.
    tickClock();
    m_clock->start();
    ++m_statesApplied;
    emit stateApplied();
}

void MainWindow::showSimulation(bool shown)
{
    if (shown == m_simulationShown)
        return;
    m_simulationShown = shown;
    m_hold->clear(); // another project's states
    m_leasePanel->setNodeFilter({});
    m_treeModel->setHighlightedPaths({});
    m_releaseExpired->setVisible(!shown);
    m_forceRelease->setVisible(!shown);
    showPanelSources();
    updateHotSpotAlarm(); // it names Studio's project while the views show another
    if (shown) {
        m_liveExpanded = expandedPaths(*m_treePanel->view());
        raiseDock(m_simDock);
        statusBar()->showMessage(tr("The tree and the lease table show the simulation's project"), 6000);
        return;
    }
    auto state = newLockState();
    if (m_bridgeState)
        *state = *m_bridgeState;
    state->full = true;
    // setTree() adds the paths of the model's current leases that the tree
    // lacks: those must be Studio's, not the simulation's.
    m_treeModel->applyState(state);
    m_treeModel->setTree(m_tree);
    m_treePanel->updateTitle();
    showState(state);
    expandPaths(*m_treePanel->view(), *m_treeModel, m_liveExpanded);
    m_bridge->post(&BridgeWorker::refresh);
    statusBar()->showMessage(tr("The tree and the lease table show project %1 again").arg(m_backend.project), 6000);
}

void MainWindow::raiseDock(QDockWidget* dock)
{
    dock->show();
    dock->raise();
    fitDock(dock);
}

void MainWindow::focusDock(QDockWidget* dock)
{
    // The panel's table (its first one), with a row to act on: the longest
    // waiter, the hottest path, the newest event.
    const QList<QAbstractItemView*> views = dock->widget()->findChildren<QAbstractItemView*>();
    QAbstractItemView* view = nullptr;
    for (QAbstractItemView* v : views)
        if (v->isVisibleTo(dock)) {
            view = v;
            break;
        }
    if (!view) {
        dock->widget()->setFocus(Qt::ShortcutFocusReason);
        return;
    }
    view->setFocus(Qt::ShortcutFocusReason);
    QAbstractItemModel* model = view->model();
    if (model && model->rowCount() > 0 && view->selectionModel() && !view->selectionModel()->hasSelection()) {
        const int row = dock == m_logDock ? model->rowCount() - 1 : 0;
        view->selectionModel()->setCurrentIndex(model->index(row, 0),
                                                QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
}

bool MainWindow::dockInFront(QDockWidget* dock) const
{
    if (!dock->isVisible())
        return false;
    // Tabbed docks: QMainWindow's tab bars carry each dock's address as tab data.
    for (const QTabBar* tabs : findChildren<QTabBar*>(Qt::FindDirectChildrenOnly))
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabData(i).value<quintptr>() == reinterpret_cast<quintptr>(dock))
                return tabs->currentIndex() == i;
    return true;
}

QAction* MainWindow::dockAction(QDockWidget* dock, const QString& text, const QString& name, const QKeySequence& key)
{
    // Not the dock's own toggleViewAction(): that closes a dock that is open
    // but tabbed behind another, where the user who picks it wants to see it.
    auto* action = new QAction(text, this);
    action->setObjectName(name);
    action->setShortcut(key);
    action->setCheckable(true);
    action->setChecked(!dock->isHidden());
    connect(action, &QAction::triggered, this, [this, dock, action] {
        QWidget* focus = QApplication::focusWidget();
        if (dockInFront(dock) && !(focus && dock->isAncestorOf(focus))) {
            // In front but the keys go elsewhere: the key brings them here.
            focusDock(dock);
            action->setChecked(true);
            return;
        }
        if (dockInFront(dock)) {
            // Qt would bring the tab to the right of it forward, which is
            // often the large Simulation panel: bring back the dock that was
            // in front before this one was, or the event log.
            QDockWidget* back = m_frontBefore.value(dock);
            const QList<QDockWidget*> tabbed = tabifiedDockWidgets(dock);
            if (!back || back->isHidden() || !tabbed.contains(back))
                back = tabbed.contains(m_logDock) && !m_logDock->isHidden() ? m_logDock : nullptr;
            dock->hide();
            if (back)
                back->raise();
        } else {
            // A closed dock has no tab to look beside: note every dock in
            // front, and keep the one it is tabbed with once it is back.
            QList<QDockWidget*> fronts;
            for (QDockWidget* other : findChildren<QDockWidget*>())
                if (other != dock && dockInFront(other))
                    fronts << other;
            raiseDock(dock);
            focusDock(dock);
            m_frontBefore.remove(dock);
            for (QDockWidget* other : tabifiedDockWidgets(dock))
                if (fronts.contains(other))
                    m_frontBefore.insert(dock, other);
        }
        action->setChecked(!dock->isHidden());
    });
    connect(dock, &QDockWidget::visibilityChanged, action, [dock, action] { action->setChecked(!dock->isHidden()); });
    m_dockActions.emplace_back(dock, action);
    return action;
}

void MainWindow::onLeaseSelected(const QString& id)
{
    std::vector<std::string> paths;
    if (const LeaseInfo* l = m_leaseModel->findLease(id.toStdString()))
        for (const LockRequest& r : l->requests)
            paths.push_back(r.path);
    m_treeModel->setHighlightedPaths(paths);
    m_treePanel->revealPaths(paths);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_options.useSettings)
        saveSettings();
    event->accept();
}

} // namespace treelock::ui
