#include "simulation/simulationpanel.h"

#include "simulation/conflictmatrixmodel.h"
#include "simulation/scenariostepmodel.h"
#include "simulation/simulationcontroller.h"

#include <QAbstractScrollArea>
#include <QAction>
#include <QCoreApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QWheelEvent>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace treelock::ui {

namespace {

// Speed slider positions: simulated ms per wall ms; 0 = as fast as the CPU allows.
constexpr double kSpeeds[] = {0.1, 0.25, 0.5, 1, 2, 5, 10, 0};
constexpr int kDefaultSpeed = 3;
constexpr int kScenarioStepDelayMs = 700;

const char* const kTileStyle =
    "QFrame#counterTile { background: palette(base); border: 1px solid palette(mid); border-radius: 6px; }"
    "QLabel#counterValue { font-size: 17pt; font-weight: 600; }"
    "QLabel#counterCaption { color: palette(dark); }";

QString formatCount(std::uint64_t v)
{
    return QLocale().toString(qulonglong(v));
}

QString formatMs(double ms)
{
    if (ms >= 1000)
        return SimulationPanel::tr("%1 s").arg(ms / 1000, 0, 'f', 2);
    return SimulationPanel::tr("%1 ms").arg(ms, 0, 'f', ms < 10 ? 1 : 0);
}

QString bucketLabel(double upperMs)
{
    if (std::isinf(upperMs))
        return QStringLiteral("∞");
    if (upperMs >= 1000)
        return QStringLiteral("%1k").arg(upperMs / 1000);
    return QString::number(upperMs);
}

QChart* makeChart(const QString& title)
{
    auto* chart = new QChart;
    chart->setTitle(title);
    QFont f = chart->titleFont();
    f.setBold(true);
    chart->setTitleFont(f);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 2, 4, 2));
    chart->setBackgroundRoundness(4);
    chart->setAnimationOptions(QChart::NoAnimation);
    return chart;
}

} // namespace

