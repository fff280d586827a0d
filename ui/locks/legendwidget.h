#pragma once

#include <QWidget>

namespace treelock::ui {

/// Explains the node states: one pill per state with a short explanation,
/// laid out in two columns; an explanation too long for its column wraps, and
/// the height follows the width. Static content (retranslated on language change).
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
    int rowHeight() const;
    int pillWidth() const;
    QFont smallFont() const;
    QString lastLine() const;
    int textWidth(int width, int columns) const;
    /// One explanation's row: one line, or as many as the longest needs when wrapped.
    int itemHeight(int width) const;
};

} // namespace treelock::ui
