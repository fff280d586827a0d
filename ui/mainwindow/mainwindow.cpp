#include "mainwindow/mainwindow.h"

#include "locks/bridge.h"
#include "matrix/matrixview.h"
#include "locks/eventlogmodel.h"
#include "locks/filterproxies.h"
#include "locks/leasetablemodel.h"
#include "locks/locktreemodel.h"
#include "locks/presentation.h"
#include "connection/connectdialog.h"
#include "locks/eventlogpanel.h"
#include "locks/forcereleasedialog.h"
#include "locks/leasepanel.h"
#include "locks/treeloader.h"
#include "locks/treepanel.h"
#include "simulation/simulationpanel.h"

#include <treelock/leaseid.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QSysInfo>
#include <QTableView>
#include <QTabBar>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <QScreen>

#include <algorithm>
#include <atomic>

namespace treelock::ui {

namespace {

/// Docks tabbed with the event log share its height and the window's width:
/// a wide or tall panel scrolls inside its dock rather than making the whole
/// window too large for a laptop's screen (or the log too tall).
QScrollArea* scrollable(QWidget* panel)
{
    auto* area = new QScrollArea;
    area->setObjectName(panel->objectName() + QStringLiteral("Scroll"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setWidget(panel);
    area->setMinimumSize(200, 60);
    return area;
}

/// A one-line label that elides its text to the width it is given and shows
/// the whole text as its tooltip; it takes what room the status bar has left.
class ElidedLabel : public QLabel {
public:
    using QLabel::QLabel;
    void setFullText(const QString& text)
    {
        m_full = text;
        setToolTip(text);
        elide();
    }
    QSize minimumSizeHint() const override { return {fontMetrics().averageCharWidth() * 12, QLabel::minimumSizeHint().height()}; }
    QSize sizeHint() const override { return {fontMetrics().horizontalAdvance(m_full) + 8, QLabel::sizeHint().height()}; }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QLabel::resizeEvent(event);
        elide();
    }

private:
    void elide() { setText(fontMetrics().elidedText(m_full, Qt::ElideRight, contentsRect().width())); }
    QString m_full;
};

} // namespace

MainWindow::MainWindow(const StudioOptions& options, QWidget* parent)
    : QMainWindow(parent), m_options(options), m_config(options.backend),
      m_treeLoading((registerTreeLoadTypes(), QStringLiteral("treelock-tree-loader")))
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

    m_treePanel = new TreePanel(m_treeModel, this);
    m_leasePanel = new LeasePanel(m_leaseModel, this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_splitter->addWidget(m_treePanel);
    m_splitter->addWidget(m_leasePanel);
    m_splitter->setStretchFactor(0, 5);
    m_splitter->setStretchFactor(1, 6);
    m_splitter->setChildrenCollapsible(false);

    m_banner = new QFrame(this);
    m_banner->setObjectName(QStringLiteral("connectionBanner"));
    m_banner->setStyleSheet(QStringLiteral("#connectionBanner { background: #c62828; } #connectionBanner QLabel { color: white; font-weight: bold; }"));
    m_bannerText = new QLabel(m_banner);
    m_bannerText->setWordWrap(true);
    auto* retry = new QPushButton(tr("Retry now"), m_banner);
    retry->setObjectName(QStringLiteral("retryButton"));
    auto* bannerLayout = new QHBoxLayout(m_banner);
    bannerLayout->setContentsMargins(10, 6, 10, 6);
    bannerLayout->addWidget(m_bannerText, 1);
    bannerLayout->addWidget(retry);
    m_banner->hide();
    connect(retry, &QPushButton::clicked, m_bridge, &Bridge::refresh);

    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(m_splitter, 1);
    setCentralWidget(central);

    m_logPanel = new EventLogPanel(m_logModel, this);
    m_logDock = new QDockWidget(tr("Event log"), this);
    m_logDock->setObjectName(QStringLiteral("eventLogDock"));
    m_logDock->setWidget(m_logPanel);
    m_logDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_logDock);

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

    createActions();
    createMenus();
    createToolBar();
    createStatusBar();

