#pragma once

#include "lockview/lockstate.h"
#include "panels/timeline/timelinemodel.h"

#include <QWidget>

#include <chrono>

class QButtonGroup;
class QComboBox;
class QLabel;
class QToolButton;

namespace treelock::ui {

class TimelineView;

/// The Timeline dock's panel: a small tool bar (the span presets, "Now",
/// rows by path or by owner), the cursor's line ("At 03:12:05: 4 leases held
/// (…), 1 waiting") and the chart. It keeps two histories: the project's
/// (from its events stream and lock states) and, while the window shows a
/// simulation, the simulation's (from its lock states alone); it shows the
/// one the window shows. GUI thread only.
class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);

    TimelineView* view() const { return m_view; }
    TimelineModel* liveModel() const { return m_live; }
    TimelineModel* simulationModel() const { return m_sim; }
    /// The model the chart shows.
    TimelineModel* shownModel() const;
    QLabel* cursorLabel() const { return m_cursorText; }
    QToolButton* nowButton() const { return m_now; }
    /// The preset button of `span` (1, 5, 15 or 60 minutes), or null.
    QToolButton* spanButton(std::chrono::minutes span) const;
    QComboBox* groupingBox() const { return m_grouping; }

    // What the window hands on (GUI thread):
    void appendLog(const LogBatch& batch);
    void applyState(const LockStatePtr& state);
    void applySimulationState(const LockStatePtr& state);
    /// Shows the simulation's history (a fresh one) or the project's again.
    void setSimulationShown(bool shown);
    /// Another server or project: the project's history starts anew.
    void setBackend(const BackendInfo& info);
    void noteFailover(const FailoverReport& report);
    void noteConnection(const ConnectionState& state);

signals:
    /// A bar was activated: select the lease, or the waiter.
    void leaseRequested(const QString& leaseId);
    void waiterRequested(const QString& waiterId);
    /// A marker was activated: select its line of the event log (`streamId`,
    /// or without one the Studio's own line nearest `at`).
    void eventRequested(const QString& streamId, treelock::ServerTime at);

private:
    void updateControls();
    void updateCursorText();

    TimelineModel* m_live;      // Owned (child).
    TimelineModel* m_sim;       // Owned (child).
    TimelineView* m_view;
    QButtonGroup* m_spans;
    QToolButton* m_now;
    QComboBox* m_grouping;
    QLabel* m_cursorText;
    QLabel* m_source;
    QString m_backendKey;       // url and project of the live history
    ConnectionStatus m_connection = ConnectionStatus::Connecting;
    bool m_connectedOnce = false;
};

} // namespace treelock::ui
