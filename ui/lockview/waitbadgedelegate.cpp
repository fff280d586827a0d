#include "lockview/waitbadgedelegate.h"

#include "lockview/locktreemodel.h"
#include "lockview/pilldelegate.h"
#include "lockview/presentation.h"

#include <QApplication>
#include <QPainter>
#include <QTextLayout>

#include <cmath>

namespace treelock::ui {

namespace {

constexpr int kGap = 6; // between the name and the badge

int waitersAt(const QModelIndex& index)
{
    return index.data(LockTreeModel::WaitingRole).toInt();
}

/// The width the style lays `text` out in, rounded up: a line's natural
/// width, which can exceed the font metrics' advance by a pixel or two (an
/// italic name's last glyph leans out). O(length of the text).
int naturalWidth(const QString& text, const QFont& font)
{
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::ManualWrap);
    layout.setTextOption(option);
    layout.beginLayout();
    QTextLine line = layout.createLine();
    if (!line.isValid()) {
        layout.endLayout();
        return 0;
    }
    line.setLineWidth(1e6);
    layout.endLayout();
    return int(std::ceil(line.naturalTextWidth()));
}

} // namespace

QRect WaitBadgeDelegate::badgeRect(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const int count = waitersAt(index);
    if (count <= 0)
        return {};
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    const QRect text = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
    const QSize pill = PillDelegate::pillSize(presentation::waitingBadge(count), option.font);
    // Right after the name, or at the cell's right end when the name needs the
    // room. The style draws the name inside a margin on each side of the text
    // rect and elides it when its laid-out width exceeds what is left: the
    // badge leaves the name that width and, within the gap, the margin after it.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, &opt, widget) + 1;
    const int name = naturalWidth(opt.text, opt.font);
    const int after = text.left() + margin + name + std::max(kGap, margin + 1);
    const int left = std::max(text.left(), std::min(after, option.rect.right() - pill.width() - 3));
    return {left, option.rect.top(), pill.width() + 4, option.rect.height()};
}

void WaitBadgeDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QRect badge = badgeRect(option, index);
    if (badge.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // The row's background over the whole cell, the name (elided if need be)
    // left of the badge, then the badge.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);
    QStyleOptionViewItem name = option;
    name.rect.setRight(badge.left() - 1);
    QStyledItemDelegate::paint(painter, name, index);
    PillDelegate::paintPill(painter, badge, presentation::waitingBadge(waitersAt(index)), presentation::waitingStyle(),
                            option.font);
}

QSize WaitBadgeDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (const int count = waitersAt(index); count > 0) {
        const QSize pill = PillDelegate::pillSize(presentation::waitingBadge(count), option.font);
        size.setWidth(size.width() + kGap + pill.width() + 4);
        size.setHeight(std::max(size.height(), pill.height() + 4));
    }
    return size;
}

} // namespace treelock::ui
