// Simulation settings: their checks, the operation mix and the default tree.

#include "simulationimpl.h"

#include "treelock/error.h"
#include "treelock/sim/limits.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace treelock::sim {

void SimulationConfig::validate() const
{
    auto bad = [](const std::string& what) { throw InvalidInput("simulation: " + what); };
    if (users < limits::kMinUsers || users > limits::kMaxUsers)
        bad("users must be " + std::to_string(limits::kMinUsers) + ".." + std::to_string(limits::kMaxUsers) + ", got " + std::to_string(users));
    double total = 0;
    for (double w : mix) {
        if (!(w >= 0) || std::isinf(w))
            bad("operation weights must be finite and >= 0");
        total += w;
    }
    if (total <= 0)
        bad("the operation mix has no positive weight");
    auto rate = [&](double r, const char* name) {
        if (!(r >= 0 && r <= 1))
            bad(std::string(name) + " must be within [0, 1]");
    };
    rate(hotFraction, "hot fraction");
    rate(crashRate, "crash rate");
    rate(pauseRate, "pause rate");
    rate(slowReleaseRate, "slow-release rate");
    if (crashRate + pauseRate + slowReleaseRate > 1)
        bad("crash, pause and slow-release rates add up to more than 1");
    if (ttl < kMinTtl || ttl > kMaxTtl)
        bad("ttl must be within [10 ms, 24 h]");
    if (renewEvery.count() != 0 && (renewEvery < std::chrono::milliseconds(10) || renewEvery > ttl))
        bad("renew-every must be 0 (the watchdog's first gap, 20 ms) or within [10 ms, ttl]");
    if (fairnessGrace && (fairnessGrace->count() < 0 || *fairnessGrace > kMaxGrace))
        bad("fairness grace must be within [0, " + std::to_string(kMaxGrace.count()) + "] ms or off, got "
            + std::to_string(fairnessGrace->count()) + " ms");
    if (waitTimeout.count() < 0 || duration.count() < 0 || slowReleaseDelay.count() < 0)
        bad("durations must not be negative");
    for (const Distribution* d : {&think, &hold})
        if (d->meanMs < 0 || d->minMs < 0 || d->maxMs < 0 || (d->kind == Distribution::Kind::Uniform && d->minMs > d->maxMs))
            bad("a time distribution has a negative or empty range");
    if (timing == Timing::Virtual && engine)
        bad("virtual timing runs its own MemoryEngine on the virtual clock; pass an engine with Timing::RealTime");
    if (!policy)
        Policy::builtin(profile); // throws InvalidInput for an unknown profile
}

std::array<double, kOperationCount> parseMix(const std::string& text)
{
    std::array<double, kOperationCount> mix{};
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (item.empty())
            continue;
        const auto eq = item.find('=');
        const auto op = parseOperation(item.substr(0, eq));
        if (eq == std::string::npos || !op)
            throw InvalidInput("mix item \"" + item + "\": expected OPERATION=WEIGHT with one of the 11 operations");
        try {
            std::size_t used = 0;
            const double w = std::stod(item.substr(eq + 1), &used);
            if (used != item.size() - eq - 1 || !(w >= 0) || std::isinf(w))
                throw std::invalid_argument("weight");
            mix[operationIndex(*op)] = w;
        } catch (const std::logic_error&) {
            throw InvalidInput("mix item \"" + item + "\": the weight must be a number >= 0");
        }
    }
    return mix;
}

std::vector<std::string> detail::defaultTree(std::size_t users)
{
    std::vector<std::string> paths = FileSystem::seedTree();
    const std::size_t folders = std::max<std::size_t>(4, users / 2);
    for (std::size_t i = 0; i < folders; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "/P%03zu", i);
        paths.push_back(std::string(name) + "/f.txt");
        paths.push_back(std::string(name) + "/S/g.txt");
    }
    return paths;
}

} // namespace treelock::sim
