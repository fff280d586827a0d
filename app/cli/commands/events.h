#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace treelock::cli {

/// `events [--from ID] [--count N] [--follow]`.
struct EventsCommand {
    std::string from = "0";                      ///< print events after this stream id
    std::optional<std::size_t> count;            ///< at most this many in all
    bool follow = false;
};

} // namespace treelock::cli
