#pragma once

#include "treelock/engine.h"
#include "treelock/lockmode.h"
#include "treelock/policy.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace treelock {

/// A symbol of the seed's permission table (resources/matrix/seed-expected.json).
enum class SeedVerdict {
    Allowed,     ///< √ 可以操作: the second operation may run
    Blocked,     ///< × 不可以操作: the second operation must wait
    Independent, ///< / 互相不影响: the two do not affect each other; compared as "allowed"
};

/// "√", "×" or "/".
std::string_view toSymbol(SeedVerdict verdict) noexcept;
/// Parses "√", "×" or "/"; nullopt otherwise.
std::optional<SeedVerdict> parseSeedVerdict(std::string_view symbol) noexcept;
/// What the engine must answer for the cell to agree: Blocked -> false, Allowed and
/// Independent -> true (two operations that do not affect each other may run together).
bool expectsAllowed(SeedVerdict verdict) noexcept;

/// The English name the seed matrix uses for an operation ("move folder", ...).
std::string_view englishName(Operation op) noexcept;

/// Parses the CLI form of a call: "move-folder /A /B" (operation name, then the
/// arguments, separated by single spaces). Throws InvalidInput.
OperationCall parseOperationCall(std::string_view text);

/// One sub-cell of the seed's table: the seed's verdict for one object of a cell
/// (the A, B or a of "A×B√"), and the concrete scenario it is taken to mean.
struct SeedSubCell {
    std::string object;        ///< "A" (folder /A), "B" (folder /B) or "a" (file /A/a.txt)
    bool labelled = true;      ///< false when the seed writes no object (the row's is meant)
    SeedVerdict seed = SeedVerdict::Allowed;
    OperationCall first;       ///< the row's operation, granted first
    OperationCall second;      ///< the column's operation, attempted while `first` is held
    std::string reading;       ///< how the ambiguous cell is read, empty if it is not
    /// Why the engine's answer differs from the seed under a profile, by profile name.
    std::map<std::string, std::string> reasons;
};

/// One cell of the seed's table: row operation (in progress) x column operation
/// (attempted meanwhile), as the seed writes it, split into sub-cells.
struct SeedCell {
    Operation row = Operation::Create;
    Operation column = Operation::Create;
    std::string rowObject;     ///< the seed's 操作对象 of the row: "/A", "/A->/B", "a.txt" ...
    std::string text;          ///< the cell exactly as the seed writes it: "A×B√", "×", "/"
    std::vector<SeedSubCell> subCells;
};

/// The seed's 11 x 11 table as data (resources/matrix/seed-expected.json), with a
/// scenario per sub-cell and a reason per difference. Immutable; safe to share.
class SeedMatrix {
public:
    /// The table embedded in core (resources/matrix/seed-expected.json). Parsed once.
    static const SeedMatrix& builtin();
    /// Parses a document in the form of seed-expected.json. Throws InvalidInput naming the
    /// offending cell and key: unknown operations or symbols, a cell text that does not
    /// match its sub-cells, a scenario whose operations are not the cell's row and column,
    /// a missing cell.
    static SeedMatrix fromJson(std::string_view json);

    /// The 121 cells, row-major in the seed's order (kAllOperations x kAllOperations).
    const std::vector<SeedCell>& cells() const noexcept { return m_cells; }
    /// The cell at (row, column).
    const SeedCell& cell(Operation row, Operation column) const;
    /// Number of sub-cells in all cells.
    std::size_t subCellCount() const noexcept;
    /// The fixture tree the scenarios run on ("/A/a.txt", ..., folders end in '/').
    const std::vector<std::string>& fixture() const noexcept { return m_fixture; }
    /// General notes on how the table is read (one paragraph each).
    const std::vector<std::string>& notes() const noexcept { return m_notes; }

private:
    std::vector<SeedCell> m_cells;
    std::vector<std::string> m_fixture;
    std::vector<std::string> m_notes;
};

