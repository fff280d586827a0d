// The options the parsers know, the --help texts and the docs agree, so none of
// them can drift: every option of every `treelock` command is in that command's
// usage line and in the synopsis at the top of docs/cli.md (and nothing else is),
// every command has its section, every `treelock ...` line of the docs and the
// README uses only options its command takes (examples of a refusal, exit 2,
// excepted), and docs/benchmarks.md shows `treelock-bench --help` as the program
// prints it.
#include "docexamples.h"

#include "benchoptions.h"
#include "cliparser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>


namespace fs = std::filesystem;
using treelock::test::readText;
using treelock::test::sourceDir;
namespace cli = treelock::cli;
using Options = std::set<std::string>;

namespace {

// "--name" and "-h" tokens of a usage text ("--json[=FILE]" gives "--json").
Options optionsIn(const std::string& text)
{
    static const std::regex option(R"((^|[\s\[(|])(--[a-z][a-z-]*|-h|-q)\b)");
    Options out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), option); it != std::sregex_iterator(); ++it)
        out.insert((*it)[2]);
    return out;
}

Options without(Options options, const Options& removed)
{
    for (const auto& r : removed)
        options.erase(r);
    return options;
}

Options globals()
{
    const auto names = cli::globalOptions();
    return Options(names.begin(), names.end());
}

Options parserOptions(const std::string& command)
{
    const auto names = cli::commandOptions(command);
    return Options(names.begin(), names.end());
}

// The usage lines of `treelock COMMAND --help`: from "usage:" to the first blank line.
std::string usageLines(const std::string& command)
{
    const std::string help = cli::helpText(command);
    return help.substr(0, help.find("\n\n"));
}

// The synopsis block at the top of docs/cli.md, one entry per command (a line
// starting with the command name, plus its indented continuation lines).
std::map<std::string, std::string> cliSynopsis()
{
    const auto blocks = treelock::test::fencedBlocks(readText(sourceDir() / "docs/cli.md"));
    EXPECT_FALSE(blocks.empty());
    std::map<std::string, std::string> entries;
    if (blocks.empty())
        return entries;
    std::string current;
    for (const auto& line : blocks.front().lines) {
        if (line.empty())
            continue;
        if (line.front() != ' ') {
            current = line.substr(0, line.find(' '));
            entries[current] += line + "\n";
        } else if (!current.empty()) {
            entries[current] += line + "\n";
        }
    }
    return entries;
}

std::string toString(const Options& options)
{
    std::string out;
    for (const auto& o : options)
        out += (out.empty() ? "" : " ") + o;
    return "{" + out + "}";
}

TEST(DocsOptions, everyCommandOptionIsInItsUsageAndInTheSynopsisOfCliMd)
{
    const auto synopsis = cliSynopsis();
    for (const std::string& command : cli::commandNames()) {
        SCOPED_TRACE(command);
        const Options parser = parserOptions(command);
        const Options usage = without(optionsIn(usageLines(command)), globals());
        EXPECT_EQ(toString(usage), toString(parser))
            << "`treelock " << command << " --help` usage lines:\n" << usageLines(command);
        ASSERT_TRUE(synopsis.count(command)) << "docs/cli.md's synopsis lacks " << command;
        const Options documented = without(optionsIn(synopsis.at(command)), globals());
        EXPECT_EQ(toString(documented), toString(parser)) << "docs/cli.md synopsis:\n" << synopsis.at(command);
        // Global options a usage line names (simulate's --redis) are global options.
        for (const auto& o : optionsIn(usageLines(command)))
            EXPECT_TRUE(parser.count(o) || globals().count(o)) << o;
    }
}

TEST(DocsOptions, everyCommandHasItsSectionAndIsInTheOverview)
{
    const std::string page = readText(sourceDir() / "docs/cli.md");
    const std::string overview = cli::helpText();
    for (const std::string& command : cli::commandNames()) {
        EXPECT_NE(page.find("\n## " + command + "\n"), std::string::npos) << "docs/cli.md has no section " << command;
        EXPECT_TRUE(std::regex_search(overview, std::regex("\n  " + command + " +[a-z]")))
            << command << " is not listed by treelock --help";
    }
}

