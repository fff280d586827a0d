#include "redis/cluster.h"

#include <algorithm>
#include <charconv>

namespace treelock::detail {

namespace {

/// CRC16-CCITT (XMODEM: polynomial 0x1021, initial 0), as Redis Cluster uses it.
constexpr std::array<std::uint16_t, 256> crcTable()
{
    std::array<std::uint16_t, 256> table{};
    for (int i = 0; i < 256; ++i) {
        std::uint16_t crc = static_cast<std::uint16_t>(i << 8);
        for (int bit = 0; bit < 8; ++bit)
            crc = static_cast<std::uint16_t>((crc & 0x8000) ? (crc << 1) ^ 0x1021 : crc << 1);
        table[static_cast<std::size_t>(i)] = crc;
    }
    return table;
}

constexpr auto kCrcTable = crcTable();

std::uint16_t crc16(std::string_view bytes)
{
    std::uint16_t crc = 0;
    for (const char c : bytes)
        crc = static_cast<std::uint16_t>((crc << 8)
                                         ^ kCrcTable[((crc >> 8) ^ static_cast<unsigned char>(c)) & 0xff]);
    return crc;
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

/// "host:port" (the host may itself hold colons: IPv6).
std::optional<HostPort> hostPortIn(std::string_view text)
{
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos || colon == 0)
        return std::nullopt;
    HostPort node{std::string(text.substr(0, colon)), 0};
    const std::string_view port = text.substr(colon + 1);
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), node.port);
    if (ec != std::errc() || end != port.data() + port.size() || node.port <= 0 || node.port > 65535)
        return std::nullopt;
    if (node.host.size() > 2 && node.host.front() == '[' && node.host.back() == ']')
        node.host = node.host.substr(1, node.host.size() - 2);
    return node;
}

std::optional<HostPort> nodeIn(const redis::Reply& entry, const HostPort& asked)
{
    if (!entry.isArray() || entry.size() < 2 || !entry[1].isInteger())
        return std::nullopt;
    HostPort node{entry[0].text, static_cast<int>(entry[1].integer)};
    if (node.host.empty() || node.host == "?")
        node.host = asked.host;
    if (node.port <= 0)
        return std::nullopt;
    return node;
}

} // namespace

void refuseClusterNode(RedisConnection& connection)
{
    const redis::Reply info = connection.call({"INFO", "cluster"});
    if (info.isString() && info.text.find("cluster_enabled:1") != std::string::npos)
        throw InvalidInput("Redis at " + connection.address().redacted()
                           + " is a Redis Cluster node: connect with a redis+cluster:// URL (naming this node will "
                             "do)");
}

int hashSlot(std::string_view key)
{
    const auto open = key.find('{');
    if (open != std::string_view::npos) {
        const auto close = key.find('}', open + 1);
        if (close != std::string_view::npos && close > open + 1)
            key = key.substr(open + 1, close - open - 1);
    }
    return crc16(key) & (kClusterSlots - 1);
}

std::optional<Redirect> redirectIn(std::string_view errorText)
{
    Redirect r;
    if (startsWith(errorText, "MOVED "))
        r.kind = Redirect::Kind::Moved;
    else if (startsWith(errorText, "ASK "))
        r.kind = Redirect::Kind::Ask;
    else
        return std::nullopt;
    const auto first = errorText.find(' ');
    const auto second = errorText.find(' ', first + 1);
    if (second == std::string_view::npos)
        return std::nullopt;
    const std::string_view slot = errorText.substr(first + 1, second - first - 1);
    const auto [end, ec] = std::from_chars(slot.data(), slot.data() + slot.size(), r.slot);
    if (ec != std::errc() || end != slot.data() + slot.size() || r.slot < 0 || r.slot >= kClusterSlots)
        return std::nullopt;
    const auto node = hostPortIn(errorText.substr(second + 1));
    if (!node)
        return std::nullopt;
    r.node = *node;
    return r;
}

bool isRetryLater(std::string_view errorText)
{
    return startsWith(errorText, "TRYAGAIN") || startsWith(errorText, "CLUSTERDOWN");
}

std::vector<ClusterShard> parseClusterSlots(const redis::Reply& reply, const HostPort& asked)
{
    std::vector<ClusterShard> shards;
    if (!reply.isArray())
        return shards;
    for (const redis::Reply& range : reply.elements) {
        if (!range.isArray() || range.size() < 3 || !range[0].isInteger() || !range[1].isInteger())
            continue;
        const auto primary = nodeIn(range[2], asked);
        if (!primary)
            continue;
        auto it = std::find_if(shards.begin(), shards.end(),
                               [&](const ClusterShard& s) { return s.primary == *primary; });
        if (it == shards.end()) {
            ClusterShard shard;
            shard.primary = *primary;
            shard.id = range[2][2].text;
            for (std::size_t i = 3; i < range.size(); ++i)
                if (const auto replica = nodeIn(range[i], asked))
                    shard.replicas.push_back(*replica);
            shards.push_back(std::move(shard));
            it = shards.end() - 1;
        }
        it->ranges.emplace_back(static_cast<int>(range[0].integer), static_cast<int>(range[1].integer));
    }
    for (auto& shard : shards)
        std::sort(shard.ranges.begin(), shard.ranges.end());
    std::sort(shards.begin(), shards.end(),
              [](const ClusterShard& a, const ClusterShard& b) { return a.ranges.front() < b.ranges.front(); });
    return shards;
}

