#pragma once

#include <QWidget>

#include <vector>

namespace treelock::ui {

/// Explains the node states: one pill per state with a short explanation,
/// and the "waiting" badge, laid out in two columns (the line about italic
/// names beside the badge); an explanation too long for its column wraps,
/// and the height follows the width. Static content (retranslated on language change).
class LegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit LegendWidget(QWidget* parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return {200, sizeHint().height()}; }
    /// 2, or 1 when `width` leaves two columns too little room for text.
    int columnCount(int width) const;
    /// The height that shows every explanation and the last line whole at `width`.
    int heightFor(int width) const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Item;
    /// What the legend explains, in order: the states, then the waiting badge.
    static std::vector<Item> items();
    int rowHeight() const;
    int pillWidth() const;
    QFont smallFont() const;
    QString lastLine() const;
    /// Where the last line goes at `width`.
    QRect lastLineRect(int width) const;
    int textWidth(int width, int columns) const;
    /// One explanation's row: one line, or as many as the longest needs when wrapped.
    int itemHeight(int width) const;
};

} // namespace treelock::ui
