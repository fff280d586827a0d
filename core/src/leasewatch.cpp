#include "treelock/leasewatch.h"

#include "treelock/error.h"
#include "treelock/memoryengine.h"
#include "watch/leaseview.h"
#include "watch/watchsource.h"

#include <algorithm>
#include <thread>
#include <unordered_set>

namespace treelock {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

/// Batches of due leases read per poll at most; more wait for the next poll.
constexpr int kDueBatchesPerPoll = 8;

void validate(const LeaseWatchOptions& options)
{
    if (options.pageSize < 1 || options.pageSize > 5000)
        throw InvalidInput("watch page size " + std::to_string(options.pageSize) + " must be from 1 to 5000");
    if (options.eventBatch < 1 || options.eventBatch > 10000)
        throw InvalidInput("watch event batch " + std::to_string(options.eventBatch) + " must be from 1 to 10000");
    if (options.pace < milliseconds(0))
        throw InvalidInput("watch pace must not be negative");
    for (const auto& [what, value] : {std::pair{"audit relist", options.auditRelist},
                                      {"library check", options.libraryCheck},
                                      {"clock check", options.clockCheck}})
        if (value < milliseconds(1))
            throw InvalidInput(std::string("watch ") + what + " interval must be at least 1 ms");
}

} // namespace

std::string_view toString(RelistReason reason) noexcept
{
    switch (reason) {
    case RelistReason::Start: return "start";
    case RelistReason::StreamTrimmed: return "stream-trimmed";
    case RelistReason::AuditEvents: return "audit-events";
    case RelistReason::Failover: return "failover";
    case RelistReason::SlotMoved: return "slot-moved";
    case RelistReason::ServerRestarted: return "server-restarted";
    case RelistReason::LibraryChanged: return "library-changed";
    }
    return "unknown";
}

std::string_view toString(LeaseDelta::Kind kind) noexcept
{
    switch (kind) {
    case LeaseDelta::Kind::Added: return "added";
    case LeaseDelta::Kind::Changed: return "changed";
    case LeaseDelta::Kind::Removed: return "removed";
    }
    return "unknown";
}

std::string_view toString(LeaseDelta::Cause cause) noexcept
{
    switch (cause) {
    case LeaseDelta::Cause::None: return "";
    case LeaseDelta::Cause::Released: return "released";
    case LeaseDelta::Cause::Expired: return "expired";
    case LeaseDelta::Cause::Forced: return "forced";
    case LeaseDelta::Cause::Vanished: return "vanished";
    }
    return "unknown";
}

// ---------------------------------------------------------------- Impl

struct LeaseWatch::Impl {
    Impl(std::unique_ptr<detail::WatchSource> from, std::string name, LeaseWatchOptions settings)
        : source(std::move(from)), project(std::move(name)), options(settings)
    {
        stats.position = "0-0";
    }

    // A list is due at the next poll, for `reason`. The first reason given wins.
    void requestList(RelistReason reason, std::string why)
    {
        if (!pending)
            pending = detail::SourceChange{reason, std::move(why)};
    }

    // Notes where the stream is, then reads the first page.
    void beginList(WatchUpdate& update)
    {
        const detail::SourceChange cause = std::move(*pending);
        pending.reset();
        ++stats.relists[static_cast<std::size_t>(cause.reason)];
        listPosition = source->beginList();
        expiryFrom = source->now();
        audit = source->auditEvents();
        listing = ListProgress{cause.reason, cause.why, 0, source->leaseCount(), false};
        toRead.clear(); // the list reads them all again
        view.reserve(listing->total);
        view.beginList();
        nextPage(update);
    }

    void nextPage(WatchUpdate& update)
    {
        bool last = false;
        std::vector<LeaseInfo> page = source->nextPage(options.pageSize, last);
        const ServerTime now = source->now();
        const std::size_t count = page.size();
        for (LeaseInfo& lease : page)
            view.listed(std::move(lease), now, update.deltas);
        listing->listed += count;
        listing->total = std::max(listing->total, listing->listed);
        stats.listedLeases += count;
        if (last) {
            view.endList(update.deltas);
            listing->done = true;
            stats.position = listPosition;
            synced = true;
            listedAt = Clock::now();
        }
        update.listing = *listing;
        if (last)
            listing.reset();
    }

