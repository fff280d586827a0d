#include "simulation/loadtestform.h"

#include "common/controlnames.h"
#include "simulation/conflictmatrixmodel.h"

#include <QAbstractScrollArea>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyle>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>

namespace treelock::ui {

namespace {

// Speed slider positions: simulated ms per wall ms; 0 = as fast as the CPU allows.
constexpr double kSpeeds[] = {0.1, 0.25, 0.5, 1, 2, 5, 10, 0};
constexpr int kDefaultSpeed = 3;

} // namespace

LoadTestForm::LoadTestForm(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("loadTestForm"));

    auto* columnLayout = new QVBoxLayout(this);
    columnLayout->setContentsMargins(6, 6, 0, 4);
    columnLayout->setSpacing(6);

    // Run controls stay visible; the parameters scroll.
    auto* run = new QGroupBox(tr("Run"));
    auto* runLayout = new QGridLayout(run);
    QStyle* s = style();
    m_start = new QPushButton(s->standardIcon(QStyle::SP_MediaPlay), tr("Start"));
    m_start->setToolTip(tr("Start the virtual users, or resume after a pause"));
    m_pause = new QPushButton(s->standardIcon(QStyle::SP_MediaPause), tr("Pause"));
    m_pause->setToolTip(tr("Hold the simulated clock still"));
    m_stop = new QPushButton(s->standardIcon(QStyle::SP_MediaStop), tr("Stop"));
    m_stop->setToolTip(tr("End the run: held leases are released and the main view returns to Studio's project"));
    m_step = new QPushButton(s->standardIcon(QStyle::SP_MediaSkipForward), tr("Step"));
    m_step->setToolTip(tr("Run the next event only (pauses a running simulation)"));
    identifyControl(m_start, "simulationStart", tr("Start or resume the simulation"));
    identifyControl(m_pause, "simulationPause", tr("Pause the simulation"));
    identifyControl(m_stop, "simulationStop", tr("Stop the simulation"));
    identifyControl(m_step, "simulationStep", tr("Run the next simulated event"));
    connect(m_start, &QPushButton::clicked, this, &LoadTestForm::startRequested);
    connect(m_pause, &QPushButton::clicked, this, &LoadTestForm::pauseRequested);
    connect(m_stop, &QPushButton::clicked, this, &LoadTestForm::stopRequested);
    connect(m_step, &QPushButton::clicked, this, &LoadTestForm::stepRequested);

    // The same four for the main window's Simulation menu, with a debugger's keys.
    m_startAction = new QAction(m_start->icon(), tr("&Start"), this);
    m_startAction->setObjectName(QStringLiteral("simulationStartAction"));
    m_startAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_startAction->setToolTip(m_start->toolTip());
    m_pauseAction = new QAction(m_pause->icon(), tr("&Pause"), this);
    m_pauseAction->setObjectName(QStringLiteral("simulationPauseAction"));
    m_pauseAction->setToolTip(m_pause->toolTip());
    m_stopAction = new QAction(m_stop->icon(), tr("S&top"), this);
    m_stopAction->setObjectName(QStringLiteral("simulationStopAction"));
    m_stopAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_stopAction->setToolTip(m_stop->toolTip());
    m_stepAction = new QAction(m_step->icon(), tr("St&ep"), this);
    m_stepAction->setObjectName(QStringLiteral("simulationStepAction"));
    m_stepAction->setShortcut(QKeySequence(Qt::Key_F10));
    m_stepAction->setToolTip(m_step->toolTip());
    connect(m_startAction, &QAction::triggered, this, &LoadTestForm::startRequested);
    connect(m_pauseAction, &QAction::triggered, this, &LoadTestForm::pauseRequested);
    connect(m_stopAction, &QAction::triggered, this, &LoadTestForm::stopRequested);
    connect(m_stepAction, &QAction::triggered, this, &LoadTestForm::stepRequested);

