#pragma once

#include <QAccessible>
#include <QTreeView>

#include <vector>

namespace treelock::ui {

/// The tree view of the lock tree. A followed project changes hundreds of
/// nodes a second, one dataChanged per parent. QTreeView answers each by
/// finding the changed rows among the expanded ones, a linear search, to
/// repaint only them. With rows of one height (setUniformRowHeights) this view
/// knows the few rows in sight from their coordinates, and repaints those of
/// them that changed: nothing when the change is out of sight. While an
/// assistive technology listens, QTreeView's own handling runs: it reports
/// which cells changed.
class LockTreeView : public QTreeView {
public:
    using QTreeView::QTreeView;

    /// Repaints one column of the rows in sight (the clock moved: the time left).
    void repaintColumn(int column)
    {
        const QRect area = viewport()->rect();
        viewport()->update(QRect(columnViewportPosition(column), area.top(), columnWidth(column), area.height()));
    }

protected:
    void dataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles = {}) override
    {
        if (QAccessible::isActive() || !uniformRowHeights()) {
            QTreeView::dataChanged(topLeft, bottomRight, roles);
            return;
        }
        if (m_rowsStale)
            findRowsInSight();
        const QModelIndex parent = topLeft.parent();
        for (const Row& r : m_rows)
            if (r.row >= topLeft.row() && r.row <= bottomRight.row() && r.parent == parent)
                viewport()->update(r.rect);
    }

    void paintEvent(QPaintEvent* event) override
    {
        // Whatever changes what is in sight (a scroll, an expansion, new
        // rows) paints the view again: the rows are found anew after it.
        m_rowsStale = true;
        QTreeView::paintEvent(event);
    }

private:
    struct Row {
        QModelIndex parent;
        int row = 0;
        QRect rect; // the whole width of the viewport
    };

    void findRowsInSight()
    {
        executeDelayedItemsLayout(); // rows inserted or moved since: lay them out first
        m_rows.clear();
        m_rowsStale = false;
        const QRect area = viewport()->rect();
        const QModelIndex first = indexAt(QPoint(area.left(), area.top()));
        if (!first.isValid())
            return;
        const int height = rowHeight(first);
        if (height <= 0)
            return;
        for (int y = visualRect(first).top(); y < area.bottom(); y += height) {
            const QModelIndex i = indexAt(QPoint(area.left(), std::max(y, area.top())));
            if (!i.isValid())
                break;
            m_rows.push_back({i.parent(), i.row(), QRect(area.left(), y, area.width(), height)});
        }
    }

    std::vector<Row> m_rows;
    bool m_rowsStale = true;
};

} // namespace treelock::ui
