#pragma once

#include <QString>
#include <QStringList>

namespace treelock::ui {

/// A server warning of the engine (Engine::warnings(), in English) in the
/// user interface's language, whole; unknown ones as they are.
QString serverWarningText(const QString& warning);
/// The same, in a few words for the status bar ("may evict locks").
QString serverWarningShort(const QString& warning);

/// A connection error of the core ("Redis at HOST: command XRANGE failed: no
/// answer within 1000 ms") in the user interface's language: what happened
/// to the server, not which command noticed it. Unknown details are kept as
/// they are; a message of another form is returned unchanged.
QString connectionProblemText(const QString& message);

} // namespace treelock::ui
