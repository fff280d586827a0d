#include "clusterbench.h"
#include "failoverbench.h"
#include "plot.h"

#include <stdexcept>

namespace treelock::bench {

bool plotAvailable() { return false; }

void writeThroughputPlot(const BenchResults&, const Report&, const std::string&)
{
    throw std::runtime_error("--plot is unavailable: this treelock-bench was built without Qt "
                             "(configure with -DTREELOCK_BUILD_UI=ON)");
}

void writeFailoverPlot(const FailoverResults&, const std::string&)
{
    throw std::runtime_error("--plot is unavailable: this treelock-bench was built without Qt "
                             "(configure with -DTREELOCK_BUILD_UI=ON)");
}

void writeClusterPlot(const ClusterResults&, const std::string&)
{
    throw std::runtime_error("--plot is unavailable: this treelock-bench was built without Qt "
                             "(configure with -DTREELOCK_BUILD_UI=ON)");
}

} // namespace treelock::bench
