// `contention`: the most refused paths.

#include "handlers.h"

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

} // namespace

int run(const ContentionCommand& cmd, CommandContext& ctx)
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

} // namespace treelock::cli
