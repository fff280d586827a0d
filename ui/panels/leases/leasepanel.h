#pragma once

#include <QWidget>

#include <utility>
#include <vector>

class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;
class QMenu;

namespace treelock::ui {

class LeaseTableModel;
class FilterChip;

/// The lease table with its text filter and the "leases touching node X" chip.
class LeasePanel : public QWidget {
    Q_OBJECT
public:
    LeasePanel(LeaseTableModel* model, QWidget* parent = nullptr);

    QTableView* view() const { return m_view; }
    QLineEdit* filterField() const { return m_filter; }
    /// Shows only the leases that touch `path` (empty: all).
    void setNodeFilter(const QString& path);
    /// Full id of the current lease, or empty.
    QString currentLeaseId() const;
    void updateTitle();
    /// The width at which every column shows its usual texts, the paths at
    /// their narrowest (panel margins and a vertical scroll bar included).
    int preferredWidth() const;
    /// Selects the lease's row (clearing filters that hide it); false if no row has it.
    bool selectLease(const QString& leaseId);
    /// The context menu of a row (of the view); the caller owns it.
    QMenu* contextMenuFor(const QModelIndex& index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void leaseSelected(const QString& leaseId);
    void forceReleaseRequested(const QString& leaseId);
    void showInTreeRequested(const QString& leaseId);
    void showEventsRequested(const QString& leaseId);

private:
    void fitPathsColumn();

    LeaseTableModel* m_model;   // Not owned.
    QTableView* m_view;
    QLineEdit* m_filter;
    FilterChip* m_chip;
    QLabel* m_title;
    int m_minPathsWidth = 0;
    std::vector<std::pair<int, int>> m_optional;     // id, fence, age: column and width, most wanted first
};

} // namespace treelock::ui
