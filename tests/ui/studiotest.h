// What every test of Studio's main window sets up first.
#pragma once

#include "locks/bridge.h"

#include <QApplication>
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

} // namespace treelock::test
