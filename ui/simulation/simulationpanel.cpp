#include "simulation/simulationpanel.h"

#include "simulation/livestatisticsview.h"
#include "simulation/loadtestform.h"
#include "simulation/scenarioplayer.h"
#include "simulation/simulationcontroller.h"

#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <utility>

namespace treelock::ui {

namespace {

/// The panel's tabs. Their wrapped labels would have the dock's scroll area
/// make the panel as tall as they prefer; without height-for-width it makes it
/// as tall as the dock (at least its least height), so nothing scrolls while
/// the page in front fits.
class PanelTabs final : public QTabWidget {
public:
    using QTabWidget::QTabWidget;
    bool hasHeightForWidth() const override { return false; }
};

} // namespace

SimulationPanel::SimulationPanel(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("simulationPanel"));
    m_controller = new SimulationController(this);
    m_form = new LoadTestForm;
    m_live = new LiveStatisticsView;
    m_player = new ScenarioPlayer;

    auto* loadTest = new QSplitter(Qt::Horizontal);
    loadTest->setObjectName(QStringLiteral("simulationSplitter"));
    loadTest->setChildrenCollapsible(false);
    loadTest->addWidget(m_form);
    loadTest->addWidget(m_live);
    loadTest->setStretchFactor(0, 0);
    loadTest->setStretchFactor(1, 1);

    m_tabs = new PanelTabs(this);
    m_tabs->setDocumentMode(true);
    m_tabs->setObjectName(QStringLiteral("simulationTabs"));
    m_tabs->addTab(loadTest, tr("Load test"));
    m_tabs->addTab(m_player, tr("Scenarios"));
    // Only the page in front sets the panel's least size: the load test's
    // charts do not make a short dock scroll the scenario player's buttons away.
    const auto fitToPage = [this](int current) {
        for (int i = 0; i < m_tabs->count(); ++i)
            m_tabs->widget(i)->setSizePolicy(i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored,
                                             i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored);
        m_tabs->updateGeometry();
    };
    connect(m_tabs, &QTabWidget::currentChanged, this, fitToPage);
    fitToPage(m_tabs->currentIndex());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    connect(m_form, &LoadTestForm::startRequested, this, &SimulationPanel::startSimulation);
    connect(m_form, &LoadTestForm::pauseRequested, this, &SimulationPanel::pauseSimulation);
    connect(m_form, &LoadTestForm::stopRequested, this, &SimulationPanel::stopSimulation);
    connect(m_form, &LoadTestForm::stepRequested, this, &SimulationPanel::stepSimulation);
    connect(m_form, &LoadTestForm::speedChanged, m_controller,
            [this](double speed) { m_controller->post(&SimulationWorker::setSpeed, speed); });
    connect(m_form, &LoadTestForm::lockingChanged, m_controller,
            [this](bool on) { m_controller->post(&SimulationWorker::setLocking, on); });
    connect(m_form, &LoadTestForm::fairnessChanged, this,
            [this] { m_controller->post(&SimulationWorker::setFairness, m_form->request().config.fairnessGrace); });

    connect(m_player, &ScenarioPlayer::loadRequested, this, &SimulationPanel::loadScenario);
    connect(m_player, &ScenarioPlayer::stepReported, this, &SimulationPanel::stepReported);
    connect(m_player, &ScenarioPlayer::closed, this, &SimulationPanel::hideProject);
    connect(m_player, &ScenarioPlayer::stepFinished, this, &SimulationPanel::scenarioStepFinished);
    connect(m_player, &ScenarioPlayer::finished, this, &SimulationPanel::scenarioFinished);
    connect(m_player, &ScenarioPlayer::scenarioRequested, this,
            [this](const QString& name, SimulationEngine engine, const QString& redisUrl, quint64 session) {
                m_controller->post(&SimulationWorker::loadScenario, name, engine, redisUrl, session);
            });
    connect(m_player, &ScenarioPlayer::nextStepRequested, this, [this] { m_controller->post(&SimulationWorker::scenarioNext); });
    connect(m_player, &ScenarioPlayer::dropRequested, this, [this] { m_controller->post(&SimulationWorker::closeScenario); });
    connect(m_controller, &SimulationController::scenarioLoaded, m_player, &ScenarioPlayer::onScenarioLoaded);
    connect(m_controller, &SimulationController::stepFinished, m_player, &ScenarioPlayer::onStepFinished);

    connect(m_controller, &SimulationController::frameReady, this, &SimulationPanel::onFrame);
    connect(m_controller, &SimulationController::stepped, this, [this](const QString& text) {
        m_stepReport = tr("Step: %1").arg(text);
        m_live->setStatus(m_stepReport.toHtmlEscaped());
        // The run is paused now: the frame that says so keeps this line.
        m_state = sim::Simulation::State::Paused;
    });
    const auto showError = [this](const QString& text) {
        m_live->setStatus(QStringLiteral("<span style='color:#c62828'>%1</span>").arg(text.toHtmlEscaped()));
        m_player->onFailed(text);
        emit message(text);
    };
    connect(m_controller, &SimulationController::failed, this, showError);
    connect(m_controller, &SimulationController::notStarted, this, [this, showError](const QString& text) {
        showError(text);
        m_state = sim::Simulation::State::Finished; // nothing runs: Start may be pressed again
        m_form->setState(m_state);
    });
    m_form->setState(m_state);
}