/// What the engine answered when a scenario ran.
struct ScenarioOutcome {
    std::vector<LockRequest> firstPlan;  ///< normalised lock plan of the first operation
    std::vector<LockRequest> secondPlan; ///< ... of the second
    bool allowed = false;                ///< the second acquire was granted
    /// Set when refused: clashPath/heldMode (where and what), wanted (the refused
    /// request), path/mode (the blocking request of the first operation's lease).
    std::optional<Blocker> blocker;
};

/// Runs one scenario on a fresh MemoryEngine (a scratch project): plans both calls
/// with `policy`, acquires the first (must be granted on an empty project), attempts
/// the second. Pure: no shared state, no I/O. Throws InvalidInput if a call does not plan.
/// O(requests x depth).
ScenarioOutcome runScenario(const Policy& policy, const OperationCall& first,
                            const OperationCall& second);

/// Runs one scenario on `engine`, which should serve an empty scratch project: the first
/// operation's lease (owner "first") is acquired and kept, the second's (owner "second")
/// is attempted and, when granted, kept too, so a view of the project shows both. The
/// caller releases them or drops the project. Throws Error if the first is refused.
ScenarioOutcome runScenario(Engine& engine, const Policy& policy, const OperationCall& first,
                            const OperationCall& second);

/// One sub-cell compared: seed expectation vs engine result under one profile.
struct MatrixEntry {
    const SeedCell* cell = nullptr;      ///< Not owned: points into the SeedMatrix.
    const SeedSubCell* subCell = nullptr; ///< Not owned: points into the SeedMatrix.
    ScenarioOutcome outcome;
    bool agrees = false;                 ///< expectsAllowed(seed) == outcome.allowed
    std::string reason;                  ///< the stored reason for this profile ("" if none)
};

/// A seed cell pair whose scenarios are mirror images (the same two operations on the
/// same objects, in the other order; names of new items aside) but whose verdicts differ.
struct AsymmetricPair {
    const SeedCell* cell = nullptr;      ///< Not owned.
    const SeedSubCell* subCell = nullptr; ///< Not owned.
    const SeedCell* mirrorCell = nullptr; ///< Not owned.
    const SeedSubCell* mirrorSubCell = nullptr; ///< Not owned.
};

/// The seed's table derived under one policy profile.
struct DerivedMatrix {
    std::string profile;                 ///< the policy's name
    std::vector<MatrixEntry> entries;    ///< one per sub-cell, in the table's order

    std::size_t agreeing() const noexcept;
    std::size_t differing() const noexcept { return entries.size() - agreeing(); }
};

/// Runs every sub-cell's scenario under `policy`. The result points into `seed`, which
/// must outlive it. Pure; O(sub-cells x requests x depth).
DerivedMatrix deriveMatrix(const SeedMatrix& seed, const Policy& policy);

/// True if `b` is the mirror scenario of `a`: b.first is a.second and b.second is
/// a.first, comparing operations and paths but not the names given to new items
/// (create/upload NAME, rename NEWNAME).
bool isMirror(const SeedSubCell& a, const SeedSubCell& b);

/// Every pair of sub-cells that are mirrors of each other but whose seed verdicts differ
/// (/ counted as allowed), each pair once, the earlier cell first.
std::vector<AsymmetricPair> asymmetricSeedPairs(const SeedMatrix& seed);

/// The list of cells as JSON (an array; see docs/permission-matrix.md for the keys).
std::string matrixToJson(const DerivedMatrix& matrix);
/// One profile as Markdown: the grid with sub-cells, counts and the differences.
std::string matrixToMarkdown(const DerivedMatrix& matrix);
/// One line per sub-cell, RFC 4180 quoting, header line first.
std::string matrixToCsv(const DerivedMatrix& matrix);
/// A plain-text grid for terminals, with the differences and their reasons.
std::string matrixToText(const DerivedMatrix& matrix);
/// docs/permission-matrix.md: the reading notes, both built-in profiles, the
/// asymmetric pairs of the seed and every scenario. Deterministic.
std::string matrixDocument(const SeedMatrix& seed);

} // namespace treelock
