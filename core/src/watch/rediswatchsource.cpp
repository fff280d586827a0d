#include "watch/watchsource.h"

#include "redis/cluster.h"
#include "redis/leaserecord.h"
#include "redis/primaryroute.h"
#include "redis/redisconnection.h"
#include "redis/scriptregistry.h"
#include "redis/sentinel.h"
#include "redis/streamreader.h"
#include "treelock/error.h"
#include "treelock/redisprotocol.h"

#include <hiredis/hiredis.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace treelock::detail {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

/// The longest XREAD BLOCK; the connection's command timeout is this much longer.
constexpr milliseconds kMaxBlock{2000};

/// A project on Redis as a LeaseWatch reads it, over a connection of its own
/// that PrimaryRoute keeps on the primary (Sentinel) or the slot's node (Cluster).
class RedisWatchSource final : public WatchSource {
public:
    RedisWatchSource(const RedisOptions& options, const std::string& project, const LeaseWatchOptions& watchOptions)
        : m_address(RedisAddress::of(options)),
          m_keys(project, m_address.isCluster() ? redis::WakeDelivery::Sharded : redis::WakeDelivery::Plain),
          m_connection(m_address, options.connectTimeout, options.commandTimeout + kMaxBlock),
          m_route(m_address, project, m_keys, m_connection, m_scripts, options.connectTimeout,
                  options.commandTimeout + kMaxBlock, options.failoverTimeout),
          m_libraryCheck(watchOptions.libraryCheck),
          m_clockCheck(watchOptions.clockCheck)
    {
    }

    std::string describe() const override { return m_address.redacted(); }

    std::string beginList() override
    {
        noteServer();
        syncClock();
        m_cursor = "0";
        m_scanned = false;
        m_listDone = false;
        std::optional<EventStreamInfo> stream;
        const redis::Reply info = m_route.run([&] {
            ++m_calls;
            const Reply reply = m_connection.command({"XINFO", "STREAM", m_keys.events()});
            stream = eventStreamInfoOf(reply.get());
            return toReply(reply.get());
        });
        if (stream) {
            m_mark = StreamMark::of(*stream);
            return m_mark.position;
        }
        if (info.text.find("no such key") != std::string::npos) {
            m_mark = StreamMark{};
            return m_mark.position;
        }
        // A user without XINFO: the newest event, or none; an empty stream is
        // then trusted not to lose what comes next before the first read.
        const redis::Reply last = call({"XREVRANGE", m_keys.events(), "+", "-", "COUNT", "1"});
        m_mark = StreamMark{last.size() > 0 ? textAt(last[0], 0) : std::string("0-0"), true, 0};
        return m_mark.held ? m_mark.position : std::string("0-0");
    }

    bool auditEvents() override
    {
        const redis::Reply reply = call({"HGET", m_keys.state(), redis::kCountersField});
        if (reply.isNil())
            return false;
        const auto counters = redis::decodeCounters(reply.text);
        if (!counters)
            throw ScriptError("the counters of project " + m_keys.project() + " are not in a known form ("
                              + std::to_string(reply.text.size()) + " bytes): run treelock fsck");
        return redis::unrecordedGrants(counters->settings);
    }

    std::size_t leaseCount() override
    {
        return static_cast<std::size_t>(replyInteger(call({"ZCARD", m_keys.expiry()})));
    }

