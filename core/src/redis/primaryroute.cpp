#include "redis/primaryroute.h"

#include "redis/cluster.h"
#include "redis/scriptregistry.h"
#include "redis/sentinel.h"
#include "treelock/error.h"

#include <algorithm>
#include <thread>

namespace treelock::detail {

namespace {

// Sleeps 25 ms, doubling to 400 ms, within `deadline`; false once it has passed.
bool pauseBeforeRetry(int attempt, std::chrono::steady_clock::time_point deadline)
{
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline)
        return false;
    const auto pause = std::chrono::milliseconds(25 << std::min(attempt, 4));
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(pause, deadline - now));
    return true;
}

// Whether FUNCTION LOAD was refused for a state that passes (a replica, loading,
// a failover), as the calls' own answers are classified: the server's reply
// follows the first ": " of the library's load error.
bool refusedForNow(const std::string& message)
{
    const auto at = message.find(": ");
    if (at == std::string::npos)
        return false;
    const std::string reply = message.substr(at + 2);
    return isNotPrimaryError(reply) || isRetryLater(reply);
}

} // namespace

PrimaryRoute::PrimaryRoute(const RedisAddress& address, const std::string& project, const redis::KeySchema& keys,
                           RedisConnection& connection, ScriptRegistry& scripts,
                           std::chrono::milliseconds connectTimeout, std::chrono::milliseconds commandTimeout,
                           std::chrono::milliseconds failoverTimeout)
    : m_address(address),
      m_project(project),
      m_connection(connection),
      m_scripts(scripts),
      m_failoverTimeout(failoverTimeout)
{
    if (m_address.isSentinel()) {
        m_locator = std::make_unique<SentinelLocator>(m_address, connectTimeout, commandTimeout);
        m_connection.resolveWith([l = m_locator.get()] { return l->locate(); }, true);
        m_locator->watch();
    }
    if (m_address.isCluster()) {
        m_cluster = std::make_unique<ClusterMap>(m_address, connectTimeout, commandTimeout);
        m_slot = hashSlot(keys.prefix());
        m_connection.resolveWith(
            [this] { return m_askTarget ? m_address.at(*m_askTarget) : m_cluster->primaryFor(m_slot); }, false);
    }
}

PrimaryRoute::~PrimaryRoute() = default;

ClusterRedirects PrimaryRoute::redirects() const noexcept
{
    return {m_moved.load(), m_ask.load(), m_tryAgain.load()};
}

redis::Reply PrimaryRoute::runReply(const std::function<redis::Reply()>& send)
{
    m_repeats = 0;
    if (m_cluster)
        return onSlotOwner(send);
    if (m_locator)
        return onSentinelPrimary(send);
    return onServer(send);
}

void PrimaryRoute::answerLost(const ConnectionError& error, int attempt, std::chrono::steady_clock::time_point deadline)
{
    // Refused credentials or certificates do not get better by waiting.
    if (dynamic_cast<const AuthenticationError*>(&error) || dynamic_cast<const TlsError*>(&error))
        throw;
    m_connection.disconnect();
    if (!pauseBeforeRetry(attempt, deadline))
        throw ConnectionError(std::string(error.what()) + "; the call was sent and no answer to it came within "
                              + std::to_string(m_failoverTimeout.count())
                              + " ms of trying again: its outcome is unknown");
    ++m_repeats;
}

// A single server: a call whose answer was lost goes again on a new connection,
// and one answered LOADING (the server is reading its data after a restart)
// again after a pause, until the failover timeout.
redis::Reply PrimaryRoute::onServer(const std::function<redis::Reply()>& send)
{
    const auto deadline = std::chrono::steady_clock::now() + m_failoverTimeout;
    bool sent = false;
    for (int attempt = 0;; ++attempt) {
        try {
            if (!m_connection.connected())
                m_connection.ensureConnected();
            sent = true;
            redis::Reply result = send();
            if (result.isError() && result.text.starts_with("LOADING") && pauseBeforeRetry(attempt, deadline))
                continue;
            return result;
        } catch (const ConnectionError& error) {
            if (!sent)
                throw; // nothing was sent: a server that is not there is said at once
            answerLost(error, attempt, deadline);
        }
    }
}

