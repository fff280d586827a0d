#pragma once

#include <QSortFilterProxyModel>

namespace treelock::ui {

/// A proxy that keeps the rows matching a search text, as the tree, lease and
/// event-log panels filter theirs: it owns the text and re-filters when the
/// text or another of a subclass's criteria changes. A subclass says in
/// filterAcceptsRow() which of a row's texts the search looks at.
class SearchFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    /// Sorts and filters again as the source model changes (Qt's default;
    /// a subclass may turn that off).
    explicit SearchFilterProxy(QObject* parent = nullptr);

    /// The text a row must contain, in any case; empty: every row.
    void setSearchText(const QString& text);
    const QString& searchText() const { return m_search; }

protected:
    /// True when `text` contains the search text, ignoring case; always true
    /// while there is none.
    bool matchesSearch(const QString& text) const;

    /// Gives a subclass's `criterion` the new `value` and filters again,
    /// unless it already had that value (no needless pass over the rows).
    template <typename T>
    void setCriterion(T& criterion, const T& value)
    {
        if (criterion == value)
            return;
        criterion = value;
        invalidateFilter();
    }

private:
    QString m_search;
};

} // namespace treelock::ui
