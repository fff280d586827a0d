// MainWindow's Timeline dock: what it is handed and what its clicks select.
#include "mainwindow/mainwindow.h"

#include "bridge/bridge.h"
#include "common/tableviews.h"
#include "panels/eventlog/eventlogpanel.h"
#include "panels/leases/leasepanel.h"
#include "panels/timeline/timelinepanel.h"
#include "panels/waiting/waitingpanel.h"
#include "simulation/simulationpanel.h"

#include <treelock/leaseid.h>

#include <QDockWidget>
#include <QScrollArea>
#include <QStatusBar>

namespace treelock::ui {

void MainWindow::createTimelineDock()
{
    m_timelinePanel = new TimelinePanel(this);
    m_timelineDock = new QDockWidget(tr("Timeline"), this);
    m_timelineDock->setObjectName(QStringLiteral("timelineDock"));
    m_timelineDock->setWidget(scrollable(m_timelinePanel));
    m_timelineDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                                | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_timelineDock);
    tabifyDockWidget(m_logDock, m_timelineDock);
    m_logDock->raise();

    // The project's history goes on while a simulation is shown; the
    // simulation's is built from its states alone (it has no events stream).
    TimelinePanel* timeline = m_timelinePanel;
    connect(m_bridge, &Bridge::logEntries, timeline, &TimelinePanel::appendLog);
    connect(m_bridge, &Bridge::stateChanged, timeline, &TimelinePanel::applyState);
    connect(m_bridge, &Bridge::backendChanged, timeline, &TimelinePanel::setBackend);
    connect(m_bridge, &Bridge::failedOver, timeline, &TimelinePanel::noteFailover);
    connect(m_bridge, &Bridge::connectionChanged, timeline, &TimelinePanel::noteConnection);
    connect(m_simPanel, &SimulationPanel::simulationShown, timeline, &TimelinePanel::setSimulationShown);
    connect(m_simPanel, &SimulationPanel::simulatedStateChanged, timeline, &TimelinePanel::applySimulationState);

    connect(timeline, &TimelinePanel::leaseRequested, this, [this](const QString& id) {
        if (!m_leasePanel->selectLease(id))
            statusBar()->showMessage(tr("Lease %1 is no longer held").arg(QString::fromStdString(shortLeaseId(id.toStdString()))), 6000);
    });
    connect(timeline, &TimelinePanel::waiterRequested, this, [this](const QString& id) {
        if (m_waitingPanel->selectWaiter(id))
            raiseDock(m_waitingDock);
        else if (m_leasePanel->selectLease(id)) // it got its lease meanwhile
            statusBar()->showMessage(tr("That waiter got its lease: selected in the lease table"), 6000);
        else
            statusBar()->showMessage(tr("That waiter no longer waits"), 6000);
    });
    connect(timeline, &TimelinePanel::eventRequested, this, [this](const QString& streamId, ServerTime at) {
        if (m_logPanel->selectEntry(streamId, at))
            raiseDock(m_logDock);
        else
            statusBar()->showMessage(tr("The event log no longer holds that event"), 6000);
    });
}

} // namespace treelock::ui
