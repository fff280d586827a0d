#pragma once

#include "simulation/simulationdata.h"

#include <QWidget>

#include <cstddef>

class QBarSet;
class QCategoryAxis;
class QChartView;
class QLabel;
class QLineSeries;
class QTableView;
class QValueAxis;

namespace treelock::ui {

class ConflictMatrixModel;
class ReportModel;

/// The Simulation panel's live statistics: counter tiles (with the safety
/// violations tile), the throughput chart, the wait histogram with the waits
/// by operation (starvation) in a second tab, the conflict heat map with the
/// hot spots in a second tab, and a status line. Shows the statistics it is given; knows nothing of the
/// run. GUI thread only.
class LiveStatisticsView : public QWidget {
    Q_OBJECT
public:
    explicit LiveStatisticsView(QWidget* parent = nullptr);

    /// Shows `statistics`: counters, charts and heat map. O(throughput points + buckets).
    void setStatistics(const sim::Statistics& statistics);
    /// Empties the heat map and forgets the histogram's buckets, for a new run.
    void reset();
    /// The status line (rich text).
    void setStatus(const QString& text);

    ConflictMatrixModel* matrixModel() const { return m_matrixModel; }
    QLabel* violationsLabel() const { return m_violationsValue; }

private:
    struct Counter {
        QLabel* value = nullptr;
        QWidget* tile = nullptr;
    };

    QWidget* createCounters();
    QWidget* createCharts();
    QWidget* createWaitsReport();
    QWidget* createHotSpotsReport();
    void updateCounters(const sim::Statistics& s);
    void updateCharts(const sim::Statistics& s);
    void updateReport(const sim::Statistics& s);
    void fitHeatMap();

    ConflictMatrixModel* m_matrixModel;   // Owned (child).
    Counter m_attempts, m_grants, m_conflicts, m_timeouts, m_fencing, m_completed, m_throughput, m_wait, m_active, m_clock;
    QWidget* m_violationsTile;
    QLabel* m_violationsValue;
    QLabel* m_violationsNote;
    QLabel* m_status;
    QChartView* m_throughputView;
    QLineSeries* m_opsSeries;
    QLineSeries* m_violationSeries;
    QValueAxis* m_timeAxis;
    QValueAxis* m_opsAxis;
    QValueAxis* m_violationAxis;
    QChartView* m_waitView;
    QBarSet* m_waitBars;
    QCategoryAxis* m_waitCategories;
    QValueAxis* m_waitAxis;
    QTableView* m_heatMap;
    QLabel* m_waitsTitle;
    ReportModel* m_waitsModel;            // Owned (child).
    QLabel* m_hotSpotsTitle;
    ReportModel* m_hotSpotsModel;         // Owned (child).
    std::size_t m_histogramSize = 0;
};

} // namespace treelock::ui