SimulationPanel::SimulationPanel(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("simulationPanel"));
    m_controller = new SimulationController(this);
    m_matrixModel = new ConflictMatrixModel(this);
    m_stepModel = new ScenarioStepModel(this);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->setObjectName(QStringLiteral("simulationTabs"));
    m_tabs->addTab(createLoadTestTab(), tr("Load test"));
    m_tabs->addTab(createScenarioTab(), tr("Scenarios"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    connect(m_controller, &SimulationController::frameReady, this, &SimulationPanel::onFrame);
    connect(m_controller, &SimulationController::stepFinished, this, &SimulationPanel::onStepFinished);
    connect(m_controller, &SimulationController::stepped, this, [this](const QString& text) { setStatus(tr("Step: %1").arg(text)); });
    connect(m_controller, &SimulationController::failed, this, [this](const QString& text) {
        setStatus(QStringLiteral("<span style='color:#c62828'>%1</span>").arg(text.toHtmlEscaped()));
        emit message(text);
    });
    connect(m_controller, &SimulationController::scenarioLoaded, this, [this](const ScenarioPlanPtr& plan) {
        m_stepModel->setPlan(plan);
        m_scenarioLoaded = true;
        m_scenarioAtEnd = plan->steps.empty();
        m_stepPending = false;
        m_scenarioTitle->setText(plan->title.toHtmlEscaped());
        m_scenarioDescription->setText(plan->description);
        m_narration->setText(tr("Press Play to run the %n step(s) one after another, or Step to run one.", nullptr,
                                int(plan->steps.size())));
        m_scenarioSummary->clear();
        updateButtons();
        if (m_autoplay)
            stepScenario();
    });
    updateButtons();
}

SimulationPanel::~SimulationPanel() = default;

QWidget* SimulationPanel::createLoadTestTab()
{
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->setObjectName(QStringLiteral("simulationSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(createControls());

    auto* live = new QWidget;
    auto* liveLayout = new QVBoxLayout(live);
    liveLayout->setContentsMargins(6, 6, 6, 4);
    liveLayout->setSpacing(6);
    liveLayout->addWidget(createCounters());
    liveLayout->addWidget(createCharts(), 1);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("simulationStatus"));
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setText(tr("Press Start to run the virtual users."));
    liveLayout->addWidget(m_status);
    splitter->addWidget(live);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    return splitter;
}

QWidget* SimulationPanel::createControls()
{
    auto* column = new QWidget;
    auto* columnLayout = new QVBoxLayout(column);
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
    auto identify = [](QWidget* w, const char* objectName, const QString& accessible) {
        w->setObjectName(QLatin1String(objectName));
        w->setAccessibleName(accessible);
    };
    identify(m_start, "simulationStart", tr("Start or resume the simulation"));
    identify(m_pause, "simulationPause", tr("Pause the simulation"));
    identify(m_stop, "simulationStop", tr("Stop the simulation"));
    identify(m_step, "simulationStep", tr("Run the next simulated event"));
    connect(m_start, &QPushButton::clicked, this, &SimulationPanel::startSimulation);
    connect(m_pause, &QPushButton::clicked, this, &SimulationPanel::pauseSimulation);
    connect(m_stop, &QPushButton::clicked, this, &SimulationPanel::stopSimulation);
    connect(m_step, &QPushButton::clicked, this, &SimulationPanel::stepSimulation);

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
    connect(m_startAction, &QAction::triggered, this, &SimulationPanel::startSimulation);
    connect(m_pauseAction, &QAction::triggered, this, &SimulationPanel::pauseSimulation);
    connect(m_stopAction, &QAction::triggered, this, &SimulationPanel::stopSimulation);
    connect(m_stepAction, &QAction::triggered, this, &SimulationPanel::stepSimulation);

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
        m_controller->setSpeed(speed());
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
    connect(m_locking, &QCheckBox::toggled, m_controller, &SimulationController::setLocking);
    engineForm->addRow(tr("Locking"), m_locking);
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
    column->setMinimumWidth(params->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 12);
    return column;
}

QWidget* SimulationPanel::createCounters()
{
    auto* box = new QWidget;
    box->setStyleSheet(QString::fromLatin1(kTileStyle));
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(6);
    auto tile = [&](Counter* c, const QString& caption, const QString& tip, int row, int column) {
        auto* frame = new QFrame;
        frame->setObjectName(QStringLiteral("counterTile"));
        frame->setToolTip(tip);
        auto* l = new QVBoxLayout(frame);
        l->setContentsMargins(10, 4, 10, 4);
        l->setSpacing(0);
        c->value = new QLabel(QStringLiteral("0"));
        c->value->setObjectName(QStringLiteral("counterValue"));
        auto* cap = new QLabel(caption);
        cap->setObjectName(QStringLiteral("counterCaption"));
        l->addWidget(c->value);
        l->addWidget(cap);
        c->tile = frame;
        grid->addWidget(frame, row, column);
    };
    tile(&m_attempts, tr("Attempts"), tr("Acquire calls"), 0, 1);
    tile(&m_grants, tr("Grants"), tr("Operations that got their locks"), 0, 2);
    tile(&m_conflicts, tr("Conflicts"), tr("Refused acquire calls (the user waits and retries)"), 0, 3);
    tile(&m_timeouts, tr("Timeouts"), tr("Operations given up after the wait timeout"), 0, 4);
    tile(&m_fencing, tr("Fencing rejections"), tr("Writes the file system refused because a newer fencing token had touched the nodes"), 0, 5);
    tile(&m_completed, tr("Completed"), tr("Operations whose change was applied to the tree"), 1, 1);
    tile(&m_throughput, tr("Operations/s"), tr("Completed operations per simulated second, over the whole run"), 1, 2);
    tile(&m_wait, tr("Wait p50 / p99"), tr("Time from the first attempt to the grant"), 1, 3);
    tile(&m_active, tr("In flight / waiting"), tr("Operations between lock and write, and users waiting for a lock, now"), 1, 4);
    tile(&m_clock, tr("Simulated time"), tr("Time since the start, on the simulation's clock"), 1, 5);

    m_violationsTile = new QFrame;
    m_violationsTile->setObjectName(QStringLiteral("violationsTile"));
    auto* vl = new QVBoxLayout(m_violationsTile);
    vl->setContentsMargins(14, 6, 14, 6);
    vl->setSpacing(0);
    m_violationsValue = new QLabel(QStringLiteral("0"));
    m_violationsValue->setObjectName(QStringLiteral("violationsValue"));
    m_violationsValue->setAlignment(Qt::AlignCenter);
    auto* caption = new QLabel(tr("Safety violations"));
    caption->setObjectName(QStringLiteral("violationsCaption"));
    caption->setAlignment(Qt::AlignCenter);
    m_violationsNote = new QLabel;
    m_violationsNote->setObjectName(QStringLiteral("violationsCaption"));
    m_violationsNote->setAlignment(Qt::AlignCenter);
    vl->addStretch(1);
    vl->addWidget(m_violationsValue);
    vl->addWidget(caption);
    vl->addWidget(m_violationsNote);
    vl->addStretch(1);
    m_violationsTile->setMinimumWidth(fontMetrics().horizontalAdvance(tr("Safety violations")) + 60);
    // First: the one number that must never need scrolling to.
    grid->addWidget(m_violationsTile, 0, 0, 2, 1);
    for (int c = 0; c < 6; ++c)
        grid->setColumnStretch(c, 1);
    updateCounters(m_stats);
    return box;
}

QWidget* SimulationPanel::createCharts()
{
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);

    QChart* throughput = makeChart(tr("Throughput"));
    m_opsSeries = new QLineSeries;
    m_opsSeries->setName(tr("operations/s"));
    m_opsSeries->setPen(QPen(QColor(0x15, 0x65, 0xc0), 2));
    m_violationSeries = new QLineSeries;
    m_violationSeries->setName(tr("violations (total)"));
    m_violationSeries->setPen(QPen(QColor(0xc6, 0x28, 0x28), 2));
    throughput->addSeries(m_opsSeries);
    throughput->addSeries(m_violationSeries);
    m_timeAxis = new QValueAxis;
    m_timeAxis->setTitleText(tr("simulated s"));
    m_timeAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_timeAxis->setRange(0, 10);
    m_timeAxis->setTickCount(6); // whole numbers on ranges of multiples of 5 and "nice" ones
    m_opsAxis = new QValueAxis;
    m_opsAxis->setTitleText(tr("operations/s"));
    m_opsAxis->setLabelFormat(QStringLiteral("%g"));
    m_opsAxis->setRange(0, 10);
    m_opsAxis->setTickCount(6);
    m_violationAxis = new QValueAxis;
    m_violationAxis->setTitleText(tr("violations"));
    m_violationAxis->setTitleBrush(QColor(0xc6, 0x28, 0x28));
    m_violationAxis->setLabelFormat(QStringLiteral("%g"));
    m_violationAxis->setRange(0, 10);
    m_violationAxis->setTickCount(6);
    m_violationAxis->setLabelsColor(QColor(0xc6, 0x28, 0x28));
    throughput->addAxis(m_timeAxis, Qt::AlignBottom);
    throughput->addAxis(m_opsAxis, Qt::AlignLeft);
    throughput->addAxis(m_violationAxis, Qt::AlignRight);
    m_opsSeries->attachAxis(m_timeAxis);
    m_opsSeries->attachAxis(m_opsAxis);
    m_violationSeries->attachAxis(m_timeAxis);
    m_violationSeries->attachAxis(m_violationAxis);
    m_throughputView = new QChartView(throughput);
    m_throughputView->setRenderHint(QPainter::Antialiasing);
    m_throughputView->setMinimumSize(300, 220);
    splitter->addWidget(m_throughputView);

    QChart* wait = makeChart(tr("Wait until granted"));
    m_waitBars = new QBarSet(tr("operations"));
    m_waitBars->setColor(QColor(0x00, 0x89, 0x7b));
    m_waitBars->setBorderColor(QColor(0x00, 0x69, 0x5c));
    auto* bars = new QBarSeries;
    bars->append(m_waitBars);
    bars->setBarWidth(0.85);
    wait->addSeries(bars);
    // Bar i stands at x = i. Fourteen bucket labels do not fit a dock-sized
    // chart, so the axis reads like a log scale: the decades are labelled, at
    // their bars (the tooltip lists every bucket).
    m_waitCategories = new QCategoryAxis;
    m_waitCategories->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_waitCategories->setTitleText(tr("ms (log buckets, upper bound)"));
    m_waitAxis = new QValueAxis;
    m_waitAxis->setTitleText(tr("operations"));
    m_waitAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_waitAxis->setRange(0, 10);
    wait->addAxis(m_waitCategories, Qt::AlignBottom);
    wait->addAxis(m_waitAxis, Qt::AlignLeft);
    bars->attachAxis(m_waitCategories);
    bars->attachAxis(m_waitAxis);
    wait->legend()->hide();
    m_waitView = new QChartView(wait);
    m_waitView->setObjectName(QStringLiteral("waitHistogram"));
    m_waitView->setRenderHint(QPainter::Antialiasing);
    m_waitView->setMinimumSize(320, 220);
    splitter->addWidget(m_waitView);

    auto* heat = new QWidget;
    auto* heatLayout = new QVBoxLayout(heat);
    heatLayout->setContentsMargins(4, 2, 0, 0);
    heatLayout->setSpacing(2);
    auto* heatTitle = new QLabel(tr("<b>Conflicts</b>: row refused, column holding the blocking lease"));
    heatTitle->setWordWrap(true);
    heatLayout->addWidget(heatTitle);
    m_heatMap = new QTableView;
    m_heatMap->setObjectName(QStringLiteral("conflictHeatMap"));
    m_heatMap->setModel(m_matrixModel);
    m_heatMap->setSelectionMode(QAbstractItemView::NoSelection);
    m_heatMap->setFocusPolicy(Qt::NoFocus);
    m_heatMap->setShowGrid(true);
    m_heatMap->setGridStyle(Qt::SolidLine);
    m_heatMap->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_heatMap->horizontalHeader()->setMinimumSectionSize(22);
    m_heatMap->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_heatMap->verticalHeader()->setMinimumSectionSize(16);
    QFont small = m_heatMap->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_heatMap->setFont(small);
    m_heatMap->setMinimumSize(380, 220);
    heatLayout->addWidget(m_heatMap, 1);
    splitter->addWidget(heat);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 4);
    return splitter;
}

