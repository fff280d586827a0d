// MainWindow's Help menu and its dialogs.
#include "mainwindow/mainwindow.h"

#include "mainwindow/helpdialogs.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>

namespace treelock::ui {

namespace {

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

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    help->addAction(guide);
    help->addAction(keys);
    help->addSeparator();
    help->addAction(m_about);
}

} // namespace treelock::ui