    runLayout->addWidget(m_start, 0, 0);
    runLayout->addWidget(m_pause, 0, 1);
    runLayout->addWidget(m_stop, 0, 2);
    runLayout->addWidget(m_step, 0, 3);
    m_speed = new QSlider(Qt::Horizontal);
    m_speed->setRange(0, int(std::size(kSpeeds)) - 1);
    m_speed->setValue(kDefaultSpeed);
    m_speed->setPageStep(1);
    m_speed->setTickPosition(QSlider::TicksBelow);
    m_speed->setToolTip(tr("Simulated time per wall-clock time (memory engine); with Redis it divides think and hold times"));
    m_speedLabel = new QLabel;
    m_speedLabel->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0.25×  ")));
    runLayout->addWidget(new QLabel(tr("Speed")), 1, 0);
    runLayout->addWidget(m_speed, 1, 1, 1, 2);
    runLayout->addWidget(m_speedLabel, 1, 3);
    auto updateSpeedLabel = [this] {
        const double v = kSpeeds[m_speed->value()];
        m_speedLabel->setText(v == 0 ? tr("max") : QStringLiteral("%1×").arg(v));
    };
    updateSpeedLabel();
    connect(m_speed, &QSlider::valueChanged, this, [this, updateSpeedLabel] {
        updateSpeedLabel();
        emit speedChanged(speed());
    });
    columnLayout->addWidget(run);

    auto* params = new QWidget;
    auto* paramsLayout = new QVBoxLayout(params);
    paramsLayout->setContentsMargins(0, 0, 4, 0);
    paramsLayout->setSpacing(6);

    auto spin = [](int min, int max, int value, const QString& suffix) {
        auto* b = new QSpinBox;
        b->setRange(min, max);
        b->setValue(value);
        b->setSuffix(suffix);
        b->setAccelerated(true);
        return b;
    };
    auto percent = [](double value) {
        auto* b = new QDoubleSpinBox;
        b->setRange(0, 100);
        b->setDecimals(1);
        b->setSingleStep(0.5);
        b->setValue(value);
        b->setSuffix(QStringLiteral(" %"));
        return b;
    };
    const sim::SimulationConfig defaults;
    const QString ms = tr(" ms");

    auto* users = new QGroupBox(tr("Users and targets"));
    auto* usersForm = new QFormLayout(users);
    m_users = spin(int(treelock::sim::limits::kMinUsers), int(treelock::sim::limits::kMaxUsers), int(defaults.users), QString());
    m_users->setObjectName(QStringLiteral("simulationUsers"));
    m_users->setToolTip(tr("Virtual users, each with its own lock client (1–500)"));
    usersForm->addRow(tr("Users"), m_users);
    m_targets = new QComboBox;
    m_targets->addItem(tr("Uniform"), int(sim::TargetChoice::Uniform));
    m_targets->addItem(tr("Hot spot"), int(sim::TargetChoice::Hotspot));
    m_targets->setCurrentIndex(1);
    m_targets->setToolTip(tr("Uniform: any entry; hot spot: a share of the picks goes to the first few entries"));
    usersForm->addRow(tr("Targets"), m_targets);
    m_hotFraction = percent(defaults.hotFraction * 100);
    m_hotFraction->setToolTip(tr("Share of the picks that go to the hot spot"));
    usersForm->addRow(tr("Hot-spot share"), m_hotFraction);
    m_hotEntries = spin(1, 100, int(defaults.hotEntries), QString());
    m_hotEntries->setToolTip(tr("Number of entries in the hot spot"));
    usersForm->addRow(tr("Hot-spot entries"), m_hotEntries);
    connect(m_targets, &QComboBox::currentIndexChanged, this, [this] {
        const bool hot = m_targets->currentData().toInt() == int(sim::TargetChoice::Hotspot);
        m_hotFraction->setEnabled(hot);
        m_hotEntries->setEnabled(hot);
    });
    paramsLayout->addWidget(users);

