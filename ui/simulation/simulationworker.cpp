#include "simulation/simulationworker.h"

#include "lockview/treeindex.h"

#include <treelock/error.h>
#include <treelock/memoryengine.h>
#include <treelock/redisengine.h>

#include <QFile>
#include <QTimer>

namespace treelock::ui {

namespace {
constexpr int kPollMs = 250;
constexpr qint64 kTreeIntervalMs = 500; // tree model resets at most twice a second while running
const std::string kSimProject = "sim";
const std::string kScenarioProject = "sim-scenario";
}

SimulationWorker::SimulationWorker(QObject* parent) : SimulationSignals(parent)
{
    m_timer = new QTimer(this);
    m_timer->setInterval(kPollMs);
    connect(m_timer, &QTimer::timeout, this, &SimulationWorker::poll);
}

SimulationWorker::~SimulationWorker() { shutdown(); }

void SimulationWorker::shutdown()
{
    if (m_timer)
        m_timer->stop();
    m_player.reset();
    m_scenarioEngine.reset();
    m_scenarioClock.reset();
    m_sim.reset(); // stop()s and joins its threads
}

std::shared_ptr<Engine> SimulationWorker::openEngine(SimulationEngine engine, const QString& redisUrl,
                                                     const std::string& project, QString* description)
{
    if (engine == SimulationEngine::Memory) {
        *description = tr("in-process engine");
        return std::make_shared<MemoryEngine>(project);
    }
    RedisOptions options;
    options.url = redisUrl.toStdString();
    // The bridge keeps the password to itself; a password-protected server needs the environment.
    options.user = qEnvironmentVariable("TREELOCK_REDIS_USER").toStdString();
    options.password = qEnvironmentVariable("TREELOCK_REDIS_PASSWORD").toStdString();
    auto redis = std::make_shared<RedisEngine>(options, project);
    static_cast<void>(redis->now()); // connect now: a bad URL fails here, not in a user thread
    *description = QString::fromStdString(redis->describe());
    return redis;
}

bool SimulationWorker::create(const SimulationRequest& request)
{
    closeScenario();
    m_sim.reset();
    m_last.reset();
    m_haveTree = false;
    try {
        sim::SimulationConfig config = request.config;
        config.project = kSimProject;
        config.duration = std::chrono::milliseconds(0);
        m_virtualTime = request.engine == SimulationEngine::Memory;
        if (m_virtualTime) {
            config.timing = sim::Timing::Virtual;
            config.engine.reset();
            m_engineText = tr("in-process engine, virtual clock");
        } else {
            config.timing = sim::Timing::RealTime;
            config.engine = openEngine(request.engine, request.redisUrl, kSimProject, &m_engineText);
        }
        m_project = QString::fromStdString(kSimProject);
        m_sim = std::make_unique<sim::Simulation>(std::move(config));
        m_speed = request.engine == SimulationEngine::Redis && request.speed <= 0 ? 1 : request.speed;
        m_sim->setSpeed(m_speed);
        return true;
    } catch (const std::exception& e) {
        m_sim.reset();
        emit notStarted(tr("Cannot start the simulation: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
}

void SimulationWorker::start(const SimulationRequest& request)
{
    if (!m_sim || m_sim->state() == sim::Simulation::State::Finished || m_player) {
        if (!create(request))
            return;
    }
    m_sim->start();
    m_timer->start();
    poll();
}

void SimulationWorker::pause()
{
    if (m_sim)
        m_sim->pause();
    poll();
}

void SimulationWorker::stop()
{
    if (!m_sim)
        return;
    m_sim->stop();
    poll();
    m_timer->stop();
}

void SimulationWorker::step(const SimulationRequest& request)
{
    if (!m_sim || m_sim->state() == sim::Simulation::State::Finished || m_player) {
        if (!create(request))
            return;
    }
    if (m_sim->state() == sim::Simulation::State::Running)
        m_sim->pause();
    try {
        const std::optional<std::string> text = m_sim->step();
        emit stepped(text ? QString::fromStdString(*text) : tr("Nothing left to run."));
    } catch (const std::exception& e) {
        emit failed(QString::fromUtf8(e.what()));
    }
    m_haveTree = false; // show every step's tree at once
    poll();
}

void SimulationWorker::setSpeed(double speed)
{
    m_speed = speed;
    if (m_sim)
        m_sim->setSpeed(speed);
}

void SimulationWorker::setLocking(bool on)
{
    if (m_sim)
        m_sim->setLocking(on);
}

void SimulationWorker::setFairness(std::optional<std::chrono::milliseconds> grace)
{
    // An ended run keeps the grace it ran with; the next run takes the form's.
    if (!m_sim || m_sim->state() == sim::Simulation::State::Finished)
        return;
    try {
        m_sim->setFairnessGrace(grace);
    } catch (const std::exception& e) {
        emit failed(tr("Cannot change the fairness: %1").arg(QString::fromUtf8(e.what())));
    }
    poll();
}

void SimulationWorker::poll()
{
    if (!m_sim || m_player)
        return;
    auto frame = std::make_shared<SimulationFrame>();
    frame->source = SimulationFrame::Source::Simulation;
    frame->state = m_sim->state();
    frame->statistics = m_sim->statistics();
    // The lease table counts down between frames at the simulated clock's pace
    // ("max" speed has none; 1 is as good a guess as any).
    double rate = 1;
    if (m_virtualTime)
        rate = frame->state != sim::Simulation::State::Running ? 0 : m_speed > 0 ? m_speed : 1;
    publish(SimulationFrame::Source::Simulation, m_sim->tree(), *m_sim->engine(), frame,
            frame->state != sim::Simulation::State::Running, rate);
}

void SimulationWorker::publish(SimulationFrame::Source source, const sim::FileSystem::Snapshot& tree, Engine& engine,
                               std::shared_ptr<SimulationFrame> frame, bool forceTree, double clockRate)
{
    frame->source = source;
    frame->project = m_project;
    frame->engineText = m_engineText;
    const bool changed = !m_haveTree || tree.version != m_treeVersion;
    const bool sendTree = changed && (!m_haveTree || forceTree || !m_treeAge.isValid() || m_treeAge.elapsed() >= kTreeIntervalMs);
    if (sendTree) {
        frame->tree = treeFromSnapshot(tree, m_project);
        std::vector<std::string> paths;
        paths.reserve(frame->tree->entries.size());
        for (const auto& e : frame->tree->entries)
            paths.push_back(e.path);
        m_index = std::make_shared<const TreeIndex>(std::move(paths));
        m_treeVersion = tree.version;
        m_haveTree = true;
        m_treeAge.start();
    }
    try {
        frame->locks = lockStateFor(engine.snapshot(), m_index.get(), m_last.get(), sendTree, ++m_generation, clockRate);
        m_last = frame->locks;
    } catch (const std::exception& e) {
        emit failed(tr("Cannot read the simulation's locks: %1").arg(QString::fromUtf8(e.what())));
        frame->locks = m_last;
    }
    emit frameReady(frame);
}

void SimulationWorker::loadScenario(const QString& name, SimulationEngine engine, const QString& redisUrl, quint64 session)
{
    if (m_sim) {
        m_sim->stop();
        m_sim.reset();
    }
    m_timer->stop();
    closeScenario();
    m_last.reset();
    m_haveTree = false;
    try {
        QFile file(QStringLiteral(":/scenarios/%1.json").arg(name));
        if (!file.open(QIODevice::ReadOnly))
            throw InvalidInput("no scenario named " + name.toStdString());
        const QByteArray json = file.readAll();
        sim::Scenario scenario = sim::Scenario::fromJson(std::string_view(json.constData(), std::size_t(json.size())));
        if (sim::ScenarioPlayer::bringsItsOwnEngine(scenario)) {
            // It kills primaries: the player starts its own Sentinel set-up, whatever the panel's engine.
            m_scenarioClock.reset();
            m_scenarioEngine.reset();
        } else if (engine == SimulationEngine::Memory) {
            // Time passes only while a step runs, as when the whole scenario
            // is played at once (`treelock scenario`): short TTLs survive the
            // viewer's pace.
            m_scenarioClock = std::make_shared<sim::ScenarioClock>();
            m_scenarioEngine = std::make_shared<MemoryEngine>(kScenarioProject, PathOptions{},
                                                              [clock = m_scenarioClock] { return clock->now(); });
            m_engineText = tr("in-process engine, scenario clock");
        } else {
            m_scenarioEngine = openEngine(engine, redisUrl, kScenarioProject, &m_engineText);
            // A scenario's counts assume an empty project; an earlier one may
            // have left an expired lease (pause-fencing's paused holder).
            m_scenarioEngine->sweep("studio");
        }
        m_project = QString::fromStdString(kScenarioProject);
        m_session = session;
        const ScenarioPlanPtr plan = planOf(scenario, session);
        m_player = std::make_unique<sim::ScenarioPlayer>(std::move(scenario), m_scenarioEngine, m_scenarioClock);
        if (!m_scenarioEngine) {
            m_scenarioEngine = m_player->engine();
            m_engineText = tr("private primary, replica and three sentinels (%1)")
                               .arg(QString::fromStdString(m_scenarioEngine->describe()));
        }
        emit scenarioLoaded(plan);
        auto frame = std::make_shared<SimulationFrame>();
        frame->scenario = m_session;
        publish(SimulationFrame::Source::Scenario, m_player->tree(), *m_scenarioEngine, frame, true, scenarioClockRate());
    } catch (const std::exception& e) {
        closeScenario();
        emit failed(tr("Cannot load scenario %1: %2").arg(name, QString::fromUtf8(e.what())));
    }
}

void SimulationWorker::scenarioNext()
{
    if (!m_player || m_player->atEnd())
        return;
    sim::StepResult result;
    try {
        result = m_player->next();
    } catch (const std::exception& e) {
        result.index = m_player->position();
        result.actual = "error";
        result.detail = e.what();
        result.ok = false;
        result.mismatch = e.what();
    }
    emit stepFinished(result, m_player->atEnd(), m_session);
    auto frame = std::make_shared<SimulationFrame>();
    frame->scenario = m_session;
    publish(SimulationFrame::Source::Scenario, m_player->tree(), *m_scenarioEngine, frame, true, scenarioClockRate());
}

double SimulationWorker::scenarioClockRate() const
{
    return m_scenarioClock ? 0 : 1;
}

void SimulationWorker::closeScenario()
{
    m_player.reset();
    m_scenarioEngine.reset();
    m_scenarioClock.reset();
    m_session = 0;
}

} // namespace treelock::ui
