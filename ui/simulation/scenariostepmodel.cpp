#include "simulation/scenariostepmodel.h"

#include "common/columntitles.h"
#include "simulation/scenariotexts.h"

#include <QBrush>
#include <QFont>

namespace treelock::ui {

ScenarioStepModel::ScenarioStepModel(QObject* parent) : QAbstractTableModel(parent) {}

void ScenarioStepModel::setPlan(ScenarioPlanPtr plan)
{
    beginResetModel();
    m_plan = std::move(plan);
    m_results.assign(m_plan ? m_plan->steps.size() : 0, std::nullopt);
    endResetModel();
}

void ScenarioStepModel::setResult(const sim::StepResult& result)
{
    if (result.index >= m_results.size())
        return;
    m_results[result.index] = result;
    const int row = int(result.index);
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int ScenarioStepModel::stepsRun() const
{
    int n = 0;
    for (const auto& r : m_results)
        n += r.has_value();
    return n;
}

int ScenarioStepModel::stepsPassed() const
{
    int n = 0;
    for (const auto& r : m_results)
        n += r && r->ok;
    return n;
}

int ScenarioStepModel::nextRow() const
{
    for (std::size_t i = 0; i < m_results.size(); ++i)
        if (!m_results[i])
            return int(i);
    return int(m_results.size());
}

int ScenarioStepModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int ScenarioStepModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScenarioStepModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount || !m_plan)
        return {};
    const ScenarioPlan::Step& step = m_plan->steps[std::size_t(index.row())];
    const std::optional<sim::StepResult>& result = m_results[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IndexColumn: return index.row() + 1;
        case ActorColumn: return step.actor;
        case StepColumn: return step.what;
        case ExpectedColumn:
            if (result && !result->expected.empty())
                return scenarioOutcome(result->expected);
            return step.expected.isEmpty() ? tr("(default)") : scenarioOutcome(step.expected.toStdString());
        case ActualColumn:
            if (!result)
                return {};
            return result->detail.empty() ? scenarioOutcome(result->actual)
                                          : QStringLiteral("%1 — %2").arg(scenarioOutcome(result->actual),
                                                                           scenarioDetail(result->detail));
        case ResultColumn:
            return result ? (result->ok ? QStringLiteral("✓") : QStringLiteral("✗")) : QVariant();
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = step.narration;
        if (result && !result->ok && !result->mismatch.empty())
            tip += QStringLiteral("\n\n") + tr("Mismatch: %1").arg(scenarioDetail(result->mismatch));
        return tip;
    }
    case Qt::ForegroundRole:
        if (index.column() == ResultColumn && result)
            return QBrush(result->ok ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
        if (!result)
            return QBrush(QColor(0x75, 0x75, 0x75));
        return {};
    case Qt::FontRole:
        if (index.column() == ResultColumn) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == IndexColumn || index.column() == ResultColumn)
            return int(Qt::AlignCenter);
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    case NarrationRole:
        return step.narration;
    case OkRole:
        return result ? QVariant(result->ok) : QVariant();
    default:
        return {};
    }
}

QVariant ScenarioStepModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return columnTitle<ColumnCount>(section, orientation, role,
                                    tr("#"), tr("Actor"), tr("Step"), tr("Expected"), tr("Actual"),
                                    tr("Result"));
}

} // namespace treelock::ui
