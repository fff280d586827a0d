#pragma once

#include "simulation/simulationdata.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace treelock::ui {

/// The steps of a scenario: the plan (actor, step, expected outcome) from the
/// start, the actual outcome and a ✓ or ✗ as each step runs. Never does I/O.
/// GUI thread only.
class ScenarioStepModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { IndexColumn, ActorColumn, StepColumn, ExpectedColumn, ActualColumn, ResultColumn, ColumnCount };
    enum Role {
        NarrationRole = Qt::UserRole + 1, ///< QString
        OkRole,                           ///< QVariant(bool) once run, invalid before
    };

    explicit ScenarioStepModel(QObject* parent = nullptr);

    /// Replaces the steps (model reset).
    void setPlan(ScenarioPlanPtr plan);
    /// Fills in one step's outcome (one dataChanged over its row).
    void setResult(const sim::StepResult& result);
    ScenarioPlanPtr plan() const { return m_plan; }
    int stepsRun() const;
    int stepsPassed() const;
    /// The row of the next step to run (== rowCount() at the end).
    int nextRow() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    ScenarioPlanPtr m_plan;
    std::vector<std::optional<sim::StepResult>> m_results;
};

} // namespace treelock::ui
