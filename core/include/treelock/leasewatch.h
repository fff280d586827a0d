#pragma once

// Following a project's leases at the cost of what changes (list, then watch):
// one list in small pages, then the events stream, and another list only when
// the stream cannot say what happened.

#include "treelock/engine.h"
#include "treelock/redisurl.h"

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace treelock {

class MemoryEngine;

/// Leases per list call. Each page is one ZSCAN of the expiry index and one
/// HMGET of the records, each well under 0.5 ms of server time at this size
/// with a million leases (docs/benchmarks.md, "Following a project"), so no
/// list call holds up other clients for long.
inline constexpr std::size_t kWatchPageSize = 250;
/// Events per stream read.
inline constexpr std::size_t kWatchEventBatch = 500;

/// Why a LeaseWatch lists the project instead of following its events stream.
enum class RelistReason {
    Start,           ///< the first list
    StreamTrimmed,   ///< the stream no longer holds the last event read: trimmed past it (the
                     ///< watch fell about kEventStreamCap events behind, or XTRIM), or deleted
    AuditEvents,     ///< the project is at events=audit: grants and releases leave no event, so
                     ///< it is listed every LeaseWatchOptions::auditRelist, and once more
                     ///< when it returns to events=all
    Failover,        ///< behind Sentinel, another server is the primary now
    SlotMoved,       ///< on a Redis Cluster, another node serves the project's slot now
    ServerRestarted, ///< the server answers from a new process (its run_id changed): a
                     ///< restart may have lost its last writes
    LibraryChanged,  ///< the server's Treelock function libraries changed (FUNCTION FLUSH or
                     ///< DELETE, or another version loaded): a library this build does not
                     ///< know may record what it cannot read
};
/// How many RelistReason values there are (WatchStats::relists has one count each).
inline constexpr std::size_t kRelistReasons = 7;
/// "start", "stream-trimmed", "audit-events", "failover", "slot-moved",
/// "server-restarted", "library-changed".
std::string_view toString(RelistReason reason) noexcept;

/// One change of a LeaseWatch's view.
struct LeaseDelta {
    enum class Kind { Added, Changed, Removed };
    /// Why a lease left the view.
    enum class Cause {
        None,     ///< not removed
        Released, ///< a release event
        Expired,  ///< its expiry passed (or an expire event reaped it)
        Forced,   ///< force-released
        Vanished, ///< a list or a record read no longer finds it (released unrecorded, or lost)
    };
    Kind kind = Kind::Added;
    Cause cause = Cause::None;
    LeaseInfo lease;          ///< Removed: the lease as the view last had it
};
/// "added", "changed", "removed"; "released", "expired", "forced", "vanished" ("" for None).
std::string_view toString(LeaseDelta::Kind kind) noexcept;
std::string_view toString(LeaseDelta::Cause cause) noexcept;

/// How far a list has come.
struct ListProgress {
    RelistReason reason = RelistReason::Start;
    std::string why;          ///< one sentence, for a log
    std::size_t listed = 0;   ///< leases read so far
    std::size_t total = 0;    ///< about how many the project held when the list began
    bool done = false;        ///< the list ended: the view is whole again
};

/// What one LeaseWatch::poll did.
struct WatchUpdate {
    std::vector<LeaseDelta> deltas;      ///< in the order they happened to the view
    std::optional<ListProgress> listing; ///< while a list runs, and on the poll that ends it
    std::size_t events = 0;              ///< stream entries read by this poll
};

/// What a LeaseWatch has done since it was made (for logs and metrics).
struct WatchStats {
    std::array<std::uint64_t, kRelistReasons> relists{}; ///< lists begun, by RelistReason
    std::uint64_t events = 0;         ///< stream entries read
    /// Of those, how many of each EventType (index: the type's value). A grant
    /// and its release between two polls leave the view as it was, and are
    /// counted here all the same.
    std::array<std::uint64_t, kEventTypes> eventsByType{};
    std::uint64_t listedLeases = 0;   ///< leases read by lists
    std::uint64_t recordReads = 0;    ///< leases read one by one: new grants, forced, due to expire
    std::uint64_t calls = 0;          ///< round trips to the server (0 on a MemoryEngine)
    std::string position;             ///< the last event read ("0-0": none yet)
    std::uint64_t relistsFor(RelistReason reason) const noexcept
    {
        return relists[static_cast<std::size_t>(reason)];
    }
    std::uint64_t eventsOf(EventType type) const noexcept
    {
        return eventsByType[static_cast<std::size_t>(type)];
    }
};

/// Settings of a LeaseWatch; the defaults suit Studio and the CLI.
struct LeaseWatchOptions {
    std::size_t pageSize = kWatchPageSize;     ///< leases per list call, 1 to 5,000
    std::size_t eventBatch = kWatchEventBatch; ///< events per stream read, 1 to 10,000
    /// The shortest time between two reads of the stream while events keep
    /// coming: a poll that may wait (timeout > 0) waits out the rest of it
    /// first, so changes arrive in batches at most this often and the server
    /// answers a few reads a second, not one per event. 0: read at once.
    std::chrono::milliseconds pace{100};
    /// At events=audit, how often the project is listed again.
    std::chrono::milliseconds auditRelist{10000};
    /// How often the server's function libraries are compared with those at the list.
    std::chrono::milliseconds libraryCheck{5000};
    /// How often the server's clock is read again (TIME) to place expiries.
    std::chrono::milliseconds clockCheck{30000};
};

/// Follows the leases of one project. The first poll() starts a list: the
/// position of the events stream is noted, then the leases are read in pages of
/// LeaseWatchOptions::pageSize, one page per poll, so a window shows the first
/// rows at once. After the list the watch reads the stream from the noted
/// position (XREAD BLOCK): grants and forced releases are read back as their
/// records, releases and expire events remove leases, and a lease whose expiry
/// passes is removed by the view itself, without waiting for a reaper.
///
/// Renewals and re-entries leave no event (docs/protocol.md). The view learns of
/// them when an expiry comes: when the one it knows passes, it reads the due
/// leases' records (a batch per call) and keeps those that were renewed; when
/// the server's expiry index says a lease expires sooner than the view thought
/// (a renewal with a shorter TTL), it reads that record then. So `expiresAt`,
/// `ttl` and `holds` are as of the last read of that lease, a renewed lease
/// costs about one record read per TTL, and every other field is exact. A lease
/// leaves the view when its expiry passes, not when a reaper removes it: the
/// view holds the leases `Snapshot` lists as live or revoked.
///
/// The watch lists again, and says why (RelistReason), only when the stream
/// cannot answer: it no longer holds the last event read, the project is at
/// events=audit, another server answers (failover, slot move, restart), or the
/// server's function libraries changed.
///
/// On Redis the watch has a connection of its own (it blocks in XREAD) and
/// needs, besides what snapshot needs, XREAD, XREVRANGE and ZSCAN on the
/// project's keys; INFO (run_id) and FUNCTION LIST when allowed (without INFO a
/// reconnect counts as another server). Its cost is a few calls per poll, and
/// at most pageSize leases per call.
///
/// Not thread-safe: one thread polls and reads the view (Studio's worker, the
/// CLI's main thread); another thread may take over between calls.
class LeaseWatch {
public:
    /// Follows `project` on Redis. Connects at the first poll. Throws
    /// InvalidInput (URL, project, options).
    LeaseWatch(const RedisOptions& options, std::string project, LeaseWatchOptions watchOptions = {});
    /// Follows an in-process engine with the same rules (its own stream and
    /// records). Not owned: `engine` outlives the watch.
    explicit LeaseWatch(MemoryEngine& engine, LeaseWatchOptions watchOptions = {});
    ~LeaseWatch();
    LeaseWatch(const LeaseWatch&) = delete;
    LeaseWatch& operator=(const LeaseWatch&) = delete;

    /// Does the next piece of work and says what changed: while a list runs, one
    /// page; otherwise the events that arrive within `timeout` (blocks up to it,
    /// less when a lease is due to expire; 0 does not wait, not even for
    /// LeaseWatchOptions::pace), the records they call for and the leases that
    /// expired. Throws ConnectionError when the
    /// server cannot be reached (the next poll connects again and goes on, or
    /// lists if another server answers), ScriptError when Redis refuses a
    /// command (NOPERM: the ACL lacks a right named above).
    WatchUpdate poll(std::chrono::milliseconds timeout);

    /// Whether the view is whole: the first list ended and no list runs.
    bool synced() const noexcept;
    /// The leases as the view has them, by id: live or revoked, none expired.
    const std::unordered_map<LeaseId, LeaseInfo>& leases() const noexcept;
    /// The same, ordered by expiry then id, as Snapshot::leases. O(n log n).
    std::vector<LeaseInfo> sortedLeases() const;
    /// The server's time now as the watch reckons it (its clock offset from TIME).
    ServerTime serverTime();
    const WatchStats& stats() const noexcept;
    const std::string& project() const noexcept;
    /// Where it reads: "memory" or the Redis URL without password.
    std::string describe() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl; // Owned.
};

} // namespace treelock
