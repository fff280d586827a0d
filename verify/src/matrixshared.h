#pragma once

// Internal to the permission matrix (matrix.cpp, matrixderive.cpp, matrixreport.cpp).

#include "treelock/matrix.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace treelock::verify::detail {

/// Row/column index of an operation in the seed's table.
inline std::size_t matrixIndex(Operation op) noexcept
{
    return static_cast<std::size_t>(op);
}

/// Short column heads for the plain-text grid (terminals mis-measure CJK widths).
inline constexpr std::array<std::string_view, 11> kShortOperationNames{
    "create", "upload", "mv-dir", "mv-file", "cp-dir", "cp-file",
    "rn-dir", "rn-file", "rm-dir", "rm-file", "purge"};

/// "A×" for a labelled sub-cell, "×" for an unlabelled one.
inline std::string seedSubText(const SeedSubCell& sub)
{
    return (sub.labelled ? sub.object : std::string()) + std::string(toSymbol(sub.seed));
}

} // namespace treelock::verify::detail
