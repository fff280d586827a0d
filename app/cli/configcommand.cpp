// `config`: prints or changes the project's settings.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

namespace {

using std::chrono::milliseconds;

std::string graceText(const std::optional<milliseconds>& grace)
{
    return grace ? std::to_string(grace->count()) : std::string("off");
}

} // namespace

int run(const ConfigCommand& cmd, CommandContext& ctx)
{
    if (cmd.changes()) {
        const std::string by = ctx.operatorName(cmd.operatorName);
        const std::string host = ctx.hostName();
        // Setting what is in force records nothing: say so, so that nobody
        // looks for the event.
        const auto unchanged = [&](const std::string& setting) {
            if (!ctx.global().quiet)
                ctx.err() << "treelock: " << setting << " was already in force: nothing changed or recorded\n";
        };
        if (cmd.events) {
            if (ctx.engine()->eventLevel() == *cmd.events)
                unchanged("events=" + std::string(toString(*cmd.events)));
            ctx.engine()->setEventLevel(*cmd.events, by, host);
        }
        if (cmd.grace) {
            if (ctx.engine()->fairnessGrace() == cmd.grace->grace)
                unchanged("grace=" + graceText(cmd.grace->grace));
            ctx.engine()->setFairnessGrace(cmd.grace->grace, by, host);
        }
    }
    const EventLevel events = ctx.engine()->eventLevel();
    const std::optional<milliseconds> grace = ctx.engine()->fairnessGrace();
    if (ctx.global().json) {
        ctx.out() << dump({{"events", toString(events)},
                       {"grace_ms", grace ? Json(grace->count()) : Json(nullptr)}})
              << "\n";
    } else {
        ctx.out() << "events=" << toString(events) << "\n"
              << "grace=" << graceText(grace) << "\n";
    }
    return kExitOk;
}

} // namespace treelock::cli
