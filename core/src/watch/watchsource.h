#pragma once

#include "treelock/engine.h"
#include "treelock/leasewatch.h"
#include "treelock/redisurl.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace treelock {
class MemoryEngine;
}

namespace treelock::detail {

/// A reason the state a list started from no longer holds.
struct SourceChange {
    RelistReason reason = RelistReason::Start;
    std::string why;
};

/// Where a list found the events stream, and how a read after it tells that no
/// event after it was trimmed away. When the stream held events, the position is
/// the newest of them, and everything after it is still there while the stream
/// holds it (a trim removes the oldest entries; Treelock never deletes one). When
/// it held none (new, or emptied by a trim), the position is the last id it gave
/// out, which it no longer holds: then nothing after it was trimmed while the
/// entries appended since (entries-added now minus then) are all there (length).
struct StreamMark {
    std::string position = "0-0";
    bool held = false;            ///< the stream held the event `position`
    std::uint64_t addedThen = 0;  ///< entries-added at the mark
    static StreamMark of(const EventStreamInfo& info)
    {
        return {info.lastId.empty() ? std::string("0-0") : info.lastId, info.length > 0, info.entriesAdded};
    }
    /// Whether `now` (the stream at a later read) holds every event after an unheld mark.
    bool intact(const EventStreamInfo& now) const { return now.entriesAdded - now.length <= addedThen; }
};

/// What a LeaseWatch reads: a project on Redis, or a MemoryEngine. The watch's
/// rules (LeaseView, leasewatch.cpp) are the same over both. Not thread-safe.
class WatchSource {
public:
    virtual ~WatchSource() = default;
    /// "memory" or the URL without password.
    virtual std::string describe() const = 0;

    /// A list begins: notes what it starts from (the server, its libraries, the
    /// clock) and returns the stream's position, the id of its last event
    /// ("0-0": none), read before any lease is.
    virtual std::string beginList() = 0;
    /// Whether the project is at events=audit.
    virtual bool auditEvents() = 0;
    /// About how many leases the project holds now.
    virtual std::size_t leaseCount() = 0;
    /// The next page of the list, about `size` leases (expired ones too); empty
    /// and `last` when the list is through. A lease held from beginList to the
    /// last page is on some page (perhaps twice); one granted or released
    /// meanwhile may or may not be.
    virtual std::vector<LeaseInfo> nextPage(std::size_t size, bool& last) = 0;

    /// Up to `max` events after `position`, waiting up to `block` (0: not at
    /// all) while there are none. Nothing when the stream no longer holds
    /// `position` (trimmed past it, deleted): what came after it may be lost.
    virtual std::optional<std::vector<Event>> read(const std::string& position, std::size_t max,
                                                   std::chrono::milliseconds block) = 0;
    /// Up to `max` leases whose expiry in the server's expiry index is from `from`
    /// to `to` (both included), soonest first, with that expiry.
    virtual std::vector<std::pair<LeaseId, ServerTime>> expiring(ServerTime from, ServerTime to,
                                                                 std::size_t max) = 0;
    /// The records of these leases (nothing for an id not held), in order.
    virtual std::vector<std::optional<LeaseInfo>> records(const std::vector<LeaseId>& ids) = 0;
    /// The server's time now (reckoned from the last TIME on Redis).
    virtual ServerTime now() = 0;
    /// Whether the server or its libraries changed since beginList (checked as
    /// the options say; a reconnect is always checked).
    virtual std::optional<SourceChange> change() = 0;
    /// Round trips to the server so far.
    virtual std::uint64_t calls() const noexcept = 0;
};

/// The source on Redis: a connection of its own, on the primary (Sentinel) or
/// the node serving the project's slot (Cluster). Throws InvalidInput.
std::unique_ptr<WatchSource> makeRedisWatchSource(const RedisOptions& options, const std::string& project,
                                                  const LeaseWatchOptions& watchOptions);
/// The source on `engine` (not owned).
std::unique_ptr<WatchSource> makeMemoryWatchSource(MemoryEngine& engine);

} // namespace treelock::detail
