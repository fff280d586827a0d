#pragma once

#include "lockview/lockstate.h"
#include "matrix/matrixderiver.h"
#include "matrix/matrixmodel.h"

#include <treelock/matrix.h>

#include <QWidget>

#include <cstdint>
#include <map>
#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QTableView;
class QTextBrowser;
class QTreeView;

namespace treelock::ui {

class LockTreeModel;

/// Studio's "Permission matrix" view: the seed's table against the engine under a
/// profile (grid with sub-cells coloured agree-allowed / agree-blocked / differs,
/// tooltips with both lock plans, clash and reason), a replay of the clicked cell on a
/// scratch in-process project whose tree shows both operations' locks, and export to
/// Markdown and CSV. Deriving a profile (a pure core function) runs once on a
/// thread of its own (runOnce); the result comes back queued. Replays use a MemoryEngine (microseconds, no
/// Redis), so they run on the GUI thread. GUI thread only.
class MatrixView : public QWidget {
    Q_OBJECT
public:
    explicit MatrixView(QWidget* parent = nullptr);
    ~MatrixView() override;

    /// Shows a built-in profile ("fine" or "seed"); derives it first if needed.
    void setProfile(const QString& profile);
    QString profile() const;
    /// True once the shown profile's matrix is there.
    bool isReady() const;

    /// Replays sub-cell `subCell` of the cell (row, column) of the shown profile on a
    /// fresh scratch project and shows its locks. Returns false if there is no such cell.
    bool replay(int row, int column, int subCell = 0);
    /// The scratch project's lock tree (after replay), for the main window and tests.
    LockTreeModel* replayTreeModel() const { return m_treeModel; }
    MatrixModel* matrixModel() const { return m_model; }

    /// Writes the shown profile as Markdown / CSV (the CLI's formats). False and
    /// `error` set on failure.
    bool exportMarkdown(const QString& fileName, QString* error = nullptr) const;
    bool exportCsv(const QString& fileName, QString* error = nullptr) const;

signals:
    /// The shown profile's matrix is ready (after setProfile).
    void matrixReady(const QString& profile);
    /// A cell was replayed here; the main window may play the same calls on its own
    /// scratch project ("move-folder /A /B" form).
    void scenarioReplayed(const QString& profile, const QString& first, const QString& second,
                          bool allowed);

private:
    bool writeExport(const QString& fileName, std::string (*format)(const DerivedMatrix&),
                     QString* error) const;
    void derive(const QString& profile);
    void showMatrix(const QString& profile, std::shared_ptr<const DerivedMatrix> matrix);
    void onCellActivated(const QModelIndex& index);
    void onSubCellChosen(int subCell);
    void exportWithDialog(bool markdown);

    MatrixModel* m_model = nullptr;            // Owned by this (QObject parent).
    LockTreeModel* m_treeModel = nullptr;      // Owned by this (QObject parent).
    QComboBox* m_profileBox = nullptr;
    QComboBox* m_subCellBox = nullptr;
    QLabel* m_summary = nullptr;
    QTableView* m_table = nullptr;
    QTreeView* m_tree = nullptr;
    QTextBrowser* m_details = nullptr;
    std::map<QString, std::shared_ptr<const DerivedMatrix>> m_derived;
    QString m_profile;
    QModelIndex m_current;
    std::uint64_t m_generation = 0;
};

} // namespace treelock::ui
