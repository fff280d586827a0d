// `check-history`: the event stream against the lock guarantees.

#include "commanddeclarations.h"

#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/history.h"
#include "treelock/leaseid.h"
#include "treelock/redisengine.h"

#include <ostream>

namespace treelock::cli {

namespace {

int runCheckHistory(CommandContext& ctx)
{
    const std::shared_ptr<Engine> source = ctx.engine();
    std::optional<EventStreamInfo> info;
    if (dynamic_cast<RedisEngine*>(source.get())) {
        try {
            info = readEventStreamInfo(ctx.redisOptions(), ctx.global().project);
        } catch (const Error&) {
            // XINFO refused or unreachable: fall back to the stream's length.
        }
    }
    const HistoryReport report = checkEngineHistory(*source, info);
    if (ctx.global().json) {
        Json violations = Json::array();
        for (const auto& v : report.violations)
            violations.push_back({{"kind", v.kind}, {"event", v.eventId}, {"lease", shortLeaseId(v.lease)},
                                  {"other", shortLeaseId(v.other)}, {"message", v.message}});
        ctx.out() << dump({{"ok", report.ok()},
                       {"events", report.events},
                       {"grants", report.grants},
                       {"ends", report.ends},
                       {"live_at_end", report.liveAtEnd},
                       {"first_event", report.firstEventId},
                       {"last_event", report.lastEventId},
                       {"trimmed", report.trimmed},
                       {"unrecorded", report.unrecorded},
                       {"unrecorded_from", report.unrecordedFrom},
                       {"unrecorded_until", report.unrecordedUntil},
                       {"unrecorded_now", report.unrecordedNow},
                       {"unknown_at_end", report.unknownAtEnd},
                       {"events_added_ever", report.eventsAddedEver},
                       {"violations", violations}})
              << "\n";
    } else {
        if (report.trimmed)
            ctx.out() << "note: the event stream was trimmed (capped at about " << kEventStreamCap
                  << " events)" << (report.eventsAddedEver ? "; " + std::to_string(report.eventsAddedEver)
                                                               + " were ever written" : std::string())
                  << ": checking the " << report.events << " from " << report.firstEventId << " on\n";
        if (report.unrecorded) {
            const std::string from = report.unrecordedFrom.empty()
                                         ? std::string(" in the whole stream")
                                         : " from event " + report.unrecordedFrom;
            if (report.unrecordedNow || report.unrecordedUntil.empty())
                ctx.out() << "note: grants and releases are not recorded" << from
                      << " on (the project is at events=audit): they are not checked\n";
            else
                ctx.out() << "note: grants and releases went unrecorded" << from << " to event "
                      << report.unrecordedUntil << " (events=audit): they are not checked\n";
        }
        if (report.ok())
            ctx.out() << "ok: " << counted(report.events, "event") << ", " << counted(report.grants, "grant")
                  << ", " << counted(report.ends, "release/expiry", "releases/expiries") << ", "
                  << counted(report.liveAtEnd, "lease") << " live at the end"
                  << (report.unknownAtEnd ? " and " + counted(report.unknownAtEnd, "lease")
                                                + " of unknown fate (live when recording stopped)"
                                          : std::string())
                  << "; no violation\n";
        else
            ctx.out() << "VIOLATION (" << report.violations.front().kind << ") at event "
                  << report.violations.front().eventId << ": " << report.violations.front().message << "\n"
                  << counted(report.violations.size(), "violation") << " in "
                  << counted(report.events, "event") << "\n";
    }
    return report.ok() ? kExitOk : kExitFsck;
}

const CommandRegistration registration{{
    .rank = 130,
    .name = "check-history",
    .summary = "check the event stream against the lock guarantees",
    .help = "usage: treelock check-history\n"
        "\n"
        "Replays the project's event stream and checks that every grant was compatible\n"
        "with every lease live at that moment, that fences strictly increase, and that\n"
        "every release, expiry and force matches a grant. Prints the verdict and the\n"
        "first violation. The stream keeps about 10,000 events: when older ones were\n"
        "trimmed it says so and checks what is left. A project at events=audit records\n"
        "no grants and releases (treelock help config): from where that began, only\n"
        "what was recorded is checked, and a note says from which event on. Exit 0 when\n"
        "ok, 6 on a violation.\n",
    .arguments = noArguments("check-history"),
    .declare = withoutOptions(runCheckHistory),
}};

} // namespace

} // namespace treelock::cli