    std::vector<LeaseInfo> nextPage(std::size_t size, bool& last) override
    {
        last = m_listDone;
        if (m_listDone)
            return {};
        // ZSCAN: a lease held through the whole scan is returned at least once,
        // whatever renewals do to its score (ZRANGE by rank would skip it). The
        // records of one scan's members are read in the same write as the next
        // scan: one round trip a page.
        const std::string count = std::to_string(size);
        if (!m_scanned) {
            const redis::Reply scan = call({"ZSCAN", m_keys.expiry(), m_cursor, "COUNT", count});
            m_cursor = textAt(scan, 0);
            m_members.clear();
            for (std::size_t i = 0; i < replyElement(scan, 1).size(); i += 2)
                m_members.push_back(textAt(replyElement(scan, 1), i));
            m_scanned = true;
        }
        const bool more = m_cursor != "0";
        const std::string state = m_keys.state();
        const std::string expiry = m_keys.expiry();
        std::vector<LeaseInfo> page;
        std::string cursor;
        std::vector<std::string> members;
        runPipelined([&] {
            page.clear();
            members.clear();
            std::vector<std::string_view> hmget{"HMGET", state};
            hmget.insert(hmget.end(), m_members.begin(), m_members.end());
            if (!m_members.empty())
                m_connection.append(hmget);
            const std::string_view scan[] = {"ZSCAN", expiry, m_cursor, "COUNT", count};
            if (more)
                m_connection.append(scan);
            std::optional<redis::Reply> failure;
            if (!m_members.empty()) {
                const Reply records = m_connection.readReply();
                if (records->type == REDIS_REPLY_ERROR)
                    failure = toReply(records.get());
                for (std::size_t i = 0; !failure && i < replySize(records.get()); ++i)
                    if (records->element[i]->type == REDIS_REPLY_STRING)
                        if (auto lease = decodeLeaseRecord(redis::leaseIdOfWire(m_members[i]),
                                                           replyText(records->element[i])))
                            page.push_back(std::move(*lease));
            }
            if (more) {
                const Reply next = m_connection.readReply();
                if (next->type == REDIS_REPLY_ERROR && !failure)
                    failure = toReply(next.get());
                if (!failure) {
                    cursor = textAt(next.get(), 0);
                    const redisReply* found = replyElement(next.get(), 1);
                    for (std::size_t i = 0; i < replySize(found); i += 2)
                        members.push_back(replyText(found->element[i]));
                }
            }
            return failure ? *failure : redis::Reply{};
        }, "ZSCAN");
        m_members = std::move(members);
        m_cursor = cursor;
        m_listDone = !more;
        last = m_listDone;
        return page;
    }

    std::optional<std::vector<Event>> read(const std::string& position, std::size_t max,
                                           milliseconds block) override
    {
        // The check goes first, in the same write (StreamMark): XRANGE of the
        // position when the stream held it, else XINFO STREAM for its counts.
        const bool unheld = position == m_mark.position && !m_mark.held;
        const bool check = unheld || position != "0-0";
        const std::string count = std::to_string(max);
        const std::string wait = std::to_string(std::min(block, kMaxBlock).count());
        const std::string stream = m_keys.events();
        bool held = true;
        std::vector<Event> events;
        runPipelined([&] {
            held = true;
            events.clear();
            if (unheld) {
                const std::string_view info[] = {"XINFO", "STREAM", stream};
                m_connection.append(info);
            } else if (check) {
                const std::string_view range[] = {"XRANGE", stream, position, position};
                m_connection.append(range);
            }
            // XREAD COUNT n [BLOCK ms] STREAMS key id: BLOCK only when it may wait.
            const std::string_view blocking[] = {"XREAD", "COUNT", count, "BLOCK", wait, "STREAMS", stream, position};
            const std::string_view polling[] = {"XREAD", "COUNT", count, "STREAMS", stream, position};
            if (block.count() > 0)
                m_connection.append(blocking);
            else
                m_connection.append(polling);
            std::optional<redis::Reply> failure;
            if (check) {
                const Reply range = m_connection.readReply();
                const std::string error = range->type == REDIS_REPLY_ERROR ? replyText(range.get()) : std::string();
                if (unheld)
                    held = error.find("no such key") != std::string::npos
                           || m_mark.intact(eventStreamInfoOf(range.get()).value_or(EventStreamInfo{}));
                else
                    held = replySize(range.get()) > 0;
                if (!error.empty() && error.find("no such key") == std::string::npos)
                    failure = toReply(range.get());
            }
            const Reply reply = m_connection.readReply();
            if (reply->type == REDIS_REPLY_ERROR && !failure)
                failure = toReply(reply.get());
            if (failure)
                return *failure;
            // [[stream, [entry, ...]]], or nil when BLOCK timed out.
            if (replySize(reply.get()) > 0) {
                const redisReply* entries = replyElement(replyElement(reply.get(), 0), 1);
                for (std::size_t i = 0; i < replySize(entries); ++i)
                    events.push_back(eventOfEntry(entries->element[i]));
            }
            return redis::Reply{};
        }, "XREAD");
        if (!held)
            return std::nullopt;
        return events;
    }

