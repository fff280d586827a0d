#include "redis/sentinel.h"

#include "redis/cluster.h"

#include "treelock/error.h"

#include <algorithm>
#include <charconv>

#include <sys/socket.h>

namespace treelock::detail {

namespace {

constexpr auto kWatchPoll = std::chrono::milliseconds(100);
constexpr auto kWatchRetry = std::chrono::milliseconds(250);

// Once one sentinel named a primary, how long each of the others gets to answer.
constexpr auto kOtherSentinelsAnswer = std::chrono::milliseconds(200);

bool startsWith(const std::string& text, std::string_view prefix)
{
    return text.compare(0, prefix.size(), prefix) == 0;
}

// The config epoch in a SENTINEL MASTER reply (field, value, ...); -1 when the
// sentinel refused the command or the reply has none.
long long configEpochIn(const redis::Reply& reply)
{
    if (!reply.isArray())
        return -1;
    for (std::size_t i = 0; i + 1 < reply.size(); i += 2) {
        if (reply[i].text != "config-epoch")
            continue;
        long long epoch = -1;
        const std::string& text = reply[i + 1].text;
        std::from_chars(text.data(), text.data() + text.size(), epoch);
        return epoch;
    }
    return -1;
}

} // namespace

bool isNotPrimaryError(const std::string& errorText)
{
    return startsWith(errorText, "READONLY") || startsWith(errorText, "LOADING")
           || startsWith(errorText, "MASTERDOWN");
}

std::optional<HostPort> primaryAddressIn(const redis::Reply& reply)
{
    if (!reply.isArray() || reply.size() != 2)
        return std::nullopt;
    HostPort primary{reply[0].text, 0};
    const std::string& port = reply[1].text;
    std::from_chars(port.data(), port.data() + port.size(), primary.port);
    if (primary.host.empty() || primary.port <= 0)
        return std::nullopt;
    return primary;
}

std::string roleOf(RedisConnection& connection)
{
    const redis::Reply reply = connection.call({"ROLE"});
    if (reply.isArray() && reply.size() > 0 && reply[0].isString())
        return reply[0].text;
    throw ScriptError("unexpected reply to ROLE from " + connection.address().redacted() + ": " + reply.text);
}

RedisAddress currentPrimary(const RedisAddress& address, std::chrono::milliseconds connectTimeout,
                            std::chrono::milliseconds commandTimeout, std::string_view routeKey)
{
    if (address.isCluster()) {
        ClusterMap map(address, connectTimeout, commandTimeout);
        if (!routeKey.empty())
            return map.primaryFor(hashSlot(routeKey));
        map.refresh();
        return address.at(map.shards().front().primary);
    }
    if (!address.isSentinel())
        return address;
    return SentinelLocator(address, connectTimeout, commandTimeout).locate();
}

SentinelLocator::SentinelLocator(RedisAddress address, std::chrono::milliseconds connectTimeout,
                                 std::chrono::milliseconds commandTimeout)
    : m_address(std::move(address)), m_connectTimeout(connectTimeout), m_commandTimeout(commandTimeout)
{
}

SentinelLocator::~SentinelLocator()
{
    m_stopping = true;
    {
        // Wakes the watcher from its read at once, so that a short-lived program
        // (a CLI command) does not wait for the next poll to end.
        std::lock_guard lock(m_mutex);
        if (m_watchSocket >= 0)
            ::shutdown(m_watchSocket, SHUT_RDWR);
    }
    if (m_watcher.joinable())
        m_watcher.join();
}

std::optional<HostPort> SentinelLocator::lastPrimary() const
{
    std::lock_guard lock(m_mutex);
    return m_lastPrimary;
}

RedisAddress SentinelLocator::locate()
{
    const std::size_t count = m_address.sentinels.size();
    std::size_t first = 0;
    {
        std::lock_guard lock(m_mutex);
        first = m_preferred;
    }
    std::string answers;
    bool anyReached = false;
    bool noneIsASentinel = true; // every node reached and none speaks SENTINEL
    int answered = 0;             // sentinels that answered
    int unknownName = 0;          // of them, those that monitor no primary of the URL's name
    int refusedCredentials = 0;   // sentinels reached that want other credentials
    int refusedTls = 0;           // sentinels reached whose TLS handshake failed
    // Every sentinel is asked, and the primary named with the highest config
    // epoch wins: in a failover a sentinel may still name the old primary for a
    // moment, and an old primary that restarted answers ROLE "master" until the
    // sentinels turn it into a replica. Writes made there would be lost.
    struct Named {
        HostPort primary;
        long long epoch = -1;
        std::size_t sentinel = 0;
    };
    std::optional<Named> best;
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t i = (first + k) % count;
        const HostPort& node = m_address.sentinels[i];
        std::string answer;
        try {
            const auto timeout = std::min(m_connectTimeout, best ? kOtherSentinelsAnswer : kSentinelAnswer);
            RedisConnection sentinel(m_address.sentinelAt(node), timeout, timeout);
            const redis::Reply reply = sentinel.call({"SENTINEL", "get-master-addr-by-name", m_address.masterName});
            anyReached = true;
            ++answered;
            if (reply.isArray() && reply.size() == 2) {
                if (const auto primary = primaryAddressIn(reply)) {
                    const long long epoch = configEpochIn(sentinel.call({"SENTINEL", "MASTER", m_address.masterName}));
                    if (!best || epoch > best->epoch)
                        best = Named{*primary, epoch, i};
                    continue;
                }
                answer = "gave an unusable address";
            } else if (reply.isError() && reply.text.find("unknown command") != std::string::npos) {
                answer = "is not a sentinel (it answered \"" + reply.text + "\")";
                answers += (answers.empty() ? "" : "; ") + node.text() + ": " + answer;
                continue;
            } else if (reply.isError()) {
                answer = "answered \"" + reply.text + "\"";
            } else {
                answer = "knows no primary named \"" + m_address.masterName + "\"";
                ++unknownName;
            }
        } catch (const AuthenticationError& error) {
            anyReached = true;
            ++refusedCredentials;
            const std::string text = error.what();
            const bool noauth = text.find("NOAUTH") != std::string::npos;
            answer = noauth ? "the sentinel requires a password of its own: give it in the URL (?sentinel_password=) "
                              "or in TREELOCK_SENTINEL_PASSWORD (and --sentinel-user or ?sentinel_user= for a user)"
                            : "the sentinel refused the sentinel credentials (" + text.substr(text.rfind(": ") + 2)
                                  + ")";
        } catch (const ConnectionError& error) {
            // "Redis at redis://host:port: cannot connect: ..." without the address again.
            const std::string text = error.what();
            const std::string prefix = "Redis at " + m_address.sentinelAt(node).redacted() + ": ";
            answer = text.rfind(prefix, 0) == 0 ? text.substr(prefix.size()) : text;
            if (dynamic_cast<const TlsError*>(&error)) {
                anyReached = true;
                ++refusedTls;
            }
        }
        noneIsASentinel = false;
        answers += (answers.empty() ? "" : "; ") + node.text() + ": " + answer;
    }
    if (best) {
        std::lock_guard lock(m_mutex);
        m_preferred = best->sentinel;
        m_lastPrimary = best->primary;
        return m_address.at(best->primary);
    }
    const std::string message = "no sentinel of " + m_address.redacted() + " named a primary: " + answers;
    // A wrong URL, not a failover to wait out.
    if (anyReached && noneIsASentinel)
        throw InvalidInput(message + " (for a single server use redis://, for a Redis Cluster redis+cluster://)");
    // Every sentinel that answered monitors no primary of that name: a wrong
    // name in the URL (in a failover they still name the old primary).
    if (unknownName > 0 && unknownName == answered)
        throw InvalidInput(message + " (check the name after the hosts in the URL: SENTINEL MASTERS on a sentinel "
                                     "lists the names it monitors)");
    if (!anyReached)
        throw NoSentinelReachable(message);
    // Credentials are not an outage to wait out either.
    if (refusedCredentials > 0 && answered == 0)
        throw AuthenticationError(message);
    if (refusedTls > 0 && answered == 0)
        throw TlsError(message);
    throw ConnectionError(message);
}

