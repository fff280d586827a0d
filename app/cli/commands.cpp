#include "commands.h"
#include "redaction.h"
#include "simcommands.h"
#include "topologycommand.h"

#include "treelock/error.h"
#include "treelock/history.h"
#include "treelock/leaseid.h"
#include "treelock/lockclient.h"
#include "treelock/matrix.h"
#include "treelock/policy.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <ostream>
#include <set>
#include <streambuf>
#include <sstream>
#include <thread>
#include <unistd.h>

#ifndef TREELOCK_VERSION
#define TREELOCK_VERSION "unknown"
#endif

namespace treelock::cli {

namespace {

using Json = nlohmann::ordered_json;
using std::chrono::milliseconds;

constexpr const char* kDefaultRedisUrl = "redis://127.0.0.1:6379";
constexpr milliseconds kFollowPoll{100};
constexpr std::size_t kEventPage = 1000;

std::string envOr(const char* name, std::string fallback = {})
{
    const char* value = std::getenv(name);
    return value ? std::string(value) : fallback;
}

// Labels are arbitrary bytes: replace invalid UTF-8 rather than throw.
std::string dump(const Json& json)
{
    return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

long long msSinceEpoch(ServerTime time) { return time.time_since_epoch().count(); }

Json requestsJson(const std::vector<LockRequest>& requests)
{
    Json list = Json::array();
    for (const auto& r : requests)
        list.push_back({{"mode", std::string(toString(r.mode))}, {"path", r.path}});
    return list;
}

std::string counted(std::size_t n, const std::string& one, const std::string& many = {})
{
    return std::to_string(n) + " " + (n == 1 ? one : many.empty() ? one + "s" : many);
}

std::string orDash(const std::string& text) { return text.empty() ? "-" : text; }

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InvalidInput("cannot read policy file " + quoteInput(path) + ": " + std::strerror(errno));
    std::ostringstream content;
    content << in.rdbuf();
    if (!in.good() && !in.eof())
        throw InvalidInput("cannot read policy file " + quoteInput(path));
    return content.str();
}

Policy loadPolicy(const AcquireCommand& cmd)
{
    if (!cmd.policyFile)
        return Policy::builtin(cmd.profile.value_or("fine"));
    const std::string text = readFile(*cmd.policyFile);
    try {
        return Policy::fromJson(text);
    } catch (const InvalidPolicy& error) {
        throw InvalidPolicy("policy file " + quoteInput(*cmd.policyFile) + ": " + error.what());
    }
}

// "X /A/C": a request as the lines about waiting show it.
std::string requestText(const LockRequest& request)
{
    return std::string(toString(request.mode)) + " " + request.path;
}

std::string requestsText(const std::vector<LockRequest>& requests)
{
    std::string text;
    for (const auto& request : requests)
        text += (text.empty() ? "" : ", ") + requestText(request);
    return text;
}

// "bob's delete-folder (X /A)": who is in the way and what it holds or asks for.
std::string whoText(const Blocker& b)
{
    return orDash(b.owner) + "'s " + orDash(b.operation) + " (" + std::string(toString(b.mode)) + " " + b.path
           + ")";
}

std::string blockerLine(const Blocker& b)
{
    if (b.lease.empty()) {
        return "blocked by an unidentified lease holding " + std::string(toString(b.heldMode)) + " on "
               + b.clashPath;
    }
    if (b.queued)
        return "waits behind " + whoText(b) + ", who has waited longer";
    return "blocked by lease " + shortLeaseId(b.lease) + " (owner " + orDash(b.owner) + ", op "
           + orDash(b.operation) + ") holding " + std::string(toString(b.mode)) + " on " + b.path
           + ", expires in " + secondsText(b.expiresIn);
}

// What refused a waiter's last attempt, as `waiting`'s BEHIND column shows it; a
// lease by the start of its id, which `force-release` takes.
std::string waitingBehind(const Blocker& b)
{
    if (b.lease.empty())
        return "an unidentified lease holding " + std::string(toString(b.heldMode));
    return whoText(b) + (b.queued ? ", waiting" : ", lease " + shortLeaseId(b.lease));
}

Json blockerJson(const Blocker& b)
{
    return {{"lease", b.lease},
            {"owner", b.owner},
            {"op", b.operation},
            {"path", b.path},
            {"mode", std::string(toString(b.mode))},
            {"expires_in_ms", b.expiresIn.count()},
            {"clash_path", b.clashPath},
            {"held_mode", std::string(toString(b.heldMode))},
            {"wanted", {{"mode", std::string(toString(b.wanted.mode))}, {"path", b.wanted.path}}},
            {"queued", b.queued}};
}

long long msBetween(ServerTime from, ServerTime to) { return std::max<long long>(0, (to - from).count()); }

// "2.9": a decayed refusal count.
std::string oneDecimal(double value)
{
    std::ostringstream text;
    text.setf(std::ios::fixed);
    text.precision(1);
    text << value;
    return text.str();
}

std::string graceText(const std::optional<milliseconds>& grace)
{
    return grace ? std::to_string(grace->count()) : std::string("off");
}

class Runner {
public:
    Runner(const GlobalOptions& global, RunContext& context) : m_global(global), m_context(context) {}

