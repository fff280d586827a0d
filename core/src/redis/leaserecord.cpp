#include "redis/leaserecord.h"

#include "lockplan.h"
#include "treelock/error.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <variant>

namespace treelock::detail {

namespace {

/// One MessagePack value of the kinds a record holds: a string or a number.
using Value = std::variant<std::string_view, std::int64_t>;

/// Reads MessagePack values from the front of a byte string. Redis's cmsgpack
/// writes strings as str (whatever bytes they hold) and integral numbers in
/// the smallest integer format; a number that is not integral would be a double.
class Reader {
public:
    explicit Reader(std::string_view bytes) : m_bytes(bytes) {}

    bool atEnd() const noexcept { return m_at == m_bytes.size(); }

    /// The next value; nothing when the bytes end early or hold another kind.
    std::optional<Value> next()
    {
        std::uint8_t tag = 0;
        if (!take(1, tag))
            return std::nullopt;
        if (tag <= 0x7f)
            return Value(std::int64_t(tag));
        if (tag >= 0xe0)
            return Value(std::int64_t(std::int8_t(tag)));
        if (tag >= 0xa0 && tag <= 0xbf)
            return text(tag & 0x1f);
        std::uint64_t n = 0;
        switch (tag) {
        case 0xd9: case 0xc4: return take(1, n) ? text(n) : std::nullopt; // str8, bin8
        case 0xda: case 0xc5: return take(2, n) ? text(n) : std::nullopt; // str16, bin16
        case 0xdb: case 0xc6: return take(4, n) ? text(n) : std::nullopt; // str32, bin32
        case 0xcc: return take(1, n) ? unsignedValue(n) : std::nullopt;
        case 0xcd: return take(2, n) ? unsignedValue(n) : std::nullopt;
        case 0xce: return take(4, n) ? unsignedValue(n) : std::nullopt;
        case 0xcf: return take(8, n) ? unsignedValue(n) : std::nullopt;
        case 0xd0: return take(1, n) ? Value(std::int64_t(std::int8_t(n))) : std::optional<Value>();
        case 0xd1: return take(2, n) ? Value(std::int64_t(std::int16_t(n))) : std::optional<Value>();
        case 0xd2: return take(4, n) ? Value(std::int64_t(std::int32_t(n))) : std::optional<Value>();
        case 0xd3: return take(8, n) ? Value(std::int64_t(n)) : std::optional<Value>();
        case 0xca: return take(4, n) ? real(double(std::bit_cast<float>(std::uint32_t(n)))) : std::nullopt;
        case 0xcb: return take(8, n) ? real(std::bit_cast<double>(n)) : std::nullopt;
        default: return std::nullopt;
        }
    }

private:
    /// The next `size` bytes as a big-endian number.
    template <typename T>
    bool take(std::size_t size, T& out)
    {
        if (m_bytes.size() - m_at < size)
            return false;
        std::uint64_t value = 0;
        for (std::size_t i = 0; i < size; ++i)
            value = (value << 8) | std::uint8_t(m_bytes[m_at + i]);
        m_at += size;
        out = static_cast<T>(value);
        return true;
    }
    std::optional<Value> text(std::uint64_t size)
    {
        if (m_bytes.size() - m_at < size)
            return std::nullopt;
        const std::string_view result = m_bytes.substr(m_at, size);
        m_at += size;
        return result;
    }
    static std::optional<Value> unsignedValue(std::uint64_t n)
    {
        if (n > std::uint64_t(INT64_MAX))
            return std::nullopt;
        return Value(std::int64_t(n));
    }
    static std::optional<Value> real(double d)
    {
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9.0e18)
            return std::nullopt;
        return Value(std::int64_t(d));
    }

    std::string_view m_bytes;
    std::size_t m_at = 0;
};

} // namespace

std::optional<LeaseInfo> decodeLeaseRecord(const LeaseId& id, std::string_view value)
{
    Reader reader(value);
    std::string_view texts[3];
    std::int64_t numbers[6] = {};
    for (auto& text : texts) {
        const auto v = reader.next();
        if (!v || !std::holds_alternative<std::string_view>(*v))
            return std::nullopt;
        text = std::get<std::string_view>(*v);
    }
    for (auto& number : numbers) {
        const auto v = reader.next();
        if (!v || !std::holds_alternative<std::int64_t>(*v))
            return std::nullopt;
        number = std::get<std::int64_t>(*v);
    }
    // A tenth value, the id of the call that last changed the holds, is the
    // library's own (a repeat's check); values a later protocol may add are read past.
    while (!reader.atEnd())
        if (!reader.next())
            return std::nullopt;
    LeaseInfo lease;
    lease.id = id;
    lease.owner = std::string(texts[0]);
    lease.operation = std::string(texts[1]);
    try {
        lease.requests = parseRequests(texts[2]);
    } catch (const Error&) {
        return std::nullopt;
    }
    const auto at = [](std::int64_t ms) { return ServerTime(std::chrono::milliseconds(ms)); };
    lease.ttl = std::chrono::milliseconds(numbers[0]);
    lease.expiresAt = at(numbers[1]);
    lease.fence = static_cast<std::uint64_t>(numbers[2]);
    lease.holds = static_cast<int>(numbers[3]);
    lease.createdAt = at(numbers[4]);
    lease.revoked = numbers[5] == 1;
    return lease;
}

} // namespace treelock::detail
