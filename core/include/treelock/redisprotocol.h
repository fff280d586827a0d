#pragma once

// Treelock's wire format on Redis: the keys of a project, the Lua scripts and
// the KEYS/ARGV layout of every call, and a raw pipelined connection. RedisEngine
// speaks through these; tools that call the scripts directly (the benchmark,
// tests) use the same builders, so a change to the layout is one edit.

#include "treelock/leaseid.h"
#include "treelock/lockmode.h"

#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace treelock {

struct RedisAddress;

namespace redis {

/// How waiters hear of a release: PUBLISH/SUBSCRIBE, or on a Redis Cluster the
/// sharded SPUBLISH/SSUBSCRIBE, which stays on the shard serving the project.
enum class WakeDelivery { Plain, Sharded };

/// Every key of one project: "tl:{<project>}:<name>". The braces make one
/// Redis Cluster hash slot per project, so every script's keys live together.
class KeySchema {
public:
    /// Does not validate `project` (RedisEngine does, validateProject).
    explicit KeySchema(std::string project, WakeDelivery wake = WakeDelivery::Plain);

    const std::string& project() const noexcept { return m_project; }
    /// "tl:{<project>}:"
    const std::string& prefix() const noexcept { return m_prefix; }
    /// SCAN pattern of every key of the project: "tl:{<project>}:*".
    std::string pattern() const;

    std::string nodes() const;   ///< hash "<path>|<mode>" -> count of holds
    std::string who() const;     ///< hash "<path>|<mode>" -> holding leases
    std::string expiry() const;  ///< sorted set lease id -> expiry (ms)
    std::string fence() const;   ///< counter of the fencing token
    std::string events() const;  ///< stream of grants, releases, expiries
    std::string leases() const;  ///< hash lease id -> its record (MessagePack)
    std::string wake() const;    ///< pub/sub channel: something was released
    WakeDelivery wakeDelivery() const noexcept { return m_wake; }
    /// "PUBLISH" or "SPUBLISH", as wakeDelivery() says.
    std::string_view publishCommand() const noexcept;
    /// "SUBSCRIBE" or "SSUBSCRIBE".
    std::string_view subscribeCommand() const noexcept;

    /// Field of nodes() and who(): "<path>|<mode>".
    static std::string nodeField(std::string_view path, LockMode mode);
    /// The path and mode of a field (no mode if it names none).
    static std::pair<std::string, std::optional<LockMode>> splitNodeField(std::string_view field);

private:
    std::string m_project;
    std::string m_prefix;
    WakeDelivery m_wake;
};

/// The Lua scripts, one per verb (lua/<name>.lua, embedded at build time).
enum class Script { Acquire, Release, Renew, ForceRelease, Sweep, Snapshot, Fsck };

/// Every script, in the order above.
std::span<const Script> allScripts();
/// "acquire", "release", "renew", "force_release", "sweep", "snapshot", "fsck".
std::string_view scriptName(Script script);
/// The body Redis runs: lua/common.lua, a newline, then the verb's script.
std::string scriptBody(Script script);
/// The same composition from other sources (another version of lua/).
std::string composeScript(std::string_view common, std::string_view verb);

/// The KEYS and ARGV of one script call, in the layout lua/common.lua
/// documents: KEYS nodes, who, expiry, fence, events, leases; ARGV the
/// wake-up command, the wake channel, then the verb's own arguments.
struct ScriptCall {
    Script script = Script::Acquire;
    std::vector<std::string> keys;
    std::vector<std::string> args;