    int operator()(const HelpCommand& cmd)
    {
        out() << helpText(cmd.topic);
        return kExitOk;
    }

    int operator()(const VersionCommand&)
    {
        out() << "treelock " << TREELOCK_VERSION << "\n";
        return kExitOk;
    }

    int operator()(const AcquireCommand& cmd)
    {
        // Validate and plan before connecting: bad input is exit 2 even when
        // Redis is down.
        const PathOptions paths = pathOptions();
        std::vector<LockRequest> requests;
        std::string operation = "lock";
        if (cmd.operation) {
            requests = loadPolicy(cmd).plan(*cmd.operation, paths);
            operation = std::string(toString(cmd.operation->op));
        } else {
            for (const auto& spec : cmd.locks)
                requests.push_back({spec.path, spec.mode});
            requests = normalizeRequests(requests, paths);
        }

        ClientOptions options;
        options.owner = cmd.owner.value_or(env().userName.empty() ? "anonymous" : env().userName);
        if (!cmd.owner)
            validateLabel("$USER (the default --owner)", options.owner);
        options.ttl = cmd.ttl;
        options.watchdog = false; // The process exits now; the lease lives on.
        LockClient client(engine(), options);
        AcquireOutcome outcome = client.acquire(requests, operation, cmd.wait);
        if (outcome) {
            const LeaseId id = outcome.lease.id();
            const std::uint64_t fence = outcome.lease.fence();
            const ServerTime expiresAt = outcome.lease.expiresAt();
            const std::vector<LockRequest> granted = outcome.lease.requests();
            outcome.lease.abandon(); // Not released when the guard goes.
            if (m_global.json) {
                out() << dump({{"lease", id},
                               {"fence", fence},
                               {"expires_ms", msSinceEpoch(expiresAt)},
                               {"requests", requestsJson(granted)}})
                      << "\n";
            } else {
                out() << id << "\n";
            }
            return kExitOk;
        }
        if (m_global.json) {
            Json answer = Json::object();
            answer["blocker"] = outcome.blocker ? blockerJson(*outcome.blocker) : Json(nullptr);
            if (cmd.wait.count() > 0)
                answer["timed_out"] = outcome.timedOut;
            out() << dump(answer) << "\n";
        } else {
            out() << (outcome.blocker ? blockerLine(*outcome.blocker) : std::string("refused")) << "\n";
        }
        if (outcome.timedOut)
            err() << "treelock: still blocked after waiting " << secondsText(cmd.wait) << "\n";
        return kExitConflict;
    }