ClusterMap::ClusterMap(RedisAddress address, std::chrono::milliseconds connectTimeout,
                       std::chrono::milliseconds commandTimeout)
    : m_address(std::move(address)), m_connectTimeout(connectTimeout), m_commandTimeout(commandTimeout),
      m_known(m_address.clusterNodes)
{
    m_owner.fill(-1);
}

RedisAddress ClusterMap::primaryFor(int slot)
{
    std::lock_guard lock(m_mutex);
    refreshIfStaleLocked();
    const int owner = m_owner.at(static_cast<std::size_t>(slot));
    if (owner < 0) {
        m_stale = true;
        throw ConnectionError("Redis Cluster at " + m_address.redacted() + ": no node serves slot "
                              + std::to_string(slot) + " (CLUSTER SLOTS assigns it to nobody)");
    }
    m_lastAsked = m_shards[static_cast<std::size_t>(owner)].primary;
    return m_address.at(*m_lastAsked);
}

std::optional<HostPort> ClusterMap::lastPrimaryFor(int slot) const
{
    std::lock_guard lock(m_mutex);
    const int owner = m_owner.at(static_cast<std::size_t>(slot));
    if (owner < 0)
        return std::nullopt;
    return m_shards[static_cast<std::size_t>(owner)].primary;
}

void ClusterMap::refresh()
{
    std::lock_guard lock(m_mutex);
    refreshLocked();
}

void ClusterMap::markStale()
{
    std::lock_guard lock(m_mutex);
    m_stale = true;
}

void ClusterMap::moved(int slot, const HostPort& node)
{
    std::lock_guard lock(m_mutex);
    auto it = std::find_if(m_shards.begin(), m_shards.end(), [&](const ClusterShard& s) { return s.primary == node; });
    if (it == m_shards.end()) {
        ClusterShard shard;
        shard.primary = node;
        m_shards.push_back(std::move(shard));
        it = m_shards.end() - 1;
    }
    m_owner.at(static_cast<std::size_t>(slot)) = static_cast<std::int16_t>(it - m_shards.begin());
    if (std::find(m_known.begin(), m_known.end(), node) == m_known.end())
        m_known.push_back(node);
    m_stale = true;
}

std::vector<ClusterShard> ClusterMap::shards()
{
    std::lock_guard lock(m_mutex);
    refreshIfStaleLocked();
    return m_shards;
}

void ClusterMap::refreshIfStaleLocked()
{
    if (m_stale)
        refreshLocked();
}

void ClusterMap::refreshLocked()
{
    // The node that answered last first: it is the most likely to be up.
    std::vector<HostPort> order;
    if (m_lastAsked)
        order.push_back(*m_lastAsked);
    for (const auto& node : m_known)
        if (std::find(order.begin(), order.end(), node) == order.end())
            order.push_back(node);
    std::string tried;
    bool anyAnswered = false;
    bool noneIsInACluster = true; // of those that answered
    for (const HostPort& node : order) {
        redis::Reply reply;
        try {
            RedisConnection connection(m_address.at(node), m_connectTimeout, m_commandTimeout);
            reply = connection.call({"CLUSTER", "SLOTS"});
        } catch (const ConnectionError& error) {
            tried += (tried.empty() ? "" : "; ") + node.text() + ": " + error.what();
            continue;
        }
        anyAnswered = true;
        if (reply.isError()) {
            tried += (tried.empty() ? "" : "; ") + node.text() + " answered " + reply.text;
            if (reply.text.find("cluster support disabled") == std::string::npos)
                noneIsInACluster = false;
            continue;
        }
        noneIsInACluster = false;
        std::vector<ClusterShard> shards = parseClusterSlots(reply, node);
        if (shards.empty()) {
            tried += (tried.empty() ? "" : "; ") + node.text() + " serves no slots yet";
            continue;
        }
        m_shards = std::move(shards);
        m_owner.fill(-1);
        for (std::size_t i = 0; i < m_shards.size(); ++i) {
            for (const auto& [first, last] : m_shards[i].ranges)
                for (int slot = std::max(0, first); slot <= std::min(last, kClusterSlots - 1); ++slot)
                    m_owner[static_cast<std::size_t>(slot)] = static_cast<std::int16_t>(i);
            auto learn = [this](const HostPort& n) {
                if (std::find(m_known.begin(), m_known.end(), n) == m_known.end())
                    m_known.push_back(n);
            };
            learn(m_shards[i].primary);
            for (const auto& r : m_shards[i].replicas)
                learn(r);
        }
        m_lastAsked = node;
        m_stale = false;
        return;
    }
    const std::string what = "Redis Cluster at " + m_address.redacted() + ": no node gave the slot map ("
                             + tried + ")";
    if (!anyAnswered)
        throw NoClusterNodeReachable(what);
    // A wrong URL, not an outage to wait out.
    if (noneIsInACluster)
        throw InvalidInput(what + ": no node is in a Redis Cluster (for a single server use redis://, behind "
                                  "Sentinel redis+sentinel://)");
    throw ConnectionError(what);
}

} // namespace treelock::detail
