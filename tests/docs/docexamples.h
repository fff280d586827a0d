#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace treelock::test {

/// One `$ command` of a docs page and what the page shows for it.
struct DocExample {
    int line = 0;                 ///< 1-based line of the `$ ` in the page
    std::string command;          ///< without the `$ `; continuation lines joined with '\n'
    std::string expectedOutput;   ///< lines up to the next `$ ` or the block's end, trailing blank lines cut
    int expectedExit = 0;         ///< from a last output line `(exit N)`, else 0
    int outputBegin = 0;          ///< 1-based page lines [outputBegin, outputEnd) hold the
    int outputEnd = 0;            ///< shown output and the `(exit N)` line
};

/// A fenced block of a docs page.
struct DocBlock {
    int line = 0;                 ///< 1-based line of the opening fence
    std::string info;             ///< the word after the opening fence ("console", "sh", "")
    std::vector<std::string> lines;
};

/// The source tree: $TREELOCK_SOURCE_DIR, else the one the test was built from.
std::filesystem::path sourceDir();

/// The whole file at `path`, as bytes ("" if it cannot be read).
std::string readText(const std::filesystem::path& path);

/// Every fenced block of a Markdown page, in page order.
std::vector<DocBlock> fencedBlocks(const std::string& markdown);

/// The examples of the page's `console` blocks, in page order (see the
/// convention at the top of tst_docs_examples.cpp).
std::vector<DocExample> consoleExamples(const std::string& markdown);

/// `text` with what changes from run to run replaced by placeholders: stream
/// ids, ISO times, lease ids (32 and 8 hex digits), numbers of 13 or more
/// digits (fences, times in ms), durations ("12.3 s", "4 ms", expires_in_ms)
/// and host names (host=...).
std::string maskVolatile(std::string text);

} // namespace treelock::test
