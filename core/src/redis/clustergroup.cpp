#include "treelock/redisclustergroup.h"

#include "redis/cluster.h"
#include "redis/redisconnection.h"
#include "treelock/error.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace treelock {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kProbeTimeout = std::chrono::milliseconds(1000);

/// One command on `node` that must succeed; throws std::runtime_error naming it.
redis::Reply must(const RedisAddress& node, std::initializer_list<std::string_view> args)
{
    redis::Reply reply;
    try {
        detail::RedisConnection connection(node, kProbeTimeout,
                                           std::chrono::milliseconds(10000));
        reply = connection.call(args);
    } catch (const ConnectionError& error) {
        throw std::runtime_error(error.what());
    }
    if (reply.isError()) {
        std::string command;
        for (const auto a : args)
            command += (command.empty() ? "" : " ") + std::string(a.substr(0, 40));
        throw std::runtime_error(node.redacted() + " refused " + command + ": " + reply.text);
    }
    return reply;
}

/// Runs `argv` with stdout and stderr into `log`; its exit status (-1 if it could not start).
int run(const std::vector<std::string>& argv, const std::string& log)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    std::vector<char*> args;
    for (const auto& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return -1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string tail(const std::string& file, std::size_t max = 600)
{
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    return s.size() > max ? "…" + s.substr(s.size() - max) : s;
}

/// The primary serving each slot in a CLUSTER SLOTS reply ("" for none).
std::vector<std::string> ownersIn(const redis::Reply& slots, const HostPort& asked)
{
    std::vector<std::string> owner(detail::kClusterSlots);
    for (const auto& shard : detail::parseClusterSlots(slots, asked))
        for (const auto& [first, last] : shard.ranges)
            for (int s = first; s <= last && s < detail::kClusterSlots; ++s)
                owner[static_cast<std::size_t>(s)] = shard.primary.text();
    return owner;
}

} // namespace

ClusterGroup::ClusterGroup(ClusterGroupConfig config) : m_config(std::move(config))
{
    if (m_config.primaries < 1 || m_config.replicasPerPrimary < 0)
        throw std::runtime_error("a cluster group needs at least one primary and no negative number of replicas");
    const int total = m_config.primaries * (1 + m_config.replicasPerPrimary);
    for (int i = 0; i < total; ++i) {
        RedisServerConfig c =
            RedisServerConfig::groupMember(m_config.executable, m_config.folderPrefix, m_config.parentDeathSignal);
        if (!m_config.cpus.empty())
            c.cpu = m_config.cpus[static_cast<std::size_t>(i) % m_config.cpus.size()];
        c.extraConfig = {
            "cluster-enabled yes",
            "cluster-config-file nodes.conf",
            "cluster-node-timeout " + std::to_string(m_config.nodeTimeout.count()),
            // The bus port is named: the default (port + 10000) fails above port 55535.
            "cluster-port " + std::to_string(freeLoopbackPort()),
            // A replica may always take over, however long ago it last heard its primary.
            "cluster-replica-validity-factor 0",
            "repl-diskless-sync yes",
            "repl-diskless-sync-delay 0",
        };
        if (m_config.tls.enabled()) {
            c.tls = m_config.tls;
            c.extraConfig.push_back("tls-cluster yes");
        }
        m_nodes.push_back(std::make_unique<RedisServerProcess>(std::move(c)));
    }
    if (m_config.primaries >= 3)
        createWithCli();
    else
        createByHand();
    waitHealthy(m_config.readyTimeout);
}

ClusterGroup::~ClusterGroup() { m_nodes.clear(); }

void ClusterGroup::createWithCli()
{
    std::vector<std::string> argv{m_config.cliExecutable, "--cluster", "create"};
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        argv.push_back(address(i).text());
    argv.insert(argv.end(), {"--cluster-replicas", std::to_string(m_config.replicasPerPrimary), "--cluster-yes"});
    if (m_config.tls.enabled())
        argv.insert(argv.end(), {"--tls", "--cacert", m_config.tls.caFile, "--cert", m_config.tls.certFile, "--key",
                                 m_config.tls.keyFile});
    const std::string log = m_nodes.front()->directory() + "/cluster-create.log";
    const int status = run(argv, log);
    if (status != 0)
        throw std::runtime_error(m_config.cliExecutable + " --cluster create "
                                 + (status < 0 ? std::string("could not be run: is redis-tools installed?")
                                               : "failed (exit " + std::to_string(status) + "): " + tail(log)));
}

