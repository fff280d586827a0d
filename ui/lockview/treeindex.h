#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace treelock::ui {

/// The project tree's paths in segment order, so that every subtree is one
/// contiguous range. Immutable once built; shared between the GUI and the
/// bridge worker (read-only, any thread).
class TreeIndex {
public:
    TreeIndex() = default;
    /// `paths` are canonical; duplicates are dropped. O(n log n).
    explicit TreeIndex(std::vector<std::string> paths);

    std::size_t size() const noexcept { return m_paths.size(); }
    bool contains(std::string_view path) const;
    /// Calls `f(path)` for every proper descendant of `path`. O(log n + k).
    template <typename F>
    void forEachDescendant(std::string_view path, F&& f) const
    {
        const auto [first, last] = descendantRange(path);
        for (std::size_t i = first; i < last; ++i)
            f(m_paths[i]);
    }
    const std::vector<std::string>& paths() const noexcept { return m_paths; }

private:
    std::pair<std::size_t, std::size_t> descendantRange(std::string_view path) const;
    std::vector<std::string> m_paths; // sorted by segments ('/' sorts first)
};

/// Orders canonical paths segment by segment ("/A/C" < "/A/C/D" < "/A/C!").
bool segmentLess(std::string_view a, std::string_view b) noexcept;

} // namespace treelock::ui