QWidget* SimulationPanel::createScenarioTab()
{
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(6, 6, 0, 4);
    leftLayout->addWidget(new QLabel(tr("<b>Scenarios</b>")));
    m_scenarioList = new QListWidget;
    m_scenarioList->setObjectName(QStringLiteral("scenarioList"));
    for (const QString& name : builtinScenarios()) {
        auto* item = new QListWidgetItem(name, m_scenarioList);
        QFile f(QStringLiteral(":/scenarios/%1.json").arg(name));
        if (f.open(QIODevice::ReadOnly))
            item->setToolTip(QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("title")).toString());
        item->setData(Qt::UserRole, name);
    }
    connect(m_scenarioList, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { loadScenario(item->data(Qt::UserRole).toString(), false); });
    leftLayout->addWidget(m_scenarioList, 1);
    auto* buttons = new QGridLayout;
    QStyle* s = style();
    auto* load = new QPushButton(s->standardIcon(QStyle::SP_DialogOpenButton), tr("Load"));
    load->setToolTip(tr("Load the selected scenario on a fresh engine (Enter or double-click)"));
    connect(load, &QPushButton::clicked, this, [this] {
        if (QListWidgetItem* item = m_scenarioList->currentItem())
            loadScenario(item->data(Qt::UserRole).toString(), false);
    });
    m_scenarioPlay = new QPushButton(s->standardIcon(QStyle::SP_MediaPlay), tr("Play"));
    m_scenarioPlay->setToolTip(tr("Run the remaining steps one after another"));
    connect(m_scenarioPlay, &QPushButton::clicked, this, &SimulationPanel::playScenario);
    m_scenarioStep = new QPushButton(s->standardIcon(QStyle::SP_MediaSkipForward), tr("Step"));
    m_scenarioStep->setToolTip(tr("Run the next step"));
    connect(m_scenarioStep, &QPushButton::clicked, this, [this] {
        m_autoplay = false;
        stepScenario();
    });
    m_scenarioReset = new QPushButton(s->standardIcon(QStyle::SP_BrowserReload), tr("Restart"));
    m_scenarioReset->setToolTip(tr("Load the scenario again from its first step"));
    connect(m_scenarioReset, &QPushButton::clicked, this, [this] {
        if (!m_scenarioName.isEmpty())
            loadScenario(m_scenarioName, false);
    });
    m_scenarioClose = new QPushButton(s->standardIcon(QStyle::SP_DialogCloseButton), tr("Close"));
    m_scenarioClose->setToolTip(tr("Drop the scenario; the main view returns to Studio's project"));
    connect(m_scenarioClose, &QPushButton::clicked, this, &SimulationPanel::closeScenario);
    auto identify = [](QWidget* w, const char* objectName, const QString& accessible) {
        w->setObjectName(QLatin1String(objectName));
        w->setAccessibleName(accessible);
    };
    identify(load, "scenarioLoad", tr("Load the selected scenario"));
    identify(m_scenarioPlay, "scenarioPlay", tr("Play the scenario"));
    identify(m_scenarioStep, "scenarioStep", tr("Run the scenario's next step"));
    identify(m_scenarioReset, "scenarioRestart", tr("Restart the scenario"));
    identify(m_scenarioClose, "scenarioClose", tr("Close the scenario"));
    buttons->addWidget(load, 0, 0);
    buttons->addWidget(m_scenarioPlay, 0, 1);
    buttons->addWidget(m_scenarioStep, 1, 0);
    buttons->addWidget(m_scenarioReset, 1, 1);
    buttons->addWidget(m_scenarioClose, 2, 0, 1, 2);
    leftLayout->addLayout(buttons);
    splitter->addWidget(left);

    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(6, 6, 6, 4);
    rightLayout->setSpacing(4);
    m_scenarioTitle = new QLabel(tr("No scenario loaded"));
    QFont title = m_scenarioTitle->font();
    title.setPointSizeF(title.pointSizeF() * 1.2);
    title.setBold(true);
    m_scenarioTitle->setFont(title);
    m_scenarioTitle->setWordWrap(true);
    m_scenarioDescription = new QLabel(tr("Pick a scenario on the left: a scripted conflict story, played step by step against the lock engine, each step checked against its expected outcome."));
    m_scenarioDescription->setWordWrap(true);
    m_scenarioDescription->setStyleSheet(QStringLiteral("color: palette(dark);"));
    rightLayout->addWidget(m_scenarioTitle);
    rightLayout->addWidget(m_scenarioDescription);
    m_stepView = new QTableView;
    m_stepView->setObjectName(QStringLiteral("scenarioSteps"));
    m_stepView->setModel(m_stepModel);
    m_stepView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_stepView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_stepView->setAlternatingRowColors(true);
    m_stepView->setWordWrap(false);
    m_stepView->verticalHeader()->hide();
    m_stepView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    QHeaderView* h = m_stepView->horizontalHeader();
    h->setSectionResizeMode(ScenarioStepModel::IndexColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(ScenarioStepModel::ActorColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(ScenarioStepModel::StepColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(ScenarioStepModel::ExpectedColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(ScenarioStepModel::ActualColumn, QHeaderView::Stretch);
    h->setSectionResizeMode(ScenarioStepModel::ResultColumn, QHeaderView::ResizeToContents);
    // The ✓/✗ beside the step number: the wide columns cannot push it out of view.
    h->moveSection(h->visualIndex(ScenarioStepModel::ResultColumn), 1);
    connect(m_stepView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (current.isValid())
            m_narration->setText(current.siblingAtColumn(0).data(ScenarioStepModel::NarrationRole).toString());
    });
    rightLayout->addWidget(m_stepView, 1);
    m_narration = new QLabel;
    m_narration->setObjectName(QStringLiteral("scenarioNarration"));
    m_narration->setWordWrap(true);
    m_narration->setMinimumHeight(fontMetrics().height() * 2 + 16);
    m_narration->setStyleSheet(QStringLiteral("#scenarioNarration { background: #fff8e1; border: 1px solid #ffe082; border-radius: 4px; padding: 6px; }"));
    rightLayout->addWidget(m_narration);
    m_scenarioSummary = new QLabel;
    rightLayout->addWidget(m_scenarioSummary);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({220, 1000});
    return splitter;
}

double SimulationPanel::speed() const
{
    return kSpeeds[m_speed->value()];
}

SimulationRequest SimulationPanel::request() const
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
    c.profile = m_profile->currentData().toString().toStdString();
    c.seed = std::uint64_t(m_seed->value());
    r.engine = SimulationEngine(m_engine->currentData().toInt());
    r.redisUrl = m_backend.url;
    r.speed = speed();
    return r;
}

void SimulationPanel::setRequest(const SimulationRequest& r)
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
    m_profile->setCurrentIndex(std::max(0, m_profile->findData(QString::fromStdString(c.profile))));
    m_seed->setValue(int(c.seed));
    m_engine->setCurrentIndex(m_engine->findData(int(r.engine)));
    const auto* it = std::find(std::begin(kSpeeds), std::end(kSpeeds), r.speed);
    m_speed->setValue(it == std::end(kSpeeds) ? kDefaultSpeed : int(it - std::begin(kSpeeds)));
}