    // Reads the records that events asked for. Kept when a read fails, for the next poll.
    void readRecords(WatchUpdate& update)
    {
        while (!toRead.empty()) {
            const std::size_t n = std::min(options.pageSize, toRead.size());
            std::vector<LeaseId> ids;
            for (std::size_t i = 0; i < n; ++i)
                ids.push_back(toRead[i].first);
            const auto records = source->records(ids);
            const ServerTime now = source->now();
            for (std::size_t i = 0; i < n; ++i)
                view.update(ids[i], records[i], now, toRead[i].second, update.deltas);
            stats.recordReads += n;
            toRead.erase(toRead.begin(), toRead.begin() + static_cast<std::ptrdiff_t>(n));
        }
    }

    // Leases whose known expiry passed: expired, or renewed without an event.
    // Whether some are still due (more than this poll reads).
    bool expire(WatchUpdate& update)
    {
        for (int batch = 0; batch < kDueBatchesPerPoll; ++batch) {
            const ServerTime now = source->now();
            const std::vector<LeaseId> due = view.takeDue(now, options.pageSize);
            if (due.empty())
                return false;
            std::vector<std::optional<LeaseInfo>> records;
            try {
                records = source->records(due);
            } catch (...) {
                view.requeue(due);
                throw;
            }
            for (std::size_t i = 0; i < due.size(); ++i)
                view.update(due[i], records[i], now, LeaseDelta::Cause::Expired, update.deltas);
            stats.recordReads += due.size();
        }
        return view.anyDue(source->now());
    }

    // A renewal or re-entry with a shorter TTL moves an expiry earlier, without
    // an event: the leases whose expiry in the server's index has come since the
    // last look, and that the view expects later, are read again. Costs what
    // expires, not what is held.
    void catchEarlierExpiries()
    {
        const ServerTime now = source->now();
        if (now < expiryFrom)
            return;
        const auto expiring = source->expiring(expiryFrom, now, options.pageSize);
        for (const auto& [id, at] : expiring)
            if (const auto it = view.leases().find(id); it != view.leases().end() && it->second.expiresAt > at)
                toRead.emplace_back(id, LeaseDelta::Cause::Expired);
        if (expiring.size() < options.pageSize)
            expiryFrom = now + milliseconds(1);
        else // a full page: the rest from its last expiry on (its ties are read twice)
            expiryFrom = std::max(expiring.back().second, expiryFrom + milliseconds(1));
    }

    // How long the stream read may block: up to `timeout`, less when a lease is
    // due to expire or an audit list is due.
    milliseconds blockFor(milliseconds timeout)
    {
        milliseconds block = timeout;
        if (const auto next = view.nextExpiry())
            block = std::min(block, std::max(milliseconds(1), *next - source->now() + milliseconds(1)));
        if (audit) {
            const auto left = std::chrono::duration_cast<milliseconds>(listedAt + options.auditRelist - Clock::now());
            block = std::min(block, std::max(milliseconds(0), left));
        }
        return std::max(block, milliseconds(0));
    }

    void onConfig(const Event& event)
    {
        if (event.setting == "events=audit" && !audit) {
            audit = true;
            listedAt = Clock::now(); // the view is right up to here
        } else if (event.setting == "events=all" && audit) {
            audit = false;
            requestList(RelistReason::AuditEvents,
                        "project " + project + " records grants and releases again (event " + event.id
                            + "): listing once for those made while it did not");
        }
    }

