#pragma once

#include "treelock/redisprotocol.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace treelock::bench {

/// `INFO section` parsed into "key" -> "value" lines.
std::vector<std::pair<std::string, std::string>> infoSection(redis::RawConnection& client,
                                                            std::string_view section);
/// One `cmdstat_<name>` line: calls and total microseconds (0 if absent).
struct CommandStat {
    std::uint64_t calls = 0;
    std::uint64_t usec = 0;
};
CommandStat commandStat(const std::vector<std::pair<std::string, std::string>>& info,
                        std::string_view command);

} // namespace treelock::bench
