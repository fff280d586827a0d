#pragma once

#include <QPointer>
#include <QWidget>

namespace treelock::ui {

/// A ring drawn around the widget that has the keyboard focus, wherever it is
/// in `window`: the style's own focus marks are faint or absent on tables and
/// trees, and a keyboard user must always see where the next key goes. It
/// also takes Tab out of the window's item views (Tab leaves a table instead
/// of walking its cells, so the focus chain goes on to the next control; the
/// arrows move between cells). Transparent to the mouse. GUI thread only.
class FocusRing : public QWidget {
    Q_OBJECT
public:
    explicit FocusRing(QWidget* window);

    /// The widget the ring is around, or null (focus outside the window).
    QWidget* target() const { return m_target; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    void follow(QWidget* widget);
    void place();

    QPointer<QWidget> m_target;
};

} // namespace treelock::ui