void SimulationPanel::setUsers(int users)
{
    m_users->setValue(users);
}

void SimulationPanel::setLocking(bool on)
{
    m_locking->setChecked(on);
}

void SimulationPanel::setBackend(const BackendInfo& info)
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

void SimulationPanel::startSimulation()
{
    m_tabs->setCurrentIndex(0);
    m_hideOnFinish = false;
    if (m_scenarioLoaded)
        closeScenario();
    if (m_state == sim::Simulation::State::Idle || m_state == sim::Simulation::State::Finished) {
        m_matrixModel->setMatrix({});
        m_stats = {};
        m_histogramSize = 0;
    }
    m_controller->start(request());
    setStatus(tr("Running…"));
    m_state = sim::Simulation::State::Running;
    updateButtons();
}

void SimulationPanel::pauseSimulation()
{
    m_controller->pause();
}

void SimulationPanel::stopSimulation()
{
    m_hideOnFinish = true;
    m_controller->stop();
}

void SimulationPanel::stepSimulation()
{
    m_tabs->setCurrentIndex(0);
    m_hideOnFinish = false;
    if (m_scenarioLoaded)
        closeScenario();
    m_controller->step(request());
}

void SimulationPanel::loadScenario(const QString& name, bool play)
{
    m_tabs->setCurrentIndex(1);
    if (m_state == sim::Simulation::State::Running || m_state == sim::Simulation::State::Paused) {
        m_state = sim::Simulation::State::Finished;
        updateButtons();
    }
    const auto items = m_scenarioList->findItems(name, Qt::MatchExactly);
    if (!items.isEmpty())
        m_scenarioList->setCurrentItem(items.first());
    m_scenarioName = name;
    m_scenarioLoaded = false;
    m_scenarioAtEnd = false;
    m_autoplay = play;
    m_hideOnFinish = false;
    m_scenarioEngine = SimulationEngine(m_engine->currentData().toInt());
    m_controller->loadScenario(name, m_scenarioEngine, m_backend.url);
}

