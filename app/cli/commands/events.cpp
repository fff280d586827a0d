// `events`: prints (or follows) the event stream.

#include "events.h"

#include "commanddeclarations.h"
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

int runEvents(const EventsCommand& cmd, CommandContext& ctx)
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

BuildCommand declareEvents(CLI::App& app)
{
    auto cmd = std::make_shared<EventsCommand>();
    value(app, "--from", [cmd](const std::string& v) {
        if (!values::isStreamId(values::nonEmpty("--from", v)))
            throw UsageError("invalid --from " + quoteInput(v)
                             + ": expected an event id such as 1700000000000-0 (or 0)");
        cmd->from = v;
    });
    value(app, "--count", [cmd](const std::string& v) {
        cmd->count = static_cast<std::size_t>(values::wholeNumber("--count", v, 1, 1'000'000'000));
    });
    flag(app, "--follow", cmd->follow);
    return [cmd](const Positionals&, const GlobalOptions&) -> Command {
        return Command(*cmd, runEvents);
    };
}

const CommandRegistration registration{{
    .rank = 140,
    .name = "events",
    .summary = "print (or --follow) the event stream",
    .help = "usage: treelock events [--from ID] [--count N] [--follow]\n"
        "\n"
        "Prints the project's events (grant, release, expire, force, sweep, config), one\n"
        "a line; JSON lines with --json.\n"
        "  --from ID    only events after stream id ID (default: from the start)\n"
        "  --count N    print at most N events\n"
        "  --follow     keep printing new events (polls every 100 ms) until SIGINT/SIGTERM\n",
    .arguments = noArguments("events"),
    .declare = declareEvents,
}};

} // namespace

} // namespace treelock::cli
