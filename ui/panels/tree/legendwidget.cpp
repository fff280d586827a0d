#include "panels/tree/legendwidget.h"

#include "lockview/pilldelegate.h"

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

struct LegendWidget::Item {
    QString pill;
    presentation::KindStyle style;
    QString explanation;
};

std::vector<LegendWidget::Item> LegendWidget::items()
{
    std::vector<Item> all;
    for (NodeKind k : kOrder)
        all.push_back({presentation::kindName(k), presentation::style(k), shortExplanation(k)});
    // The badge after a node's name.
    all.push_back({presentation::waitingBadge(1), presentation::waitingStyle(), tr("someone waits to lock here")});
    return all;
}

LegendWidget::LegendWidget(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(tr("Italic names are paths that a lease names but the loaded tree does not contain."));
    setFixedHeight(heightFor(360));
}

int LegendWidget::pillWidth() const
{
    int w = 0;
    for (const Item& item : items())
        w = std::max(w, PillDelegate::pillSize(item.pill, font()).width());
    return w;
}

QFont LegendWidget::smallFont() const
{
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.92);
    return small;
}

QString LegendWidget::lastLine() const
{
    return tr("italic name = path named by a lease, not in the loaded tree · hover a node for every lease on it");
}

QRect LegendWidget::lastLineRect(int width) const
{
    // Beside the last item when that leaves a column free, else a line of its own.
    const int columns = columnCount(width);
    const int count = int(items().size());
    const int rows = (count + columns - 1) / columns;
    const int h = itemHeight(width);
    QFont italic = smallFont();
    italic.setItalic(true);
    const QFontMetrics fm(italic);
    if (count % columns != 0) {
        const int left = (count % columns) * (width / columns) + 8;
        const int w = std::max(40, width - left - 8);
        const int text = fm.boundingRect(QRect(0, 0, w, 10000), Qt::TextWordWrap, lastLine()).height();
        return {left, 6 + (rows - 1) * h, w, std::max(h, text + 8)};
    }
    const int w = std::max(40, width - 20);
    const int text = fm.boundingRect(QRect(0, 0, w, 10000), Qt::TextWordWrap, lastLine()).height();
    return {12, 6 + rows * h, w, std::max(rowHeight(), text + 8)};
}

int LegendWidget::textWidth(int width, int columns) const
{
    return width / columns - pillWidth() - 22;
}

int LegendWidget::columnCount(int width) const
{
    return textWidth(width, 2) >= QFontMetrics(smallFont()).averageCharWidth() * 10 ? 2 : 1;
}

int LegendWidget::itemHeight(int width) const
{
    // An explanation too long for its column wraps: every row gets that height.
    const QFontMetrics fm(smallFont());
    const int w = std::max(20, textWidth(width, columnCount(width)));
    int text = 0;
    for (const Item& item : items())
        text = std::max(text, fm.boundingRect(QRect(0, 0, w, 10000), Qt::TextWordWrap, item.explanation).height());
    return std::max(rowHeight(), text + 6);
}

int LegendWidget::heightFor(int width) const
{
    const int columns = columnCount(width);
    const int rows = (int(items().size()) + columns - 1) / columns;
    return std::max(6 + rows * itemHeight(width), lastLineRect(width).bottom() + 1) + 4;
}

void LegendWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (const int h = heightFor(width()); h != height())
        setFixedHeight(h);
}

int LegendWidget::rowHeight() const
{
    return fontMetrics().height() + 8;
}

QSize LegendWidget::sizeHint() const
{
    return {360, height()};
}

void LegendWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().mid().color());
    p.drawLine(rect().topLeft(), rect().topRight());
    const int h = itemHeight(width());
    const int pillWidth = this->pillWidth();
    const int columns = columnCount(width());
    const int colWidth = width() / columns;
    const QFont small = smallFont();
    const std::vector<Item> all = items();
    for (int i = 0; i < int(all.size()); ++i) {
        const Item& item = all[std::size_t(i)];
        const int x = 8 + (i % columns) * colWidth;
        const int y = 6 + (i / columns) * h;
        PillDelegate::paintPill(&p, QRect(x, y, pillWidth + 4, h), item.pill, item.style, font());
        p.setFont(small);
        p.setPen(palette().text().color());
        const QRect textRect(x + pillWidth + 10, y, textWidth(width(), columns), h);
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft | Qt::TextWordWrap, item.explanation);
    }
    // Last line: lease-only paths.
    QFont italic = small;
    italic.setItalic(true);
    p.setFont(italic);
    p.setPen(QColor(0x55, 0x55, 0x80));
    p.drawText(lastLineRect(width()).adjusted(0, 4, 0, 0), Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap, lastLine());
}

} // namespace treelock::ui
