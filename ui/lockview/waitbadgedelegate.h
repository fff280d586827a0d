#pragma once

#include <QStyledItemDelegate>

namespace treelock::ui {

/// The tree's name column: the name as usual and, on a node where registered
/// waiters wait (LockTreeModel::WaitingRole), the "N waiting" badge right
/// after it, drawn like the legend's. The name is elided first when the
/// column is too narrow for both. O(1) per cell.
class WaitBadgeDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    /// Where the badge of `index` goes within `option.rect` (empty when nobody waits there).
    QRect badgeRect(const QStyleOptionViewItem& option, const QModelIndex& index) const;
};

} // namespace treelock::ui
