#pragma once

#include <treelock/sim/statistics.h>

#include <QAbstractTableModel>

namespace treelock::ui {

/// The simulation's empirical permission matrix as an 11 x 11 heat map: row =
/// the operation that was refused, column = the operation of the lease that
/// blocked it, cell = how often. Never does I/O. GUI thread only.
class ConflictMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using Matrix = std::array<std::array<std::uint64_t, sim::kOperationCount>, sim::kOperationCount>;

    explicit ConflictMatrixModel(QObject* parent = nullptr);

    /// One dataChanged over the changed cells' bounding box; no reset. O(121).
    void setMatrix(const Matrix& matrix);
    const Matrix& matrix() const { return m_matrix; }
    std::uint64_t maximum() const { return m_max; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Matrix m_matrix{};
    std::uint64_t m_max = 0;
};

/// The operation's CLI name ("move-folder") and its name in the UI language.
QString operationCliName(std::size_t index);
QString operationDisplayName(std::size_t index);

} // namespace treelock::ui
