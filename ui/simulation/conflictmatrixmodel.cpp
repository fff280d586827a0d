#include "simulation/conflictmatrixmodel.h"

#include "lockview/presentation.h"
#include "simulation/simulationdata.h"

#include <QBrush>
#include <QFont>

#include <algorithm>

namespace treelock::ui {

QString operationCliName(std::size_t index)
{
    return QString::fromUtf8(std::string(toString(kAllOperations.at(index))));
}

QString operationDisplayName(std::size_t index)
{
    return presentation::operationName(operationCliName(index));
}

ConflictMatrixModel::ConflictMatrixModel(QObject* parent) : QAbstractTableModel(parent) {}

void ConflictMatrixModel::setMatrix(const Matrix& matrix)
{
    int top = -1, bottom = -1, left = int(sim::kOperationCount), right = -1;
    std::uint64_t max = 0;
    for (std::size_t r = 0; r < sim::kOperationCount; ++r)
        for (std::size_t c = 0; c < sim::kOperationCount; ++c) {
            max = std::max(max, matrix[r][c]);
            if (matrix[r][c] != m_matrix[r][c]) {
                if (top < 0)
                    top = int(r);
                bottom = int(r);
                left = std::min(left, int(c));
                right = std::max(right, int(c));
            }
        }
    m_matrix = matrix;
    if (max != m_max) { // every cell's colour is relative to the maximum
        m_max = max;
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    } else if (top >= 0) {
        emit dataChanged(index(top, left), index(bottom, right));
    }
}

int ConflictMatrixModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(sim::kOperationCount);
}

int ConflictMatrixModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(sim::kOperationCount);
}

QVariant ConflictMatrixModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const std::uint64_t v = m_matrix[std::size_t(index.row())][std::size_t(index.column())];
    switch (role) {
    case Qt::DisplayRole:
        if (v >= 10000)
            return QStringLiteral("%1k").arg(v / 1000);
        if (v >= 1000)
            return QStringLiteral("%1k").arg(double(v) / 1000, 0, 'f', 1);
        return v ? QVariant(QString::number(v)) : QVariant();
    case Qt::UserRole:
        return QVariant::fromValue<qulonglong>(v);
    case Qt::BackgroundRole:
        return QBrush(heatColor(v, m_max));
    case Qt::ForegroundRole: {
        const QColor bg = heatColor(v, m_max);
        return QBrush(bg.lightness() < 140 ? QColor(Qt::white) : QColor(0x21, 0x21, 0x21));
    }
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case Qt::ToolTipRole:
        return tr("%1 refused because of %2: %n time(s)", nullptr, int(std::min<std::uint64_t>(v, 1000000000)))
            .arg(operationDisplayName(std::size_t(index.row())), operationDisplayName(std::size_t(index.column())));
    default:
        return {};
    }
}

QVariant ConflictMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0 || section >= int(sim::kOperationCount))
        return {};
    const std::size_t i = std::size_t(section);
    if (role == Qt::DisplayRole)
        return orientation == Qt::Vertical ? QStringLiteral("%1  %2").arg(section + 1).arg(operationDisplayName(i))
                                           : QString::number(section + 1);
    if (role == Qt::ToolTipRole)
        return orientation == Qt::Vertical
                   ? tr("Refused: %1 (%2)").arg(operationDisplayName(i), operationCliName(i))
                   : tr("Blocked by: %1 (%2)").arg(operationDisplayName(i), operationCliName(i));
    return {};
}

} // namespace treelock::ui