    auto* mix = new QGroupBox(tr("Operation mix (relative weights)"));
    auto* mixLayout = new QGridLayout(mix);
    mixLayout->setHorizontalSpacing(8);
    mixLayout->setVerticalSpacing(3);
    for (std::size_t i = 0; i < sim::kOperationCount; ++i) {
        auto* name = new QLabel(operationDisplayName(i));
        auto* cli = new QLabel(operationCliName(i));
        cli->setStyleSheet(QStringLiteral("color: palette(dark);"));
        auto* weight = new QDoubleSpinBox;
        weight->setRange(0, 100);
        weight->setDecimals(1);
        weight->setSingleStep(0.5);
        weight->setValue(defaults.mix[i]);
        weight->setToolTip(tr("Relative weight of %1 (%2); 0 = never").arg(operationDisplayName(i), operationCliName(i)));
        mixLayout->addWidget(name, int(i), 0);
        mixLayout->addWidget(cli, int(i), 1);
        mixLayout->addWidget(weight, int(i), 2);
        m_mix.push_back(weight);
    }
    mixLayout->setColumnStretch(1, 1);
    paramsLayout->addWidget(mix);

    auto* timing = new QGroupBox(tr("Timing"));
    auto* timingForm = new QFormLayout(timing);
    auto* hold = new QWidget;
    auto* holdLayout = new QHBoxLayout(hold);
    holdLayout->setContentsMargins(0, 0, 0, 0);
    m_holdMin = spin(0, 60000, int(defaults.hold.minMs), ms);
    m_holdMax = spin(0, 60000, int(defaults.hold.maxMs), ms);
    holdLayout->addWidget(m_holdMin, 1);
    holdLayout->addWidget(new QLabel(QStringLiteral("–")));
    holdLayout->addWidget(m_holdMax, 1);
    hold->setToolTip(tr("How long a user holds its locks while it works (uniform between the two)"));
    timingForm->addRow(tr("Hold"), hold);
    m_think = spin(0, 60000, int(defaults.think.meanMs), ms);
    m_think->setToolTip(tr("Mean pause between a user's operations (exponential, cut at 10× the mean)"));
    timingForm->addRow(tr("Think (mean)"), m_think);
    m_waitTimeout = spin(0, 600000, int(defaults.waitTimeout.count()), ms);
    m_waitTimeout->setToolTip(tr("A user gives an operation up after waiting this long for its locks"));
    timingForm->addRow(tr("Wait timeout"), m_waitTimeout);
    m_ttl = spin(100, 600000, int(defaults.ttl.count()), ms);
    m_ttl->setToolTip(tr("Lease time to live; the watchdog renews every TTL/3"));
    timingForm->addRow(tr("TTL"), m_ttl);
    paramsLayout->addWidget(timing);

    auto* faults = new QGroupBox(tr("Faults (per granted operation)"));
    auto* faultsForm = new QFormLayout(faults);
    m_crash = percent(defaults.crashRate * 100);
    m_crash->setToolTip(tr("The user dies while holding: its lease stays until it expires"));
    faultsForm->addRow(tr("Crash"), m_crash);
    m_pauseFault = percent(defaults.pauseRate * 100);
    m_pauseFault->setToolTip(tr("The user stops renewing, sleeps past its TTL, then writes with its old fencing token"));
    faultsForm->addRow(tr("Pause past TTL"), m_pauseFault);
    m_slow = percent(defaults.slowReleaseRate * 100);
    m_slow->setToolTip(tr("The user keeps its lease %1 ms longer after writing").arg(defaults.slowReleaseDelay.count()));
    faultsForm->addRow(tr("Slow release"), m_slow);
    paramsLayout->addWidget(faults);

