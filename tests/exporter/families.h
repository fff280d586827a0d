#pragma once

// Reading the metric families a ProjectExporter renders, for the exporter's tests.

#include <prometheus/metric_family.h>

#include <algorithm>
#include <string>
#include <vector>

namespace treelock::test {

/// The family named `name`, or nullptr.
inline const prometheus::MetricFamily* family(const std::vector<prometheus::MetricFamily>& families,
                                              const std::string& name)
{
    const auto it = std::find_if(families.begin(), families.end(), [&](const auto& f) { return f.name == name; });
    return it == families.end() ? nullptr : &*it;
}

/// The value of the label `name` of a sample, or "".
inline std::string labelOf(const prometheus::ClientMetric& m, const std::string& name)
{
    for (const auto& l : m.label)
        if (l.name == name)
            return l.value;
    return {};
}

} // namespace treelock::test
