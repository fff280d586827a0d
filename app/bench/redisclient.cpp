#include "redisclient.h"

#include "treelock/redisengine.h"

#include <hiredis/hiredis.h>

#include <stdexcept>
#include <sys/time.h>

namespace treelock::bench {

void ReplyDeleter::operator()(redisReply* reply) const noexcept
{
    if (reply)
        freeReplyObject(reply);
}

std::string replyText(const redisReply* reply)
{
    if (!reply)
        return {};
    switch (reply->type) {
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
    case REDIS_REPLY_ERROR:
        return std::string(reply->str, reply->len);
    default:
        return {};
    }
}

bool isError(const redisReply* reply) { return reply && reply->type == REDIS_REPLY_ERROR; }

long long replyInteger(const redisReply* reply, const char* what)
{
    if (reply && reply->type == REDIS_REPLY_INTEGER)
        return reply->integer;
    throw std::runtime_error(std::string(what) + ": expected an integer reply, got \""
                             + replyText(reply) + "\"");
}

namespace {

timeval toTimeval(std::chrono::milliseconds ms)
{
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(ms.count() / 1000);
    tv.tv_usec = static_cast<suseconds_t>((ms.count() % 1000) * 1000);
    return tv;
}

} // namespace

RedisClient::RedisClient(const std::string& url)
{
    const RedisAddress address = RedisAddress::parse(url);
    m_shown = address.redacted();
    const timeval connectTimeout = toTimeval(std::chrono::milliseconds(3000));
    m_context = address.unixSocket ? redisConnectUnixWithTimeout(address.host.c_str(), connectTimeout)
                                   : redisConnectWithTimeout(address.host.c_str(), address.port,
                                                             connectTimeout);
    if (!m_context || m_context->err)
        fail("connect");
    // Generous: the seed's script at 100,000 held locks, queued behind 31
    // others, takes seconds.
    redisSetTimeout(m_context, toTimeval(std::chrono::milliseconds(120000)));
    if (!address.password.empty()) {
        std::vector<std::string_view> auth{"AUTH"};
        if (!address.user.empty())
            auth.push_back(address.user);
        auth.push_back(address.password);
        Reply reply = command(auth);
        if (isError(reply.get()))
            throw std::runtime_error("Redis refused AUTH: " + replyText(reply.get()));
    }
    if (address.db != 0)
        status({"SELECT", std::to_string(address.db)});
}

RedisClient::~RedisClient()
{
    if (m_context)
        redisFree(m_context);
}

void RedisClient::fail(const char* what)
{
    std::string message = std::string("Redis ") + what + " failed (" + m_shown + ")";
    if (m_context && m_context->errstr[0])
        message += ": " + std::string(m_context->errstr);
    throw std::runtime_error(message);
}

Reply RedisClient::commandArgv(int argc, const char** argv, const std::size_t* lengths)
{
    auto* raw = static_cast<redisReply*>(redisCommandArgv(m_context, argc, argv, lengths));
    if (!raw)
        fail("command");
    return Reply(raw);
}

Reply RedisClient::command(const std::vector<std::string_view>& args)
{
    std::vector<const char*> argv;
    std::vector<std::size_t> lengths;
    argv.reserve(args.size());
    lengths.reserve(args.size());
    for (auto a : args) {
        argv.push_back(a.data());
        lengths.push_back(a.size());
    }
    return commandArgv(static_cast<int>(args.size()), argv.data(), lengths.data());
}

void RedisClient::append(const std::vector<std::string_view>& args)
{
    std::vector<const char*> argv;
    std::vector<std::size_t> lengths;
    for (auto a : args) {
        argv.push_back(a.data());
        lengths.push_back(a.size());
    }
    if (redisAppendCommandArgv(m_context, static_cast<int>(args.size()), argv.data(), lengths.data())
        != REDIS_OK)
        fail("append");
}

Reply RedisClient::readReply()
{
    void* raw = nullptr;
    if (redisGetReply(m_context, &raw) != REDIS_OK || !raw)
        fail("read");
    return Reply(static_cast<redisReply*>(raw));
}

std::string RedisClient::status(const std::vector<std::string_view>& args)
{
    Reply reply = command(args);
    if (!reply || isError(reply.get())
        || (reply->type != REDIS_REPLY_STATUS && reply->type != REDIS_REPLY_STRING))
        throw std::runtime_error("Redis " + std::string(args.front()) + " failed: "
                                 + replyText(reply.get()));
    return replyText(reply.get());
}

long long RedisClient::integer(const std::vector<std::string_view>& args)
{
    Reply reply = command(args);
    return replyInteger(reply.get(), std::string(args.front()).c_str());
}

std::vector<std::pair<std::string, std::string>> infoSection(RedisClient& client,
                                                            std::string_view section)
{
    const std::string text = client.status({"INFO", section});
    std::vector<std::pair<std::string, std::string>> out;
    std::size_t from = 0;
    while (from < text.size()) {
        std::size_t nl = text.find('\n', from);
        if (nl == std::string::npos)
            nl = text.size();
        std::string line = text.substr(from, nl - from);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const auto colon = line.find(':');
        if (!line.empty() && line[0] != '#' && colon != std::string::npos)
            out.emplace_back(line.substr(0, colon), line.substr(colon + 1));
        from = nl + 1;
    }
    return out;
}

CommandStat commandStat(const std::vector<std::pair<std::string, std::string>>& info,
                        std::string_view command)
{
    const std::string key = "cmdstat_" + std::string(command);
    CommandStat stat;
    for (const auto& [k, v] : info) {
        if (k != key)
            continue;
        // calls=10,usec=100,usec_per_call=10.00,rejected_calls=0,failed_calls=0
        auto field = [&v](std::string_view name) -> std::uint64_t {
            const std::string tag = std::string(name) + "=";
            std::size_t at = 0;
            while ((at = v.find(tag, at)) != std::string::npos) {
                if (at == 0 || v[at - 1] == ',')
                    return std::stoull(v.substr(at + tag.size()));
                at += tag.size();
            }
            return 0;
        };
        stat.calls = field("calls");
        stat.usec = field("usec");
    }
    return stat;
}

} // namespace treelock::bench
