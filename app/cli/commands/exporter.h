#pragma once

#include "clivalues.h"

#include <cstddef>

namespace treelock::cli {

/// `exporter [--listen HOST:PORT] [--hot-paths N]`: serves Prometheus metrics.
struct ExporterCommand {
    values::ListenAddress listen{"127.0.0.1", 9481}; ///< where /metrics is served
    std::size_t hotPaths = 10;                       ///< 0..exporter::kMaxHotPaths
};

} // namespace treelock::cli
