#include "treelock/redisprotocol.h"

#include "treelock/engine.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace treelock::redis {

namespace {

constexpr std::size_t kNodeSize = 5 * 4 + 17; // struct ">I4I4I4I4I4c17"
constexpr std::size_t kShortNodeSize = 1 + 4 + 17; // struct ">BI4c17": one mode held
constexpr std::size_t kCountersSize = 6 * 8;         // struct ">dddddd"
constexpr std::size_t kSettingsCountersSize = 4 * 8; // struct ">dddd", before the waiters
constexpr std::size_t kOlderCountersSize = 3 * 8;    // struct ">ddd", before the settings

int hexValue(char c) noexcept
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

std::uint32_t readU32(const char* p) noexcept
{
    const auto* b = reinterpret_cast<const unsigned char*>(p);
    return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) | b[3];
}

void writeU32(std::string& out, std::uint32_t v)
{
    out += static_cast<char>(v >> 24);
    out += static_cast<char>(v >> 16);
    out += static_cast<char>(v >> 8);
    out += static_cast<char>(v);
}

/// A big-endian IEEE double, as Lua's struct ">d" writes it.
double readDouble(const char* p) noexcept
{
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i)
        bits = (bits << 8) | static_cast<unsigned char>(p[i]);
    return std::bit_cast<double>(bits);
}

void writeDouble(std::string& out, double v)
{
    const auto bits = std::bit_cast<std::uint64_t>(v);
    for (int i = 7; i >= 0; --i)
        out += static_cast<char>(bits >> (8 * i));
}

} // namespace

KeySchema::KeySchema(std::string project, WakeDelivery wake)
    : m_project(std::move(project)), m_prefix("tl:{" + m_project + "}:"), m_wake(wake)
{
}

std::string KeySchema::pattern() const { return m_prefix + "*"; }
std::string KeySchema::state() const { return m_prefix + "state"; }
std::string KeySchema::expiry() const { return m_prefix + "expiry"; }
std::string KeySchema::events() const { return m_prefix + "events"; }
std::string KeySchema::wake() const { return m_prefix + "wake"; }
std::string KeySchema::waiters() const { return m_prefix + "waiters"; }
std::string KeySchema::hot() const { return m_prefix + "hot"; }

std::vector<std::string> KeySchema::olderLayoutKeys() const
{
    return {m_prefix + "nodes", m_prefix + "who", m_prefix + "leases"};
}

std::string_view KeySchema::publishCommand() const noexcept
{
    return m_wake == WakeDelivery::Sharded ? "SPUBLISH" : "PUBLISH";
}

std::string_view KeySchema::subscribeCommand() const noexcept
{
    return m_wake == WakeDelivery::Sharded ? "SSUBSCRIBE" : "SUBSCRIBE";
}

std::string KeySchema::nodeField(std::string_view path, LockMode mode)
{
    std::string field(path);
    field += '|';
    field += toString(mode);
    return field;
}

std::pair<std::string, std::optional<LockMode>> KeySchema::splitNodeField(std::string_view field)
{
    const auto bar = field.rfind('|');
    if (bar == std::string_view::npos)
        return {std::string(field), std::nullopt};
    return {std::string(field.substr(0, bar)), parseLockMode(field.substr(bar + 1))};
}

std::string wireLeaseId(const LeaseId& id)
{
    std::string wire(1, '\0');
    wire.reserve(17);
    for (std::size_t i = 0; i + 1 < id.size(); i += 2) {
        const int hi = hexValue(id[i]), lo = hexValue(id[i + 1]);
        wire += static_cast<char>(((hi < 0 ? 0 : hi) << 4) | (lo < 0 ? 0 : lo));
    }
    return wire;
}

LeaseId leaseIdOfWire(std::string_view wire)
{
    if (wire.size() != 17 || wire[0] != '\0')
        return LeaseId(wire);
    return leaseIdOfBytes(wire.substr(1));
}

std::optional<NodeState> decodeNode(std::string_view value)
{
    NodeState node;
    if (value.size() == kShortNodeSize) {
        const auto mode = static_cast<unsigned char>(value[0]);
        if (mode < 1 || mode > 5)
            return std::nullopt;
        node.counts[mode - 1] = readU32(value.data() + 1);
        node.holder = leaseIdOfWire(value.substr(5));
        return node;
    }
    if (value.size() != kNodeSize)
        return std::nullopt;
    for (std::size_t m = 0; m < 5; ++m)
        node.counts[m] = readU32(value.data() + 4 * m);
    node.holder = leaseIdOfWire(value.substr(20));
    return node;
}

std::string encodeNode(const NodeState& node)
{
    std::string holder = wireLeaseId(node.holder);
    holder.resize(17, '\0');
    std::string out;
    const auto held = std::count_if(node.counts.begin(), node.counts.end(), [](auto c) { return c != 0; });
    if (held == 1) {
        const auto mode = std::find_if(node.counts.begin(), node.counts.end(), [](auto c) { return c != 0; });
        out += static_cast<char>(1 + (mode - node.counts.begin()));
        writeU32(out, static_cast<std::uint32_t>(*mode));
    } else {
        for (const auto count : node.counts)
            writeU32(out, static_cast<std::uint32_t>(count));
    }
    out += holder;
    return out;
}

std::optional<Counters> decodeCounters(std::string_view value)
{
    if (value.size() != kCountersSize && value.size() != kSettingsCountersSize && value.size() != kOlderCountersSize)
        return std::nullopt;
    Counters counters;
    counters.fence = readDouble(value.data());
    counters.reapAt = readDouble(value.data() + 8);
    counters.wakeUntil = readDouble(value.data() + 16);
    if (value.size() >= kSettingsCountersSize)
        counters.settings = readDouble(value.data() + 24);
    if (value.size() == kCountersSize) {
        counters.waitersReapAt = readDouble(value.data() + 32);
        counters.holdingBack = readDouble(value.data() + 40);
    }
    return counters;
}

std::string encodeCounters(const Counters& counters)
{
    std::string out;
    out.reserve(kCountersSize);
    writeDouble(out, counters.fence);
    writeDouble(out, counters.reapAt);
    writeDouble(out, counters.wakeUntil);
    writeDouble(out, counters.settings);
    writeDouble(out, counters.waitersReapAt);
    writeDouble(out, counters.holdingBack);
    return out;
}

bool unrecordedGrants(double settings) noexcept
{
    return std::fmod(settings, 2.0) >= kUnrecordedGrants;
}

std::optional<std::chrono::milliseconds> graceOf(double settings) noexcept
{
    const auto code = static_cast<long long>(std::floor(settings / 2));
    if (code <= 0)
        return kDefaultGrace;
    if (code == 1)
        return std::nullopt;
    return std::chrono::milliseconds(code - 2);
}

} // namespace treelock::redis
