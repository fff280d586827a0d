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

std::string redactCredentials(const std::string& url);

/// `url` with its passwords (before @, and a Sentinel's ?sentinel_password=) as "***".
std::string redactUrl(const std::string& url)
{
    std::string out = redactCredentials(url);
    const std::string key = "sentinel_password=";
    for (auto at = out.find(key, out.find('?')); at != std::string::npos && out.find('?') != std::string::npos;
         at = out.find(key, at + 1)) {
        const auto from = at + key.size();
        const auto end = out.find('&', from);
        out.replace(from, (end == std::string::npos ? out.size() : end) - from, "***");
    }
    return out;
}

std::string redactCredentials(const std::string& url)
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

constexpr int kSentinelPort = 26379;

/// "redis" or "rediss", then what follows it.
std::string scheme(bool tls, std::string_view rest) { return (tls ? "rediss" : "redis") + std::string(rest); }

/// The sentinels' credentials from `query` ("sentinel_user=U&sentinel_password=P").
void takeSentinelQuery(const std::string& query, RedisAddress& a, const std::string& shown)
{
    std::size_t from = 0;
    while (from <= query.size()) {
        const auto amp = query.find('&', from);
        const std::string pair = query.substr(from, amp == std::string::npos ? std::string::npos : amp - from);
        const auto eq = pair.find('=');
        const std::string name = pair.substr(0, eq);
        const std::string value = eq == std::string::npos ? std::string() : percentDecode(pair.substr(eq + 1), shown);
        if (name == "sentinel_user")
            a.sentinelUser = value;
        else if (name == "sentinel_password")
            a.sentinelPassword = value;
        else
            throw InvalidInput("invalid Redis URL \"" + shown + "\": unknown parameter \"" + name
                               + "\"; a Sentinel URL understands ?sentinel_user=U&sentinel_password=P");
        if (amp == std::string::npos)
            break;
        from = amp + 1;
    }
}

RedisAddress parseSentinel(const std::string& url, const std::string& shown, bool tls)
{
    RedisAddress a;
    a.host.clear();
    a.port = 0;
    a.tls = tls;
    std::string rest = url.substr(scheme(tls, "+sentinel://").size());
    if (const auto q = rest.find('?'); q != std::string::npos) {
        takeSentinelQuery(rest.substr(q + 1), a, shown);
        rest = rest.substr(0, q);
    }
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

RedisAddress parseCluster(const std::string& url, const std::string& shown, bool tls)
{
    RedisAddress a;
    a.host.clear();
    a.port = 0;
    a.tls = tls;
    const std::string rest = url.substr(scheme(tls, "+cluster://").size());
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

bool TlsOptions::given() const noexcept { return *this != TlsOptions{}; }

RedisAddress RedisAddress::bare(const HostPort& node) const
{
    RedisAddress a;
    a.host = node.host;
    a.port = node.port;
    a.tls = tls;
    a.tlsOptions = tlsOptions;
    return a;
}

RedisAddress RedisAddress::at(const HostPort& node) const
{
    RedisAddress a = bare(node);
    a.db = db;
    a.user = user;
    a.password = password;
    return a;
}

RedisAddress RedisAddress::sentinelAt(const HostPort& node) const
{
    RedisAddress a = bare(node);
    a.user = sentinelUser;
    a.password = sentinelPassword;
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
    for (const bool tls : {false, true}) {
        if (url.rfind(scheme(tls, "+sentinel://"), 0) == 0)
            return parseSentinel(url, shown, tls);
    }
    if (url.find('?') != std::string::npos)
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": query parameters are understood only by unix:// (?db=N) and Sentinel URLs "
                             "(?sentinel_user=U&sentinel_password=P); give the db as a path, redis://host:port/N");
    for (const bool tls : {false, true}) {
        if (url.rfind(scheme(tls, "+cluster://"), 0) == 0)
            return parseCluster(url, shown, tls);
    }
    a.tls = url.rfind("rediss://", 0) == 0;
    if (!a.tls && url.rfind("redis://", 0) != 0)
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": expected redis[s]://[user:password@]host[:port][/db], unix:///path, "
                             "redis[s]+sentinel://host[:port][,host[:port]...]/MASTER or "
                             "redis[s]+cluster://host[:port][,host[:port]...]");
    std::string rest = url.substr(a.tls ? 9 : 8);
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
    if (!options.sentinelUser.empty() || !options.sentinelPassword.empty()) {
        if (!a.isSentinel())
            throw InvalidInput("sentinel credentials were given, but \"" + a.redacted()
                               + "\" is not a Sentinel URL (redis+sentinel:// or rediss+sentinel://)");
        if (!options.sentinelUser.empty())
            a.sentinelUser = options.sentinelUser;
        if (!options.sentinelPassword.empty())
            a.sentinelPassword = options.sentinelPassword;
    }
    if (options.tls.given() && !a.tls)
        throw InvalidInput("TLS options (CA, certificate, key, SNI or insecure) were given, but \"" + a.redacted()
                           + "\" does not use TLS: use a rediss:// URL (rediss+sentinel://, rediss+cluster://)");
    a.tlsOptions = options.tls;
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
        std::string query;
        if (!sentinelUser.empty())
            query = "sentinel_user=" + sentinelUser;
        if (!sentinelPassword.empty())
            query += (query.empty() ? "" : "&") + std::string("sentinel_password=***");
        return scheme(tls, "+sentinel://") + cred + hosts + "/" + masterName + dbPart
               + (query.empty() ? "" : "?" + query);
    }
    if (isCluster()) {
        std::string hosts;
        for (const auto& n : clusterNodes)
            hosts += (hosts.empty() ? "" : ",") + n.text();
        return scheme(tls, "+cluster://") + cred + hosts;
    }
    return scheme(tls, "://") + cred + HostPort{host, port}.text() + dbPart;
}

} // namespace treelock
