// MainWindow's Help menu, its dialogs, and the welcome panel's wiring.
#include "mainwindow/mainwindow.h"

#include "bridge/bridge.h"
#include "mainwindow/helpdialogs.h"
#include "mainwindow/welcomepanel.h"
#include "panels/leases/leasetablemodel.h"
#include "simulation/simulationpanel.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStatusBar>

namespace treelock::ui {

namespace {

/// The scenario the welcome panel plays: the seed's own example.
constexpr auto kWelcomeScenario = "seed-example";

/// `word` as one word of a POSIX shell line: as it is when it needs no quotes.
QString shellWord(QString word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9._@%+=:,/-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    return QLatin1Char('\'') + word.replace(QLatin1Char('\''), QLatin1String("'\\''")) + QLatin1Char('\'');
}

/// Shows the window's one dialog of type `Dialog`, made by `make` the first time.
template <typename Dialog, typename Make>
Dialog* showDialog(QWidget* window, Make make)
{
    auto* dialog = window->findChild<Dialog*>(QString(), Qt::FindDirectChildrenOnly);
    if (!dialog)
        dialog = make();
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

} // namespace

void MainWindow::createHelpMenu()
{
    auto* guide = new QAction(tr("&User Guide"), this);
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence(Qt::Key_F1));
    connect(guide, &QAction::triggered, this, [this] { showDialog<UserGuideDialog>(this, [this] { return new UserGuideDialog(this); }); });

    auto* keys = new QAction(tr("&Keyboard Shortcuts"), this);
    keys->setObjectName(QStringLiteral("shortcutsAction"));
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    connect(keys, &QAction::triggered, this, [this] {
        // Read from the menus each time: what they hold now.
        showDialog<ShortcutsDialog>(this, [this] { return new ShortcutsDialog(menuBar(), this); })->refresh();
    });

    auto* welcome = new QAction(tr("Show &Welcome Panel"), this);
    welcome->setObjectName(QStringLiteral("welcomeAction"));
    connect(welcome, &QAction::triggered, m_welcome, &WelcomePanel::summon);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    help->addAction(guide);
    help->addAction(keys);
    help->addAction(welcome);
    help->addSeparator();
    help->addAction(m_about);

    // The welcome panel's ways in press what the menus and panels do.
    m_welcome->setStartAction(m_simPanel->runActions().front());
    QFile scenario(QStringLiteral(":/scenarios/%1.json").arg(QLatin1String(kWelcomeScenario)));
    QString title = QLatin1String(kWelcomeScenario);
    if (scenario.open(QIODevice::ReadOnly))
        title = QJsonDocument::fromJson(scenario.readAll()).object().value(QStringLiteral("title")).toString(title);
    m_welcome->setScenario(QLatin1String(kWelcomeScenario), title);
    connect(m_welcome, &WelcomePanel::scenarioRequested, this, [this](const QString& name) {
        raiseDock(m_simDock);
        m_simPanel->loadScenario(name, true);
    });
    connect(m_welcome, &WelcomePanel::commandCopied, this, [this](const QString& command) {
        statusBar()->showMessage(tr("Copied: %1 — paste it into a terminal").arg(command), 15000);
    });
    connect(m_bridge, &Bridge::backendChanged, m_welcome, [this](const BackendInfo& info) {
        m_welcome->setProject(info.project);
        // No terminal reaches the in-process engine.
        m_welcome->setCommand(info.kind == BackendConfig::Kind::Memory
                                  ? QString()
                                  : terminalCommand(info.url, info.project,
                                                    QStringLiteral("acquire --owner %1 --op upload /A a.txt").arg(shellWord(operatorName()))));
    });
    connect(this, &MainWindow::stateApplied, m_welcome, [this] { m_welcome->setLeaseCount(m_leaseModel->leaseCount()); });
}

} // namespace treelock::ui
