#pragma once

#include "common/rowtablepanel.h"
#include "lockview/lockstate.h"

#include <string>
#include <vector>

class QLabel;
class QMenu;
class QSpinBox;

namespace treelock::ui {

class HotSpotModel;

/// The Hot spots panel: the project's most refused paths (the contention
/// table), hottest first, and the operator's alarm threshold ("alarm above N
/// refusals/min", 0 = off). Rows in alarm are red. Double-click (or the menu)
/// asks for the path in the tree. The line above the table names the project;
/// while the window shows a simulation's project instead of Studio's, a note
/// says that these hot spots are not the simulation's. GUI thread only;
/// readings come from the bridge worker.
class HotSpotPanel : public RowTablePanel {
    Q_OBJECT
public:
    HotSpotPanel(HotSpotModel* model, QWidget* parent = nullptr);

    QSpinBox* thresholdField() const { return m_threshold; }
    /// Shows a reading; raises the alarm for the paths that pass the threshold with it.
    void applyContention(const ContentionPtr& contention);
    /// Sets the threshold (refusals/min, 0 = off) as if typed, without telling thresholdChanged.
    void setThreshold(int perMinute);
    /// The context menu of a row (of the view's proxy); the caller owns it.
    QMenu* contextMenuFor(const QModelIndex& index);
    /// The note shown while the window shows a simulation (setSimulationShown).
    QLabel* simulationNote() const { return m_simulationNote; }
    /// The project whose contention table the panel shows.
    void setProject(const QString& project);
    /// The tree and the other panels show a simulation's project (not this one) while `shown`.
    void setSimulationShown(bool shown);
    /// The paths in alarm now, hottest first. O(paths).
    std::vector<std::string> alarmedPaths() const;
    /// One line per path in alarm now, hottest first ("/A/C: 4.2 refusals/min, above 2 (…)").
    QStringList alarmLines() const;

signals:
    /// The user asked to see a path in the tree.
    void pathRequested(const QString& path);
    /// The user set another threshold (to remember it).
    void thresholdChanged(int perMinute);
    /// Paths passed the threshold: one line each ("/A/C: 4.2 refusals/min, above 2 (…)").
    void alarmRaised(const QStringList& lines);
    /// The number of paths in alarm changed (for the dock's title).
    void alarmCountChanged(int count);
    /// After every reading and threshold change: alarmLines() may say something else.
    void alarmsUpdated();

private:
    /// Signals the paths that entered the alarm (alarmRaised) and a new count.
    void announce(const std::vector<std::string>& paths);
    /// The title: the count and the project.
    void rowsChanged() override;
    /// "/A/C: 4.2 refusals/min, above 2 (Upload vs Move folder ×5)".
    QString alarmLine(const HotPath& path) const;

    HotSpotModel* m_model;           // Not owned.
    QLabel* m_simulationNote;
    QString m_project;
    bool m_simulationShown = false;
    QSpinBox* m_threshold;
    int m_alarms = 0;
    bool m_quiet = false;            // setThreshold(): no thresholdChanged
};

} // namespace treelock::ui
