// treelock: the command-line tool. Parsing and commands live in treelock_cli.
#include "cli/commands.h"

#include <atomic>
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

namespace {

std::atomic<bool> g_stop{false}; // Lock-free: safe to set from a signal handler.

extern "C" void onStopSignal(int) { g_stop.store(true); }

void catchStopSignals()
{
    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

} // namespace

int main(int argc, char** argv)
{
    treelock::cli::RunContext context{std::cout, std::cerr, treelock::cli::Environment::fromProcess(),
                                      {}, &g_stop, catchStopSignals};
    const int code = treelock::cli::runCommandLine(std::vector<std::string>(argv + 1, argv + argc), context);
    std::cout.flush();
    return code;
}
