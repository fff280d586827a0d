#include "mainwindow/welcomepanel.h"

#include "common/controlnames.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStyle>

namespace treelock::ui {

QString WelcomePanel::dismissedKey()
{
    return QStringLiteral("help/welcomeDismissed");
}

WelcomePanel::WelcomePanel(bool useSettings, QWidget* parent) : QFrame(parent), m_useSettings(useSettings)
{
    setObjectName(QStringLiteral("welcomePanel"));
    setStyleSheet(QStringLiteral("#welcomePanel { background: #eef4fb; border-bottom: 1px solid #c9d9ec; }"));
    m_dismissed = m_useSettings && QSettings().value(dismissedKey(), false).toBool();

    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("welcomeText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);

    QStyle* s = style();
    m_copy = new QPushButton(s->standardIcon(QStyle::SP_FileLinkIcon), tr("Copy a lock command"), this);
    identifyControl(m_copy, "welcomeCopyCommand", tr("Copy a treelock command line that takes a lock on this server"));
    connect(m_copy, &QPushButton::clicked, this, [this] {
        if (m_command.isEmpty())
            return;
        QApplication::clipboard()->setText(m_command);
        emit commandCopied(m_command);
    });
    m_start = new QPushButton(s->standardIcon(QStyle::SP_MediaPlay), tr("Start the simulation"), this);
    identifyControl(m_start, "welcomeStartSimulation", tr("Start the Simulation panel's virtual users"));
    m_start->setToolTip(tr("Virtual users take and release locks through the real lock engine; while they run, the "
                           "tree and the lease table show their project (Simulation › Start, F5)"));
    m_start->setEnabled(false);
    m_play = new QPushButton(s->standardIcon(QStyle::SP_MediaSkipForward), tr("Play a scenario"), this);
    identifyControl(m_play, "welcomePlayScenario", tr("Play a scripted scenario in the Simulation panel"));
    connect(m_play, &QPushButton::clicked, this, [this] {
        if (!m_scenario.isEmpty())
            emit scenarioRequested(m_scenario);
    });
    m_dismiss = new QPushButton(tr("Don't show again"), this);
    identifyControl(m_dismiss, "welcomeDismiss", tr("Hide the welcome panel; Help › Show Welcome Panel brings it back"));
    m_dismiss->setFlat(true);
    m_dismiss->setCursor(Qt::PointingHandCursor);
    m_dismiss->setToolTip(tr("Help › Show Welcome Panel brings it back"));
    connect(m_dismiss, &QPushButton::clicked, this, &WelcomePanel::dismiss);

    m_buttons = new QWidget(this);
    auto* buttons = new QHBoxLayout(m_buttons);
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->setSpacing(8);
    for (QPushButton* b : {m_copy, m_start, m_play})
        buttons->addWidget(b);
    buttons->addStretch(1);
    m_grid = new QGridLayout(this);
    m_grid->setContentsMargins(12, 6, 8, 6);
    m_grid->setHorizontalSpacing(12);
    m_grid->setVerticalSpacing(6);
    m_grid->setColumnStretch(1, 1);
    setProject({});
    hide();
}

void WelcomePanel::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    arrange();
}

void WelcomePanel::arrange(bool again)
{
    // One row where the text, the buttons and "Don't show again" fit side by
    // side (the panel then takes the least height from the views); else the
    // buttons go below the text, which wraps.
    const QMargins margins = m_grid->contentsMargins();
    const int oneRow = margins.left() + m_textWidth + m_buttons->sizeHint().width() + m_dismiss->sizeHint().width()
                       + 2 * m_grid->horizontalSpacing() + margins.right();
    const bool wide = width() >= oneRow;
    if (!again && m_grid->count() > 0 && wide == m_wide)
        return;
    m_wide = wide;
    for (QWidget* w : {static_cast<QWidget*>(m_text), m_buttons, static_cast<QWidget*>(m_dismiss)})
        m_grid->removeWidget(w);
    m_text->setWordWrap(!wide);
    if (wide) {
        m_grid->addWidget(m_text, 0, 0);
        m_grid->addWidget(m_buttons, 0, 1);
    } else {
        m_grid->addWidget(m_text, 0, 0, 1, 2);
        m_grid->addWidget(m_buttons, 1, 0, 1, 3);
    }
    m_grid->addWidget(m_dismiss, 0, 2, wide ? Qt::Alignment() : Qt::AlignTop);
}

void WelcomePanel::setProject(const QString& project)
{
    const QString first = project.isEmpty() ? tr("<b>Welcome to Treelock Studio.</b>")
                                            : tr("<b>Project %1 holds no locks yet.</b>").arg(project.toHtmlEscaped());
    m_text->setText(first + QLatin1Char(' ') + tr("Take one and watch it here:"));
    QLabel oneLine(m_text->text());
    oneLine.setFont(m_text->font());
    m_textWidth = oneLine.sizeHint().width();
    arrange(true); // the one-row width changed
}

void WelcomePanel::setCommand(const QString& command)
{
    m_command = command;
    m_copy->setHidden(command.isEmpty());
    m_copy->setToolTip(tr("Copies this line; paste it into a terminal and the lock shows here:") + QStringLiteral("\n") + command);
    arrange(true); // the one-row width changed
}

void WelcomePanel::setStartAction(QAction* start)
{
    connect(m_start, &QPushButton::clicked, start, &QAction::trigger);
    const auto follow = [this, start] { m_start->setEnabled(start->isEnabled()); };
    connect(start, &QAction::changed, m_start, follow);
    follow();
}

void WelcomePanel::setScenario(const QString& name, const QString& title)
{
    m_scenario = name;
    m_play->setToolTip(tr("Plays “%1” in the Simulation panel, where the other scenarios are listed").arg(title));
}

void WelcomePanel::setLeaseCount(int leases)
{
    m_stateSeen = true;
    if (leases > 0 && !m_summoned)
        m_retired = true;
    updateShown();
}

void WelcomePanel::summon()
{
    m_dismissed = false;
    m_summoned = true;
    if (m_useSettings)
        QSettings().remove(dismissedKey());
    updateShown();
}

void WelcomePanel::dismiss()
{
    m_dismissed = true;
    m_summoned = false;
    if (m_useSettings)
        QSettings().setValue(dismissedKey(), true);
    updateShown();
}

void WelcomePanel::updateShown()
{
    setVisible(!m_dismissed && (m_summoned || (m_stateSeen && !m_retired)));
}

} // namespace treelock::ui
