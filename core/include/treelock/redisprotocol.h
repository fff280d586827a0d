#pragma once

// Treelock's wire format on Redis: the keys of a project, the Lua scripts and
// the KEYS/ARGV layout of every call, and a raw pipelined connection. RedisEngine
// speaks through these; tools that call the scripts directly (the benchmark,
// tests) use the same builders, so a change to the layout is one edit.

#include "treelock/leaseid.h"
#include "treelock/lockmode.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <limits>
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

    std::string state() const;   ///< hash: node counts, lease records, counters
    std::string expiry() const;  ///< sorted set lease id -> expiry (ms)
    std::string events() const;  ///< stream of grants, releases, expiries
    std::string wake() const;    ///< pub/sub channel: something was released
    std::string waiters() const; ///< sorted set waiter id -> end of its registration (ms)
    std::string hot() const;     ///< sorted set path -> refusals (decayed): the contention table
    /// Keys of the layout before the state hash (nodes, who, leases): a project
    /// that still has one was written by an older version.
    std::vector<std::string> olderLayoutKeys() const;
    WakeDelivery wakeDelivery() const noexcept { return m_wake; }
    /// "PUBLISH" or "SPUBLISH", as wakeDelivery() says.
    std::string_view publishCommand() const noexcept;
    /// "SUBSCRIBE" or "SSUBSCRIBE".
    std::string_view subscribeCommand() const noexcept;

    /// "<path>|<mode>": how fsck names one count.
    static std::string nodeField(std::string_view path, LockMode mode);
    /// The path and mode of such a name (no mode if it names none).
    static std::pair<std::string, std::optional<LockMode>> splitNodeField(std::string_view field);

private:
    std::string m_project;
    std::string m_prefix;
    WakeDelivery m_wake;
};

/// A lease id as the functions take and store it: a NUL, then the 128 bits as
/// 16 bytes (17 bytes; the NUL keeps records apart from paths in the state hash).
std::string wireLeaseId(const LeaseId& id);
/// The hex id of a wire form; a text that is not one is returned as it is.
LeaseId leaseIdOfWire(std::string_view wire);

/// One node of the state hash: the count held per mode (IS, IX, S, SIX, X)
/// and the last lease that raised one. Stored in 22 bytes when one mode is
/// held (its number 1-5, its count, the holder), else in 37 (five counts, the holder).
struct NodeState {
    std::array<std::int64_t, 5> counts{};
    LeaseId holder;
    std::int64_t count(LockMode mode) const noexcept { return counts[static_cast<std::size_t>(mode)]; }
};
/// The value of a node field, or nothing if `value` is not one.
std::optional<NodeState> decodeNode(std::string_view value);
std::string encodeNode(const NodeState& node);

/// The project's counters and settings (state hash field "#m"). Versions before
/// the settings stored the first three alone, versions before waiters the first
/// four; the rest decode as 0, infinity and 0.
struct Counters {
    double fence = 0;        ///< the last fencing token handed out
    double reapAt = 0;       ///< at or before the earliest expiry (ms; infinity: no lease)
    double wakeUntil = 0;    ///< until when a refused caller waits for a wake-up (ms)
    double settings = 0;     ///< kUnrecordedGrants, plus twice the grace code (see graceOf)
    double waitersReapAt = std::numeric_limits<double>::infinity(); ///< at or before the earliest waiter's end (ms)
    double holdingBack = 0;  ///< waiters that hold back
};
/// The settings bit of a project whose grants and releases leave no event.
inline constexpr double kUnrecordedGrants = 1;
inline constexpr std::string_view kCountersField = "#m";
std::optional<Counters> decodeCounters(std::string_view value);
std::string encodeCounters(const Counters& counters);
/// Whether settings say grants and releases are not recorded.
bool unrecordedGrants(double settings) noexcept;
/// The fairness grace settings say (half the settings, rounded down: 0 the
/// default, 1 off, g + 2 a grace of g ms); nothing when off.
std::optional<std::chrono::milliseconds> graceOf(double settings) noexcept;