    std::vector<std::pair<LeaseId, ServerTime>> expiring(ServerTime from, ServerTime to, std::size_t max) override
    {
        const auto ms = [](ServerTime t) { return std::to_string(t.time_since_epoch().count()); };
        const redis::Reply reply = call(
            {"ZRANGE", m_keys.expiry(), ms(from), ms(to), "BYSCORE", "LIMIT", "0", std::to_string(max), "WITHSCORES"});
        std::vector<std::pair<LeaseId, ServerTime>> result;
        for (std::size_t i = 0; i + 1 < reply.size(); i += 2)
            result.emplace_back(redis::leaseIdOfWire(textAt(reply, i)),
                                ServerTime(milliseconds(std::llround(std::stod(textAt(reply, i + 1))))));
        return result;
    }

    std::vector<std::optional<LeaseInfo>> records(const std::vector<LeaseId>& ids) override
    {
        std::vector<std::optional<LeaseInfo>> result;
        if (ids.empty())
            return result;
        std::vector<std::string> args{"HMGET", m_keys.state()};
        for (const LeaseId& id : ids)
            args.push_back(redis::wireLeaseId(id));
        const redis::Reply reply = call(args);
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const redis::Reply& value = reply[i];
            result.push_back(value.isString() ? decodeLeaseRecord(ids[i], value.text) : std::nullopt);
        }
        return result;
    }

    ServerTime now() override
    {
        if (Clock::now() - m_clockSynced >= m_clockCheck)
            syncClock();
        return ServerTime(std::chrono::duration_cast<milliseconds>(Clock::now().time_since_epoch()) + m_offset);
    }

    std::optional<SourceChange> change() override
    {
        if (m_connection.connectCount() != m_connects) {
            m_connects = m_connection.connectCount();
            const std::string identity = serverIdentity();
            if (identity.empty() || identity != m_identity)
                return otherServer(identity);
        }
        if (Clock::now() - m_librariesChecked >= m_libraryCheck) {
            m_librariesChecked = Clock::now();
            const auto libraries = libraryNames();
            if (libraries && m_libraries && *libraries != *m_libraries)
                return SourceChange{RelistReason::LibraryChanged,
                                    "the Treelock function libraries on the server changed (" + joined(*m_libraries)
                                        + " -> " + joined(*libraries) + ")"};
        }
        return std::nullopt;
    }

    std::uint64_t calls() const noexcept override { return m_calls; }

