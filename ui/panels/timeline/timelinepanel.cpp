#include "panels/timeline/timelinepanel.h"

#include "common/controlnames.h"
#include "lockview/presentation.h"
#include "panels/timeline/timelinetext.h"
#include "panels/timeline/timelineview.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace treelock::ui {

namespace {

using std::chrono::minutes;

constexpr minutes kPresets[] = {minutes(1), minutes(5), minutes(15), minutes(60)};

/// "■ X" in the colour of the tree's pill for the mode, for the legend.
QString swatch(const QColor& fill, const QColor& border, const QString& text)
{
    return QStringLiteral("<span style=\"color:%1; background:%2\">&nbsp;■&nbsp;</span>&nbsp;%3")
        .arg(border.name(), fill.name(), text.toHtmlEscaped());
}

} // namespace

TimelinePanel::TimelinePanel(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("timelinePanel"));
    m_live = new TimelineModel(this);
    m_live->setObjectName(QStringLiteral("timelineLiveModel"));
    m_sim = new TimelineModel(this);
    m_sim->setObjectName(QStringLiteral("timelineSimulationModel"));
    m_view = new TimelineView(this);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->setSpacing(4);
    auto* last = new QLabel(tr("Last"), this);
    bar->addWidget(last);
    m_spans = new QButtonGroup(this);
    m_spans->setExclusive(true);
    const QString spanTexts[] = {tr("1 min"), tr("5 min"), tr("15 min"), tr("1 h")};
    const char* spanNames[] = {"timelineSpan1min", "timelineSpan5min", "timelineSpan15min", "timelineSpan1h"};
    for (int i = 0; i < 4; ++i) {
        auto* b = new QToolButton(this);
        b->setText(spanTexts[i]);
        b->setCheckable(true);
        b->setAutoRaise(true);
        identifyControl(b, spanNames[i], tr("Show the last %1 across the chart").arg(spanTexts[i]));
        b->setToolTip(tr("Show the last %1 (Ctrl+wheel or +/- on the chart zoom between 1 min and 1 h)").arg(spanTexts[i]));
        m_spans->addButton(b, i);
        bar->addWidget(b);
    }
    connect(m_spans, &QButtonGroup::idClicked, this, [this](int id) {
        m_view->setVisibleSpan(kPresets[id]);
    });
    m_now = new QToolButton(this);
    m_now->setText(tr("Now"));
    m_now->setAutoRaise(true);
    identifyControl(m_now, "timelineNowButton", tr("Follow the present time at the chart's right edge"));
    m_now->setToolTip(tr("Follow the present time again (End on the chart)"));
    connect(m_now, &QToolButton::clicked, m_view, &TimelineView::followNow);
    bar->addWidget(m_now);
    bar->addSpacing(12);
    auto* rowsLabel = new QLabel(tr("Rows"), this);
    m_grouping = new QComboBox(this);
    m_grouping->addItem(tr("by path"), int(TimelineGrouping::Path));
    m_grouping->addItem(tr("by owner"), int(TimelineGrouping::Owner));
    identifyControl(m_grouping, "timelineGrouping", tr("One row per path, or one per owner"));
    rowsLabel->setBuddy(m_grouping);
    connect(m_grouping, &QComboBox::currentIndexChanged, this, [this] {
        m_view->setGrouping(TimelineGrouping(m_grouping->currentData().toInt()));
        updateCursorText();
    });
    bar->addWidget(rowsLabel);
    bar->addWidget(m_grouping);
    bar->addSpacing(12);
    auto* legend = new QLabel(this);
    legend->setObjectName(QStringLiteral("timelineLegend"));
    QStringList keys;
    for (const NodeKind kind : {NodeKind::HeldX, NodeKind::HeldSIX, NodeKind::HeldS, NodeKind::IntentIX, NodeKind::IntentIS}) {
        const presentation::KindStyle s = presentation::style(kind);
        keys << swatch(s.fill, s.border, presentation::kindName(kind).section(QLatin1Char(' '), 0, 0));
    }
    const presentation::KindStyle w = presentation::waitingStyle();
    keys << swatch(w.fill, w.border, tr("waiting"));
    legend->setText(keys.join(QStringLiteral("&nbsp;&nbsp;")));
    legend->setToolTip(tr("Leases in their mode's colour; waits hatched under them, ending in a dot where the lease was "
                          "granted and a cross where the waiter gave up; dashed red lines: forced releases; orange: "
                          "failovers; grey: the connection lost or back"));
    bar->addWidget(legend);
    bar->addStretch(1);
    m_source = new QLabel(this);
    m_source->setObjectName(QStringLiteral("timelineSource"));
    bar->addWidget(m_source);

    m_cursorText = new QLabel(this);
    m_cursorText->setObjectName(QStringLiteral("timelineCursorText"));
    m_cursorText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cursorText->setMinimumWidth(100);
    m_cursorText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    layout->addLayout(bar);
    layout->addWidget(m_cursorText);
    layout->addWidget(m_view, 1);
    setTabOrder(m_now, m_grouping);
    setTabOrder(m_grouping, m_view);

    connect(m_view, &TimelineView::viewChanged, this, &TimelinePanel::updateControls);
    connect(m_view, &TimelineView::cursorChanged, this, &TimelinePanel::updateCursorText);
    connect(m_view, &TimelineView::leaseActivated, this, &TimelinePanel::leaseRequested);
    connect(m_view, &TimelineView::waiterActivated, this, &TimelinePanel::waiterRequested);
    connect(m_view, &TimelineView::markerActivated, this,
            [this](const TimelineMarker& m) { emit eventRequested(m.streamId, m.at); });
    // The cursor's line counts what the history holds: it changes as leases come.
    for (TimelineModel* model : {m_live, m_sim})
        connect(model, &TimelineModel::changed, this, [this, model] {
            if (model == shownModel() && m_view->timeCursor())
                updateCursorText();
        });
    m_view->setModel(m_live);
    updateControls();
    updateCursorText();
}

