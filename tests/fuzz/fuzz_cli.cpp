// libFuzzer target: the `treelock` argument parser (app/cli/cliparser.h).
// Input: arguments separated by NUL bytes. parseCommandLine throws nothing but
// UsageError (and never reads the environment); quoteInput output has no
// control character and is bounded.
#include "cliparser.h"
#include "commands/help.h"
#include "fuzzcheck.h"

#include <cstdint>
#include <string>
#include <vector>

using namespace treelock;
using treelock::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> args;
    std::size_t start = 0;
    for (;;) {
        const auto nul = input.find('\0', start);
        args.push_back(input.substr(start, nul - start));
        if (nul == std::string::npos)
            break;
        start = nul + 1;
    }
    if (args.size() > 64)
        args.resize(64);
    try {
        const cli::Invocation inv = cli::parseCommandLine(args);
        if (const auto* help = inv.command.values<cli::HelpCommand>())
            check(!cli::helpText(help->topic).empty(), "help for a parsed topic exists");
    } catch (const cli::UsageError& e) {
        check(std::string(e.what()).size() < 4096, "usage messages are bounded");
    }
    const std::string quoted = quoteInput(input);
    for (unsigned char c : quoted)
        check(c >= 0x20 && c != 0x7f, "quoteInput leaves no control character");
    // At most kQuotedInputBytes + 3 bytes shown (the last character is never split),
    // each as \xNN at worst, two quotes and "... (N bytes)".
    check(quoted.size() <= 4 * (kQuotedInputBytes + 3) + 2 + 32, "quoteInput is bounded");
    return 0;
}
