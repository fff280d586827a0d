// MainWindow's status bar, connection banner, window geometry and settings.
#include "mainwindow/mainwindow.h"
#include "mainwindow/updatehold.h"
#include "connection/serverwording.h"

#include "connection/connectdialog.h"
#include "connection/studiowording.h"
#include "connection/tlsindicator.h"
#include "lockview/presentation.h"
#include "panels/eventlog/eventlogmodel.h"
#include "panels/hotspots/hotspotmodel.h"
#include "panels/hotspots/hotspotpanel.h"
#include "panels/leases/leasepanel.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/tree/treepanel.h"
#include "panels/waiting/waitertablemodel.h"
#include "panels/waiting/waitingpanel.h"
#include "simulation/simulationpanel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCursor>
#include <QDockWidget>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QLayout>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QTimer>
#include <QToolTip>
#include <QTreeView>

#include <algorithm>

namespace treelock::ui {

namespace {

/// How long the status bar shows an action's outcome.
constexpr int kResultShownMs = 15000;

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
    QSize sizeHint() const override
    {
        const QMargins m = contentsMargins();
        return {fontMetrics().horizontalAdvance(m_full) + 8 + m.left() + m.right(), QLabel::sizeHint().height()};
    }

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

void MainWindow::createStatusBar()
{
    auto* result = new ElidedLabel(this);
    result->setObjectName(QStringLiteral("actionResult"));
    result->setAccessibleName(tr("Result of the last action"));
    m_resultLabel = result;
    statusBar()->addWidget(m_resultLabel, 1);
    m_resultTimer = new QTimer(this);
    m_resultTimer->setObjectName(QStringLiteral("actionResultTimer"));
    m_resultTimer->setSingleShot(true);
    m_resultTimer->setInterval(kResultShownMs);
    connect(m_resultTimer, &QTimer::timeout, this, [result] { result->setFullText({}); });
    m_backendLabel = new QLabel(this);
    m_backendLabel->setObjectName(QStringLiteral("backendLabel"));
    m_backendLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_countsLabel = new QLabel(this);
    m_countsLabel->setObjectName(QStringLiteral("countsLabel"));
    // A long temporary message (a server warning) is cut where the permanent
    // labels start: a gap keeps it from running into the counts.
    m_countsLabel->setContentsMargins(16, 0, 0, 0);
    m_clockLabel = new QLabel(this);
    m_clockLabel->setToolTip(tr("The lock server's clock (all expiries are in server time)"));
    auto* copy = new QToolButton(this);
    copy->setDefaultAction(m_copyUrl);
    copy->setToolButtonStyle(Qt::ToolButtonIconOnly);
    copy->setAutoRaise(true);
    auto* alarm = new ElidedLabel(this);
    alarm->setObjectName(QStringLiteral("hotSpotAlarm"));
    alarm->setAccessibleName(tr("Hot spot alarm"));
    // By name: its tooltip, a label too, keeps the tooltip's own look.
    alarm->setStyleSheet(QStringLiteral("#hotSpotAlarm { color: #b71c1c; font-weight: bold; }"));
    alarm->setContentsMargins(16, 0, 0, 0);
    alarm->hide();
    m_alarmLabel = alarm;
    statusBar()->addPermanentWidget(m_alarmLabel);
    statusBar()->addPermanentWidget(m_hold->statusButton());
    statusBar()->addPermanentWidget(m_countsLabel);
    statusBar()->addPermanentWidget(m_clockLabel);
    statusBar()->addPermanentWidget(m_tls->statusWidget());
    statusBar()->addPermanentWidget(m_backendLabel);
    statusBar()->addPermanentWidget(copy);
    m_backendLabel->setText(tr("Connecting…"));
}

void MainWindow::showSimulationSource()
{
    showPanelSources();
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

void MainWindow::showPanelSources()
{
    const bool simulation = m_simulationShown && !m_simPanel->shownProject().isEmpty();
    if (simulation)
        m_waitingPanel->setProject(m_simPanel->shownProject(), false);
    else
        m_waitingPanel->setProject(m_backend.project, true, m_backend.grace);
    m_hotSpotPanel->setProject(m_backend.project);
    m_hotSpotPanel->setSimulationShown(m_simulationShown);
}

void MainWindow::updateReleaseExpired(int count)
{
    m_expiredCount = count;
    m_releaseExpired->setText(tr("Release expired (%1)").arg(count));
    m_releaseExpired->setEnabled(count > 0);
}

void MainWindow::onBackend(const BackendInfo& info)
{
    // Another server or project has not answered yet; the same one again (a
    // reconnect, a new primary behind the same sentinels) has.
    if (info.kind != m_backend.kind || info.url != m_backend.url || info.project != m_backend.project)
        m_connectedOnce = false;
    m_backend = info;
    QString kind;
    switch (info.kind) {
    case BackendConfig::Kind::Private: kind = tr("Private Redis"); break;
    case BackendConfig::Kind::Url: kind = tr("Redis"); break;
    case BackendConfig::Kind::Memory: kind = tr("In-process engine"); break;
    case BackendConfig::Kind::PrivateHa: kind = tr("Private Redis + Sentinel"); break;
    }
    // A private server's socket path is long: the label shows its ends, the tooltip and Copy URL all of it.
    const QString shownUrl = fontMetrics().elidedText(info.url, Qt::ElideMiddle, fontMetrics().averageCharWidth() * 30);
    const QString url = info.kind == BackendConfig::Kind::Memory ? QString() : QStringLiteral(" <code>%1</code>").arg(shownUrl.toHtmlEscaped());
    // Behind Sentinel or on a cluster the serving node can move: it is named on
    // its own, never elided.
    QString primary;
    if (info.slot >= 0 && !info.primary.isEmpty())
        primary = tr(" · node <b>%1</b> (slot %2)").arg(info.primary.toHtmlEscaped()).arg(info.slot);
    else if (info.sentinel && !info.primary.isEmpty())
        primary = tr(" · primary <b>%1</b>").arg(info.primary.toHtmlEscaped());
    m_backendLabel->setText(tr("<b>%1</b>%2 · project <b>%3</b>").arg(kind, url + primary, info.project.toHtmlEscaped())
                            + (info.grantsUnrecorded ? tr(" · events: audit") : QString()));
    const bool privateHa = info.kind == BackendConfig::Kind::PrivateHa;
    m_failOver->setEnabled(privateHa);
    m_killPrimary->setEnabled(privateHa);
    QString tip = info.note;
    if (info.kind != BackendConfig::Kind::Memory)
        tip += QStringLiteral("\n\n") + tr("From a terminal:") + QStringLiteral("\n  ") + terminalCommand(info.url, info.project);
    if (info.grantsUnrecorded)
        tip += QStringLiteral("\n\n")
               + tr("This project records no grants and releases as events (events=audit): the event log shows "
                    "expiries, forced releases, sweeps and setting changes, and the lease table follows the "
                    "snapshot taken each second. treelock config events=all records them again.");
    if (!info.warnings.isEmpty()) {
        QStringList lines;
        for (const QString& w : info.warnings)
            lines << serverWarningText(w);
        tip += QStringLiteral("\n\n") + tr("Server warnings:") + QStringLiteral("\n  ") + lines.join(QStringLiteral("\n  "));
    }
    m_backendLabel->setToolTip(tip.trimmed());
    m_copyUrl->setEnabled(info.kind != BackendConfig::Kind::Memory);
    m_copyCommand->setEnabled(m_copyUrl->isEnabled());
    m_tls->show(info);
    showPanelSources();
    setWindowTitle(tr("%1 — Treelock Studio").arg(info.kind == BackendConfig::Kind::Memory
                                                       ? info.project
                                                       : QStringLiteral("%1 @ %2").arg(info.project, info.url)));
    if (info.kind == BackendConfig::Kind::Memory && !info.note.isEmpty())
        statusBar()->showMessage(info.note, 15000);
    // The private server is throwaway by design (no persistence); anywhere else
    // a weakened guarantee is said out loud, not only in a tooltip.
    if (info.kind == BackendConfig::Kind::Url && !info.warnings.isEmpty()) {
        m_backendLabel->setText(m_backendLabel->text() + QStringLiteral(" <b style='color:#c62828'>⚠</b>"));
        // Short, so it is not cut; each whole in the address's tooltip.
        QStringList shortly;
        for (const QString& w : info.warnings)
            shortly << serverWarningShort(w);
        statusBar()->showMessage(tr("Server warning: %1 (the ⚠ beside the address says more)").arg(shortly.join(QStringLiteral(" · "))), 30000);
    }
}

void MainWindow::onConnection(const ConnectionState& state)
{
    switch (state.status) {
    case ConnectionStatus::Connected:
        m_connectedOnce = true;
        m_banner->hide();
        // The temporary "Connecting…" would otherwise outlive the connection.
        if (statusBar()->currentMessage() == tr("Connecting…"))
            statusBar()->clearMessage();
        break;
    case ConnectionStatus::Connecting:
        m_banner->hide();
        statusBar()->showMessage(tr("Connecting…"), 3000);
        break;
    case ConnectionStatus::Lost:
        // Behind Sentinel a lost primary is usually a failover under way, not an outage.
        // Never connected, there is no "last known state" to keep showing.
        m_bannerText->setText((!m_connectedOnce ? tr("Cannot connect: %1 — trying again every second (attempt %2).")
                               : m_backend.sentinel
                                   ? tr("No primary: %1 — asking the sentinels again every second (attempt %2); a failover takes a few seconds. The view shows the last known state.")
                                   : tr("Connection lost: %1 — reconnecting every second (attempt %2). The view shows the last known state."))
                                  .arg(inStudioTerms(connectionProblemText(state.message))).arg(state.attempt));
        m_banner->show();
        break;
    case ConnectionStatus::Refused:
        m_bannerText->setText(tr("Cannot use this connection: %1 — change it with File › Connect…, or press Retry now "
                                 "once it is fixed.")
                                  .arg(inStudioTerms(connectionProblemText(state.message))));
        m_banner->show();
        break;
    }
}

void MainWindow::onFailover(const FailoverReport& report)
{
    m_failoverText->setText(tr("Primary moved from %1 to %2 at %3; %n lease(s) lost", nullptr, report.lost)
                                .arg(report.from, report.to, report.at.toString(QStringLiteral("HH:mm:ss")))
                            + QStringLiteral(", ") + tr("%n survived", nullptr, report.survived)
                            + (report.releasesUnrecorded
                                   ? QStringLiteral(" ") + tr("(this project does not record releases: some may have been released)")
                                   : QString()));
    m_failoverBanner->show();
    showResult(m_failoverText->text(), false); // the worker logged it; "killed…" is over
}

void MainWindow::onAction(const ActionResult& result)
{
    // The outcome shows even where the pointer rests on the table it was picked from.
    m_hold->passFor(2000);
    m_lastAction = result.message;
    // A release or sweep that worked shows up as the stream's own event; any
    // other result would leave no trace once the status bar moves on.
    const bool streamed = result.ok && (result.kind == ActionResult::Kind::ForceRelease || result.kind == ActionResult::Kind::Sweep);
    showResult(result.message, !streamed);
    emit actionReported(result);
}

void MainWindow::onHotSpotAlarm(const QStringList& lines)
{
    // Once per crossing (the panel's rule): each path in the log. The status
    // bar's label shows the alarm for as long as it lasts (updateHotSpotAlarm).
    std::vector<LogEntry> entries;
    for (const QString& line : lines) {
        LogEntry entry;
        entry.type = LogEntry::Type::Info;
        entry.time = m_leaseModel->state() ? m_leaseModel->state()->clock.now() : ServerTime{};
        entry.detail = tr("Hot spot alarm: %1").arg(line);
        entries.push_back(std::move(entry));
    }
    m_logModel->append(entries);
}

void MainWindow::updateHotSpotAlarm()
{
    const std::vector<std::string> paths = m_hotSpotPanel->alarmedPaths();
    if (paths.empty()) {
        m_alarmLabel->hide();
        return;
    }
    // Short, beside the lease count; a long path keeps its ends.
    const QFontMetrics fm = m_alarmLabel->fontMetrics();
    QString text = paths.size() == 1
                       ? tr("Hot spot alarm: %1")
                             .arg(fm.elidedText(QString::fromStdString(paths.front()), Qt::ElideMiddle, fm.averageCharWidth() * 32))
                       : tr("Hot spot alarm: %n path(s)", nullptr, int(paths.size()));
    // The views show a simulation: the alarm says whose paths these are.
    if (m_simulationShown)
        text = tr("Live project %1 · %2").arg(m_backend.project, text);
    auto* label = static_cast<ElidedLabel*>(m_alarmLabel);
    label->setFullText(text);
    label->setToolTip((m_simulationShown ? tr("About Studio's own project %1, not the simulation the views show.")
                                                   .arg(m_backend.project) + QLatin1Char('\n')
                                         : QString())
                      + tr("Above the alarm threshold of the Hot spots panel (View › Hot spots, Ctrl+Shift+H):") + QLatin1Char('\n')
                      + m_hotSpotPanel->alarmLines().join(QLatin1Char('\n')));
    label->show();
}

void MainWindow::showResult(const QString& text, bool log)
{
    // A temporary message would hide the result label: the result wins.
    statusBar()->clearMessage();
    static_cast<ElidedLabel*>(m_resultLabel)->setFullText(text);
    // An outcome is news for a while, then it is history (the event log keeps it).
    m_resultTimer->start();
    if (!log)
        return;
    LogEntry entry;
    entry.type = LogEntry::Type::Info;
    entry.time = m_leaseModel->state() ? m_leaseModel->state()->clock.now() : ServerTime{};
    entry.detail = text;
    m_logModel->append(entry);
}

void MainWindow::copyUrl()
{
    if (m_backend.kind == BackendConfig::Kind::Memory)
        return;
    QApplication::clipboard()->setText(m_backend.url);
    statusBar()->showMessage(tr("Copied %1 — try: %2").arg(m_backend.url, terminalCommand(m_backend.url, m_backend.project)), 10000);
}

void MainWindow::copyCommand()
{
    if (m_backend.kind == BackendConfig::Kind::Memory)
        return;
    const QString command = terminalCommand(m_backend.url, m_backend.project);
    QApplication::clipboard()->setText(command);
    // The URL shown has "***" for a password: the line leaves it to the environment.
    statusBar()->showMessage(ConnectDialog::withoutPassword(m_backend.url) == m_backend.url
                                 ? tr("Copied %1").arg(command)
                                 : tr("Copied %1 — without the password: give it in TREELOCK_REDIS_PASSWORD").arg(command),
                             10000);
}

QString MainWindow::terminalCommand(const QString& url, const QString& project, const QString& subcommand) const
{
    // Each word as a shell reads it: a Sentinel URL's "?" and "&", a path with a space.
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:@%+=,-]+$"));
    const auto word = [](const QString& text) -> QString {
        if (plain.match(text).hasMatch())
            return text;
        return QStringLiteral("'%1'").arg(QString(text).replace(QLatin1Char('\''), QStringLiteral("'\\''")));
    };
    // No credentials in the URL (a bare "user@" would be read as a password):
    // the user goes before the command, and the command-line tool takes the
    // password from TREELOCK_REDIS_PASSWORD (the sentinels' from TREELOCK_SENTINEL_PASSWORD).
    QString command = QStringLiteral("treelock --redis %1");
    try {
        RedisAddress address = RedisAddress::parse(url.toStdString());
        if (!address.user.empty())
            command.prepend(QStringLiteral("TREELOCK_REDIS_USER=%1 ").arg(word(QString::fromStdString(address.user))));
        address.user.clear();
        address.password.clear();
        address.sentinelPassword.clear();
        command = command.arg(word(QString::fromStdString(address.redacted())));
    } catch (const std::exception&) {
        command = command.arg(word(ConnectDialog::withoutPassword(url)));
    }
    // What the connection used besides its URL, so that the line works as it is.
    if (m_config.kind == BackendConfig::Kind::Url && isTlsUrl(m_config.url)) {
        const TlsSettings& tls = m_config.tls;
        const std::pair<const char*, const QString*> files[] = {
            {"--cacert", &tls.caFile}, {"--cert", &tls.certFile}, {"--key", &tls.keyFile}, {"--sni", &tls.serverName}};
        for (const auto& [option, value] : files)
            if (!value->isEmpty())
                command += QStringLiteral(" %1 %2").arg(QLatin1String(option), word(*value));
        if (!tls.verify)
            command += QStringLiteral(" --insecure");
    }
    return command + QStringLiteral(" --project %1 %2").arg(word(project), subcommand);
}

void MainWindow::tickClock()
{
    m_leaseModel->tick(!m_hold->holdingTable()); // rows stay where the user aims
    if (std::size_t(m_leaseModel->leaseCount()) <= LeaseTableModel::kCountedExpiries)
        m_leasePanel->updateTitle(); // a lease that expires moves from live to expired
    m_waiterModel->tick();
    m_hotSpotModel->tick();
    m_treePanel->clockTicked();
    // A tooltip that stays open over a view says how long ago things were, and how long is left: it follows the clock.
    if (QToolTip::isVisible()) {
        const QPoint global = QCursor::pos();
        QWidget* under = QApplication::widgetAt(global);
        for (QAbstractItemView* view : {static_cast<QAbstractItemView*>(m_treePanel->view()), static_cast<QAbstractItemView*>(m_leasePanel->view()),
                                        static_cast<QAbstractItemView*>(m_waitingPanel->view()), static_cast<QAbstractItemView*>(m_hotSpotPanel->view())}) {
            if (under != view->viewport())
                continue;
            QHelpEvent ask(QEvent::ToolTip, view->viewport()->mapFromGlobal(global), global);
            QApplication::sendEvent(view->viewport(), &ask);
        }
    }
    if (const LockStatePtr s = m_leaseModel->state(); s && s->clock.serverTime != ServerTime{})
        m_clockLabel->setText(tr("server %1").arg(presentation::formatClock(s->clock.now()).left(8)));
}

void MainWindow::fitToScreen()
{
    const QRect available = screen()->availableGeometry();
    const QSize size(std::min(1440, available.width() * 4 / 5), std::min(900, available.height() * 4 / 5));
    resize(size);
    move(available.center() - QPoint(size.width() / 2, size.height() / 2));
}

void MainWindow::fitDock(QDockWidget* dock)
{
    if (dock->isFloating() || dock->isHidden())
        return;
    // Measured and resized at once: a dock that changes height after it came
    // forward would move what the pointer was on.
    if (isVisible())
        layout()->activate();
    // The simulation's and the matrix's forms, and the timeline's rows, need
    // half the window; a table of waiters, hot spots or events a quarter of
    // it, and six rows, but no more than two fifths: the tree keeps the larger part.
    const bool large = dock == m_simDock || dock == m_matrixDock || dock == m_timelineDock;
    int wanted = large ? height() / 2 : height() / 4;
    int least = wanted * 4 / 5;
    const auto* table = large ? nullptr : dock->findChild<QTableView*>();
    if (table && table->isVisible()) {
        const int rows = dock->height() - table->viewport()->height() + 6 * table->verticalHeader()->defaultSectionSize();
        wanted = std::min(std::max(wanted, rows), height() * 2 / 5);
        least = std::min(rows, wanted);
    }
    const bool grow = dock->height() < least;
    const bool shrink = !large && m_grewForLargeDock && dock->height() > height() * 2 / 5;
    if (grow || shrink) {
        resizeDocks({dock}, {wanted}, Qt::Vertical);
        if (isVisible()) {
            layout()->activate();
            // The size given is the dock area's, with the tab bar under the dock in it.
            if (const int tabs = wanted - dock->height(); tabs > 0) {
                resizeDocks({dock}, {wanted + tabs}, Qt::Vertical);
                layout()->activate();
            }
        }
    }
    m_grewForLargeDock = large ? m_grewForLargeDock || grow : false;
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

bool MainWindow::saveScreenshot(const QString& file)
{
    return grab().save(file, "PNG");
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    m_recentReasons = settings.value(QStringLiteral("forceRelease/recentReasons")).toStringList();
    if (!m_options.windowSize.isValid() && settings.contains(QStringLiteral("window/geometry"))) {
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        clampToScreen(); // saved on a larger screen, or with another resolution
    }
    if (settings.contains(QStringLiteral("window/state"))) {
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
        // Before the first show a dock that the state closes reports no visibility change.
        for (const auto& [dock, action] : m_dockActions)
            action->setChecked(!dock->isHidden());
    }
    if (settings.contains(QStringLiteral("view/legend")))
        m_treePanel->setLegendShown(settings.value(QStringLiteral("view/legend")).toBool());
    if (settings.contains(QStringLiteral("hotSpots/alarmAbove")))
        m_hotSpotPanel->setThreshold(settings.value(QStringLiteral("hotSpots/alarmAbove")).toInt());
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

} // namespace treelock::ui