SimulationPanel::~SimulationPanel() = default;

SimulationRequest SimulationPanel::request() const
{
    return m_form->request();
}

void SimulationPanel::setRequest(const SimulationRequest& request)
{
    m_form->setRequest(request);
}

void SimulationPanel::setUsers(int users)
{
    m_form->setUsers(users);
}

void SimulationPanel::setLocking(bool on)
{
    m_form->setLocking(on);
}

void SimulationPanel::setBackend(const BackendInfo& info)
{
    m_backend = info;
    m_form->setBackend(info);
}

ConflictMatrixModel* SimulationPanel::matrixModel() const
{
    return m_live->matrixModel();
}

ScenarioStepModel* SimulationPanel::stepModel() const
{
    return m_player->stepModel();
}

QLabel* SimulationPanel::violationsLabel() const
{
    return m_live->violationsLabel();
}

bool SimulationPanel::scenarioAtEnd() const
{
    return m_player->atEnd();
}

QList<QAction*> SimulationPanel::runActions() const
{
    return m_form->runActions();
}

void SimulationPanel::startSimulation()
{
    m_tabs->setCurrentIndex(0);
    m_hideOnFinish = false;
    if (m_player->isLoaded())
        m_player->close();
    if (m_state == sim::Simulation::State::Idle || m_state == sim::Simulation::State::Finished) {
        m_live->reset();
        m_stats = {};
    }
    m_controller->post(&SimulationWorker::start, m_form->request());
    m_live->setStatus(tr("Running…"));
    m_state = sim::Simulation::State::Running;
    m_form->setState(m_state);
}

void SimulationPanel::pauseSimulation()
{
    m_controller->post(&SimulationWorker::pause);
}

void SimulationPanel::stopSimulation()
{
    m_hideOnFinish = true;
    m_controller->post(&SimulationWorker::stop);
}

void SimulationPanel::stepSimulation()
{
    m_tabs->setCurrentIndex(0);
    m_hideOnFinish = false;
    if (m_player->isLoaded())
        m_player->close();
    m_controller->post(&SimulationWorker::step, m_form->request());
}

void SimulationPanel::loadScenario(const QString& name, bool play)
{
    m_tabs->setCurrentIndex(1);
    if (m_state == sim::Simulation::State::Running || m_state == sim::Simulation::State::Paused) {
        m_state = sim::Simulation::State::Finished;
        m_form->setState(m_state);
    }
    m_hideOnFinish = false;
    m_player->load(name, play, m_form->engine(), m_backend.url);
}

void SimulationPanel::playScenario()
{
    m_player->play();
}

void SimulationPanel::stepScenario()
{
    m_player->step();
}

void SimulationPanel::closeScenario()
{
    m_player->close();
}

void SimulationPanel::onFrame(const SimulationFramePtr& frame)
{
    ++m_frames;
    // A scenario's frames come in the order it made them, but one made before
    // the scenario was closed or replaced may arrive after: it shows nothing.
    if (frame->source == SimulationFrame::Source::Scenario && frame->scenario != m_player->session())
        return;
    if (frame->source == SimulationFrame::Source::Simulation) {
        if (m_player->isLoaded())
            return; // a late frame of the run the scenario replaced
        const sim::Simulation::State previous = m_state;
        m_state = frame->state;
        m_stats = frame->statistics;
        m_live->setStatistics(m_stats);
        m_form->setState(m_state);
        emit statisticsUpdated();
        if (m_state == sim::Simulation::State::Finished) {
            m_live->setStatus(tr("Stopped after %1 simulated s.").arg(m_stats.elapsed.count() / 1000.0, 0, 'f', 1));
            if (m_hideOnFinish)
                hideProject();
            return;
        }
        if (m_state == sim::Simulation::State::Paused && previous == sim::Simulation::State::Running)
            m_live->setStatus(tr("Paused at %1 s: Step runs one event, Resume goes on.").arg(m_stats.elapsed.count() / 1000.0, 0, 'f', 1));
        else if (m_state == sim::Simulation::State::Running)
            m_live->setStatus(tr("Running on %1 · project <b>%2</b> · %n tree entries", nullptr, int(m_stats.treeEntries))
                                  .arg(frame->engineText.toHtmlEscaped(), frame->project.toHtmlEscaped()));
    }
    showFrameProject(*frame);
}

void SimulationPanel::showFrameProject(const SimulationFrame& frame)
{
    if (frame.engineText != m_shownEngine || frame.project != m_shownProject) {
        m_shownEngine = frame.engineText;
        m_shownProject = frame.project;
        emit shownProjectChanged();
    }
    if (!m_shown) {
        m_shown = true;
        emit simulationShown(true);
    }
    // The state first: a tree model given a new tree keeps the paths of its
    // current leases, which must be the ones that go with that tree.
    if (frame.locks)
        emit simulatedStateChanged(frame.locks);
    if (frame.tree)
        emit simulatedTreeChanged(*frame.tree);
    // After the frame that follows a Step: the window's own notes on what it shows come first.
    if (!m_stepReport.isEmpty())
        emit stepReported(std::exchange(m_stepReport, QString()));
}

void SimulationPanel::hideProject()
{
    if (m_shown) {
        m_shown = false;
        m_shownEngine.clear();
        m_shownProject.clear();
        emit simulationShown(false);
    }
}

} // namespace treelock::ui