private:
    /// One command on the primary; error replies are returned as they are.
    redis::Reply send(const std::vector<std::string>& args)
    {
        return m_route.run([&] {
            ++m_calls;
            return toReply(m_connection.command(args).get());
        });
    }
    /// One command on the primary; error replies become ScriptError.
    redis::Reply call(const std::vector<std::string>& args)
    {
        const redis::Reply reply = send(args);
        if (reply.isError())
            throw refused(args.front(), reply.text);
        return reply;
    }
    redis::Reply call(std::initializer_list<std::string_view> args)
    {
        return call(std::vector<std::string>(args.begin(), args.end()));
    }

    /// Counts the round trip of a pipelined `send` and throws on its error reply.
    template <typename Send>
    void runPipelined(Send&& send, const char* what)
    {
        const redis::Reply reply = m_route.run([&] {
            ++m_calls;
            return send();
        });
        if (reply.isError())
            throw refused(what, reply.text);
    }

    /// "Redis refused COMMAND on project P: ERROR", with the rights a watch needs
    /// when the ACL was the reason.
    ScriptError refused(std::string_view command, const std::string& error) const
    {
        return ScriptError("Redis refused " + std::string(command) + " on project " + m_keys.project() + ": " + error
                           + (error.starts_with("NOPERM") ? " (following a project needs +xread +xrevrange +zscan "
                                                            "+xinfo|stream besides a client's rights: docs/security.md)"
                                                          : ""));
    }

    /// What the list starts from: which server answers, its libraries.
    void noteServer()
    {
        m_identity = serverIdentity();
        m_connects = m_connection.connectCount();
        m_libraries = libraryNames();
        m_librariesChecked = Clock::now();
    }

    /// The server's run_id (INFO server); "" when this user may not run INFO.
    std::string serverIdentity()
    {
        const redis::Reply info = send({"INFO", "server"});
        if (info.isError())
            return {};
        const std::size_t at = info.text.find("run_id:");
        if (at == std::string::npos)
            return {};
        const std::size_t from = at + 7;
        return info.text.substr(from, info.text.find_first_of("\r\n", from) - from);
    }

    /// The names of the server's Treelock libraries; nothing when it may not be asked.
    std::optional<std::set<std::string>> libraryNames()
    {
        const redis::Reply list = send({"FUNCTION", "LIST", "LIBRARYNAME", "tl_*"});
        if (list.isError())
            return std::nullopt;
        std::set<std::string> names;
        for (const redis::Reply& library : list.elements)
            names.insert(fieldOf(library, "library_name"));
        return names;
    }

    static std::string joined(const std::set<std::string>& names)
    {
        std::string text;
        for (const std::string& name : names)
            text += (text.empty() ? "" : ", ") + name;
        return text.empty() ? std::string("none") : text;
    }

    SourceChange otherServer(const std::string& identity)
    {
        const std::string ids = identity.empty() ? std::string(" (this user may not run INFO, so any reconnect counts)")
                                                 : " (run_id " + m_identity.substr(0, 8) + " -> "
                                                       + identity.substr(0, 8) + ")";
        m_identity = identity;
        if (const ClusterMap* cluster = m_route.cluster()) {
            const auto node = cluster->lastPrimaryFor(m_route.slot());
            return {RelistReason::SlotMoved, "another node serves slot " + std::to_string(m_route.slot())
                                                 + (node ? " (" + node->text() + ")" : std::string()) + ids};
        }
        if (const SentinelLocator* locator = m_route.locator()) {
            const auto primary = locator->lastPrimary();
            return {RelistReason::Failover,
                    "the sentinels name another primary" + (primary ? " (" + primary->text() + ")" : std::string())
                        + ids};
        }
        return {RelistReason::ServerRestarted,
                "the server at " + m_address.redacted() + " is another process now" + ids
                    + ": a restart may have lost its last writes"};
    }

    /// The server's clock against the steady clock (TIME, taken mid round trip).
    void syncClock()
    {
        const auto sent = Clock::now();
        const redis::Reply time = call({"TIME"});
        const auto received = Clock::now();
        const auto serverUs = replyInteger(replyElement(time, 0)) * 1000000 + replyInteger(replyElement(time, 1));
        const auto middle = sent + (received - sent) / 2;
        m_offset = milliseconds(serverUs / 1000)
                   - std::chrono::duration_cast<milliseconds>(middle.time_since_epoch());
        m_clockSynced = received;
    }

    RedisAddress m_address;
    redis::KeySchema m_keys;
    RedisConnection m_connection;
    ScriptRegistry m_scripts; ///< the route loads the library on a cluster node's new connection
    PrimaryRoute m_route;     // Uses m_connection and m_scripts: declared after them.
    milliseconds m_libraryCheck;
    milliseconds m_clockCheck;

    StreamMark m_mark;          ///< where the last list found the stream
    std::string m_cursor = "0"; ///< ZSCAN cursor of the list under way
    bool m_scanned = false;      ///< the list's first ZSCAN was sent
    std::vector<std::string> m_members; ///< wire ids the last ZSCAN found, their records not read yet
    bool m_listDone = true;
    std::string m_identity;     ///< run_id of the server the list read
    int m_connects = 0;         ///< the connection's connect count when it was noted
    std::optional<std::set<std::string>> m_libraries;
    Clock::time_point m_librariesChecked{};
    milliseconds m_offset{0};   ///< server time minus steady time
    Clock::time_point m_clockSynced{};
    std::uint64_t m_calls = 0;
};

} // namespace

std::unique_ptr<WatchSource> makeRedisWatchSource(const RedisOptions& options, const std::string& project,
                                                  const LeaseWatchOptions& watchOptions)
{
    validateProject(project);
    return std::make_unique<RedisWatchSource>(options, project, watchOptions);
}

} // namespace treelock::detail
