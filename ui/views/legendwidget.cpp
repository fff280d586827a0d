#include "views/legendwidget.h"

#include "views/pilldelegate.h"

#include <QPainter>

namespace treelock::ui {

namespace {

const NodeKind kOrder[] = {NodeKind::HeldX, NodeKind::IntentIX, NodeKind::HeldSIX, NodeKind::IntentIS,
                           NodeKind::HeldS, NodeKind::CoveredX, NodeKind::Expired, NodeKind::CoveredS};

QString shortExplanation(NodeKind kind)
{
    switch (kind) {
    case NodeKind::HeldX: return LegendWidget::tr("exclusive on the subtree");
    case NodeKind::HeldSIX: return LegendWidget::tr("shared subtree, writes below");
    case NodeKind::HeldS: return LegendWidget::tr("shared (read) on the subtree");
    case NodeKind::IntentIX: return LegendWidget::tr("a lease below writes");
    case NodeKind::IntentIS: return LegendWidget::tr("a lease below reads");
    case NodeKind::CoveredX: return LegendWidget::tr("inside an X-locked folder");
    case NodeKind::CoveredS: return LegendWidget::tr("inside an S-locked folder");
    case NodeKind::Expired: return LegendWidget::tr("blocks nothing; not reaped yet");
    case NodeKind::None: break;
    }
    return {};
}

} // namespace

LegendWidget::LegendWidget(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(tr("Italic names are paths that a lease names but the loaded tree does not contain."));
}

int LegendWidget::rowHeight() const
{
    return fontMetrics().height() + 8;
}

QSize LegendWidget::sizeHint() const
{
    const int rows = (int(std::size(kOrder)) + 1) / 2 + 1;
    return {360, rows * rowHeight() + 10};
}

void LegendWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().mid().color());
    p.drawLine(rect().topLeft(), rect().topRight());
    const int h = rowHeight();
    int pillWidth = 0;
    for (NodeKind k : kOrder)
        pillWidth = std::max(pillWidth, PillDelegate::pillSize(presentation::kindName(k), font()).width());
    const int colWidth = width() / 2;
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.92);
    for (int i = 0; i < int(std::size(kOrder)); ++i) {
        const NodeKind k = kOrder[i];
        const int x = 8 + (i % 2) * colWidth;
        const int y = 6 + (i / 2) * h;
        PillDelegate::paintPill(&p, QRect(x, y, pillWidth + 4, h), presentation::kindName(k), presentation::style(k), font());
        p.setFont(small);
        p.setPen(palette().text().color());
        const QRect textRect(x + pillWidth + 10, y, colWidth - pillWidth - 22, h);
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                   QFontMetrics(small).elidedText(shortExplanation(k), Qt::ElideRight, textRect.width()));
    }
    // Last line: lease-only paths.
    const int y = 6 + ((int(std::size(kOrder)) + 1) / 2) * h;
    QFont italic = small;
    italic.setItalic(true);
    p.setFont(italic);
    p.setPen(QColor(0x55, 0x55, 0x80));
    p.drawText(QRect(12, y, width() - 20, h), Qt::AlignVCenter | Qt::AlignLeft,
               tr("italic name = path named by a lease, not in the loaded tree · hover a node for every lease on it"));
}

} // namespace treelock::ui
