#pragma once

#include <QFrame>

class QLabel;

namespace treelock::ui {

/// The rounded "filtered by …" chip of a panel: says what a filter keeps and
/// has a ✕ that clears it. Hidden until the panel shows it.
class FilterChip : public QFrame {
    Q_OBJECT
public:
    /// `clearName` is the ✕ button's object name, `clearText` its accessible
    /// name and tooltip (what clearing shows).
    FilterChip(const QString& objectName, const QString& clearName, const QString& clearText,
               QWidget* parent = nullptr);

    /// Shows the chip saying `text`, or hides it when `active` is false.
    void showFilter(bool active, const QString& text);

signals:
    /// The user pressed the ✕.
    void clearRequested();

private:
    QLabel* m_label;
};

} // namespace treelock::ui
