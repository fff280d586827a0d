#include "studiobench.h"

#ifndef TREELOCK_BENCH_NO_UI_REASON
#define TREELOCK_BENCH_NO_UI_REASON "this build has no Studio benchmark"
#endif

namespace treelock::bench {

UiFigures runStudioBench(const BenchOptions&)
{
    UiFigures figures;
    figures.available = false;
    figures.note = "Studio at scale not measured: " TREELOCK_BENCH_NO_UI_REASON;
    return figures;
}

StudioAttach attachStudio(const std::string&, const std::string&, long long, std::chrono::milliseconds,
                          const std::function<void()>&, const std::function<void()>&)
{
    StudioAttach attach;
    attach.note = "Studio not attached: " TREELOCK_BENCH_NO_UI_REASON;
    return attach;
}

} // namespace treelock::bench