    auto* engine = new QGroupBox(tr("Engine and policy"));
    auto* engineForm = new QFormLayout(engine);
    m_locking = new QCheckBox(tr("Users take locks"));
    m_locking->setChecked(true);
    m_locking->setObjectName(QStringLiteral("simulationLocking"));
    m_locking->setToolTip(tr("Off: users skip the lock entirely and the safety monitor counts the damage"));
    connect(m_locking, &QCheckBox::toggled, this, &LoadTestForm::lockingChanged);
    engineForm->addRow(tr("Locking"), m_locking);
    m_fairness = new QCheckBox(tr("Waiters hold newer requests back"));
    m_fairness->setChecked(defaults.fairnessGrace.has_value());
    m_fairness->setObjectName(QStringLiteral("simulationFairness"));
    m_fairness->setToolTip(tr("On: a user that has waited longer than the grace holds back newer requests that "
                              "conflict with it, so a writer among readers gets in. Off: a waiting writer can starve "
                              "while readers keep overlapping. A setting of the simulation's project; switchable "
                              "while running"));
    engineForm->addRow(tr("Fairness"), m_fairness);
    m_grace = spin(0, int(kMaxGrace.count()), int(defaults.fairnessGrace.value_or(kDefaultGrace).count()), ms);
    m_grace->setObjectName(QStringLiteral("simulationGrace"));
    m_grace->setToolTip(tr("How long a user waits before it holds newer conflicting requests back"));
    engineForm->addRow(tr("Grace"), m_grace);
    connect(m_fairness, &QCheckBox::toggled, this, [this](bool on) {
        m_grace->setEnabled(on);
        emit fairnessChanged();
    });
    connect(m_grace, &QSpinBox::valueChanged, this, &LoadTestForm::fairnessChanged);
    m_engine = new QComboBox;
    m_engine->setObjectName(QStringLiteral("simulationEngine"));
    m_engine->addItem(tr("In-process (virtual clock)"), int(SimulationEngine::Memory));
    m_engine->addItem(tr("Studio's Redis, project “sim”"), int(SimulationEngine::Redis));
    m_engine->setToolTip(tr("In-process: deterministic, as fast as you like. Redis: real time, through the server Studio is connected to, in its own project"));
    engineForm->addRow(tr("Engine"), m_engine);
    m_profile = new QComboBox;
    m_profile->addItem(tr("fine"), QStringLiteral("fine"));
    m_profile->addItem(tr("seed"), QStringLiteral("seed"));
    m_profile->setToolTip(tr("Lock policy: fine (Treelock's) or seed (the seed documents' table)"));
    engineForm->addRow(tr("Profile"), m_profile);
    m_seed = spin(0, 999999999, int(defaults.seed), QString());
    m_seed->setToolTip(tr("Random seed: with the in-process engine the same seed gives the same run"));
    engineForm->addRow(tr("Seed"), m_seed);
    paramsLayout->addWidget(engine);
    paramsLayout->addStretch(1);

    for (QAbstractSpinBox* box : params->findChildren<QAbstractSpinBox*>()) {
        box->setFocusPolicy(Qt::StrongFocus);
        box->installEventFilter(this);
    }
    for (QComboBox* box : params->findChildren<QComboBox*>()) {
        box->setFocusPolicy(Qt::StrongFocus);
        box->installEventFilter(this);
    }

    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("simulationSettings"));
    scroll->setWidget(params);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    columnLayout->addWidget(scroll, 1);
    setMinimumWidth(params->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 12);
    setState(sim::Simulation::State::Idle);
}

double LoadTestForm::speed() const
{
    return kSpeeds[m_speed->value()];
}

SimulationRequest LoadTestForm::request() const
{
    SimulationRequest r;
    sim::SimulationConfig& c = r.config;
    c.users = std::size_t(m_users->value());
    for (std::size_t i = 0; i < sim::kOperationCount; ++i)
        c.mix[i] = m_mix[i]->value();
    c.targets = sim::TargetChoice(m_targets->currentData().toInt());
    c.hotFraction = m_hotFraction->value() / 100;
    c.hotEntries = std::size_t(m_hotEntries->value());
    c.hold = sim::Distribution::uniform(std::min(m_holdMin->value(), m_holdMax->value()),
                                        std::max(m_holdMin->value(), m_holdMax->value()));
    c.think = sim::Distribution::exponential(m_think->value(), m_think->value() * 10.0);
    c.waitTimeout = std::chrono::milliseconds(m_waitTimeout->value());
    c.ttl = std::chrono::milliseconds(m_ttl->value());
    c.crashRate = m_crash->value() / 100;
    c.pauseRate = m_pauseFault->value() / 100;
    c.slowReleaseRate = m_slow->value() / 100;
    c.locking = m_locking->isChecked();
    c.fairnessGrace = m_fairness->isChecked() ? std::optional(std::chrono::milliseconds(m_grace->value())) : std::nullopt;
    c.profile = m_profile->currentData().toString().toStdString();
    c.seed = std::uint64_t(m_seed->value());
    r.engine = SimulationEngine(m_engine->currentData().toInt());
    r.redisUrl = m_backend.url;
    r.speed = speed();
    return r;
}