TimelineModel* TimelinePanel::shownModel() const
{
    return m_view->model();
}

QToolButton* TimelinePanel::spanButton(std::chrono::minutes span) const
{
    for (int i = 0; i < 4; ++i)
        if (kPresets[i] == span)
            return qobject_cast<QToolButton*>(m_spans->button(i));
    return nullptr;
}

void TimelinePanel::updateControls()
{
    for (int i = 0; i < 4; ++i)
        m_spans->button(i)->setChecked(m_view->visibleSpan() == kPresets[i]);
    // An exclusive group keeps one checked: a zoom between presets checks none.
    if (m_spans->checkedId() >= 0 && m_view->visibleSpan() != kPresets[m_spans->checkedId()]) {
        m_spans->setExclusive(false);
        m_spans->checkedButton()->setChecked(false);
        m_spans->setExclusive(true);
    }
    m_now->setEnabled(!m_view->following());
    m_source->setText(shownModel() == m_sim ? tr("Simulation") : QString());
}

void TimelinePanel::updateCursorText()
{
    const auto at = m_view->timeCursor();
    TimelineModel* model = shownModel();
    if (!at || !model) {
        m_cursorText->setText(tr("Click or drag on the chart (or use the arrow keys) to see what was locked at a moment."));
        return;
    }
    m_cursorText->setText(TimelineText::momentText(model->at(*at), *at));
}

void TimelinePanel::appendLog(const LogBatch& batch)
{
    if (batch)
        m_live->appendLog(*batch);
}

void TimelinePanel::applyState(const LockStatePtr& state)
{
    if (state)
        m_live->applyState(*state);
}

void TimelinePanel::applySimulationState(const LockStatePtr& state)
{
    if (state && shownModel() == m_sim)
        m_sim->applyState(*state);
}

void TimelinePanel::setSimulationShown(bool shown)
{
    if (shown == (shownModel() == m_sim))
        return;
    if (shown)
        m_sim->clear();
    m_view->setModel(shown ? m_sim : m_live);
    updateControls();
}

void TimelinePanel::setBackend(const BackendInfo& info)
{
    // The primary moving is a failover of the same project, not another history.
    const QString key = QString::number(int(info.kind)) + QLatin1Char('|') + info.url + QLatin1Char('|') + info.project;
    if (key == m_backendKey)
        return;
    if (!m_backendKey.isEmpty())
        m_live->clear();
    m_backendKey = key;
}

void TimelinePanel::noteFailover(const FailoverReport& report)
{
    TimelineMarker m;
    m.kind = TimelineMarker::Kind::Failover;
    m.at = m_live->now();
    m.title = tr("Failover: the primary moved from %1 to %2").arg(report.from, report.to);
    m.detail = tr("%n lease(s) lost", nullptr, report.lost) + QStringLiteral(", ") + tr("%n survived", nullptr, report.survived);
    m_live->addMarker(std::move(m));
}

void TimelinePanel::noteConnection(const ConnectionState& state)
{
    const ConnectionStatus before = m_connection;
    m_connection = state.status;
    if (state.status == ConnectionStatus::Connected) {
        const bool back = m_connectedOnce && before != ConnectionStatus::Connected;
        m_connectedOnce = true;
        if (!back)
            return;
    } else if (state.status != ConnectionStatus::Lost || before != ConnectionStatus::Connected) {
        return;
    }
    if (m_live->now() == ServerTime{})
        return;
    TimelineMarker m;
    m.kind = TimelineMarker::Kind::Connection;
    m.at = m_live->now();
    m.title = state.status == ConnectionStatus::Connected ? tr("Connection back") : tr("Connection lost");
    m.detail = state.message;
    m_live->addMarker(std::move(m));
}

} // namespace treelock::ui