    connect(m_bridge, &Bridge::stateChanged, this, [this](const LockStatePtr& state) {
        m_bridgeState = state;
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
    connect(m_treeLoading.worker(), &TreeLoader::progress, this, &MainWindow::onTreeProgress);
    connect(m_treeLoading.worker(), &TreeLoader::loaded, this, &MainWindow::onTreeLoaded);
    connect(m_bridge, &Bridge::logEntries, this, [this](const LogBatch& batch) { m_logModel->append(*batch); });
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
    // The tree is the main view: the larger side, and the event log starts as
    // a strip of a few rows that the user can drag taller.
    m_splitter->setSizes({width() * 11 / 20, width() * 9 / 20});
    resizeDocks({m_logDock}, {std::clamp(height() / 5, 150, 240)}, Qt::Vertical);
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

void MainWindow::fitToScreen()
{
    const QRect available = screen()->availableGeometry();
    const QSize size(std::min(1440, available.width() * 4 / 5), std::min(900, available.height() * 4 / 5));
    resize(size);
    move(available.center() - QPoint(size.width() / 2, size.height() / 2));
}

void MainWindow::clampToScreen()
{
    if (isMaximized() || isFullScreen())
        return;
    const QRect available = screen()->availableGeometry();
    // Before the first show there is no frame yet: allow for a typical one.
    const QSize extra = isVisible() ? frameGeometry().size() - size()
                                    : QSize(16, 16 + style()->pixelMetric(QStyle::PM_TitleBarHeight));
    const QSize most = available.size() - extra;
    if (width() > most.width() || height() > most.height())
        resize(std::min(width(), most.width()), std::min(height(), most.height()));
    const QSize outer = size() + extra;
    const int x = std::clamp(pos().x(), available.left(), std::max(available.left(), available.right() + 1 - outer.width()));
    const int y = std::clamp(pos().y(), available.top(), std::max(available.top(), available.bottom() + 1 - outer.height()));
    if (QPoint(x, y) != pos())
        move(x, y);
}

MainWindow::~MainWindow()
{
    // m_treeLoading then waits for the loads still running: stop their scans.
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
        m_bridge->refresh();
    });

    m_releaseExpired = new QAction(s->standardIcon(QStyle::SP_TrashIcon), tr("Release expired (%1)").arg(0), this);
    m_releaseExpired->setObjectName(QStringLiteral("releaseExpiredAction"));
    m_releaseExpired->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_releaseExpired->setToolTip(tr("Reap every expired lease now; recorded as a sweep by you (Ctrl+Shift+R)"));
    m_releaseExpired->setEnabled(false);
    connect(m_releaseExpired, &QAction::triggered, m_bridge, &Bridge::releaseExpired);

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

    m_copyUrl = new QAction(s->standardIcon(QStyle::SP_FileLinkIcon), tr("Copy &URL"), this);
    m_copyUrl->setObjectName(QStringLiteral("copyUrlAction"));
    m_copyUrl->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copyUrl->setToolTip(tr("Copy the backend URL, to point the treelock CLI at the same server (Ctrl+Shift+C)"));
    connect(m_copyUrl, &QAction::triggered, this, &MainWindow::copyUrl);

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
    view->addSeparator();
    view->addAction(m_findNode);
    view->addAction(m_filterLeases);
    view->addAction(m_onlyLocked);
    view->addAction(m_expandLocked);
    view->addSeparator();
    view->addAction(dockAction(m_logDock, tr("Event &log"), QStringLiteral("eventLogAction"), QKeySequence(Qt::CTRL | Qt::Key_J)));
    m_simDockAction = dockAction(m_simDock, tr("&Simulation"), QStringLiteral("simulationDockAction"), QKeySequence(Qt::CTRL | Qt::Key_5));
    view->addAction(m_simDockAction);
    QAction* matrix = dockAction(m_matrixDock, tr("Permission &matrix"), QStringLiteral("permissionMatrixAction"),
                                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    view->addAction(matrix);

    QMenu* locks = menuBar()->addMenu(tr("&Locks"));
    locks->setObjectName(QStringLiteral("locksMenu"));
    locks->addAction(m_releaseExpired);
    locks->addAction(m_forceRelease);
    locks->addSeparator();
    locks->addAction(m_copyUrl);

    createSimulationMenu();

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    help->addAction(m_about);
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
    // onBackend() rewrites the label; a backend change during a simulation names the simulation again after it.
    connect(m_bridge, &Bridge::backendChanged, this, [this] {
        QMetaObject::invokeMethod(this, &MainWindow::showSimulationSource, Qt::QueuedConnection);
    });
}

void MainWindow::showSimulationSource()
{
    if (m_backendLabel->text() != m_simulationLabel)
        m_backendLabelSaved = m_backendLabel->text(); // the backend's, set by onBackend()
    if (m_simPanel->shownProject().isEmpty()) {
        m_simulationLabel.clear();
        m_backendLabel->setText(m_backendLabelSaved);
        return;
    }
    m_simulationLabel = tr("<b>Simulation</b> · %1 · project <b>%2</b>")
                            .arg(m_simPanel->shownEngine().toHtmlEscaped(), m_simPanel->shownProject().toHtmlEscaped());
    m_backendLabel->setText(m_simulationLabel);
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
}

void MainWindow::createStatusBar()
{
    auto* result = new ElidedLabel(this);
    result->setObjectName(QStringLiteral("actionResult"));
    result->setAccessibleName(tr("Result of the last action"));
    m_resultLabel = result;
    statusBar()->addWidget(m_resultLabel, 1);
    m_backendLabel = new QLabel(this);
    m_backendLabel->setObjectName(QStringLiteral("backendLabel"));
    m_backendLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_countsLabel = new QLabel(this);
    m_clockLabel = new QLabel(this);
    m_clockLabel->setToolTip(tr("The lock server's clock (all expiries are in server time)"));
    auto* copy = new QToolButton(this);
    copy->setDefaultAction(m_copyUrl);
    copy->setToolButtonStyle(Qt::ToolButtonIconOnly);
    copy->setAutoRaise(true);
    statusBar()->addPermanentWidget(m_countsLabel);
    statusBar()->addPermanentWidget(m_clockLabel);
    statusBar()->addPermanentWidget(m_backendLabel);
    statusBar()->addPermanentWidget(copy);
    m_backendLabel->setText(tr("Connecting…"));
}

void MainWindow::start()
{
    if (!m_options.treeFile.isEmpty())
        openTreePath(m_options.treeFile);
    else if (m_config.project == QLatin1String("demo"))
        setTree(demoTree());
    connectTo(m_config);
    if (!m_options.scenario.isEmpty())
        m_bridge->runScenario(m_options.scenario);
    if (m_options.simulate || !m_options.simulationScenario.isEmpty())
        raiseDock(m_simDock);
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
    m_autoExpanded = false;
    m_autoExpandTimer.invalidate();
    m_leasePanel->setNodeFilter({});
    m_bridge->connectTo(m_config);
    if (m_options.useSettings)
        ConnectDialog::rememberConnection(m_config);
    m_config.password.clear(); // the worker has its copy; keep none here
}

void MainWindow::setTree(const ProjectTreeData& tree)
{
    m_tree = tree;
    if (m_simulationShown)
        return; // shown again when the simulation ends
    m_treeModel->setTree(tree);
    m_bridge->setTree(m_treeModel->treeIndex());
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
    m_treeLoading.post([request, path, cancel = load.cancel](TreeLoader& loader) { loader.load(request, path, cancel); });
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
    ConnectDialog dialog(m_config, this);
    if (dialog.exec() == QDialog::Accepted) {
        const BackendConfig c = dialog.config();
        if (c.project != m_config.project && c.project != QLatin1String("demo"))
            setTree(ProjectTreeData{c.project, {}, {}, 0});
        connectTo(c);
    }
}

void MainWindow::applyState(const LockStatePtr& state)
{
    m_treeModel->applyState(state);
    m_leaseModel->applyState(state);
    m_treePanel->lockStateApplied();
    m_leasePanel->updateTitle();
    updateReleaseExpired(state->expiredCount);
    const int live = int(state->leases.size()) - state->expiredCount;
    m_countsLabel->setText(tr("%n live lease(s)", nullptr, live)
                           + (state->expiredCount ? tr(" · %n expired", nullptr, state->expiredCount) : QString()));
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
    tickClock();
    ++m_statesApplied;
    emit stateApplied();
}

void MainWindow::showSimulation(bool shown)
{
    if (shown == m_simulationShown)
        return;
    m_simulationShown = shown;
    m_leasePanel->setNodeFilter({});
    m_treeModel->setHighlightedPaths({});
    m_releaseExpired->setVisible(!shown);
    m_forceRelease->setVisible(!shown);
    if (shown) {
        raiseDock(m_simDock);
        statusBar()->showMessage(tr("The tree and the lease table show the simulation's project"), 6000);
        return;
    }
    auto state = m_bridgeState ? std::make_shared<LockState>(*m_bridgeState) : std::make_shared<LockState>();
    state->full = true;
    // setTree() adds the paths of the model's current leases that the tree
    // lacks: those must be Studio's, not the simulation's.
    m_treeModel->applyState(state);
    m_treeModel->setTree(m_tree);
    m_treePanel->updateTitle();
    applyState(state);
    m_bridge->refresh();
    statusBar()->showMessage(tr("The tree and the lease table show project %1 again").arg(m_backend.project), 6000);
}

void MainWindow::raiseDock(QDockWidget* dock)
{
    dock->show();
    dock->raise();
    // It shares the event log's strip of a few rows: too short for its panel.
    if (!dock->isFloating() && dock->height() < height() * 2 / 5)
        resizeDocks({dock}, {height() / 2}, Qt::Vertical);
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
        if (dockInFront(dock))
            dock->hide();
        else
            raiseDock(dock);
        action->setChecked(!dock->isHidden());
    });
    connect(dock, &QDockWidget::visibilityChanged, action, [dock, action] { action->setChecked(!dock->isHidden()); });
    return action;
}

void MainWindow::updateReleaseExpired(int count)
{
    m_expiredCount = count;
    m_releaseExpired->setText(tr("Release expired (%1)").arg(count));
    m_releaseExpired->setEnabled(count > 0);
}

void MainWindow::onBackend(const BackendInfo& info)
{
    m_backend = info;
    QString kind;
    switch (info.kind) {
    case BackendConfig::Kind::Private: kind = tr("Private Redis"); break;
    case BackendConfig::Kind::Url: kind = tr("Redis"); break;
    case BackendConfig::Kind::Memory: kind = tr("In-process engine"); break;
    }
    // A private server's socket path is long: the label shows its ends, the tooltip and Copy URL all of it.
    const QString shownUrl = fontMetrics().elidedText(info.url, Qt::ElideMiddle, fontMetrics().averageCharWidth() * 30);
    const QString url = info.kind == BackendConfig::Kind::Memory ? QString() : QStringLiteral(" <code>%1</code>").arg(shownUrl.toHtmlEscaped());
    m_backendLabel->setText(tr("<b>%1</b>%2 · project <b>%3</b>").arg(kind, url, info.project.toHtmlEscaped()));
    QString tip = info.note;
    if (info.kind != BackendConfig::Kind::Memory)
        tip += QStringLiteral("\n\n") + tr("From a terminal:") + QStringLiteral("\n  treelock --redis %1 --project %2 locks").arg(info.url, info.project);
    if (!info.warnings.isEmpty())
        tip += QStringLiteral("\n\n") + tr("Server warnings:") + QStringLiteral("\n  ") + info.warnings.join(QStringLiteral("\n  "));
    m_backendLabel->setToolTip(tip.trimmed());
    m_copyUrl->setEnabled(info.kind != BackendConfig::Kind::Memory);
    setWindowTitle(tr("%1 — Treelock Studio").arg(info.kind == BackendConfig::Kind::Memory
                                                       ? info.project
                                                       : QStringLiteral("%1 @ %2").arg(info.project, info.url)));
    if (info.kind == BackendConfig::Kind::Memory && !info.note.isEmpty())
        statusBar()->showMessage(info.note, 15000);
    // The private server is throwaway by design (no persistence); anywhere else
    // a weakened guarantee is said out loud, not only in a tooltip.
    if (info.kind == BackendConfig::Kind::Url && !info.warnings.isEmpty()) {
        m_backendLabel->setText(m_backendLabel->text() + QStringLiteral(" <b style='color:#c62828'>⚠</b>"));
        statusBar()->showMessage(tr("Server warning: %1").arg(info.warnings.join(QStringLiteral(" · "))), 30000);
    }
}

void MainWindow::onConnection(const ConnectionState& state)
{
    switch (state.status) {
    case ConnectionStatus::Connected:
        m_banner->hide();
        break;
    case ConnectionStatus::Connecting:
        m_banner->hide();
        statusBar()->showMessage(tr("Connecting…"), 3000);
        break;
    case ConnectionStatus::Lost:
        m_bannerText->setText(tr("Connection lost: %1 — reconnecting every second (attempt %2). The view shows the last known state.")
                                  .arg(state.message).arg(state.attempt));
        m_banner->show();
        break;
    }
}

void MainWindow::onAction(const ActionResult& result)
{
    m_lastAction = result.message;
    // A release or sweep that worked shows up as the stream's own event; any
    // other result would leave no trace once the status bar moves on.
    const bool streamed = result.ok && (result.kind == ActionResult::Kind::ForceRelease || result.kind == ActionResult::Kind::Sweep);
    showResult(result.message, !streamed);
    emit actionReported(result);
}

void MainWindow::showResult(const QString& text, bool log)
{
    // A temporary message would hide the result label: the result wins.
    statusBar()->clearMessage();
    static_cast<ElidedLabel*>(m_resultLabel)->setFullText(text);
    if (!log)
        return;
    LogEntry entry;
    entry.type = LogEntry::Type::Info;
    entry.time = m_leaseModel->state() ? m_leaseModel->state()->clock.now() : ServerTime{};
    entry.detail = text;
    m_logModel->append(entry);
}

void MainWindow::onLeaseSelected(const QString& id)
{
    std::vector<std::string> paths;
    const int row = m_leaseModel->rowOf(id.toStdString());
    if (const LeaseInfo* l = m_leaseModel->leaseAt(row))
        for (const LockRequest& r : l->requests)
            paths.push_back(r.path);
    m_treeModel->setHighlightedPaths(paths);
    m_treePanel->revealPaths(paths);
}

void MainWindow::forceRelease(const QString& leaseId, const QString& reason)
{
    const int row = m_leaseModel->rowOf(leaseId.toStdString());
    const LeaseInfo* lease = m_leaseModel->leaseAt(row);
    if (!lease)
        return;
    QString why = reason;
    if (why.isEmpty()) {
        ForceReleaseDialog dialog(*lease, m_leaseModel->statusAt(row) == LeaseTableModel::Status::Expired,
                                  operatorName(), QSysInfo::machineHostName(), this);
        if (dialog.exec() != QDialog::Accepted) {
            showResult(tr("Force release of %1 cancelled: nothing was released")
                           .arg(QString::fromStdString(shortLeaseId(leaseId.toStdString()))), true);
            return;
        }
        why = dialog.reason();
    }
    // The released row goes away and the view would move the selection to its
    // neighbour, often another owner's lease: a second Delete would then
    // revoke that one. Select nothing, so the next Delete needs a new choice.
    QTableView* table = m_leasePanel->view();
    table->selectionModel()->clear();
    showResult(tr("Force-releasing %1…").arg(QString::fromStdString(shortLeaseId(leaseId.toStdString()))), false);
    m_bridge->forceRelease(leaseId, why);
}

void MainWindow::copyUrl()
{
    if (m_backend.kind == BackendConfig::Kind::Memory)
        return;
    QApplication::clipboard()->setText(m_backend.url);
    statusBar()->showMessage(tr("Copied %1 — try: treelock --redis %1 --project %2 locks").arg(m_backend.url, m_backend.project), 10000);
}

void MainWindow::tickClock()
{
    m_leaseModel->tick();
    m_treePanel->view()->viewport()->update();
    if (const LockStatePtr s = m_leaseModel->state(); s && s->clock.serverTime != ServerTime{})
        m_clockLabel->setText(tr("server %1").arg(presentation::formatClock(s->clock.now()).left(8)));
}

bool MainWindow::saveScreenshot(const QString& file)
{
    return grab().save(file, "PNG");
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!m_options.windowSize.isValid() && settings.contains(QStringLiteral("window/geometry"))) {
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        clampToScreen(); // saved on a larger screen, or with another resolution
    }
    if (settings.contains(QStringLiteral("window/state")))
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (settings.contains(QStringLiteral("view/legend")))
        m_treePanel->setLegendShown(settings.value(QStringLiteral("view/legend")).toBool());
    if (settings.contains(QStringLiteral("window/splitter")))
        m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
    if (settings.contains(QStringLiteral("window/treeHeader")))
        m_treePanel->view()->header()->restoreState(settings.value(QStringLiteral("window/treeHeader")).toByteArray());
    if (settings.contains(QStringLiteral("window/leaseHeader")))
        m_leasePanel->view()->horizontalHeader()->restoreState(settings.value(QStringLiteral("window/leaseHeader")).toByteArray());
}

void MainWindow::saveSettings()
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("window/treeHeader"), m_treePanel->view()->header()->saveState());
    settings.setValue(QStringLiteral("window/leaseHeader"), m_leasePanel->view()->horizontalHeader()->saveState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_options.useSettings)
        saveSettings();
    event->accept();
}

} // namespace treelock::ui
