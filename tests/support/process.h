#pragma once

#include <string>

namespace treelock::test {

/// What a command printed and how it ended.
struct CommandResult {
    std::string output;  ///< stdout (and stderr when the command redirects it)
    int exitCode = -1;   ///< -1 if it could not run or did not exit normally
};

/// Runs `shellCommand` through /bin/sh and waits for it.
CommandResult runCommand(const std::string& shellCommand);

} // namespace treelock::test
