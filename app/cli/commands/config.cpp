// `config`: prints or changes the project's settings.

#include "config.h"

#include "commanddeclarations.h"
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

int runConfig(const ConfigCommand& cmd, CommandContext& ctx)
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

// The settings are NAME=VALUE arguments, not options.
BuildCommand declareConfig(CLI::App& app)
{
    auto operatorName = std::make_shared<std::optional<std::string>>();
    app.add_option("--operator", *operatorName);
    // The settings are checked before --operator's value, which goes with them.
    return [operatorName](const Positionals& positionals, const GlobalOptions&) -> Command {
        ConfigCommand cmd;
        for (const std::string& setting : positionals) {
            const auto eq = setting.find('=');
            if (eq == std::string::npos)
                throw UsageError("invalid setting " + quoteInput(setting)
                                 + ": expected NAME=VALUE, e.g. events=audit or grace=5");
            const std::string_view key = std::string_view(setting).substr(0, eq);
            const std::string v = setting.substr(eq + 1);
            if (key == "events") {
                if (cmd.events)
                    throw UsageError("setting events given twice");
                cmd.events = parseEventLevel(v);
                if (!cmd.events)
                    throw UsageError("invalid events " + quoteInput(v) + ": expected all or audit");
            } else if (key == "grace") {
                if (cmd.grace)
                    throw UsageError("setting grace given twice");
                cmd.grace = values::grace(v);
            } else {
                throw UsageError("unknown setting " + quoteInput(key) + ": the settings are: events, grace");
            }
        }
        if (*operatorName)
            cmd.operatorName = values::label("--operator", **operatorName);
        if (cmd.operatorName && !cmd.changes())
            throw UsageError("--operator is recorded with a change: give events=all|audit or grace=MS|off");
        return Command(cmd, runConfig);
    };
}

const CommandRegistration registration{{
    .rank = 120,
    .name = "config",
    .summary = "print or change the project's settings (events, grace)",
    .help = "usage: treelock config [events=all|audit] [grace=MS|off] [--operator NAME]\n"
        "\n"
        "Prints the project's settings, one NAME=VALUE a line; with NAME=VALUE, changes\n"
        "them first (a change is recorded as a config event). --json: one object.\n"
        "  events=all     record every grant and release as an event (the default)\n"
        "  events=audit   record expiries, force-releases, sweeps and setting changes\n"
        "                 only: about 15 % less server time per lock\n"
        "  grace=MS       a request that has waited MS (0.." + std::to_string(kMaxGrace.count()) + ", default "
        + std::to_string(kDefaultGrace.count()) + ") holds back\n"
        "                 newer requests that conflict with it, so none waits forever\n"
        "  grace=off      no fairness: whoever tries when the paths are free gets them\n"
        "  --operator NAME   recorded operator (default: $USER, else operator)\n",
    .arguments = checkedWithTheOptions,
    .declare = declareConfig,
}};

} // namespace

} // namespace treelock::cli
