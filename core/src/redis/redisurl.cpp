#include "treelock/redisurl.h"

#include "treelock/error.h"

#include <algorithm>
#include <charconv>

namespace treelock {

namespace {

std::string percentDecode(const std::string& text, const std::string& url)
{
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%') {
            int value = 0;
            if (i + 2 >= text.size()
                || std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16).ptr
                       != text.data() + i + 3)
                throw InvalidInput("invalid Redis URL \"" + url + "\": bad %-escape");
            out += static_cast<char>(value);
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

int parseNumber(const std::string& text, const std::string& url, const char* what, int lo, int hi)
{
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < lo || value > hi)
        throw InvalidInput("invalid Redis URL \"" + url + "\": " + what + " must be a number from "
                           + std::to_string(lo) + " to " + std::to_string(hi));
    return value;
}

std::string redactUrl(const std::string& url)
{
    const auto scheme = url.find("://");
    if (scheme == std::string::npos)
        return url;
    const auto hostStart = scheme + 3;
    const auto authorityEnd = url.find('/', hostStart);
    const auto at = url.rfind('@', authorityEnd == std::string::npos ? std::string::npos : authorityEnd);
    if (at == std::string::npos || at < hostStart)
        return url;
    // "user:password@" keeps the user; a bare "password@" hides all of it.
    const auto colon = url.find(':', hostStart);
    const auto maskFrom = (colon != std::string::npos && colon < at) ? colon + 1 : hostStart;
    return url.substr(0, maskFrom) + "***" + url.substr(at);
}

/// "host[:port]" or "[v6][:port]" of `url` (shown redacted in messages).
HostPort parseHostPort(const std::string& text, const std::string& shown, int defaultPort)
{
    HostPort node;
    node.port = defaultPort;
    if (!text.empty() && text.front() == '[') {
        const auto close = text.find(']');
        if (close == std::string::npos)
            throw InvalidInput("invalid Redis URL \"" + shown + "\": unclosed [ in host");
        node.host = text.substr(1, close - 1);
        const std::string after = text.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':')
                throw InvalidInput("invalid Redis URL \"" + shown + "\": junk after ]");
            node.port = parseNumber(after.substr(1), shown, "port", 1, 65535);
        }
    } else {
        const auto colon = text.rfind(':');
        node.host = text.substr(0, colon);
        if (colon != std::string::npos)
            node.port = parseNumber(text.substr(colon + 1), shown, "port", 1, 65535);
    }
    if (node.host.empty())
        throw InvalidInput("invalid Redis URL \"" + shown + "\": host is missing");
    return node;
}

/// Splits "[user:]password@" off `authority` into `a`; returns the rest.
std::string takeCredentials(std::string authority, RedisAddress& a, const std::string& shown)
{
    const auto at = authority.rfind('@');
    if (at == std::string::npos)
        return authority;
    const std::string cred = authority.substr(0, at);
    const auto colon = cred.find(':');
    if (colon == std::string::npos) {
        a.password = percentDecode(cred, shown);
    } else {
        a.user = percentDecode(cred.substr(0, colon), shown);
        a.password = percentDecode(cred.substr(colon + 1), shown);
    }
    return authority.substr(at + 1);
}

bool isMasterNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
           || c == '.';
}

constexpr const char* kSentinelScheme = "redis+sentinel://";
constexpr int kSentinelPort = 26379;

RedisAddress parseSentinel(const std::string& url, const std::string& shown)
{
    RedisAddress a;
    a.host.clear();
    a.port = 0;
    const std::string rest = url.substr(std::string(kSentinelScheme).size());
    const auto slash = rest.find('/');
    const std::string hosts = takeCredentials(rest.substr(0, slash), a, shown);
    const std::string path = slash == std::string::npos ? std::string() : rest.substr(slash + 1);
    const auto dbSlash = path.find('/');
    a.masterName = path.substr(0, dbSlash);
    if (a.masterName.empty())
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": the primary's name is missing; expected "
                             "redis+sentinel://host[:port][,host[:port]...]/MASTER[/db]");
    if (!std::all_of(a.masterName.begin(), a.masterName.end(), isMasterNameChar))
        throw InvalidInput("invalid Redis URL \"" + shown + "\": the primary's name \"" + a.masterName
                           + "\" may hold only letters, digits, '_', '-' and '.'");
    if (dbSlash != std::string::npos && dbSlash + 1 < path.size())
        a.db = parseNumber(path.substr(dbSlash + 1), shown, "db", 0, 1 << 20);
    std::size_t from = 0;
    for (;;) {
        const auto comma = hosts.find(',', from);
        const std::string one = hosts.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
        if (one.empty())
            throw InvalidInput("invalid Redis URL \"" + shown + "\": a sentinel's host is missing");
        a.sentinels.push_back(parseHostPort(one, shown, kSentinelPort));
        if (comma == std::string::npos)
            break;
        from = comma + 1;
    }
    return a;
}

constexpr const char* kClusterScheme = "redis+cluster://";