    int operator()(const ReleaseCommand& cmd)
    {
        const ReleaseResult result = engine()->release(cmd.lease);
        if (result.status != LeaseStatus::Ok)
            return leaseProblem(cmd.lease, result.status);
        if (m_global.json)
            out() << dump({{"lease", cmd.lease}, {"remaining_holds", result.remainingHolds}}) << "\n";
        return kExitOk;
    }

    int operator()(const RenewCommand& cmd)
    {
        const RenewResult result = engine()->renew(cmd.lease, cmd.ttl);
        if (result.status != LeaseStatus::Ok)
            return leaseProblem(cmd.lease, result.status);
        if (m_global.json)
            out() << dump({{"lease", cmd.lease}, {"expires_ms", msSinceEpoch(result.expiresAt)}}) << "\n";
        else
            out() << msSinceEpoch(result.expiresAt) << "\n";
        return kExitOk;
    }

    int operator()(const ForceReleaseCommand& cmd)
    {
        LeaseId lease = cmd.lease;
        if (!isValidLeaseId(lease)) {
            // The start of an id, as `locks` and `waiting` print it: it must name one lease.
            std::vector<LeaseId> matches;
            for (const LeaseInfo& info : engine()->snapshot().leases)
                if (info.id.rfind(lease, 0) == 0)
                    matches.push_back(info.id);
            if (matches.empty()) {
                err() << "treelock: no lease of project " << m_global.project << " has an id starting with " << lease
                      << " (see `treelock locks`)\n";
                return kExitLease;
            }
            if (matches.size() > 1) {
                err() << "treelock: " << lease << " is the start of " << matches.size() << " lease ids (";
                for (std::size_t i = 0; i < matches.size(); ++i)
                    err() << (i ? ", " : "") << matches[i];
                err() << "): give more digits\n";
                return kExitInvalid;
            }
            lease = matches.front();
        }
        ForceOptions options;
        options.operatorName = operatorName(cmd.operatorName);
        options.host = hostName();
        options.reason = cmd.reason;
        options.admin = cmd.admin;
        options.lockDelay = cmd.lockDelay;
        const ReleaseResult result = engine()->forceRelease(lease, options);
        if (result.status == LeaseStatus::Live) {
            err() << "treelock: lease " << lease
                  << " is live; add --admin to revoke a live lease\n";
            return kExitConflict;
        }
        if (result.status != LeaseStatus::Ok)
            return leaseProblem(lease, result.status);
        if (m_global.json)
            out() << dump({{"lease", lease}, {"forced", true}}) << "\n";
        else
            out() << "force-released " << lease << "\n";
        return kExitOk;
    }

    int operator()(const SweepCommand& cmd)
    {
        const std::string by = operatorName(cmd.operatorName);
        const std::string host = hostName();
        const std::size_t reaped = engine()->sweep(by, host);
        if (m_global.json)
            out() << dump({{"reaped", reaped}}) << "\n";
        else
            out() << reaped << "\n";
        return kExitOk;
    }

    int operator()(const ConfigCommand& cmd)
    {
        if (cmd.changes()) {
            const std::string by = operatorName(cmd.operatorName);
            const std::string host = hostName();
            // Setting what is in force records nothing: say so, so that nobody
            // looks for the event.
            const auto unchanged = [&](const std::string& setting) {
                if (!m_global.quiet)
                    err() << "treelock: " << setting << " was already in force: nothing changed or recorded\n";
            };
            if (cmd.events) {
                if (engine()->eventLevel() == *cmd.events)
                    unchanged("events=" + std::string(toString(*cmd.events)));
                engine()->setEventLevel(*cmd.events, by, host);
            }
            if (cmd.grace) {
                if (engine()->fairnessGrace() == cmd.grace->grace)
                    unchanged("grace=" + graceText(cmd.grace->grace));
                engine()->setFairnessGrace(cmd.grace->grace, by, host);
            }
        }
        const EventLevel events = engine()->eventLevel();
        const std::optional<milliseconds> grace = engine()->fairnessGrace();
        if (m_global.json) {
            out() << dump({{"events", toString(events)},
                           {"grace_ms", grace ? Json(grace->count()) : Json(nullptr)}})
                  << "\n";
        } else {
            out() << "events=" << toString(events) << "\n"
                  << "grace=" << graceText(grace) << "\n";
        }
        return kExitOk;
    }

