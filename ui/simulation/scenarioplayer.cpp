#include "simulation/scenarioplayer.h"

#include "common/controlnames.h"
#include "simulation/scenariostepmodel.h"
#include "simulation/scenariotexts.h"

#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace treelock::ui {

namespace {

constexpr int kScenarioStepDelayMs = 700;

} // namespace

ScenarioPlayer::ScenarioPlayer(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("scenarioPlayer"));
    m_stepModel = new ScenarioStepModel(this);

    // The buttons and the status line first: a dock a few rows tall keeps them in sight.
    QStyle* s = style();
    auto* load = new QPushButton(s->standardIcon(QStyle::SP_DialogOpenButton), tr("Load"));
    load->setToolTip(tr("Load the selected scenario on a fresh engine (a click in the list does too; a "
                        "double-click or Enter loads and plays it)"));
    connect(load, &QPushButton::clicked, this, [this] {
        if (QListWidgetItem* item = m_scenarioList->currentItem())
            emit loadRequested(item->data(Qt::UserRole).toString(), false);
    });
    m_scenarioPlay = new QPushButton(s->standardIcon(QStyle::SP_MediaPlay), tr("Play"));
    m_scenarioPlay->setToolTip(tr("Run the remaining steps one after another"));
    connect(m_scenarioPlay, &QPushButton::clicked, this, &ScenarioPlayer::play);
    m_scenarioStep = new QPushButton(s->standardIcon(QStyle::SP_MediaSkipForward), tr("Step"));
    m_scenarioStep->setToolTip(tr("Run the next step"));
    connect(m_scenarioStep, &QPushButton::clicked, this, [this] {
        m_autoplay = false;
        step();
    });
    m_scenarioReset = new QPushButton(s->standardIcon(QStyle::SP_BrowserReload), tr("Restart"));
    m_scenarioReset->setToolTip(tr("Load the scenario again from its first step"));
    connect(m_scenarioReset, &QPushButton::clicked, this, [this] {
        if (!m_scenarioName.isEmpty())
            emit loadRequested(m_scenarioName, false);
    });
    m_scenarioClose = new QPushButton(s->standardIcon(QStyle::SP_DialogCloseButton), tr("Close"));
    m_scenarioClose->setToolTip(tr("Drop the scenario; the main view returns to Studio's project"));
    connect(m_scenarioClose, &QPushButton::clicked, this, &ScenarioPlayer::close);
    identifyControl(load, "scenarioLoad", tr("Load the selected scenario"));
    identifyControl(m_scenarioPlay, "scenarioPlay", tr("Play the scenario"));
    identifyControl(m_scenarioStep, "scenarioStep", tr("Run the scenario's next step"));
    identifyControl(m_scenarioReset, "scenarioRestart", tr("Restart the scenario"));
    identifyControl(m_scenarioClose, "scenarioClose", tr("Close the scenario"));
    m_status = new QLabel(tr("Click a scenario to load it; double-click it (or press Enter) to play it."));
    m_status->setObjectName(QStringLiteral("scenarioStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 6, 6, 0);
    for (QPushButton* b : {load, m_scenarioPlay, m_scenarioStep, m_scenarioReset, m_scenarioClose})
        bar->addWidget(b);
    bar->addSpacing(8);
    bar->addWidget(m_status, 1);

    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(6, 0, 0, 4);
    leftLayout->addWidget(new QLabel(tr("<b>Scenarios</b>")));
    m_scenarioList = new QListWidget;
    m_scenarioList->setObjectName(QStringLiteral("scenarioList"));
    for (const QString& name : builtinScenarios()) {
        auto* item = new QListWidgetItem(name, m_scenarioList);
        QFile f(QStringLiteral(":/scenarios/%1.json").arg(name));
        if (f.open(QIODevice::ReadOnly))
            item->setToolTip(scenarioText(
                QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("title")).toString().toStdString()));
        item->setData(Qt::UserRole, name);
    }
    connect(m_scenarioList, &QListWidget::itemClicked, this,
            [this](QListWidgetItem* item) { request(item->data(Qt::UserRole).toString(), false); });
    connect(m_scenarioList, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { request(item->data(Qt::UserRole).toString(), true); });
    leftLayout->addWidget(m_scenarioList, 1);
    splitter->addWidget(left);

    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(6, 0, 6, 4);
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
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({200, 1000});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);

    updateButtons();
}

void ScenarioPlayer::request(const QString& name, bool play)
{
    if (name == m_scenarioName && (m_loading || m_scenarioLoaded)) {
        // The click of a double-click, or a click on the scenario shown: no new engine.
        if (play && m_scenarioLoaded)
            this->play();
        else if (play)
            m_autoplay = true;
        return;
    }
    emit loadRequested(name, play);
}

void ScenarioPlayer::onFailed(const QString& text)
{
    if (!m_loading)
        return;
    m_loading = false;
    m_autoplay = false;
    m_status->setText(text.toHtmlEscaped());
    updateButtons();
}

