// `treelock matrix` as a user runs it: the binary, its output formats, and the
// committed docs/permission-matrix.md being exactly `treelock matrix --markdown`.
#include "process.h"
#include "treelock/matrix.h"
#include "treelock/policy.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

struct Result {
    int code = -1;
    std::string out;
};

// Runs the CLI with `args` (no shell metacharacters in them); stdout captured, stderr
// merged so failures show it.
Result run(const std::string& args)
{
    const auto r = treelock::test::runCommand(std::string("'") + TREELOCK_CLI_PATH + "' " + args + " 2>&1");
    return {r.exitCode, r.output};
}

std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(MatrixCli, markdownWithoutProfileIsTheCommittedDocsPage)
{
    const char* dir = std::getenv("TREELOCK_SOURCE_DIR");
    ASSERT_NE(dir, nullptr);
    const std::filesystem::path committed = std::filesystem::path(dir) / "docs/permission-matrix.md";
    const Result result = run("matrix --markdown");
    ASSERT_EQ(result.code, 0) << result.out;
    if (result.out != readFile(committed)) {
        const auto fresh = std::filesystem::current_path() / "permission-matrix.md.cli";
        std::ofstream(fresh, std::ios::binary) << result.out;
        FAIL() << committed << " differs from `treelock matrix --markdown` (output saved in "
               << fresh << "). Regenerate: treelock matrix --markdown > docs/permission-matrix.md";
    }
}

TEST(MatrixCli, jsonIsTheListOfCellsOfTheProfile)
{
    for (const char* profile : {"fine", "seed"}) {
        const Result result = run(std::string("matrix --json --profile ") + profile);
        ASSERT_EQ(result.code, 0) << result.out;
        const nlohmann::json cells = nlohmann::json::parse(result.out);
        ASSERT_TRUE(cells.is_array());
        EXPECT_EQ(cells.size(), 136u);
        std::size_t agreeing = 0;
        for (const auto& cell : cells) {
            EXPECT_EQ(cell["profile"], profile);
            agreeing += cell["agrees"].get<bool>();
            if (!cell["agrees"].get<bool>()) {
                EXPECT_TRUE(cell["reason"].is_string()) << cell.dump();
            }
        }
        EXPECT_EQ(agreeing, std::string(profile) == "fine" ? 121u : 122u);
    }
    EXPECT_EQ(nlohmann::json::parse(run("matrix --json").out)[0]["profile"], "fine");
}

TEST(MatrixCli, textAndProfileMarkdown)
{
    const Result text = run("matrix --profile seed");
    ASSERT_EQ(text.code, 0) << text.out;
    EXPECT_NE(text.out.find("profile seed: 122 of 136 sub-cells agree"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("reason: "), std::string::npos);
    const Result markdown = run("matrix --markdown --profile fine");
    ASSERT_EQ(markdown.code, 0);
    EXPECT_EQ(markdown.out, treelock::matrixToMarkdown(treelock::deriveMatrix(
                                treelock::SeedMatrix::builtin(), treelock::Policy::builtin("fine"))));
}

TEST(MatrixCli, badArgumentsExit2)
{
    EXPECT_EQ(run("matrix --profile coarse").code, 2);
    EXPECT_EQ(run("matrix --json --markdown").code, 2);
}

} // namespace
