#pragma once

#include <string>
#include <string_view>

namespace treelock::detail {

/// Quotes a value for an error message: control characters and bytes that are
/// not UTF-8 become \xNN, and input longer than 256 bytes is cut with "...".
std::string quoteForMessage(std::string_view text);

} // namespace treelock::detail
