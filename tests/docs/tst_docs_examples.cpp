// Runs every example of docs/cli.md and README.md, in page order, against a
// throwaway redis-server, and compares exit codes and output with the page.
//
// Convention of the pages (also in an HTML comment at the top of docs/cli.md):
//  - Examples live in fenced blocks whose info string is `console`. Other
//    blocks are not run, and may not contain a `$ treelock` line.
//  - In a console block a line starting with `$ ` is a command (a line ending
//    in `\` continues on the next). The lines after it, up to the next `$ ` or
//    the end of the block, are what it prints: stdout and stderr, merged as a
//    terminal shows them. Trailing blank lines do not count.
//  - A last output line `(exit N)` says the command exits with N; without it
//    the command exits 0.
//  - Commands run in one bash per page, in page order, so variables and state
//    carry over exactly as for a reader following the page. The shell has
//    USER=alice, `treelock` on PATH, and as working directory a scratch folder
//    with the repository's `resources/` and an empty `docs/`. For docs/cli.md
//    TREELOCK_REDIS is unset until the page exports it; README.md's examples
//    run with it set to the fixture, as docs/cli.md's preamble and the README's
//    text say.
//  - The page's server socket /tmp/treelock-demo/redis.sock is the fixture's
//    (replaced in commands, and back in the output).
//  - Before comparing, both sides are masked (maskVolatile in docexamples.h):
//    stream ids, ISO times, 32- and 8-hex lease ids, numbers of 13 or more
//    digits (fences, ms timestamps), durations "N.N s", "N ms",
//    "expires_in_ms":N, and host=NAME.
//  - With TREELOCK_DOCS_RECORD=DIR the test also writes each page to DIR with
//    the output it saw in place of the page's (to review and copy back).
#include "docexamples.h"
#include "process.h"
#include "redisserver.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <poll.h>
#include <sstream>
#include <string>
#include <unistd.h>

#ifndef TREELOCK_CLI_PATH
#error "TREELOCK_CLI_PATH must name the treelock binary"
#endif

namespace fs = std::filesystem;
using treelock::test::readText;
using treelock::test::sourceDir;
using treelock::test::DocExample;
using treelock::test::RedisServer;

namespace {

constexpr const char* kPageSocket = "/tmp/treelock-demo/redis.sock";

std::string replaceAll(std::string text, const std::string& from, const std::string& to)
{
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// One bash for a page: commands are written to its stdin; each runs with its
// output in a file and ends with a line "__exit N" on bash's stdout.
class PageShell {
public:
    PageShell(const fs::path& workDir, const fs::path& outputFile,
              const std::map<std::string, std::string>& extraEnv)
        : m_outputFile(outputFile)
        , m_bash({"/bin/bash", "--noprofile", "--norc"}, environment(extraEnv),
                 {.workDir = workDir, .pipeStdin = true, .mergeStderr = true})
    {
    }

    struct Result {
        int exitCode = -1;
        std::string output;
    };

    Result run(const std::string& command, std::chrono::seconds timeout)
    {
        const std::string script = "{ " + command + "\n} </dev/null >'" + m_outputFile.string()
                                   + "' 2>&1; echo \"__exit $?\"\n";
        if (::write(m_bash.stdinFd(), script.data(), script.size()) != static_cast<ssize_t>(script.size()))
            return {};
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        std::string marker;
        while (marker.find('\n') == std::string::npos) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0)
                return {-1, "(timed out)\n"};
            pollfd fd{m_bash.stdoutFd(), POLLIN, 0};
            if (::poll(&fd, 1, static_cast<int>(left.count())) <= 0)
                continue;
            char buffer[256];
            const ssize_t n = ::read(m_bash.stdoutFd(), buffer, sizeof buffer);
            if (n <= 0)
                return {-1, "(the shell ended)\n"};
            m_pending.append(buffer, static_cast<std::size_t>(n));
            const auto at = m_pending.find("__exit ");
            if (at != std::string::npos && m_pending.find('\n', at) != std::string::npos) {
                marker = m_pending.substr(at, m_pending.find('\n', at) - at + 1);
                m_pending.erase(0, m_pending.find('\n', at) + 1);
            }
        }
        return {std::stoi(marker.substr(7)), readText(m_outputFile)};
    }

private:
    static treelock::test::Environment environment(const std::map<std::string, std::string>& extraEnv)
    {
        treelock::test::Environment variables = treelock::test::inheritedEnvironment();
        variables["USER"] = "alice";
        for (const auto& [name, value] : extraEnv)
            variables[name] = value;
        variables["LC_ALL"] = "C";
        variables["PATH"] = fs::path(TREELOCK_CLI_PATH).parent_path().string() + ":"
                            + (variables.count("PATH") ? variables["PATH"] : "/usr/bin:/bin");
        return variables;
    }

    fs::path m_outputFile;
    treelock::test::ChildProcess m_bash;
    std::string m_pending;
};

