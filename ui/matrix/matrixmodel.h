#pragma once

#include <treelock/matrix.h>

#include <QAbstractTableModel>
#include <QColor>

#include <memory>

namespace treelock::ui {

/// How one sub-cell of the permission matrix compares.
enum class MatrixCategory { AgreeAllowed, AgreeBlocked, Differs };

/// The colour the view paints a category with (one place, so the legend matches).
QColor matrixColor(MatrixCategory category);

/// The seed's 11 x 11 table compared with the engine under one profile: row =
/// operation in progress, column = operation attempted meanwhile. Never derives
/// anything itself: it shows a DerivedMatrix computed elsewhere (setMatrix).
/// GUI thread only.
class MatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        /// QVariantList, one QVariantMap per sub-cell: object, seed (symbol), engine
        /// (symbol), category (int MatrixCategory), labelled (bool).
        SubCellsRole = Qt::UserRole + 1,
        CategoryRole, ///< int MatrixCategory of the cell: Differs if any sub-cell differs
    };

    explicit MatrixModel(QObject* parent = nullptr);
    ~MatrixModel() override;

    /// Shows `matrix` (its entries point into a SeedMatrix that must outlive it;
    /// SeedMatrix::builtin() does). Null clears. Model reset.
    void setMatrix(std::shared_ptr<const DerivedMatrix> matrix);
    const std::shared_ptr<const DerivedMatrix>& matrix() const noexcept { return m_matrix; }
    /// The sub-cells of the cell at `index`, in the seed's order (empty if none).
    std::vector<const MatrixEntry*> entriesAt(const QModelIndex& index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const DerivedMatrix> m_matrix;
    std::vector<std::vector<const MatrixEntry*>> m_cells; // row-major, 121 when set
};

/// The category of one compared sub-cell.
MatrixCategory categoryOf(const MatrixEntry& entry) noexcept;

/// Rich-text tooltip of one sub-cell: scenario, both lock plans, result, clash, reason.
QString matrixEntryToolTip(const MatrixEntry& entry);

} // namespace treelock::ui
