#pragma once

#include <QString>
#include <QWidget>

namespace treelock::ui {

/// Names a control for tests and assistive technology: its object name, and
/// `description`, what pressing it does, as its accessible description. The
/// accessible name stays the visible text, which is what a person or a GUI
/// robot looks for.
inline void identifyControl(QWidget* control, const char* objectName, const QString& description)
{
    control->setObjectName(QLatin1String(objectName));
    control->setAccessibleDescription(description);
}

} // namespace treelock::ui
