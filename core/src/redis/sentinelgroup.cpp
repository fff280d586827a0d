#include "treelock/redissentinelgroup.h"

#include "redis/redisconnection.h"
#include "redis/sentinel.h"
#include "treelock/error.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace treelock {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kProbeTimeout = std::chrono::milliseconds(500);

} // namespace

SentinelGroup::SentinelGroup(SentinelGroupConfig config) : m_config(std::move(config))
{
    if (m_config.replicas < 0 || m_config.sentinels < 1 || m_config.quorum < 1
        || m_config.quorum > m_config.sentinels)
        throw std::runtime_error("a Sentinel group needs at least one sentinel, a quorum from 1 to the "
                                 "number of sentinels, and no negative number of replicas");
    auto nodeConfig = [this] {
        RedisServerConfig c =
            RedisServerConfig::groupMember(m_config.executable, m_config.folderPrefix, m_config.parentDeathSignal);
        // Replicas of a primary that restarts empty take its empty data set: the
        // loss an unreplicated grant suffers is the one this set-up shows.
        c.extraConfig.push_back("repl-diskless-sync yes");
        c.extraConfig.push_back("repl-diskless-sync-delay 0");
        c.tls = m_config.tls;
        return c;
    };
    m_nodes.push_back(std::make_unique<RedisServerProcess>(nodeConfig()));
    const HostPort primary = address(0);
    for (int i = 0; i < m_config.replicas; ++i) {
        RedisServerConfig c = nodeConfig();
        c.extraConfig.push_back("replicaof " + primary.host + " " + std::to_string(primary.port));
        m_nodes.push_back(std::make_unique<RedisServerProcess>(std::move(c)));
    }
    for (int i = 0; i < m_config.sentinels; ++i) {
        RedisServerConfig c = RedisServerConfig::groupMember(m_config.executable, m_config.folderPrefix + "-sentinel",
                                                             m_config.parentDeathSignal);
        c.sentinel = true;
        c.tls = m_config.tls;
        const std::string& name = m_config.masterName;
        c.extraConfig = {
            "sentinel monitor " + name + " " + primary.host + " " + std::to_string(primary.port) + " "
                + std::to_string(m_config.quorum),
            "sentinel down-after-milliseconds " + name + " " + std::to_string(m_config.downAfter.count()),
            "sentinel failover-timeout " + name + " " + std::to_string(m_config.failoverTimeout.count()),
            "sentinel parallel-syncs " + name + " 1",
        };
        if (!m_config.sentinelPassword.empty()) {
            c.extraConfig.push_back("requirepass " + m_config.sentinelPassword);
            c.extraConfig.push_back("sentinel sentinel-pass " + m_config.sentinelPassword);
        }
        m_sentinels.push_back(std::make_unique<RedisServerProcess>(std::move(c)));
    }
    waitHealthy(m_config.readyTimeout);
}

SentinelGroup::~SentinelGroup()
{
    // Sentinels first, so that stopping the nodes starts no failover.
    m_sentinels.clear();
    m_nodes.clear();
}

std::string SentinelGroup::url() const
{
    std::string hosts;
    for (const auto& s : m_sentinels)
        hosts += (hosts.empty() ? "" : ",") + std::string("127.0.0.1:") + std::to_string(s->port());
    return (m_config.tls.enabled() ? "rediss+sentinel://" : "redis+sentinel://") + hosts + "/" + m_config.masterName;
}

RedisAddress SentinelGroup::reach(const HostPort& node) const
{
    RedisAddress a;
    a.tls = m_config.tls.enabled();
    a.tlsOptions = m_config.tls.clientOptions();
    return a.bare(node);
}

RedisAddress SentinelGroup::reachSentinel(const HostPort& node) const
{
    RedisAddress a = reach(node);
    a.password = m_config.sentinelPassword;
    return a;
}

HostPort SentinelGroup::address(std::size_t i) const { return {"127.0.0.1", m_nodes.at(i)->port()}; }

int SentinelGroup::primaryIndex()
{
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        if (!m_nodes[i]->running())
            continue;
        const redis::Reply role = detail::probe(reach(address(i)), {"ROLE"}, kProbeTimeout);
        if (role.isArray() && role.size() > 0 && role[0].text == "master")
            return static_cast<int>(i);
    }
    return -1;
}

HostPort SentinelGroup::sentinelsPrimary() const
{
    for (const auto& s : m_sentinels) {
        if (const auto answer = detail::primaryAddressIn(detail::probe(
                reachSentinel({"127.0.0.1", s->port()}), {"SENTINEL", "get-master-addr-by-name", m_config.masterName}, kProbeTimeout)))
            return *answer;
    }
    return {};
}

