#pragma once

// Internal to the permission matrix (matrix.cpp, matrixderive.cpp, matrixreport.cpp).

#include "treelock/matrix.h"

#include <cstddef>
#include <string>

namespace treelock::detail {

/// Row/column index of an operation in the seed's table.
inline std::size_t matrixIndex(Operation op) noexcept
{
    return static_cast<std::size_t>(op);
}

/// "A×" for a labelled sub-cell, "×" for an unlabelled one.
inline std::string seedSubText(const SeedSubCell& sub)
{
    return (sub.labelled ? sub.object : std::string()) + std::string(toSymbol(sub.seed));
}

} // namespace treelock::detail
