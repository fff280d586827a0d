#include "common/searchfilterproxy.h"

namespace treelock::ui {

SearchFilterProxy::SearchFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {}

void SearchFilterProxy::setSearchText(const QString& text)
{
    setCriterion(m_search, text);
}

bool SearchFilterProxy::matchesSearch(const QString& text) const
{
    return text.contains(m_search, Qt::CaseInsensitive);
}

} // namespace treelock::ui