void SentinelGroup::holdBackReplica(std::size_t i)
{
    node(i).pause(true);
    m_heldBack.push_back(i);
    const int primary = primaryIndex();
    if (primary < 0)
        throw std::runtime_error("no primary to hold replica " + address(i).text() + " back from");
    detail::RedisConnection connection(reach(address(static_cast<std::size_t>(primary))),
                                       std::chrono::milliseconds(2000), std::chrono::milliseconds(10000));
    const redis::Reply reply = connection.call({"SET", "treelock-ha:ballast", std::string(32u << 20, 'b')});
    if (!reply.isString())
        throw std::runtime_error("cannot write the ballast on " + connection.address().redacted() + ": "
                                 + reply.text);
}

void SentinelGroup::resumeReplica(std::size_t i)
{
    node(i).pause(false);
    m_heldBack.erase(std::remove(m_heldBack.begin(), m_heldBack.end(), i), m_heldBack.end());
}

HostPort SentinelGroup::killPrimary(std::chrono::milliseconds timeout, std::chrono::milliseconds* promotedAfter)
{
    const auto quiet = m_lastFailover + 2 * m_config.failoverTimeout + std::chrono::milliseconds(200);
    if (Clock::now() < quiet)
        std::this_thread::sleep_for(quiet - Clock::now());
    const int primary = primaryIndex();
    if (primary < 0)
        throw std::runtime_error("no primary to kill");
    const HostPort old = address(std::size_t(primary));
    node(std::size_t(primary)).stop(/*crash=*/true);
    m_lastFailover = Clock::now();
    for (const std::size_t i : std::vector<std::size_t>(m_heldBack))
        resumeReplica(i);
    const HostPort promoted = waitForNewPrimary(old, timeout);
    if (promotedAfter)
        *promotedAfter = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - m_lastFailover);
    node(std::size_t(primary)).start();
    waitHealthy(timeout);
    return promoted;
}

void SentinelGroup::failover()
{
    std::string answers;
    for (const auto& s : m_sentinels) {
        const redis::Reply reply =
            detail::probe(reachSentinel({"127.0.0.1", s->port()}), {"SENTINEL", "FAILOVER", m_config.masterName}, kProbeTimeout);
        if (reply.isString() && reply.text == "OK") {
            m_lastFailover = Clock::now();
            return;
        }
        answers += " " + std::to_string(s->port()) + ": " + (reply.text.empty() ? "no answer" : reply.text) + ";";
    }
    throw std::runtime_error("no sentinel started a failover:" + answers);
}

HostPort SentinelGroup::waitForNewPrimary(const HostPort& old, std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
        const HostPort now = sentinelsPrimary();
        if (now.port > 0 && !(now == old)) {
            const redis::Reply role = detail::probe(reach(now), {"ROLE"}, kProbeTimeout);
            if (role.isArray() && role.size() > 0 && role[0].text == "master")
                return now;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    throw std::runtime_error("the sentinels named no new primary in place of " + old.text() + " within "
                             + std::to_string(timeout.count()) + " ms");
}

void SentinelGroup::waitHealthy(std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    const std::string others = std::to_string(m_config.sentinels - 1);
    const std::string replicas = std::to_string(m_config.replicas);
    std::string last = "no primary";
    while (Clock::now() < deadline) {
        const int primary = primaryIndex();
        bool ready = primary >= 0;
        for (std::size_t i = 0; ready && i < m_nodes.size(); ++i) {
            if (static_cast<int>(i) == primary || !m_nodes[i]->running())
                continue;
            const redis::Reply info = detail::probe(reach(address(i)), {"INFO", "replication"}, kProbeTimeout);
            if (info.text.find("master_link_status:up") == std::string::npos
                || info.text.find("master_port:" + std::to_string(address(std::size_t(primary)).port))
                       == std::string::npos) {
                last = "replica " + address(i).text() + " does not replicate the primary yet";
                ready = false;
            }
        }
        for (std::size_t k = 0; ready && k < m_sentinels.size(); ++k) {
            const HostPort node{"127.0.0.1", m_sentinels[k]->port()};
            const redis::Reply master = detail::probe(reachSentinel(node), {"SENTINEL", "MASTER", m_config.masterName}, kProbeTimeout);
            const std::string seen = detail::fieldOf(master, "num-other-sentinels");
            const std::string slaves = detail::fieldOf(master, "num-slaves");
            const std::string port = detail::fieldOf(master, "port");
            if (seen != others || slaves != replicas
                || port != std::to_string(address(std::size_t(primary)).port)) {
                last = "sentinel " + node.text() + " names port " + (port.empty() ? "?" : port) + " and sees "
                       + (slaves.empty() ? "?" : slaves) + " replicas and " + (seen.empty() ? "?" : seen)
                       + " other sentinels";
                ready = false;
            }
        }
        if (ready)
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    throw std::runtime_error("the Sentinel group was not healthy within " + std::to_string(timeout.count())
                             + " ms: " + last);
}

} // namespace treelock
