#include "floor.h"

#include "serverinfo.h"

#include "treelock/redisengine.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <stdexcept>

namespace treelock::bench {

namespace {

constexpr std::string_view kMarker = "treelock-bench: end of the floor's recording";

bool sameCommand(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/// `text` as a Lua string literal: printable ASCII as it is, every other byte
/// as a three-digit decimal escape (so a digit after it cannot join it).
std::string luaLiteral(std::string_view text)
{
    std::string out = "'";
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (b == '\\' || b == '\'') {
            out += '\\';
            out += c;
        } else if (b >= 32 && b < 127) {
            out += c;
        } else {
            char escape[5];
            std::snprintf(escape, sizeof escape, "\\%03u", static_cast<unsigned>(b));
            out += escape;
        }
    }
    return out + "'";
}

std::string functionName(const FloorPair& pair, bool acquire)
{
    return "floor_" + pair.name + (acquire ? "_acquire" : "_release");
}

/// The real keys of `project` and the floor's, in the order a call names them.
std::vector<std::pair<std::string, std::string>> keyPairs(const std::string& project)
{
    const redis::KeySchema real(project);
    const redis::KeySchema floor = floorKeys(project);
    return {{real.state(), floor.state()},
            {real.expiry(), floor.expiry()},
            {real.events(), floor.events()},
            {real.waiters(), floor.waiters()},
            {real.hot(), floor.hot()},
            {real.wake(), floor.wake()}};
}

/// The recorded FCALL with the floor's function and keys.
Command floorCall(const Command& real, const std::string& function, const std::string& project)
{
    if (real.size() < 3)
        throw std::runtime_error("the floor's recording: an FCALL without its number of keys");
    Command call = real;
    call[1] = function;
    const auto keys = keyPairs(project);
    const std::size_t numKeys = std::stoul(real[2]);
    for (std::size_t i = 3; i < 3 + numKeys && i < call.size(); ++i)
        for (const auto& [from, to] : keys)
            if (call[i] == from)
                call[i] = to;
    return call;
}

std::string functionBody(const std::vector<Command>& commands, const Command& fcall, const std::string& project,
                         std::string_view reply)
{
    const auto keys = keyPairs(project);
    const std::size_t numKeys = std::stoul(fcall[2]);
    std::string body = "  local call = redis.call\n";
    for (const Command& command : commands) {
        body += "  call(";
        for (std::size_t a = 0; a < command.size(); ++a) {
            if (a > 0)
                body += ", ";
            // A key of the project becomes the floor's; one the call names is read from KEYS.
            std::string value = command[a];
            for (const auto& [from, to] : keys)
                if (value == from)
                    value = to;
            std::string argument = luaLiteral(value);
            for (std::size_t k = 0; k < numKeys; ++k)
                if (value == fcall[3 + k])
                    argument = "KEYS[" + std::to_string(k + 1) + "]";
            body += argument;
        }
        body += ")\n";
    }
    return body + "  return " + std::string(reply) + "\n";
}

} // namespace

bool parseMonitorLine(std::string_view line, std::string& source, Command& command)
{
    // 1795861051.355748 [0 lua] "HSET" "foo" "a\x00b" "x\n"
    const auto open = line.find(" [");
    const auto close = line.find("] ", open == std::string_view::npos ? 0 : open);
    if (open == std::string_view::npos || close == std::string_view::npos)
        return false;
    const std::string_view inside = line.substr(open + 2, close - open - 2);
    const auto space = inside.find(' ');
    source = std::string(space == std::string_view::npos ? inside : inside.substr(space + 1));
    command.clear();
    std::size_t at = close + 2;
    while (at < line.size()) {
        if (line[at] == ' ') {
            ++at;
            continue;
        }
        if (line[at] != '"')
            return false;
        std::string argument;
        ++at;
        while (at < line.size() && line[at] != '"') {
            char c = line[at++];
            if (c == '\\' && at < line.size()) {
                const char e = line[at++];
                switch (e) {
                case 'n': c = '\n'; break;
                case 'r': c = '\r'; break;
                case 't': c = '\t'; break;
                case 'a': c = '\a'; break;
                case 'b': c = '\b'; break;
                case 'x': {
                    if (at + 2 > line.size() || hexDigit(line[at]) < 0 || hexDigit(line[at + 1]) < 0)
                        return false;
                    c = static_cast<char>(hexDigit(line[at]) * 16 + hexDigit(line[at + 1]));
                    at += 2;
                    break;
                }
                default: c = e; break; // \\ and \"
                }
            }
            argument += c;
        }
        if (at >= line.size())
            return false; // an unterminated argument
        ++at;
        command.push_back(std::move(argument));
    }
    return !command.empty();
}

redis::KeySchema floorKeys(const std::string& project)
{
    return redis::KeySchema(project + "-floor");
}

std::vector<FloorPair> recordFloor(const std::string& url, const std::string& project,
                                   const std::vector<std::string>& paths, const std::vector<std::string>& names)
{
    RedisOptions options;
    options.url = url;
    RedisEngine engine(options, project);
    AcquireOptions lock;
    lock.owner = "bench-0"; // as Slot 0 takes its locks: the record and the events are the same size
    lock.operation = "lock";
    auto pair = [&](const std::string& path) {
        const AcquireResult acquired = engine.acquire({{path, LockMode::X}}, lock);
        if (!acquired.granted)
            throw std::runtime_error("the floor's recording: X on " + path + " was refused");
        if (engine.release(acquired.grant.lease).status != LeaseStatus::Ok)
            throw std::runtime_error("the floor's recording: the release of X on " + path + " failed");
    };
    for (const auto& path : paths) // loads the library: nothing but the pairs is recorded
        pair(path);

    redis::RawConnection monitor(url, std::chrono::milliseconds(3000), std::chrono::milliseconds(10000));
    const redis::Reply ok = monitor.command({"MONITOR"});
    if (!ok.isString() || ok.text != "OK")
        throw std::runtime_error("the floor's recording: MONITOR answered \"" + ok.describe() + "\"");
    for (const auto& path : paths)
        pair(path);
    redis::RawConnection(url).command({"ECHO", kMarker});

    const redis::Library& library = redis::embeddedLibrary();
    const std::string acquireFn = library.function(redis::Script::Acquire);
    const std::string releaseFn = library.function(redis::Script::Release);
    std::vector<FloorPair> pairs;
    std::vector<Command>* current = nullptr;
    for (;;) {
        const redis::Reply line = monitor.readReply();
        if (!line.isString())
            throw std::runtime_error("the floor's recording: MONITOR sent \"" + line.describe() + "\"");
        std::string source;
        Command command;
        if (!parseMonitorLine(line.text, source, command))
            continue;
        if (source != "lua") {
            if (sameCommand(command[0], "ECHO") && command.size() == 2 && command[1] == kMarker)
                break;
            current = nullptr;
            if (sameCommand(command[0], "FCALL") && command.size() > 1 && command[1] == acquireFn) {
                if (pairs.size() == paths.size())
                    throw std::runtime_error("the floor's recording: more acquires than pairs");
                pairs.emplace_back();
                pairs.back().name = names.at(pairs.size() - 1);
                pairs.back().acquireCall = command;
                current = &pairs.back().acquireCommands;
            } else if (sameCommand(command[0], "FCALL") && command.size() > 1 && command[1] == releaseFn) {
                if (pairs.empty() || !pairs.back().releaseCall.empty())
                    throw std::runtime_error("the floor's recording: a release without its acquire");
                pairs.back().releaseCall = command;
                current = &pairs.back().releaseCommands;
            }
            continue;
        }
        if (current)
            current->push_back(std::move(command));
    }
    if (pairs.size() != paths.size())
        throw std::runtime_error("the floor's recording: " + std::to_string(pairs.size()) + " pairs of "
                                 + std::to_string(paths.size()) + " were seen");

    // What the pairs read and found in place stays there; the floor's reads should find it too.
    redis::RawConnection client(url);
    const std::string state = redis::KeySchema(project).state();
    for (FloorPair& p : pairs) {
        if (p.releaseCall.empty() || p.acquireCommands.empty() || p.releaseCommands.empty())
            throw std::runtime_error("the floor's recording: pair " + p.name + " ran no commands");
        for (const Command& c : p.acquireCommands) {
            if (!sameCommand(c[0], "HMGET") || c.size() < 3 || c[1] != state)
                continue;
            std::vector<std::string> hmget(c.begin(), c.end());
            const redis::Reply values = client.command(hmget);
            for (std::size_t i = 0; i < values.size(); ++i)
                if (values[i].isString())
                    p.presentFields.emplace_back(c[2 + i], values[i].text);
        }
        p.acquireCall = floorCall(p.acquireCall, functionName(p, true), project);
        p.releaseCall = floorCall(p.releaseCall, functionName(p, false), project);
    }
    return pairs;
}

std::string floorLibrary(const std::vector<FloorPair>& pairs, const std::string& project)
{
    std::string lib = "#!lua name=treelock_floor\n";
    for (const FloorPair& p : pairs) {
        // Replies shaped as the real ones: {1, fence, expires, holds} and {1, remaining}.
        lib += "redis.register_function{function_name = '" + functionName(p, true)
               + "', flags = {}, callback = function(KEYS, ARGV)\n"
               + functionBody(p.acquireCommands, p.acquireCall, project, "{ 1, 1800000000000000, 1800000030000, 1 }")
               + "end}\n";
        lib += "redis.register_function{function_name = '" + functionName(p, false)
               + "', flags = { 'allow-oom' }, callback = function(KEYS, ARGV)\n"
               + functionBody(p.releaseCommands, p.releaseCall, project, "{ 1, 0 }") + "end}\n";
    }
    return lib;
}

void shrinkFloor(redis::RawConnection& client, const std::vector<FloorPair>& pairs, const std::string& project)
{
    const redis::KeySchema keys = floorKeys(project);
    client.command({"DEL", keys.state(), keys.expiry()});
    for (const FloorPair& p : pairs)
        for (const auto& [field, value] : p.presentFields)
            client.command({"HSET", keys.state(), field, value});
}

void loadFloor(redis::RawConnection& client, const std::vector<FloorPair>& pairs, const std::string& project,
               long long stateFields, long long expiryEntries)
{
    const redis::Reply loaded = client.command({"FUNCTION", "LOAD", "REPLACE", floorLibrary(pairs, project)});
    if (loaded.isError())
        throw std::runtime_error("the floor's functions were refused: " + loaded.text);
    shrinkFloor(client, pairs, project);
    // Fillers: names no pair uses (a field of the state hash starts with "/", "#",
    // "!", "~", NUL or \1; an expiry member is a lease id, NUL and 16 bytes).
    const redis::KeySchema keys = floorKeys(project);
    const long long present = client.integer({"HLEN", keys.state()});
    constexpr long long kBatch = 1000;
    auto fill = [&](long long count, const std::function<void(long long)>& append) {
        for (long long first = 0; first < count; first += kBatch) {
            const long long last = std::min(count, first + kBatch);
            for (long long i = first; i < last; ++i)
                append(i);
            for (long long i = first; i < last; ++i)
                if (const redis::Reply r = client.readReply(); r.isError())
                    throw std::runtime_error("filling the floor's keys: " + r.text);
        }
    };
    fill(stateFields - present, [&](long long i) {
        client.append({"HSET", keys.state(), "\2filler" + std::to_string(i), "x"});
    });
    fill(expiryEntries, [&](long long i) {
        client.append({"ZADD", keys.expiry(), "9000000000000", "\2filler" + std::to_string(i)});
    });
}

std::vector<std::pair<std::string, long long>> commandCalls(redis::RawConnection& client,
                                                            const std::function<void()>& run)
{
    client.command({"CONFIG", "RESETSTAT"});
    run();
    std::vector<std::pair<std::string, long long>> calls;
    const auto info = infoSection(client, "commandstats");
    for (const auto& [key, value] : info) {
        if (key.rfind("cmdstat_", 0) != 0)
            continue;
        const std::string name = key.substr(8);
        if (name == "info" || name.rfind("config", 0) == 0)
            continue;
        calls.emplace_back(name, static_cast<long long>(commandStat(info, name).calls));
    }
    std::sort(calls.begin(), calls.end());
    return calls;
}

} // namespace treelock::bench