void SimulationPanel::playScenario()
{
    m_autoplay = true;
    stepScenario();
}

void SimulationPanel::stepScenario()
{
    if (!m_scenarioLoaded || m_scenarioAtEnd || m_stepPending)
        return;
    m_stepPending = true;
    const int row = m_stepModel->nextRow();
    m_stepView->selectRow(row);
    m_narration->setText(tr("Running step %1…").arg(row + 1));
    updateButtons();
    m_controller->scenarioNext();
}

void SimulationPanel::closeScenario()
{
    m_autoplay = false;
    if (!m_scenarioLoaded && m_scenarioName.isEmpty())
        return;
    m_controller->closeScenario();
    m_scenarioLoaded = false;
    m_stepPending = false;
    hideProject();
    updateButtons();
}

void SimulationPanel::onStepFinished(const sim::StepResult& result, bool atEnd)
{
    m_stepPending = false;
    m_stepModel->setResult(result);
    m_scenarioAtEnd = atEnd;
    const int row = int(result.index);
    m_stepView->selectRow(row);
    m_stepView->scrollTo(m_stepModel->index(row, 0));
    const QString mark = result.ok ? QStringLiteral("<span style='color:#2e7d32'><b>✓</b></span>")
                                   : QStringLiteral("<span style='color:#c62828'><b>✗</b></span>");
    QString text = tr("%1 <b>Step %2 of %3.</b> %4").arg(mark).arg(row + 1).arg(m_stepModel->rowCount())
                       .arg(QString::fromStdString(result.narration).toHtmlEscaped());
    if (!result.ok && !result.mismatch.empty())
        text += QStringLiteral("<br/><span style='color:#c62828'>%1</span>")
                    .arg(tr("Expected %1, got %2: %3").arg(QString::fromStdString(result.expected),
                                                            QString::fromStdString(result.actual),
                                                            QString::fromStdString(result.mismatch)).toHtmlEscaped());
    m_narration->setText(text);
    const int run = m_stepModel->stepsRun();
    const int passed = m_stepModel->stepsPassed();
    m_scenarioSummary->setText(tr("%1 of %2 steps run: %3 ✓, %4 ✗").arg(run).arg(m_stepModel->rowCount()).arg(passed).arg(run - passed));
    emit scenarioStepFinished(row, result.ok);
    if (atEnd) {
        m_autoplay = false;
        emit scenarioFinished(passed == m_stepModel->rowCount());
    } else if (m_autoplay) {
        // The pause between steps is only for the reader: on the in-process
        // engine the scenario's clock stands still during it. A Redis server's
        // clock does not, so there the steps follow each other at once.
        const int delay = m_scenarioEngine == SimulationEngine::Memory ? kScenarioStepDelayMs : 0;
        QTimer::singleShot(delay, this, [this] {
            if (m_autoplay)
                stepScenario();
        });
    }
    updateButtons();
}