TEST(DocsOptions, everyGlobalOptionIsInTheOverviewAndInCliMd)
{
    const std::string page = readText(sourceDir() / "docs/cli.md");
    const std::string table = page.substr(page.find("## Global options"));
    const Options overview = optionsIn(cli::helpText());
    for (const auto& option : globals()) {
        EXPECT_TRUE(overview.count(option)) << option << " is not in treelock --help";
        EXPECT_NE(table.find("`" + option), std::string::npos) << option << " is not in docs/cli.md's Global options";
    }
}

// Every `treelock COMMAND ...` the docs show (in code blocks and code spans)
// uses only options that command or the global ones take.
TEST(DocsOptions, everyTreelockLineOfTheDocsUsesKnownOptions)
{
    static const std::regex span("`(treelock [^`]*)`");
    std::vector<fs::path> pages{sourceDir() / "README.md"};
    for (const auto& entry : fs::directory_iterator(sourceDir() / "docs")) {
        if (entry.path().extension() == ".md")
            pages.push_back(entry.path());
    }
    for (const fs::path& page : pages) {
        std::vector<std::string> lines;
        const std::string text = readText(page);
        for (const auto& block : treelock::test::fencedBlocks(text)) {
            if (block.info != "console")
                lines.insert(lines.end(), block.lines.begin(), block.lines.end());
        }
        // Examples that show a refusal of bad input (exit 2) may use a wrong option.
        for (const auto& example : treelock::test::consoleExamples(text)) {
            if (example.expectedExit != 2)
                lines.push_back(example.command);
        }
        for (auto it = std::sregex_iterator(text.begin(), text.end(), span); it != std::sregex_iterator(); ++it)
            lines.push_back((*it)[1]);
        for (const std::string& line : lines) {
            const auto at = line.find("treelock ");
            if (at == std::string::npos || (at > 0 && line[at - 1] != ' ' && line[at - 1] != '$'
                                            && line[at - 1] != '(' && line[at - 1] != '&'))
                continue;
            std::istringstream words(line.substr(at + 9));
            std::string command;
            Options used;
            for (std::string word; words >> word;) {
                if (word == "|" || word == ";" || word == "&" || word == ">" || word == "#")
                    break;
                if (word.rfind("--", 0) == 0 || word == "-h" || word == "-q")
                    used.insert(word.substr(0, word.find('=')));
                else if (command.empty() && std::count(cli::commandNames().begin(), cli::commandNames().end(), word))
                    command = word;
            }
            if (command.empty())
                continue;
            for (const auto& option : used) {
                const bool known = std::regex_match(option, std::regex("--[a-z][a-z-]*|-h|-q"));
                if (!known)
                    continue; // "--" before arguments, "--x" inside a quoted value
                EXPECT_TRUE(parserOptions(command).count(option) || globals().count(option))
                    << page.filename() << ": `" << line << "` uses " << option
                    << ", which `treelock " << command << "` does not take";
            }
        }
    }
}

TEST(DocsOptions, benchHelpIsWhatBenchmarksMdShowsAndNamesEveryOption)
{
    const std::string usage = treelock::bench::usage();
    const auto known = treelock::bench::knownOptions();
    EXPECT_EQ(toString(optionsIn(usage)), toString(Options(known.begin(), known.end())));
    std::string shown;
    bool found = false;
    for (const auto& block : treelock::test::fencedBlocks(readText(sourceDir() / "docs/benchmarks.md"))) {
        if (block.lines.empty() || block.lines.front() != "$ treelock-bench --help")
            continue;
        found = true;
        for (std::size_t i = 1; i < block.lines.size(); ++i)
            shown += block.lines[i] + "\n";
    }
    ASSERT_TRUE(found) << "docs/benchmarks.md shows no `$ treelock-bench --help`";
    EXPECT_EQ(shown, usage);
}

} // namespace