RedisAddress parseCluster(const std::string& url, const std::string& shown)
{
    RedisAddress a;
    a.host.clear();
    a.port = 0;
    const std::string rest = url.substr(std::string(kClusterScheme).size());
    const auto slash = rest.find('/');
    const std::string hosts = takeCredentials(rest.substr(0, slash), a, shown);
    if (slash != std::string::npos) {
        const std::string db = rest.substr(slash + 1);
        if (!db.empty() && db != "0")
            throw InvalidInput("invalid Redis URL \"" + shown
                               + "\": a Redis Cluster URL takes nothing after its nodes (a cluster has only db 0); "
                                 "expected redis+cluster://host[:port][,host[:port]...]");
    }
    std::size_t from = 0;
    for (;;) {
        const auto comma = hosts.find(',', from);
        const std::string one = hosts.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
        if (one.empty())
            throw InvalidInput("invalid Redis URL \"" + shown + "\": a cluster node's host is missing");
        a.clusterNodes.push_back(parseHostPort(one, shown, 6379));
        if (comma == std::string::npos)
            break;
        from = comma + 1;
    }
    return a;
}

} // namespace

std::string HostPort::text() const
{
    const bool v6 = host.find(':') != std::string::npos;
    return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

RedisAddress RedisAddress::at(const HostPort& node) const
{
    RedisAddress a;
    a.host = node.host;
    a.port = node.port;
    a.db = db;
    a.user = user;
    a.password = password;
    return a;
}

RedisAddress RedisAddress::sentinel(const HostPort& node)
{
    RedisAddress a;
    a.host = node.host;
    a.port = node.port;
    return a;
}

RedisAddress RedisAddress::parse(const std::string& url)
{
    RedisAddress a;
    const std::string shown = redactUrl(url);
    if (url.rfind("unix://", 0) == 0) {
        a.unixSocket = true;
        std::string rest = url.substr(7);
        const auto q = rest.find('?');
        if (q != std::string::npos) {
            const std::string query = rest.substr(q + 1);
            rest = rest.substr(0, q);
            if (query.rfind("db=", 0) != 0)
                throw InvalidInput("invalid Redis URL \"" + shown + "\": only ?db=N is understood");
            a.db = parseNumber(query.substr(3), shown, "db", 0, 1 << 20);
        }
        if (rest.empty() || rest.front() != '/')
            throw InvalidInput("invalid Redis URL \"" + shown
                               + "\": unix:// needs an absolute socket path (unix:///path/to.sock)");
        a.host = rest;
        a.port = 0;
        return a;
    }
    if (url.find('?') != std::string::npos)
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": query parameters are understood only by unix:// (?db=N); give the db as a path, "
                             "redis://host:port/N");
    if (url.rfind(kSentinelScheme, 0) == 0)
        return parseSentinel(url, shown);
    if (url.rfind(kClusterScheme, 0) == 0)
        return parseCluster(url, shown);
    if (url.rfind("rediss+cluster://", 0) == 0)
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": rediss+cluster:// (TLS) is not supported; use redis+cluster://");
    if (url.rfind("rediss://", 0) == 0)
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": rediss:// (TLS) is not supported; use redis:// or unix://");
    if (url.rfind("rediss+sentinel://", 0) == 0)
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": rediss+sentinel:// (TLS) is not supported; use redis+sentinel://");
    if (url.rfind("redis://", 0) != 0)
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": expected redis://[user:password@]host[:port][/db], unix:///path, "
                             "redis+sentinel://host[:port][,host[:port]...]/MASTER or "
                             "redis+cluster://host[:port][,host[:port]...]");
    std::string rest = url.substr(8);
    const auto slash = rest.find('/');
    const std::string hostPart = takeCredentials(rest.substr(0, slash), a, shown);
    if (slash != std::string::npos) {
        const std::string db = rest.substr(slash + 1);
        if (!db.empty())
            a.db = parseNumber(db, shown, "db", 0, 1 << 20);
    }
    const HostPort node = parseHostPort(hostPart, shown, 6379);
    a.host = node.host;
    a.port = node.port;
    return a;
}

RedisAddress RedisAddress::of(const RedisOptions& options)
{
    RedisAddress a = parse(options.url);
    if (!options.user.empty())
        a.user = options.user;
    if (!options.password.empty())
        a.password = options.password;
    return a;
}

std::string RedisAddress::redacted() const
{
    if (unixSocket)
        return "unix://" + host + (db ? "?db=" + std::to_string(db) : std::string());
    std::string cred;
    if (!user.empty() || !password.empty())
        cred = user + (password.empty() ? "" : ":***") + "@";
    const std::string dbPart = db ? "/" + std::to_string(db) : std::string();
    if (isSentinel()) {
        std::string hosts;
        for (const auto& s : sentinels)
            hosts += (hosts.empty() ? "" : ",") + s.text();
        return kSentinelScheme + cred + hosts + "/" + masterName + dbPart;
    }
    if (isCluster()) {
        std::string hosts;
        for (const auto& n : clusterNodes)
            hosts += (hosts.empty() ? "" : ",") + n.text();
        return kClusterScheme + cred + hosts;
    }
    return "redis://" + cred + HostPort{host, port}.text() + dbPart;
}

} // namespace treelock
