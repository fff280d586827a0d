#pragma once

#include "lockview/presentation.h"

#include <QStyledItemDelegate>

#include <functional>

namespace treelock::ui {

/// Draws a cell's text as a rounded "pill" (filled, outlined or hatched) so
/// states read at a glance. `styleFor` picks the look per index; cells it
/// returns no text for are painted normally.
class PillDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    struct Pill {
        QString text;
        presentation::KindStyle style;
    };
    using StyleFor = std::function<Pill(const QModelIndex&)>;

    explicit PillDelegate(StyleFor styleFor, QObject* parent = nullptr);
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    /// Paints one pill in `rect` (used by the legend too).
    static void paintPill(QPainter* painter, const QRect& rect, const QString& text,
                          const presentation::KindStyle& style, const QFont& font);
    static QSize pillSize(const QString& text, const QFont& font);

private:
    StyleFor m_styleFor;
};

/// Pill for the tree's State column (from LockTreeModel::KindRole).
PillDelegate::Pill treeStatePill(const QModelIndex& index);

} // namespace treelock::ui
