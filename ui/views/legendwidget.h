#pragma once

#include <QWidget>

namespace treelock::ui {

/// Explains the node states: one pill per state with a short explanation,
/// laid out in two columns. Static content (retranslated on language change).
class LegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit LegendWidget(QWidget* parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return {200, sizeHint().height()}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    struct Item;
    int rowHeight() const;
};

} // namespace treelock::ui