void SentinelLocator::watch()
{
    std::lock_guard lock(m_mutex);
    if (!m_watcher.joinable())
        m_watcher = std::thread([this] { follow(); });
}

// Subscribes to "+switch-master" on one sentinel after another until stopped.
// Every sentinel publishes the switch, so one subscription is enough; a lost
// one moves on to the next sentinel.
void SentinelLocator::follow()
{
    std::size_t i = 0;
    while (!m_stopping) {
        const HostPort node = m_address.sentinels[i++ % m_address.sentinels.size()];
        try {
            RedisConnection sentinel(m_address.sentinelAt(node), m_connectTimeout, m_commandTimeout);
            sentinel.send({"SUBSCRIBE", "+switch-master"});
            {
                std::lock_guard lock(m_mutex);
                m_watchSocket = sentinel.socket();
            }
            struct Forget {
                SentinelLocator* self;
                ~Forget()
                {
                    std::lock_guard lock(self->m_mutex);
                    self->m_watchSocket = -1;
                }
            } forget{this};
            if (m_stopping)
                return;
            while (!m_stopping) {
                const Reply raw = sentinel.readReply(std::chrono::steady_clock::now() + kWatchPoll);
                if (!raw)
                    continue;
                const redis::Reply message = toReply(raw.get());
                // "message", "+switch-master", "<name> <old-ip> <old-port> <new-ip> <new-port>"
                if (message.isArray() && message.size() == 3 && message[0].text == "message"
                    && startsWith(message[2].text, m_address.masterName + " "))
                    m_generation.fetch_add(1, std::memory_order_acq_rel);
            }
            return;
        } catch (const Error&) {
            const auto until = std::chrono::steady_clock::now() + kWatchRetry;
            while (!m_stopping && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
}

} // namespace treelock::detail
