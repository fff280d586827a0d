// `events`: prints (or follows) the event stream.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/leaseid.h"

#include <ostream>
#include <algorithm>
#include <thread>

namespace treelock::cli {

namespace {

using std::chrono::milliseconds;

constexpr std::chrono::milliseconds kFollowPoll{100};
constexpr std::size_t kEventPage = 1000;

void printEvent(const Event& e, CommandContext& ctx)
{
    if (ctx.global().json) {
        ctx.out() << dump({{"id", e.id},
                       {"type", toString(e.type)},
                       {"time_ms", msSinceEpoch(e.time)},
                       {"time", isoTime(e.time)},
                       {"lease", e.lease},
                       {"owner", e.owner},
                       {"op", e.operation},
                       {"requests", requestsJson(e.requests)},
                       {"fence", e.fence},
                       {"expires_ms", msSinceEpoch(e.expiresAt)},
                       {"by", e.by},
                       {"host", e.host},
                       {"reason", e.reason},
                       {"was_live", e.wasLive},
                       {"count", e.count},
                       {"setting", e.setting}})
              << "\n";
        return;
    }
    std::string line = isoTime(e.time) + " " + std::string(toString(e.type)) + " "
                       + (e.lease.empty() ? std::string("-") : shortLeaseId(e.lease)) + " "
                       + orDash(e.owner) + " " + orDash(e.operation) + " "
                       + orDash(toString(e.requests, " "));
    if (e.fence != 0)
        line += " fence=" + std::to_string(e.fence);
    if (!e.setting.empty())
        line += " " + e.setting;
    if (!e.by.empty())
        line += " by=" + e.by;
    if (!e.host.empty())
        line += " host=" + e.host;
    if (!e.reason.empty())
        line += " reason=" + quoteInput(e.reason);
    if (e.type == EventType::Force)
        line += std::string(" was_live=") + (e.wasLive ? "yes" : "no");
    if (e.type == EventType::Sweep)
        line += " count=" + std::to_string(e.count);
    ctx.out() << line << "\n";
}


} // namespace

int run(const EventsCommand& cmd, CommandContext& ctx)
{
    const std::shared_ptr<Engine> source = ctx.engine();
    std::string after = cmd.from;
    std::size_t printed = 0;
    const auto done = [&] { return cmd.count && printed >= *cmd.count; };
    const auto pump = [&] {
        while (!done()) {
            const std::size_t want = cmd.count ? std::min(kEventPage, *cmd.count - printed) : kEventPage;
            const std::vector<Event> batch = source->events(after, want);
            for (const auto& event : batch)
                printEvent(event, ctx);
            printed += batch.size();
            if (!batch.empty())
                after = batch.back().id;
            ctx.out().flush();
            if (batch.size() < want)
                return;
        }
    };
    pump();
    if (!cmd.follow)
        return kExitOk;
    if (ctx.run().catchStopSignals)
        ctx.run().catchStopSignals();
    const auto stopped = [&ctx] { return ctx.run().stop && ctx.run().stop->load(); };
    while (!done() && !stopped()) {
        std::this_thread::sleep_for(kFollowPoll);
        if (!stopped())
            pump();
    }
    return kExitOk;
}

} // namespace treelock::cli