/// The functions, one per verb (lua/<name>.lua, embedded at build time), in
/// one library with lua/common.lua as its prologue.
enum class Script { Acquire, Release, Renew, ForceRelease, Sweep, Snapshot, Fsck, Configure, CancelWait, Contention };

/// Every script, in the order above.
std::span<const Script> allScripts();
/// "acquire", "release", "renew", "force_release", "sweep", "snapshot", "fsck", "configure",
/// "cancel_wait", "contention".
std::string_view scriptName(Script script);

/// A function library: its name ("tl_" and 16 hex digits of a hash of its
/// sources, so versions never replace each other) and the FUNCTION LOAD body.
struct Library {
    std::string name;
    std::string body;
    /// The name FCALL takes: "<library>_<verb>".
    std::string function(Script script) const;
};
/// The files of the library's prologue, in the order they are joined: "common",
/// "leases", "waiters", "hotpaths" (lua/<name>.lua).
std::span<const std::string_view> prologueFiles();
/// The library of the embedded lua/.
const Library& embeddedLibrary();
/// The embedded prologue's files joined, as embeddedLibrary() composes them.
std::string embeddedPrologue();
/// A library from other sources (another version of lua/): the prologue (its files
/// joined) and the verbs' files by scriptName; verbs missing from `verbs` are left out.
Library composeLibrary(std::string_view prologue,
                       const std::vector<std::pair<Script, std::string>>& verbs);

/// The KEYS and ARGV of one function call, in the layout lua/common.lua
/// documents: KEYS state, expiry, events (and waiters, hot for the verbs that
/// need them); ARGV the wake-up command, then the verb's own arguments.
struct ScriptCall {
    Script script = Script::Acquire;
    std::vector<std::string> keys;
    std::vector<std::string> args;

    /// "FCALL <function> <numkeys> KEYS... ARGV..."
    std::vector<std::string> fcall(std::string_view function) const;
};

/// A call of `script` with the common KEYS and ARGV, followed by `args` as
/// they are: no formatting or checks (the builders below fill `args` for each verb).
ScriptCall scriptCall(Script script, const KeySchema& keys, std::vector<std::string> args);

/// Acquire `requests` (canonical, as normalizeRequests leaves them) as lease `id`.
/// `wait`: how long the caller waits for a wake-up if refused (0: it does not).
/// `waitRefresh` > 0 (with a wait): a refusal registers the waiter for that long.
/// `holding`: leases the caller holds (AcquireOptions::holding); sent only when
/// there are any (or a call id follows), so that a call without them is the same
/// as before them. `callId` (AcquireOptions::callId, at most 64 bytes): the call's
/// id, the same in every repeat of it; empty: none is sent. `renewEvery`
/// (AcquireOptions::renewEvery): 0, not sent.
ScriptCall acquireCall(const KeySchema& keys, const LeaseId& id, std::string_view owner,
                       std::string_view operation, std::chrono::milliseconds ttl, int reapBatch,
                       const std::vector<LockRequest>& requests,
                       std::chrono::milliseconds wait = std::chrono::milliseconds(0),
                       std::chrono::milliseconds waitRefresh = std::chrono::milliseconds(0),
                       const std::vector<LeaseId>& holding = {}, std::string_view callId = {},
                       std::chrono::milliseconds renewEvery = std::chrono::milliseconds(0));
/// `callId`: as acquireCall's; empty: none is sent.
ScriptCall releaseCall(const KeySchema& keys, const LeaseId& id, std::string_view callId = {});
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
/// `setting` "events" ("all" or "audit") or "grace" ("off" or ms); `by` the
/// operator (required). The settings are read with HGET of "#m".
ScriptCall configureCall(const KeySchema& keys, std::string_view setting, std::string_view value,
                         std::string_view by, std::string_view host);
ScriptCall cancelWaitCall(const KeySchema& keys, const LeaseId& id);
ScriptCall contentionCall(const KeySchema& keys, std::size_t top);

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

    /// FCALL of `call` in the embedded library, loading the library when the
    /// server does not have it.
    Reply run(const ScriptCall& call);
    /// FUNCTION LOAD of `library` unless the server has it already.
    void load(const Library& library);
    /// SCRIPT LOAD of `body` (a plain script); throws ScriptError naming `what` on refusal.
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
