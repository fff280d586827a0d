// The permission matrix derived from a policy: each sub-cell's scenario replayed
// on an empty MemoryEngine, and the seed's pairs that contradict their mirror.

#include "treelock/matrix.h"

#include "treelock/error.h"
#include "treelock/memoryengine.h"

#include <algorithm>

namespace treelock {

namespace {

// Scenarios run on a fixed clock: the derivation does not depend on when it runs.
constexpr ServerTime kScenarioTime{std::chrono::milliseconds{1'700'000'000'000}};

// Operations, paths and folders of a call, without the names of new items.
std::vector<std::string> shapeOf(const OperationCall& call)
{
    std::vector<std::string> shape{std::string(toString(call.op))};
    const bool namesNewItem = call.op == Operation::Create || call.op == Operation::Upload
                              || call.op == Operation::RenameFolder
                              || call.op == Operation::RenameFile;
    for (std::size_t i = 0; i < call.args.size(); ++i) {
        if (!(namesNewItem && i == 1))
            shape.push_back(call.args[i]);
    }
    return shape;
}

} // namespace

// --- derivation -------------------------------------------------------------

ScenarioOutcome runScenario(const Policy& policy, const OperationCall& first,
                            const OperationCall& second)
{
    MemoryEngine engine("matrix", PathOptions{}, [] { return kScenarioTime; });
    return runScenario(engine, policy, first, second);
}

ScenarioOutcome runScenario(Engine& engine, const Policy& policy, const OperationCall& first,
                            const OperationCall& second)
{
    ScenarioOutcome outcome;
    outcome.firstPlan = policy.plan(first, engine.pathOptions());
    outcome.secondPlan = policy.plan(second, engine.pathOptions());

    AcquireOptions options;
    options.owner = "first";
    options.operation = toString(first);
    const AcquireResult held = engine.acquire(outcome.firstPlan, options);
    if (!held.granted)
        throw Error("matrix scenario: " + toString(first) + " was refused; the project is not empty");

    options.owner = "second";
    options.operation = toString(second);
    const AcquireResult attempt = engine.acquire(outcome.secondPlan, options);
    outcome.allowed = attempt.granted;
    outcome.blocker = attempt.blocker;
    return outcome;
}

std::size_t DerivedMatrix::agreeing() const noexcept
{
    return static_cast<std::size_t>(std::count_if(
        entries.begin(), entries.end(), [](const MatrixEntry& entry) { return entry.agrees; }));
}

DerivedMatrix deriveMatrix(const SeedMatrix& seed, const Policy& policy)
{
    DerivedMatrix matrix;
    matrix.profile = policy.name();
    matrix.entries.reserve(seed.subCellCount());
    for (const SeedCell& cell : seed.cells()) {
        for (const SeedSubCell& sub : cell.subCells) {
            MatrixEntry entry;
            entry.cell = &cell;
            entry.subCell = &sub;
            entry.outcome = runScenario(policy, sub.first, sub.second);
            entry.agrees = expectsAllowed(sub.seed) == entry.outcome.allowed;
            const auto reason = sub.reasons.find(policy.name());
            if (reason != sub.reasons.end())
                entry.reason = reason->second;
            matrix.entries.push_back(std::move(entry));
        }
    }
    return matrix;
}

bool isMirror(const SeedSubCell& a, const SeedSubCell& b)
{
    return shapeOf(a.first) == shapeOf(b.second) && shapeOf(a.second) == shapeOf(b.first);
}

std::vector<AsymmetricPair> asymmetricSeedPairs(const SeedMatrix& seed)
{
    std::vector<AsymmetricPair> pairs;
    const std::vector<SeedCell>& cells = seed.cells();
    for (std::size_t i = 0; i < cells.size(); ++i) {
        for (const SeedSubCell& sub : cells[i].subCells) {
            for (std::size_t j = i + 1; j < cells.size(); ++j) {
                for (const SeedSubCell& other : cells[j].subCells) {
                    if (isMirror(sub, other) && expectsAllowed(sub.seed) != expectsAllowed(other.seed))
                        pairs.push_back({&cells[i], &sub, &cells[j], &other});
                }
            }
        }
    }
    return pairs;
}

} // namespace treelock