void SimulationPanel::onFrame(const SimulationFramePtr& frame)
{
    ++m_frames;
    if (frame->source == SimulationFrame::Source::Simulation) {
        if (m_scenarioLoaded)
            return; // a late frame of the run the scenario replaced
        const sim::Simulation::State previous = m_state;
        m_state = frame->state;
        m_stats = frame->statistics;
        updateCounters(m_stats);
        updateCharts(m_stats);
        m_matrixModel->setMatrix(m_stats.conflictMatrix);
        fitHeatMap();
        updateButtons();
        emit statisticsUpdated();
        if (m_state == sim::Simulation::State::Finished) {
            setStatus(tr("Stopped after %1 simulated s.").arg(m_stats.elapsed.count() / 1000.0, 0, 'f', 1));
            if (m_hideOnFinish)
                hideProject();
            return;
        }
        if (m_state == sim::Simulation::State::Paused && previous == sim::Simulation::State::Running)
            setStatus(tr("Paused at %1 s: Step runs one event, Resume goes on.").arg(m_stats.elapsed.count() / 1000.0, 0, 'f', 1));
        else if (m_state == sim::Simulation::State::Running)
            setStatus(tr("Running on %1 · project <b>%2</b> · %n tree entries", nullptr, int(m_stats.treeEntries))
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

QList<QAction*> SimulationPanel::runActions() const
{
    return {m_startAction, m_pauseAction, m_stopAction, m_stepAction};
}

bool SimulationPanel::eventFilter(QObject* watched, QEvent* event)
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

void SimulationPanel::fitHeatMap()
{
    // Every count shown must fit its cell: no "3…".
    const QFontMetrics metrics(m_heatMap->font());
    int widest = 0;
    for (int row = 0; row < m_matrixModel->rowCount(); ++row)
        for (int column = 0; column < m_matrixModel->columnCount(); ++column)
            widest = std::max(widest, metrics.horizontalAdvance(m_matrixModel->index(row, column).data().toString()));
    const int margin = 2 * (m_heatMap->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_heatMap) + 1) + 4;
    QHeaderView* header = m_heatMap->horizontalHeader();
    const int minimum = std::max(22, widest + margin);
    if (header->minimumSectionSize() == minimum)
        return;
    header->setMinimumSectionSize(minimum);
    const int columns = m_matrixModel->columnCount();
    m_heatMap->setMinimumWidth(std::max(380, m_heatMap->verticalHeader()->sizeHint().width() + columns * minimum
                                                 + 2 * m_heatMap->frameWidth() + 2));
    header->resizeSections(QHeaderView::Stretch);
}

void SimulationPanel::updateCounters(const sim::Statistics& s)
{
    m_attempts.value->setText(formatCount(s.attempts));
    m_grants.value->setText(formatCount(s.grants));
    m_conflicts.value->setText(formatCount(s.conflicts));
    m_timeouts.value->setText(formatCount(s.timeouts));
    m_fencing.value->setText(formatCount(s.fencingRejections));
    m_completed.value->setText(formatCount(s.completed));
    m_throughput.value->setText(QLocale().toString(s.opsPerSecond, 'f', 0));
    m_wait.value->setText(QStringLiteral("%1 / %2").arg(formatMs(s.waitP50Ms), formatMs(s.waitP99Ms)));
    m_active.value->setText(QStringLiteral("%1 / %2").arg(s.inFlight).arg(s.waiting));
    m_clock.value->setText(tr("%1 s").arg(s.elapsed.count() / 1000.0, 0, 'f', 1));

    const bool bad = s.violations > 0;
    m_violationsValue->setText(formatCount(s.violations));
    m_violationsNote->setText(!s.locking ? tr("locking is off") : bad ? tr("with locking on!") : tr("locking on"));
    m_violationsTile->setStyleSheet(
        QStringLiteral("#violationsTile { background: %1; border-radius: 6px; }"
                       "#violationsValue { color: white; font-size: 26pt; font-weight: 700; }"
                       "#violationsCaption { color: white; font-weight: 600; }")
            .arg(bad ? QStringLiteral("#c62828") : QStringLiteral("#2e7d32")));
    QString tip = tr("Two in-flight operations that touch the same node (or an ancestor and a descendant) with at least one write. Must be 0 with locking on.");
    if (!s.recentViolations.empty()) {
        tip += QStringLiteral("\n\n") + tr("Most recent:");
        const std::size_t first = s.recentViolations.size() > 5 ? s.recentViolations.size() - 5 : 0;
        for (std::size_t i = first; i < s.recentViolations.size(); ++i)
            tip += QStringLiteral("\n• ") + QString::fromStdString(s.recentViolations[i]);
    }
    m_violationsTile->setToolTip(tip);
}

void SimulationPanel::updateCharts(const sim::Statistics& s)
{
    QList<QPointF> ops, violations;
    ops.reserve(qsizetype(s.throughput.size()) + 1);
    violations.reserve(qsizetype(s.throughput.size()) + 1);
    double maxOps = 1, lastTime = 0;
    std::uint64_t maxViolations = 0;
    ops.append({0, 0});
    violations.append({0, 0});
    for (const auto& p : s.throughput) {
        ops.append({p.time, p.opsPerSecond});
        violations.append({p.time, double(p.violations)});
        maxOps = std::max(maxOps, p.opsPerSecond);
        maxViolations = std::max(maxViolations, p.violations);
        lastTime = p.time;
    }
    m_opsSeries->replace(ops);
    m_violationSeries->replace(violations);
    m_timeAxis->setRange(0, std::max(10.0, std::ceil(lastTime / 5) * 5));
    auto nice = [](double v) {
        const double m = std::pow(10, std::floor(std::log10(std::max(v, 1.0))));
        for (double f : {1.0, 2.0, 2.5, 5.0, 10.0})
            if (v <= f * m)
                return f * m;
        return 10 * m;
    };
    m_opsAxis->setRange(0, nice(maxOps * 1.1));
    m_violationAxis->setRange(0, std::max(10.0, nice(double(maxViolations) * 1.1)));

    if (s.waitHistogram.size() != m_histogramSize) {
        for (const QString& label : m_waitCategories->categoriesLabels())
            m_waitCategories->remove(label);
        m_waitCategories->setStartValue(-0.5);
        m_waitCategories->setRange(-0.5, double(s.waitHistogram.size()) - 0.5);
        QStringList all;
        for (std::size_t i = 0; i < s.waitHistogram.size(); ++i) {
            const double upper = s.waitHistogram[i].upperMs;
            all << bucketLabel(upper);
            const double decade = upper > 0 && !std::isinf(upper) ? std::log10(upper) : 0;
            if (std::isinf(upper) || upper == 0 || decade == std::round(decade))
                m_waitCategories->append(all.back(), double(i));
        }
        m_waitView->setToolTip(tr("Time from the first attempt to the grant. Buckets, in ms: ≤ %1").arg(all.join(QStringLiteral(", ≤ "))));
        m_waitBars->remove(0, m_waitBars->count());
        for (std::size_t i = 0; i < s.waitHistogram.size(); ++i)
            m_waitBars->append(0);
        m_histogramSize = s.waitHistogram.size();
    }
    double maxCount = 1;
    for (std::size_t i = 0; i < s.waitHistogram.size(); ++i) {
        const double v = double(s.waitHistogram[i].count);
        if (m_waitBars->at(qsizetype(i)) != v)
            m_waitBars->replace(qsizetype(i), v);
        maxCount = std::max(maxCount, v);
    }
    m_waitAxis->setRange(0, std::max(4.0, maxCount * 1.1));
    m_waitAxis->applyNiceNumbers();
}

void SimulationPanel::updateButtons()
{
    using State = sim::Simulation::State;
    const bool running = m_state == State::Running;
    const bool paused = m_state == State::Paused;
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
    m_scenarioPlay->setEnabled(m_scenarioLoaded && !m_scenarioAtEnd && !m_autoplay);
    m_scenarioStep->setEnabled(m_scenarioLoaded && !m_scenarioAtEnd && !m_stepPending);
    m_scenarioReset->setEnabled(!m_scenarioName.isEmpty());
    m_scenarioClose->setEnabled(m_scenarioLoaded);
}

void SimulationPanel::setStatus(const QString& text)
{
    m_status->setText(text);
}

} // namespace treelock::ui