void LoadTestForm::setRequest(const SimulationRequest& r)
{
    const sim::SimulationConfig& c = r.config;
    m_users->setValue(int(c.users));
    for (std::size_t i = 0; i < sim::kOperationCount; ++i)
        m_mix[i]->setValue(c.mix[i]);
    m_targets->setCurrentIndex(m_targets->findData(int(c.targets)));
    m_hotFraction->setValue(c.hotFraction * 100);
    m_hotEntries->setValue(int(c.hotEntries));
    m_holdMin->setValue(int(c.hold.minMs));
    m_holdMax->setValue(int(c.hold.maxMs));
    m_think->setValue(int(c.think.meanMs));
    m_waitTimeout->setValue(int(c.waitTimeout.count()));
    m_ttl->setValue(int(c.ttl.count()));
    m_crash->setValue(c.crashRate * 100);
    m_pauseFault->setValue(c.pauseRate * 100);
    m_slow->setValue(c.slowReleaseRate * 100);
    m_locking->setChecked(c.locking);
    m_fairness->setChecked(c.fairnessGrace.has_value());
    if (c.fairnessGrace)
        m_grace->setValue(int(c.fairnessGrace->count()));
    m_profile->setCurrentIndex(std::max(0, m_profile->findData(QString::fromStdString(c.profile))));
    m_seed->setValue(int(c.seed));
    m_engine->setCurrentIndex(m_engine->findData(int(r.engine)));
    const auto* it = std::find(std::begin(kSpeeds), std::end(kSpeeds), r.speed);
    m_speed->setValue(it == std::end(kSpeeds) ? kDefaultSpeed : int(it - std::begin(kSpeeds)));
}

void LoadTestForm::setUsers(int users)
{
    m_users->setValue(users);
}

void LoadTestForm::setLocking(bool on)
{
    m_locking->setChecked(on);
}

void LoadTestForm::setBackend(const BackendInfo& info)
{
    m_backend = info;
    const bool redis = info.kind != BackendConfig::Kind::Memory;
    auto* model = qobject_cast<QStandardItemModel*>(m_engine->model());
    if (QStandardItem* item = model ? model->item(1) : nullptr) {
        item->setEnabled(redis);
        item->setToolTip(redis ? info.url : tr("Studio is not connected to Redis"));
    }
    if (!redis)
        m_engine->setCurrentIndex(0);
}

QList<QAction*> LoadTestForm::runActions() const
{
    return {m_startAction, m_pauseAction, m_stopAction, m_stepAction};
}

bool LoadTestForm::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Wheel) {
        auto* widget = qobject_cast<QWidget*>(watched);
        if (widget && !widget->hasFocus()) {
            // The settings scroll instead of the value changing.
            for (QWidget* w = widget->parentWidget(); w; w = w->parentWidget())
                if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
                    QCoreApplication::sendEvent(area->verticalScrollBar(), event);
                    break;
                }
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

SimulationEngine LoadTestForm::engine() const
{
    return SimulationEngine(m_engine->currentData().toInt());
}

void LoadTestForm::setState(sim::Simulation::State state)
{
    using State = sim::Simulation::State;
    const bool running = state == State::Running;
    const bool paused = state == State::Paused;
    m_start->setText(paused ? tr("Resume") : tr("Start"));
    m_start->setEnabled(!running);
    m_pause->setEnabled(running);
    m_stop->setEnabled(running || paused);
    m_startAction->setText(paused ? tr("&Resume") : tr("&Start"));
    m_startAction->setEnabled(m_start->isEnabled());
    m_pauseAction->setEnabled(m_pause->isEnabled());
    m_stopAction->setEnabled(m_stop->isEnabled());
    m_stepAction->setEnabled(m_step->isEnabled());
    m_engine->setEnabled(!running && !paused);
    m_users->setEnabled(!running && !paused);
}

} // namespace treelock::ui
