#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct redisContext;
struct redisReply;

namespace treelock::bench {

/// Owns one hiredis reply.
struct ReplyDeleter {
    void operator()(redisReply* reply) const noexcept;
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

/// A synchronous hiredis connection for the benchmark's own commands (the
/// baselines, populating and checking). Not thread-safe: one per thread.
/// Every I/O failure throws std::runtime_error; error replies are returned
/// as they are, and the checking helpers turn them into exceptions.
class RedisClient {
public:
    /// `url` as RedisOptions::url ("redis://host:port[/db]" or "unix:///path").
    explicit RedisClient(const std::string& url);
    ~RedisClient();
    RedisClient(const RedisClient&) = delete;
    RedisClient& operator=(const RedisClient&) = delete;

    /// One command, one round trip.
    Reply command(const std::vector<std::string_view>& args);
    /// Same, without building a vector: the hot loops keep their argv ready.
    Reply commandArgv(int argc, const char** argv, const std::size_t* lengths);

    /// Pipelining: queue a command, then read the replies in order.
    void append(const std::vector<std::string_view>& args);
    Reply readReply();

    /// Helpers that throw std::runtime_error naming the command unless the reply fits.
    std::string status(const std::vector<std::string_view>& args);   ///< status or bulk text
    long long integer(const std::vector<std::string_view>& args);

private:
    [[noreturn]] void fail(const char* what);

    redisContext* m_context = nullptr; // Owned.
    std::string m_shown; ///< the URL without its password
};

/// Text of a status, string or error reply; "" otherwise.
std::string replyText(const redisReply* reply);
/// True for an error reply.
bool isError(const redisReply* reply);
/// Integer reply value; throws unless it is one.
long long replyInteger(const redisReply* reply, const char* what);

/// `INFO section` parsed into "key" -> "value" lines.
std::vector<std::pair<std::string, std::string>> infoSection(RedisClient& client,
                                                            std::string_view section);
/// One `cmdstat_<name>` line: calls and total microseconds (0 if absent).
struct CommandStat {
    std::uint64_t calls = 0;
    std::uint64_t usec = 0;
};
CommandStat commandStat(const std::vector<std::pair<std::string, std::string>>& info,
                        std::string_view command);

} // namespace treelock::bench