void ScenarioPlayer::onScenarioLoaded(const ScenarioPlanPtr& plan)
{
    if (plan->session != m_session)
        return; // a load closed or replaced before the simulation got to it
    m_stepModel->setPlan(plan);
    m_scenarioLoaded = true;
    m_scenarioAtEnd = plan->steps.empty();
    m_stepPending = false;
    m_loading = false;
    m_scenarioTitle->setText(plan->title.toHtmlEscaped());
    m_scenarioDescription->setText(plan->description);
    m_narration->setText(tr("Press Play to run the %n step(s) one after another, or Step to run one.", nullptr,
                            int(plan->steps.size())));
    m_status->setText(tr("Loaded %1: %n step(s), none run yet.", nullptr, int(plan->steps.size())).arg(plan->name.toHtmlEscaped()));
    updateButtons();
    if (m_autoplay)
        step();
}

void ScenarioPlayer::load(const QString& name, bool play, SimulationEngine engine, const QString& redisUrl)
{
    const auto items = m_scenarioList->findItems(name, Qt::MatchExactly);
    if (!items.isEmpty())
        m_scenarioList->setCurrentItem(items.first());
    m_scenarioName = name;
    m_loading = true;
    m_status->setText(tr("Loading %1…").arg(name.toHtmlEscaped()));
    m_scenarioLoaded = false;
    m_scenarioAtEnd = false;
    m_autoplay = play;
    m_scenarioEngine = engine;
    m_session = ++m_lastSession;
    emit scenarioRequested(name, m_scenarioEngine, redisUrl, m_session);
}

void ScenarioPlayer::play()
{
    m_autoplay = true;
    step();
}

void ScenarioPlayer::step()
{
    if (!m_scenarioLoaded || m_scenarioAtEnd || m_stepPending)
        return;
    m_stepPending = true;
    const int row = m_stepModel->nextRow();
    m_stepView->selectRow(row);
    m_narration->setText(tr("Running step %1…").arg(row + 1));
    updateButtons();
    emit nextStepRequested();
}

void ScenarioPlayer::close()
{
    m_autoplay = false;
    if (!m_scenarioLoaded && m_scenarioName.isEmpty())
        return;
    emit dropRequested();
    m_session = 0;
    m_scenarioLoaded = false;
    m_loading = false;
    m_stepPending = false;
    emit closed();
    updateButtons();
}

void ScenarioPlayer::onStepFinished(const sim::StepResult& result, bool atEnd, quint64 session)
{
    if (session != m_session)
        return; // a step of a scenario closed or replaced since
    m_stepPending = false;
    m_stepModel->setResult(result);
    m_scenarioAtEnd = atEnd;
    const int row = int(result.index);
    m_stepView->selectRow(row);
    m_stepView->scrollTo(m_stepModel->index(row, 0));
    const QString mark = result.ok ? QStringLiteral("<span style='color:#2e7d32'><b>✓</b></span>")
                                   : QStringLiteral("<span style='color:#c62828'><b>✗</b></span>");
    const QModelIndex shown = m_stepModel->index(row, 0);
    QString text = tr("%1 <b>Step %2 of %3.</b> %4").arg(mark).arg(row + 1).arg(m_stepModel->rowCount())
                       .arg(shown.data(ScenarioStepModel::NarrationRole).toString().toHtmlEscaped());
    if (!result.ok && !result.mismatch.empty())
        text += QStringLiteral("<br/><span style='color:#c62828'>%1</span>")
                    .arg(tr("Expected %1, got %2: %3").arg(scenarioOutcome(result.expected), scenarioOutcome(result.actual),
                                                            scenarioDetail(result.mismatch)).toHtmlEscaped());
    m_narration->setText(text);
    // What the step did, where the eye is (above the table) and in the window's status bar.
    QString report = tr("Step %1 of %2 · %3: %4 → %5").arg(row + 1).arg(m_stepModel->rowCount())
                         .arg(shown.siblingAtColumn(ScenarioStepModel::ActorColumn).data().toString(),
                              shown.siblingAtColumn(ScenarioStepModel::StepColumn).data().toString(),
                              scenarioOutcome(result.actual));
    report += result.ok ? QStringLiteral(" ✓") : QStringLiteral(" ✗ ") + tr("(expected %1)").arg(scenarioOutcome(result.expected));
    const int run = m_stepModel->stepsRun();
    const int passed = m_stepModel->stepsPassed();
    m_status->setText(QStringLiteral("%1<br/>%2").arg(report.toHtmlEscaped(),
                                                      tr("%1 of %2 steps run: %3 ✓, %4 ✗").arg(run).arg(m_stepModel->rowCount()).arg(passed).arg(run - passed)));
    emit stepReported(report);
    emit stepFinished(row, result.ok);
    if (atEnd) {
        m_autoplay = false;
        emit finished(passed == m_stepModel->rowCount());
    } else if (m_autoplay) {
        // The pause between steps is only for the reader: on the in-process
        // engine the scenario's clock stands still during it. A Redis server's
        // clock does not, so there the steps follow each other at once.
        const int delay = m_scenarioEngine == SimulationEngine::Memory ? kScenarioStepDelayMs : 0;
        QTimer::singleShot(delay, this, [this] {
            if (m_autoplay)
                step();
        });
    }
    updateButtons();
}

void ScenarioPlayer::updateButtons()
{
    m_scenarioPlay->setEnabled(m_scenarioLoaded && !m_scenarioAtEnd && !m_autoplay);
    m_scenarioStep->setEnabled(m_scenarioLoaded && !m_scenarioAtEnd && !m_stepPending);
    m_scenarioReset->setEnabled(!m_scenarioName.isEmpty());
    m_scenarioClose->setEnabled(m_scenarioLoaded);
}

} // namespace treelock::ui