void ClusterGroup::createByHand()
{
    const int primaries = m_config.primaries;
    for (int p = 0; p < primaries; ++p) {
        const int first = detail::kClusterSlots * p / primaries;
        const int last = detail::kClusterSlots * (p + 1) / primaries - 1;
        must(reach(address(std::size_t(p))), {"CLUSTER", "ADDSLOTSRANGE", std::to_string(first), std::to_string(last)});
    }
    const HostPort first = address(0);
    for (std::size_t i = 1; i < m_nodes.size(); ++i)
        must(reach(address(i)), {"CLUSTER", "MEET", first.host, std::to_string(first.port)});
    const auto deadline = Clock::now() + m_config.readyTimeout;
    for (std::size_t i = std::size_t(primaries); i < m_nodes.size(); ++i) {
        const std::string primaryId = nodeId((i - std::size_t(primaries)) % std::size_t(primaries));
        // A replica may only follow a primary it has heard of through the gossip.
        for (;;) {
            const redis::Reply reply = detail::probe(reach(address(i)), {"CLUSTER", "REPLICATE", primaryId}, kProbeTimeout);
            if (reply.isString())
                break;
            if (Clock::now() > deadline)
                throw std::runtime_error(address(i).text() + " could not replicate " + primaryId + ": " + reply.text);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
}

std::string ClusterGroup::nodeId(std::size_t i) { return must(reach(address(i)), {"CLUSTER", "MYID"}).text; }

std::string ClusterGroup::url() const
{
    return (m_config.tls.enabled() ? "rediss+cluster://" : "redis+cluster://") + address(0).text();
}

RedisAddress ClusterGroup::reach(const HostPort& node) const
{
    RedisAddress a;
    a.tls = m_config.tls.enabled();
    a.tlsOptions = m_config.tls.clientOptions();
    return a.bare(node);
}

std::string ClusterGroup::urlWithAllPrimaries() const
{
    std::string hosts;
    for (int i = 0; i < m_config.primaries; ++i)
        hosts += (hosts.empty() ? "" : ",") + address(std::size_t(i)).text();
    return (m_config.tls.enabled() ? "rediss+cluster://" : "redis+cluster://") + hosts;
}

HostPort ClusterGroup::address(std::size_t i) const { return {"127.0.0.1", m_nodes.at(i)->port()}; }

std::size_t ClusterGroup::indexOf(const HostPort& node) const
{
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        if (address(i) == node)
            return i;
    throw std::out_of_range("no node of the group at " + node.text());
}

int ClusterGroup::slotOf(const std::string& project) { return detail::hashSlot("tl:{" + project + "}:"); }

HostPort ClusterGroup::primaryFor(int slot)
{
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        if (!m_nodes[i]->running())
            continue;
        const redis::Reply slots = detail::probe(reach(address(i)), {"CLUSTER", "SLOTS"}, kProbeTimeout);
        const std::string owner = ownersIn(slots, address(i)).at(static_cast<std::size_t>(slot));
        for (std::size_t k = 0; k < m_nodes.size(); ++k)
            if (address(k).text() == owner)
                return address(k);
    }
    throw std::runtime_error("no running node names a primary for slot " + std::to_string(slot));
}

std::vector<HostPort> ClusterGroup::primaries()
{
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        if (!m_nodes[i]->running())
            continue;
        const auto shards =
            detail::parseClusterSlots(detail::probe(reach(address(i)), {"CLUSTER", "SLOTS"}, kProbeTimeout), address(i));
        if (shards.empty())
            continue;
        std::vector<HostPort> out;
        for (const auto& s : shards)
            out.push_back(s.primary);
        return out;
    }
    throw std::runtime_error("no running node gives the slot map");
}

