#include "process.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace treelock::test {

namespace {

void closeFd(int& fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

} // namespace

Environment inheritedEnvironment()
{
    Environment variables;
    for (char** e = environ; *e; ++e) {
        const std::string entry = *e;
        const auto eq = entry.find('=');
        if (eq != std::string::npos && entry.rfind("TREELOCK_", 0) != 0)
            variables[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
    return variables;
}

std::ostream& operator<<(std::ostream& os, const ProcessResult& result)
{
    return os << "exit " << result.code << "\n--- stdout:\n" << result.out << "--- stderr:\n" << result.err;
}

ChildProcess::ChildProcess(std::vector<std::string> argv, const Environment& env, const Options& options)
    : m_started(std::chrono::steady_clock::now())
{
    std::vector<std::string> envStrings;
    for (const auto& [name, value] : env)
        envStrings.push_back(name + "=" + value);
    std::vector<char*> args;
    for (auto& a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    std::vector<char*> envp;
    for (auto& e : envStrings)
        envp.push_back(e.data());
    envp.push_back(nullptr);

    int in[2] = {-1, -1};
    int out[2] = {-1, -1};
    int err[2] = {-1, -1};
    if ((options.pipeStdin && ::pipe(in) != 0) || ::pipe(out) != 0
        || (!options.mergeStderr && ::pipe(err) != 0))
        throw std::runtime_error("pipe failed");
    m_pid = ::fork();
    if (m_pid < 0)
        throw std::runtime_error("fork failed");
    if (m_pid == 0) {
        if (options.pipeStdin)
            ::dup2(in[0], STDIN_FILENO);
        ::dup2(out[1], STDOUT_FILENO);
        ::dup2(options.mergeStderr ? out[1] : err[1], STDERR_FILENO);
        for (int* pair : {in, out, err}) {
            closeFd(pair[0]);
            closeFd(pair[1]);
        }
        if (!options.workDir.empty() && ::chdir(options.workDir.c_str()) != 0)
            std::_Exit(126);
        ::execve(args[0], args.data(), envp.data());
        std::_Exit(127);
    }
    closeFd(in[0]);
    closeFd(out[1]);
    closeFd(err[1]);
    m_in = in[1];
    m_out = out[0];
    m_err = err[0];
}

ChildProcess::~ChildProcess()
{
    closeFd(m_in);
    closeFd(m_out);
    closeFd(m_err);
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, nullptr, 0);
    }
}

void ChildProcess::signal(int number) const
{
    ::kill(m_pid, number);
}

ProcessResult ChildProcess::finish()
{
    ProcessResult result;
    closeFd(m_in);
    pollfd fds[2] = {{m_out, POLLIN, 0}, {m_err, POLLIN, 0}};
    std::string* sinks[2] = {&result.out, &result.err};
    int open = (m_out >= 0) + (m_err >= 0);
    while (open > 0) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            char buffer[4096];
            const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
            if (n > 0) {
                sinks[i]->append(buffer, static_cast<std::size_t>(n));
            } else {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
        }
    }
    for (const pollfd& fd : fds)
        if (fd.fd >= 0)
            ::close(fd.fd);
    m_out = -1;
    m_err = -1;
    int status = 0;
    ::waitpid(m_pid, &status, 0);
    m_pid = -1;
    result.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now()
                                                                           - m_started);
    return result;
}


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