    int operator()(const WaitingCommand&)
    {
        // The waiters come with the snapshot, which also reads every lease: O(leases + waiters).
        const Snapshot snapshot = engine()->snapshot();
        const ServerTime now = snapshot.serverTime;
        if (m_global.json) {
            Json waiters = Json::array();
            for (const auto& w : snapshot.waiters) {
                waiters.push_back({{"lease", w.id},
                                   {"owner", w.owner},
                                   {"op", w.operation},
                                   {"requests", requestsJson(w.requests)},
                                   {"since_ms", msSinceEpoch(w.since)},
                                   {"waited_ms", msBetween(w.since, now)},
                                   {"last_attempt_ms", msSinceEpoch(w.lastAttempt)},
                                   {"last_attempt_age_ms", msBetween(w.lastAttempt, now)},
                                   {"expires_ms", msSinceEpoch(w.expiresAt)},
                                   {"expires_in_ms", msBetween(now, w.expiresAt)},
                                   {"holds_back", w.holdsBack},
                                   {"blocker", blockerJson(w.blocker)}});
            }
            out() << dump({{"server_time_ms", msSinceEpoch(now)}, {"waiters", waiters}}) << "\n";
            return kExitOk;
        }
        if (snapshot.waiters.empty()) {
            out() << "no one waits\n";
            return kExitOk;
        }
        std::vector<std::vector<std::string>> rows{{"OWNER", "OP", "REQUESTS", "WAITED", "BEHIND", "AT", "HOLDS BACK"}};
        for (const auto& w : snapshot.waiters)
            rows.push_back({orDash(w.owner), orDash(w.operation), requestsText(w.requests), durationText(now - w.since),
                            waitingBehind(w.blocker), orDash(w.blocker.clashPath), w.holdsBack ? "yes" : "no"});
        printTable(rows, {3});
        return kExitOk;
    }

