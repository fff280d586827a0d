#pragma once

#include "lockview/lockstate.h"
#include "lockview/serverprojects.h"

#include <QObject>

namespace treelock::ui {

/// What the bridge reports, declared once: a BridgeWorker emits these in its
/// thread, and the Bridge emits them again on the GUI thread (forwardSignals()).
/// Every signal carries immutable values.
class BridgeSignals : public QObject {
    Q_OBJECT
signals:
    void backendChanged(const treelock::ui::BackendInfo& info);
    void connectionChanged(const treelock::ui::ConnectionState& state);
    void stateChanged(const treelock::ui::LockStatePtr& state);
    /// The contention table, read every 3 s and on refresh(); an empty one
    /// when another backend or project is opened.
    void contentionChanged(const treelock::ui::ContentionPtr& contention);
    void logEntries(const treelock::ui::LogBatch& entries);
    void actionFinished(const treelock::ui::ActionResult& result);
    /// The engine now talks to another primary; sent after the first snapshot
    /// taken from it, with the leases lost and kept.
    void failedOver(const treelock::ui::FailoverReport& report);
    /// The projects on the server other than the one shown that hold leases,
    /// the busiest first (busyOthers()): checked every few seconds on Redis,
    /// sent when they or their counts change, and empty when another backend
    /// or project is opened.
    void otherProjectsChanged(const treelock::ui::ProjectList& projects);

protected:
    /// Only as the base of the Bridge and the BridgeWorker.
    using QObject::QObject;
};

} // namespace treelock::ui
