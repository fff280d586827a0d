#pragma once

#include "redis/redisconnection.h"
#include "treelock/error.h"
#include "treelock/redisurl.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace treelock::detail {

/// A sentinel answers from memory: one that takes longer than this to connect or
/// answer is hung, and the next one is asked instead of holding every call up.
inline constexpr std::chrono::milliseconds kSentinelAnswer{1000};

/// No sentinel of the URL could be reached at all: a set-up or network problem,
/// not a failover in progress, so callers do not wait for it to pass.
class NoSentinelReachable : public ConnectionError {
public:
    using ConnectionError::ConnectionError;
};

/// The primary of a Sentinel-managed Redis, as the sentinels name it.
///
/// locate() asks the sentinels in turn, starting with the one that answered
/// last, for the address of the primary they monitor under the URL's name
/// (SENTINEL get-master-addr-by-name). The connection that uses the answer
/// checks ROLE before trusting it (RedisConnection::Options::requirePrimary).
/// watch() follows the sentinels' "+switch-master" announcements on a thread of
/// its own, so that a client drops its connection to a demoted primary at once.
/// Thread-safe: one locator serves an engine's connections and its wake-ups.
class SentinelLocator {
public:
    SentinelLocator(RedisAddress address, std::chrono::milliseconds connectTimeout,
                    std::chrono::milliseconds commandTimeout);
    /// Stops the watcher thread at once (shuts its subscription's socket down).
    ~SentinelLocator();
    SentinelLocator(const SentinelLocator&) = delete;
    SentinelLocator& operator=(const SentinelLocator&) = delete;

    /// The address of the primary (the URL's credentials and db). Throws
    /// ConnectionError naming every sentinel and what it answered when none
    /// gives an address (NoSentinelReachable when none could be reached). Cost: one short connection per sentinel asked.
    RedisAddress locate();
    /// Starts following "+switch-master" (idempotent).
    void watch();
    /// Rises each time a sentinel announces a new primary for our name.
    std::uint64_t generation() const noexcept { return m_generation.load(std::memory_order_acquire); }
    /// The primary locate() found last, if any.
    std::optional<HostPort> lastPrimary() const;
    const RedisAddress& address() const noexcept { return m_address; }

private:
    void follow();

    const RedisAddress m_address;
    const std::chrono::milliseconds m_connectTimeout;
    const std::chrono::milliseconds m_commandTimeout;
    mutable std::mutex m_mutex;            // Guards the two members below.
    std::size_t m_preferred = 0;           ///< index of the sentinel that answered last
    std::optional<HostPort> m_lastPrimary;
    std::atomic<std::uint64_t> m_generation{0};
    std::atomic<bool> m_stopping{false};
    int m_watchSocket = -1;                ///< the subscription's socket (guarded by m_mutex)
    std::thread m_watcher;                 // Owned; runs follow().
};

/// `address` itself; for a Sentinel address the primary the sentinels name now
/// (SentinelLocator::locate); for a Redis Cluster the primary serving the slot
/// of `routeKey` (a key of the project), or with no key the first node that
/// gives the slot map. For one-shot connections (tools, readers).
RedisAddress currentPrimary(const RedisAddress& address, std::chrono::milliseconds connectTimeout,
                            std::chrono::milliseconds commandTimeout, std::string_view routeKey = {});

/// The primary's address in a reply to SENTINEL get-master-addr-by-name
/// ([host, port]); nothing for any other reply or an unusable address.
std::optional<HostPort> primaryAddressIn(const redis::Reply& reply);

/// What `ROLE` says a server is: "master", "slave" or "sentinel". Throws
/// ConnectionError (I/O) or ScriptError (an unexpected reply).
std::string roleOf(RedisConnection& connection);

/// Whether an error reply means "this server cannot run the call now, another
/// one (the new primary) can": READONLY, LOADING, MASTERDOWN. The call did not
/// run, so it may be sent again.
bool isNotPrimaryError(const std::string& errorText);

} // namespace treelock::detail
