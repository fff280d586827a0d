#pragma once

#include "lockview/lockstate.h"

#include "lockview/keyedtablemodel.h"

#include <chrono>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace treelock::ui {

/// Refusals per minute at a contended path: the engine's decayed count (each
/// refusal weighs half as much every kContentionHalfLife) times ln 2 per
/// half-life, which is the rate a steady stream of refusals has. O(1).
double refusalsPerMinute(const HotPath& path);

/// The paths in alarm after a reading, and those that entered it with it.
struct HotSpotAlarms {
    std::set<std::string> alarmed;
    std::vector<std::string> raised;   ///< in the order of the reading (hottest first)
};

/// The alarm rule, a pure function: a path enters the alarm when its rate
/// passes `threshold` refusals/min (0 or less: no alarm at all), and leaves it
/// when the rate falls to three quarters of the threshold or the path leaves
/// `paths`. Only entering raises, so a path raises once per crossing, not at
/// every reading, and a rate that hovers at the threshold does not raise again
/// and again. `alarmed`: the set of the previous reading. O(paths log paths).
HotSpotAlarms updateAlarms(const std::set<std::string>& alarmed, const std::vector<HotPath>& paths, double threshold);

/// One row per path of the latest contention reading (Engine::contention, read
/// by the bridge worker): path, refusals/min, refusals in all, waiters there,
/// how long ago the last refusal was (counting on between readings, tick()) and
/// the operations that clashed. Rows keep their place across readings
/// (paths gone are removed, new ones appended); sorting is the proxy's job.
/// Keeps the alarm state of the operator's threshold (updateAlarms). Never
/// does I/O. GUI thread only.
class HotSpotModel : public KeyedTableModel {
    Q_OBJECT
public:
    enum Column { PathColumn, RateColumn, TotalColumn, WaitersColumn, LastColumn, OperationsColumn, ColumnCount };
    enum Role {
        PathRole = Qt::UserRole + 1, ///< QString
        SortRole,                    ///< numbers for the number columns (Last: ms since the epoch), else the text
        AlarmRole,                   ///< bool: the path is in alarm
    };

    explicit HotSpotModel(QObject* parent = nullptr);

    /// Shows a new reading (removals per contiguous range, one dataChanged per
    /// range, one insert); returns the paths that entered the alarm with it.
    /// O(paths).
    std::vector<std::string> applyContention(ContentionPtr contention);
    /// The waiters of the lock state the other views show: the Waiters column
    /// counts those whose last attempt was refused at each path, so that it
    /// agrees with the Waiting panel and the tree at every moment (the
    /// contention reading comes less often). O(waiters + rows).
    void applyWaiters(const LockState& state);
    /// The clock moved: one dataChanged over the Last refusal column.
    void tick();
    /// The server's time now: the reading's time plus the time since it came. O(1).
    ServerTime now() const;
    /// A new threshold in refusals/min (0: off). The alarm starts over: returns
    /// the paths above it now (each raises again).
    std::vector<std::string> setThreshold(int perMinute);
    int threshold() const { return m_threshold; }
    /// Paths in alarm.
    int alarmCount() const { return int(m_alarmed.size()); }
    const HotPath* hotPathAt(int row) const;
    int rowOf(const std::string& path) const;
    ContentionPtr contention() const { return m_contention; }
    /// "Upload vs Move folder ×3, …": what clashed at a path, refused operation first.
    static QString operationsText(const HotPath& path);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    /// Applies the alarm rule to the current reading; dataChanged for the rows whose alarm changed.
    std::vector<std::string> evaluate();

    ContentionPtr m_contention; // m_rows index its paths, by path
    std::chrono::steady_clock::time_point m_receivedAt{}; // when m_contention came
    std::set<std::string> m_alarmed;
    std::unordered_map<std::string, std::size_t> m_waiters; // by clash path, from applyWaiters()
    bool m_waitersKnown = false;
    int m_threshold = 0;
};

} // namespace treelock::ui
