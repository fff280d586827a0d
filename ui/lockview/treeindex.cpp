#include "lockview/treeindex.h"

#include <algorithm>

namespace treelock::ui {

namespace {

unsigned char rank(char c) noexcept
{
    // '/' must sort before every other byte so that a subtree is contiguous.
    return c == '/' ? 0 : static_cast<unsigned char>(c);
}

} // namespace

bool segmentLess(std::string_view a, std::string_view b) noexcept
{
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char x = rank(a[i]);
        const unsigned char y = rank(b[i]);
        if (x != y)
            return x < y;
    }
    return a.size() < b.size();
}

TreeIndex::TreeIndex(std::vector<std::string> paths) : m_paths(std::move(paths))
{
    std::sort(m_paths.begin(), m_paths.end(),
              [](const std::string& a, const std::string& b) { return segmentLess(a, b); });
    m_paths.erase(std::unique(m_paths.begin(), m_paths.end()), m_paths.end());
}

bool TreeIndex::contains(std::string_view path) const
{
    const auto it = std::lower_bound(m_paths.begin(), m_paths.end(), path,
                                     [](const std::string& a, std::string_view b) { return segmentLess(a, b); });
    return it != m_paths.end() && *it == path;
}

std::pair<std::size_t, std::size_t> TreeIndex::descendantRange(std::string_view path) const
{
    std::string prefix(path);
    if (prefix != "/")
        prefix += '/';
    const auto less = [](const std::string& a, std::string_view b) { return segmentLess(a, b); };
    auto first = std::lower_bound(m_paths.begin(), m_paths.end(), std::string_view(prefix), less);
    auto last = first;
    while (last != m_paths.end() && last->size() > prefix.size()
           && std::string_view(*last).substr(0, prefix.size()) == prefix)
        ++last;
    return {static_cast<std::size_t>(first - m_paths.begin()),
            static_cast<std::size_t>(last - m_paths.begin())};
}

} // namespace treelock::ui
