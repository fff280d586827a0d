#include "lockview/pilldelegate.h"

#include "lockview/locktreemodel.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace treelock::ui {

PillDelegate::PillDelegate(StyleFor styleFor, QObject* parent)
    : QStyledItemDelegate(parent), m_styleFor(std::move(styleFor))
{
}

QSize PillDelegate::pillSize(const QString& text, const QFont& font)
{
    QFont f = font;
    f.setBold(true);
    const QFontMetrics fm(f);
    return {fm.horizontalAdvance(text) + 16, fm.height() + 4};
}

void PillDelegate::paintPill(QPainter* painter, const QRect& rect, const QString& text,
                             const presentation::KindStyle& style, const QFont& font)
{
    QFont f = font;
    f.setBold(true);
    const QSize size = pillSize(text, font);
    QRectF r(rect.left() + 2, rect.center().y() - size.height() / 2.0 + 0.5,
             std::min(size.width(), rect.width() - 4), size.height() - 1);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QPainterPath path;
    path.addRoundedRect(r, r.height() / 2, r.height() / 2);
    painter->fillPath(path, style.fill);
    if (style.hatched) {
        painter->save();
        painter->setClipPath(path);
        QColor line = style.border;
        line.setAlpha(70);
        painter->setPen(QPen(line, 1.5));
        for (qreal x = r.left() - r.height(); x < r.right(); x += 6)
            painter->drawLine(QPointF(x, r.bottom()), QPointF(x + r.height(), r.top()));
        painter->restore();
    }
    painter->setPen(QPen(style.border, style.outlined ? 1.6 : 1.0, style.hatched ? Qt::DashLine : Qt::SolidLine));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path);
    painter->setFont(f);
    painter->setPen(style.text);
    painter->drawText(r, Qt::AlignCenter, QFontMetrics(f).elidedText(text, Qt::ElideRight, int(r.width()) - 10));
    painter->restore();
}

void PillDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const Pill pill = m_styleFor(index);
    if (pill.text.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // Background (selection, row tint) as usual, then the pill instead of the text.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    paintPill(painter, option.rect.adjusted(2, 1, -2, -1), pill.text, pill.style, option.font);
}

QSize PillDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QSize base = QStyledItemDelegate::sizeHint(option, index);
    const Pill pill = m_styleFor(index);
    if (pill.text.isEmpty())
        return base;
    const QSize p = pillSize(pill.text, option.font);
    return {std::max(base.width(), p.width() + 10), std::max(base.height(), p.height() + 4)};
}

PillDelegate::Pill treeStatePill(const QModelIndex& index)
{
    const auto kind = NodeKind(index.data(LockTreeModel::KindRole).toInt());
    if (kind == NodeKind::None)
        return {};
    return {presentation::kindName(kind), presentation::style(kind)};
}

} // namespace treelock::ui
