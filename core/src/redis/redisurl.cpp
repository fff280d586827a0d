#include "treelock/redisurl.h"

#include "treelock/error.h"

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

} // namespace

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
    if (url.rfind("rediss://", 0) == 0)
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": rediss:// (TLS) is not supported; use redis:// or unix://");
    if (url.rfind("redis://", 0) != 0)
        throw InvalidInput("invalid Redis URL \"" + shown
                           + "\": expected redis://[user:password@]host[:port][/db] or unix:///path");
    std::string rest = url.substr(8);
    const auto slash = rest.find('/');
    std::string hostPart = rest.substr(0, slash);
    if (slash != std::string::npos) {
        const std::string db = rest.substr(slash + 1);
        if (!db.empty())
            a.db = parseNumber(db, shown, "db", 0, 1 << 20);
    }
    const auto at = hostPart.rfind('@');
    if (at != std::string::npos) {
        const std::string cred = hostPart.substr(0, at);
        hostPart = hostPart.substr(at + 1);
        const auto colon = cred.find(':');
        if (colon == std::string::npos) {
            a.password = percentDecode(cred, shown);
        } else {
            a.user = percentDecode(cred.substr(0, colon), shown);
            a.password = percentDecode(cred.substr(colon + 1), shown);
        }
    }
    if (!hostPart.empty() && hostPart.front() == '[') {
        const auto close = hostPart.find(']');
        if (close == std::string::npos)
            throw InvalidInput("invalid Redis URL \"" + shown + "\": unclosed [ in host");
        a.host = hostPart.substr(1, close - 1);
        const std::string after = hostPart.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':')
                throw InvalidInput("invalid Redis URL \"" + shown + "\": junk after ]");
            a.port = parseNumber(after.substr(1), shown, "port", 1, 65535);
        }
    } else {
        const auto colon = hostPart.rfind(':');
        a.host = hostPart.substr(0, colon);
        if (colon != std::string::npos)
            a.port = parseNumber(hostPart.substr(colon + 1), shown, "port", 1, 65535);
    }
    if (a.host.empty())
        throw InvalidInput("invalid Redis URL \"" + shown + "\": host is missing");
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
    const bool v6 = host.find(':') != std::string::npos;
    return "redis://" + cred + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port)
           + (db ? "/" + std::to_string(db) : std::string());
}

} // namespace treelock
