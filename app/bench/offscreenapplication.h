#pragma once

#include <QApplication>

#include <memory>

namespace treelock::bench {

/// A QApplication on the offscreen platform for a benchmark that draws or runs
/// Qt models, when the process has none yet (a plain `treelock-bench` run); the
/// caller owns it and keeps it while it uses Qt. nullptr when an application
/// exists already (it is then the one in use). GUI thread only.
inline std::unique_ptr<QApplication> offscreenApplicationIfNone()
{
    if (QCoreApplication::instance())
        return nullptr;
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "treelock-bench";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace treelock::bench