    /// "EVALSHA <sha> <numkeys> KEYS... ARGV..."
    std::vector<std::string> evalsha(std::string_view sha) const;
    /// "EVAL <body> <numkeys> KEYS... ARGV..."
    std::vector<std::string> eval(std::string_view body) const;
};

/// A call of `script` with the common KEYS and ARGV, followed by `args` as
/// they are: no formatting or checks (the builders below fill `args` for each verb).
ScriptCall scriptCall(Script script, const KeySchema& keys, std::vector<std::string> args);

/// Acquire `requests` (canonical, as normalizeRequests leaves them) as lease `id`.
ScriptCall acquireCall(const KeySchema& keys, const LeaseId& id, std::string_view owner,
                       std::string_view operation, std::chrono::milliseconds ttl, int reapBatch,
                       const std::vector<LockRequest>& requests);
ScriptCall releaseCall(const KeySchema& keys, const LeaseId& id);
/// `ttl` 0: the lease's own.
ScriptCall renewCall(const KeySchema& keys, const LeaseId& id, std::chrono::milliseconds ttl);
ScriptCall forceReleaseCall(const KeySchema& keys, const LeaseId& id, std::string_view operatorName,
                            std::string_view host, std::string_view reason, bool admin,
                            std::chrono::milliseconds lockDelay);
/// `earlier`: leases this sweep reaped in its previous calls.
ScriptCall sweepCall(const KeySchema& keys, std::string_view by, std::string_view host, int batch,
                     std::size_t earlier);
ScriptCall snapshotCall(const KeySchema& keys, long long offset, int page);
ScriptCall fsckCall(const KeySchema& keys, bool repair);

/// One RESP reply. Status replies are String.
struct Reply {
    enum class Type { Nil, String, Integer, Array, Error };
    Type type = Type::Nil;
    std::string text;          ///< String and Error
    long long integer = 0;     ///< Integer
    std::vector<Reply> elements; ///< Array

    bool isNil() const noexcept { return type == Type::Nil; }
    bool isString() const noexcept { return type == Type::String; }
    bool isInteger() const noexcept { return type == Type::Integer; }
    bool isArray() const noexcept { return type == Type::Array; }
    bool isError() const noexcept { return type == Type::Error; }
    /// True for an Integer reply equal to `value`.
    bool is(long long value) const noexcept { return isInteger() && integer == value; }
    /// Element `i` of an Array, or a Nil reply.
    const Reply& operator[](std::size_t i) const noexcept;
    std::size_t size() const noexcept { return elements.size(); }
    /// For messages: the text, the integer, "(nil)" or "[n elements]".
    std::string describe() const;
};

/// A synchronous connection for raw commands and pipelining, on the same
/// transport as RedisEngine (AUTH and SELECT from the URL; a write to a
/// closed socket is an error, never SIGPIPE). Not thread-safe: one per thread.
/// I/O failures throw ConnectionError; error replies are returned as they are.
class RawConnection {
public:
    /// `url` as RedisOptions::url (behind Sentinel: the primary it names now). Connects at once.
    explicit RawConnection(const std::string& url,
                           std::chrono::milliseconds connectTimeout = std::chrono::milliseconds(3000),
                           std::chrono::milliseconds commandTimeout = std::chrono::milliseconds(5000));
    explicit RawConnection(const RedisAddress& address,
                           std::chrono::milliseconds connectTimeout = std::chrono::milliseconds(3000),
                           std::chrono::milliseconds commandTimeout = std::chrono::milliseconds(5000));
    ~RawConnection();
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    /// One command, one round trip.
    Reply command(std::span<const std::string_view> args);
    Reply command(std::initializer_list<std::string_view> args);
    Reply command(const std::vector<std::string>& args);

    /// Pipelining: queue commands, then read their replies in order (the
    /// first read sends what is queued).
    void append(std::span<const std::string_view> args);
    void append(std::initializer_list<std::string_view> args);
    void append(const std::vector<std::string>& args);
    Reply readReply();

    /// The text of a String reply; throws ScriptError naming the command otherwise.
    std::string text(std::initializer_list<std::string_view> args);
    /// The value of an Integer reply; throws ScriptError naming the command otherwise.
    long long integer(std::initializer_list<std::string_view> args);

    /// EVALSHA of `call` with the script's SHA, loading it first and again
    /// after NOSCRIPT.
    Reply run(const ScriptCall& call);
    /// The SHA of `script` on this server (SCRIPT LOAD of scriptBody).
    std::string load(Script script);
    /// SCRIPT LOAD of `body`; throws ScriptError naming `what` on refusal.
    std::string loadBody(std::string_view body, std::string_view what);

    /// The URL with its password hidden.
    std::string describe() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl; // Owned.
};

/// "major.minor.patch" of the C client library the connections use.
std::string clientLibraryVersion();

} // namespace redis
} // namespace treelock
