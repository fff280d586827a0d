// What every test of Studio's main window sets up first.
#pragma once

#include "locks/bridge.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>

namespace treelock::test {

/// Settings go to a test location, closing the last window does not quit, and the
/// bridge's value types are registered before any window starts its worker.
inline void prepareStudioTests()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setQuitOnLastWindowClosed(false);
    ui::registerBridgeTypes();
}

/// The action `objectName` of any menu of the window's menu bar, found as a user would.
inline QAction* menuBarAction(const QMainWindow& w, const QString& objectName)
{
    for (QAction* top : w.menuBar()->actions())
        if (top->menu())
            for (QAction* a : top->menu()->actions())
                if (a->objectName() == objectName)
                    return a;
    return nullptr;
}

} // namespace treelock::test
