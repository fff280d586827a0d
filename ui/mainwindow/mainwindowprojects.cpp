// MainWindow and the other projects on its server: the bar that offers them
// and the switch to one.
#include "mainwindow/mainwindow.h"
#include "mainwindow/projectnotice.h"

#include "bridge/bridge.h"
#include "simulation/simulationpanel.h"

#include <QSplitter>
#include <QVBoxLayout>

namespace treelock::ui {

void MainWindow::createProjectNotice()
{
    m_projectNotice = new ProjectNotice(this);
    // Above the views, below the connection's banners.
    auto* layout = qobject_cast<QVBoxLayout*>(centralWidget()->layout());
    layout->insertWidget(layout->indexOf(m_splitter), m_projectNotice);
    connect(m_bridge, &Bridge::otherProjectsChanged, m_projectNotice, [this](const ProjectList& projects) {
        m_projectNotice->setProjects(m_backend.url + QLatin1Char(' ') + m_backend.project, projects);
    });
    // A simulation on Studio's Redis takes its leases in a project of its own.
    connect(m_simPanel, &SimulationPanel::shownProjectChanged, m_projectNotice,
            [this] { m_projectNotice->setExcluded(m_simPanel->shownProject()); });
    connect(m_projectNotice, &ProjectNotice::switchRequested, this, &MainWindow::switchProject);
}

void MainWindow::switchProject(const QString& project)
{
    if (project.isEmpty() || project == m_config.project)
        return;
    treeForProject(project);
    m_config.project = project;
    // The worker reconnects with the passwords it has; this window keeps none.
    m_bridge->post(&BridgeWorker::openProject, project);
    backendOpening();
}

void MainWindow::treeForProject(const QString& project)
{
    if (project != m_config.project && project != QLatin1String("demo"))
        setTree(ProjectTreeData{project, {}, {}, 0});
}

} // namespace treelock::ui
