#include "treelock/error.h"
#include "treelock/matrix.h"
#include "treelock/memoryengine.h"
#include "treelock/policy.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace treelock;

namespace {

using M = LockMode;

std::string describe(const SeedCell& cell, const SeedSubCell& sub)
{
    return std::string(toString(cell.row)) + " x " + std::string(toString(cell.column)) + " ["
           + sub.object + "]: " + toString(sub.first) + " then " + toString(sub.second);
}

// The table at the top of the seed article ("redis实现分布式文件夹锁"), copied cell for cell (操作对象 | 操作 | 11 columns).
const std::vector<std::vector<std::string>>& seedTable()
{
    static const std::vector<std::vector<std::string>> rows{
        {"/A", "新建", "√", "√", "×", "√", "×", "√", "×", "√", "×", "√", "/"},
        {"/A", "上传", "√", "√", "×", "√", "×", "√", "×", "√", "×", "√", "/"},
        {"/A->/B", "移动文件夹", "A×B×", "A×B×", "A×B×", "A×B×", "A√B√", "A√B√", "A×B×", "A×B√",
         "A×B×", "A×B√", "/"},
        {"a.txt->/B", "移动文件", "B√", "B√", "B×", "B√", "B×", "a√B×", "a×B×", "a×B√", "B×",
         "a×B√", "/"},
        {"/A->/B", "复制文件夹", "B√", "B√", "B×", "B√", "B√", "B√", "B×", "B√", "B×", "B√", "/"},
        {"a.txt->/B", "复制文件", "B√", "B√", "B×", "B√", "B√", "B√", "B×", "B√", "B×", "B√", "/"},
        {"/A", "重命名文件夹", "A×", "A×", "A×", "A×", "A√", "A√", "A×", "A×", "A×", "A×", "/"},
        {"a.txt", "重命名文件", "/", "/", "×", "×", "×", "×", "√", "×", "×", "×", "/"},
        {"/A", "删除文件夹", "×", "×", "×", "×", "×", "×", "×", "×", "×", "×", "/"},
        {"a.txt", "删除文件", "×", "×", "×", "×", "×", "×", "×", "×", "×", "×", "/"},
        {"/A，a.txt", "回收站清除", "/", "/", "/", "/", "/", "/", "/", "/", "/", "/", "A×a×"},
    };
    return rows;
}

std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::filesystem::path sourceDir()
{
    const char* dir = std::getenv("TREELOCK_SOURCE_DIR");
    return dir ? std::filesystem::path(dir) : std::filesystem::path(TREELOCK_SOURCE_DIR_FALLBACK);
}

// --- the data ---------------------------------------------------------------

TEST(SeedMatrix, holdsTheSeedsTableCellForCell)
{
    const SeedMatrix& seed = SeedMatrix::builtin();
    ASSERT_EQ(seed.cells().size(), 121u);
    for (std::size_t r = 0; r < kAllOperations.size(); ++r) {
        for (std::size_t c = 0; c < kAllOperations.size(); ++c) {
            const SeedCell& cell = seed.cell(kAllOperations[r], kAllOperations[c]);
            EXPECT_EQ(cell.rowObject, seedTable()[r][0]) << toString(cell.row);
            EXPECT_EQ(chineseName(cell.row), seedTable()[r][1]);
            EXPECT_EQ(cell.text, seedTable()[r][c + 2])
                << toString(cell.row) << " x " << toString(cell.column);
        }
    }
    EXPECT_EQ(seed.subCellCount(), 136u);
}

TEST(SeedMatrix, everyScenarioRunsTheCellsOperations)
{
    for (const SeedCell& cell : SeedMatrix::builtin().cells()) {
        for (const SeedSubCell& sub : cell.subCells) {
            EXPECT_EQ(sub.first.op, cell.row) << describe(cell, sub);
            EXPECT_EQ(sub.second.op, cell.column) << describe(cell, sub);
            for (const std::string& name : Policy::builtinNames())
                EXPECT_NO_THROW(runScenario(Policy::builtin(name), sub.first, sub.second))
                    << name << ": " << describe(cell, sub);
        }
    }
}

TEST(SeedMatrix, rejectsACellTextThatItsSubCellsDoNotSpell)
{
    nlohmann::json doc = nlohmann::json::parse(readFile(sourceDir() / "resources/matrix/seed-expected.json"));
    doc["cells"][2]["seed"] = "√";
    try {
        SeedMatrix::fromJson(doc.dump());
        FAIL() << "accepted a cell whose sub-cells spell something else";
    } catch (const InvalidInput& error) {
        EXPECT_NE(std::string(error.what()).find("cells[2]"), std::string::npos) << error.what();
    }
}

TEST(SeedMatrix, rejectsAScenarioOfAnotherOperation)
{
    nlohmann::json doc = nlohmann::json::parse(readFile(sourceDir() / "resources/matrix/seed-expected.json"));
    doc["cells"][0]["sub"][0]["second"] = "upload /A u2.txt";
    EXPECT_THROW(SeedMatrix::fromJson(doc.dump()), InvalidInput);
    doc["cells"][0]["sub"][0]["second"] = "create  /A n2.txt";
    EXPECT_THROW(SeedMatrix::fromJson(doc.dump()), InvalidInput);
}

TEST(SeedMatrix, rejectsAnUnknownSymbol)
{
    nlohmann::json doc = nlohmann::json::parse(readFile(sourceDir() / "resources/matrix/seed-expected.json"));
    doc["cells"][0]["sub"][0]["seed"] = "v";
    EXPECT_THROW(SeedMatrix::fromJson(doc.dump()), InvalidInput);
}

TEST(SeedMatrix, operationCallsRoundTrip)
{
    const OperationCall call = parseOperationCall("move-folder /A /B");
    EXPECT_EQ(call.op, Operation::MoveFolder);
    EXPECT_EQ(call.args, (std::vector<std::string>{"/A", "/B"}));
    EXPECT_EQ(toString(call), "move-folder /A /B");
    EXPECT_THROW(parseOperationCall("fly /A"), InvalidInput);
    EXPECT_THROW(parseOperationCall(""), InvalidInput);
}

// --- derivation -------------------------------------------------------------

TEST(MatrixDerivation, isSymmetricForSwappedScenarios)
{
    for (const std::string& name : Policy::builtinNames()) {
        const Policy policy = Policy::builtin(name);
        for (const SeedCell& cell : SeedMatrix::builtin().cells()) {
            for (const SeedSubCell& sub : cell.subCells) {
                EXPECT_EQ(runScenario(policy, sub.first, sub.second).allowed,
                          runScenario(policy, sub.second, sub.first).allowed)
                    << name << ": " << describe(cell, sub);
            }
        }
    }
}

TEST(MatrixDerivation, mirrorCellsGetTheSameAnswer)
{
    const SeedMatrix& seed = SeedMatrix::builtin();
    for (const std::string& name : Policy::builtinNames()) {
        const DerivedMatrix matrix = deriveMatrix(seed, Policy::builtin(name));
        std::size_t mirrors = 0;
        for (const MatrixEntry& a : matrix.entries) {
            for (const MatrixEntry& b : matrix.entries) {
                if (&a != &b && isMirror(*a.subCell, *b.subCell)) {
                    ++mirrors;
                    EXPECT_EQ(a.outcome.allowed, b.outcome.allowed)
                        << name << ": " << describe(*a.cell, *a.subCell) << " vs "
                        << describe(*b.cell, *b.subCell);
                }
            }
        }
        EXPECT_GE(mirrors, 40u) << "the scenarios should share calls, so that mirrors exist";
    }
}

struct HandCase {
    std::string profile;
    Operation row;
    Operation column;
    std::string object;
    bool allowed;
    std::string clashPath;    // when blocked
    M held = M::X;            // when blocked
    std::string wanted;       // when blocked, "MODE:PATH"
    std::string blocking;     // when blocked, the first operation's request
};

// Worked out by hand from the compatibility table and the clash order of
// docs/semantics.md (requests sorted by path; ancestors root first, then the node).
TEST(MatrixDerivation, cellsCheckedByHandAgainstTheCompatibilityTable)
{
    const std::vector<HandCase> cases{
        // create /A n1.txt leaves IX on /A; moving A wants X on /A: IX-X incompatible.
        {"fine", Operation::Create, Operation::MoveFolder, "A", false, "/A", M::IX, "X:/A",
         "X:/A/n1.txt"},
        // Two X on siblings /A/n1.txt and /A/a.txt: IX-IX on /A is compatible.
        {"fine", Operation::Create, Operation::MoveFile, "A", true, "", M::X, "", ""},
        {"fine", Operation::Create, Operation::Create, "A", true, "", M::X, "", ""},
        // copy /A /B holds S on /A; moving B into /A/C/E wants IX on /A: S-IX incompatible.
        {"fine", Operation::CopyFolder, Operation::MoveFolder, "B", false, "/A", M::S,
         "X:/A/C/E/B", "S:/A"},
        // ... and copying B into /A/C/E as well, before /B is even reached.
        {"fine", Operation::CopyFolder, Operation::CopyFolder, "B", false, "/A", M::S,
         "X:/A/C/E/B", "S:/A"},
        // creating in B while A is copied into B: IX-IX on /B.
        {"fine", Operation::CopyFolder, Operation::Create, "B", true, "", M::X, "", ""},
        // rename /A holds X on /A; copying a.txt wants IS on /A: X-IS incompatible.
        {"fine", Operation::RenameFolder, Operation::CopyFile, "A", false, "/A", M::X,
         "S:/A/a.txt", "X:/A"},
        // delete /A holds X; copying A wants S on /A.
        {"fine", Operation::DeleteFolder, Operation::CopyFolder, "A", false, "/A", M::X, "S:/A",
         "X:/A"},
        // renaming a.txt leaves IX on /A; renaming A wants X there.
        {"fine", Operation::RenameFile, Operation::RenameFolder, "a", false, "/A", M::IX, "X:/A",
         "X:/A/a.txt"},
        // deleting a.txt (X on /A/a.txt) and creating /A/n2.txt: IX-IX on /A.
        {"fine", Operation::DeleteFile, Operation::Create, "a", true, "", M::X, "", ""},
        // fine: moving A into B leaves IX on /B; a create in B wants IX: compatible.
        {"fine", Operation::MoveFolder, Operation::Create, "B", true, "", M::X, "", ""},
        // seed: SIX on /B; IX-SIX incompatible. /B holds IX (from /B/A) and SIX: SIX clashes.
        {"seed", Operation::MoveFolder, Operation::Create, "B", false, "/B", M::SIX,
         "X:/B/n2.txt", "SIX:/B"},
        // seed: reading b.txt wants IS on /B: IS-SIX compatible.
        {"seed", Operation::MoveFolder, Operation::CopyFile, "B", true, "", M::X, "", ""},
        // moving a.txt into B leaves IX on /B; moving B wants X there (after /A/C/E/B, whose
        // IX on /A meets only IX).
        {"fine", Operation::MoveFile, Operation::MoveFolder, "B", false, "/B", M::IX, "X:/B",
         "X:/B/a.txt"},
        // copying a.txt while it moves: S on /A/a.txt against X.
        {"fine", Operation::MoveFile, Operation::CopyFile, "a", false, "/A/a.txt", M::X,
         "S:/A/a.txt", "X:/A/a.txt"},
        // purging A twice: X-X on /.recycle/A.
        {"fine", Operation::Purge, Operation::Purge, "A", false, "/.recycle/A", M::X,
         "X:/.recycle/A", "X:/.recycle/A"},
        // the recycle bin lies outside the live tree.
        {"fine", Operation::Purge, Operation::DeleteFolder, "A", true, "", M::X, "", ""},
        {"fine", Operation::DeleteFolder, Operation::Purge, "A", true, "", M::X, "", ""},
    };
    for (const HandCase& c : cases) {
        const SeedCell& cell = SeedMatrix::builtin().cell(c.row, c.column);
        const SeedSubCell* sub = nullptr;
        for (const SeedSubCell& candidate : cell.subCells) {
            if (candidate.object == c.object)
                sub = &candidate;
        }
        ASSERT_NE(sub, nullptr) << toString(c.row) << " x " << toString(c.column) << " " << c.object;
        const ScenarioOutcome outcome =
            runScenario(Policy::builtin(c.profile), sub->first, sub->second);
        const std::string what = c.profile + ": " + describe(cell, *sub);
        ASSERT_EQ(outcome.allowed, c.allowed) << what;
        if (c.allowed) {
            EXPECT_FALSE(outcome.blocker.has_value()) << what;
            continue;
        }
        ASSERT_TRUE(outcome.blocker.has_value()) << what;
        EXPECT_EQ(outcome.blocker->clashPath, c.clashPath) << what;
        EXPECT_EQ(toString(outcome.blocker->heldMode), toString(c.held)) << what;
        EXPECT_EQ(toString(outcome.blocker->wanted), c.wanted) << what;
        EXPECT_EQ(toString(LockRequest{outcome.blocker->path, outcome.blocker->mode}), c.blocking)
            << what;
        EXPECT_EQ(outcome.blocker->operation, toString(sub->first)) << what;
    }
}

// --- comparison -------------------------------------------------------------

TEST(MatrixComparison, everyDifferenceHasAReasonAndNoAgreementHasOne)
{
    for (const std::string& name : Policy::builtinNames()) {
        const DerivedMatrix matrix = deriveMatrix(SeedMatrix::builtin(), Policy::builtin(name));
        for (const MatrixEntry& entry : matrix.entries) {
            const std::string what = name + ": " + describe(*entry.cell, *entry.subCell);
            if (entry.agrees) {
                EXPECT_TRUE(entry.reason.empty())
                    << what << " agrees with the seed but carries a stale reason: " << entry.reason;
            } else {
                EXPECT_FALSE(entry.reason.empty())
                    << what << ": seed " << toSymbol(entry.subCell->seed) << ", engine "
                    << (entry.outcome.allowed ? "allows" : "blocks")
                    << " -- add a reason for this profile in resources/matrix/seed-expected.json";
            }
        }
    }
}

TEST(MatrixComparison, reasonsNameOnlyBuiltInProfiles)
{
    const std::vector<std::string> names = Policy::builtinNames();
    const std::set<std::string> known(names.begin(), names.end());
    for (const SeedCell& cell : SeedMatrix::builtin().cells()) {
        for (const SeedSubCell& sub : cell.subCells) {
            for (const auto& [profile, reason] : sub.reasons)
                EXPECT_TRUE(known.count(profile)) << describe(cell, sub) << ": " << profile;
        }
    }
}

TEST(MatrixComparison, agreementCounts)
{
    // The numbers docs/permission-matrix.md reports; a change to a profile or to the
    // scenarios that moves them should be deliberate.
    const SeedMatrix& seed = SeedMatrix::builtin();
    EXPECT_EQ(deriveMatrix(seed, Policy::builtin("fine")).agreeing(), 121u);
    EXPECT_EQ(deriveMatrix(seed, Policy::builtin("seed")).agreeing(), 122u);
}

TEST(MatrixComparison, independentCellsCompareAsAllowed)
{
    EXPECT_TRUE(expectsAllowed(SeedVerdict::Independent));
    EXPECT_TRUE(expectsAllowed(SeedVerdict::Allowed));
    EXPECT_FALSE(expectsAllowed(SeedVerdict::Blocked));
    const DerivedMatrix matrix = deriveMatrix(SeedMatrix::builtin(), Policy::builtin("fine"));
    std::size_t independent = 0;
    for (const MatrixEntry& entry : matrix.entries) {
        if (entry.subCell->seed == SeedVerdict::Independent) {
            ++independent;
            EXPECT_TRUE(entry.outcome.allowed) << describe(*entry.cell, *entry.subCell);
        }
    }
    EXPECT_EQ(independent, 22u);
}

TEST(MatrixComparison, listsTheSeedsAsymmetricPairs)
{
    std::set<std::string> found;
    for (const AsymmetricPair& pair : asymmetricSeedPairs(SeedMatrix::builtin())) {
        EXPECT_NE(expectsAllowed(pair.subCell->seed), expectsAllowed(pair.mirrorSubCell->seed));
        found.insert(std::string(toString(pair.cell->row)) + "/" + std::string(toString(pair.cell->column))
                     + "|" + std::string(toString(pair.mirrorCell->row)) + "/"
                     + std::string(toString(pair.mirrorCell->column)));
    }
    // Row 1 allows deleting a.txt while creating in A, row 10 refuses creating in A while
    // a.txt is deleted; row 7 refuses renaming a.txt while A is renamed, row 8 allows it.
    EXPECT_TRUE(found.count("create/delete-file|delete-file/create"));
    EXPECT_TRUE(found.count("upload/delete-file|delete-file/upload"));
    EXPECT_TRUE(found.count("rename-folder/rename-file|rename-file/rename-folder"));
    EXPECT_EQ(found.size(), 3u) << "new asymmetric pairs: update docs and this test";
}

// --- output -----------------------------------------------------------------

TEST(MatrixOutput, jsonIsAListOfCells)
{
    const DerivedMatrix matrix = deriveMatrix(SeedMatrix::builtin(), Policy::builtin("seed"));
    const nlohmann::json doc = nlohmann::json::parse(matrixToJson(matrix));
    ASSERT_TRUE(doc.is_array());
    ASSERT_EQ(doc.size(), 136u);
    for (const char* key : {"profile", "row", "column", "object", "seed_cell", "seed", "expected",
                            "engine", "agrees", "first", "second", "clash", "reason", "reading"})
        EXPECT_TRUE(doc[0].contains(key)) << key;
    // move-folder /A /B then create /B n2.txt under 'seed'
    const nlohmann::json& cell = doc[23];
    EXPECT_EQ(cell["row"]["operation"], "move-folder");
    EXPECT_EQ(cell["column"]["operation"], "create");
    EXPECT_EQ(cell["object"], "B");
    EXPECT_EQ(cell["engine"], "blocked");
    EXPECT_EQ(cell["first"]["plan"], (nlohmann::json{"X:/A", "SIX:/B", "X:/B/A"}));
    EXPECT_EQ(cell["clash"]["path"], "/B");
    EXPECT_EQ(cell["clash"]["held"], "SIX");
    EXPECT_TRUE(cell["reason"].is_null());
}

TEST(MatrixOutput, csvHasAHeaderAndOneLinePerSubCell)
{
    const std::string csv = matrixToCsv(deriveMatrix(SeedMatrix::builtin(), Policy::builtin("fine")));
    std::size_t lines = 0;
    for (std::size_t at = csv.find("\r\n"); at != std::string::npos; at = csv.find("\r\n", at + 2))
        ++lines;
    EXPECT_EQ(lines, 137u);
    EXPECT_EQ(csv.rfind("profile,row,", 0), 0u);
}

TEST(MatrixOutput, markdownMarksEveryDifference)
{
    const DerivedMatrix matrix = deriveMatrix(SeedMatrix::builtin(), Policy::builtin("fine"));
    const std::string markdown = matrixToMarkdown(matrix);
    EXPECT_NE(markdown.find("121 of 136 sub-cells agree"), std::string::npos);
    EXPECT_NE(markdown.find("**B×→√**"), std::string::npos);
    EXPECT_EQ(markdown.find("no reason recorded"), std::string::npos);
}

TEST(MatrixOutput, docsFileIsCurrent)
{
    const std::filesystem::path committed = sourceDir() / "docs/permission-matrix.md";
    const std::string expected = matrixDocument(SeedMatrix::builtin());
    const std::string actual = readFile(committed);
    if (actual != expected) {
        const std::filesystem::path fresh =
            std::filesystem::current_path() / "permission-matrix.md.generated";
        std::ofstream(fresh, std::ios::binary) << expected;
        FAIL() << committed << " is not the generator's output. Regenerate it with\n"
               << "  treelock matrix --markdown > docs/permission-matrix.md\n"
               << "(the current output is in " << fresh << ").";
    }
}

} // namespace

namespace {

TEST(MatrixDerivation, aScenarioOnAGivenEngineKeepsItsLeases)
{
    const Policy fine = Policy::builtin("fine");
    MemoryEngine allowed("scratch");
    EXPECT_TRUE(runScenario(allowed, fine, parseOperationCall("create /A n1.txt"),
                            parseOperationCall("create /A n2.txt"))
                    .allowed);
    EXPECT_EQ(allowed.snapshot().leases.size(), 2u);
    MemoryEngine blocked("scratch");
    EXPECT_FALSE(runScenario(blocked, fine, parseOperationCall("delete-folder /A"),
                             parseOperationCall("create /A n2.txt"))
                     .allowed);
    const Snapshot snapshot = blocked.snapshot();
    ASSERT_EQ(snapshot.leases.size(), 1u);
    EXPECT_EQ(snapshot.leases[0].owner, "first");
    EXPECT_THROW(runScenario(blocked, fine, parseOperationCall("delete-folder /A"),
                             parseOperationCall("create /A n2.txt")),
                 Error);
}

} // namespace
