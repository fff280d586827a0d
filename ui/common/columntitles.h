#pragma once

#include <QString>
#include <QVariant>

#include <array>

namespace treelock::ui {

/// headerData() of a model whose `ColumnCount` columns are titled `titles`, in
/// column order: the title of `section` for the horizontal DisplayRole, an
/// invalid QVariant for anything else (vertical headers, other roles, sections
/// out of range). A title missing or too many does not compile. O(columns).
template <int ColumnCount, typename... Titles>
QVariant columnTitle(int section, Qt::Orientation orientation, int role, const Titles&... titles)
{
    static_assert(sizeof...(Titles) == ColumnCount, "one title per column");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    const std::array<QString, ColumnCount> all{titles...};
    return all[static_cast<std::size_t>(section)];
}

} // namespace treelock::ui