SlotMigration ClusterGroup::migrateSlot(int slot, const HostPort& to, int keysPerBatch,
                                        std::chrono::milliseconds pause)
{
    SlotMigration m;
    m.slot = slot;
    m.from = primaryFor(slot);
    m.to = to;
    if (m.from == to)
        throw std::runtime_error("slot " + std::to_string(slot) + " is on " + to.text() + " already");
    const auto started = Clock::now();
    const std::string slotText = std::to_string(slot);
    const std::string fromId = nodeId(indexOf(m.from));
    const std::string toId = nodeId(indexOf(to));
    must(reach(to), {"CLUSTER", "SETSLOT", slotText, "IMPORTING", fromId});
    must(reach(m.from), {"CLUSTER", "SETSLOT", slotText, "MIGRATING", toId});
    const std::string batch = std::to_string(std::max(1, keysPerBatch));
    for (;;) {
        const redis::Reply keys = must(reach(m.from), {"CLUSTER", "GETKEYSINSLOT", slotText, batch});
        if (keys.size() == 0)
            break;
        std::vector<std::string> command{"MIGRATE", to.host, std::to_string(to.port), "", "0", "10000", "KEYS"};
        for (const auto& k : keys.elements)
            command.push_back(k.text);
        detail::RedisConnection connection(reach(m.from), kProbeTimeout,
                                           std::chrono::milliseconds(15000));
        const detail::Reply reply = connection.command(command);
        const redis::Reply answer = detail::toReply(reply.get());
        if (answer.isError())
            throw std::runtime_error("MIGRATE of slot " + slotText + " from " + m.from.text() + " to " + to.text()
                                     + " failed: " + answer.text);
        m.keys += keys.size();
        ++m.batches;
        if (pause.count() > 0)
            std::this_thread::sleep_for(pause);
    }
    // The importing node first, so that the slot is never served by nobody.
    must(reach(to), {"CLUSTER", "SETSLOT", slotText, "NODE", toId});
    must(reach(m.from), {"CLUSTER", "SETSLOT", slotText, "NODE", toId});
    for (const HostPort& p : primaries())
        if (!(p == to) && !(p == m.from))
            detail::probe(reach(p), {"CLUSTER", "SETSLOT", slotText, "NODE", toId}, kProbeTimeout);
    m.took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
    return m;
}

HostPort ClusterGroup::killPrimaryOf(int slot, std::chrono::milliseconds timeout,
                                     std::chrono::milliseconds* promotedAfter)
{
    const HostPort old = primaryFor(slot);
    node(indexOf(old)).stop(/*crash=*/true);
    const auto killed = Clock::now();
    const auto deadline = killed + timeout;
    while (Clock::now() < deadline) {
        try {
            const HostPort now = primaryFor(slot);
            if (!(now == old)) {
                const redis::Reply role = detail::probe(reach(now), {"ROLE"}, kProbeTimeout);
                if (role.isArray() && role.size() > 0 && role[0].text == "master") {
                    if (promotedAfter)
                        *promotedAfter = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - killed);
                    waitHealthy(timeout);
                    return now;
                }
            }
        } catch (const std::runtime_error&) {
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    throw std::runtime_error("no replica took slot " + std::to_string(slot) + " over from " + old.text()
                             + " within " + std::to_string(timeout.count()) + " ms");
}

void ClusterGroup::waitHealthy(std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    std::string last = "no node answered";
    while (Clock::now() < deadline) {
        bool ready = true;
        std::vector<std::string> agreed;
        for (std::size_t i = 0; ready && i < m_nodes.size(); ++i) {
            if (!m_nodes[i]->running())
                continue;
            const redis::Reply info = detail::probe(reach(address(i)), {"CLUSTER", "INFO"}, kProbeTimeout);
            if (info.text.find("cluster_state:ok") == std::string::npos) {
                last = address(i).text() + " does not report cluster_state:ok yet";
                ready = false;
                break;
            }
            const auto owners = ownersIn(detail::probe(reach(address(i)), {"CLUSTER", "SLOTS"}, kProbeTimeout), address(i));
            if (std::find(owners.begin(), owners.end(), std::string()) != owners.end()) {
                last = address(i).text() + " knows no primary for some slots";
                ready = false;
            } else if (agreed.empty()) {
                agreed = owners;
            } else if (owners != agreed) {
                last = address(i).text() + " has another slot map than " + address(0).text();
                ready = false;
            }
        }
        // Every replica must be linked to its primary before failover can be tested.
        for (std::size_t i = 0; ready && i < m_nodes.size(); ++i) {
            if (!m_nodes[i]->running())
                continue;
            const redis::Reply info = detail::probe(reach(address(i)), {"INFO", "replication"}, kProbeTimeout);
            if (info.text.find("role:slave") != std::string::npos
                && info.text.find("master_link_status:up") == std::string::npos) {
                last = "replica " + address(i).text() + " is not linked to its primary yet";
                ready = false;
            }
        }
        if (ready)
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    throw std::runtime_error("the cluster was not healthy within " + std::to_string(timeout.count()) + " ms: " + last);
}

} // namespace treelock
