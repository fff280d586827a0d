// `contention`: the most refused paths.

#include "contention.h"

#include "commanddeclarations.h"
#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>
#include <sstream>

namespace treelock::cli {

namespace {

// "2.9": a decayed refusal count.
std::string oneDecimal(double value)
{
    std::ostringstream text;
    text.setf(std::ios::fixed);
    text.precision(1);
    text << value;
    return text.str();
}

int runContention(const ContentionCommand& cmd, CommandContext& ctx)
{
    const std::vector<HotPath> paths = ctx.engine()->contention(cmd.top);
    const ServerTime now = ctx.engine()->now();
    if (ctx.global().json) {
        Json list = Json::array();
        for (const auto& hot : paths) {
            Json pairs = Json::array();
            for (const auto& pair : hot.operations)
                pairs.push_back({{"wanted", pair.wanted}, {"blocking", pair.blocking}, {"count", pair.count}});
            list.push_back({{"path", hot.path},
                            {"refusals", hot.refusals},
                            {"per_minute", hot.perMinute()},
                            {"total", hot.total},
                            {"waiters", hot.waiters},
                            {"last_ms", msSinceEpoch(hot.last)},
                            {"last_age_ms", msBetween(hot.last, now)},
                            {"operations", pairs}});
        }
        ctx.out() << dump({{"server_time_ms", msSinceEpoch(now)}, {"paths", list}}) << "\n";
        return kExitOk;
    }
    if (paths.empty()) {
        ctx.out() << "no refusals counted\n";
        return kExitOk;
    }
    std::vector<std::vector<std::string>> rows{
        {"PATH", "PER MIN", "TOTAL", "WAITERS", "LAST", "OPERATIONS"}};
    for (const auto& hot : paths) {
        std::string pairs;
        for (const auto& pair : hot.operations)
            pairs += (pairs.empty() ? "" : ", ") + orDash(pair.wanted) + " vs " + orDash(pair.blocking) + " ×"
                     + std::to_string(pair.count);
        rows.push_back({hot.path, oneDecimal(hot.perMinute()), std::to_string(hot.total),
                        std::to_string(hot.waiters), durationText(now - hot.last) + " ago", orDash(pairs)});
    }
    ctx.printTable(rows, {1, 2, 3, 4});
    return kExitOk;
}

BuildCommand declareContention(CLI::App& app)
{
    auto cmd = std::make_shared<ContentionCommand>();
    value(app, "--top", [cmd](const std::string& v) {
        cmd->top = static_cast<std::size_t>(values::wholeNumber("--top", v, 1, static_cast<long long>(kContentionPaths),
                                                                "a whole number of paths"));
    });
    return [cmd](const Positionals&, const GlobalOptions&) -> Command {
        return Command(*cmd, runContention);
    };
}

const CommandRegistration registration{{
    .rank = 80,
    .name = "contention",
    .summary = "the paths where acquires are refused most",
    .help = "usage: treelock contention [--top N]\n"
        "\n"
        "The paths where acquires were refused most, hottest first: refusals per minute\n"
        "(each counts half as much every minute, so the number follows current load), the\n"
        "total since the path entered the table, how many waiting requests are stuck\n"
        "there, the last refused attempt and the operations that clashed (\"copy-folder vs\n"
        "delete-folder ×12\": the refused one, then the one in its way). A waiting\n"
        "request counts once per lease or waiter in its way, not per retry. The project\n"
        "keeps the " + std::to_string(kContentionPaths) + " hottest paths.\n"
        "  --top N   how many paths to print, 1.." + std::to_string(kContentionPaths) + " (default 10)\n"
        "--json: {\"server_time_ms\", \"paths\": [...]} with every field.\n",
    .arguments = noArguments("contention"),
    .declare = declareContention,
}};

} // namespace

} // namespace treelock::cli