class DocsExamples : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_work = fs::temp_directory_path()
                 / ("treelock-docs-" + std::to_string(::getpid()) + "-"
                    + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_work);
        fs::create_directories(m_work / "docs");
        fs::create_directory_symlink(sourceDir() / "resources", m_work / "resources");
    }

    void TearDown() override
    {
        fs::remove_all(m_work);
        fs::remove(outputFile());
    }

    // Where the page's shell writes each command's output: beside the work
    // directory, so that no example sees it among its files.
    fs::path outputFile() const { return m_work.parent_path() / (m_work.filename().string() + ".out"); }

    // Runs the page's examples in order; every difference is a failure that
    // names the page line.
    void runPage(const std::string& page, bool presetRedis)
    {
        const std::string text = readText(sourceDir() / page);
        const std::vector<DocExample> examples = treelock::test::consoleExamples(text);
        std::vector<std::string> recorded;
        {
            std::istringstream in(text);
            for (std::string line; std::getline(in, line);)
                recorded.push_back(line);
        }
        std::vector<std::pair<const DocExample*, std::string>> seen;
        ASSERT_FALSE(examples.empty()) << page << " has no console examples";
        RedisServer::Options options;
        options.appendOnly = true;
        RedisServer server(options);
        std::map<std::string, std::string> env;
        if (presetRedis)
            env["TREELOCK_REDIS"] = server.url();
        PageShell shell(m_work, outputFile(), env);
        for (const DocExample& example : examples) {
            const std::string command = replaceAll(example.command, kPageSocket, server.socketPath());
            const PageShell::Result result = shell.run(command, std::chrono::seconds(120));
            const std::string actual = replaceAll(result.output, server.socketPath(), kPageSocket);
            seen.emplace_back(&example, actual + (result.exitCode != 0 ? "(exit " + std::to_string(result.exitCode) + ")\n" : ""));
            EXPECT_EQ(result.exitCode, example.expectedExit)
                << page << ":" << example.line << ": $ " << example.command << "\n--- output:\n" << actual;
            EXPECT_EQ(treelock::test::maskVolatile(actual), treelock::test::maskVolatile(example.expectedOutput))
                << page << ":" << example.line << ": $ " << example.command << "\n--- printed:\n" << actual
                << "--- the page shows:\n" << example.expectedOutput;
        }
        if (const char* dir = std::getenv("TREELOCK_DOCS_RECORD")) {
            for (auto it = seen.rbegin(); it != seen.rend(); ++it) {
                const std::string& commandLine = recorded[static_cast<std::size_t>(it->first->line - 1)];
                const std::string indent = commandLine.substr(0, commandLine.find('$'));
                std::vector<std::string> output;
                std::istringstream in(it->second);
                for (std::string line; std::getline(in, line);)
                    output.push_back(line.empty() ? line : indent + line);
                const auto begin = recorded.begin() + (it->first->outputBegin - 1);
                recorded.erase(begin, recorded.begin() + (it->first->outputEnd - 1));
                recorded.insert(recorded.begin() + (it->first->outputBegin - 1), output.begin(), output.end());
            }
            const fs::path target = fs::path(dir) / page;
            fs::create_directories(target.parent_path());
            std::ofstream out(target, std::ios::binary);
            for (const auto& line : recorded)
                out << line << "\n";
        }
    }

    fs::path m_work;
};

// Every block that shows a `$ treelock` command is a console block, so no
// example escapes this test.
TEST(DocsConvention, everyTreelockExampleIsInAConsoleBlock)
{
    for (const std::string page : {"docs/cli.md", "README.md"}) {
        for (const auto& block : treelock::test::fencedBlocks(readText(sourceDir() / page))) {
            if (block.info == "console")
                continue;
            for (const auto& line : block.lines)
                EXPECT_NE(line.rfind("$ treelock", 0), 0u)
                    << page << ":" << block.line << ": a `$ treelock` example outside a console block";
        }
    }
}

TEST(DocsConvention, parsesCommandsOutputAndExitCodes)
{
    const auto examples = treelock::test::consoleExamples("text\n"
                                                          "```console\n"
                                                          "$ a \\\n"
                                                          "  b\n"
                                                          "out 1\n"
                                                          "\n"
                                                          "$ c\n"
                                                          "err\n"
                                                          "(exit 3)\n"
                                                          "\n"
                                                          "```\n"
                                                          "```\n"
                                                          "$ not run\n"
                                                          "```\n");
    ASSERT_EQ(examples.size(), 2u);
    EXPECT_EQ(examples[0].command, "a \\\n  b");
    EXPECT_EQ(examples[0].line, 3);
    EXPECT_EQ(examples[0].expectedOutput, "out 1\n");
    EXPECT_EQ(examples[0].expectedExit, 0);
    EXPECT_EQ(examples[1].command, "c");
    EXPECT_EQ(examples[1].expectedOutput, "err\n");
    EXPECT_EQ(examples[1].expectedExit, 3);
}

TEST(DocsConvention, masksWhatChangesFromRunToRun)
{
    using treelock::test::maskVolatile;
    EXPECT_EQ(maskVolatile("782e298ffab8c688f313a66a54b74fd4"), maskVolatile("0a1f2c7cfc0efd2980523778ef385629"));
    EXPECT_EQ(maskVolatile("blocked by lease 782e298f (owner bob) expires in 30.0 s"),
              maskVolatile("blocked by lease 12345678 (owner bob) expires in 7.4 s"));
    EXPECT_EQ(maskVolatile("2026-11-21T23:16:43.951Z grant fence=1795303003951612 host=vm"),
              maskVolatile("2027-01-02T03:04:05.006Z grant fence=1795303003951999 host=build-7"));
    EXPECT_EQ(maskVolatile("{\"id\":\"1795303003951-0\",\"expires_in_ms\":29984}"),
              maskVolatile("{\"id\":\"1795303003999-12\",\"expires_in_ms\":30000}"));
    EXPECT_NE(maskVolatile("owner bob"), maskVolatile("owner carol"));
    EXPECT_NE(maskVolatile("2 leases"), maskVolatile("3 leases"));
    EXPECT_NE(maskVolatile("(exit 2)"), maskVolatile("(exit 3)"));
}

TEST_F(DocsExamples, cliPageRunsAsWritten) { runPage("docs/cli.md", false); }

TEST_F(DocsExamples, readmeRunsAsWritten) { runPage("README.md", true); }

} // namespace