// Behind Sentinel, a connection that a sentinel announced as demoted is dropped
// first; while no primary can be reached, or the server answers that it is not
// the primary (the call did not run), the sentinels are asked again until the
// failover timeout.
redis::Reply PrimaryRoute::onSentinelPrimary(const std::function<redis::Reply()>& send)
{
    const auto deadline = std::chrono::steady_clock::now() + m_failoverTimeout;
    for (int attempt = 0;; ++attempt) {
        if (m_connection.connected() && m_locator->generation() != m_connectedGeneration)
            m_connection.disconnect();
        try {
            if (!m_connection.connected()) {
                m_connectedGeneration = m_locator->generation();
                m_connection.ensureConnected();
            }
        } catch (const NoSentinelReachable&) {
            throw;
        } catch (const AuthenticationError&) {
            throw; // credentials do not get better by waiting
        } catch (const TlsError&) {
            throw; // nor do certificates
        } catch (const ConnectionError& error) {
            if (!pauseBeforeRetry(attempt, deadline))
                throw ConnectionError(std::string(error.what()) + " (no primary answered within "
                                      + std::to_string(m_failoverTimeout.count())
                                      + " ms of asking the sentinels)");
            continue;
        }
        redis::Reply result;
        try {
            result = send();
        } catch (const ConnectionError& error) {
            answerLost(error, attempt, deadline);
            continue;
        }
        if (result.isError() && isNotPrimaryError(result.text)) {
            m_connection.disconnect();
            if (pauseBeforeRetry(attempt, deadline))
                continue;
        }
        return result;
    }
}

// On a Redis Cluster: a new connection gets the scripts first (nodes do not
// share a script cache). MOVED: the map is read again and the call goes to the
// node named. ASK (the slot is being migrated and the keys are on the importing
// node): the call goes there once, after ASKING. TRYAGAIN, CLUSTERDOWN and a
// node that cannot be reached: a pause, the map read again, and another try,
// until the failover timeout.
redis::Reply PrimaryRoute::onSlotOwner(const std::function<redis::Reply()>& send)
{
    if (m_askTarget) {
        m_askTarget.reset();
        m_connection.disconnect();
    }
    const auto deadline = std::chrono::steady_clock::now() + m_failoverTimeout;
    auto giveUp = [&](const std::string& why) {
        return ConnectionError(why + " (no node served slot " + std::to_string(m_slot) + " of project " + m_project
                               + " within " + std::to_string(m_failoverTimeout.count()) + " ms)");
    };
    // True when the call should be sent again; counts what happened.
    auto handled = [&](const std::string& error, int attempt) {
        if (const auto redirect = redirectIn(error)) {
            m_connection.disconnect();
            if (redirect->kind == Redirect::Kind::Moved) {
                ++m_moved;
                m_askTarget.reset();
                m_cluster->moved(redirect->slot, redirect->node);
            } else {
                ++m_ask;
                m_askTarget = redirect->node;
            }
            return attempt < 2 || pauseBeforeRetry(attempt - 2, deadline);
        }
        if (isRetryLater(error) || isNotPrimaryError(error)) {
            ++m_tryAgain;
            if (m_askTarget) {
                m_askTarget.reset();
                m_connection.disconnect();
            }
            if (!isRetryLater(error))
                m_cluster->markStale();
            return pauseBeforeRetry(attempt, deadline);
        }
        return false;
    };
    // The node the map named cannot take the call now: read the map again after a pause.
    auto leaveNode = [&](const std::string& why, int attempt) {
        m_connection.disconnect();
        m_askTarget.reset();
        m_cluster->markStale();
        if (!pauseBeforeRetry(attempt, deadline))
            throw giveUp(why);
    };
    for (int attempt = 0;; ++attempt) {
        try {
            if (!m_connection.connected()) {
                m_connection.ensureConnected();
                m_scripts.loadAll(m_connection);
            }
            if (m_askTarget)
                m_connection.call({"ASKING"});
        } catch (const NoClusterNodeReachable&) {
            throw;
        } catch (const AuthenticationError&) {
            throw; // credentials do not get better by waiting
        } catch (const TlsError&) {
            throw; // nor do certificates
        } catch (const ConnectionError& error) {
            leaveNode(error.what(), attempt);
            continue;
        } catch (const ScriptError& error) {
            // A node the map still names may have become a replica, or be loading
            // after a restart: it refuses FUNCTION LOAD, and the map is stale.
            if (!refusedForNow(error.what()))
                throw;
            leaveNode(error.what(), attempt);
            continue;
        }
        try {
            redis::Reply result = send();
            if (result.isError() && handled(result.text, attempt))
                continue;
            return result;
        } catch (const ClusterReplyError& error) {
            if (handled(error.text, attempt))
                continue;
            throw ScriptError(error.text);
        } catch (const ConnectionError& error) {
            m_askTarget.reset();
            m_cluster->markStale();
            answerLost(error, attempt, deadline);
        }
    }
}

} // namespace treelock::detail
