#pragma once

#include "clivalues.h"

#include <chrono>
#include <cstddef>

namespace treelock::cli {

/// `exporter [--listen HOST:PORT] [--hot-paths N]`: serves Prometheus metrics.
struct ExporterCommand {
    values::ListenAddress listen{"127.0.0.1", 9481}; ///< where /metrics is served
    std::size_t hotPaths = 10;                       ///< 0..exporter::kMaxHotPaths
    std::chrono::seconds discoverEvery{30};          ///< 1..3600: how often projects are looked for
};

} // namespace treelock::cli