    int operator()(const ContentionCommand& cmd)
    {
        const std::vector<HotPath> paths = engine()->contention(cmd.top);
        const ServerTime now = engine()->now();
        if (m_global.json) {
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
            out() << dump({{"server_time_ms", msSinceEpoch(now)}, {"paths", list}}) << "\n";
            return kExitOk;
        }
        if (paths.empty()) {
            out() << "no refusals counted\n";
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
        printTable(rows, {1, 2, 3, 4});
        return kExitOk;
    }

    int operator()(const TopologyCommand&)
    {
        return printTopology(readTopology(redisOptionsFor(m_global, env()), m_global.project), m_global, out());
    }

    int operator()(const ProjectsCommand&)
    {
        return printProjects(listProjects(redisOptionsFor(m_global, env())), m_global, out());
    }

    int operator()(const LocksCommand&)
    {
        const Snapshot snapshot = engine()->snapshot();
        if (m_global.json) {
            Json leases = Json::array();
            for (const auto& lease : snapshot.leases) {
                leases.push_back({{"lease", lease.id},
                                  {"owner", lease.owner},
                                  {"op", lease.operation},
                                  {"requests", requestsJson(lease.requests)},
                                  {"ttl_ms", lease.ttl.count()},
                                  {"created_ms", msSinceEpoch(lease.createdAt)},
                                  {"expires_ms", msSinceEpoch(lease.expiresAt)},
                                  {"expires_in_ms", std::max<long long>(0, (lease.expiresAt - snapshot.serverTime).count())},
                                  {"fence", lease.fence},
                                  {"holds", lease.holds},
                                  {"revoked", lease.revoked},
                                  {"state", stateOf(lease, snapshot.serverTime)}});
            }
            out() << dump({{"server_time_ms", msSinceEpoch(snapshot.serverTime)}, {"leases", leases}})
                  << "\n";
            return kExitOk;
        }
        if (snapshot.leases.empty()) {
            out() << "no leases in project " << m_global.project << "\n";
            return kExitOk;
        }
        std::vector<std::vector<std::string>> rows{{"ID", "OWNER", "OP", "REQUESTS", "FENCE", "STATE", "LEFT"}};
        for (const auto& lease : snapshot.leases) {
            const auto left = lease.expiresAt - snapshot.serverTime;
            rows.push_back({shortLeaseId(lease.id), orDash(lease.owner), orDash(lease.operation),
                            toString(lease.requests, " "), std::to_string(lease.fence),
                            stateOf(lease, snapshot.serverTime),
                            left.count() > 0 ? secondsText(left) : std::string("-")});
        }
        printTable(rows);
        return kExitOk;
    }

    int operator()(const FsckCommand& cmd)
    {
        const FsckReport report = engine()->fsck(cmd.repair);
        if (m_global.json) {
            Json differences = Json::array();
            for (const auto& d : report.differences)
                differences.push_back({{"path", d.path},
                                       {"mode", std::string(toString(d.mode))},
                                       {"expected", d.expected},
                                       {"actual", d.actual}});
            out() << dump({{"leases", report.leases},
                           {"node_fields", report.nodeFields},
                           {"differences", differences},
                           {"orphan_index_entries", report.orphanIndexEntries},
                           {"clean", report.clean()},
                           {"repaired", report.repaired}})
                  << "\n";
        } else {
            for (const auto& d : report.differences)
                out() << d.path << " " << toString(d.mode) << ": expected " << d.expected << ", stored "
                      << d.actual << "\n";
            for (const auto& id : report.orphanIndexEntries)
                out() << "expiry index entry " << id << " has no lease record\n";
            if (report.clean()) {
                out() << "clean: " << counted(report.leases, "lease") << ", "
                      << counted(report.nodeFields, "node count") << " checked\n";
            } else {
                out() << counted(report.differences.size(), "count difference") << ", "
                      << counted(report.orphanIndexEntries.size(), "orphan index entry", "orphan index entries")
                      << "\n";
                if (report.repaired)
                    out() << "repaired\n";
            }
        }
        return report.clean() ? kExitOk : kExitFsck;
    }

    int operator()(const CheckHistoryCommand&)
    {
        const std::shared_ptr<Engine> source = engine();
        std::optional<EventStreamInfo> info;
        if (dynamic_cast<RedisEngine*>(source.get())) {
            try {
                info = readEventStreamInfo(redisOptionsFor(m_global, env()), m_global.project);
            } catch (const Error&) {
                // XINFO refused or unreachable: fall back to the stream's length.
            }
        }
        const HistoryReport report = checkEngineHistory(*source, info);
        if (m_global.json) {
            Json violations = Json::array();
            for (const auto& v : report.violations)
                violations.push_back({{"kind", v.kind}, {"event", v.eventId}, {"lease", shortLeaseId(v.lease)},
                                      {"other", shortLeaseId(v.other)}, {"message", v.message}});
            out() << dump({{"ok", report.ok()},
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
                out() << "note: the event stream was trimmed (capped at about " << kEventStreamCap
                      << " events)" << (report.eventsAddedEver ? "; " + std::to_string(report.eventsAddedEver)
                                                                   + " were ever written" : std::string())
                      << ": checking the " << report.events << " from " << report.firstEventId << " on\n";
            if (report.unrecorded) {
                const std::string from = report.unrecordedFrom.empty()
                                             ? std::string(" in the whole stream")
                                             : " from event " + report.unrecordedFrom;
                if (report.unrecordedNow || report.unrecordedUntil.empty())
                    out() << "note: grants and releases are not recorded" << from
                          << " on (the project is at events=audit): they are not checked\n";
                else
                    out() << "note: grants and releases went unrecorded" << from << " to event "
                          << report.unrecordedUntil << " (events=audit): they are not checked\n";
            }
            if (report.ok())
                out() << "ok: " << counted(report.events, "event") << ", " << counted(report.grants, "grant")
                      << ", " << counted(report.ends, "release/expiry", "releases/expiries") << ", "
                      << counted(report.liveAtEnd, "lease") << " live at the end"
                      << (report.unknownAtEnd ? " and " + counted(report.unknownAtEnd, "lease")
                                                    + " of unknown fate (live when recording stopped)"
                                              : std::string())
                      << "; no violation\n";
            else
                out() << "VIOLATION (" << report.violations.front().kind << ") at event "
                      << report.violations.front().eventId << ": " << report.violations.front().message << "\n"
                      << counted(report.violations.size(), "violation") << " in "
                      << counted(report.events, "event") << "\n";
        }
        return report.ok() ? kExitOk : kExitFsck;
    }

    int operator()(const EventsCommand& cmd)
    {
        const std::shared_ptr<Engine> source = engine();
        std::string after = cmd.from;
        std::size_t printed = 0;
        const auto done = [&] { return cmd.count && printed >= *cmd.count; };
        const auto pump = [&] {
            while (!done()) {
                const std::size_t want = cmd.count ? std::min(kEventPage, *cmd.count - printed) : kEventPage;
                const std::vector<Event> batch = source->events(after, want);
                for (const auto& event : batch)
                    printEvent(event);
                printed += batch.size();
                if (!batch.empty())
                    after = batch.back().id;
                out().flush();
                if (batch.size() < want)
                    return;
            }
        };
        pump();
        if (!cmd.follow)
            return kExitOk;
        if (m_context.catchStopSignals)
            m_context.catchStopSignals();
        const auto stopped = [this] { return m_context.stop && m_context.stop->load(); };
        while (!done() && !stopped()) {
            std::this_thread::sleep_for(kFollowPoll);
            if (!stopped())
                pump();
        }
        return kExitOk;
    }

    int operator()(const MatrixCommand& cmd)
    {
        const SeedMatrix& seed = SeedMatrix::builtin();
        if (cmd.markdown && !cmd.profile) {
            out() << matrixDocument(seed);
            return kExitOk;
        }
        const DerivedMatrix matrix = deriveMatrix(seed, Policy::builtin(cmd.profile.value_or("fine")));
        if (cmd.markdown)
            out() << matrixToMarkdown(matrix);
        else if (m_global.json)
            out() << matrixToJson(matrix);
        else
            out() << matrixToText(matrix);
        return kExitOk;
    }

    int operator()(const SimulateCommand& cmd)
    {
        return runSimulate(cmd, m_global, useRedis(cmd.memory), [this] { return engine(); }, out(), err());
    }

    int operator()(const ScenarioCommand& cmd)
    {
        return runScenario(cmd, m_global, useRedis(cmd.memory), [this] { return engine(); }, out(), err());
    }

private:
    std::ostream& out() { return m_context.out; }
    // Flushes stdout first, so a terminal, a pipe or a file merging both shows
    // them in the order they were written.
    std::ostream& err()
    {
        m_context.out.flush();
        return m_context.err;
    }
    const Environment& env() const { return m_context.environment; }
    PathOptions pathOptions() const { return PathOptions{m_global.caseInsensitive}; }
    // simulate and scenario: Redis only when --redis is on the command line. They
    // take real leases by the hundred, so $TREELOCK_REDIS (set for the other
    // commands) is not enough to send them to a shared server.
    bool useRedis(bool memory) const { return !memory && m_global.redisUrl.has_value(); }

    const std::shared_ptr<Engine>& engine()
    {
        if (m_engine)
            return m_engine;
        const EngineFactory& connect = m_context.connect ? m_context.connect : EngineFactory(connectRedis);
        m_engine = connect(m_global, env());
        if (!m_engine)
            throw Error("no engine");
        if (!m_global.quiet) {
            if (m_global.replicaTimeout && redisOptionsFor(m_global, env()).minReplicas == 0)
                err() << "treelock: warning: --replica-timeout has no effect without --min-replicas N (or "
                         "TREELOCK_MIN_REPLICAS): no replica acknowledgement is awaited\n";
            for (const auto& warning : m_engine->warnings())
                err() << "treelock: warning: " << warning << "\n";
        }
        return m_engine;
    }

    // The operator and host labels, checked before connecting (the option
    // itself was checked by the parser; $USER and the host name are not input
    // it sees).
    std::string operatorName(const std::optional<std::string>& given) const
    {
        if (given)
            return *given;
        const std::string name = env().userName.empty() ? "operator" : env().userName;
        validateLabel("$USER (the default --operator)", name);
        return name;
    }

    std::string hostName() const
    {
        validateLabel("host name", env().hostName);
        return env().hostName;
    }

    int leaseProblem(const LeaseId& lease, LeaseStatus status)
    {
        if (status == LeaseStatus::Expired)
            err() << "treelock: lease " << lease << " had expired (it has been reaped now)\n";
        else
            err() << "treelock: lease " << lease
                  << " is unknown (never granted, released, reaped or revoked)\n";
        return kExitLease;
    }

    static std::string stateOf(const LeaseInfo& lease, ServerTime now)
    {
        if (lease.revoked)
            return "revoked";
        return lease.expired(now) ? "expired" : "live";
    }

    // Columns two spaces apart, those in `rightAligned` (indexes) flush right.
    // Widths count bytes except for UTF-8 continuation bytes.
    void printTable(const std::vector<std::vector<std::string>>& rows, const std::set<std::size_t>& rightAligned = {})
    {
        const auto width = [](const std::string& cell) {
            return static_cast<std::size_t>(
                std::count_if(cell.begin(), cell.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
        };
        std::vector<std::size_t> widths(rows.front().size(), 0);
        for (const auto& row : rows) {
            for (std::size_t c = 0; c < row.size(); ++c)
                widths[c] = std::max(widths[c], width(row[c]));
        }
        for (const auto& row : rows) {
            std::string line;
            for (std::size_t c = 0; c < row.size(); ++c) {
                const std::string pad(widths[c] - width(row[c]), ' ');
                line += rightAligned.count(c) ? pad + row[c] : row[c] + pad;
                if (c + 1 < row.size())
                    line += "  ";
            }
            line.erase(line.find_last_not_of(' ') + 1);
            out() << line << "\n";
        }
    }

    void printEvent(const Event& e)
    {
        if (m_global.json) {
            out() << dump({{"id", e.id},
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
        out() << line << "\n";
    }

    const GlobalOptions& m_global;
    RunContext& m_context;           // Not owned.
    std::shared_ptr<Engine> m_engine; // Connected on first use.
};

} // namespace

Environment Environment::fromProcess()
{
    Environment environment;
    environment.redisUrl = envOr("TREELOCK_REDIS");
    environment.redisUser = envOr("TREELOCK_REDIS_USER");
    environment.redisPassword = envOr("TREELOCK_REDIS_PASSWORD");
    environment.minReplicas = envOr("TREELOCK_MIN_REPLICAS");
    environment.userName = envOr("USER");
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) == 0)
        environment.hostName = host;
    return environment;
}

RedisOptions redisOptionsFor(const GlobalOptions& global, const Environment& environment)
{
    RedisOptions options;
    if (global.redisUrl)
        options.url = *global.redisUrl;
    else if (!environment.redisUrl.empty())
        options.url = environment.redisUrl;
    else
        options.url = kDefaultRedisUrl;
    options.user = environment.redisUser;
    options.password = environment.redisPassword;
    if (global.minReplicas) {
        options.minReplicas = *global.minReplicas;
    } else if (!environment.minReplicas.empty()) {
        const std::string& text = environment.minReplicas;
        int n = -1;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ec != std::errc() || end != text.data() + text.size() || n < 0 || n > kMaxMinReplicas)
            throw InvalidInput("invalid TREELOCK_MIN_REPLICAS " + quoteInput(text) + ": expected a whole number from 0 to "
                               + std::to_string(kMaxMinReplicas));
        options.minReplicas = n;
    }
    if (global.replicaTimeout)
        options.replicaTimeout = *global.replicaTimeout;
    return options;
}

std::shared_ptr<Engine> connectRedis(const GlobalOptions& global, const Environment& environment)
{
    return std::make_shared<RedisEngine>(redisOptionsFor(global, environment), global.project,
                                         PathOptions{global.caseInsensitive});
}

int runCommand(const Invocation& invocation, RunContext& context)
{
    const auto fail = [&](int code, const std::string& message) {
        std::vector<std::string> urls;
        if (invocation.global.redisUrl)
            urls.push_back(*invocation.global.redisUrl);
        context.err << "treelock: " << redact(message, secretsOf(urls, context.environment)) << "\n";
        return code;
    };
    try {
        Runner runner(invocation.global, context);
        return std::visit(runner, invocation.command);
    } catch (const UsageError& error) {
        return fail(kExitInvalid, error.what());
    } catch (const InvalidInput& error) { // also InvalidPath, InvalidPolicy
        return fail(kExitInvalid, error.what());
    } catch (const ConnectionError& error) {
        return fail(kExitUnreachable, error.what());
    } catch (const ReplicationError& error) {
        return fail(kExitReplication, error.what());
    } catch (const ScriptError& error) {
        return fail(kExitInternal, error.what());
    } catch (const std::exception& error) {
        return fail(kExitInternal, error.what());
    }
}

int runCommandLine(const std::vector<std::string>& args, RunContext& context)
{
    const std::vector<std::string> secrets = secretsOf(args, context.environment);
    RedactingBuffer outBuffer(context.out, secrets);
    RedactingBuffer errBuffer(context.err, secrets);
    std::ostream out(&outBuffer);
    std::ostream err(&errBuffer);
    RunContext redacting{out, err, context.environment, context.connect, context.stop, context.catchStopSignals};
    Invocation invocation;
    int code = kExitInvalid;
    try {
        invocation = parseCommandLine(args);
        code = runCommand(invocation, redacting);
    } catch (const UsageError& error) {
        err << "treelock: " << error.what() << "\n";
    }
    out.flush();
    err.flush();
    return code;
}

std::string isoTime(ServerTime time)
{
    const long long ms = msSinceEpoch(time);
    long long seconds = ms / 1000;
    long long millis = ms % 1000;
    if (millis < 0) {
        millis += 1000;
        seconds -= 1;
    }
    const std::time_t t = static_cast<std::time_t>(seconds);
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    char text[64];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03lldZ", tm.tm_year + 1900,
                  tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, millis);
    return text;
}

std::string secondsText(milliseconds duration)
{
    const long long tenths = std::max<long long>(0, (duration.count() + 50) / 100);
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " s";
}

std::string durationText(milliseconds duration)
{
    if (duration < milliseconds(59950)) // rounds to less than 60.0 s
        return secondsText(duration);
    const auto twoDigits = [](long long n) { return (n < 10 ? "0" : "") + std::to_string(n); };
    const long long seconds = (duration.count() + 500) / 1000;
    if (seconds < 3600)
        return std::to_string(seconds / 60) + " min " + twoDigits(seconds % 60) + " s";
    const long long minutes = seconds / 60;
    return std::to_string(minutes / 60) + " h " + twoDigits(minutes % 60) + " min";
}

} // namespace treelock::cli