    void follow(WatchUpdate& update, milliseconds timeout)
    {
        if (timeout > milliseconds(0)) {
            // Events that keep coming are read in batches, at most one read a pace.
            const auto rest = std::chrono::duration_cast<milliseconds>(lastRead + options.pace - Clock::now());
            if (rest > milliseconds(0)) {
                const milliseconds wait = std::min(rest, timeout);
                std::this_thread::sleep_for(wait);
                timeout -= wait;
            }
        }
        lastRead = Clock::now();
        readRecords(update);
        const bool moreDue = expire(update);
        const milliseconds block = moreDue ? milliseconds(0) : blockFor(timeout);
        const auto events = source->read(stats.position, options.eventBatch, block);
        if (!events) {
            requestList(RelistReason::StreamTrimmed,
                        "the events stream of project " + project + " no longer holds event " + stats.position
                            + " (trimmed past it, or deleted): what came after it may be lost");
            return;
        }
        for (const Event& event : *events) {
            ++stats.eventsByType[static_cast<std::size_t>(event.type)];
            if (event.type == EventType::Config)
                onConfig(event);
            if (const auto id = view.apply(event, update.deltas))
                toRead.emplace_back(*id, event.type == EventType::Force ? LeaseDelta::Cause::Forced
                                                                         : LeaseDelta::Cause::Vanished);
        }
        if (!events->empty())
            stats.position = events->back().id;
        update.events = events->size();
        stats.events += events->size();
        catchEarlierExpiries();
        readRecords(update);
        expire(update);
    }

    std::unique_ptr<detail::WatchSource> source; // Owned.
    std::string project;
    LeaseWatchOptions options;
    detail::LeaseView view;
    WatchStats stats;
    std::optional<detail::SourceChange> pending = detail::SourceChange{RelistReason::Start, ""};
    std::optional<ListProgress> listing; ///< set while a list runs
    std::string listPosition;            ///< the stream's position when the list began
    bool synced = false;
    bool audit = false;                  ///< the project is at events=audit
    Clock::time_point listedAt{};        ///< when the last list ended
    Clock::time_point lastRead{};        ///< when the stream was last read (LeaseWatchOptions::pace)
    ServerTime expiryFrom{};             ///< catchEarlierExpiries looks at expiries from here on
    /// Leases whose record an event asked to read, with the cause if it is gone.
    std::vector<std::pair<LeaseId, LeaseDelta::Cause>> toRead;
};

// ---------------------------------------------------------------- LeaseWatch

LeaseWatch::LeaseWatch(const RedisOptions& options, std::string project, LeaseWatchOptions watchOptions)
{
    validate(watchOptions);
    auto source = detail::makeRedisWatchSource(options, project, watchOptions);
    m_impl = std::make_unique<Impl>(std::move(source), std::move(project), watchOptions);
    m_impl->pending->why = "the first list of project " + m_impl->project;
}

LeaseWatch::LeaseWatch(MemoryEngine& engine, LeaseWatchOptions watchOptions)
{
    validate(watchOptions);
    m_impl = std::make_unique<Impl>(detail::makeMemoryWatchSource(engine), engine.project(), watchOptions);
    m_impl->pending->why = "the first list of project " + m_impl->project;
}

LeaseWatch::~LeaseWatch() = default;

WatchUpdate LeaseWatch::poll(milliseconds timeout)
{
    Impl& d = *m_impl;
    WatchUpdate update;
    const auto countCalls = [&] { d.stats.calls = d.source->calls(); };
    try {
        if (!d.pending) {
            // Another server, or other libraries, during a list too: it starts over.
            if (auto change = d.source->change())
                d.requestList(change->reason, std::move(change->why));
            else if (!d.listing && d.audit && Clock::now() - d.listedAt >= d.options.auditRelist)
                d.requestList(RelistReason::AuditEvents,
                              "project " + d.project + " is at events=audit (grants and releases leave no event): "
                                  "listed every " + std::to_string(d.options.auditRelist.count()) + " ms");
        }
        if (d.pending)
            d.beginList(update);
        else if (d.listing)
            d.nextPage(update);
        else
            d.follow(update, std::max(timeout, milliseconds(0)));
    } catch (...) {
        countCalls();
        throw;
    }
    countCalls();
    return update;
}

bool LeaseWatch::synced() const noexcept { return m_impl->synced && !m_impl->listing; }

const std::unordered_map<LeaseId, LeaseInfo>& LeaseWatch::leases() const noexcept { return m_impl->view.leases(); }

std::vector<LeaseInfo> LeaseWatch::sortedLeases() const { return m_impl->view.sorted(); }

ServerTime LeaseWatch::serverTime() { return m_impl->source->now(); }

const WatchStats& LeaseWatch::stats() const noexcept { return m_impl->stats; }

const std::string& LeaseWatch::project() const noexcept { return m_impl->project; }

std::string LeaseWatch::describe() const { return m_impl->source->describe(); }

} // namespace treelock
