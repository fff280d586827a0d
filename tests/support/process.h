// Running programs from tests: a shell command to its end, or a child
// process whose pipes and signals the test drives.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <sys/types.h>

namespace treelock::test {

/// What a command printed and how it ended.
struct CommandResult {
    std::string output;  ///< stdout (and stderr when the command redirects it)
    int exitCode = -1;   ///< -1 if it could not run or did not exit normally
};

/// Runs `shellCommand` through /bin/sh and waits for it.
CommandResult runCommand(const std::string& shellCommand);

/// Environment variables by name.
using Environment = std::map<std::string, std::string>;

/// This process's environment without its TREELOCK_* variables, so that a
/// developer's own settings do not reach the programs a test starts.
Environment inheritedEnvironment();

/// How a child process ended and what it wrote.
struct ProcessResult {
    int code = -1;       ///< exit status, or 128 + the signal that ended it
    std::string out;     ///< stdout (and stderr when merged)
    std::string err;     ///< stderr, empty when merged into stdout
    std::chrono::milliseconds elapsed{0}; ///< from the start to the reaping
};

/// Prints the exit status, stdout and stderr, for test failure messages.
std::ostream& operator<<(std::ostream& os, const ProcessResult& result);

/// A program run with fork/execve, its stdout and stderr (and, if asked, its
/// stdin) on pipes to this process. The destructor kills (SIGKILL) and reaps
/// it if it is still running. Not thread-safe: one thread owns it.
class ChildProcess {
public:
    /// How the child is started.
    struct Options {
        std::filesystem::path workDir; ///< empty: this process's
        bool pipeStdin = false;        ///< give the child a stdin pipe (stdinFd())
        bool mergeStderr = false;      ///< stderr into stdout's pipe
    };

    /// Starts `argv[0]` (a path) with `argv` and exactly `env`; throws
    /// std::runtime_error if no pipe or process can be made.
    ChildProcess(std::vector<std::string> argv, const Environment& env, const Options& options);
    ChildProcess(std::vector<std::string> argv, const Environment& env)
        : ChildProcess(std::move(argv), env, Options{})
    {
    }
    ~ChildProcess();

    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    /// Sends `number` to the child.
    void signal(int number) const;

    /// The write end of the child's stdin (-1 without Options::pipeStdin).
    int stdinFd() const { return m_in; }
    /// The read end of the child's stdout.
    int stdoutFd() const { return m_out; }

    /// Reads stdout and stderr to their end, then reaps the child. Blocks
    /// until the child closes both.
    ProcessResult finish();

private:
    pid_t m_pid = -1;
    int m_in = -1;
    int m_out = -1;
    int m_err = -1;
    std::chrono::steady_clock::time_point m_started;
};

} // namespace treelock::test
