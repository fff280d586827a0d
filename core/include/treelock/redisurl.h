#pragma once

#include <chrono>
#include <string>

namespace treelock {

/// Where and how to reach Redis.
struct RedisOptions {
    /// "redis://[user:password@]host[:port][/db]" or "unix:///path/to.sock[?db=N]".
    std::string url = "redis://127.0.0.1:6379";
    std::chrono::milliseconds connectTimeout{2000};
    std::chrono::milliseconds commandTimeout{5000};
    /// Credentials that override the URL's (e.g. from TREELOCK_REDIS_USER /
    /// TREELOCK_REDIS_PASSWORD). Never printed or logged.
    std::string user;
    std::string password;
};

/// A parsed Redis URL. Throws InvalidInput naming the URL (password hidden)
/// and the rule it breaks. Understood forms:
///   redis://[[user]:password@]host[:port][/db]   host may be [IPv6]
///   unix:///absolute/path.sock[?db=N]
/// User and password may be %-escaped. rediss:// (TLS) is refused.
struct RedisAddress {
    bool unixSocket = false;
    std::string host;       ///< host name, or socket path when unixSocket
    int port = 6379;
    int db = 0;
    std::string user;
    std::string password;
    static RedisAddress parse(const std::string& url);
    /// options.url parsed, with options.user / options.password (when set)
    /// in place of the URL's.
    static RedisAddress of(const RedisOptions& options);
    /// The URL with the password replaced by "***" (safe to show).
    std::string redacted() const;
};

} // namespace treelock
