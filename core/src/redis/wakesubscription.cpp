#include "redis/wakesubscription.h"

#include "treelock/error.h"

#include <thread>

namespace treelock::detail {

WakeSubscription::WakeSubscription(const RedisAddress& address, std::chrono::milliseconds connectTimeout,
                                   std::chrono::milliseconds commandTimeout, const redis::KeySchema& keys,
                                   SentinelLocator* locator, ClusterMap* cluster)
    : m_connection(address, connectTimeout, commandTimeout),
      m_channel(keys.wake()),
      m_subscribe(keys.subscribeCommand()),
      m_cluster(cluster)
{
    if (locator)
        m_connection.resolveWith([locator] { return locator->locate(); }, false);
    if (cluster)
        m_connection.resolveWith([cluster, slot = hashSlot(keys.prefix())] { return cluster->primaryFor(slot); },
                                 false);
    subscribe();
}

bool WakeSubscription::wait(std::chrono::steady_clock::time_point deadline)
{
    try {
        if (!m_connection.connected())
            subscribe();
        while (const Reply raw = m_connection.readReply(deadline)) {
            const redis::Reply reply = toReply(raw.get());
            if (reply.isArray() && reply.size() >= 3 && (reply[0].text == "message" || reply[0].text == "smessage"))
                return true;
            if (reply.isArray() && reply.size() >= 1 && reply[0].text == "sunsubscribe") {
                // The slot moved to another node: subscribe there on the next wait.
                m_connection.disconnect();
                if (m_cluster)
                    m_cluster->markStale();
                return true;
            }
        }
        return false;
    } catch (const ConnectionError&) {
        m_connection.disconnect();
        return true;
    }
}

void WakeSubscription::subscribe()
{
    // A cluster node that does not serve the channel's slot answers MOVED.
    for (int attempt = 0;; ++attempt) {
        m_connection.send({m_subscribe, m_channel});
        const Reply confirm = m_connection.readReply(std::chrono::steady_clock::now() + std::chrono::seconds(5));
        if (!confirm)
            throw ConnectionError("no answer to " + std::string(m_subscribe) + " " + m_channel);
        const redis::Reply reply = toReply(confirm.get());
        if (!reply.isError())
            return;
        m_connection.disconnect();
        const auto redirect = redirectIn(reply.text);
        if (!m_cluster || attempt >= 3 || !(redirect || isRetryLater(reply.text)))
            throw ConnectionError("Redis refused " + std::string(m_subscribe) + " " + m_channel + ": " + reply.text);
        if (redirect && redirect->kind == Redirect::Kind::Moved)
            m_cluster->moved(redirect->slot, redirect->node);
        else
            m_cluster->markStale();
        std::this_thread::sleep_for(std::chrono::milliseconds(20 << attempt));
    }
}

} // namespace treelock::detail
