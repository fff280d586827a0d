#include "process.h"

#include <cstdio>
#include <sys/wait.h>

namespace treelock::test {

CommandResult runCommand(const std::string& shellCommand)
{
    CommandResult result;
    FILE* pipe = ::popen(shellCommand.c_str(), "r");
    if (!pipe)
        return result;
    char buffer[4096];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
        result.output.append(buffer, n);
    const int status = ::pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

} // namespace treelock::test
